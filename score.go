package skullking

import "strconv"

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
	// Captures is what each seat's bonus was captured with, where known:
	// in a played round, and in a results-only round entered as captures.
	Captures [8]Captures

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

// Captures counts what a seat took in the tricks it won that can carry a
// bonus (docs/rules.md §6): the 14s, and the characters its Pirates, Skull
// King and Mermaids captured. The counts are packed a byte each in one word,
// the lanes trickStats counts cards in, so that a round's captures add up
// with one addition a trick won; NewCaptures and the methods read them.
type Captures uint64

// NewCaptures packs counts of captures; each must be 0 to 255.
func NewCaptures(fourteens, black14, mermaids, pirates, skullKing int) Captures {
	return Captures(uint64(fourteens&0xFF)<<laneColour14 | uint64(black14&0xFF)<<laneBlack14 |
		uint64(mermaids&0xFF)<<laneMermaids | uint64(pirates&0xFF)<<lanePirates | uint64(skullKing&0xFF)<<laneSkullKing)
}

func (c Captures) lane(l uint) int { return int(uint64(c) >> l & 0xFF) }

// Fourteens is the green, yellow and purple 14s captured.
func (c Captures) Fourteens() int { return c.lane(laneColour14) }

// Black14 is 1 when the black 14 was captured.
func (c Captures) Black14() int { return c.lane(laneBlack14) }

// Mermaids is the Mermaids the seat's Pirates took.
func (c Captures) Mermaids() int { return c.lane(laneMermaids) }

// Pirates is the Pirates (the Tigress as one included) the seat's Skull King took.
func (c Captures) Pirates() int { return c.lane(lanePirates) }

// SkullKing is 1 when the seat's Mermaid took the Skull King.
func (c Captures) SkullKing() int { return c.lane(laneSkullKing) }

// Empty reports whether nothing was captured.
func (c Captures) Empty() bool { return c == 0 }

// CaptureBonus is the bonus points of captures c under these options,
// before the rules decide whether they count.
// It reads the lanes with shifts of its own rather than through the
// methods, which keeps it small enough to be inlined where every trick is
// resolved.
func (o *Options) CaptureBonus(c Captures) int {
	w := uint64(c)
	return int(w>>laneColour14&0xFF)*o.BonusFourteen + int(w>>laneBlack14&0xFF)*o.BonusBlackFourteen +
		int(w>>laneMermaids&0xFF)*o.BonusPirateMermaid + int(w>>lanePirates&0xFF)*o.BonusSkullKingPirate +
		int(w>>laneSkullKing&0xFF)*o.BonusMermaidSkullKing
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
func Leaders(totals []int) []int { return appendLeaders(nil, totals) }

// SeatScore is one seat's score for a round part by part, as a score sheet
// shows it: the parts add up to the round's points (Total equals
// RoundResult.Points, which SeatPoints and ScoreRound compute the fast way).
type SeatScore struct {
	Bid, Won int
	Exact    bool
	// BidPoints is what the bid made or missed scores: ±20 a trick, ±10 a
	// card for a zero bid, under Rascal's scoring the potential, its half or
	// nothing, with a cannonball 15 a card or nothing.
	BidPoints int
	// Bonus is the bonus points captured, BonusPoints the part of them
	// that counts (all of them on an exact bid, half under Rascal's scoring
	// one off, none on a missed bid unless the house rule keeps them), and
	// Captures what they were captured with, where known.
	Bonus, BonusPoints int
	Captures           Captures
	// Wager is Rascal of Roatan's wager, WagerPoints what it won or lost.
	Wager, WagerPoints int
	// Loot lists the seat's Loot alliances this round, LootPoints what they
	// paid.
	Loot       []LootShare
	LootPoints int
	// Cannon is the seat's cannon load, −1 without cannon loads.
	Cannon int
	Total  int
}

// LootShare is one Loot alliance as one of its two seats sees it.
type LootShare struct {
	Ally   int  // the other seat
	Looter bool // this seat played the Loot
	Paid   bool // both bids were exact: each ally scores the Loot reward
}

// Score breaks seat's points for round r down part by part (docs/rules.md
// §6 and §8). It is the plain reference SeatPoints and ScoreRound must agree
// with (tested on random games).
func (o *Options) Score(r *RoundResult, seat int) SeatScore {
	bid, won := r.Bids[seat], r.Won[seat]
	off := won - bid
	if off < 0 {
		off = -off
	}
	sc := SeatScore{Bid: bid, Won: won, Exact: off == 0, Bonus: r.Bonus[seat], Captures: r.Captures[seat],
		Wager: r.Wagers[seat], Cannon: -1}
	if o.CannonLoad {
		sc.Cannon = r.Cannon[seat]
	}
	counted := sc.Bonus
	if !o.Bonuses {
		counted = 0
	}
	switch {
	case o.Scoring == RascalScoring && o.CannonLoad && r.Cannon[seat] == Cannonball:
		if sc.Exact {
			sc.BidPoints, sc.BonusPoints = 15*r.Cards, counted
		}
	case o.Scoring == RascalScoring:
		potential := 10 * r.Cards
		switch off {
		case 0:
			sc.BidPoints, sc.BonusPoints = potential, counted
		case 1:
			sc.BidPoints, sc.BonusPoints = potential/2, counted/2
		}
	default:
		zero := o.ZeroBidValue(r.Cards, r.Round)
		switch {
		case bid == 0 && sc.Exact:
			sc.BidPoints = zero
		case bid == 0:
			sc.BidPoints = -zero
		case sc.Exact:
			sc.BidPoints = o.PointsPerTrick * bid
		default:
			sc.BidPoints = -o.MissPenalty * off
		}
		if sc.Exact || o.KeepBonusOnMiss {
			sc.BonusPoints = counted
		}
	}
	if sc.Wager != 0 {
		sc.WagerPoints = sc.Wager
		if !sc.Exact {
			sc.WagerPoints = -sc.Wager
		}
	}
	for _, a := range r.Alliances[:r.NAlliances] {
		if int(a.Looter) != seat && int(a.Winner) != seat {
			continue
		}
		share := LootShare{Ally: int(a.Winner), Looter: true,
			Paid: o.Bonuses && r.Exact(int(a.Looter)) && r.Exact(int(a.Winner))}
		if int(a.Winner) == seat {
			share.Ally, share.Looter = int(a.Looter), false
		}
		if share.Paid {
			sc.LootPoints += o.LootBonus
		}
		sc.Loot = append(sc.Loot, share)
	}
	sc.Total = sc.BidPoints + sc.BonusPoints + sc.WagerPoints + sc.LootPoints
	return sc
}

// CaptureKind names a capture that carries a bonus.
type CaptureKind uint8

// The captures that carry a bonus, in the order a score sheet lists them.
const (
	CaptureFourteen  CaptureKind = iota // a green, yellow or purple 14
	CaptureBlack14                      // the black 14
	CaptureMermaid                      // a Mermaid taken by a Pirate
	CapturePirate                       // a Pirate taken by the Skull King
	CaptureSkullKing                    // the Skull King taken by a Mermaid
)

var captureKindNames = [...]string{"fourteen", "black_fourteen", "pirate_mermaid", "skull_king_pirate", "mermaid_skull_king"}

func (k CaptureKind) String() string {
	if int(k) < len(captureKindNames) {
		return captureKindNames[k]
	}
	return "CaptureKind(" + strconv.Itoa(int(k)) + ")"
}

// CapturePart is one kind of capture, how many, and what they are worth.
type CapturePart struct {
	Kind   CaptureKind
	Count  int
	Points int
}

// CaptureParts lists captures c kind by kind, each with its points under
// these options; their points add up to CaptureBonus(c).
func (o *Options) CaptureParts(c Captures) []CapturePart {
	var out []CapturePart
	for _, p := range [...]CapturePart{
		{CaptureFourteen, c.Fourteens(), o.BonusFourteen},
		{CaptureBlack14, c.Black14(), o.BonusBlackFourteen},
		{CaptureMermaid, c.Mermaids(), o.BonusPirateMermaid},
		{CapturePirate, c.Pirates(), o.BonusSkullKingPirate},
		{CaptureSkullKing, c.SkullKing(), o.BonusMermaidSkullKing},
	} {
		if p.Count > 0 {
			p.Points *= p.Count
			out = append(out, p)
		}
	}
	return out
}
