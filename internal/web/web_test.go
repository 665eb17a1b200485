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

func TestRulesPageCarriesTheFanFooter(t *testing.T) {
	b := body(t, get(t, Handler(), "/rules"))
	if !strings.Contains(b, "unofficial fan implementation, not affiliated with the publisher") {
		t.Fatal("the rules page lacks the footer")
	}
	if !strings.Contains(body(t, get(t, Handler(), "/")), "not affiliated with the publisher") {
		t.Fatal("the table page lacks the footer")
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
