package protocol

import (
	"github.com/skullking-go/skullking"
)

// Refusal is why an action may not be taken: a stable code (the engine's
// skullking.RefusalCode, listed in docs/protocol.md) and the facts a
// sentence about it needs. Only the facts the code uses are set.
type Refusal struct {
	Code   string   `json:"code"`
	Seat   int      `json:"seat"`             // whose action it is
	Action *Action  `json:"action,omitempty"` // what it tried
	Phase  string   `json:"phase,omitempty"`  // decision_awaited: what the game waits for
	Other  *int     `json:"other,omitempty"`  // the seat whose turn or decision it is (−1: everyone's)
	Suit   string   `json:"suit,omitempty"`   // must_follow_suit: the suit led
	Card   *CardRef `json:"card,omitempty"`   // must_follow_suit: a card of it the seat holds; card_not_held: the card
	Count  *int     `json:"count,omitempty"`  // the seats, the cards dealt, the cards to discard
	Seats  []int    `json:"seats,omitempty"`  // bidding_not_over: who has not bid
}

// refusalFacts says which facts each code uses.
var refusalFacts = map[skullking.RefusalCode]struct{ phase, other, suit, card, count, seats bool }{
	skullking.RefuseNoSuchSeat:      {count: true},
	skullking.RefuseBidOutOfRange:   {count: true},
	skullking.RefuseBiddingNotOver:  {seats: true},
	skullking.RefuseDecisionAwaited: {phase: true, other: true},
	skullking.RefuseNotYourTurn:     {other: true},
	skullking.RefuseCardNotHeld:     {card: true},
	skullking.RefuseMustFollowSuit:  {suit: true, card: true},
	skullking.RefuseNotYourAbility:  {other: true},
	skullking.RefuseRosieSeat:       {count: true},
	skullking.RefuseDiscard:         {count: true},
	skullking.RefuseHarryRange:      {count: true},
}

// RefusalOf writes an engine refusal for the wire; named writes the
// Pirates by name.
func RefusalOf(r *skullking.Refusal, named bool) *Refusal {
	w := &Refusal{Code: string(r.Code), Seat: r.Seat}
	if r.Action.Kind != skullking.ActionNone {
		a := FromAction(r.Action, named)
		w.Action = &a
	}
	f := refusalFacts[r.Code]
	if f.phase {
		w.Phase = phaseNames[r.Phase]
	}
	if f.other {
		w.Other = intp(r.Other)
	}
	if f.suit {
		w.Suit = r.Suit.String()
	}
	if f.card && r.Card.Valid() {
		ref := refOf(r.Card, named)
		w.Card = &ref
	}
	if f.count {
		w.Count = intp(r.Count)
	}
	if f.seats {
		w.Seats = append([]int{}, r.Seats...)
	}
	return w
}
