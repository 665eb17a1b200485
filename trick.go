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
	return Action{Kind: ActionPlay, Card: p.Card, ActionArgs: ActionArgs{As: p.As}}.CardCode(named)
}

func (p Played) String() string { return p.Code(true) }

// Lead is the state of a trick's suit (docs/rules.md §4): unset until a number or
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
	// The numbers are all in the low word, with the first specials above
	// them; the high word holds only specials.
	if follow := hand.lo & suitLow[l.Suit&7]; follow != 0 {
		hand.lo = follow | hand.lo&specialLow
	}
	return hand
}

// suitLow[s] is the low word of SuitSet(s); 0 for NoSuit and past Black.
var suitLow = func() (t [8]uint64) {
	for s := Green; s <= Black; s++ {
		t[s] = suitSets[s].lo
	}
	return t
}()

// specialLow is the low word of SpecialSet.
const specialLow = 1<<64 - 1<<Rosie

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

// Reason says which rule of docs/rules.md §5 (or §8) decided a trick.
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
	// winner's bid is exact (docs/rules.md §6).
	Bonus int
	// Captured is what the winner took that can carry a bonus.
	Captured   Captures
	Alliances  [2]Alliance
	NAlliances int
}

// ResolveTrick decides a complete trick under options o (docs/rules.md §5, §8).
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
		r.count14s(plays)
		r.Bonus = o.CaptureBonus(r.Captured)
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
		r.count14s(plays)
		winner := plays[idx].Kind()
		for _, p := range plays {
			switch p.Kind() {
			case KindMermaid:
				if winner == KindPirate {
					r.Captured += 1 << laneMermaids
				}
			case KindPirate:
				if winner == KindSkullKing {
					r.Captured += 1 << lanePirates
				}
			case KindSkullKing:
				if winner == KindMermaid {
					r.Captured += 1 << laneSkullKing
				}
			}
		}
		r.Bonus = o.CaptureBonus(r.Captured)
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

func (r *TrickResult) count14s(plays []Played) {
	for _, p := range plays {
		if p.Card.Rank() == 14 {
			if p.Card.Suit() == Black {
				r.Captured += 1 << laneBlack14
			} else {
				r.Captured += 1 << laneColour14
			}
		}
	}
}

// baseWinner applies docs/rules.md §5 to plays, skipping index skip (a Kraken
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
//
// Every play gets a key from a table: the play with the highest key wins
// and the first of equal keys beats the later ones, as docs/rules.md §5 ranks
// Pirates, Mermaids and Escapes — except that a Mermaid takes the Skull King,
// which result checks at the end. What the bonuses need is counted in lanes
// of one word, also from a table. Nothing in add branches on the card.
type trickStats struct {
	// top is the winning play so far as its key and index in one number,
	// topOf(key, index), so that the winner so far is a max: whether each
	// card takes the lead is random in a simulation, a branch the
	// processor would guess wrong, and max is a conditional move.
	top          int
	firstMermaid int8
	counts       uint64 // statLane lanes
}

// topOf packs a play's key and index into a number that orders plays as
// they win: a higher key, then an earlier index.
func topOf(key int8, index int8) int { return int(key)<<4 | int(15-index) }

// topKey and topIndex unpack top.
func (t *trickStats) topKey() int8  { return int8(t.top >> 4) }
func (t *trickStats) topIndex() int { return 15 - t.top&15 }

// Play keys: numbers of the suit led rank 1–14, black numbers (trump)
// 15–28, then the characters.
const (
	keyEscape    = 0 // and every number off the suit led
	keyTrump     = 14
	keyMermaid   = 30
	keyPirate    = 31
	keySkullKing = 32
)

// The lanes of trickStats.counts, 8 bits each; Captures keeps the same.
const (
	laneMermaids = 8 * iota
	lanePirates
	laneColour14
	laneBlack14
	laneSkullKing
	laneExotic
)

// statCodes index the tables below: the card, or for the Tigress
// tigressCode by declaration.
const (
	codeTigressPirate = NumCards
	codeTigressEscape = NumCards + 1
	numStatCodes      = NumCards + 2
	// statRows is the length of the tables' rows: every byte, so that a
	// code, a byte, indexes them without a bounds check on every card.
	statRows = 256
)

var tigressCode = [4]uint8{codeTigressEscape, codeTigressPirate, codeTigressEscape, codeTigressEscape}

// statCode is play p's index into playKeys and playCounts.
func statCode(p Played) uint8 {
	c := uint8(p.Card)
	if p.Card == Tigress {
		c = tigressCode[p.As&3]
	}
	return c
}

// playKeys[suit led][code] is a play's key once the trick's suit is suit
// (rows past Black are unused: they let an index go unchecked).
var playKeys = func() (t [8][statRows]int8) {
	for led := NoSuit; led <= Black; led++ {
		for c := Card(0); c < NumCards; c++ {
			k := int8(keyEscape)
			switch c.Kind() {
			case KindNumber:
				switch {
				case c.Suit() == Black:
					k = int8(keyTrump + c.Rank())
				case c.Suit() == led:
					k = int8(c.Rank())
				}
			case KindMermaid:
				k = keyMermaid
			case KindPirate:
				k = keyPirate
			case KindSkullKing:
				k = keySkullKing
			}
			t[led][c] = k
		}
		t[led][codeTigressPirate] = keyPirate
		t[led][codeTigressEscape] = keyEscape
	}
	return t
}()

// playCounts[code] is what a play adds to trickStats.counts.
var playCounts = func() (t [statRows]uint64) {
	for c := Card(0); c < NumCards; c++ {
		var n uint64
		switch c.Kind() {
		case KindNumber:
			if c.Rank() == 14 {
				if c.Suit() == Black {
					n = 1 << laneBlack14
				} else {
					n = 1 << laneColour14
				}
			}
		case KindMermaid:
			n = 1 << laneMermaids
		case KindPirate:
			n = 1 << lanePirates
		case KindSkullKing:
			n = 1 << laneSkullKing
		case KindLoot, KindKraken, KindWhale:
			n = 1 << laneExotic
		}
		t[c] = n
	}
	t[codeTigressPirate] = 1 << lanePirates
	return t
}()

// leadAfter[code] is the lead of a trick whose suit was unset once the
// play of statCode code is made (see Lead.after).
var leadAfter = func() (t [statRows]Lead) {
	for code := range numStatCodes {
		p := Played{Card: Card(code)}
		switch code {
		case codeTigressPirate:
			p = Played{Card: Tigress, As: AsPirate}
		case codeTigressEscape:
			p = Played{Card: Tigress, As: AsEscape}
		}
		t[code] = Lead{}.after(p)
	}
	return t
}()

func (t *trickStats) reset() { *t = trickStats{top: -1, firstMermaid: -1} }

// exotic reports whether the trick holds a Kraken, White Whale or Loot.
func (t *trickStats) exotic() bool { return t.lane(laneExotic) != 0 }

func (t *trickStats) lane(l uint) int { return int(t.counts >> l & 0xFF) }

// add notes the play of statCode code at index i; lead is the trick's lead
// after it.
func (t *trickStats) add(i int8, code uint8, lead Lead) {
	t.top = max(t.top, topOf(playKeys[lead.Suit&7][code], i))
	t.counts += playCounts[code]
	if code-uint8(Mermaid1) < 2 && t.firstMermaid < 0 {
		t.firstMermaid = i
	}
}

// resolve resolves the trick of plays that add has seen, which must hold no
// Kraken, White Whale or Loot, into r. It agrees with ResolveTrick (tested).
// Which kind of card won is random in a simulation, so the cases are sums
// of flags rather than branches a processor would guess wrong.
func (t *trickStats) resolve(plays []Played, o *Options, r *TrickResult) {
	k := t.topKey()
	sk := k == keySkullKing
	mermaidOverSK := sk && t.firstMermaid >= 0
	index := t.topIndex()
	if mermaidOverSK {
		index = int(t.firstMermaid)
	}
	captured := Captures(t.counts & captureMasks[int(k&63)|b2i(mermaidOverSK)<<6])
	seat := int(plays[index].Seat)
	// Field by field: a composite literal would be built on the stack and
	// copied, on every trick.
	reason := reasonOfKey[k&63]
	if mermaidOverSK {
		reason = ByMermaidOverSkullKing
	}
	r.Outcome, r.Reason, r.Index, r.Winner, r.Leader = Won, reason, index, seat, seat
	r.Bonus = o.CaptureBonus(captured)
	r.Captured = captured
	r.Alliances, r.NAlliances = [2]Alliance{}, 0
}

// captureMasks[k | m<<6] keeps of a trick's counts what the winning play of
// key k captures, a Mermaid taking the Skull King when m is 1: the 14s
// always; the Mermaids for a Pirate; the Pirates for the Skull King; the
// Skull King for that Mermaid.
var captureMasks = func() (t [128]uint64) {
	for i := range t {
		m := uint64(0xFF<<laneColour14 | 0xFF<<laneBlack14)
		switch k := i & 63; {
		case i>>6 == 1:
			m |= 0xFF << laneSkullKing
		case k == keyPirate:
			m |= 0xFF << laneMermaids
		case k == keySkullKing:
			m |= 0xFF << lanePirates
		}
		t[i] = m
	}
	return t
}()

// reasonOfKey[k] is the rule by which the play of key k wins a trick of
// base cards (a Mermaid with the Skull King aside).
var reasonOfKey = func() (t [64]Reason) {
	for k := range t {
		switch {
		case k == keySkullKing:
			t[k] = BySkullKing
		case k == keyPirate:
			t[k] = ByPirate
		case k == keyMermaid:
			t[k] = ByMermaid
		case k > keyTrump:
			t[k] = ByTrump
		case k > keyEscape:
			t[k] = BySuit
		default:
			t[k] = ByFirstEscape
		}
	}
	return t
}()

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
