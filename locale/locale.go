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
package locale

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
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

var (
	loadOnce sync.Once
	bundle   *goi18n.Bundle
	codes    []string
	loadErr  error
)

func load() {
	bundle = goi18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	names, err := fs.Glob(files, "*.json")
	if err != nil {
		loadErr = err
		return
	}
	for _, n := range names {
		if _, err := bundle.LoadMessageFileFS(files, n); err != nil {
			loadErr = fmt.Errorf("locale %s: %w", n, err)
			return
		}
		codes = append(codes, strings.TrimSuffix(path.Base(n), ".json"))
	}
	slices.Sort(codes)
}

// Check reports a catalogue file that does not parse; the package's
// tests and the server's start call it.
func Check() error {
	loadOnce.Do(load)
	return loadErr
}

// Codes are the languages the catalogue has, by their file names.
func Codes() []string {
	loadOnce.Do(load)
	return slices.Clone(codes)
}

// File is a language's catalogue file as it is, for the browser.
func File(code string) ([]byte, bool) {
	if !slices.Contains(Codes(), code) {
		return nil, false
	}
	b, err := files.ReadFile(code + ".json")
	return b, err == nil
}

// Args are a sentence's placeholders by name.
type Args map[string]any

// Lang renders the catalogue in one language, falling back on Base for a
// sentence the language does not have yet.
type Lang struct {
	code string
	tag  language.Tag
	loc  *goi18n.Localizer
	num  *message.Printer
}

// For is the language of the catalogue that best matches prefs, most
// wanted first: language codes ("fr", "de-CH") or Accept-Language values.
// With no match it is Base.
func For(prefs ...string) *Lang {
	loadOnce.Do(load)
	var want []language.Tag
	for _, p := range prefs {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		if tags, _, err := language.ParseAcceptLanguage(p); err == nil {
			want = append(want, tags...)
		}
	}
	have := make([]language.Tag, len(codes))
	for i, c := range codes {
		have[i] = language.Make(c)
	}
	code := Base
	if len(want) > 0 && len(have) > 0 {
		_, i, conf := language.NewMatcher(have).Match(want...)
		if conf != language.No {
			code = codes[i]
		}
	}
	tag := language.Make(code)
	return &Lang{code: code, tag: tag, loc: goi18n.NewLocalizer(bundle, code, Base), num: message.NewPrinter(tag)}
}

// Code is the language's code, as in its file's name.
func (l *Lang) Code() string { return l.code }

// Has reports whether the catalogue (this language or Base) has id.
func (l *Lang) Has(id string) bool {
	_, err := l.loc.Localize(&goi18n.LocalizeConfig{MessageID: id, PluralCount: 2})
	var missing *goi18n.MessageNotFoundErr
	return !errors.As(err, &missing)
}

// T renders sentence id with args. A sentence missing from every file
// renders as its id in brackets, which tests look for.
func (l *Lang) T(id string, args Args) string { return l.render(id, nil, args) }

// N renders sentence id in the plural form count calls for; count is
// also its {{.Count}}.
func (l *Lang) N(id string, count int, args Args) string { return l.render(id, count, args) }

func (l *Lang) render(id string, count any, args Args) string {
	data := make(map[string]any, len(args)+1)
	for k, v := range args {
		data[k] = l.value(v)
	}
	if count != nil {
		data["Count"] = l.value(count)
	}
	s, err := l.loc.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil && s == "" {
		return "[" + id + "]"
	}
	return s
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
