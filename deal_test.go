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
				seeded := newGame(t, players, WithOptions(opts), WithSeed(seed))
				dealer := DealerFunc(func(round, _ int, deck []Card) bool {
					seededDeck(seed, round, deck)
					return true
				})
				dealt := newGame(t, players, WithOptions(opts), WithSeed(seed), WithDealer(dealer))
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

// mapKeeper keeps every deal it is given.
type mapKeeper map[[2]uint64]*SeededDeal

func (k mapKeeper) KeepDeal(seed uint64, round int) (*SeededDeal, bool) {
	key := [2]uint64{seed, uint64(round)}
	if d, ok := k[key]; ok {
		return d, true
	}
	d := &SeededDeal{}
	k[key] = d
	return d, false
}

// A game deals from its keeper only the deal of its own seed, round, deck
// and table; every other deal is shuffled anew, as without a keeper.
func TestDealKeeperIsTrustedOnlyForItsOwnDeal(t *testing.T) {
	keeper := mapKeeper{}
	g, _ := NewGame(4, WithSeed(5), WithDealKeeper(keeper))
	r := NewRand(1)
	playRandom(t, g, &r)
	fresh, _ := NewGame(4, WithSeed(5))

	kept := keeper[[2]uint64{5, 1}]
	marked := kept.hand
	marked[0] = marked[0].Without(marked[0].Nth(0))
	kept.hand = marked
	g.Reset(5)
	if g.hand != marked {
		t.Fatal("the kept deal of round 1 was not taken")
	}
	kept.seed = 6 // a keeper's mistake: the slot of seed 5 holds seed 6's deal
	g.Reset(5)
	if g.hand != fresh.hand || g.deck != fresh.deck {
		t.Fatal("a deal kept for another seed was taken")
	}

	// The same seed under other rules: the keeper holds the standard
	// deck's deals of seed 5, none of them this game's.
	kraken := DefaultOptions()
	kraken.Kraken = true
	other, _ := NewGame(4, WithOptions(kraken), WithSeed(5), WithDealKeeper(keeper))
	want, _ := NewGame(4, WithOptions(kraken), WithSeed(5))
	r1, r2 := NewRand(2), NewRand(2)
	playRandom(t, other, &r1)
	playRandom(t, want, &r2)
	if !slices.Equal(other.log, want.log) {
		t.Fatal("a deal kept for another deck was taken")
	}
}
