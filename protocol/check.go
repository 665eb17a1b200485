package protocol

import (
	"fmt"

	"github.com/skullking-go/skullking"
)

// maxScore bounds every score and bonus in a view. Real games stay in the
// thousands; the bound keeps a client's arithmetic (a chart's scale) from
// overflowing on a number no game could reach.
const maxScore = 1_000_000

func sane(ns ...int) bool {
	for _, n := range ns {
		if n < -maxScore || n > maxScore {
			return false
		}
	}
	return true
}

var suitNames = map[string]bool{"green": true, "yellow": true, "purple": true, "black": true}

var pendingKinds = map[string]bool{KindRosie: true, KindBendt: true, KindDiscard: true, KindWager: true, KindHarry: true}

// maxLegal bounds the legal actions a view may list: far more than a seat
// is ever given (a bid or a card for each of its cards, at most).
const maxLegal = 1000

// Check tests everything a client will index or show of a view it was
// sent: seats, cards, positions in the trick, scores. A view that passes
// can be drawn without a bounds check failing; one that does not is refused
// whole, with what is wrong.
func (v *View) Check() error {
	n := len(v.Seats)
	seat := func(s int, none bool) bool { return (s >= 0 && s < n) || (none && s == -1) }
	switch {
	case n < 2 || n > maxSeats:
		return fmt.Errorf("has %d seats", n)
	case v.Players < 2 || v.Players > 8 || v.Players > n:
		return fmt.Errorf("has %d players at %d seats", v.Players, n)
	case v.Seat < -1 || v.Seat >= v.Players:
		return fmt.Errorf("is for seat %d of %d players", v.Seat, v.Players)
	case v.Cards < 0 || v.Cards > skullking.NumCards || v.Round < 0 || v.Rounds < 0 || v.Rounds > 1000:
		return fmt.Errorf("is round %d of %d with %d cards", v.Round, v.Rounds, v.Cards)
	case !seat(v.Turn, true) || !seat(v.Leader, true):
		return fmt.Errorf("has turn %d, leader %d", v.Turn, v.Leader)
	case v.Seat < 0 && (len(v.Hand) > 0 || len(v.Legal) > 0 || len(v.UndealtSeen) > 0 || len(v.Discarded) > 0):
		return fmt.Errorf("is a spectator's, but holds cards or actions")
	case len(v.Hand) > skullking.NumCards || len(v.Legal) > maxLegal || len(v.Tricks) > skullking.NumCards:
		return fmt.Errorf("holds %d cards, %d actions, %d tricks", len(v.Hand), len(v.Legal), len(v.Tricks))
	}
	switch v.Phase {
	case PhaseBidding, PhaseCannon, PhasePlaying, PhaseAbility, PhaseOver:
	default:
		return fmt.Errorf("has an unknown phase %q", v.Phase)
	}
	for _, s := range v.Seats {
		if !sane(s.Total, s.Wager, s.Won, s.HandSize) || s.HandSize < 0 || s.Won < 0 {
			return fmt.Errorf("seat %q: total %d, wager %d, won %d, hand %d", s.Name, s.Total, s.Wager, s.Won, s.HandSize)
		}
		if s.Bid != nil && (*s.Bid < 0 || *s.Bid > skullking.NumCards) {
			return fmt.Errorf("holds a bid of %d", *s.Bid)
		}
		if len(s.Name) > 200 {
			return fmt.Errorf("has a seat name of %d bytes", len(s.Name))
		}
	}
	for _, h := range v.Hand {
		if err := h.CardRef.check(); err != nil {
			return fmt.Errorf("hand: %v", err)
		}
		if h.Why != nil {
			if err := h.Why.check(n); err != nil {
				return fmt.Errorf("hand: %v", err)
			}
		}
	}
	for _, a := range v.Legal {
		if err := a.check(); err != nil {
			return fmt.Errorf("legal: %v", err)
		}
	}
	if err := checkPlays(v.Trick, n); err != nil {
		return fmt.Errorf("trick: %v", err)
	}
	if v.Winning < -1 || v.Winning >= len(v.Trick) {
		return fmt.Errorf("has winning card %d of %d", v.Winning, len(v.Trick))
	}
	if v.Lead.Suit != "" && !suitNames[v.Lead.Suit] {
		return fmt.Errorf("has an unknown suit %q", v.Lead.Suit)
	}
	for i := range v.Tricks {
		if err := v.Tricks[i].check(n); err != nil {
			return fmt.Errorf("trick %d: %v", i+1, err)
		}
	}
	if v.LastTrick != nil {
		if err := v.LastTrick.check(n); err != nil {
			return fmt.Errorf("last trick: %v", err)
		}
	}
	if p := v.Pending; p != nil {
		if !pendingKinds[p.Kind] || !seat(p.Seat, false) || !seat(p.Leader, true) || p.Draw < 0 || p.Draw > 2 {
			return fmt.Errorf("awaits %q of seat %d, leader %d, draw %d", p.Kind, p.Seat, p.Leader, p.Draw)
		}
	}
	for _, c := range append(append([]CardRef(nil), v.UndealtSeen...), v.Discarded...) {
		if err := c.check(); err != nil {
			return err
		}
	}
	if len(v.Results) > 1000 {
		return fmt.Errorf("holds %d rounds", len(v.Results))
	}
	for i := range v.Results {
		if err := v.Results[i].Check(v.Players); err != nil {
			return err
		}
	}
	for _, s := range v.Winners {
		if s < 0 || s >= v.Players {
			return fmt.Errorf("names winner %d of %d players", s, v.Players)
		}
	}
	return nil
}

func (r CardRef) check() error {
	if r.Card < 0 || r.Card >= skullking.NumCards {
		return fmt.Errorf("no card has id %d", r.Card)
	}
	return nil
}

func checkPlays(ps []Play, seats int) error {
	if len(ps) > seats {
		return fmt.Errorf("%d cards in a trick of %d seats", len(ps), seats)
	}
	for _, p := range ps {
		if err := p.CardRef.check(); err != nil {
			return err
		}
		if p.Seat < 0 || p.Seat >= seats {
			return fmt.Errorf("%s played by seat %d of %d", p.Code, p.Seat, seats)
		}
		switch p.As {
		case "", "pirate", "escape":
		default:
			return fmt.Errorf("the Tigress played as %q", p.As)
		}
	}
	return nil
}

func (t *Trick) check(seats int) error {
	if err := checkPlays(t.Plays, seats); err != nil {
		return err
	}
	if len(t.Plays) == 0 {
		return fmt.Errorf("has no cards")
	}
	won := t.Outcome == OutcomeWon
	switch {
	case t.Outcome != OutcomeWon && t.Outcome != OutcomeDestroyed && t.Outcome != OutcomeDiscarded:
		return fmt.Errorf("has an unknown outcome %q", t.Outcome)
	case won && (t.Winner < 0 || t.Winner >= seats), !won && t.Winner != -1:
		return fmt.Errorf("is %s by seat %d", t.Outcome, t.Winner)
	case t.Winning < 0 || t.Winning >= len(t.Plays):
		return fmt.Errorf("names card %d of %d as the winning one", t.Winning, len(t.Plays))
	case won && t.Plays[t.Winning].Seat != t.Winner:
		return fmt.Errorf("is won by seat %d with seat %d's card", t.Winner, t.Plays[t.Winning].Seat)
	case t.Leader < 0 || t.Leader >= seats:
		return fmt.Errorf("is led next by seat %d", t.Leader)
	case !sane(t.Bonus) || len(t.Bonuses) > 5 || len(t.Loot) > 2:
		return fmt.Errorf("carries bonus %d in %d items, %d alliances", t.Bonus, len(t.Bonuses), len(t.Loot))
	}
	for _, b := range t.Bonuses {
		if !sane(b.Count, b.Points) {
			return fmt.Errorf("carries %d %s worth %d", b.Count, b.Kind, b.Points)
		}
	}
	for _, a := range t.Loot {
		if a.Looter < 0 || a.Looter >= seats || a.Winner < 0 || a.Winner >= seats {
			return fmt.Errorf("allies seats %d and %d", a.Looter, a.Winner)
		}
	}
	return nil
}

// Check tests a scored round against the seats it scores.
func (r *Result) Check(players int) error {
	p := players
	if len(r.Bids) < p || len(r.Won) < p || len(r.Bonus) < p || len(r.Points) < p || len(r.Totals) < p {
		return fmt.Errorf("round %d's result has too few seats", r.Round)
	}
	for _, ns := range [][]int{r.Bids[:p], r.Won[:p], r.Bonus[:p], r.Points[:p], r.Totals[:p], {r.Round, r.Cards}} {
		if !sane(ns...) {
			return fmt.Errorf("round %d's result: %v", r.Round, ns)
		}
	}
	if len(r.Scores) != 0 && len(r.Scores) < p {
		return fmt.Errorf("round %d's result breaks down %d of %d seats", r.Round, len(r.Scores), p)
	}
	for _, s := range r.Scores {
		if !sane(s.Bid, s.Won, s.BidPoints, s.Bonus, s.BonusPoints, s.Wager, s.WagerPoints, s.LootPoints, s.Total) ||
			len(s.Bonuses) > 5 || len(s.Loot) > 2 {
			return fmt.Errorf("round %d's result: a seat's score %+v", r.Round, s)
		}
		for _, l := range s.Loot {
			if l.Ally < 0 || l.Ally >= p {
				return fmt.Errorf("round %d's result: an ally %d of %d players", r.Round, l.Ally, p)
			}
		}
	}
	return nil
}

func (r *Refusal) check(seats int) error {
	if r.Other != nil && (*r.Other < -1 || *r.Other >= seats) {
		return fmt.Errorf("a refusal naming seat %d", *r.Other)
	}
	if r.Card != nil {
		if err := r.Card.check(); err != nil {
			return err
		}
	}
	for _, s := range r.Seats {
		if s < 0 || s >= seats {
			return fmt.Errorf("a refusal naming seat %d", s)
		}
	}
	if r.Count != nil && !sane(*r.Count) {
		return fmt.Errorf("a refusal counting %d", *r.Count)
	}
	return nil
}

func (a *Action) check() error {
	for _, id := range []*int{a.Card, a.Card2} {
		if id != nil && (*id < 0 || *id >= skullking.NumCards) {
			return fmt.Errorf("no card has id %d", *id)
		}
	}
	if a.Value != nil && !sane(*a.Value) {
		return fmt.Errorf("a value of %d", *a.Value)
	}
	return nil
}
