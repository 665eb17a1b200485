package locale

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// forms are the plural forms a message may have, by CLDR category, and
// the translator's note beside them.
var forms = []string{"zero", "one", "two", "few", "many", "other"}

// messages reads a language's file as its ids and, for each, its forms.
func messages(t *testing.T, c *Catalogue, code string) map[string]map[string]string {
	t.Helper()
	b, ok := c.File(code)
	if !ok {
		t.Fatalf("no file for %s", code)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatalf("%s.json: %v", code, err)
	}
	out := map[string]map[string]string{}
	for id, v := range raw {
		var text string
		if json.Unmarshal(v, &text) == nil {
			out[id] = map[string]string{"other": text}
			continue
		}
		var m map[string]string
		if err := json.Unmarshal(v, &m); err != nil {
			t.Fatalf("%s.json: %s is neither a sentence nor its forms (nested ids are not used): %v", code, id, err)
		}
		for k := range m {
			if k != "description" && !slices.Contains(forms, k) {
				t.Errorf("%s.json: %s has %q, which is no plural form", code, id, k)
			}
		}
		if m["other"] == "" {
			t.Errorf("%s.json: %s has no \"other\" form", code, id)
		}
		delete(m, "description")
		out[id] = m
	}
	return out
}

// placeholders are the names a message's forms use, sorted.
func placeholders(m map[string]string) []string {
	set := map[string]bool{}
	for _, text := range m {
		for _, p := range placeholder.FindAllString(text, -1) {
			set[p] = true
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// TestTheCatalogueParses loads every language's file as go-i18n reads it.
func TestTheCatalogueParses(t *testing.T) {
	if err := Check(); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(Codes(), Base) {
		t.Fatalf("no %s.json among %v", Base, Codes())
	}
}

// TestEveryLanguageHasEveryMessage holds each language to English: the
// same ids, each with the same placeholders, in the plural forms its
// language's CLDR rules call for, and no template but a placeholder.
func TestEveryLanguageHasEveryMessage(t *testing.T) {
	checkCatalogue(t, Default())
}

func checkCatalogue(t *testing.T, c *Catalogue) {
	t.Helper()
	base := messages(t, c, Base)
	for _, code := range c.Codes() {
		got := messages(t, c, code)
		l := c.For(code)
		if l.Code() != code {
			t.Errorf("For(%s) is %s", code, l.Code())
		}
		for id, m := range got {
			for form, text := range m {
				if rest := placeholder.ReplaceAllString(text, ""); strings.Contains(rest, "{{") || strings.Contains(rest, "}}") {
					t.Errorf("%s.json: %s (%s) holds a template that is not {{.Name}}: %q", code, id, form, text)
				}
			}
			if _, ok := base[id]; !ok {
				t.Errorf("%s.json: %s is not in %s.json", code, id, Base)
			}
		}
		for id, want := range base {
			m, ok := got[id]
			if !ok {
				t.Errorf("%s.json: no %s", code, id)
				continue
			}
			if g, w := placeholders(m), placeholders(want); !slices.Equal(g, w) {
				t.Errorf("%s.json: %s uses %v, %s.json %v", code, id, g, Base, w)
			}
			if len(want) == 1 {
				continue
			}
			// A message with plural forms renders for every count the
			// language's rules tell apart.
			for _, n := range []int{0, 1, 2, 3, 4, 5, 6, 11, 12, 21, 22, 25, 100, 101, 102, 111, 1000, 1001} {
				if s := l.N(id, n, nil); strings.HasPrefix(s, "[") {
					t.Errorf("%s.json: %s has no form for %d", code, id, n)
				}
			}
		}
	}
}

// TestForChoosesTheBestLanguage reads preferences as a browser or a
// terminal gives them.
func TestForChoosesTheBestLanguage(t *testing.T) {
	for _, c := range []struct{ prefs []string }{{nil}, {[]string{""}}, {[]string{"xx"}}, {[]string{"en-GB,en;q=0.8"}}} {
		if got := For(c.prefs...).Code(); got != Base {
			t.Errorf("For(%q) = %s, want %s", c.prefs, got, Base)
		}
	}
	for _, code := range Codes() {
		if got := For(code + "-XX").Code(); got != code {
			t.Errorf("For(%s-XX) = %s", code, got)
		}
	}
}

// TestAMissingSentenceShowsItsID: a sentence no file has is shown as its
// id in brackets, which the pseudo-language test looks for, never as "".
func TestAMissingSentenceShowsItsID(t *testing.T) {
	if got := For(Base).T("no.such.sentence", nil); got != "[no.such.sentence]" {
		t.Errorf("got %q", got)
	}
}

// TestNumbersAreWrittenTheLanguagesWay: a number placeholder is formatted
// for the language.
func TestNumbersAreWrittenTheLanguagesWay(t *testing.T) {
	if got := For(Base).N("refusal.bid_out_of_range", 1000, nil); got != "1,000 cards were dealt: bid 0 to 1,000." {
		t.Errorf("got %q", got)
	}
}

// TestALanguageIsOneFile adds a language as a translator does, by its
// file alone, to a catalogue of its own: Polish, whose CLDR rules tell
// four plural forms apart, made from English by a script. Nothing else
// names it, yet the catalogue lists it, passes it as complete, chooses it
// for a reader who wants it and renders each form where Polish calls
// for it.
func TestALanguageIsOneFile(t *testing.T) {
	en, _ := File(Base)
	pl := map[string]map[string]string{}
	for id, m := range messages(t, Default(), Base) {
		pl[id] = map[string]string{"other": "pl " + m["other"]}
		if len(m) > 1 {
			for _, form := range []string{"one", "few", "many", "other"} {
				pl[id][form] = "pl " + form + " " + m["other"]
			}
		}
	}
	pl["language.name"] = map[string]string{"other": "Polski"}
	b, err := json.Marshal(pl)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Load(fstest.MapFS{"en.json": {Data: en}, "pl.json": {Data: b}})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Codes(); !slices.Equal(got, []string{"en", "pl"}) {
		t.Fatalf("Codes() = %v", got)
	}
	checkCatalogue(t, c)
	for _, prefs := range []string{"pl", "pl-PL", "de-DE,pl;q=0.7,en;q=0.5"} {
		if got := c.For(prefs).Code(); got != "pl" {
			t.Errorf("For(%q) = %s", prefs, got)
		}
	}
	l := c.For("pl")
	if got := l.T("language.name", nil); got != "Polski" {
		t.Errorf("the language is named %q", got)
	}
	for n, form := range map[int]string{1: "one", 3: "few", 22: "few", 5: "many", 12: "many"} {
		if got := l.N("refusal.bid_out_of_range", n, nil); !strings.HasPrefix(got, "pl "+form+" ") {
			t.Errorf("%d cards dealt: %q, want the %q form", n, got, form)
		}
	}
	if got := l.T("refusal.already_bid", Args{"Name": "Ann"}); !strings.HasPrefix(got, "pl ") || !strings.Contains(got, "Ann") {
		t.Errorf("a sentence with a name: %q", got)
	}
}

// TestACatalogueNeedsEnglish: English is what every language falls back
// on, so a catalogue without it is refused.
func TestACatalogueNeedsEnglish(t *testing.T) {
	if _, err := Load(fstest.MapFS{"pl.json": {Data: []byte(`{"language.name": "Polski"}`)}}); err == nil {
		t.Error("a catalogue without en.json loaded")
	}
}

// TestSentencesAreEveryForm: a language's sentences hold every plural
// form of each id, and never a translator's note.
func TestSentencesAreEveryForm(t *testing.T) {
	all, ok := Default().Sentences(Base)
	if !ok {
		t.Fatal("no English")
	}
	got := all["refusal.bid_out_of_range"]
	slices.Sort(got)
	if len(got) != 2 || !strings.HasPrefix(got[0], "{{.Count}} card was") || !strings.HasPrefix(got[1], "{{.Count}} cards were") {
		t.Errorf("refusal.bid_out_of_range: %q", got)
	}
	if got := all["language.name"]; len(got) != 1 || got[0] != "English" {
		t.Errorf("language.name: %q", got)
	}
	if _, ok := Default().Sentences("xx"); ok {
		t.Error("a language the catalogue lacks has sentences")
	}
}

// TestANilLangSpeaksEnglish: a renderer given no language writes the
// base one, with no fallback of its own.
func TestANilLangSpeaksEnglish(t *testing.T) {
	var l *Lang
	if got := l.T("language.name", nil); got != "English" {
		t.Errorf("T: %q", got)
	}
	if got := l.N("refusal.bid_out_of_range", 1, nil); !strings.HasPrefix(got, "1 card was dealt") {
		t.Errorf("N: %q", got)
	}
	if l.Code() != Base || !l.Has("language.name") {
		t.Errorf("Code %q, Has %v", l.Code(), l.Has("language.name"))
	}
}

// TestSignedPointsAreWrittenTheLanguagesWay: points keep their sign and
// take the language's digits grouping, as the browser's signed() does.
func TestSignedPointsAreWrittenTheLanguagesWay(t *testing.T) {
	en, fr := For("en"), For("fr")
	for _, c := range []struct {
		l    *Lang
		n    int
		want string
	}{{en, 20, "+20"}, {en, -10, "−10"}, {en, 0, "0"}, {en, 1200, "+1,200"}, {fr, -1200, "−1\u00a0200"}} {
		if got := c.l.Signed(c.n); got != c.want && !(c.l == fr && strings.ReplaceAll(got, "\u202f", "\u00a0") == c.want) {
			t.Errorf("%s: Signed(%d) = %q, want %q", c.l.Code(), c.n, got, c.want)
		}
	}
}
