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

// serveLocale serves /locale/index.json, the catalogue's languages, and
// /locale/{code}.json, a language's sentences as its file holds them.
func serveLocale(cat *locale.Catalogue) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		file := r.PathValue("file")
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		if file == "index.json" {
			out := []languageInfo{}
			for _, c := range cat.Codes() {
				out = append(out, languageInfo{Code: c, Name: cat.For(c).T("language.name", nil)})
			}
			_ = json.NewEncoder(w).Encode(out)
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
