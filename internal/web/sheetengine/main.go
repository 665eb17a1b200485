//go:build js && wasm

// Command sheetengine is the score keeper's engine for the browser: the
// server's own scoring (scorekeeper.ScoreJSON) compiled to WebAssembly, so
// that a phone that lost the network still scores the round just entered,
// with the rules of the engine and not rules written again in JavaScript.
//
// It sets one function on the page, skullkingScoreSheet(sheetJSON), which
// takes a sheet as the page sends it to the server and returns, as JSON,
// what the server answers: the sheet's score, or the refusal with the
// sentence for the table. `go generate ./internal/web` builds it into
// static/sheet/engine.wasm.gz (see genengine.go).
package main

import (
	"syscall/js"

	"github.com/skullking-go/skullking/internal/scorekeeper"
)

func main() {
	js.Global().Set("skullkingScoreSheet", js.FuncOf(scoreSheet))
	// The function stays callable while the program runs: never return.
	select {}
}

// scoreSheet is skullkingScoreSheet. A panic would stop the Go program
// and every later call with it, so one is answered as the server answers
// it, and the engine goes on.
func scoreSheet(_ js.Value, args []js.Value) (answer any) {
	defer func() {
		if recover() != nil {
			answer = `{"error":"internal error","code":"internal"}`
		}
	}()
	if len(args) != 1 || args[0].Type() != js.TypeString {
		return `{"error":"malformed JSON: skullkingScoreSheet takes the sheet as one JSON string","code":"malformed"}`
	}
	return string(scorekeeper.ScoreJSON([]byte(args[0].String())))
}
