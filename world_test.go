package skullking

import "testing"

// TestResumeFromTrueWorldPlaysLikeTheGame checks that a game resumed from a
// seat's view and the true placement of the hidden cards scores the rest of
// the round exactly as the real game does.
func TestResumeFromTrueWorldPlaysLikeTheGame(t *testing.T) {
	all := DefaultOptions()
	all.Kraken, all.WhiteWhale, all.PirateAbilities = true, true, true
	for _, opts := range []Options{DefaultOptions(), all} {
		for n := 2; n <= 8; n++ {
			for seed := uint64(0); seed < 30; seed++ {
				o := opts
				o.Loot = n > 2 && opts.PirateAbilities
				g := newGame(t, n, WithSeed(seed), WithOptions(o))
				r := NewRand(seed)
				stopAt := r.IntN(200)
				for step := 0; !g.Over(); step++ {
					if step == stopAt {
						checkResume(t, g, &r)
					}
					stepRandom(t, g, &r)
				}
			}
		}
	}
}

func checkResume(t *testing.T, g *Game, r *Rand) {
	t.Helper()
	seat := r.IntN(g.players)
	v := g.View(seat)
	g.shuffleAll()
	var w World
	for s := 0; s < g.players; s++ {
		w.Hands[s] = g.hand[s]
	}
	if g.ghost >= 0 {
		w.Ghost = append(w.Ghost, g.deck[g.ghostNext:(g.players+1)*g.cards]...)
	}
	w.Undealt = append(w.Undealt, g.deck[g.drawNext:g.deckLen]...)
	sim, err := Resume(&v, &w)
	if err != nil {
		t.Fatalf("round %d phase %v: %v", g.round, g.phase, err)
	}
	// Bids (and cannon loads) made but still secret to the seat are the
	// caller's to place.
	for s := 0; s < g.players; s++ {
		if g.phase == PhaseBidding && g.hasBid[s] && !sim.hasBid[s] {
			if err := sim.Apply(Bid(s, g.bids[s])); err != nil {
				t.Fatal(err)
			}
		}
		if g.phase == PhaseCannon && g.loaded[s] && !sim.loaded[s] {
			if err := sim.Apply(Action{Kind: ActionCannon, Seat: int8(s), ActionArgs: ActionArgs{Value: int8(g.cannon[s])}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	real := g.Clone()
	round := real.round
	for !real.Over() && real.round == round {
		a := randomAction(t, real, r)
		mustApply(t, real, a)
		if err := sim.Apply(a); err != nil {
			t.Fatalf("round %d: resumed game refuses %v: %v", round, a, err)
		}
	}
	if !sim.Over() {
		t.Fatalf("resumed game goes on after its round")
	}
	want := real.results[len(real.results)-1]
	got := sim.results[0]
	if got.Points != want.Points || got.Won != want.Won {
		t.Fatalf("round %d: resumed points %v won %v, real %v %v", round, got.Points, got.Won, want.Points, want.Won)
	}
}
