package scorekeeper

import (
	"bytes"
	"encoding/json"
	"net/http"
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
