package web

import (
	"encoding/json"
	"net/http"
	"testing"
	"testing/fstest"

	"github.com/skullking-go/skullking/locale"
)

// TestALanguagesFileIsAllThePagesNeed: a catalogue with one more file
// lists that language, named in itself, and serves its file; nothing
// else names it.
func TestALanguagesFileIsAllThePagesNeed(t *testing.T) {
	en, _ := locale.File(locale.Base)
	pl := `{"language.name": {"description": "…", "other": "Polski"}}`
	cat, err := locale.Load(fstest.MapFS{"en.json": {Data: en}, "pl.json": {Data: []byte(pl)}})
	if err != nil {
		t.Fatal(err)
	}
	h := HandlerWith(cat)
	index := languagesOf(t, h)
	want := []languageInfo{{"en", "English"}, {"pl", "Polski"}}
	if len(index) != len(want) || index[0] != want[0] || index[1] != want[1] {
		t.Errorf("index.json lists %v, want %v", index, want)
	}
	if got := body(t, get(t, h, "/locale/pl.json")); got != pl {
		t.Errorf("pl.json is served as %q", got)
	}
	for _, path := range []string{"/locale/de.json", "/locale/pl", "/locale/index"} {
		if r := get(t, h, path); r.StatusCode != 404 {
			t.Errorf("GET %s: %d", path, r.StatusCode)
		}
	}
}

// TestThePseudoLanguageIsServedWhenAskedFor: the catalogue compiled in
// has no pseudo-language; the one WithPseudo makes lists it, bracketed.
func TestThePseudoLanguageIsServedWhenAskedFor(t *testing.T) {
	if r := get(t, Handler(), "/locale/"+locale.PseudoCode+".json"); r.StatusCode != 404 {
		t.Errorf("the pseudo-language is served by default: %d", r.StatusCode)
	}
	cat, err := locale.Default().WithPseudo()
	if err != nil {
		t.Fatal(err)
	}
	h := HandlerWith(cat)
	index := languagesOf(t, h)
	found := false
	for _, l := range index {
		found = found || l.Code == locale.PseudoCode && l.Name == "⟦Éñĝļíšĥ⟧"
	}
	if !found {
		t.Errorf("index.json lists %v", index)
	}
	if r := get(t, h, "/locale/"+locale.PseudoCode+".json"); r.StatusCode != 200 {
		t.Errorf("GET the pseudo-language: %d", r.StatusCode)
	}
}

// languagesOf reads the languages handler h lists at /locale/index.json.
func languagesOf(t *testing.T, h http.Handler) []languageInfo {
	t.Helper()
	var index []languageInfo
	if err := json.Unmarshal([]byte(body(t, get(t, h, "/locale/index.json"))), &index); err != nil {
		t.Fatal(err)
	}
	return index
}
