// Package locale is the one catalogue of what a player reads, in every
// language the project speaks: a file per language (en.json, …), keyed by
// the codes the engine and the protocol report (refusals, reasons,
// abilities, actions, results) and the interface's own labels. The Go
// renderers (package words, the terminal, the score keeper) read it
// through this package; the browser reads the same files, served as they
// are, with assets/locale.js.
//
// A file is in go-i18n's JSON form: an id names a sentence, or its plural
// forms by CLDR category ("one", "other", …) with a "description" that
// tells translators what it is for. Sentences are whole, never glued from
// fragments. A placeholder is {{.Name}} and nothing else, so that the
// browser renders them as Go does. A sentence whose subject may be the
// reader has a second id ending in ".you": "Ann holds the 3." and "You
// hold the 3." are two sentences in most languages.
//
// A language is its file and nothing more: the catalogue's languages are
// the files it finds (docs/translating.md). The catalogue compiled in is
// Default, which the package's functions read; Load reads another (a
// test's), and WithPseudo adds a pseudo-language made from English
// (PseudoCode: every sentence accented and bracketed), so that a test or
// a person looking at a screen sees which words do not come from here.
package locale

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

//go:embed *.json
var files embed.FS

// Base is the language every other falls back on, and the one the
// catalogue is written in first.
const Base = "en"

// Catalogue is a set of languages' files. The one compiled in (Default)
// is every program's; a test builds its own with Load, and one with the
// pseudo-language with WithPseudo.
type Catalogue struct {
	// bundle holds the sentences of the languages asked for so far:
	// Base's from the start, another's from when a reader of it first
	// comes (For). A server keeps only its players' languages, each a
	// megabyte or so once parsed. mu guards bundle and parsed.
	mu     sync.RWMutex
	bundle *goi18n.Bundle
	parsed map[string]bool
	codes  []string          // sorted
	files  map[string][]byte // by code, as they are
}

// Load reads every *.json at the root of fsys as a language's file,
// named by its code: adding a language is adding its file, and nothing
// lists the languages. Base must be one of them. With an error, the
// catalogue holds the files read before it.
func Load(fsys fs.FS) (*Catalogue, error) {
	raw := map[string][]byte{}
	names, err := fs.Glob(fsys, "*.json")
	for _, n := range names {
		b, rerr := fs.ReadFile(fsys, n)
		if rerr != nil {
			err = rerr
			break
		}
		raw[strings.TrimSuffix(path.Base(n), ".json")] = b
	}
	c, berr := build(raw)
	return c, errors.Join(err, berr)
}

// build checks the files, by code, and makes them a catalogue: each file
// is parsed to be checked, and kept parsed only for Base (the others are
// parsed again when first asked for, ensure).
func build(raw map[string][]byte) (*Catalogue, error) {
	c := &Catalogue{bundle: newBundle(), parsed: map[string]bool{}, files: map[string][]byte{}}
	for _, code := range slices.Sorted(maps.Keys(raw)) {
		into := c.bundle
		if code != Base {
			into = newBundle()
		}
		if _, err := into.ParseMessageFileBytes(raw[code], code+".json"); err != nil {
			return c, fmt.Errorf("locale %s.json: %w", code, err)
		}
		c.parsed[code] = code == Base
		c.files[code] = raw[code]
		c.codes = append(c.codes, code)
	}
	if _, ok := c.files[Base]; !ok {
		return c, fmt.Errorf("locale: no %s.json, the language every other falls back on", Base)
	}
	return c, nil
}

// newBundle is an empty bundle that reads the catalogue's files.
func newBundle() *goi18n.Bundle {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	return b
}

// ensure parses language code into the bundle, once.
func (c *Catalogue) ensure(code string) {
	c.mu.RLock()
	done := c.parsed[code]
	c.mu.RUnlock()
	if done {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.parsed[code] {
		// The file parsed when the catalogue was built.
		_, _ = c.bundle.ParseMessageFileBytes(c.files[code], code+".json")
		c.parsed[code] = true
	}
}

// embedded is the catalogue compiled in, read once when first used.
var embedded = sync.OnceValues(func() (*Catalogue, error) { return Load(files) })

// Default is the catalogue compiled in: locale/*.json.
func Default() *Catalogue {
	c, _ := embedded()
	return c
}

// Check reports a catalogue file that does not parse; the package's
// tests and the server's start call it.
func Check() error {
	_, err := embedded()
	return err
}

// Codes are the compiled-in catalogue's languages (Default().Codes()).
func Codes() []string { return Default().Codes() }

// File is a compiled-in language's file (Default().File).
func File(code string) ([]byte, bool) { return Default().File(code) }

// For is the compiled-in language that best matches prefs
// (Default().For).
func For(prefs ...string) *Lang { return Default().For(prefs...) }

// Codes are the languages the catalogue has, by their file names.
func (c *Catalogue) Codes() []string { return slices.Clone(c.codes) }

// Copy is a catalogue of the same files whose languages are parsed apart
// from c's: for one pass over every language (the web's release and its
// list of languages) that leaves c holding only the languages its readers
// ask for. The files were checked when c was built, and are not parsed
// again to be checked; both read them, and neither changes them.
func (c *Catalogue) Copy() *Catalogue {
	d := &Catalogue{bundle: newBundle(), parsed: map[string]bool{Base: true}, codes: c.codes, files: c.files}
	_, _ = d.bundle.ParseMessageFileBytes(c.files[Base], Base+".json")
	return d
}

// File is a language's catalogue file as it is, for the browser.
func (c *Catalogue) File(code string) ([]byte, bool) {
	b, ok := c.files[code]
	return b, ok
}

// Args are a sentence's placeholders by name.
type Args map[string]any

// Lang renders the catalogue in one language, falling back on Base for a
// sentence the language does not have yet.
type Lang struct {
	code string
	tag  language.Tag
	cat  *Catalogue // whose lock is held while loc reads the bundle
	loc  *goi18n.Localizer
	num  *message.Printer
}

// For is the language of the catalogue that best matches prefs, most
// wanted first: language codes ("fr", "de-CH") or Accept-Language values.
// With no match it is Base.
func (c *Catalogue) For(prefs ...string) *Lang {
	var want []language.Tag
	for _, p := range prefs {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		if tags, _, err := language.ParseAcceptLanguage(p); err == nil {
			want = append(want, tags...)
		}
	}
	// The pseudo-language is English to a matcher, a closer one than
	// "en" for a reader in Britain: it is chosen only when it comes first.
	codes := slices.DeleteFunc(c.Codes(), func(code string) bool { return code == PseudoCode })
	have := make([]language.Tag, len(codes))
	for i, code := range codes {
		have[i] = language.Make(code)
	}
	code := Base
	switch {
	case len(want) > 0 && want[0].String() == PseudoCode && slices.Contains(c.codes, PseudoCode):
		code = PseudoCode
	case len(want) > 0 && len(have) > 0:
		_, i, conf := language.NewMatcher(have).Match(want...)
		if conf != language.No {
			code = codes[i]
		}
	}
	c.ensure(code)
	tag := language.Make(code)
	return &Lang{code: code, tag: tag, cat: c, loc: goi18n.NewLocalizer(c.bundle, code, Base), num: message.NewPrinter(tag)}
}

// base is the compiled-in catalogue's Base language, which a nil *Lang
// speaks: a renderer given no language writes English, with no fallback
// of its own. It is loaded when a sentence is first written.
var base = sync.OnceValue(func() *Lang { return For(Base) })

// orBase is l, or base for a nil l.
func (l *Lang) orBase() *Lang {
	if l == nil {
		return base()
	}
	return l
}

// Code is the language's code, as in its file's name.
func (l *Lang) Code() string { return l.orBase().code }

// Has reports whether the catalogue (this language or Base) has id.
func (l *Lang) Has(id string) bool {
	l = l.orBase()
	_, err := l.localize(&goi18n.LocalizeConfig{MessageID: id, PluralCount: 2})
	var missing *goi18n.MessageNotFoundErr
	return !errors.As(err, &missing)
}

// T renders sentence id with args; a nil l renders it in Base. A
// sentence missing from every file renders as its id in brackets, which
// tests look for.
func (l *Lang) T(id string, args Args) string { return l.render(id, nil, args) }

// N renders sentence id in the plural form count calls for; count is
// also its {{.Count}}.
func (l *Lang) N(id string, count int, args Args) string { return l.render(id, count, args) }

func (l *Lang) render(id string, count any, args Args) string {
	l = l.orBase()
	data := make(map[string]any, len(args)+1)
	for k, v := range args {
		data[k] = l.value(v)
	}
	if count != nil {
		data["Count"] = l.value(count)
	}
	s, err := l.localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil && s == "" {
		return "[" + id + "]"
	}
	return s
}

// localize renders through the bundle, which a language parsed meanwhile
// must not change under the read.
func (l *Lang) localize(lc *goi18n.LocalizeConfig) (string, error) {
	l.cat.mu.RLock()
	defer l.cat.mu.RUnlock()
	return l.loc.Localize(lc)
}

// Signed writes points with their sign, the number the language's way:
// "+20", "−10", "0", "+1 000" in French. A nil l writes Base's.
func (l *Lang) Signed(points int) string {
	l = l.orBase()
	switch {
	case points > 0:
		return "+" + l.num.Sprint(number.Decimal(points))
	case points < 0:
		return "−" + l.num.Sprint(number.Decimal(-points))
	}
	return l.num.Sprint(number.Decimal(0))
}

// value formats a number for the language ("1 234,5" in French); any
// other value is itself.
func (l *Lang) value(v any) any {
	switch n := v.(type) {
	case int, int64, float64:
		return l.num.Sprint(number.Decimal(n))
	}
	return v
}
