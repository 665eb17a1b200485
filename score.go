package skullking

// RoundResult is one round of a score sheet: what each seat bid and won, the
// bonus points it captured, and what it scored. A played round and a round
// entered from a real table (results only) are both this; Points are always
// computed from the rest by Options.ScoreRound, never entered.
type RoundResult struct {
	Round   int  // 1-based; rounds past the schedule are tiebreak rounds
	Cards   int  // cards dealt to each hand
	Played  bool // false for a results-only round
	Players int

	Bids  [8]int
	Won   [8]int
	Bonus [8]int // bonus points captured (counted only on an exact bid)

	// Module details.
	Alliances  [2]Alliance // Loot alliances formed this round
	NAlliances int
	Wagers     [8]int // Rascal of Roatan's wagers (0 when none)
	Cannon     [8]int // Grapeshot or Cannonball under Rascal's scoring with cannon loads

	Points [8]int // this round's score per seat
	Totals [8]int // running totals after this round
}

// Exact reports whether seat made its bid.
func (r *RoundResult) Exact(seat int) bool { return r.Bids[seat] == r.Won[seat] }

// ZeroBidValue is what a zero bid wins or loses in a round dealing cards
// cards, round number round (docs/rules.md §6; zero_scaling in docs/record.md).
func (o *Options) ZeroBidValue(cards, round int) int {
	switch o.ZeroScaling {
	case ZeroByRound:
		return o.ZeroPoints * round
	case ZeroFlat:
		return o.ZeroPoints
	}
	return o.ZeroPoints * cards
}

// SeatPoints is one seat's score for a round, before Loot and wagers: the bid
// made or missed, and the captured bonus where the rules let it count.
func (o *Options) SeatPoints(cards, round, bid, won, bonus, cannon int) int {
	if !o.Bonuses {
		bonus = 0
	}
	off := won - bid
	if off < 0 {
		off = -off
	}
	if o.Scoring == RascalScoring {
		if o.CannonLoad && cannon == Cannonball {
			if off == 0 {
				return 15*cards + bonus
			}
			return 0
		}
		potential := 10 * cards
		switch off {
		case 0:
			return potential + bonus
		case 1:
			return potential/2 + bonus/2
		}
		return 0
	}
	// Made or missed, a zero bid or not: the four cases of docs/rules.md §6,
	// chosen with conditional moves rather than branches, since whether a
	// bid is made is random in a simulation, where every seat is scored
	// every round.
	made, missed := o.PointsPerTrick*bid, -o.MissPenalty*off
	z := o.ZeroBidValue(cards, round)
	if bid == 0 {
		made, missed = z, -z
	}
	pts := missed
	if off == 0 {
		pts = made
	}
	bonus &= -(b2i(off == 0) | b2i(o.KeepBonusOnMiss)) // all bits, or none
	return pts + bonus
}

// ScoreRound computes r.Points from the bids, tricks, bonuses and module
// details of r. Loot pays each ally only when both make their bids exactly;
// Rascal's wager is won on an exact bid and lost otherwise, under either
// scoring.
func (o *Options) ScoreRound(r *RoundResult) {
	for s := 0; s < r.Players; s++ {
		p := o.SeatPoints(r.Cards, r.Round, r.Bids[s], r.Won[s], r.Bonus[s], r.Cannon[s])
		if r.Wagers[s] != 0 {
			if r.Exact(s) {
				p += r.Wagers[s]
			} else {
				p -= r.Wagers[s]
			}
		}
		r.Points[s] = p
	}
	if !o.Bonuses {
		return
	}
	for _, a := range r.Alliances[:r.NAlliances] {
		if r.Exact(int(a.Looter)) && r.Exact(int(a.Winner)) {
			r.Points[a.Looter] += o.LootBonus
			r.Points[a.Winner] += o.LootBonus
		}
	}
}

// Leaders returns the seats with the highest total among totals.
func Leaders(totals []int) []int {
	var out []int
	for s, t := range totals {
		switch {
		case len(out) == 0 || t > totals[out[0]]:
			out = append(out[:0], s)
		case t == totals[out[0]]:
			out = append(out, s)
		}
	}
	return out
}
