package scorekeeper

import (
	"encoding/csv"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/recordtest"
	"github.com/skullking-go/skullking/protocol"
)

// replayed exports s as a record, reads it back as `skullking replay` does
// and returns the replayed game's summary.
func replayed(t *testing.T, s *Sheet) protocol.Summary {
	t.Helper()
	rec, err := s.Record()
	if err != nil {
		t.Fatal(err)
	}
	_, g, _ := recordtest.Reread(t, rec)
	return protocol.SummaryOf(g)
}

// imported imports rec as a sheet and scores it, to the totals the record
// replays to.
func imported(t testing.TB, rec *skullking.Record) (*Sheet, *Score) {
	t.Helper()
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	s, err := FromRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := s.Score()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sc.Totals, g.Totals()) {
		t.Fatalf("imported totals %v, the record's %v", sc.Totals, g.Totals())
	}
	return s, sc
}

// sameScores fails unless the summary scores every round as the sheet does.
func sameScores(t *testing.T, s *Sheet, sum protocol.Summary) {
	t.Helper()
	sc, err := s.Score()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sum.Totals, sc.Totals) || sum.Complete != sc.Over || len(sum.Rounds) != len(sc.Rounds) {
		t.Fatalf("replayed totals %v (over %v, %d rounds), sheet %v (over %v, %d rounds)",
			sum.Totals, sum.Complete, len(sum.Rounds), sc.Totals, sc.Over, len(sc.Rounds))
	}
	for i, r := range sum.Rounds {
		if !slices.Equal(r.Points, sc.Rounds[i].Points) || r.Cards != sc.Rounds[i].Cards {
			t.Fatalf("round %d: replayed %v (%d cards), sheet %v (%d cards)", i+1, r.Points, r.Cards, sc.Rounds[i].Points, sc.Rounds[i].Cards)
		}
	}
	if sc.Over && !slices.Equal(sum.Winners, sc.Winners) {
		t.Fatalf("replayed winners %v, sheet %v", sum.Winners, sc.Winners)
	}
}

// TestExportedRecordReplaysToTheSameTotals: a sheet with every kind of entry
// and a house rule changed mid-game exports as a record that the engine's
// replay scores round for round as the sheet did.
func TestExportedRecordReplaysToTheSameTotals(t *testing.T) {
	s := newSheet(t, opts(func(o *skullking.Options) { o.Loot = true; o.PirateAbilities = true; o.Kraken = true; o.Rounds = 5 }),
		"Ann", "Ben", "Cat", "Dan")
	s, _ = add(t, s, rnd([]int{1, 0, 0, 0}, []int{1, 0, 0, 0}, Bonus{Seat: 0, Kind: Fourteen, Suit: "black"}))
	s, _ = add(t, s, Round{Bids: []int{1, 1, 0, 0}, Won: []int{1, 0, 0, 0}, Loot: [][]int{{2, 0}}, Wagers: []int{10, 0, 0, 0},
		Bonuses: []Bonus{{Seat: 0, Kind: SkullKingTookPirates, Count: 1}}})
	// The table changes house rules from round 3: Mermaid bonus 50, zero
	// bids by the round number, and Loot out.
	var err error
	s, _, err = s.WithRules(*opts(func(o *skullking.Options) {
		o.PirateAbilities = true
		o.Kraken = true
		o.Rounds = 5
		o.BonusMermaidSkullKing = 50
		o.ZeroScaling = skullking.ZeroByRound
	}), ApplyNextRound)
	if err != nil {
		t.Fatal(err)
	}
	// Round 3 was dealt 4 cards; one trick went to the Kraken.
	s, _ = add(t, s, Round{Cards: 4, Bids: []int{1, 2, 0, 0}, Won: []int{1, 2, 0, 0}, Wagers: []int{0, 20, 0, 0},
		Bonuses: []Bonus{{Seat: 0, Kind: MermaidTookSkullKing}, {Seat: 1, Kind: PirateTookMermaids, Count: 1}}})
	s, _ = add(t, s, rnd([]int{0, 0, 4, 0}, []int{0, 0, 4, 0}, Bonus{Seat: 2, Kind: Fourteen, Suit: "green"}))
	sum := replayed(t, s)
	sameScores(t, s, sum)
	rec, _ := s.Record()
	if rec.Rounds[2].Options == nil || rec.Rounds[2].Options.BonusMermaidSkullKing != 50 || rec.Rounds[1].Options != nil {
		t.Fatalf("the record does not carry the rule change at round 3: %+v", rec.Rounds[2].Options)
	}
	if rec.Rounds[2].Cards != 4 || rec.Rounds[2].Loot != nil {
		t.Fatalf("round 3 of the record: %+v", rec.Rounds[2])
	}
	// The last round ends the game; the record says so too.
	s, _ = add(t, s, rnd([]int{1, 1, 1, 2}, []int{1, 1, 1, 2}))
	sameScores(t, s, replayed(t, s))
}

func TestExportRascalScoringWithCannonLoads(t *testing.T) {
	s := newSheet(t, opts(func(o *skullking.Options) { o.Scoring = skullking.RascalScoring; o.CannonLoad = true; o.Rounds = 3 }),
		"Ann", "Ben")
	s, _ = add(t, s, Round{Bids: []int{1, 0}, Won: []int{1, 0}, Cannon: []string{"cannonball", "grapeshot"}})
	s, _ = add(t, s, Round{Bids: []int{1, 0}, Won: []int{0, 1}, Cannon: []string{"grapeshot", "cannonball"}})
	s, _ = add(t, s, Round{Bids: []int{2, 0}, Won: []int{2, 0}, Bonuses: []Bonus{{Seat: 0, Kind: Fourteen, Suit: "yellow"}}})
	sameScores(t, s, replayed(t, s))
}

func TestTiebreakRoundsExportAndReplay(t *testing.T) {
	s := newSheet(t, opts(func(o *skullking.Options) { o.Rounds = 1 }), "Ann", "Ben", "Cat")
	s, _ = add(t, s, rnd([]int{0, 0, 0}, []int{0, 0, 1}))
	s, _ = add(t, s, rnd([]int{0, 0, 1}, []int{0, 0, 1}))
	s, _ = add(t, s, rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	sameScores(t, s, replayed(t, s))
}

func TestCSV(t *testing.T) {
	s := newSheet(t, nil, "Ann", "=Ben")
	s, _ = add(t, s, rnd([]int{1, 0}, []int{1, 0}))
	s, _ = add(t, s, rnd([]int{2, 0}, []int{1, 1}))
	b, err := s.CSV()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(string(b))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"round", "cards", "Ann bid", "Ann won", "Ann bonus", "Ann points", "Ann total",
			"'=Ben bid", "'=Ben won", "'=Ben bonus", "'=Ben points", "'=Ben total"},
		{"1", "1", "1", "1", "0", "20", "20", "0", "0", "0", "10", "10"},
		{"2", "2", "2", "1", "0", "-10", "10", "0", "1", "0", "-20", "-10"},
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Fatalf("csv\n%v\nwant\n%v", rows, want)
	}
}

func TestChart(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben")
	s, _ = add(t, s, rnd([]int{1, 0}, []int{1, 0}))
	s, _ = add(t, s, rnd([]int{2, 0}, []int{1, 1}))
	c, err := s.Chart()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Rounds, []int{0, 1, 2}) || !slices.Equal(c.Totals[0], []int{0, 20, 10}) || !slices.Equal(c.Totals[1], []int{0, 10, -10}) {
		t.Fatalf("chart %+v", c)
	}
}

// TestImportResultsOnlyRecord: a score sheet kept elsewhere comes in with its
// bonus points, its rule change and its module details, to the same totals.
func TestImportResultsOnlyRecord(t *testing.T) {
	rec, err := skullking.ParseRecord([]byte(`{
	  "format": "skullking-record/1",
	  "players": ["Ann", "Ben", "Cat"],
	  "options": {"loot": true},
	  "rounds": [
	    {"bids": [1, 0, 0], "won": [1, 0, 0], "bonus": [20, 0, 0]},
	    {"bids": [1, 1, 0], "won": [1, 1, 0], "bonus": [0, 0, 0], "loot": [[2, 0]]},
	    {"options": {"zero_scaling": "flat"}, "cards": 2, "bids": [0, 2, 0], "won": [0, 2, 0], "bonus": [0, 30, 0]}
	  ]}`))
	if err != nil {
		t.Fatal(err)
	}
	s, _ := imported(t, rec)
	if !slices.Equal(s.Rounds[0].BonusPoints, []int{20, 0, 0}) || s.Rounds[1].BonusPoints != nil || s.Rounds[2].Cards != 2 ||
		len(s.Changes) != 1 || s.Changes[0].FromRound != 3 || len(s.Rounds[1].Loot) != 1 {
		t.Fatalf("imported sheet %+v", s)
	}
	sameScores(t, s, replayed(t, s))
}

// TestImportPlayedRecord: a game played card by card comes in as results,
// with its bonuses read from the tricks as events.
func TestImportPlayedRecord(t *testing.T) {
	all := skullking.DefaultOptions()
	all.Loot, all.Kraken, all.WhiteWhale, all.PirateAbilities = true, true, true, true
	rascal := skullking.DefaultOptions()
	rascal.Scoring, rascal.CannonLoad = skullking.RascalScoring, true
	for _, tc := range []struct {
		name    string
		players int
		o       skullking.Options
	}{
		{"standard", 4, skullking.DefaultOptions()},
		{"graybeard", 2, skullking.DefaultOptions()},
		{"every module", 5, all},
		{"eight players", 8, skullking.DefaultOptions()},
		{"rascal", 3, rascal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			events := 0
			for seed := uint64(1); seed <= 4; seed++ {
				rec, _, _ := recordtest.Reread(t, recordtest.RandomGame(t, tc.players, tc.o, seed))
				s, sc := imported(t, rec)
				if !sc.Over {
					t.Fatalf("seed %d: the imported game is not over", seed)
				}
				for i, r := range s.Rounds {
					if r.BonusPoints != nil {
						t.Fatalf("seed %d round %d: bonuses kept as points %v, not read from the tricks", seed, i+1, r.BonusPoints)
					}
					events += len(r.Bonuses)
				}
				sameScores(t, s, replayed(t, s))
			}
			if events == 0 {
				t.Fatal("no bonus event in four games")
			}
		})
	}
}

func TestImportStopsAtTheLastCompleteRound(t *testing.T) {
	rec := recordtest.RandomGame(t, 3, skullking.DefaultOptions(), 9)
	// Cut the game in the middle of round 4.
	rec.Rounds = rec.Rounds[:4]
	rec.Rounds[3].Tricks = rec.Rounds[3].Tricks[:2]
	s, err := FromRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Rounds) != 3 {
		t.Fatalf("%d rounds imported, want the 3 complete ones", len(s.Rounds))
	}
}

func TestImportRefusesABadRecord(t *testing.T) {
	rec, err := skullking.ParseRecord([]byte(`{"format": "skullking-record/1", "players": ["Ann", "Ben"],
	  "rounds": [{"bids": [1, 0], "won": [1, 1]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FromRecord(rec); err == nil || !strings.Contains(err.Error(), "the record does not replay: round 1") {
		t.Fatalf("error %v", err)
	}
}

// TestExportModulesChangingMidGame: wagers and cannon loads are written by
// the rules of their own round, so a sheet whose table took up or dropped
// a module mid-game still replays to its totals.
func TestExportModulesChangingMidGame(t *testing.T) {
	cannon := opts(func(o *skullking.Options) {
		o.Scoring = skullking.RascalScoring
		o.CannonLoad = true
		o.PirateAbilities = true
	})
	plain := opts(func(o *skullking.Options) { o.Scoring = skullking.RascalScoring })
	for _, tc := range []struct {
		name          string
		first, second *skullking.Options
	}{
		{"on then off", cannon, plain},
		{"off then on", plain, cannon},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSheet(t, tc.first, "Ann", "Ben", "Cat")
			r := Round{Bids: []int{0, 0, 1}, Won: []int{0, 0, 1}}
			if tc.first.CannonLoad {
				r.Cannon, r.Wagers = []string{"grapeshot", "grapeshot", "cannonball"}, []int{0, 0, 20}
			}
			s, _ = add(t, s, r)
			var err error
			if s, _, err = s.WithRules(*tc.second, ApplyNextRound); err != nil {
				t.Fatal(err)
			}
			r = Round{Bids: []int{0, 0, 2}, Won: []int{0, 0, 2}}
			if tc.second.CannonLoad {
				r.Cannon, r.Wagers = []string{"cannonball", "grapeshot", "cannonball"}, []int{0, 0, 10}
			}
			s, _ = add(t, s, r)
			sameScores(t, s, replayed(t, s))
		})
	}
}
