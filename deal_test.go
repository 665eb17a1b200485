package skullking

import (
	"bytes"
	"slices"
	"testing"
)

// A dealer that deals seededDeck with the game's seed plays the seeded game
// card for card: the same hands, the same Bendt draws (which continue the
// seeded dealer's lazy shuffle), and records byte for byte the same, though
// RecordOf takes a dealer's decks from the game and regenerates a seeded
// game's.
func TestSeededDeckDealsTheSeededGame(t *testing.T) {
	modules := DefaultOptions()
	modules.Kraken, modules.WhiteWhale, modules.Loot, modules.PirateAbilities = true, true, true, true
	rascal := DefaultOptions()
	rascal.Scoring, rascal.CannonLoad = RascalScoring, true
	draws := 0
	for _, players := range []int{2, 3, 4, 5, 8} {
		for _, opts := range []Options{DefaultOptions(), modules, rascal} {
			opts.Loot = opts.Loot && players > 2 // never with two players
			for seed := range uint64(20) {
				seeded, err := NewGame(players, WithOptions(opts), WithSeed(seed))
				if err != nil {
					t.Fatal(err)
				}
				dealer := DealerFunc(func(round, _ int, deck []Card) bool {
					seededDeck(seed, round, deck)
					return true
				})
				dealt, err := NewGame(players, WithOptions(opts), WithSeed(seed), WithDealer(dealer))
				if err != nil {
					t.Fatal(err)
				}
				r1, r2 := NewRand(seed+100), NewRand(seed+100)
				playRandom(t, seeded, &r1)
				playRandom(t, dealt, &r2)
				if !slices.Equal(seeded.log, dealt.log) {
					t.Fatalf("%d players, seed %d: the games differ", players, seed)
				}
				want, _ := RecordOf(seeded).Marshal()
				got, _ := RecordOf(dealt).Marshal()
				if !bytes.Equal(got, want) {
					t.Fatalf("%d players, seed %d: the records differ", players, seed)
				}
				for _, a := range seeded.log {
					if a.Kind == ActionBendt && a.Value == 1 {
						draws++
					}
				}
			}
		}
	}
	if draws < 20 {
		t.Fatalf("only %d draws of Bendt's: the test hardly reaches the shuffle past the deal", draws)
	}
	t.Logf("%d draws of Bendt's", draws)
}
