package skullking

import (
	"bytes"
	"testing"
)

// A game Reset to the seed it just played deals from memory; what it deals
// must be what a fresh game of that seed deals, Bendt's draws and the
// record's decks included.
func TestResetToSameSeedDealsTheSame(t *testing.T) {
	abilities := DefaultOptions()
	abilities.PirateAbilities, abilities.Kraken = true, true
	for _, tc := range []struct {
		players int
		opts    Options
	}{{4, DefaultOptions()}, {2, abilities}, {5, abilities}} {
		reused, err := NewGame(tc.players, WithOptions(tc.opts))
		if err != nil {
			t.Fatal(err)
		}
		for i := range 60 {
			seed := uint64(i / 2) // every seed twice: the second game deals from memory
			fresh, _ := NewGame(tc.players, WithOptions(tc.opts), WithSeed(seed))
			reused.Reset(seed)
			r1, r2 := NewRand(seed), NewRand(seed)
			playRandom(t, fresh, &r1)
			playRandom(t, reused, &r2)
			want, _ := RecordOf(fresh).Marshal()
			got, _ := RecordOf(reused).Marshal()
			if !bytes.Equal(got, want) {
				t.Fatalf("%d players, seed %d: a reset game's record differs from a fresh game's", tc.players, seed)
			}
		}
	}
}

// A copy forgets the memo of the game it overwrites: the copy may play
// other rules under the same seed.
func TestCopyForgetsItsMemo(t *testing.T) {
	kraken := DefaultOptions()
	kraken.Kraken = true
	b, _ := NewGame(4, WithSeed(2))
	r := NewRand(1)
	playRandom(t, b, &r) // b's memo now holds every round of seed 2 without the Kraken
	a, _ := NewGame(4, WithOptions(kraken), WithSeed(2))
	b.CopyFrom(a)
	fresh, _ := NewGame(4, WithOptions(kraken), WithSeed(2))
	r1, r2 := NewRand(3), NewRand(3)
	playRandom(t, b, &r1)
	playRandom(t, fresh, &r2)
	want, _ := RecordOf(fresh).Marshal()
	got, _ := RecordOf(b).Marshal()
	if !bytes.Equal(got, want) {
		t.Fatal("a copy dealt from the memo of the game it overwrote")
	}
}
