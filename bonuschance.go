package skullking

// BonusCanCount reports whether the bonus points seat s captures this round
// can still count towards its score, as far as everyone at the table can
// know: false once no way the rest of the round can go brings the seat's
// tricks close enough to its bid — exact, or one off under Rascal's scoring
// without a cannonball (docs/rules.md §6, §8.5) — and the rules keep no
// bonus of a missed bid. Harry the Giant may still move a bid by one while
// he has not been played this round (§8.6); who holds him is secret, so any
// seat might. Outside a round's play (bidding, between rounds, a game over)
// it reports true: nothing is lost yet, or the round's result says what
// counted.
func (g *Game) BonusCanCount(s int) bool {
	o := &g.opts
	switch {
	case s < 0 || s >= g.players || s == g.ghost:
		return false
	case !o.Bonuses:
		return false
	case o.Scoring != RascalScoring && o.KeepBonusOnMiss:
		return true
	case g.phase != PhasePlaying && g.phase != PhaseAbility:
		return true
	}
	slack := 0
	if o.Scoring == RascalScoring && !(o.CannonLoad && g.cannon[s] == Cannonball) {
		slack = 1 // one off keeps half the bonus
	}
	if g.harryMayMove(s) {
		slack++
	}
	left := g.cards - g.trickNo // the tricks still to be won, the one on the table included
	won, bid := g.won[s], g.bids[s]
	return won <= bid+slack && won+left >= bid-slack
}

// harryMayMove reports whether seat s may yet change its bid with Harry the
// Giant, as far as everyone can know: his decision is awaited from s, or
// he has not won a trick this round and tricks are left to win.
func (g *Game) harryMayMove(s int) bool {
	if !g.opts.PirateAbilities {
		return false
	}
	if g.phase == PhaseAbility && g.pending.kind == ActionHarry {
		return g.pending.seat == s
	}
	for _, t := range g.tricks {
		for _, p := range t.Plays {
			if p.Card == Harry {
				return false // played: he won his trick (and moved a bid) or lost it
			}
		}
	}
	return g.trickNo < g.cards
}
