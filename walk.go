package skullking

// Visitor watches a record's decisions as Walk replays them: v is the
// deciding seat's window on the game just before its recorded decision a,
// and is valid only during the call (the game moves on after it).
type Visitor func(v SeatView, a Action)

// Walk replays the record as Replay does and shows visit every decision a
// seat made, in the order the game took them: bids, cannon loads, cards
// (a Tigress with her declaration) and the pirate abilities' decisions,
// a decline included (an ability the record does not list was declined).
// Graybeard's flips are the game's own, not decisions, and are not shown.
// Only a valid record is walked: an invalid one returns Replay's error and
// visits nothing.
func (rec *Record) Walk(visit Visitor) (*Game, error) {
	if _, err := rec.Replay(); err != nil {
		return nil, err
	}
	return rec.replay(visit)
}

// applyDecision applies a seat's recorded decision a, shown first to visit (when
// set) as the game will read it: a copy of a card played alike is the copy
// the seat holds.
func applyDecision(g *Game, a Action, visit Visitor) error {
	if visit != nil {
		visit(g.Seat(int(a.Seat)), g.normalize(a))
	}
	return g.Apply(a)
}

// applyDecline applies a decline the replay knows to be legal, shown first to
// visit (when set).
func applyDecline(g *Game, a Action, visit Visitor) {
	if visit != nil {
		visit(g.Seat(int(a.Seat)), a)
	}
	g.ApplyUnchecked(a)
}
