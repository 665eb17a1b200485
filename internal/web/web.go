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
// Handler serves the page for "/", for invite links "/t/{id}" and for a
// finished game's review "/t/{id}/review" (the same single-page app; the
// path picks the screen), the rules at "/rules", the assets under
// "/assets/", and the site as an installable app: its manifest and the
// service worker that opens every page offline. It does not touch the
// API: the server mounts it beside its own routes.
package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/skullking-go/skullking/locale"
)

// The score keeper's engine for the browser is built from Go into static/
// (package sheetengine); TestEngineIsUpToDate fails when it is stale.
//
//go:generate go run genengine.go

//go:embed static
var static embed.FS

// asset is one embedded file, ready to serve. Its bytes stay where the
// binary holds them and are read from there for each request: a copy on
// the heap would be kept for the process's life, and would count towards
// every collection's goal (2.9 MB, the score keeper's engine most of it).
type asset struct {
	embedded string // its path in the site's files (static)
	etag     string
	ctype    string
	// gzipped is set for a file embedded compressed (name.gz, served as
	// name): it is sent as it is to a browser that accepts gzip, and
	// plain, decompressed on the first request that needs it, to one that
	// does not.
	gzipped bool
	plain   func() ([]byte, error)
}

// open reads a file from its start.
func (s *site) open(a asset) (io.ReadSeekCloser, error) {
	f, err := s.fsys.Open(a.embedded)
	if err != nil {
		return nil, err
	}
	// An embedded file always seeks; the check keeps a future file
	// system honest.
	rs, ok := f.(io.ReadSeekCloser)
	if !ok {
		f.Close()
		return nil, fmt.Errorf("web: %s cannot seek", a.embedded)
	}
	return rs, nil
}

// hashFile is the SHA-256 of an embedded file, read through a small
// buffer, and its first bytes, which tell its type when its name does not.
func hashFile(fsys fs.FS, name string) (sum [sha256.Size]byte, head []byte, err error) {
	f, err := fsys.Open(name)
	if err != nil {
		return sum, nil, err
	}
	defer f.Close()
	h := sha256.New()
	var first bytes.Buffer
	if _, err := io.Copy(h, io.TeeReader(io.LimitReader(f, 512), &first)); err != nil {
		return sum, nil, err
	}
	if _, err := io.Copy(h, f); err != nil {
		return sum, nil, err
	}
	h.Sum(sum[:0])
	return sum, first.Bytes(), nil
}

// site is every file, looked at once: the embedded files never change
// while the process runs, so their ETags are computed up front.
type site struct {
	fsys  fs.FS            // the files: static
	files map[string]asset // by path under static/, e.g. "assets/app.js"
}

// Handler returns the client's HTTP handler, speaking the languages of
// the catalogue compiled in.
func Handler() http.Handler { return HandlerWith(locale.Default()) }

// HandlerWith is Handler speaking the languages of cat: the catalogue
// with the pseudo-language (serve --pseudo-locale), or a test's.
func HandlerWith(cat *locale.Catalogue) http.Handler { return HandlerOptions(cat, Options{}) }

// HandlerOptions is HandlerWith told more (Options).
func HandlerOptions(cat *locale.Catalogue, o Options) http.Handler {
	s := &site{fsys: static, files: map[string]asset{}}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		sum, head, err := hashFile(s.fsys, p)
		if err != nil {
			return err
		}
		a := asset{embedded: p, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		if name, ok := strings.CutSuffix(p, ".gz"); ok {
			embedded := p
			p, a.gzipped = name, true
			a.plain = sync.OnceValues(func() ([]byte, error) {
				b, err := fs.ReadFile(s.fsys, embedded)
				if err != nil {
					return nil, err
				}
				return gunzip(b)
			})
		}
		a.ctype = mime.TypeByExtension(path.Ext(p))
		if a.ctype == "" {
			a.ctype = http.DetectContentType(head)
		}
		s.files[strings.TrimPrefix(p, "static/")] = a
		return nil
	})
	if err != nil {
		// The files are compiled in: failing to read them is a broken build.
		panic("web: reading embedded files: " + err.Error())
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page("index.html"))
	mux.HandleFunc("GET /t/{id}", s.page("index.html"))
	mux.HandleFunc("GET /t/{id}/review", s.page("index.html"))
	// A game on the player's own device (assets/local.js): the table page
	// again, its table run in the page's worker.
	mux.HandleFunc("GET /play/{id}", s.page("index.html"))
	mux.HandleFunc("GET /rules", s.page("rules.html"))
	mux.HandleFunc("GET /assets/{file...}", func(w http.ResponseWriter, r *http.Request) {
		s.serve(w, r, "assets/"+r.PathValue("file"))
	})
	// The catalogue of sentences, one file per language, as package locale
	// reads it; index.json lists the languages, each named in itself.
	//
	// Whatever names or renders every language at once (the list of
	// languages, the release) reads a copy of the catalogue, dropped once
	// the handler is built: cat then keeps parsed only the languages its
	// readers ask for.
	every := cat.Copy()
	mux.HandleFunc("GET /locale/{file}", serveLocale(cat, namedLanguages(every)))
	// The score keeper for games played with real cards (static/sheet/): one
	// page for its home, a sheet "/sheet/{token}" (edit id or follow token —
	// the API says which) and its own modules, kept apart from the table's.
	mux.HandleFunc("GET /sheet", s.page("sheet/index.html"))
	mux.HandleFunc("GET /sheet/{token}", s.page("sheet/index.html"))
	mux.HandleFunc("GET /sheet/assets/{file...}", func(w http.ResponseWriter, r *http.Request) {
		s.serve(w, r, "sheet/"+r.PathValue("file"))
	})
	// The score keeper's former service worker, registered for the scope
	// "/sheet": a phone that has it fetches this file to update it, and
	// gets one that unregisters itself for the site's.
	mux.HandleFunc("GET /sheet/sw.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Service-Worker-Allowed", "/sheet")
		s.serve(w, r, "sheet/sw.js")
	})
	// The site as an app (webapp.go): its manifest, and the one service
	// worker that keeps every page and file above, listed from the routes
	// once they are all in place.
	mux.HandleFunc("GET /manifest.webmanifest", serveManifest(cat))
	version := o.Version
	if version == "" {
		version = s.release(every)
	}
	mux.HandleFunc("GET /sw.js", serveWorker(worker(version, s.shell(mux, cat))))
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
	"connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; " +
	"frame-ancestors 'none'"

// sheetCSP is csp with WebAssembly allowed for the score keeper, whose page
// scores a round offline with the engine compiled to WebAssembly
// (static/sheet/engine.wasm.gz), and for the worker that runs a table on
// the player's device with the same module (assets/local-worker.js, whose
// policy is its own response's); still only this origin's code runs. The
// table's page itself runs no WebAssembly.
var sheetCSP = strings.Replace(csp, "script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", 1)

func (s *site) serve(w http.ResponseWriter, r *http.Request, name string) {
	a, ok := s.files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	etag := a.etag
	var plain []byte // the file decompressed, for a browser that takes no gzip
	unzip := false
	if a.gzipped {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			h.Set("Content-Encoding", "gzip")
			etag = strings.TrimSuffix(etag, `"`) + `-gzip"`
		} else if b, err := a.plain(); err == nil {
			plain, unzip = b, true
		} else {
			// The files are compiled in: one that does not decompress is a
			// broken build, answered as such rather than sent damaged.
			http.Error(w, "the file is damaged in this build", http.StatusInternalServerError)
			return
		}
	}
	h.Set("ETag", etag)
	// Revalidate every time: a new release must reach a player on their
	// next reload, and the ETag keeps that to a 304.
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	if name == "sheet/index.html" || name == "assets/local-worker.js" {
		h.Set("Content-Security-Policy", sheetCSP)
	} else if strings.HasSuffix(name, ".html") {
		h.Set("Content-Security-Policy", csp)
	}
	if unzip {
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(plain))
		return
	}
	f, err := s.open(a)
	if err != nil {
		http.Error(w, "the file cannot be read in this build", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	http.ServeContent(w, r, name, time.Time{}, f)
}

// acceptsGzip reports whether the request's Accept-Encoding takes gzip
// (or any coding), with a weight above zero.
func acceptsGzip(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept-Encoding") {
		for _, part := range strings.Split(v, ",") {
			coding, params, _ := strings.Cut(part, ";")
			coding = strings.TrimSpace(coding)
			if !strings.EqualFold(coding, "gzip") && coding != "*" {
				continue
			}
			q := 1.0
			if k, val, ok := strings.Cut(params, "="); ok && strings.TrimSpace(k) == "q" {
				q, _ = strconv.ParseFloat(strings.TrimSpace(val), 64) // a weight that does not parse refuses
			}
			if q > 0 {
				return true
			}
		}
	}
	return false
}

// gunzip decompresses an embedded file.
func gunzip(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}
