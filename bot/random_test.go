package bot

import (
	"testing"

	"github.com/skullking-go/skullking"
)

// TestRandomMatchesUniformLegalPick checks the random bot's fast path
// against its definition: a uniform pick from v.Legal with the same
// generator, at every decision of games under every module.
func TestRandomMatchesUniformLegalPick(t *testing.T) {
	variants := []func(o *skullking.Options){
		func(o *skullking.Options) {},
		func(o *skullking.Options) { o.PirateAbilities = true },
		func(o *skullking.Options) { o.Loot, o.Kraken, o.WhiteWhale = true, true, true },
		func(o *skullking.Options) {
			o.Loot, o.Kraken, o.WhiteWhale, o.PirateAbilities = true, true, true, true
			o.Scoring, o.CannonLoad = skullking.RascalScoring, true
		},
	}
	var buf []skullking.Action
	for vi, variant := range variants {
		for _, players := range []int{3, 4, 6} {
			o := skullking.DefaultOptions()
			variant(&o)
			g, err := skullking.NewGame(players, skullking.WithOptions(o))
			if err != nil {
				t.Fatal(err)
			}
			bots := make([]*Random, players)
			for s := range bots {
				bots[s] = NewRandom(uint64(100*vi + s))
			}
			for seed := uint64(0); seed < 20; seed++ {
				g.Reset(seed)
				for !g.Over() {
					s := g.Turn()
					if s < 0 {
						for s = 0; !g.Waiting(s); s++ {
						}
					}
					v := g.Seat(s)
					ref := bots[s].rng
					buf = v.Legal(buf[:0])
					want := buf[ref.IntN(len(buf))]
					got := bots[s].Act(v)
					if got != want || bots[s].rng != ref {
						t.Fatalf("variant %d, %d players, seed %d, round %d, seat %d: got %v, want %v",
							vi, players, seed, g.Round(), s, got, want)
					}
					if err := g.Apply(got); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

func TestRandomReseedRestartsTheGenerator(t *testing.T) {
	g, _ := skullking.NewGame(4, skullking.WithSeed(3))
	a, b := NewRandom(7), NewRandom(99)
	a.Act(g.Seat(0))
	a.Reseed(5)
	b.Reseed(5)
	if a.rng != NewRandom(5).rng || a.Act(g.Seat(1)) != b.Act(g.Seat(1)) {
		t.Fatal("Reseed(5) does not behave as NewRandom(5)")
	}
}

func TestRandomActAllocatesNothing(t *testing.T) {
	g, _ := skullking.NewGame(4)
	b := NewRandom(1)
	allocs := testing.AllocsPerRun(20, func() {
		g.Reset(1)
		for !g.Over() {
			s := g.Turn()
			if s < 0 {
				for s = 0; !g.Waiting(s); s++ {
				}
			}
			g.ApplyUnchecked(b.Act(g.Seat(s)))
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per game", allocs)
	}
}
