//go:build ignore

// Genengine builds the score keeper's engine for the browser (package
// sheetengine) into the page's files: static/sheet/engine.wasm.gz, the
// module gzipped once here so that the server sends it as it is, and
// static/sheet/wasm_exec.js, the Go distribution's loader that matches it.
// `go generate ./internal/web` runs it; TestEngineIsUpToDate runs it into a
// temporary directory and fails when the committed files differ.
//
// The build is reproducible: -trimpath, no version control stamp, and no
// GOFLAGS or GOWASM from the environment, so the same code and the same Go
// give the same bytes on any machine.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	out := flag.String("out", filepath.Join("static", "sheet"), "the directory the files are written to")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("genengine: ")

	tmp, err := os.MkdirTemp("", "engine")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "engine.wasm")
	build := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", wasm, "./engine")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=", "GOWASM=")
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
	for name, b := range map[string][]byte{"engine.wasm.gz": gz.Bytes(), "wasm_exec.js": loader} {
		if err := os.WriteFile(filepath.Join(*out, name), b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("engine.wasm: %d bytes, %d gzipped\n", len(raw), gz.Len())
}
