package bot

import (
	"testing"

	sk "github.com/skullking-go/skullking"
)

// TestTrickSumAgreesWithResolveTrick checks the shortcut the heuristic uses
// to tell whether a card would be winning a trick against the engine's own
// resolution, on random tricks of the base deck.
func TestTrickSumAgreesWithResolveTrick(t *testing.T) {
	opts := sk.DefaultOptions()
	deck := deckOf(&opts).Cards(nil)
	r := sk.NewRand(5)
	for i := 0; i < 200000; i++ {
		n := 1 + r.IntN(8)
		for j := 0; j < n; j++ {
			k := j + r.IntN(len(deck)-j)
			deck[j], deck[k] = deck[k], deck[j]
		}
		plays := make([]sk.Played, n)
		for j := range plays {
			plays[j] = sk.Played{Card: deck[j], Seat: int8(j)}
			if deck[j] == sk.Tigress {
				plays[j].As = sk.AsPirate + sk.TigressAs(r.IntN(2))
			}
		}
		var ts trickSum
		ts.of(plays[:n-1])
		got, why := ts.wins(plays[n-1])
		res := sk.ResolveTrick(plays, &opts)
		want := res.Outcome == sk.Won && res.Index == n-1
		if got != want || (want && why != res.Reason) {
			t.Fatalf("%v: shortcut says %v (%v), ResolveTrick %v (%v)", plays, got, why, want, res.Reason)
		}
	}
}
