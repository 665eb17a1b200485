//go:build js && wasm

// Command engine is the game's engine for the browser, compiled to
// WebAssembly: one module for two pages, so that the Go runtime is sent
// once. `go generate ./internal/web` builds it into
// static/sheet/engine.wasm.gz (see genengine.go).
//
// The score keeper runs it on its page (keeper.go): the server's own
// scoring, so that a phone that lost the network still scores the round
// just entered. The table page runs it in a Web Worker (local.go): the
// server's table actor and bots on the device, for a game against bots
// with no network at all.
package main

func main() {
	keeper()
	local()
	// The functions stay callable while the program runs: never return.
	select {}
}
