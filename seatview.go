package skullking

// SeatView is one seat's window on a running game: it answers only what that
// seat may know, straight from the game without copying it, so bots can
// decide millions of times a second. It cannot reach another hand,
// Graybeard's pile, the undealt cards or a secret bid: the game is an
// unexported field and every method filters by seat. View builds the full
// snapshot when one is wanted.
type SeatView struct {
	g    *Game
	seat int
}

// Seat returns seat s's window on the game.
func (g *Game) Seat(s int) SeatView { return SeatView{g: g, seat: s} }

// Seat is the viewing seat.
func (v SeatView) Seat() int { return v.seat }

// Players is the number of seats, Graybeard not counted.
func (v SeatView) Players() int { return v.g.players }

// GhostSeat is Graybeard's seat in a two-player game, else −1.
func (v SeatView) GhostSeat() int { return v.g.ghost }

// Options returns the rules.
func (v SeatView) Options() *Options { o := v.g.opts; return &o }

// Phase is what the game waits for.
func (v SeatView) Phase() Phase { return v.g.phase }

// Round is the 1-based round number.
func (v SeatView) Round() int { return v.g.round }

// Cards is the number of cards dealt to each hand this round.
func (v SeatView) Cards() int { return v.g.cards }

// Hand is the seat's own hand.
func (v SeatView) Hand() CardSet { return v.g.hand[v.seat] }

// HandSize is how many cards seat s holds (public).
func (v SeatView) HandSize(s int) int {
	if s < 0 || s >= v.g.hands {
		return 0
	}
	return v.g.hand[s].Len()
}

// Legal appends the seat's legal actions to buf.
func (v SeatView) Legal(buf []Action) []Action { return v.g.LegalActions(v.seat, buf) }

// Check reports why the seat may not take action a now (an *ActionError
// with its Refusal), or nil if it may. The action is judged as the seat's
// own whatever a.Seat says: how the game would judge another seat's card
// would tell what that seat holds.
func (v SeatView) Check(a Action) error {
	a.Seat = int8(v.seat)
	return v.g.Check(a)
}

// HeldCopies returns a as the seat's own action with each card that names a
// face whose copies play alike (a Mermaid, an Escape, a Loot, a Pirate while
// names do not matter) replaced by the copy the seat holds: how a card code,
// which names a face, is read. Other cards are left as they are, for the
// check to judge.
func (v SeatView) HeldCopies(a Action) Action {
	a.Seat = int8(v.seat)
	return v.g.normalize(a)
}

// LegalCards is the set of cards the seat may play now.
func (v SeatView) LegalCards() CardSet { return v.g.LegalCards(v.seat) }

// DistinctPlays is LegalCards with one card per face of interchangeable
// copies (two Mermaids, the Escapes, the Loots, and the Pirates when their
// names do not matter): the cards Legal offers, without building the list.
func (v SeatView) DistinctPlays() CardSet { return v.g.distinctPlays(v.g.LegalCards(v.seat)) }

// Waiting reports whether the seat has a decision to make.
func (v SeatView) Waiting() bool { return v.g.Waiting(v.seat) }

// Turn is the seat to play, or −1 during simultaneous decisions.
func (v SeatView) Turn() int { return v.g.Turn() }

// Bid returns seat s's bid if the viewing seat may know it: its own once
// made, the others' once every bid is in.
func (v SeatView) Bid(s int) (int, bool) {
	g := v.g
	if s < 0 || s >= g.players || !g.hasBid[s] {
		return 0, false
	}
	if s != v.seat && g.bidsIn < g.players {
		return 0, false
	}
	return g.bids[s], true
}

// HasBid reports whether seat s has bid this round (public).
func (v SeatView) HasBid(s int) bool { return s >= 0 && s < v.g.players && v.g.hasBid[s] }

// Won is seat s's tricks won this round.
func (v SeatView) Won(s int) int { return v.g.TricksWon(s) }

// Total is seat s's running total.
func (v SeatView) Total(s int) int {
	if s < 0 || s >= v.g.players {
		return 0
	}
	return v.g.totals[s]
}

// Trick returns the cards of the trick in progress (do not modify).
func (v SeatView) Trick() []Played {
	if v.g.phase != PhasePlaying {
		return nil
	}
	return v.g.trick[:v.g.inTrick:v.g.inTrick]
}

// Lead is the state of the current trick's suit.
func (v SeatView) Lead() Lead { return v.g.lead }

// TrickNumber is the 1-based trick being played.
func (v SeatView) TrickNumber() int { return v.g.trickNo + 1 }

// CompletedTricks returns this round's completed tricks (do not modify).
func (v SeatView) CompletedTricks() []CompletedTrick {
	return v.g.tricks[:len(v.g.tricks):len(v.g.tricks)]
}

// PlayOrder returns the seats in the order they play the current trick.
func (v SeatView) PlayOrder() []int8 {
	if v.g.phase != PhasePlaying {
		return nil
	}
	return v.g.order[:v.g.trickSize:v.g.trickSize]
}

// Pending returns the ability decision awaited and the deciding seat.
func (v SeatView) Pending() (ActionKind, int) { return v.g.Pending() }

// View builds the full snapshot of what the seat may know.
func (v SeatView) View() View { return v.g.View(v.seat) }
