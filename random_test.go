package skullking

import (
	"slices"
	"testing"
)

// Random legal games at every table size end, and each one's record replays
// to a finished game with the same totals.
func TestRandomGamesEndAndReplay(t *testing.T) {
	for n := 2; n <= 8; n++ {
		for seed := uint64(0); seed < 50; seed++ {
			g := newGame(t, n, WithSeed(seed))
			r := NewRand(seed + 1000)
			playRandom(t, g, &r)
			b, _, g2, err := rereadRecord(RecordOf(g))
			if err != nil {
				t.Fatalf("%d players seed %d: %v\n%s", n, seed, err, b)
			}
			if !g2.Over() || !slices.Equal(g2.Totals(), g.Totals()) {
				t.Fatalf("%d players seed %d: the replay (over %v) totals %v, the game %v\n%s",
					n, seed, g2.Over(), g2.Totals(), g.Totals(), b)
			}
		}
	}
}
