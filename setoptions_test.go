package skullking

import (
	"slices"
	"testing"
)

// TestSetOptionsFromNextRound checks a house-rule change mid-sheet: earlier
// rounds keep their points, later ones use the new rules, and the record
// carries the change so that it replays to the same totals.
func TestSetOptionsFromNextRound(t *testing.T) {
	g := newGame(t, 3, WithDealer(NoDeal), WithNames("Ann", "Ben", "Cat"))
	// Round 1, 1 card: Ann bid 0 and took nothing: +10 under the rule.
	if err := g.EnterResults(RoundResult{Bids: [8]int{0, 1, 0}, Won: [8]int{0, 1, 0}}); err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	o.ZeroScaling = ZeroFlat
	o.ZeroPoints = 15
	if err := g.SetOptions(o); err != nil {
		t.Fatal(err)
	}
	// Round 2, 2 cards: Ann's zero bid is now worth a flat 15.
	if err := g.EnterResults(RoundResult{Bids: [8]int{0, 1, 1}, Won: [8]int{0, 1, 1}}); err != nil {
		t.Fatal(err)
	}
	if got := g.Totals(); got[0] != 10+15 || got[1] != 20+20 || got[2] != 10+20 {
		t.Fatalf("totals %v", got)
	}
	b, rec, g2, err := rereadRecord(RecordOf(g))
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	for s, tot := range g.Totals() {
		if g2.Totals()[s] != tot {
			t.Fatalf("replayed totals %v, want %v\n%s", g2.Totals(), g.Totals(), b)
		}
	}
	if rec.Options.ZeroScaling != ZeroByCards || rec.Rounds[1].Options == nil {
		t.Fatalf("record does not carry the change:\n%s", b)
	}
}

func TestSetOptionsRefusedOnADealtRound(t *testing.T) {
	g, _ := NewGame(3, WithSeed(1))
	if err := g.SetOptions(DefaultOptions()); err == nil {
		t.Fatal("rules changed under a dealt round")
	}
}

// TestRecordOfFollowsRuleChanges checks that a record written from a sheet
// whose rules changed replays to the same totals: a change before round 1,
// cannon loads switched off mid-game, and switched on mid-game.
func TestRecordOfFollowsRuleChanges(t *testing.T) {
	rascal := DefaultOptions()
	rascal.Scoring = RascalScoring
	cannon := rascal
	cannon.CannonLoad = true
	zeroFlat := DefaultOptions()
	zeroFlat.ZeroScaling, zeroFlat.ZeroPoints = ZeroFlat, 50
	cases := []struct {
		name   string
		start  Options
		change map[int]Options // before round r (1-based)
	}{
		{"changed before round 1", DefaultOptions(), map[int]Options{1: zeroFlat}},
		{"cannon loads switched off", cannon, map[int]Options{3: rascal}},
		{"cannon loads switched on", rascal, map[int]Options{3: cannon}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, 3, WithDealer(NoDeal), WithOptions(c.start))
			for r := 1; r <= 4; r++ {
				if o, ok := c.change[r]; ok {
					if err := g.SetOptions(o); err != nil {
						t.Fatal(err)
					}
				}
				res := RoundResult{Bids: [8]int{0, r, 0}, Won: [8]int{0, r, 0}}
				if g.Options().CannonLoad {
					res.Cannon[1] = Cannonball
				}
				if err := g.EnterResults(res); err != nil {
					t.Fatal(err)
				}
			}
			b, _, g2, err := rereadRecord(RecordOf(g))
			if err != nil {
				t.Fatalf("%v\n%s", err, b)
			}
			if got, want := g2.Totals(), g.Totals(); !slices.Equal(got, want) {
				t.Fatalf("replayed totals %v, want %v\n%s", got, want, b)
			}
		})
	}
}
