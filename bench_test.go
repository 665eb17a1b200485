package skullking

import "testing"

// BenchmarkRandomGame plays complete 4-player, 10-round games with uniformly
// random legal bids and cards through the public API, dealing included. One
// iteration is one game; the Game is reused, as a simulation would.
func BenchmarkRandomGame(b *testing.B) {
	g, err := NewGame(4)
	if err != nil {
		b.Fatal(err)
	}
	r := NewRand(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Reset(uint64(i))
		for !g.Over() {
			if g.Phase() == PhaseBidding {
				for s := 0; s < 4; s++ {
					if err := g.Apply(Bid(s, r.IntN(g.Cards()+1))); err != nil {
						b.Fatal(err)
					}
				}
				continue
			}
			s := g.Turn()
			legal := g.LegalCards(s)
			c := legal.Nth(r.IntN(legal.Len()))
			a := Play(s, c)
			if c == Tigress {
				a.As = AsPirate + TigressAs(r.IntN(2))
			}
			if err := g.Apply(a); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
