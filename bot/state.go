package bot

import sk "github.com/skullking-go/skullking"

// Card classes the win-probability model works with, as bit sets.
var (
	blackSet   = sk.SuitSet(sk.Black)
	numberSet  = sk.SuitSet(sk.Green).Or(sk.SuitSet(sk.Yellow)).Or(sk.SuitSet(sk.Purple)).Or(blackSet)
	pirateSet  = sk.SetOf(sk.Rosie, sk.Bendt, sk.Rascal, sk.Juanita, sk.Harry)
	piratesTig = pirateSet.With(sk.Tigress)
	mermaidSet = sk.SetOf(sk.Mermaid1, sk.Mermaid2)
	skSet      = sk.SetOf(sk.SkullKing)
	charSet    = piratesTig.Or(mermaidSet).With(sk.SkullKing)
	escapeSet  = sk.SetOf(sk.Escape1, sk.Escape1+1, sk.Escape1+2, sk.Escape1+3, sk.Escape1+4, sk.Loot1, sk.Loot2)
	krakenSet  = sk.SetOf(sk.Kraken)
	whaleSet   = sk.SetOf(sk.WhiteWhale)
	suitSets   = [5]sk.CardSet{{}, sk.SuitSet(sk.Green), sk.SuitSet(sk.Yellow), sk.SuitSet(sk.Purple), blackSet}

	// above[c] is the cards of c's suit ranked above c (numbered cards only).
	above = func() (out [sk.NumCards]sk.CardSet) {
		for c := sk.Card(0); c < sk.Rosie; c++ {
			for d := c + 1; d.Suit() == c.Suit() && d < sk.Rosie; d++ {
				out[c] = out[c].With(d)
			}
		}
		return out
	}()
	// rankAbove[r] is every numbered card ranked above r, whatever its suit
	// (what beats a number under the White Whale).
	rankAbove = func() (out [15]sk.CardSet) {
		for r := 0; r <= 14; r++ {
			for c := sk.Card(0); c < sk.Rosie; c++ {
				if c.Rank() > r {
					out[r] = out[r].With(c)
				}
			}
		}
		return out
	}()
)

// deckOf is the deck in use, from the three module flags that change it.
func deckOf(o *sk.Options) sk.CardSet {
	d := numberSet.Or(charSet).Or(escapeSet.Minus(sk.SetOf(sk.Loot1, sk.Loot2)))
	if o.Loot {
		d = d.With(sk.Loot1).With(sk.Loot2)
	}
	if o.Kraken {
		d = d.With(sk.Kraken)
	}
	if o.WhiteWhale {
		d = d.With(sk.WhiteWhale)
	}
	return d
}

// state is what a seat knows at a decision, gathered once from its view and
// kept in the bot so that deciding allocates nothing.
type state struct {
	me, n, ghost, hands int
	cards, round        int
	phase               sk.Phase
	opts                sk.Options

	hand, played, unseen sk.CardSet
	// void[s] has bit 1<<suit set for each suit seat s is known to lack.
	void [9]uint8
	// bid[s] is seat s's bid, or −1 while it is secret.
	bid  [8]int
	won  [8]int
	size [9]int

	trick []sk.Played
	lead  sk.Lead
	order []int8
	pos   int // index of this seat in order

	// With incremental set (searches' rollout bots only), load reads only
	// the tricks completed since the last call; forget starts over.
	incremental bool
	seen        int // completed tricks already read
	seenPlayed  sk.CardSet
	seenVoid    [9]uint8
	sum         trickSum // the trick in progress, summarised
}

// forget drops what load remembered, before the state follows another game.
func (st *state) forget() { st.seen = -1 }

// load fills the state from the seat's view.
func (st *state) load(v sk.SeatView) {
	st.me, st.n, st.ghost = v.Seat(), v.Players(), v.GhostSeat()
	st.hands = st.n
	if st.ghost >= 0 {
		st.hands = st.n + 1
	}
	st.cards, st.round, st.phase = v.Cards(), v.Round(), v.Phase()
	if !st.incremental || st.seen < 0 {
		st.opts = *v.Options()
		st.seen, st.seenPlayed, st.seenVoid = 0, sk.CardSet{}, [9]uint8{}
	}
	st.hand = v.Hand()
	st.played, st.void = st.seenPlayed, st.seenVoid
	tricks := v.CompletedTricks()
	if !st.incremental || st.seen > len(tricks) {
		st.seen = 0
		st.played, st.void = sk.CardSet{}, [9]uint8{}
	}
	abilities := st.opts.PirateAbilities
	for ti := st.seen; ti < len(tricks); ti++ {
		t := &tricks[ti]
		st.notePlays(t.Plays)
		// A seat whose Bendt won may have drawn: what it showed before no
		// longer says what it holds.
		if abilities && t.Result.Outcome == sk.Won && t.Plays[t.Result.Index].Card == sk.Bendt && ti+1 < st.cards {
			st.void[t.Result.Winner] = 0
		}
	}
	st.seen, st.seenPlayed, st.seenVoid = len(tricks), st.played, st.void
	st.trick = v.Trick()
	st.notePlays(st.trick)
	st.sum.of(st.trick)
	st.lead = v.Lead()
	st.order = v.PlayOrder()
	st.pos = len(st.trick)
	st.unseen = deckOf(&st.opts).Minus(st.hand).Minus(st.played)
	for s := 0; s < st.hands; s++ {
		st.size[s] = v.HandSize(s)
	}
	for s := 0; s < st.n; s++ {
		st.won[s] = v.Won(s)
		if b, ok := v.Bid(s); ok {
			st.bid[s] = b
		} else {
			st.bid[s] = -1
		}
	}
}

// notePlays records a trick's cards and the voids they reveal.
func (st *state) notePlays(plays []sk.Played) {
	var l sk.Lead
	for _, p := range plays {
		st.played = st.played.With(p.Card)
		k := p.Kind()
		if k == sk.KindNumber && l.Suit != sk.NoSuit && p.Card.Suit() != l.Suit && int(p.Seat) != st.ghost {
			st.void[p.Seat] |= 1 << l.Suit
		}
		l = leadAfter(l, p)
	}
}

// leadAfter is the trick's suit once p is played (docs/rules.md §4).
func leadAfter(l sk.Lead, p sk.Played) sk.Lead {
	if l.Set() {
		return l
	}
	switch k := p.Kind(); {
	case k == sk.KindNumber:
		l.Suit = p.Card.Suit()
	case k.IsEscapeLike():
	default:
		l.Free = true
	}
	return l
}

// need is how many more tricks seat s wants (negative once over its bid).
func (st *state) need(s int) int { return st.bid[s] - st.won[s] }

// hyper is the probability that a hand of h cards drawn from pool cards
// holds none of b marked ones.
func hyper(pool, b, h int) float64 {
	if b <= 0 || h <= 0 {
		return 1
	}
	if pool-b < h {
		return 0
	}
	if pool <= sk.NumCards && h < hyperHands {
		return hyperTab[(pool*(sk.NumCards+1)+b)*hyperHands+h]
	}
	return hyperSlow(pool, b, h)
}

func hyperSlow(pool, b, h int) float64 {
	p := 1.0
	for i := 0; i < h; i++ {
		p *= float64(pool-b-i) / float64(pool-i)
	}
	return p
}

// hyperHands bounds the hand sizes hyperTab covers (10 cards, 2 from Bendt).
const hyperHands = 13

var hyperTab = func() []float64 {
	t := make([]float64, (sk.NumCards+1)*(sk.NumCards+1)*hyperHands)
	for pool := 0; pool <= sk.NumCards; pool++ {
		for b := 0; b <= pool; b++ {
			for h := 0; h < hyperHands && h <= pool-b; h++ {
				t[(pool*(sk.NumCards+1)+b)*hyperHands+h] = hyperSlow(pool, b, h)
			}
		}
	}
	return t
}()

// willing is how likely seat s is to beat a card when it can.
func (st *state) willing(s int) float64 {
	if s == st.ghost {
		return 1
	}
	if st.bid[s] < 0 {
		return 0.75
	}
	if st.need(s) > 0 {
		return 1
	}
	return 0.3
}

// beaters returns the cards that would take a trick card c is winning for
// the reason given, if played later.
func beaters(c sk.Card, why sk.Reason, o *sk.Options) sk.CardSet {
	var b sk.CardSet
	switch why {
	case sk.ByMermaidOverSkullKing:
	case sk.BySkullKing:
		b = mermaidSet
	case sk.ByPirate:
		b = skSet
	case sk.ByMermaid:
		b = piratesTig
	case sk.ByTrump:
		b = above[c].Or(charSet)
	case sk.BySuit:
		b = above[c].Or(blackSet).Or(charSet)
	case sk.ByFirstEscape:
		b = numberSet.Or(charSet)
	case sk.ByWhaleHighest:
		b = rankAbove[c.Rank()]
	}
	if o.Kraken {
		b = b.Or(krakenSet)
	}
	if o.WhiteWhale && why != sk.ByWhaleHighest {
		b = b.Or(whaleSet)
	}
	return b
}

// beatProb is the probability that seat s, still to play in a trick whose
// suit is l, holds one of the cards in b and plays it.
func (st *state) beatProb(s int, b sk.CardSet, l sk.Lead) float64 {
	if s == st.ghost {
		u := st.unseen.Len()
		if u == 0 {
			return 0
		}
		return float64(b.And(st.unseen).Len()) / float64(u)
	}
	h := st.size[s]
	if h == 0 {
		return 0
	}
	pool := st.unseen
	if v := st.void[s]; v != 0 {
		for suit := sk.Green; suit <= sk.Black; suit++ {
			if v&(1<<suit) != 0 {
				pool = pool.Minus(suitSets[suit])
			}
		}
	}
	b = b.And(pool)
	if b.Empty() {
		return 0
	}
	u := pool.Len()
	var pNo float64
	if l.Suit != sk.NoSuit && l.Suit != sk.Black {
		bk := b.And(blackSet)
		a := b.Minus(blackSet)
		pNo = hyper(u, a.Len(), h)
		if !bk.Empty() {
			follow := pool.And(suitSets[l.Suit]).Len()
			pVoid := hyper(u, follow, h)
			pBk := 1 - hyper(u-follow, bk.Len(), h)
			pNo *= 1 - pVoid*pBk
		}
	} else {
		pNo = hyper(u, b.Len(), h)
	}
	w := st.willing(s)
	w += (1 - w) / float64(h) // a last card is played willy-nilly
	return (1 - pNo) * w
}
