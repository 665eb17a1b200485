package web

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// regenerate is the command that rebuilds the score keeper's engine for
// the browser, for the messages of a stale one.
const regenerate = "go generate ./internal/web"

// TestEngineIsUpToDate rebuilds the score keeper's engine for the browser
// from the code as it is (genengine.go, reproducible) and fails when the
// committed module or its loader differs: the page must score offline with
// the code the server scores with.
func TestEngineIsUpToDate(t *testing.T) {
	dir := t.TempDir()
	out, err := exec.Command("go", "run", "genengine.go", "-out", dir).CombinedOutput()
	if err != nil {
		t.Fatalf("rebuilding the engine: %v\n%s", err, out)
	}
	t.Logf("%s", bytes.TrimSpace(out))
	for _, name := range []string{"engine.wasm.gz", "wasm_exec.js"} {
		fresh, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		committed, err := static.ReadFile("static/sheet/" + name)
		if err != nil {
			t.Fatalf("static/sheet/%s is missing: run `%s` and commit it", name, regenerate)
		}
		if strings.HasSuffix(name, ".gz") {
			// The module, not its compression, must be the same.
			if fresh, err = gunzip(fresh); err != nil {
				t.Fatal(err)
			}
			if committed, err = gunzip(committed); err != nil {
				t.Fatalf("static/sheet/%s does not decompress (%v): run `%s` and commit it", name, err, regenerate)
			}
		}
		if !bytes.Equal(fresh, committed) {
			t.Errorf("static/sheet/%s is stale: it was built from other code or with another Go (%d bytes, rebuilt %d); run `%s` and commit it",
				name, len(committed), len(fresh), regenerate)
		}
	}
}

// TestEngineIsServedCompressedAsWasm checks how the engine reaches the
// page: typed application/wasm (which WebAssembly.instantiateStreaming
// requires), gzipped as committed to a browser that takes gzip, plain to
// one that does not, each with its own ETag; and the score keeper's page
// allows WebAssembly where the table's page does not.
func TestEngineIsServedCompressedAsWasm(t *testing.T) {
	h := Handler()
	committed, err := static.ReadFile("static/sheet/engine.wasm.gz")
	if err != nil {
		t.Fatal(err)
	}
	const path = "/sheet/assets/engine.wasm"
	gz := get(t, h, path, "Accept-Encoding", "gzip, deflate, br")
	if gz.StatusCode != 200 || gz.Header.Get("Content-Type") != "application/wasm" || gz.Header.Get("Content-Encoding") != "gzip" ||
		gz.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("GET %s taking gzip: %d, headers %v", path, gz.StatusCode, gz.Header)
	}
	if b := body(t, gz); b != string(committed) {
		t.Fatalf("GET %s taking gzip: %d bytes, not the %d committed", path, len(b), len(committed))
	}
	for _, accept := range []string{"", "gzip;q=0, br", "identity"} {
		plain := get(t, h, path, "Accept-Encoding", accept)
		b := body(t, plain)
		if plain.StatusCode != 200 || plain.Header.Get("Content-Encoding") != "" || !strings.HasPrefix(b, "\x00asm") {
			t.Fatalf("GET %s with Accept-Encoding %q: %d, encoding %q, starts %q", path, accept, plain.StatusCode,
				plain.Header.Get("Content-Encoding"), b[:min(4, len(b))])
		}
		if plain.Header.Get("ETag") == gz.Header.Get("ETag") {
			t.Fatalf("the plain and the gzipped engine share the ETag %s", gz.Header.Get("ETag"))
		}
	}
	if r := get(t, h, path, "Accept-Encoding", "gzip", "If-None-Match", gz.Header.Get("ETag")); r.StatusCode != http.StatusNotModified {
		t.Fatalf("GET %s with its ETag: %d, want 304", path, r.StatusCode)
	}
	if r := get(t, h, "/sheet/assets/wasm_exec.js"); r.StatusCode != 200 || !strings.Contains(r.Header.Get("Content-Type"), "javascript") {
		t.Fatalf("GET the engine's loader: %d %q", r.StatusCode, r.Header.Get("Content-Type"))
	}
	if csp := get(t, h, "/sheet").Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval';") {
		t.Fatalf("the score keeper's CSP %q does not allow its engine", csp)
	}
	if csp := get(t, h, "/").Header.Get("Content-Security-Policy"); strings.Contains(csp, "wasm") {
		t.Fatalf("the table's CSP %q allows WebAssembly, which it does not use", csp)
	}
}
