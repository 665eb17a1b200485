package web

import (
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/locale"
)

func get(t *testing.T, h http.Handler, path string, hdr ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestPagesAndInviteLinksServeTheClient(t *testing.T) {
	h := Handler()
	for _, path := range []string{"/", "/t/k7qx2mpa9c", "/t/k7qx2mpa9c/review"} {
		r := get(t, h, path)
		b := body(t, r)
		if r.StatusCode != 200 || !strings.Contains(b, `src="/assets/app.js"`) {
			t.Fatalf("GET %s: %d\n%s", path, r.StatusCode, b)
		}
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Fatalf("GET %s: Content-Type %q", path, ct)
		}
		if csp := r.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
			t.Fatalf("GET %s: CSP %q", path, csp)
		}
	}
}

// TestPagesCarryTheFanFooter: every page's footer says the site is an
// unofficial fan implementation, in the reader's language (the markup
// names the catalogue's sentence).
func TestPagesCarryTheFanFooter(t *testing.T) {
	if got := locale.Default().For("en").T("site.unofficial", nil); !strings.Contains(got, "unofficial fan implementation, not affiliated with the publisher") {
		t.Fatalf("site.unofficial reads %q", got)
	}
	for _, path := range []string{"/rules", "/"} {
		if !strings.Contains(body(t, get(t, Handler(), path)), `<footer class="foot" data-t="site.unofficial">`) {
			t.Errorf("%s lacks the footer", path)
		}
	}
}

func TestAssetsHaveTypesAndRevalidate(t *testing.T) {
	h := Handler()
	for path, ctype := range map[string]string{
		"/assets/app.js": "javascript", "/assets/style.css": "text/css", "/assets/icon.svg": "image/svg+xml",
	} {
		r := get(t, h, path)
		if r.StatusCode != 200 || !strings.Contains(r.Header.Get("Content-Type"), ctype) {
			t.Fatalf("GET %s: %d %q", path, r.StatusCode, r.Header.Get("Content-Type"))
		}
		etag := r.Header.Get("ETag")
		if etag == "" || r.Header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("GET %s: ETag %q, Cache-Control %q", path, etag, r.Header.Get("Cache-Control"))
		}
		if r := get(t, h, path, "If-None-Match", etag); r.StatusCode != http.StatusNotModified {
			t.Fatalf("GET %s with its ETag: %d, want 304", path, r.StatusCode)
		}
	}
}

func TestUnknownPathsAreNotFound(t *testing.T) {
	h := Handler()
	for _, path := range []string{"/nope", "/assets/nope.js", "/assets/../web.go", "/t/", "/static/index.html"} {
		// The mux answers a path to clean with a redirect, which serves nothing.
		if r := get(t, h, path); r.StatusCode != http.StatusNotFound && r.StatusCode/100 != 3 {
			t.Fatalf("GET %s: %d", path, r.StatusCode)
		}
	}
}

// TestModulesImportOnlyEmbeddedFiles checks that every ES module import
// names a file that is embedded: a typo would break the page only in a
// browser, so it is caught here without one. Every module of both pages is
// read, so that one split off another is checked as soon as it exists.
func TestModulesImportOnlyEmbeddedFiles(t *testing.T) {
	h := Handler()
	imp := regexp.MustCompile(`from '(\./|/assets/|/sheet/assets/)([a-z0-9-]+\.js)'`)
	dirs := map[string]string{"static/assets": "/assets/", "static/sheet": "/sheet/assets/"}
	read := 0
	for dir, url := range dirs {
		files, err := fs.Glob(static, dir+"/*.js")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range files {
			f := url + path.Base(p)
			if f == "/sheet/assets/sw.js" {
				f = "/sheet/sw.js" // served from /sheet/, for its scope
			}
			r := get(t, h, f)
			if r.StatusCode != 200 {
				t.Fatalf("%s: %d", f, r.StatusCode)
			}
			read++
			for _, m := range imp.FindAllStringSubmatch(body(t, r), -1) {
				at := m[1]
				if at == "./" {
					at = url
				}
				if get(t, h, at+m[2]).StatusCode != 200 {
					t.Errorf("%s imports %s%s, which is not embedded", f, m[1], m[2])
				}
			}
		}
	}
	if read < 15 {
		t.Fatalf("only %d modules read: the client moved?", read)
	}
}

// maxLines is the most lines a file of the client may have: a file longer
// than that holds more than one job, and is split by concern (issue 26).
const maxLines = 500

// generated are the files under static/ no one writes by hand, which the
// limit leaves alone: both come from genengine.go (go generate).
var generated = map[string]string{
	"static/sheet/wasm_exec.js":   "the Go distribution's loader for WebAssembly, copied as it is",
	"static/sheet/engine.wasm.gz": "the engine compiled to WebAssembly, gzipped: no text at all",
}

// TestStaticFilesStaySmall fails when a file of the client grows past
// maxLines: split it into modules, each with one job.
func TestStaticFilesStaySmall(t *testing.T) {
	n := 0
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if _, ok := generated[p]; ok {
			return nil
		}
		b, err := static.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		if lines := strings.Count(string(b), "\n"); lines > maxLines {
			t.Errorf("%s has %d lines, more than %d: split it into modules by concern", p, lines, maxLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Fatalf("only %d files read: the client moved?", n)
	}
	for p := range generated {
		if _, err := static.Open(p); err != nil {
			t.Errorf("%s is listed as generated but is not embedded: drop it from the list", p)
		}
	}
}

// TestServiceWorkerKeepsEveryModule reads the score keeper's modules and
// the files the site's service worker keeps (/sw.js, SHELL): a module, or
// a file one imports (the shared /assets/ ones too, the catalogue's
// locale.js and the page's language menu among them), that the worker did
// not keep would leave the page unable to open offline, which only a
// phone without network would show. The list is made from the embedded
// files (TestWorkerKeepsEveryFile); this reads it as the page needs it.
func TestServiceWorkerKeepsEveryModule(t *testing.T) {
	_, shell := workerShell(t, body(t, get(t, Handler(), "/sw.js")))
	kept := map[string]bool{}
	for _, url := range shell {
		kept[url] = true
	}
	for _, want := range []string{"/locale/index.json", "/locale/en.json"} {
		if !kept[want] {
			t.Errorf("sw.js does not keep %s, which assets/locale.js reads", want)
		}
	}
	files, err := fs.Glob(static, "static/sheet/*.js")
	if err != nil {
		t.Fatal(err)
	}
	// The modules the page loads: its own, and the scripts of its HTML.
	var todo []string
	for _, p := range files {
		if name := path.Base(p); name != "sw.js" {
			todo = append(todo, "/sheet/assets/"+name)
		}
	}
	html, err := static.ReadFile("static/sheet/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`<script[^>]* src="([^"]+)"`).FindAllStringSubmatch(string(html), -1) {
		todo = append(todo, m[1])
	}
	imp := regexp.MustCompile(`from '(\./|/assets/|/sheet/assets/)([a-z0-9-]+\.js)'`)
	seen := map[string]bool{}
	for len(todo) > 0 {
		url := todo[0]
		todo = todo[1:]
		if seen[url] {
			continue
		}
		seen[url] = true
		if !kept[url] {
			t.Errorf("sw.js does not keep %s", url)
		}
		b, err := static.ReadFile(staticPath(url))
		if err != nil {
			t.Errorf("%s: %v", url, err)
			continue
		}
		for _, m := range imp.FindAllStringSubmatch(string(b), -1) {
			at := m[1]
			if at == "./" {
				at = path.Dir(url) + "/"
			}
			todo = append(todo, at+m[2])
		}
	}
}

// staticPath is the embedded file a page's address serves.
func staticPath(url string) string {
	if rest, ok := strings.CutPrefix(url, "/sheet/assets/"); ok {
		return "static/sheet/" + rest
	}
	return "static" + url
}
