package scorekeeper

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/skullking-go/skullking/internal/recordtest"
)

// FuzzDecodeSheet feeds the sheet decoder anything: it must never panic,
// and a sheet it accepts and that scores must export as a record the
// engine replays to the same totals.
func FuzzDecodeSheet(f *testing.F) {
	for _, seed := range []string{
		`{"players": ["Ann", "Ben"]}`,
		`{"version": 3, "title": "Friday", "players": ["Ann", "Ben", "Cat"], "options": {"loot": true, "pirate_abilities": true},
		  "rounds": [{"bids": [1, 0, 0], "won": [1, 0, 0], "bonuses": [{"seat": 0, "kind": "fourteen", "suit": "black"}]},
		             {"bids": [1, 1, 0], "won": [1, 1, 0], "loot": [[2, 0]], "wagers": [10, 0, 0],
		              "bonuses": [{"seat": 1, "kind": "skull_king_took_pirates", "count": 2}]}],
		  "rule_changes": [{"from_round": 3, "options": {"zero_scaling": "flat"}}]}`,
		`{"players": ["Ann", "Ben", "Cat"], "options": {"scoring": "rascal", "cannon_load": true},
		  "rounds": [{"cards": 2, "bids": [2, 0, 0], "won": [2, 0, 0], "cannon": ["cannonball", "grapeshot", "grapeshot"]}]}`,
		`{"players": ["Ann", "Ben", "Cat"], "options": {"rounds": 1},
		  "rounds": [{"bids": [0, 0, 0], "won": [0, 0, 1]}, {"bids": [1, 0, 0], "won": [1, 0, 0], "bonus_points": [30, 0, 0]}]}`,
		`{"players": ["Ann", "Ben"], "rounds": [{"bids": [1, 0], "won": [0, 0],
		  "bonuses": [{"seat": 0, "kind": "mermaid_took_skull_king"}]}], "score": {"totals": [1]}, "id": "x", "read_only": true}`,
		`{"players": ["Ann", "Ben", "Cat", "Dan"], "options": {"kraken": true, "white_whale": true, "schedule": [3, 1]},
		  "rounds": [{"bids": [1, 1, 0, 0], "won": [1, 0, 0, 0], "loot": [[0]]}]}`,
		`{"players": [], "rounds": null, "rule_changes": [{}]}`,
		`[]`, `null`, `{"players": ["a", "b"]}{}`, `{"players": ["\u0000", "b"]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, _, err := DecodeSheet(data)
		if err != nil {
			if s != nil {
				t.Fatal("a refused sheet was returned")
			}
			return
		}
		sc, err := s.Score()
		if err != nil {
			return
		}
		if _, err := s.CSV(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Chart(); err != nil {
			t.Fatal(err)
		}
		if _, err := json.Marshal(s); err != nil {
			t.Fatal(err)
		}
		if _, err := json.Marshal(sc); err != nil {
			t.Fatal(err)
		}
		rec, err := s.Record()
		if err != nil {
			t.Fatal(err)
		}
		back, g, b := recordtest.Reread(t, rec)
		if !slices.Equal(g.Totals(), sc.Totals) {
			t.Fatalf("replayed totals %v, sheet %v\n%s", g.Totals(), sc.Totals, b)
		}
		// What the sheet exports, it imports back to the same totals.
		again, err := FromRecord(back)
		if err != nil {
			t.Fatalf("%v\n%s", err, b)
		}
		sc2, err := again.Score()
		if err != nil || !slices.Equal(sc2.Totals, sc.Totals) {
			t.Fatalf("re-imported: %v %v, want %v", err, sc2, sc.Totals)
		}
	})
}
