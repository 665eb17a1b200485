// Package web is the browser client, embedded in the binary so that
// `skullking serve` needs no Node, no build step and no files beside it.
//
// The client is plain HTML, CSS and ES modules (static/): no framework and
// no bundler, because a turn-based card table re-renders a few hundred
// elements at most per state and every modern browser loads modules
// natively. The server is authoritative and the client knows no rules: it
// draws the view the server sends (legal cards arrive marked, with the
// engine's refusal for each card that may not be played; tricks and scores
// arrive resolved, with their reasons and parts), names the cards from the
// server's catalogue, builds its forms from the server's option table and
// sends back one of the listed legal actions. web/README.md says how the
// pieces fit.
//
// Handler serves the page for "/" and for invite links "/t/{id}" (the same
// single-page app; the path picks the screen), the rules at "/rules" and
// the assets under "/assets/". It does not touch the API: the server
// mounts it beside its own routes.
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

//go:embed static
var static embed.FS

// asset is one embedded file, ready to serve.
type asset struct {
	body  []byte
	etag  string
	ctype string
}

// site is every file, loaded once: the embedded files never change while
// the process runs, so their ETags are computed up front.
type site struct {
	files map[string]asset // by path under static/, e.g. "assets/app.js"
}

// Handler returns the client's HTTP handler.
func Handler() http.Handler {
	s := &site{files: map[string]asset{}}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		ctype := mime.TypeByExtension(path.Ext(p))
		if ctype == "" {
			ctype = http.DetectContentType(b)
		}
		s.files[strings.TrimPrefix(p, "static/")] = asset{body: b, etag: `"` + hex.EncodeToString(sum[:8]) + `"`, ctype: ctype}
		return nil
	})
	if err != nil {
		// The files are compiled in: failing to read them is a broken build.
		panic("web: reading embedded files: " + err.Error())
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page("index.html"))
	mux.HandleFunc("GET /t/{id}", s.page("index.html"))
	mux.HandleFunc("GET /rules", s.page("rules.html"))
	mux.HandleFunc("GET /assets/{file...}", func(w http.ResponseWriter, r *http.Request) {
		s.serve(w, r, "assets/"+r.PathValue("file"))
	})
	// The score keeper for games played with real cards (static/sheet/): one
	// page for its home, a sheet "/sheet/{token}" (edit id or follow token —
	// the API says which) and its own modules, kept apart from the table's.
	mux.HandleFunc("GET /sheet", s.page("sheet/index.html"))
	mux.HandleFunc("GET /sheet/{token}", s.page("sheet/index.html"))
	mux.HandleFunc("GET /sheet/assets/{file...}", func(w http.ResponseWriter, r *http.Request) {
		s.serve(w, r, "sheet/"+r.PathValue("file"))
	})
	// The service worker that opens the page offline must be served from
	// /sheet/ and allowed the scope "/sheet", which also covers the home.
	mux.HandleFunc("GET /sheet/sw.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Service-Worker-Allowed", "/sheet")
		s.serve(w, r, "sheet/sw.js")
	})
	return mux
}

// page serves one HTML page whatever the rest of the path says: the
// client reads the table id from the location itself.
func (s *site) page(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, name) }
}

// csp allows only this origin's scripts, styles and connections (the
// table WebSocket is same-origin), so even a name crafted to look like
// markup could not run anything; the client also writes every string from
// the server as text, never as HTML.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

func (s *site) serve(w http.ResponseWriter, r *http.Request, name string) {
	a, ok := s.files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("ETag", a.etag)
	// Revalidate every time: a new release must reach a player on their
	// next reload, and the ETag keeps that to a 304.
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	if strings.HasSuffix(name, ".html") {
		h.Set("Content-Security-Policy", csp)
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(a.body))
}
