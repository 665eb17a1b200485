package web

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/skullking-go/skullking/locale"
)

// languageInfo is a language of the catalogue, named in itself.
type languageInfo struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// namedLanguages lists the catalogue's languages, each named in itself.
func namedLanguages(cat *locale.Catalogue) []languageInfo {
	out := []languageInfo{}
	for _, c := range cat.Codes() {
		out = append(out, languageInfo{Code: c, Name: cat.For(c).T("language.name", nil)})
	}
	return out
}

// serveLocale serves /locale/index.json, the catalogue's languages (named
// once, as the files never change while the process runs), and
// /locale/{code}.json, a language's sentences as its file holds them.
func serveLocale(cat *locale.Catalogue, languages []languageInfo) http.HandlerFunc {
	index, err := json.Marshal(languages)
	if err != nil {
		panic("web: the list of languages: " + err.Error()) // a list of strings always encodes
	}
	index = append(index, '\n')
	return func(w http.ResponseWriter, r *http.Request) {
		file := r.PathValue("file")
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		if file == "index.json" {
			_, _ = w.Write(index)
			return
		}
		b, ok := cat.File(strings.TrimSuffix(file, ".json"))
		if !ok || !strings.HasSuffix(file, ".json") {
			http.Error(w, "no such language", http.StatusNotFound)
			return
		}
		_, _ = w.Write(b)
	}
}
