package skullking

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// roundCards plays a seeded game to the end and returns the cards each
// round dealt, checking every hand at the start of every round.
func roundCards(t *testing.T, players int, o Options, seed uint64) []int {
	t.Helper()
	g := newGame(t, players, WithOptions(o), WithSeed(seed))
	r := NewRand(seed)
	var got []int
	for !g.Over() {
		got = append(got, g.Cards())
		for s := 0; s < players; s++ {
			if g.Hand(s).Len() != g.Cards() {
				t.Fatalf("round %d: seat %d holds %d cards, the round deals %d", g.Round(), s, g.Hand(s).Len(), g.Cards())
			}
		}
		round := g.Round()
		playUntil(t, g, &r, func(g *Game) bool { return g.Round() != round })
	}
	return got
}

// §2: with 8 players a hand never exceeds 8 cards, the game still has 10
// rounds, with or without the advanced cards.
func TestDeal_EightPlayerCap(t *testing.T) {
	o := DefaultOptions()
	o.Tiebreak = false
	want := []int{1, 2, 3, 4, 5, 6, 7, 8, 8, 8}
	if got := roundCards(t, 8, o, 1); !reflect.DeepEqual(got, want) {
		t.Errorf("8 players: cards per round %v, want %v", got, want)
	}
	o.Loot, o.Kraken, o.WhiteWhale, o.PirateAbilities = true, true, true, true
	if got := roundCards(t, 8, o, 2); !reflect.DeepEqual(got, want) {
		t.Errorf("8 players with every module: cards per round %v, want %v", got, want)
	}
}

// §2: 7 players get 10 cards in round 10 — the whole base deck.
func TestDeal_SevenPlayersGetTenCardsInRoundTen(t *testing.T) {
	for _, modules := range []bool{false, true} {
		o := DefaultOptions()
		o.Loot, o.Kraken, o.WhiteWhale = modules, modules, modules
		g := newGame(t, 7, WithOptions(o), WithSeed(7))
		r := NewRand(7)
		playUntil(t, g, &r, func(g *Game) bool { return g.Round() == 10 })
		if g.Cards() != 10 {
			t.Fatalf("round 10 deals %d cards at 7 players", g.Cards())
		}
		var all CardSet
		for s := 0; s < 7; s++ {
			h := g.Hand(s)
			if h.Len() != 10 || !all.And(h).Empty() {
				t.Fatalf("seat %d holds %v", s, h)
			}
			all = all.Or(h)
		}
		undealt := o.Deck().Minus(all).Len()
		if want := o.Deck().Len() - 70; undealt != want {
			t.Errorf("modules %v: %d cards undealt, want %d", modules, undealt, want)
		}
	}
}

// §2: the schedules, each capped at the table. The expected lists are typed
// from docs/rules.md, not computed.
func TestSchedules_PresetsAndCap(t *testing.T) {
	cases := []struct {
		schedule string
		list     []int
		rounds   int
		players  int
		want     []int
	}{
		{schedule: "standard", players: 4, want: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
		{schedule: "standard", players: 8, want: []int{1, 2, 3, 4, 5, 6, 7, 8, 8, 8}},
		{schedule: "standard", rounds: 5, players: 8, want: []int{1, 2, 3, 4, 5}},
		{schedule: "standard", rounds: 12, players: 3, want: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}},
		{schedule: "even-keeled", players: 5, want: []int{2, 4, 6, 8, 10, 2, 4, 6, 8, 10}},
		{schedule: "even-keeled", players: 8, want: []int{2, 4, 6, 8, 8, 2, 4, 6, 8, 8}},
		{schedule: "skip-to-the-brawl", players: 6, want: []int{6, 7, 8, 9, 10}},
		{schedule: "skip-to-the-brawl", players: 8, want: []int{6, 7, 8, 8, 8}},
		{schedule: "swift-n-salty", players: 8, want: []int{5, 5, 5, 5, 5}},
		{schedule: "broadside", players: 7, want: []int{10, 10, 10, 10, 10, 10, 10, 10, 10, 10}},
		{schedule: "broadside", players: 8, want: []int{8, 8, 8, 8, 8, 8, 8, 8, 8, 8}},
		{schedule: "whirlpool", players: 2, want: []int{9, 7, 5, 3, 1, 9, 7, 5, 3, 1}},
		{schedule: "whirlpool", players: 8, want: []int{8, 7, 5, 3, 1, 8, 7, 5, 3, 1}},
		{schedule: "bedtime", players: 8, want: []int{1}},
		{list: []int{3, 12}, players: 8, want: []int{3, 8}},
		{list: []int{3, 12}, players: 7, want: []int{3, 10}},
		{list: []int{3, 12}, players: 6, want: []int{3, 11}},
		{list: []int{30}, players: 2, want: []int{23}}, // three hands of 23 from 70 cards
		{list: []int{12, 1}, players: 3, want: []int{12, 1}},
	}
	for _, tc := range cases {
		name := fmt.Sprintf("%s%v rounds=%d at %d", tc.schedule, tc.list, tc.rounds, tc.players)
		t.Run(name, func(t *testing.T) {
			o := DefaultOptions()
			if tc.schedule != "" {
				o.Schedule = tc.schedule
			}
			if tc.rounds != 0 {
				o.Rounds = tc.rounds
			}
			if tc.list != nil {
				o.Schedule, o.ScheduleCards = "custom", tc.list
			}
			o.Tiebreak = false
			// Enter results rather than play: the schedule alone is under test.
			g := newGame(t, tc.players, WithOptions(o), WithDealer(NoDeal))
			if g.ScheduledRounds() != len(tc.want) {
				t.Errorf("%d scheduled rounds, want %d", g.ScheduledRounds(), len(tc.want))
			}
			var got []int
			for !g.Over() {
				got = append(got, g.Cards())
				var r RoundResult
				r.Won[0] = g.Cards()
				if tc.players == 2 {
					r.Won[0] = 0 // Graybeard may take them all
				}
				if err := g.EnterResults(r); err != nil {
					t.Fatal(err)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("cards per round %v, want %v", got, tc.want)
			}
		})
	}
	// And the hands really are that size when dealt.
	o := DefaultOptions()
	o.Schedule = "whirlpool"
	o.Tiebreak = false
	if got, want := roundCards(t, 8, o, 3), []int{8, 7, 5, 3, 1, 8, 7, 5, 3, 1}; !reflect.DeepEqual(got, want) {
		t.Errorf("whirlpool at 8 dealt %v, want %v", got, want)
	}
}

// §2: seat 0 leads round 1; the first lead of round r is seat (r−1) mod n —
// with two players, the players alternate.
func TestFirstLead_RotatesEachRound(t *testing.T) {
	for n := 2; n <= 8; n++ {
		g := newGame(t, n, WithSeed(uint64(n)))
		r := NewRand(uint64(n))
		for !g.Over() {
			round := g.Round()
			playUntil(t, g, &r, func(g *Game) bool { return g.Phase() == PhasePlaying })
			if g.Over() {
				break
			}
			want := (round - 1) % n
			if len(g.CurrentTrick()) != 0 || g.Turn() != want {
				t.Fatalf("%d players, round %d: %s leads, want %s", n, round, seatLetter(g.Turn()), seatLetter(want))
			}
			playUntil(t, g, &r, func(g *Game) bool { return g.Round() != round })
		}
	}
}

// §7: a tie for the top after the last round plays another round dealing as
// many cards as the final scheduled round, the first lead rotating on; with
// tiebreak off the tie is a shared victory.
func TestTiebreak_TiePlaysAnotherRound(t *testing.T) {
	o := DefaultOptions()
	o.Schedule = "bedtime"
	rounds := map[int]deal{
		1: {hands: []string{"ESC", "ESC", "G5"}}, // all bid 0: A +10, B +10, C −10
		2: {hands: []string{"G9", "G2", "G3"}},   // tiebreak, B leads: A bids 1 and takes it
	}
	g := newFixtureGame(t, 3, o, rounds)
	bidAll(t, g, 0, 0, 0)
	playTrick(t, g, "ESC ESC G5")
	if g.Over() {
		t.Fatalf("game over with a tie at the top: %v", g.Totals())
	}
	if g.Round() != 2 || g.Cards() != 1 || !g.View(Spectator).Tiebreak {
		t.Fatalf("round %d, %d cards: want tiebreak round 2 with 1 card", g.Round(), g.Cards())
	}
	bidAll(t, g, 1, 0, 0)
	if g.Turn() != 1 {
		t.Fatalf("tiebreak round 2 led by %s, want B", seatLetter(g.Turn()))
	}
	playTrick(t, g, "G2 G3 G9")
	if !g.Over() {
		t.Fatal("the tie is broken but the game goes on")
	}
	if got, want := g.Totals(), []int{30, 20, 0}; !reflect.DeepEqual(got, want) {
		t.Errorf("totals %v, want %v", got, want)
	}
	if got := g.Winners(); !reflect.DeepEqual(got, []int{0}) {
		t.Errorf("winners %v, want [0]", got)
	}

	o.Tiebreak = false
	g = newFixtureGame(t, 3, o, rounds)
	bidAll(t, g, 0, 0, 0)
	playTrick(t, g, "ESC ESC G5")
	if !g.Over() {
		t.Fatal("tiebreak off: the game should end in a shared victory")
	}
	if got := g.Winners(); !reflect.DeepEqual(got, []int{0, 1}) {
		t.Errorf("shared victory %v, want [0 1]", got)
	}
}

// §7: at 8 players the tiebreak round deals 8 (the cap of the final round),
// the first lead keeps rotating (round 11 → seat 2), and a tie that survives
// the tiebreak round is played off again.
func TestTiebreak_EightPlayersRoundElevenDealsEight(t *testing.T) {
	dealer := DealerFunc(func(round, cards int, deck []Card) bool {
		if round <= 10 {
			return false // rounds 1–10 come from a score sheet
		}
		r := NewRand(uint64(round))
		for i := len(deck) - 1; i > 0; i-- {
			j := r.IntN(i + 1)
			deck[i], deck[j] = deck[j], deck[i]
		}
		return true
	})
	g := newGame(t, 8, WithDealer(dealer))
	for !g.Dealt() {
		// Seats 0–6 bid 0 and make it; seat 7 bids 0 and takes every trick.
		var r RoundResult
		r.Won[7] = g.Cards()
		if err := g.EnterResults(r); err != nil {
			t.Fatal(err)
		}
	}
	if g.Round() != 11 || g.Cards() != 8 || g.Over() {
		t.Fatalf("after a tied round 10: round %d dealing %d, over %v; want round 11 dealing 8", g.Round(), g.Cards(), g.Over())
	}
	// ±10 × (1+…+8+8+8) = ±520.
	if got := g.Totals(); got[0] != 520 || got[6] != 520 || got[7] != -520 {
		t.Fatalf("totals %v", got)
	}
	for s := 0; s < 8; s++ {
		mustApply(t, g, Bid(s, 0))
	}
	if g.Turn() != 2 {
		t.Fatalf("round 11 led by seat %d, want seat 2", g.Turn())
	}
}

// §7 for a score sheet: while the top stays tied, rounds go on, each
// dealing as many cards as the final scheduled round.
func TestTiebreak_RepeatsWhileTied(t *testing.T) {
	o := DefaultOptions()
	o.Rounds = 2
	g := newGame(t, 3, WithOptions(o), WithDealer(NoDeal))
	sheet := []struct {
		bids, won [3]int
		totals    []int
	}{
		{[3]int{0, 0, 0}, [3]int{0, 0, 1}, []int{10, 10, -10}},
		{[3]int{1, 1, 0}, [3]int{1, 1, 0}, []int{30, 30, 10}}, // A and B tied after the last round
		{[3]int{1, 1, 0}, [3]int{1, 1, 0}, []int{50, 50, 30}}, // tiebreak round 3: still tied
		{[3]int{2, 0, 0}, [3]int{2, 0, 0}, []int{90, 70, 50}}, // tiebreak round 4: A wins
	}
	for i, row := range sheet {
		if g.Over() {
			t.Fatalf("game over before round %d", i+1)
		}
		if want := min(i+1, 2); g.Cards() != want {
			t.Errorf("round %d deals %d, want %d", i+1, g.Cards(), want)
		}
		var r RoundResult
		copy(r.Bids[:], row.bids[:])
		copy(r.Won[:], row.won[:])
		if err := g.EnterResults(r); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(g.Totals(), row.totals) {
			t.Fatalf("after round %d totals %v, want %v", i+1, g.Totals(), row.totals)
		}
	}
	if !g.Over() || !reflect.DeepEqual(g.Winners(), []int{0}) {
		t.Fatalf("over %v, winners %v; want A alone", g.Over(), g.Winners())
	}
	if err := g.EnterResults(RoundResult{}); !errors.Is(err, ErrBadResults) {
		t.Errorf("results after the end: %v", err)
	}
}
