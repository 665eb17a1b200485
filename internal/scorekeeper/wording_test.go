package scorekeeper

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
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

// The API's refusals that are the same sentence each time carry its id
// too: the keeper words them in its reader's language.
func TestFixedRefusalsAreWorded(t *testing.T) {
	h := NewHandler(NewMemoryStore())
	for _, c := range []struct{ path, reason string }{
		{"/api/sheets/0123456789abcdef0123456789abcdef", "keeper.error.no_sheet"},
		{"/api/sheets/nope", "keeper.error.bad_link"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, c.path, nil))
		var body apiError
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if body.Reason != c.reason {
			t.Errorf("GET %s: %+v, want the reason %s", c.path, body, c.reason)
		}
		if got := (words.Words{}).Reason(body.Reason, body.Args); got != body.Error {
			t.Errorf("GET %s in English: %q, want %q", c.path, got, body.Error)
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

// A body or an imported record of the wrong form names the field and what
// it should be in the catalogue's words too.
func TestMalformedBodiesAreWorded(t *testing.T) {
	h := NewHandler(NewMemoryStore())
	for _, c := range []struct{ path, body, reason string }{
		{"/api/sheets/import", `{"format": "skullking-record/1", "players": "Ann"}`, "keeper.error.record"},
		{"/api/sheets", `{"players": "Ann"}`, "keeper.error.json.field"},
		{"/api/sheets", `{"players": ["Ann", 3]}`, "keeper.error.json.item"},
		{"/api/sheets", `{"players": ["Ann", "Ben"], "rounds": [{"bids": "x"}]}`, "keeper.error.json.in_field"},
		{"/api/sheets", `{"players": ["Ann", "Ben"], "nope": 1}`, "keeper.error.json.unknown_field"},
		{"/api/sheets", ``, "keeper.error.json.empty"},
		{"/api/sheets", `{"players": [`, "keeper.error.json.cut"},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, c.path, strings.NewReader(c.body))
		req.Header.Set(BookHeader, "0123456789abcdef0123456789abcdef")
		h.ServeHTTP(rec, req)
		var body apiError
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if body.Reason != c.reason {
			t.Errorf("POST %s %s: %+v, want the reason %s", c.path, c.body, body, c.reason)
			continue
		}
		var wire map[string]any
		b, _ := json.Marshal(body.Args)
		_ = json.Unmarshal(b, &wire)
		if got := (words.Words{}).Reason(body.Reason, wire); got != body.Error {
			t.Errorf("POST %s %s in English: %q, want %q", c.path, c.body, got, body.Error)
		}
		if de := (words.Words{Lang: locale.For("de")}).Reason(body.Reason, wire); strings.Contains(de, "should be") || strings.Contains(de, "[keeper") {
			t.Errorf("POST %s %s in German: %q", c.path, c.body, de)
		}
	}
}
