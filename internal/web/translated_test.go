package web

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/locale"
)

// A page's static markup holds catalogue ids, never sentences: the browser
// fills it in the reader's language (translatePage in assets/locale.js).
// translated does the same in Go, so that a test can read what a page says
// without a browser.

var (
	// withWords is the opening tag of an element whose words are sentence id.
	withWords = regexp.MustCompile(`<([a-z][a-z0-9]*)\b[^>]*\sdata-t="([^"]+)"[^>]*>`)
	// slotTag is the opening tag of an element a sentence places at its
	// {{.Name}}.
	slotTag = regexp.MustCompile(`<([a-z][a-z0-9]*)\b[^>]*\sdata-slot="([A-Za-z]+)"[^>]*>`)
)

// translated is page markup as translatePage leaves it in language l: each
// element with data-t holds its sentence, escaped, with its data-slot
// children (translated in turn) at their placeholders. An id missing from
// the catalogue fails the test.
func translated(t *testing.T, l *locale.Lang, raw string) string {
	t.Helper()
	var b strings.Builder
	for {
		m := withWords.FindStringSubmatchIndex(raw)
		if m == nil {
			b.WriteString(raw)
			return b.String()
		}
		tag, id := raw[m[2]:m[3]], raw[m[4]:m[5]]
		inner, rest := closing(t, raw[m[1]:], tag)
		if !l.Has(id) {
			t.Errorf("the page names %s, which the catalogue lacks", id)
		}
		// Each slot stands in the sentence as a marker no sentence holds,
		// replaced by the slot's markup once the words are escaped.
		args, slots := locale.Args{}, map[string]string{}
		for {
			s := slotTag.FindStringSubmatchIndex(inner)
			if s == nil {
				break
			}
			name := inner[s[4]:s[5]]
			_, after := closing(t, inner[s[1]:], inner[s[2]:s[3]])
			marker := "\x00" + name + "\x00"
			args[name], slots[marker] = marker, translated(t, l, inner[s[0]:len(inner)-len(after)])
			inner = after
		}
		text := html.EscapeString(l.T(id, args))
		for marker, markup := range slots {
			text = strings.Replace(text, marker, markup, 1)
		}
		b.WriteString(raw[:m[1]] + text + "</" + tag + ">")
		raw = rest
	}
}

// closing splits s, which follows an opening <tag>, at the tag's matching
// close: the element's content, and what follows its </tag>.
func closing(t *testing.T, s, tag string) (inner, rest string) {
	t.Helper()
	open, end := regexp.MustCompile(`<`+tag+`\b`), "</"+tag+">"
	depth, at := 0, 0
	for {
		e := strings.Index(s[at:], end)
		if e < 0 {
			t.Fatalf("no %s closes <%s>", end, tag)
		}
		depth += len(open.FindAllStringIndex(s[at:at+e], -1))
		if depth == 0 {
			return s[:at+e], s[at+e+len(end):]
		}
		depth--
		at += e + len(end)
	}
}
