package scorekeeper

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/words"
)

// A round the rules refuse comes with the catalogue's id of its sentence
// and the facts it takes, through the API's JSON as through the engine's
// in the browser (CheckJSON): in English they read as the sentence the
// answer's error holds, and in German without a word of it.
func TestRefusedRoundsAreWorded(t *testing.T) {
	for _, c := range []struct {
		reason string
		round  string
	}{
		{"result.tricks_over", `{"bids":[0,0,0],"won":[1,1,0]}`},
		{"result.table.sk_pirates", `{"cards":3,"bids":[0,0,0],"won":[1,1,1],"bonuses":[
			{"seat":0,"kind":"skull_king_took_pirates","count":1},{"seat":1,"kind":"skull_king_took_pirates","count":1}]}`},
		{"result.events.fourteen_both", `{"cards":3,"bids":[0,0,0],"won":[1,1,1],"bonuses":[
			{"seat":0,"kind":"fourteen","suit":"black"},{"seat":2,"kind":"fourteen","suit":"black"}]}`},
		{"result.events.fourteen_twice", `{"cards":3,"bids":[0,0,0],"won":[1,1,1],"bonuses":[
			{"seat":1,"kind":"fourteen","suit":"green"},{"seat":1,"kind":"fourteen","suit":"green"}]}`},
		{"result.events.own_tricks", `{"cards":3,"bids":[0,0,0],"won":[1,2,0],"bonuses":[
			{"seat":0,"kind":"skull_king_took_pirates","count":1},{"seat":0,"kind":"mermaid_took_skull_king"}]}`},
	} {
		req := `{"sheet":{"players":["Ann","Ben","Cat"]},"round":` + c.round + `}`
		var body refusalBody
		if err := json.Unmarshal(CheckJSON([]byte(req)), &body); err != nil {
			t.Fatal(err)
		}
		if body.Reason != c.reason || body.Round != 1 {
			t.Errorf("%s: answered %+v", c.reason, body)
			continue
		}
		english := (words.Words{}).Reason(body.Reason, body.Args)
		if want := strings.TrimPrefix(body.Error, "round 1: "); english != want {
			t.Errorf("%s in English: %q, want %q", c.reason, english, want)
		}
		german := (words.Words{Lang: locale.For("de")}).Reason(body.Reason, body.Args)
		if strings.Contains(german, english) || strings.Contains(german, "[") || german == "" {
			t.Errorf("%s in German: %q", c.reason, german)
		}
	}
}

// A round entered after the game ended names who won, as a list the
// reader's language joins.
func TestRoundAfterTheEndIsWorded(t *testing.T) {
	sheet := `{"players":["Ann","Ben","Cat"],"options":{"rounds":1},"rounds":[
		{"bids":[1,1,0],"won":[1,0,0]},{"bids":[0,0,0],"won":[0,0,1]}]}`
	var body refusalBody
	if err := json.Unmarshal(ScoreJSON([]byte(sheet)), &body); err != nil {
		t.Fatal(err)
	}
	if body.Reason != "result.over_after" || body.Round != 2 {
		t.Fatalf("answered %+v", body)
	}
	if got, want := (words.Words{}).Reason(body.Reason, body.Args), strings.TrimPrefix(body.Error, "round 2: "); got != want {
		t.Errorf("in English: %q, want %q", got, want)
	}
}
