package skullking

// Commit is the one way to apply an action that comes from outside the
// engine and must be kept: it checks a, hands it to keep (a server's append
// to its log) and applies it only if keep succeeds, so that what is checked,
// kept and applied is one and the same action.
//
// Its cards are taken as the copies they name. Apply, which reads records,
// reads a card whose copies play alike as the copy the seat holds (card codes
// name faces, not copies); a caller that read a face the same way says so
// first (SeatView.HeldCopies). Checking one form and keeping or applying
// another let a seat play a copy it did not hold, again and again, and left
// a log that no longer replayed.
//
// A refused action returns the engine's *ActionError and keep is not
// called. An error from keep is returned as it is. Either way the game is
// unchanged.
func (g *Game) Commit(a Action, keep func(Action) error) error {
	if err := g.check(a); err != nil {
		return err
	}
	if err := keep(a); err != nil {
		return err
	}
	g.ApplyUnchecked(a)
	return nil
}
