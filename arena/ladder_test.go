package arena

import (
	"context"
	"slices"
	"testing"

	"github.com/skullking-go/skullking/bot"
)

// TestLadder is the CI smoke version of docs/bots.md's gates: each stronger level
// must beat a field of a weaker one on a few hundred games, by a margin far
// looser than the gate's, so that a change that makes a level play worse
// turns CI red. Every game follows from the seed, so a rung that passes
// passes every time. The full figures come from `skullking sim`. The
// searching levels are too slow for the race detector: CI runs this test a
// second time without it.
func TestLadder(t *testing.T) {
	rungs := []struct {
		strong, weak string
		deals        int
		minMargin    float64 // docs/bots.md's gate is higher; this catches a level gone wrong
		slow         bool
		workers      int // 0: GOMAXPROCS; the expert searches on both cores itself
	}{
		{"heuristic", "random", 100, 200, false, 0},  // gate +250
		{"simulation", "heuristic", 50, 80, true, 0}, // gate +150
		{"expert", "heuristic", 25, 100, true, 1},    // gate +200
		{"expert", "simulation", 60, 40, true, 1},    // gate +30
	}
	for _, r := range rungs {
		t.Run(r.strong+"-vs-"+r.weak, func(t *testing.T) {
			for _, l := range []string{r.strong, r.weak} {
				if !slices.Contains(bot.Levels(), l) {
					t.Skipf("level %q is not registered yet", l)
				}
			}
			if r.slow && (testing.Short() || raceEnabled) {
				t.Skip("slow level: not in -short or -race runs")
			}
			deals := r.deals
			if raceEnabled {
				deals = max(deals/4, 10)
			}
			res, err := Run(context.Background(), Config{
				Lineup: []string{r.strong, r.weak, r.weak, r.weak}, Deals: deals, Seed: 2024, Workers: r.workers})
			if err != nil {
				t.Fatal(err)
			}
			s := res.Bots[0]
			t.Logf("%s vs 3 × %s, %d games: margin %+.1f [%+.1f, %+.1f], win rate %.2f, bids made %.2f",
				r.strong, r.weak, res.Games, s.Margin, s.MarginCI[0], s.MarginCI[1], s.WinRate, s.BidAccuracy)
			if s.Margin <= r.minMargin || s.MarginCI[0] <= 0 {
				t.Fatalf("%s does not beat %s: margin %+.1f, interval [%+.1f, %+.1f]; want more than %+.0f, the interval above 0",
					r.strong, r.weak, s.Margin, s.MarginCI[0], s.MarginCI[1], r.minMargin)
			}
			if s.Faults != 0 {
				t.Fatalf("%d illegal actions: %s", s.Faults, s.FirstFault)
			}
		})
	}
}
