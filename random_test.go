package skullking

import "testing"

// playRandom plays g to the end with uniformly random legal actions.
func playRandom(t testing.TB, g *Game, r *Rand) {
	var buf []Action
	for steps := 0; !g.Over(); steps++ {
		if steps > 100000 {
			t.Fatal("game does not end")
		}
		acted := false
		for s := 0; s < g.Players(); s++ {
			buf = g.LegalActions(s, buf[:0])
			if len(buf) == 0 {
				continue
			}
			a := buf[r.IntN(len(buf))]
			if err := g.Apply(a); err != nil {
				t.Fatalf("legal action %v refused: %v", a, err)
			}
			acted = true
			break
		}
		if !acted {
			t.Fatalf("no legal action in phase %v round %d", g.Phase(), g.Round())
		}
	}
}

func TestRandomGamesEnd(t *testing.T) {
	for n := 2; n <= 8; n++ {
		for seed := uint64(0); seed < 50; seed++ {
			g, err := NewGame(n, WithSeed(seed))
			if err != nil {
				t.Fatal(err)
			}
			r := NewRand(seed + 1000)
			playRandom(t, g, &r)
		}
	}
}

func TestRecordRoundTrip(t *testing.T) {
	for n := 2; n <= 8; n++ {
		for seed := uint64(0); seed < 20; seed++ {
			g, _ := NewGame(n, WithSeed(seed))
			r := NewRand(seed + 1000)
			playRandom(t, g, &r)
			rec := RecordOf(g)
			b, err := rec.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			rec2, err := ParseRecord(b)
			if err != nil {
				t.Fatal(err)
			}
			g2, err := rec2.Replay()
			if err != nil {
				t.Fatalf("%d players seed %d: %v\n%s", n, seed, err, b)
			}
			if !g2.Over() {
				t.Fatal("not over")
			}
			for s, tot := range g.Totals() {
				if g2.Totals()[s] != tot {
					t.Fatalf("totals differ")
				}
			}
		}
	}
}
