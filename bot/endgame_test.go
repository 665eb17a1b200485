package bot

import (
	"testing"

	sk "github.com/skullking-go/skullking"
)

// bruteForce is max^n over the engine's own game: every seat picks, among
// its legal actions in the engine's order, the first best for its points
// (the searching seat: its outcome). It returns the round's points.
func bruteForce(g *sk.Game, round int, o *goal) [8]int {
	if g.Over() || g.Round() != round {
		rs := g.Results()
		var pts [8]int
		for s := 0; s < g.Players(); s++ {
			pts[s] = rs[round-1].Points[s]
		}
		return pts
	}
	seat := g.Turn()
	var best [8]int
	bestU, first := 0.0, true
	sv := solver{n: g.Players(), me: o.seat, goal: o}
	for _, a := range g.LegalActions(seat, nil) {
		c := g.Clone()
		c.ApplyUnchecked(a)
		pts := bruteForce(c, round, o)
		if u := sv.utility(seat, &pts); first || u > bestU {
			best, bestU, first = pts, u, false
		}
	}
	return best
}

// TestSolverMatchesBruteForce checks the endgame solver against max^n run
// on the engine itself, in the last two or three tricks of real games, with and
// without the Kraken, the White Whale, Loot and Graybeard.
func TestSolverMatchesBruteForce(t *testing.T) {
	checked := 0
	for n := 2; n <= 5; n++ {
		depth := 2 // tricks to solve, the one in progress included
		if n <= 3 {
			depth = 3
		}
		for _, modules := range []bool{false, true} {
			opts := sk.DefaultOptions()
			if modules {
				opts.Kraken, opts.WhiteWhale, opts.Loot = true, true, n > 2
			}
			for seed := uint64(0); seed < 3; seed++ {
				g, err := sk.NewGame(n, sk.WithSeed(seed), sk.WithOptions(opts))
				if err != nil {
					t.Fatal(err)
				}
				bots := make([]Bot, n)
				for i := range bots {
					bots[i] = NewHeuristic(0)
				}
				for !g.Over() {
					seat := waitingSeat(g)
					if g.Phase() == sk.PhasePlaying && g.Cards()-g.TrickNumber() < depth && g.Round() >= 3 {
						v := g.View(seat)
						var pile []sk.Card
						if n == 2 {
							d := g.DeckOrder()
							pile = d[2*g.Cards() : 3*g.Cards()]
						}
						var sv solver
						var o goal
						o.set(&v, &searchConfig{oppWeight: 0.5, winWeight: 30})
						got, ok := sv.solve(g, &v, pile, &o, 100000)
						if !ok {
							t.Fatalf("%d players round %d: the solver declined", n, g.Round())
						}
						pts := bruteForce(g.Clone(), g.Round(), &o)
						if want := sv.utility(seat, &pts); got != want {
							t.Fatalf("%d players round %d trick %d seat %d: solver %v, brute force %v", n, g.Round(), g.TrickNumber(), seat, got, want)
						}
						checked++
					}
					g.ApplyUnchecked(bots[seat].Act(g.Seat(seat)))
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
}
