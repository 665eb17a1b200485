package bot

import (
	"testing"

	sk "github.com/skullking-go/skullking"
)

// TestPlayInferenceExplainsTheHeuristic checks the rebuilt past positions
// of play inference: in games of heuristic bots, the true deal must explain
// every card the opponents played (the heuristic, asked again from the
// rebuilt position, plays the same card).
func TestPlayInferenceExplainsTheHeuristic(t *testing.T) {
	checked := 0
	for _, n := range []int{2, 3, 4, 6} {
		opts := sk.DefaultOptions()
		opts.Kraken, opts.WhiteWhale, opts.Loot = true, true, n > 2
		g, err := sk.NewGame(n, sk.WithSeed(uint64(n)), sk.WithOptions(opts))
		if err != nil {
			t.Fatal(err)
		}
		bots := make([]*Heuristic, n)
		for i := range bots {
			bots[i] = NewHeuristic(0)
		}
		s := newSearch(searchConfig{playEvents: 1000, playEps: 0.5}, 1)
		for !g.Over() {
			seat := waitingSeat(g)
			if seat == 0 && g.Phase() == sk.PhasePlaying {
				s.view = g.View(0)
				evs := s.playEvents(1000)
				var w sk.World
				for q := 0; q < n; q++ {
					w.Hands[q] = g.Hand(q)
				}
				if ll := s.playLogLikelihood(evs, &w); ll != 0 {
					t.Fatalf("%d players round %d trick %d: the true deal does not explain the plays (log-likelihood %v)", n, g.Round(), g.TrickNumber(), ll)
				}
				checked += len(evs)
			}
			g.ApplyUnchecked(bots[seat].Act(g.Seat(seat)))
		}
	}
	if checked < 500 {
		t.Fatalf("only %d plays checked", checked)
	}
}
