package web

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"net/http"
	neturl "net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/skullking-go/skullking/locale"
)

// The site as an installable web app: the manifest, and the one service
// worker that keeps every page and file for offline use (sw.js, a template
// the server fills in with the files it embeds).
//
// The icons are drawn by genicons.go into static/assets/;
// TestIconsAreUpToDate fails when they are stale.
//
//go:generate go run genicons.go

//go:embed sw.js
var workerSource string

// Options are what a handler may be told beyond its catalogue.
type Options struct {
	// Version names the release the service worker keeps. Empty, it is a
	// hash of every file the site serves, so that any change of a file
	// installs a new worker; a test sets it to play a new release without
	// building one.
	Version string
}

// The lines of sw.js the server fills in.
const (
	workerVersionLine = "const VERSION = '';"
	workerShellLine   = "const SHELL = [];"
)

// Colours of style.css's dark sea, the site's own theme and its app's.
const (
	themeColor      = "#0b1d2a" // --sea
	backgroundColor = "#0b1d2a"
)

// addressOf is the address an embedded file is served at by the routes of
// HandlerOptions, for the worker's list: a page at its own address, a file
// of assets/ as it is, one of the score keeper's under /sheet/assets/, any
// other at the root. shell checks it against the routes, so a file whose
// address this does not know is left out rather than listed wrong (and
// TestWorkerKeepsEveryFile says so).
func addressOf(name string) string {
	switch name {
	case "index.html":
		return "/"
	case "rules.html":
		return "/rules"
	case "sheet/index.html":
		return "/sheet"
	}
	if rest, ok := strings.CutPrefix(name, "sheet/"); ok {
		return "/sheet/assets/" + rest
	}
	return "/" + name
}

// notKept are the embedded files the worker leaves out, and why.
var notKept = map[string]string{
	"sheet/sw.js": "the score keeper's former worker, which only a phone that installed it fetches, to unregister it",
}

// shell is every address the worker keeps: each embedded file that a route
// serves, the catalogue's list of languages and every language in it, and
// the manifest.
func (s *site) shell(mux *http.ServeMux, cat *locale.Catalogue) []string {
	urls := []string{"/locale/index.json", "/manifest.webmanifest"}
	for _, code := range cat.Codes() {
		urls = append(urls, "/locale/"+code+".json")
	}
	for name := range s.files {
		if _, skip := notKept[name]; skip {
			continue
		}
		url := addressOf(name)
		if _, pattern := mux.Handler(&http.Request{Method: "GET", URL: &neturl.URL{Path: url}}); pattern != "" {
			urls = append(urls, url)
		}
	}
	slices.Sort(urls)
	return urls
}

// release is the hash of everything the site serves that the worker
// keeps: the embedded files, the catalogue, the manifest in each
// language and the worker's own code.
func (s *site) release(cat *locale.Catalogue) string {
	h := sha256.New()
	write := func(name string, b []byte) {
		// Each part named and sized, so that no two sets of files hash alike.
		h.Write([]byte(name + "\x00" + strconv.Itoa(len(b)) + "\x00"))
		h.Write(b)
	}
	names := make([]string, 0, len(s.files))
	for name := range s.files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		// Read once, at start, and let go: the files are served from the
		// binary (asset).
		b, err := fs.ReadFile(s.fsys, s.files[name].embedded)
		if err != nil {
			panic("web: reading embedded files: " + err.Error())
		}
		write("static/"+name, b)
	}
	for _, code := range cat.Codes() {
		b, _ := cat.File(code)
		write("locale/"+code, b)
		m, _ := json.Marshal(manifestFor(cat.For(code)))
		write("manifest/"+code, m)
	}
	write("sw.js", []byte(workerSource))
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// worker is sw.js with this release's version and list of files.
func worker(version string, shell []string) []byte {
	v, _ := json.Marshal(version)
	list, _ := json.Marshal(shell)
	src := workerSource
	if !strings.Contains(src, workerVersionLine) || !strings.Contains(src, workerShellLine) {
		// The file is compiled in: one without its lines is a broken build.
		panic("web: sw.js lacks " + workerVersionLine + " or " + workerShellLine)
	}
	src = strings.Replace(src, workerVersionLine, "const VERSION = "+string(v)+";", 1)
	src = strings.Replace(src, workerShellLine, "const SHELL = "+string(list)+";", 1)
	return []byte(src)
}

// serveWorker serves the filled-in sw.js. Revalidated every time, as every
// file: the browser also compares its bytes on each visit, and a new
// version among them is what installs the new release.
func serveWorker(body []byte) http.HandlerFunc {
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:8]) + `"`
	return func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "text/javascript; charset=utf-8")
		h.Set("ETag", etag)
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		http.ServeContent(w, r, "sw.js", time.Time{}, bytes.NewReader(body))
	}
}

// webManifest is the web app manifest's JSON.
type webManifest struct {
	ID              string         `json:"id"`
	Name            string         `json:"name"`
	ShortName       string         `json:"short_name"`
	Description     string         `json:"description"`
	Lang            string         `json:"lang"`
	StartURL        string         `json:"start_url"`
	Scope           string         `json:"scope"`
	Display         string         `json:"display"`
	ThemeColor      string         `json:"theme_color"`
	BackgroundColor string         `json:"background_color"`
	Icons           []manifestIcon `json:"icons"`
	Shortcuts       []shortcut     `json:"shortcuts"`
}

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose"`
}

type shortcut struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// manifestFor is the manifest in one language: the game's name is the
// same in all of them, the description and the shortcuts are the
// catalogue's.
func manifestFor(l *locale.Lang) webManifest {
	return webManifest{
		ID: "/", Name: "Skull King", ShortName: "Skull King",
		Description: l.T("site.app.description", nil), Lang: l.Code(),
		StartURL: "/", Scope: "/", Display: "standalone",
		ThemeColor: themeColor, BackgroundColor: backgroundColor,
		Icons: []manifestIcon{
			{Src: "/assets/icon-192.png", Sizes: "192x192", Type: "image/png", Purpose: "any"},
			{Src: "/assets/icon-512.png", Sizes: "512x512", Type: "image/png", Purpose: "any"},
			{Src: "/assets/icon-maskable-512.png", Sizes: "512x512", Type: "image/png", Purpose: "maskable"},
			{Src: "/assets/icon.svg", Sizes: "any", Type: "image/svg+xml", Purpose: "any"},
		},
		Shortcuts: []shortcut{
			{Name: l.T("site.keeper", nil), URL: "/sheet"},
			{Name: l.T("site.rules", nil), URL: "/rules"},
		},
	}
}

// serveManifest serves the manifest in the browser's language.
func serveManifest(cat *locale.Catalogue) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, err := json.Marshal(manifestFor(cat.For(r.Header.Get("Accept-Language"))))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "application/manifest+json")
		h.Set("Vary", "Accept-Language")
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		_, _ = w.Write(b)
	}
}
