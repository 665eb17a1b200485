package locale

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// PseudoCode is the pseudo-language's code: English, accented and
// bracketed ("⟦Ťĥé ĝáɱé íš óṽéŕ.⟧"), the code browsers and phones use
// for it. Its plural rules are English's, which its forms are.
const PseudoCode = "en-XA"

// placeholder is the one form a sentence's placeholder takes, so that
// the browser renders it as Go's template does; the pseudo-language keeps
// it as it is.
var placeholder = regexp.MustCompile(`\{\{\.[A-Z][A-Za-z]*\}\}`)

// accented writes each ASCII letter as an accented one that still reads
// as the letter.
var accented = strings.NewReplacer(
	"a", "á", "b", "ƀ", "c", "ç", "d", "ð", "e", "é", "f", "ƒ", "g", "ĝ", "h", "ĥ", "i", "í", "j", "ĵ", "k", "ķ",
	"l", "ļ", "m", "ɱ", "n", "ñ", "o", "ó", "p", "þ", "q", "ǫ", "r", "ŕ", "s", "š", "t", "ţ", "u", "ú", "v", "ṽ",
	"w", "ŵ", "x", "ẋ", "y", "ý", "z", "ž",
	"A", "Á", "B", "Ɓ", "C", "Ç", "D", "Ð", "E", "É", "F", "Ƒ", "G", "Ĝ", "H", "Ĥ", "I", "Í", "J", "Ĵ", "K", "Ķ",
	"L", "Ļ", "M", "Ṁ", "N", "Ñ", "O", "Ó", "P", "Þ", "Q", "Ǫ", "R", "Ŕ", "S", "Š", "T", "Ť", "U", "Ú", "V", "Ṽ",
	"W", "Ŵ", "X", "Ẋ", "Y", "Ý", "Z", "Ž",
)

// pseudoText is one sentence in the pseudo-language: its words accented,
// its placeholders as they are, the whole in brackets. A sentence glued
// from pieces shows as several bracketed pieces, and one not from the
// catalogue shows unbracketed.
func pseudoText(s string) string {
	var b strings.Builder
	b.WriteString("⟦")
	last := 0
	for _, m := range placeholder.FindAllStringIndex(s, -1) {
		b.WriteString(accented.Replace(s[last:m[0]]))
		b.WriteString(s[m[0]:m[1]])
		last = m[1]
	}
	b.WriteString(accented.Replace(s[last:]))
	b.WriteString("⟧")
	return b.String()
}

// Pseudo is the pseudo-language's file, made from a base file (en.json):
// every form of every sentence in pseudoText, the notes to translators as
// they are. It is made, never committed: it only ever says what English
// says.
func Pseudo(base []byte) ([]byte, error) {
	var in map[string]json.RawMessage
	if err := json.Unmarshal(base, &in); err != nil {
		return nil, fmt.Errorf("locale: pseudo-language: %w", err)
	}
	out := make(map[string]any, len(in))
	for id, v := range in {
		var text string
		if json.Unmarshal(v, &text) == nil {
			out[id] = pseudoText(text)
			continue
		}
		var forms map[string]string
		if err := json.Unmarshal(v, &forms); err != nil {
			return nil, fmt.Errorf("locale: pseudo-language: %s: %w", id, err)
		}
		for form, text := range forms {
			if form != "description" {
				forms[form] = pseudoText(text)
			}
		}
		out[id] = forms
	}
	// One sentence a line, in id order, as a person would read it.
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, id := range slices.Sorted(maps.Keys(out)) {
		k, _ := json.Marshal(id)
		v, err := json.Marshal(out[id])
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "  %s: %s", k, v)
		if i < len(out)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// WithPseudo is the catalogue and the pseudo-language made from its Base
// file: served by `skullking serve --pseudo-locale` and by tests, it
// shows which words on a screen are not the catalogue's (they are not
// bracketed) and which are glued from pieces (several brackets).
func (c *Catalogue) WithPseudo() (*Catalogue, error) {
	p, err := Pseudo(c.files[Base])
	if err != nil {
		return nil, err
	}
	raw := maps.Clone(c.files)
	raw[PseudoCode] = p
	return build(raw)
}
