//go:build ignore

// Genengine builds the score keeper's engine for the browser (package
// sheetengine) into the page's files: static/sheet/engine.wasm.gz, the
// module gzipped once here so that the server sends it as it is, and
// static/sheet/wasm_exec.js, the Go distribution's loader that matches it.
// `go generate ./internal/web` runs it.
//
// Beside them it writes static/sheet/_engine.inputs: the Go release the
// module was built with (its major version, go1.26, not the patch) and a
// hash of every source it was built from — each non-test Go file of each
// package of this module the engine imports (as go list -deps reports them
// for js/wasm), the files those packages embed, go.mod, go.sum and this
// program — and the hashes of the two files it wrote. TestEngineIsUpToDate
// runs `go run genengine.go -inputs`, which prints the first two without
// building, and fails when they differ from the committed ones: a change to
// the engine's code makes the committed module stale whatever Go patch
// release builds it, so the test ties the repository to no one patch
// release. (The name's leading underscore keeps the file out of the
// embedded site: a browser has no use for it.)
//
// The build is reproducible: -trimpath, no version control stamp, and no
// GOFLAGS or GOWASM from the environment, so the same code and the same Go
// give the same bytes on any machine.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// inputsFile is the record of what the module was built from, beside it.
const inputsFile = "_engine.inputs"

// buildEnv is the environment of every go command here: the browser's
// platform, and nothing from the caller's GOFLAGS or GOWASM.
func buildEnv() []string {
	return append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=", "GOWASM=")
}

func main() {
	out := flag.String("out", filepath.Join("static", "sheet"), "the directory the files are written to")
	inputs := flag.Bool("inputs", false, "print the Go release and the sources' hash, and build nothing")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("genengine: ")

	release, sources, err := sourceLines()
	if err != nil {
		log.Fatal(err)
	}
	if *inputs {
		fmt.Print(release, sources)
		return
	}

	tmp, err := os.MkdirTemp("", "engine")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "engine.wasm")
	build := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", wasm, "./engine")
	build.Env = buildEnv()
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		log.Fatalf("building the engine: %v", err)
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		log.Fatal(err)
	}
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := zw.Write(raw); err != nil {
		log.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}

	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		log.Fatalf("finding the Go distribution: %v", err)
	}
	loader, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		log.Fatal(err)
	}
	record := "# What engine.wasm.gz was built from: written by genengine.go (go generate ./internal/web),\n" +
		"# checked by TestEngineIsUpToDate. Run go generate ./internal/web after changing the engine's code.\n" +
		release + sources +
		"module " + fileHash(gz.Bytes()) + "\n" +
		"loader " + fileHash(loader) + "\n"
	for name, b := range map[string][]byte{"engine.wasm.gz": gz.Bytes(), "wasm_exec.js": loader, inputsFile: []byte(record)} {
		if err := os.WriteFile(filepath.Join(*out, name), b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("engine.wasm: %d bytes, %d gzipped\n", len(raw), gz.Len())
}

func fileHash(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// majorRelease is the Go release without its patch: go1.26 for go1.26.8
// (and for go1.26rc1).
var majorRelease = regexp.MustCompile(`^go\d+\.\d+`)

// sourceLines are the record's lines of the Go release and of the hash of
// the sources.
func sourceLines() (release, sources string, err error) {
	v, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return "", "", fmt.Errorf("asking the Go release: %v", err)
	}
	major := majorRelease.FindString(strings.TrimSpace(string(v)))
	if major == "" {
		return "", "", fmt.Errorf("a Go release %q with no major version", v)
	}
	sum, err := sourcesHash()
	if err != nil {
		return "", "", err
	}
	return "go " + major + "\n", "sources " + sum + "\n", nil
}

// listedPackage is what go list -json says of a package that the hash
// needs.
type listedPackage struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	CgoFiles   []string
	EmbedFiles []string
	Module     *struct {
		Main bool
		Dir  string
	}
}

// sourcesHash hashes every file the engine is built from that this module
// holds, each under its path in the module: the other modules' code is
// named by go.mod and go.sum.
func sourcesHash() (string, error) {
	list := exec.Command("go", "list", "-deps", "-json", "./engine")
	list.Env = buildEnv()
	list.Stderr = os.Stderr
	out, err := list.Output()
	if err != nil {
		return "", fmt.Errorf("listing the engine's packages: %v", err)
	}
	var root string
	files := map[string]bool{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return "", fmt.Errorf("reading go list: %v", err)
		}
		if p.Module == nil || !p.Module.Main {
			continue
		}
		root = p.Module.Dir
		for _, names := range [][]string{p.GoFiles, p.CgoFiles, p.EmbedFiles} {
			for _, name := range names {
				files[filepath.Join(p.Dir, name)] = true
			}
		}
	}
	if root == "" || len(files) == 0 {
		return "", errors.New("go list reports no package of this module in the engine")
	}
	self, err := filepath.Abs("genengine.go")
	if err != nil {
		return "", err
	}
	files[filepath.Join(root, "go.mod")], files[filepath.Join(root, "go.sum")], files[self] = true, true, true
	paths := make([]string, 0, len(files))
	for f := range files {
		rel, err := filepath.Rel(root, f)
		if err != nil || strings.HasPrefix(rel, "..") {
			return "", fmt.Errorf("%s is outside the module at %s", f, root)
		}
		paths = append(paths, filepath.ToSlash(rel))
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, rel := range paths {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return "", err
		}
		// Each file's path and length before its bytes: no two sets of
		// files hash alike by moving bytes from one to the next.
		fmt.Fprintf(h, "%s\x00%d\x00", rel, len(b))
		h.Write(b)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}
