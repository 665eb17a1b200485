package skullking

import (
	"errors"
	"testing"
)

// refusal is an action that must be refused with a sentinel, leaving the game
// exactly as it was: every seat's view, the spectator's and the log.
type refusal struct {
	name string
	a    Action
	want error
	msg  string // the one-line message, when checked
}

func expectRefusals(t *testing.T, g *Game, cases []refusal) {
	t.Helper()
	for _, tc := range cases {
		before := snap(g)
		checkErr := g.Check(tc.a)
		err := g.Apply(tc.a)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: Apply(%v) = %v, want %v", tc.name, tc.a, err, tc.want)
			continue
		}
		if !errors.Is(checkErr, tc.want) {
			t.Errorf("%s: Check disagrees with Apply: %v", tc.name, checkErr)
		}
		var ae *ActionError
		if !errors.As(err, &ae) {
			t.Errorf("%s: %T is not an *ActionError", tc.name, err)
		} else if tc.msg != "" && ae.Message() != tc.msg {
			t.Errorf("%s: message\n %q, want\n %q", tc.name, ae.Message(), tc.msg)
		}
		if !snap(g).equal(before) {
			t.Errorf("%s: the refused action changed the game", tc.name)
		}
	}
}

func TestErrors_SentinelsAndUnchangedGame(t *testing.T) {
	o := oneRound(2)
	o.PirateAbilities = true
	g, err := NewGame(3, WithOptions(o), WithNames("Ann", "Ben", "Cat"), WithDealer(fixtureDealer(t, 3, map[int]deal{
		1: {hands: []string{"B9 TIG", "B3 G5", "RASCAL Y2"}},
	})))
	if err != nil {
		t.Fatal(err)
	}
	card := func(code string) Card { return cardsOf(t, code, nil)[0] }

	expectRefusals(t, g, []refusal{
		{name: "play while bidding", a: Play(0, card("B9")), want: ErrWrongPhase,
			msg: "round 1, seat 0 (Ann): B9 is not allowed now: bidding is not over: waiting for Ann, Ben, Cat"},
		{name: "bid over the cards dealt", a: Bid(1, 3), want: ErrBidOutOfRange,
			msg: "round 1, seat 1 (Ben): bid 3 is out of range: 2 cards dealt, bid 0 to 2"},
		{name: "negative bid", a: Bid(1, -1), want: ErrBidOutOfRange},
		{name: "no such seat", a: Bid(3, 0), want: ErrNoSuchSeat},
		{name: "negative seat", a: Bid(-1, 0), want: ErrNoSuchSeat},
		{name: "ability with none pending", a: Decision(ActionWager, 0, 10), want: ErrWrongPhase},
		{name: "cannon in standard scoring", a: Action{Kind: ActionCannon, Seat: 0, ActionArgs: ActionArgs{Value: Cannonball}}, want: ErrWrongPhase},
		{name: "unknown action kind", a: Action{Kind: 99, Seat: 0}, want: ErrBadDecision},
		{name: "no action", a: Action{Seat: 0}, want: ErrBadDecision},
	})
	mustApply(t, g, Bid(0, 1))
	expectRefusals(t, g, []refusal{
		{name: "second bid", a: Bid(0, 2), want: ErrAlreadyBid,
			msg: "round 1, seat 0 (Ann): bid 2 comes after this seat's bid is in: a bid never changes once made"},
		{name: "same bid again", a: Bid(0, 1), want: ErrAlreadyBid},
	})
	mustApply(t, g, Bid(1, 0))
	mustApply(t, g, Bid(2, 1))
	expectRefusals(t, g, []refusal{
		{name: "bid after bidding", a: Bid(1, 1), want: ErrWrongPhase},
		{name: "out of turn", a: Play(1, card("B3")), want: ErrNotYourTurn,
			msg: "round 1, trick 1, seat 1 (Ben): B3 is out of turn: it is Ann's turn"},
		{name: "card not held", a: Play(0, card("G5")), want: ErrCardNotHeld},
		{name: "no card", a: Play(0, NoCard), want: ErrCardNotHeld},
		{name: "card out of range", a: Play(0, Card(200)), want: ErrCardNotHeld},
		{name: "undeclared Tigress", a: Play(0, Tigress), want: ErrTigressUndeclared,
			msg: "round 1, trick 1, seat 0 (Ann): TIG must be declared as Pirate (TIG-P) or Escape (TIG-E)"},
		{name: "Tigress declared nonsense", a: Action{Kind: ActionPlay, Seat: 0, Card: Tigress, ActionArgs: ActionArgs{Card2: NoCard, As: 7}}, want: ErrTigressUndeclared},
		{name: "a number declared", a: Action{Kind: ActionPlay, Seat: 0, Card: card("B9"), ActionArgs: ActionArgs{Card2: NoCard, As: AsPirate}}, want: ErrBadDecision},
	})
	mustApply(t, g, Play(0, card("B9")))
	expectRefusals(t, g, []refusal{
		{name: "broken follow-suit", a: Play(1, card("G5")), want: ErrMustFollowSuit,
			msg: "round 1, trick 1, seat 1 (Ben): G5 breaks follow-suit: black was led and Ben holds B3"},
	})
	mustApply(t, g, Play(1, card("B3")))
	mustApply(t, g, Play(2, card("RASCAL")))
	// Cat's Rascal won trick 1: she decides a wager.
	if k, s := g.Pending(); k != ActionWager || s != 2 {
		t.Fatalf("pending %v for seat %d, want a wager for Cat", k, s)
	}
	wager := func(seat, v int) Action {
		return Decision(ActionWager, seat, v)
	}
	expectRefusals(t, g, []refusal{
		{name: "wager of 15", a: wager(2, 15), want: ErrBadDecision,
			msg: "round 1, trick 1, seat 2 (Cat): wager 15 is not a legal choice: Rascal wagers 0, 10 or 20"},
		{name: "negative wager", a: wager(2, -10), want: ErrBadDecision},
		{name: "wager by another seat", a: wager(0, 10), want: ErrNotYourTurn},
		{name: "another ability", a: Decision(ActionHarry, 2, 1), want: ErrWrongPhase},
		{name: "play while a decision is awaited", a: Play(2, card("Y2")), want: ErrWrongPhase},
	})
	mustApply(t, g, wager(2, 20))
	playTrick(t, g, "Y2 TIG-E G5")
	if !g.Over() {
		t.Fatal("one-round game not over")
	}
	expectRefusals(t, g, []refusal{
		{name: "bid after the end", a: Bid(0, 0), want: ErrGameOver,
			msg: "seat 0 (Ann): bid 0 comes after the game is over"},
		{name: "play after the end", a: Play(1, card("G5")), want: ErrGameOver},
	})
	// Cat leads trick 2 with Y2; yellow is set and G5 is off-suit, so Cat
	// takes both tricks: bid 1, took 2 → −10, and her wager of 20 is lost.
	// Ann bid 1, took 0 → −10. Ben bid 0, took 0 → +10 × 2.
	if got := g.Totals(); got[0] != -10 || got[1] != 20 || got[2] != -10-20 {
		t.Errorf("totals %v, want [-10 20 -30]", got)
	}
}

// §8: Harry moves a bid by −1, 0 or +1 and keeps it within 0..N.
func TestErrors_HarryOutOfRange(t *testing.T) {
	o := oneRound(2)
	o.PirateAbilities = true
	g := newFixtureGame(t, 3, o, map[int]deal{1: {hands: []string{"HARRY Y1", "G1 Y2", "G2 Y3"}}})
	bidAll(t, g, 0, 1, 1)
	playTrick(t, g, "HARRY G1 G2")
	harry := func(v int) Action {
		return Decision(ActionHarry, 0, v)
	}
	expectRefusals(t, g, []refusal{
		{name: "move of 2", a: harry(2), want: ErrBadDecision,
			msg: "round 1, trick 1, seat 0: Harry moves the bid +2 is not a legal choice: Harry moves a bid by −1, 0 or +1"},
		{name: "below zero", a: harry(-1), want: ErrBadDecision},
		{name: "move of −2", a: harry(-2), want: ErrBadDecision},
	})
	var got []int
	for _, a := range g.LegalActions(0, nil) {
		got = append(got, int(a.Value))
	}
	if len(got) != 2 || got[0] != 0 || got[1] != 1 {
		t.Errorf("Harry's choices from a bid of 0: %v, want [0 1]", got)
	}
}
