package scorekeeper

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/recordtest"
)

// roundTrip exports s as a document, imports it and exports it again: the
// two exports, and the sheet imported.
func roundTrip(t interface {
	Helper()
	Fatalf(string, ...any)
	Fatal(...any)
}, s *Sheet) (first, again []byte, back *Sheet) {
	t.Helper()
	d, err := s.Document()
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	if first, err = d.Marshal(); err != nil {
		t.Fatal(err)
	}
	if back, err = ParseDocument(first); err != nil {
		t.Fatalf("import: %v\n%s", err, first)
	}
	d2, err := back.Document()
	if err != nil {
		t.Fatalf("export again: %v", err)
	}
	if again, err = d2.Marshal(); err != nil {
		t.Fatal(err)
	}
	return first, again, back
}

// genSheet draws a sheet that scores: 2 to 8 players, up to 5 rounds of the
// standard schedule with bids, tricks and capture events (at most one a
// seat, each in a trick the seat won), perhaps a title and a change of
// bonus values from a later round.
func genSheet(t *rapid.T) *Sheet {
	names := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	n := rapid.IntRange(2, 8).Draw(t, "players")
	s := &Sheet{Game: NewToken(), Players: slices.Clone(names[:n]), Options: skullking.DefaultOptions(),
		Title: rapid.SampledFrom([]string{"", "Friday", "Ann's birthday"}).Draw(t, "title")}
	rounds := rapid.IntRange(0, 5).Draw(t, "rounds")
	for i := range rounds {
		cards := min(i+1, s.Options.MaxHand(n))
		r := Round{Bids: make([]int, n), Won: make([]int, n)}
		for seat := range n {
			r.Bids[seat] = rapid.IntRange(0, cards).Draw(t, "bid")
		}
		for range cards {
			r.Won[rapid.IntRange(0, n-1).Draw(t, "trick to")]++
		}
		suits := []string{"green", "yellow", "purple", "black"}
		skullKing, mermaids := false, 2
		for seat := range n {
			if r.Won[seat] == 0 {
				continue
			}
			switch rapid.IntRange(0, 3).Draw(t, "capture") {
			case 1:
				if len(suits) > 0 {
					k := rapid.IntRange(0, len(suits)-1).Draw(t, "suit")
					r.Bonuses = append(r.Bonuses, Bonus{Seat: seat, Kind: Fourteen, Suit: suits[k]})
					suits = slices.Delete(suits, k, k+1)
				}
			case 2:
				if !skullKing {
					skullKing = true
					r.Bonuses = append(r.Bonuses, Bonus{Seat: seat, Kind: SkullKingTookPirates, Count: rapid.IntRange(1, 2).Draw(t, "pirates")})
				}
			case 3:
				if mermaids > 0 {
					mermaids--
					r.Bonuses = append(r.Bonuses, Bonus{Seat: seat, Kind: PirateTookMermaids, Count: 1})
				}
			}
		}
		s.Rounds = append(s.Rounds, r)
	}
	if rounds > 0 && rapid.Bool().Draw(t, "rule change") {
		o := skullking.DefaultOptions()
		o.BonusFourteen = rapid.IntRange(0, 50).Draw(t, "bonus fourteen")
		s.Changes = []RuleChange{{FromRound: rapid.IntRange(2, rounds+1).Draw(t, "from round"), Options: o}}
	}
	if _, err := s.Score(); err != nil {
		t.Fatalf("the generator drew a sheet that does not score: %v", err)
	}
	return s
}

// TestDocumentRoundTripIsTheIdentity: export → import → export gives the
// same document, byte for byte, and the sheet imported is the sheet
// exported — title, players, capture events, rules round by round, game id.
func TestDocumentRoundTripIsTheIdentity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSheet(t)
		first, again, back := roundTrip(t, s)
		if !bytes.Equal(first, again) {
			t.Fatalf("export, import, export differ:\n%s\n%s", first, again)
		}
		if back.Game != s.Game || back.Title != s.Title || !samePart(append([]Round{}, back.Rounds...), append([]Round{}, s.Rounds...)) || !samePart(rulesOf(back), rulesOf(s)) {
			t.Fatalf("imported %+v, exported %+v", back, s)
		}
	})
}

// TestDocumentOfAPlayedRecord: a game played card by card and imported
// keeps its capture events through export and import.
func TestDocumentOfAPlayedRecord(t *testing.T) {
	o := skullking.DefaultOptions()
	o.Rounds = 4
	for seed := range uint64(3) {
		s, _ := imported(t, recordtest.RandomGame(t, 4, o, seed+40))
		s.Game = NewToken()
		first, again, _ := roundTrip(t, s)
		if !bytes.Equal(first, again) {
			t.Fatalf("seed %d: export, import, export differ:\n%s\n%s", seed, first, again)
		}
	}
}

// TestImportedCapturesFollowALaterRuleChange: capture events come back as
// events, so a house rule changed after the import rescores them — the
// record's frozen points would not.
func TestImportedCapturesFollowALaterRuleChange(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben")
	s.Title = "Friday"
	s, _ = add(t, s, rnd([]int{1, 0}, []int{1, 0}, Bonus{Seat: 0, Kind: Fourteen, Suit: "green"}))
	_, _, back := roundTrip(t, s)
	if back.Title != "Friday" {
		t.Fatalf("title %q", back.Title)
	}
	o := skullking.DefaultOptions()
	o.BonusFourteen = 40
	_, sc, err := back.WithRules(o, ApplyWholeGame)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Totals[0] != 60 {
		t.Fatalf("Ann's total %d, want 60 (20 for the bid, the 14 now at 40)", sc.Totals[0])
	}
}

// TestParseDocumentRefusals: a document that is not one, or holds what no
// sheet may, is refused with a reason and no sheet.
func TestParseDocumentRefusals(t *testing.T) {
	game := NewToken()
	for _, tc := range []struct{ doc, want string }{
		{`{"format": "skullking-sheet/1", "game": "` + game + `", "players": ["Ann", "Ben"], "rounds": [], "extra": 1}`, `there is no field "extra" here`},
		{`{"format": "skullking-sheet/2", "game": "` + game + `", "players": ["Ann", "Ben"]}`, "format"},
		{`{"format": "skullking-sheet/1", "game": "nope", "players": ["Ann", "Ben"]}`, "game id"},
		{`{"format": "skullking-sheet/1", "game": "` + game + `", "players": ["Ann", "ann"]}`, "both called"},
		{`{"format": "skullking-sheet/1", "game": "` + game + `", "players": ["Ann", "Ben"], "rounds": [{"bids": [1, 0], "won": [2, 0]}]}`, "won"},
		{`{"format": "skullking-sheet/1", "game": "` + game + `", "players": ["Ann", "Ben"]} {}`, "more after its JSON value"},
	} {
		s, err := ParseDocument([]byte(tc.doc))
		if err == nil || s != nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error about %q", tc.doc, err, tc.want)
		}
	}
}
