package skullking_test

import (
	"testing"

	"github.com/skullking-go/skullking"
)

// bonusGames plays random games under rules that score bonuses differently
// and calls each with the game before every action.
func bonusGames(t *testing.T, each func(g *skullking.Game)) {
	t.Helper()
	rules := map[string]func(o *skullking.Options){
		"standard":       func(o *skullking.Options) {},
		"abilities":      func(o *skullking.Options) { o.PirateAbilities = true },
		"rascal":         func(o *skullking.Options) { o.Scoring = skullking.RascalScoring },
		"rascal+cannons": func(o *skullking.Options) { o.Scoring, o.CannonLoad = skullking.RascalScoring, true },
		"keep bonus":     func(o *skullking.Options) { o.KeepBonusOnMiss = true },
	}
	for name, set := range rules {
		for seed := uint64(1); seed <= 4; seed++ {
			o := skullking.DefaultOptions()
			set(&o)
			g, err := skullking.NewGame(4, skullking.WithOptions(o), skullking.WithSeed(seed))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			rng := skullking.NewRand(seed)
			for !g.Over() {
				each(g)
				for s := 0; s < g.Players(); s++ {
					if legal := g.LegalActions(s, nil); len(legal) > 0 {
						if err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						break
					}
				}
			}
		}
	}
}

// Rule: a bonus reported lost never counts — at the round's end the bid
// (as Harry left it) is missed by more than the scoring forgives, and the
// round's breakdown counts none of the seat's bonus.
func TestBonusCanCountNeverLosesACountingBonus(t *testing.T) {
	type seatRound struct{ round, seat int }
	lost := map[seatRound]bool{}
	reported := 0
	bonusGames(t, func(g *skullking.Game) {
		for s := 0; s < g.Players(); s++ {
			if !g.BonusCanCount(s) {
				lost[seatRound{g.Round(), s}] = true
			}
		}
		for i := range g.ResultCount() {
			r := g.Result(i)
			o := g.RulesOf(i)
			for s := 0; s < r.Players; s++ {
				if !lost[seatRound{r.Round, s}] {
					continue
				}
				delete(lost, seatRound{r.Round, s})
				reported++
				if o.KeepBonusOnMiss {
					t.Fatalf("round %d seat %d: a bonus reported lost though the rules keep it", r.Round, s)
				}
				off := max(r.Won[s]-r.Bids[s], r.Bids[s]-r.Won[s])
				forgiven := 0
				if o.Scoring == skullking.RascalScoring && !(o.CannonLoad && r.Cannon[s] == skullking.Cannonball) {
					forgiven = 1
				}
				if off <= forgiven {
					t.Fatalf("round %d seat %d: reported lost, but bid %d won %d scores the bonus", r.Round, s,
						r.Bids[s], r.Won[s])
				}
				if sc := o.Score(r, s); sc.BonusPoints != 0 {
					t.Fatalf("round %d seat %d: reported lost, but %d bonus points counted", r.Round, s, sc.BonusPoints)
				}
			}
		}
	})
	if reported == 0 {
		t.Fatal("no bonus was ever reported lost: the test saw nothing")
	}
}

// Rule: under the standard rules without pirate abilities, the bonus is
// lost exactly when the tricks won pass the bid or the tricks left cannot
// reach it; while bidding nothing is lost.
func TestBonusCanCountStandardRules(t *testing.T) {
	o := skullking.DefaultOptions()
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := skullking.NewGame(3, skullking.WithOptions(o), skullking.WithSeed(seed))
		if err != nil {
			t.Fatal(err)
		}
		rng := skullking.NewRand(seed)
		for !g.Over() {
			for s := 0; s < g.Players(); s++ {
				want := true
				if g.Phase() == skullking.PhasePlaying {
					bid, _ := g.Bid(s)
					won, left := g.TricksWon(s), g.Cards()-g.TrickNumber()+1
					want = won <= bid && won+left >= bid
				}
				if got := g.BonusCanCount(s); got != want {
					t.Fatalf("round %d trick %d seat %d: BonusCanCount %v, want %v", g.Round(), g.TrickNumber(), s, got, want)
				}
			}
			for s := 0; s < g.Players(); s++ {
				if legal := g.LegalActions(s, nil); len(legal) > 0 {
					if err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
					break
				}
			}
		}
	}
	if g, _ := skullking.NewGame(3); g.BonusCanCount(-1) || g.BonusCanCount(3) {
		t.Error("a seat that is not at the table has a bonus that can count")
	}
}
