//go:build js && wasm

// Command sheetengine is the score keeper's engine for the browser: the
// server's own scoring (scorekeeper.ScoreJSON) compiled to WebAssembly, so
// that a phone that lost the network still scores the round just entered,
// with the rules of the engine and not rules written again in JavaScript.
//
// It sets two functions on the page, each taking JSON as the page sends it
// to the server and returning, as JSON, what the server answers:
// skullkingScoreSheet(sheet) the sheet's score (scorekeeper.ScoreJSON), and
// skullkingCheckRound(request) the word on a round being entered
// (scorekeeper.CheckJSON, POST /api/sheets/check), and
// skullkingCheckRules(request) what a change of rules makes of the sheet and
// what it removes (scorekeeper.RulesChangeJSON, POST
// /api/sheets/check-rules); or the refusal with the sentence for the table. `go generate ./internal/web` builds it into
// static/sheet/engine.wasm.gz (see genengine.go).
package main

import (
	"syscall/js"

	"github.com/skullking-go/skullking/internal/scorekeeper"
)

func main() {
	js.Global().Set("skullkingScoreSheet", js.FuncOf(answer("skullkingScoreSheet", scorekeeper.ScoreJSON)))
	js.Global().Set("skullkingCheckRound", js.FuncOf(answer("skullkingCheckRound", scorekeeper.CheckJSON)))
	js.Global().Set("skullkingCheckRules", js.FuncOf(answer("skullkingCheckRules", scorekeeper.RulesChangeJSON)))
	// The function stays callable while the program runs: never return.
	select {}
}

// answer makes the page's function name of f. A panic would stop the Go
// program and every later call with it, so one is answered as the server
// answers it, and the engine goes on.
func answer(name string, f func([]byte) []byte) func(js.Value, []js.Value) any {
	return func(_ js.Value, args []js.Value) (out any) {
		defer func() {
			if recover() != nil {
				out = `{"error":"internal error","code":"internal","reason":"error.internal"}`
			}
		}()
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":"malformed JSON: ` + name + ` takes one JSON string","code":"malformed"}`
		}
		return string(f([]byte(args[0].String())))
	}
}
