package scorekeeper

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestScoreJSONAnswersAsTheAPI checks that the page's offline engine
// answers a sheet exactly as the server does when that sheet is sent to it:
// the same score, byte for byte, or the same refusal body — so that the
// points a phone shows offline are the points the server keeps once it is
// back.
func TestScoreJSONAnswersAsTheAPI(t *testing.T) {
	for _, tc := range []struct {
		name   string
		sheet  string
		status int
	}{
		{"a round with a capture", `{"players": ["Ann", "Ben"], "rounds": [{"bids": [1, 0], "won": [1, 0],
			"bonuses": [{"seat": 0, "kind": "fourteen", "suit": "black"}]}]}`, http.StatusCreated},
		{"modules, a rule change and the server's own fields sent back", `{"version": 3, "id": "x", "score": {"totals": [1]},
			"title": "Friday", "players": ["Ann", "Ben", "Cat"], "options": {"loot": true, "pirate_abilities": true},
			"rounds": [{"bids": [1, 0, 0], "won": [1, 0, 0]},
			           {"bids": [1, 1, 0], "won": [1, 1, 0], "loot": [[2, 0]], "wagers": [10, 0, 0],
			            "bonuses": [{"seat": 1, "kind": "skull_king_took_pirates", "count": 2}]}],
			"rule_changes": [{"from_round": 3, "options": {"zero_scaling": "flat"}}]}`, http.StatusCreated},
		{"a game played out, with its winner", `{"players": ["Ann", "Ben", "Cat"], "options": {"rounds": 2},
			"rounds": [{"bids": [1, 0, 0], "won": [1, 0, 0]}, {"bids": [2, 0, 0], "won": [2, 0, 0]}]}`, http.StatusCreated},
		{"an impossible round names its round", `{"players": ["Ann", "Ben"], "rounds": [{"bids": [1, 0], "won": [1, 0]},
			{"bids": [1, 1], "won": [2, 1]}]}`, http.StatusUnprocessableEntity},
		{"an impossible sheet", `{"players": ["Ann"]}`, http.StatusUnprocessableEntity},
		{"a field the API does not know", `{"players": ["Ann", "Ben"], "colour": "red"}`, http.StatusBadRequest},
		{"not JSON", `{"players": [`, http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t)
			resp := c.do("POST", "/api/sheets", tc.sheet)
			if resp.Code != tc.status {
				t.Fatalf("the API answered %d %s, want %d", resp.Code, resp.Body, tc.status)
			}
			want := bytes.TrimSuffix(resp.Body.Bytes(), []byte("\n"))
			if resp.Code == http.StatusCreated {
				var view struct {
					Score json.RawMessage `json:"score"`
				}
				if err := json.Unmarshal(want, &view); err != nil {
					t.Fatal(err)
				}
				want = view.Score
			}
			if got := ScoreJSON([]byte(tc.sheet)); !bytes.Equal(got, want) {
				t.Fatalf("ScoreJSON answered\n%s\nthe API\n%s", got, want)
			}
		})
	}
}

// TestCheckJSONAnswersAsTheAPI: the page's offline engine gives a round
// being entered the word POST /api/sheets/check gives it, byte for byte,
// so that an impossible round is stopped at its step with no network too.
func TestCheckJSONAnswersAsTheAPI(t *testing.T) {
	kraken := `{"players": ["Ann", "Ben", "Cat"], "options": {"kraken": true}, "rounds": [{"bids": [1, 0, 0], "won": [1, 0, 0]}]}`
	for _, tc := range []struct {
		name, body string
		status     int
	}{
		{"bids and tricks that can be", `{"sheet": ` + kraken + `, "round": {"bids": [1, 1, 0], "won": [1, 0, 0]}}`, http.StatusOK},
		{"two tricks to nobody with one Kraken", `{"sheet": ` + kraken + `, "round": {"bids": [0, 0, 0], "won": [0, 0, 0]}}`, http.StatusUnprocessableEntity},
		{"a correction of round 1", `{"sheet": ` + kraken + `, "round": {"bids": [1, 0, 0], "won": [0, 0, 2]}, "replace": 1}`, http.StatusUnprocessableEntity},
		{"a Loot ally with yourself", `{"sheet": {"players": ["Ann", "Ben", "Cat"], "options": {"loot": true}},
			"round": {"bids": [1, 0, 0], "won": [1, 0, 0], "loot": [[0, 0]]}}`, http.StatusUnprocessableEntity},
		{"no round", `{"sheet": ` + kraken + `}`, http.StatusBadRequest},
		{"an impossible sheet", `{"sheet": {"players": ["Ann"]}, "round": {"bids": [0], "won": [1]}}`, http.StatusUnprocessableEntity},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t)
			resp := c.do("POST", "/api/sheets/check", tc.body)
			if resp.Code != tc.status {
				t.Fatalf("the API answered %d %s, want %d", resp.Code, resp.Body, tc.status)
			}
			want := bytes.TrimSuffix(resp.Body.Bytes(), []byte("\n"))
			if got := CheckJSON([]byte(tc.body)); !bytes.Equal(got, want) {
				t.Fatalf("CheckJSON answered\n%s\nthe API\n%s", got, want)
			}
		})
	}
}

// TestRulesChangeJSONAnswersAsTheAPI: the page's engine says what a change
// of rules removes as POST /api/sheets/check-rules does, byte for byte, so
// that the keeper is asked before anything goes, online or not.
func TestRulesChangeJSONAnswersAsTheAPI(t *testing.T) {
	loot := `{"players": ["Ann", "Ben", "Cat"], "options": {"loot": true}, "rounds": [{"bids": [1, 0, 0], "won": [1, 0, 0], "loot": [[1, 0]]}]}`
	for _, tc := range []struct {
		name, body, has string
		status          int
	}{
		{"Loot off for the whole game", `{"sheet": ` + loot + `, "options": {}, "apply": "whole_game"}`,
			`"removed":[{"round":1,"kind":"loot","seat":1,"with":0}]`, http.StatusOK},
		{"Loot off from the next round", `{"sheet": ` + loot + `, "options": {}, "apply": "next_round"}`, `"removed":[]`, http.StatusOK},
		{"fewer rounds than entered", `{"sheet": {"players": ["Ann", "Ben"], "rounds": [{"bids": [1, 0], "won": [1, 0]}, {"bids": [2, 0], "won": [2, 0]}]},
			"options": {"rounds": 1}, "apply": "whole_game"}`, "the game was over after round 1", http.StatusUnprocessableEntity},
		{"an unknown apply", `{"sheet": ` + loot + `, "options": {}, "apply": "tomorrow"}`, "", http.StatusUnprocessableEntity},
		{"no options", `{"sheet": ` + loot + `}`, "", http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t)
			resp := c.do("POST", "/api/sheets/check-rules", tc.body)
			if resp.Code != tc.status || !strings.Contains(resp.Body.String(), tc.has) {
				t.Fatalf("the API answered %d %s, want %d with %s", resp.Code, resp.Body, tc.status, tc.has)
			}
			want := bytes.TrimSuffix(resp.Body.Bytes(), []byte("\n"))
			if got := RulesChangeJSON([]byte(tc.body)); !bytes.Equal(got, want) {
				t.Fatalf("RulesChangeJSON answered\n%s\nthe API\n%s", got, want)
			}
		})
	}
}
