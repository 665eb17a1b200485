package web

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skullking-go/skullking/locale"
)

// workerShell reads the list of files and the version out of a served
// /sw.js.
func workerShell(t *testing.T, src string) (version string, shell []string) {
	t.Helper()
	v := regexp.MustCompile(`(?m)^const VERSION = (".*");$`).FindStringSubmatch(src)
	l := regexp.MustCompile(`(?m)^const SHELL = (\[.*\]);$`).FindStringSubmatch(src)
	if v == nil || l == nil {
		t.Fatalf("/sw.js has no VERSION or SHELL line filled in:\n%s", src[:min(len(src), 2000)])
	}
	if err := json.Unmarshal([]byte(v[1]), &version); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(l[1]), &shell); err != nil {
		t.Fatal(err)
	}
	return version, shell
}

// TestWorkerKeepsEveryFile: the service worker's list is every embedded
// file at its address (but the former worker), every page, the manifest
// and the catalogue in every language, and each address on it answers:
// one that did not would stop the worker from installing at all.
func TestWorkerKeepsEveryFile(t *testing.T) {
	h := Handler()
	r := get(t, h, "/sw.js")
	src := body(t, r)
	if r.StatusCode != 200 || !strings.Contains(r.Header.Get("Content-Type"), "javascript") || r.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("GET /sw.js: %d, headers %v", r.StatusCode, r.Header)
	}
	version, shell := workerShell(t, src)
	if version == "" {
		t.Fatal("/sw.js names no version")
	}
	kept := map[string]bool{}
	for _, url := range shell {
		kept[url] = true
	}
	want := []string{"/", "/rules", "/sheet", "/manifest.webmanifest", "/locale/index.json",
		"/assets/icon-192.png", "/assets/icon-512.png", "/assets/icon-maskable-512.png", "/sheet/assets/engine.wasm"}
	for _, code := range locale.Codes() {
		want = append(want, "/locale/"+code+".json")
	}
	for _, url := range want {
		if !kept[url] {
			t.Errorf("/sw.js does not keep %s", url)
		}
	}
	for name := range maps.Keys(embedded(t)) {
		if _, skip := notKept[name]; skip {
			if kept[addressOf(name)] {
				t.Errorf("/sw.js keeps %s, which it should not: %s", addressOf(name), notKept[name])
			}
			continue
		}
		if !kept[addressOf(name)] {
			t.Errorf("/sw.js does not keep static/%s (at %s): serve it there, or teach addressOf where it is served",
				name, addressOf(name))
		}
	}
	for _, url := range shell {
		if r := get(t, h, url, "Accept-Encoding", "gzip"); r.StatusCode != 200 {
			t.Errorf("GET %s, which /sw.js keeps: %d", url, r.StatusCode)
		}
	}
	// With the pseudo-language (serve --pseudo-locale), the worker keeps
	// it too, as the menu offers it.
	pseudo, err := locale.Default().WithPseudo()
	if err != nil {
		t.Fatal(err)
	}
	ph := HandlerWith(pseudo)
	_, withPseudo := workerShell(t, body(t, get(t, ph, "/sw.js")))
	if !slices.Contains(withPseudo, "/locale/"+locale.PseudoCode+".json") {
		t.Errorf("/sw.js with the pseudo-language does not keep it: %v", withPseudo)
	}
	for _, url := range withPseudo {
		if r := get(t, ph, url); r.StatusCode != 200 {
			t.Errorf("GET %s with the pseudo-language, which /sw.js keeps: %d", url, r.StatusCode)
		}
	}
	if slices.Contains(shell, "/sheet/sw.js") || slices.Contains(shell, "/sw.js") || slices.ContainsFunc(shell, func(u string) bool { return strings.HasPrefix(u, "/api/") }) {
		t.Errorf("/sw.js keeps a worker or the API in its versioned shell: %v", shell)
	}
}

// embedded are the files of static/ by the names the site knows them: a
// file embedded gzipped under its name without .gz.
func embedded(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.ReadFile(p)
		files[strings.TrimSuffix(strings.TrimPrefix(p, "static/"), ".gz")] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 20 {
		t.Fatalf("only %d files embedded: the client moved?", len(files))
	}
	return files
}

// TestWorkerVersionFollowsEveryFile: the version the worker carries
// changes when any one file changes, so the browser installs the release
// that has it; and a handler told a version serves that one.
func TestWorkerVersionFollowsEveryFile(t *testing.T) {
	files := embedded(t)
	build := func() *site {
		fsys := fstest.MapFS{}
		s := &site{fsys: fsys, files: map[string]asset{}}
		for name, b := range files {
			fsys["static/"+name] = &fstest.MapFile{Data: b}
			s.files[name] = asset{embedded: "static/" + name}
		}
		return s
	}
	cat := locale.Default()
	first := build().release(cat)
	if again := build().release(cat); again != first {
		t.Fatalf("the same files make versions %s and %s", first, again)
	}
	seen := map[string]string{first: "the files as they are"}
	for _, name := range []string{"index.html", "assets/style.css", "sheet/engine.wasm", "assets/icon-512.png"} {
		orig := files[name]
		files[name] = append(slices.Clip(orig), ' ')
		v := build().release(cat)
		files[name] = orig
		if was, ok := seen[v]; ok {
			t.Errorf("a change of %s leaves the version %s of %s", name, v, was)
		}
		seen[v] = "a change of " + name
	}
	// A file moved to another name is another release too.
	moved := build()
	moved.files["assets/moved.css"] = moved.files["assets/style.css"]
	delete(moved.files, "assets/style.css")
	if moved.release(cat) == first {
		t.Error("a file renamed leaves the version as it was")
	}
	// The served worker carries the release's version, or the one it is told.
	if v, _ := workerShell(t, body(t, get(t, Handler(), "/sw.js"))); v != first {
		t.Errorf("/sw.js says version %q, the files make %q", v, first)
	}
	if v, _ := workerShell(t, body(t, get(t, HandlerOptions(cat, Options{Version: "next"}), "/sw.js"))); v != "next" {
		t.Errorf("/sw.js told the version next says %q", v)
	}
}

// TestFormerKeeperWorkerStepsAside: the score keeper's former worker,
// which phones fetch at /sheet/sw.js for its scope "/sheet", is now one
// that unregisters itself, so the site's takes over.
func TestFormerKeeperWorkerStepsAside(t *testing.T) {
	r := get(t, Handler(), "/sheet/sw.js")
	b := body(t, r)
	if r.StatusCode != 200 || r.Header.Get("Service-Worker-Allowed") != "/sheet" || !strings.Contains(r.Header.Get("Content-Type"), "javascript") {
		t.Fatalf("GET /sheet/sw.js: %d, headers %v", r.StatusCode, r.Header)
	}
	for _, want := range []string{"skipWaiting()", "registration.unregister()"} {
		if !strings.Contains(b, want) {
			t.Errorf("/sheet/sw.js does not call %s", want)
		}
	}
	if strings.Contains(b, "'fetch'") {
		t.Error("/sheet/sw.js still answers requests")
	}
}

// TestManifestMakesTheSiteAnApp checks the web app manifest: what a
// browser asks of an app to install it, the theme of style.css, icons that
// are there at their sizes, and the description in the reader's language.
func TestManifestMakesTheSiteAnApp(t *testing.T) {
	h := Handler()
	r := get(t, h, "/manifest.webmanifest", "Accept-Language", "fr-CH, en;q=0.5")
	if r.StatusCode != 200 || r.Header.Get("Content-Type") != "application/manifest+json" {
		t.Fatalf("GET /manifest.webmanifest: %d %q", r.StatusCode, r.Header.Get("Content-Type"))
	}
	var m webManifest
	if err := json.Unmarshal([]byte(body(t, r)), &m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "Skull King" || m.ShortName == "" || m.StartURL != "/" || m.Scope != "/" || m.Display != "standalone" {
		t.Errorf("manifest: name %q, short name %q, start %q, scope %q, display %q", m.Name, m.ShortName, m.StartURL, m.Scope, m.Display)
	}
	if want := locale.For("fr").T("site.app.description", nil); m.Description != want || m.Lang != "fr" {
		t.Errorf("manifest for a French reader: %q in %q, want %q", m.Description, m.Lang, want)
	}
	css, err := static.ReadFile("static/assets/style.css")
	if err != nil {
		t.Fatal(err)
	}
	sea := regexp.MustCompile(`--sea: (#[0-9a-f]{6});`).FindSubmatch(css)
	if sea == nil || m.ThemeColor != string(sea[1]) || m.BackgroundColor != string(sea[1]) {
		t.Errorf("manifest colours %s and %s, style.css's sea %s", m.ThemeColor, m.BackgroundColor, sea)
	}
	sizes := map[string]bool{}
	for _, ic := range m.Icons {
		ir := get(t, h, ic.Src)
		b := body(t, ir)
		if ir.StatusCode != 200 || ir.Header.Get("Content-Type") != ic.Type {
			t.Errorf("icon %s: %d %q, the manifest says %s", ic.Src, ir.StatusCode, ir.Header.Get("Content-Type"), ic.Type)
			continue
		}
		sizes[ic.Purpose+" "+ic.Sizes] = true
		if ic.Type != "image/png" {
			continue
		}
		cfg, err := png.DecodeConfig(strings.NewReader(b))
		if err != nil {
			t.Errorf("icon %s: %v", ic.Src, err)
			continue
		}
		if got := strconv.Itoa(cfg.Width) + "x" + strconv.Itoa(cfg.Height); got != ic.Sizes {
			t.Errorf("icon %s is %s, the manifest says %s", ic.Src, got, ic.Sizes)
		}
	}
	for _, want := range []string{"any 192x192", "any 512x512", "maskable 512x512", "any any"} {
		if !sizes[want] {
			t.Errorf("the manifest has no %s icon: %v", want, m.Icons)
		}
	}
}

// TestPagesLinkTheApp: every page names the manifest, the theme colour and
// the home screen icon, and loads the module that registers the worker,
// under a policy that allows both.
func TestPagesLinkTheApp(t *testing.T) {
	h := Handler()
	for _, path := range []string{"/", "/t/k7qx2mpa9c", "/rules", "/sheet", "/sheet/new"} {
		r := get(t, h, path)
		b := body(t, r)
		for _, want := range []string{`<link rel="manifest" href="/manifest.webmanifest">`, `<meta name="theme-color" content="` + themeColor + `">`,
			`<link rel="apple-touch-icon" href="/assets/apple-touch-icon.png">`, `<script type="module" src="/assets/update.js"></script>`} {
			if !strings.Contains(b, want) {
				t.Errorf("%s lacks %s", path, want)
			}
		}
		csp := r.Header.Get("Content-Security-Policy")
		for _, want := range []string{"manifest-src 'self'", "worker-src 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: the policy %q lacks %s", path, csp, want)
			}
		}
	}
	if ir := get(t, h, "/assets/apple-touch-icon.png"); ir.StatusCode != 200 {
		t.Errorf("the home screen icon: %d", ir.StatusCode)
	}
}

// TestUpdateBannerWritesNoSentence: the update banner's words are the
// catalogue's (site.update.*), in every language.
func TestUpdateBannerWritesNoSentence(t *testing.T) {
	b, err := static.ReadFile("static/assets/update.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range proseIn(string(b)) {
		t.Errorf("update.js %s: put it in locale/en.json", f)
	}
	for _, id := range []string{"site.update.ready", "site.update.reload"} {
		if !strings.Contains(string(b), "'"+id+"'") {
			t.Errorf("update.js does not say %s", id)
		}
	}
}

// TestIconsAreUpToDate draws the icons again (genicons.go) and fails when
// a committed one has other pixels: the icons are made, not edited.
func TestIconsAreUpToDate(t *testing.T) {
	dir := t.TempDir()
	out, err := exec.Command("go", "run", "genicons.go", "-out", dir).CombinedOutput()
	if err != nil {
		t.Fatalf("drawing the icons: %v\n%s", err, out)
	}
	fresh, err := filepath.Glob(filepath.Join(dir, "*.png"))
	if err != nil || len(fresh) < 4 {
		t.Fatalf("genicons drew %v (%v)", fresh, err)
	}
	decode := func(b []byte) image.Image {
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	for _, f := range fresh {
		name := filepath.Base(f)
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		committed, err := static.ReadFile("static/assets/" + name)
		if err != nil {
			t.Errorf("static/assets/%s is missing: run `%s` and commit it", name, regenerate)
			continue
		}
		// The pixels, not their compression, must be the same.
		a, c := decode(b), decode(committed)
		if a.Bounds() != c.Bounds() || !samePixels(a, c) {
			t.Errorf("static/assets/%s is not what genicons.go draws: run `%s` and commit it", name, regenerate)
		}
	}
}

func samePixels(a, b image.Image) bool {
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}
