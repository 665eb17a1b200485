package bot

import (
	"testing"

	sk "github.com/skullking-go/skullking"
)

// readTable plays a game of n seats, an expert on a small budget in seat 0
// and bots from f elsewhere, and returns what the expert read of them.
func readTable(t *testing.T, n int, opts sk.Options, seed uint64, f Factory) opponents {
	t.Helper()
	g, err := sk.NewGame(n, sk.WithSeed(seed), sk.WithOptions(opts))
	if err != nil {
		t.Fatal(err)
	}
	cfg := expertConfig
	WithBudget(0.02)(&cfg)
	cfg.readOpponents = true
	e := &Expert{s: newSearch(cfg, seed)}
	bots := []Bot{e}
	for s := 1; s < n; s++ {
		bots = append(bots, f(sk.DeriveSeed(seed, uint64(s))))
	}
	playGame(t, g, bots, -1, nil)
	return e.s.opp
}

// TestReadsTheHeuristic: the expert takes heuristic opponents for the
// heuristic, under every rule set, and a simulation bot for a player that
// searches.
func TestReadsTheHeuristic(t *testing.T) {
	heur := func(uint64) Bot { return NewHeuristic(0) }
	for _, n := range []int{2, 3, 4, 6} {
		for name, opts := range tables(n) {
			o := readTable(t, n, opts, uint64(10*n), heur)
			for s := 1; s < n; s++ {
				if !o.plain(s) {
					t.Errorf("%d players, %s: heuristic seat %d not read as the heuristic (agreed %d, differed %v)",
						n, name, s, o.agree[s], o.differ[s])
				}
			}
		}
	}
	sim := func(seed uint64) Bot { return NewSimulation(seed) }
	o := readTable(t, 4, sk.DefaultOptions(), 3, sim)
	for s := 1; s < 4; s++ {
		if o.plain(s) {
			t.Errorf("simulation seat %d read as the heuristic (agreed %d)", s, o.agree[s])
		}
	}
}
