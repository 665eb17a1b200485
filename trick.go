package skullking

// Played is a card on the table: which card, whose, and for the Tigress how
// she was declared.
type Played struct {
	Card Card
	Seat int8
	As   TigressAs
}

// Kind is the kind the card plays as: a declared Tigress is a Pirate or an
// Escape in every respect.
func (p Played) Kind() Kind {
	if p.Card == Tigress {
		if p.As == AsPirate {
			return KindPirate
		}
		return KindEscape
	}
	return p.Card.Kind()
}

// Code is the card as a record writes it (TIG-P, TIG-E for the Tigress).
func (p Played) Code(named bool) string {
	return Action{Kind: ActionPlay, Card: p.Card, As: p.As}.CardCode(named)
}

func (p Played) String() string { return p.Code(true) }

// Lead is the state of a trick's suit (RULES.md §4): unset until a number or
// a character is played, then set to a suit or free.
type Lead struct {
	Suit Suit // the suit to follow once set
	Free bool // a character (or Kraken, Whale) opened the trick: nobody follows
}

// Set reports whether the lead is decided (a suit or free).
func (l Lead) Set() bool { return l.Suit != NoSuit || l.Free }

// after returns the lead once p is played.
func (l Lead) after(p Played) Lead {
	if l.Set() {
		return l // once set, the suit stays set for the whole trick
	}
	k := p.Kind()
	switch {
	case k == KindNumber:
		l.Suit = p.Card.Suit()
	case k.IsEscapeLike():
		// an Escape, Tigress-as-Escape or Loot defers to the next player
	default:
		l.Free = true
	}
	return l
}

// LeadOf computes the lead of a sequence of plays.
func LeadOf(plays []Played) Lead {
	var l Lead
	for _, p := range plays {
		l = l.after(p)
	}
	return l
}

// legalFrom returns the cards of hand that may be played under lead l: a
// seat holding the suit to follow may play only that suit or special cards.
func legalFrom(hand CardSet, l Lead) CardSet {
	if l.Suit != NoSuit {
		if follow := hand.And(suitSets[l.Suit]); !follow.Empty() {
			return follow.Or(hand.And(specialSet))
		}
	}
	return hand
}

// Outcome says how a trick ended.
type Outcome uint8

// Trick outcomes: won by a seat, destroyed by the Kraken (nobody wins, the
// would-have-won player leads) or discarded by the White Whale when no number
// was played (the Whale's player leads).
const (
	Won Outcome = iota
	Destroyed
	Discarded
)

// Reason says which rule of RULES.md §5 (or §8) decided a trick.
type Reason uint8

// Trick-winning reasons, in the order of the rules.
const (
	ByMermaidOverSkullKing Reason = iota + 1
	BySkullKing
	ByPirate
	ByMermaid
	ByTrump
	BySuit
	ByFirstEscape
	ByWhaleHighest
	ByKraken
	ByWhaleDiscard
)

var reasonTexts = [...]string{"",
	"a Mermaid takes the Skull King",
	"the Skull King beats every Pirate and number",
	"the first Pirate beats Mermaids and numbers",
	"the first Mermaid beats every number",
	"the highest black (trump) wins",
	"the highest card of the suit led wins",
	"only Escapes were played: the first one wins",
	"the White Whale: the highest number wins, whatever its suit",
	"the Kraken destroys the trick: nobody wins it",
	"the White Whale with no number played: the trick is discarded",
}

func (r Reason) String() string {
	if int(r) < len(reasonTexts) {
		return reasonTexts[r]
	}
	return "unknown"
}

// Alliance is a Loot alliance formed in a trick: the Loot's player and the
// trick's winner. Each gets the Loot bonus if both make their bids.
type Alliance struct {
	Looter, Winner int8
}

// TrickResult is the resolution of a complete trick.
type TrickResult struct {
	Outcome Outcome
	Reason  Reason
	// Index is the winning play's index in the trick (for Destroyed, the play
	// that would have won; for Discarded, the Whale), Winner its seat, or −1
	// for a destroyed or discarded trick.
	Index  int
	Winner int
	// Leader leads the next trick (before any Rosie D'Laney choice).
	Leader int
	// Bonus is what the winner captured, in points, counted only if the
	// winner's bid is exact (RULES.md §6).
	Bonus      int
	Fourteens  int // colour 14s captured
	Black14    bool
	Mermaids   int // Mermaids captured by the winner's Pirate
	Pirates    int // Pirates captured by the winner's Skull King
	SkullKing  bool
	Alliances  [2]Alliance
	NAlliances int
}

// ResolveTrick decides a complete trick under options o (RULES.md §5, §8).
// plays are in play order; seats are whatever the caller uses.
func ResolveTrick(plays []Played, o *Options) TrickResult {
	kraken, whale := -1, -1
	for i, p := range plays {
		switch p.Card {
		case Kraken:
			kraken = i
		case WhiteWhale:
			whale = i
		}
	}
	// With both in one trick the one played second takes effect and the first
	// acts as an Escape.
	if kraken >= 0 && whale >= 0 {
		if kraken > whale {
			whale = -1
		} else {
			kraken = -1
		}
	}
	var r TrickResult
	switch {
	case whale >= 0:
		best := -1
		for i, p := range plays {
			if p.Kind() == KindNumber && (best < 0 || p.Card.Rank() > plays[best].Card.Rank()) {
				best = i
			}
		}
		if best < 0 {
			return TrickResult{Outcome: Discarded, Reason: ByWhaleDiscard, Index: whale, Winner: -1,
				Leader: int(plays[whale].Seat)}
		}
		r = TrickResult{Outcome: Won, Reason: ByWhaleHighest, Index: best}
		r.count14s(plays, o)
	case kraken >= 0:
		idx, _ := baseWinner(plays, kraken)
		if idx < 0 {
			idx = kraken // a trick in progress holding only the Kraken
		}
		r := TrickResult{Outcome: Destroyed, Reason: ByKraken, Index: idx, Winner: -1, Leader: int(plays[idx].Seat)}
		return r
	default:
		idx, why := baseWinner(plays, -1)
		r = TrickResult{Outcome: Won, Reason: why, Index: idx}
		r.count14s(plays, o)
		winner := plays[idx].Kind()
		for _, p := range plays {
			switch p.Kind() {
			case KindMermaid:
				if winner == KindPirate {
					r.Mermaids++
				}
			case KindPirate:
				if winner == KindSkullKing {
					r.Pirates++
				}
			case KindSkullKing:
				if winner == KindMermaid {
					r.SkullKing = true
				}
			}
		}
		r.Bonus += r.Mermaids*o.BonusPirateMermaid + r.Pirates*o.BonusSkullKingPirate
		if r.SkullKing {
			r.Bonus += o.BonusMermaidSkullKing
		}
	}
	r.Winner = int(plays[r.Index].Seat)
	r.Leader = r.Winner
	for _, p := range plays {
		if p.Card.Kind() == KindLoot && p.Seat != plays[r.Index].Seat && r.NAlliances < len(r.Alliances) {
			r.Alliances[r.NAlliances] = Alliance{Looter: p.Seat, Winner: plays[r.Index].Seat}
			r.NAlliances++
		}
	}
	return r
}

func (r *TrickResult) count14s(plays []Played, o *Options) {
	for _, p := range plays {
		if p.Card.Rank() == 14 {
			if p.Card.Suit() == Black {
				r.Black14 = true
				r.Bonus += o.BonusBlackFourteen
			} else {
				r.Fourteens++
				r.Bonus += o.BonusFourteen
			}
		}
	}
}

// baseWinner applies RULES.md §5 to plays, skipping index skip (a Kraken
// being looked past); a Kraken or Whale that reaches it was overridden by the
// other and acts as an Escape. The suit is recomputed from the cards it sees.
func baseWinner(plays []Played, skip int) (int, Reason) {
	firstMermaid, firstPirate, sk := -1, -1, -1
	bestBlack, bestSuit, first := -1, -1, -1
	var lead Lead
	for i, p := range plays {
		if i == skip {
			continue
		}
		k := p.Kind()
		if k == KindWhale || k == KindKraken {
			k = KindEscape // a module card overridden by a later one
		}
		if first < 0 {
			first = i
		}
		pl := p
		if k == KindEscape {
			pl = Played{Card: Escape1, Seat: p.Seat}
		}
		lead = lead.after(pl)
		switch k {
		case KindMermaid:
			if firstMermaid < 0 {
				firstMermaid = i
			}
		case KindPirate:
			if firstPirate < 0 {
				firstPirate = i
			}
		case KindSkullKing:
			sk = i
		case KindNumber:
			c := p.Card
			if c.Suit() == Black && (bestBlack < 0 || c.Rank() > plays[bestBlack].Card.Rank()) {
				bestBlack = i
			}
			if c.Suit() == lead.Suit && (bestSuit < 0 || c.Rank() > plays[bestSuit].Card.Rank()) {
				bestSuit = i
			}
		}
	}
	switch {
	case firstMermaid >= 0 && sk >= 0:
		return firstMermaid, ByMermaidOverSkullKing
	case sk >= 0:
		return sk, BySkullKing
	case firstPirate >= 0:
		return firstPirate, ByPirate
	case firstMermaid >= 0:
		return firstMermaid, ByMermaid
	case bestBlack >= 0:
		return bestBlack, ByTrump
	case bestSuit >= 0:
		return bestSuit, BySuit
	}
	return first, ByFirstEscape
}

// trickStats follows a trick card by card so that the common trick (base
// cards only) is resolved without a second pass: the engine's hot path. A
// trick with a Kraken, White Whale or Loot goes through ResolveTrick.
type trickStats struct {
	firstMermaid, firstPirate, sk, bestBlack, bestSuit int8
	blackRank, suitRank                                int8
	mermaids, pirates, colour14                        int8
	black14, exotic                                    bool
}

func (t *trickStats) reset() {
	*t = trickStats{firstMermaid: -1, firstPirate: -1, sk: -1, bestBlack: -1, bestSuit: -1}
}

// add notes play p at index i; lead is the trick's lead after p.
func (t *trickStats) add(i int8, p Played, lead Lead) {
	switch p.Kind() {
	case KindNumber:
		c := p.Card
		rank := int8(c%14) + 1
		suit := Suit(c/14 + 1)
		if rank == 14 {
			if suit == Black {
				t.black14 = true
			} else {
				t.colour14++
			}
		}
		if suit == Black && rank > t.blackRank {
			t.bestBlack, t.blackRank = i, rank
		}
		if suit == lead.Suit && rank > t.suitRank {
			t.bestSuit, t.suitRank = i, rank
		}
	case KindPirate:
		t.pirates++
		if t.firstPirate < 0 {
			t.firstPirate = i
		}
	case KindMermaid:
		t.mermaids++
		if t.firstMermaid < 0 {
			t.firstMermaid = i
		}
	case KindSkullKing:
		t.sk = i
	case KindEscape:
	default:
		t.exotic = true
	}
}

// result resolves the trick of plays that add has seen, which must hold no
// Kraken, White Whale or Loot. It agrees with ResolveTrick (tested).
func (t *trickStats) result(plays []Played, o *Options) TrickResult {
	var r TrickResult
	switch {
	case t.firstMermaid >= 0 && t.sk >= 0:
		r.Index, r.Reason, r.SkullKing = int(t.firstMermaid), ByMermaidOverSkullKing, true
		r.Bonus = o.BonusMermaidSkullKing
	case t.sk >= 0:
		r.Index, r.Reason, r.Pirates = int(t.sk), BySkullKing, int(t.pirates)
		r.Bonus = r.Pirates * o.BonusSkullKingPirate
	case t.firstPirate >= 0:
		r.Index, r.Reason, r.Mermaids = int(t.firstPirate), ByPirate, int(t.mermaids)
		r.Bonus = r.Mermaids * o.BonusPirateMermaid
	case t.firstMermaid >= 0:
		r.Index, r.Reason = int(t.firstMermaid), ByMermaid
	case t.bestBlack >= 0:
		r.Index, r.Reason = int(t.bestBlack), ByTrump
	case t.bestSuit >= 0:
		r.Index, r.Reason = int(t.bestSuit), BySuit
	default:
		r.Index, r.Reason = 0, ByFirstEscape
	}
	r.Fourteens, r.Black14 = int(t.colour14), t.black14
	r.Bonus += r.Fourteens * o.BonusFourteen
	if t.black14 {
		r.Bonus += o.BonusBlackFourteen
	}
	r.Winner = int(plays[r.Index].Seat)
	r.Leader = r.Winner
	return r
}
