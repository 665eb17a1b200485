//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/skullking-go/skullking/internal/scorekeeper"
)

// keeper sets the score keeper's functions on the page, each taking JSON
// as the page sends it to the server and returning, as JSON, what the
// server answers: skullkingScoreSheet(sheet) the sheet's score
// (scorekeeper.ScoreJSON), skullkingCheckRound(request) the word on a
// round being entered (scorekeeper.CheckJSON, POST /api/sheets/check), and
// skullkingCheckRules(request) what a change of rules makes of the sheet
// and what it removes (scorekeeper.RulesChangeJSON, POST
// /api/sheets/check-rules); or the refusal.
func keeper() {
	js.Global().Set("skullkingScoreSheet", js.FuncOf(answer("skullkingScoreSheet", scorekeeper.ScoreJSON)))
	js.Global().Set("skullkingCheckRound", js.FuncOf(answer("skullkingCheckRound", scorekeeper.CheckJSON)))
	js.Global().Set("skullkingCheckRules", js.FuncOf(answer("skullkingCheckRules", scorekeeper.RulesChangeJSON)))
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
