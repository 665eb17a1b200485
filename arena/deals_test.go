package arena

import (
	"bytes"
	"slices"
	"testing"

	"github.com/skullking-go/skullking"
)

// TestCachedDealsAreTheSeededDeals plays games that keep their deals in a
// worker's cache, seeds repeated as seat rotations repeat them and revisited
// after others, against fresh games of the seeded dealer: the same actions
// must be legal, Bendt's draws must go on with the kept shuffle to the same
// cards, and the records must be byte for byte the same, whether a round
// came from memory or not.
func TestCachedDealsAreTheSeededDeals(t *testing.T) {
	seeds := []uint64{0, 0, 1, 1, 1, 2, 0, 3, 3, 2, 2}
	if raceEnabled {
		seeds = seeds[:6]
	}
	draws := 0
	for _, v := range variants {
		opts := skullking.DefaultOptions()
		v.set(&opts)
		cache := &dealCache{}
		g, err := skullking.NewGame(v.players, skullking.WithOptions(opts), skullking.WithDealKeeper(cache))
		if err != nil {
			t.Fatal(err)
		}
		for i, seed := range seeds {
			g.Reset(seed)
			fresh, err := skullking.NewGame(v.players, skullking.WithOptions(opts), skullking.WithSeed(seed))
			if err != nil {
				t.Fatal(err)
			}
			r1, r2 := skullking.NewRand(uint64(i)), skullking.NewRand(uint64(i))
			playRandomly(t, g, &r1)
			playRandomly(t, fresh, &r2)
			log := g.Log()
			if !slices.Equal(log, fresh.Log()) {
				t.Fatalf("%s, game %d (seed %d): the cached deal plays another game", v.name, i, seed)
			}
			got, _ := skullking.RecordOf(g).Marshal()
			want, _ := skullking.RecordOf(fresh).Marshal()
			if !bytes.Equal(got, want) {
				t.Fatalf("%s, game %d (seed %d): the records differ", v.name, i, seed)
			}
			for _, a := range log {
				if a.Kind == skullking.ActionBendt && a.Value == 1 {
					draws++
				}
			}
		}
	}
	if draws == 0 {
		t.Fatal("Bendt never drew: the test does not reach the deck past the hands")
	}
}

// playRandomly plays g to its end with uniformly random legal actions.
func playRandomly(t *testing.T, g *skullking.Game, r *skullking.Rand) {
	t.Helper()
	var buf []skullking.Action
	for steps := 0; !g.Over(); steps++ {
		if steps > 100000 {
			t.Fatal("the game does not end")
		}
		for s := range g.Players() {
			if buf = g.LegalActions(s, buf[:0]); len(buf) > 0 {
				if err := g.Apply(buf[r.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
}
