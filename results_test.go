package skullking

import (
	"errors"
	"reflect"
	"testing"
)

// A score sheet kept at a real table: results entered round by round are
// scored by the same rules, and impossible results are refused without
// changing the sheet.
func TestEnterResults_ScoresLikeAPlayedRound(t *testing.T) {
	o := DefaultOptions()
	o.Rounds = 2
	g := newGame(t, 3, WithOptions(o), WithDealer(NoDeal))
	if g.Dealt() || len(g.LegalActions(0, nil)) != 0 {
		t.Fatal("a score-sheet round is not dealt and has no actions")
	}
	if err := g.Apply(Bid(0, 0)); !errors.Is(err, ErrWrongPhase) {
		t.Fatalf("bidding on a score sheet: %v, want ErrWrongPhase", err)
	}
	// Round 1, 1 card: Ann 1/1 with the Skull King taking a Pirate (+30);
	// Ben and Cat 0/0.
	r := RoundResult{Bids: [8]int{1, 0, 0}, Won: [8]int{1, 0, 0}, Bonus: [8]int{30, 0, 0}}
	if err := g.EnterResults(r); err != nil {
		t.Fatal(err)
	}
	// Round 2, 2 cards: Ann 2/1 loses her 10 of bonus; Ben 0/1; Cat 0/0.
	r = RoundResult{Bids: [8]int{2, 0, 0}, Won: [8]int{1, 1, 0}, Bonus: [8]int{10, 0, 0}}
	if err := g.EnterResults(r); err != nil {
		t.Fatal(err)
	}
	if got, want := g.Totals(), []int{50 - 10, 10 - 20, 10 + 20}; !reflect.DeepEqual(got, want) {
		t.Fatalf("totals %v, want %v", got, want)
	}
	if !g.Over() || !reflect.DeepEqual(g.Winners(), []int{0}) {
		t.Fatalf("over %v, winners %v", g.Over(), g.Winners())
	}
}

func TestEnterResults_Refusals(t *testing.T) {
	cases := []struct {
		name    string
		players int
		opts    func(*Options)
		r       RoundResult
	}{
		{"bid over the cards", 3, nil, RoundResult{Bids: [8]int{2}, Won: [8]int{1}}},
		{"negative bid", 3, nil, RoundResult{Bids: [8]int{-1}, Won: [8]int{1}}},
		{"won over the cards", 3, nil, RoundResult{Won: [8]int{2}}},
		{"tricks do not add up", 3, nil, RoundResult{Won: [8]int{0, 0, 0}}},
		{"tricks add up to more", 3, nil, RoundResult{Won: [8]int{1, 1, 0}}},
		{"negative bonus", 3, nil, RoundResult{Won: [8]int{1}, Bonus: [8]int{-10}}},
		{"wager without pirate abilities", 3, nil, RoundResult{Won: [8]int{1}, Wagers: [8]int{10}}},
		{"wager of 15", 3, func(o *Options) { o.PirateAbilities = true }, RoundResult{Won: [8]int{1}, Wagers: [8]int{15}}},
		{"cannonball in standard scoring", 3, nil, RoundResult{Won: [8]int{1}, Cannon: [8]int{Cannonball}}},
		{"alliance without Loot", 3, nil, RoundResult{Won: [8]int{1}, NAlliances: 1, Alliances: [2]Alliance{{0, 1}}}},
		{"alliance with oneself", 3, func(o *Options) { o.Loot = true }, RoundResult{Won: [8]int{1}, NAlliances: 1, Alliances: [2]Alliance{{1, 1}}}},
		{"cards over the cap", 8, nil, RoundResult{Cards: 9}},
		{"negative cards", 3, nil, RoundResult{Cards: -1}},
	}
	for _, tc := range cases {
		o := DefaultOptions()
		if tc.opts != nil {
			tc.opts(&o)
		}
		g := newGame(t, tc.players, WithOptions(o), WithDealer(NoDeal))
		before := snap(g)
		if err := g.EnterResults(tc.r); !errors.Is(err, ErrBadResults) {
			t.Errorf("%s: %v, want ErrBadResults", tc.name, err)
		}
		if !snap(g).equal(before) || len(g.Results()) != 0 {
			t.Errorf("%s: the refused results changed the sheet", tc.name)
		}
	}
	// A played round takes no results.
	g := newGame(t, 3, WithSeed(1))
	if err := g.EnterResults(RoundResult{Won: [8]int{1}}); !errors.Is(err, ErrBadResults) {
		t.Errorf("results for a dealt round: %v", err)
	}
	// Graybeard, the Kraken and the White Whale may leave tricks to nobody.
	for _, tc := range []struct {
		players int
		opts    func(*Options)
	}{{2, nil}, {3, func(o *Options) { o.Kraken = true }}, {3, func(o *Options) { o.WhiteWhale = true }}} {
		o := DefaultOptions()
		if tc.opts != nil {
			tc.opts(&o)
		}
		g, _ := NewGame(tc.players, WithOptions(o), WithDealer(NoDeal))
		if err := g.EnterResults(RoundResult{}); err != nil {
			t.Errorf("%d players %+v: a trick won by nobody refused: %v", tc.players, o, err)
		}
	}
}
