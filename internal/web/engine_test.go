package web

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
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

// TestEngineIsUpToDate fails when the committed module of the score
// keeper's engine for the browser is stale: the page must score offline
// with the code the server scores with. It compares the module's inputs,
// not its bytes: genengine.go records beside the module the Go release it
// was built with (major version only) and a hash of the sources it was
// built from, and prints them again here without building. A byte-for-byte
// rebuild is left out: it takes many seconds, and any other Go patch
// release than the one that built the module would fail it with no change
// to the code. Instead the record holds the hashes of the module and its
// loader, so that one committed without the other fails here too.
func TestEngineIsUpToDate(t *testing.T) {
	record, err := os.ReadFile(filepath.Join("static", "sheet", engineInputs))
	if err != nil {
		t.Fatalf("static/sheet/%s is missing: run `%s` and commit it with the module", engineInputs, regenerate)
	}
	recorded := recordLines(string(record))
	out, err := exec.Command("go", "run", "genengine.go", "-inputs").Output()
	if err != nil {
		t.Fatalf("hashing the engine's sources: %v\n%s", err, exitStderr(err))
	}
	now := recordLines(string(out))
	if now["go"] == "" || now["sources"] == "" {
		t.Fatalf("genengine.go -inputs printed %q", out)
	}
	if recorded["go"] != now["go"] {
		t.Errorf("static/sheet/engine.wasm.gz was built with %s, this is %s: run `%s` and commit it", recorded["go"], now["go"], regenerate)
	}
	if recorded["sources"] != now["sources"] {
		t.Errorf("static/sheet/engine.wasm.gz is stale: the engine's code changed since it was built; run `%s` and commit the module with static/sheet/%s",
			regenerate, engineInputs)
	}
	for _, f := range []struct{ key, name string }{{"module", "engine.wasm.gz"}, {"loader", "wasm_exec.js"}} {
		b, err := static.ReadFile("static/sheet/" + f.name)
		if err != nil {
			t.Fatalf("static/sheet/%s is missing: run `%s` and commit it", f.name, regenerate)
		}
		sum := sha256.Sum256(b)
		if got := "sha256:" + hex.EncodeToString(sum[:]); recorded[f.key] != got {
			t.Errorf("static/sheet/%s is not the one static/sheet/%s records: run `%s` and commit both", f.name, engineInputs, regenerate)
		}
	}
}

// engineInputs is genengine.go's record of what the module was built from.
const engineInputs = "_engine.inputs"

// recordLines reads the record's "name value" lines, comments left out.
func recordLines(s string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(s, "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), " "); ok && !strings.HasPrefix(k, "#") {
			out[k] = v
		}
	}
	return out
}

// exitStderr is what a failed command wrote on its standard error.
func exitStderr(err error) []byte {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.Stderr
	}
	return nil
}

// TestEngineRecordIsNotServed: the record is the test's, not the page's;
// its name keeps it out of the embedded files.
func TestEngineRecordIsNotServed(t *testing.T) {
	if _, err := static.ReadFile("static/sheet/" + engineInputs); err == nil {
		t.Fatalf("static/sheet/%s is embedded in the site", engineInputs)
	}
	if r := get(t, Handler(), "/sheet/assets/"+engineInputs); r.StatusCode != http.StatusNotFound {
		t.Fatalf("GET /sheet/assets/%s: %d", engineInputs, r.StatusCode)
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
