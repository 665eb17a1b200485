package bot

import (
	"math"

	sk "github.com/skullking-go/skullking"
)

// Heuristic is the rule-based bot: it bids by adding up how likely each of
// its cards is to take a trick and picking the bid with the best expected
// score under the game's scoring, and plays by a handful of rules — win
// cheaply while it still needs tricks, dump its highest loser once it needs
// none (or holds more winners than it needs), play its top card when every
// remaining trick is needed. A decision
// takes a few microseconds and allocates nothing, which also makes it the
// rollout policy of the searching bots (the expert's with heurParams.plan).
type Heuristic struct {
	st      state
	param   heurParams
	cand    [24]cand
	choices int // distinct plays at the last choosePlay
	probs   [16]float64
	dist    [17]float64
	buf     []sk.Action
}

// heurParams are the tunable constants of the heuristic.
type heurParams struct {
	bidSpread  float64 // how much of an opponent's hand the bidding model counts
	bidWilling float64 // how likely an opponent is to spend a beater when bidding is modelled
	sharpen    float64 // how far control over play sharpens each card's chance
	// sizeAware lets hand sizes temper choice: a seat holding one card
	// plays it whether it likes to or not, and a one-card hand offers no
	// control to sharpen chances with.
	sizeAware bool
	// With shed, a hand expected to take at least surplus tricks beyond its
	// need sheds a high loser rather than its lowest card.
	shed    bool
	surplus float64
	// smoothSpread counts a fraction of an opponent's card as that much of
	// its chance, so the bid model's reading of a hand changes gradually
	// with the number of cards dealt rather than in steps.
	smoothSpread bool
	// plan makes the heuristic husband its cards (the expert's rollouts
	// play so): the cards whose chance of taking a trick some time this
	// round (by the bidding model) reaches sureP are its sure winners, and
	//   - while they cover the tricks still needed, but not every trick
	//     left, it spends none of them: it sheds the highest card that
	//     loses the trick (a sure winner too, if it has more than it
	//     needs), and leads the most dangerous card that should lose
	//     (chance at most safeLead), else the one least likely to win;
	//   - otherwise, leading while it needs tricks, it leads a number that
	//     should win, never a character, which is worth more following;
	//   - leading while it needs no trick, it leads the most dangerous card
	//     that should lose.
	plan            bool
	sureP, safeLead float64
	// A card "should win" at this chance: leadTheta when leading, else
	// theta less thetaUrgency times the share of the remaining tricks needed.
	leadTheta, theta, thetaUrgency float64
}

var defaultHeurParams = heurParams{bidSpread: 0.25, bidWilling: 0.8, sharpen: 1.5, sizeAware: true, shed: true,
	leadTheta: 0.6, theta: 0.65, thetaUrgency: 0.4}

// cand is a candidate card with its chance of taking the trick.
type cand struct {
	c     sk.Card
	as    sk.TigressAs
	p     float64
	power float64
}

// loseP is the chance of winning the trick at or below which a card is
// taken to lose it.
const loseP = 0.02

// loses reports whether the card should lose the trick.
func (c *cand) loses() bool { return c.p <= loseP }

// anyLoses reports whether some candidate should lose the trick.
func anyLoses(cs []cand) bool {
	for i := range cs {
		if cs[i].loses() {
			return true
		}
	}
	return false
}

// NewHeuristic returns a heuristic bot. It is deterministic: the seed is
// accepted for the common Factory signature and not used.
func NewHeuristic(seed uint64) *Heuristic {
	return &Heuristic{param: defaultHeurParams, buf: make([]sk.Action, 0, 80)}
}

// Act decides for the seat of v.
func (h *Heuristic) Act(v sk.SeatView) sk.Action {
	st := &h.st
	st.load(v)
	switch st.phase {
	case sk.PhaseBidding:
		return sk.Bid(st.me, h.chooseBid())
	case sk.PhaseCannon:
		return sk.Decision(sk.ActionCannon, st.me, h.chooseCannon())
	case sk.PhasePlaying:
		c, as := h.choosePlay(v.LegalCards())
		if c == sk.Tigress {
			return sk.PlayTigress(st.me, as)
		}
		return sk.Play(st.me, c)
	case sk.PhaseAbility:
		return h.ability(v)
	}
	h.buf = v.Legal(h.buf[:0])
	if len(h.buf) > 0 {
		return h.buf[0]
	}
	return sk.Action{}
}

// power orders cards by how hard they are to beat, for "cheapest winner"
// and "highest loser".
func power(c sk.Card, as sk.TigressAs) float64 {
	switch c.Kind() {
	case sk.KindNumber:
		if c.Suit() == sk.Black {
			return float64(14 + c.Rank())
		}
		return float64(c.Rank())
	case sk.KindMermaid:
		return 30
	case sk.KindPirate:
		return 32
	case sk.KindTigress:
		if as == sk.AsPirate {
			return 33
		}
		return 0
	case sk.KindSkullKing:
		return 35
	}
	return 0
}

// dumpKey ranks the cards to get rid of while avoiding tricks: the highest
// loser goes first, and the cards that always lose (Escapes, the Tigress,
// the Kraken, the Whale) are kept for when nothing else would.
func dumpKey(c sk.Card, as sk.TigressAs) float64 {
	switch c.Kind() {
	case sk.KindEscape, sk.KindLoot:
		return -2
	case sk.KindTigress:
		return -1
	case sk.KindKraken, sk.KindWhale:
		return -1.5
	}
	return power(c, as)
}

// spareKey ranks the cards to throw away while still needing tricks: the
// weakest first, but the lowest numbers before the Escapes, which keep their
// use if the bid is reached.
func spareKey(c sk.Card, as sk.TigressAs) float64 {
	switch c.Kind() {
	case sk.KindEscape, sk.KindLoot, sk.KindKraken, sk.KindWhale:
		return 3.5
	case sk.KindTigress:
		return 33
	}
	return power(c, as)
}

// isEscapeLike reports whether a play cannot take a trick by itself.
func isEscapeLike(c sk.Card, as sk.TigressAs) bool {
	switch c.Kind() {
	case sk.KindEscape, sk.KindLoot, sk.KindKraken, sk.KindWhale:
		return true
	case sk.KindTigress:
		return as == sk.AsEscape
	}
	return false
}

// winProb is the chance that playing c now takes the trick.
func (st *state) winProb(c sk.Card, as sk.TigressAs) float64 {
	me := sk.Played{Card: c, Seat: int8(st.me), As: as}
	var why sk.Reason
	if st.sum.modules || c == sk.Kraken || c == sk.WhiteWhale {
		var buf [9]sk.Played
		n := copy(buf[:], st.trick)
		buf[n] = me
		res := sk.ResolveTrick(buf[:n+1], &st.opts)
		if res.Outcome != sk.Won || res.Index != n {
			return 0
		}
		why = res.Reason
	} else {
		var ok bool
		if ok, why = st.sum.wins(me); !ok {
			return 0
		}
	}
	b := beaters(c, why, &st.opts).And(st.unseen)
	if b.Empty() {
		return 1
	}
	l := leadAfter(st.lead, me)
	p := 1.0
	for i := st.pos + 1; i < len(st.order); i++ {
		p *= 1 - st.beatProb(int(st.order[i]), b, l)
	}
	return p
}

// futureProb is the chance that card c of the hand takes a trick some time
// this round, as the bidding model sees it: led into opponents who hold a
// share of their cards and spend a beater with some probability.
func (h *Heuristic) futureProb(c sk.Card) float64 {
	st := &h.st
	switch c.Kind() {
	case sk.KindEscape, sk.KindLoot, sk.KindKraken, sk.KindWhale:
		return 0
	}
	as := sk.Undeclared
	if c == sk.Tigress {
		as = sk.AsPirate
	}
	var empty trickSum
	me := sk.Played{Card: c, Seat: int8(st.me), As: as}
	_, why := empty.wins(me)
	b := beaters(c, why, &st.opts).And(st.unseen)
	if b.Empty() {
		return 1
	}
	l := leadAfter(sk.Lead{}, me)
	u := st.unseen.Len()
	p := 1.0
	for s := 0; s < st.hands; s++ {
		if s == st.me {
			continue
		}
		if s == st.ghost {
			if u > 0 {
				p *= 1 - float64(b.Len())/float64(u)
			}
			continue
		}
		hs := st.size[s]
		var pNo float64
		if x := 1 + h.param.bidSpread*float64(hs-1); h.param.smoothSpread && hs > 0 {
			lo := math.Floor(x)
			f := x - lo
			pNo = (1-f)*noBeater(st, b, l, u, hs, int(lo)) + f*noBeater(st, b, l, u, hs, int(lo)+1)
		} else {
			heff := int(math.Round(x))
			if hs == 0 {
				heff = 0
			}
			pNo = noBeater(st, b, l, u, hs, heff)
		}
		w := h.param.bidWilling
		if st.bid[s] >= 0 {
			w = st.willing(s)
		}
		if h.param.sizeAware && hs > 0 {
			w += (1 - w) / float64(hs)
		}
		p *= 1 - (1-pNo)*w
	}
	return p
}

// noBeater is the chance that a seat of hs cards, heff of which count,
// holds none of the beaters b of a card that makes the trick's suit l, out
// of u unseen cards.
func noBeater(st *state, b sk.CardSet, l sk.Lead, u, hs, heff int) float64 {
	if l.Suit != sk.NoSuit && l.Suit != sk.Black {
		bk := b.And(blackSet)
		a := b.Minus(blackSet)
		pNo := hyper(u, a.Len(), heff)
		if !bk.Empty() {
			follow := st.unseen.And(suitSets[l.Suit]).Len()
			pNo *= 1 - hyper(u, follow, hs)*(1-hyper(u-follow, bk.Len(), heff))
		}
		return pNo
	}
	return hyper(u, b.Len(), heff)
}

// sharpen pushes a probability away from one half: a player who controls
// when to play a card makes its fate less of a coin toss.
func sharpen(p, g float64) float64 {
	if p <= 0 || p >= 1 || g == 1 {
		return p
	}
	switch g {
	case defaultHeurParams.sharpen:
		return sharpenTab.at(p)
	case expertBidModel.sharpen:
		return bidSharpenTab.at(p)
	}
	return sharpenSlow(p, g)
}

// sharpenFor is the sharpening for a hand of n cards: none for a single
// card, which leaves no choice of when to play it.
func (h *Heuristic) sharpenFor(n int) float64 {
	if !h.param.sizeAware || n > 4 {
		return h.param.sharpen
	}
	return 1 + (h.param.sharpen-1)*float64(n-1)/4
}

func sharpenSlow(p, g float64) float64 {
	a, b := math.Pow(p, g), math.Pow(1-p, g)
	return a / (a + b)
}

// sharpenTab and bidSharpenTab tabulate sharpen for the constants of the
// heuristic and of the expert's bid model, which read every card of every
// hand they bid for or weigh a deal by.
const sharpenSteps = 1024

type sharpenTable [sharpenSteps + 2]float64

var (
	sharpenTab    = newSharpenTable(defaultHeurParams.sharpen)
	bidSharpenTab = newSharpenTable(expertBidModel.sharpen)
)

func newSharpenTable(g float64) *sharpenTable {
	var t sharpenTable
	for i := 1; i < sharpenSteps; i++ {
		t[i] = sharpenSlow(float64(i)/sharpenSteps, g)
	}
	t[sharpenSteps], t[sharpenSteps+1] = 1, 1
	return &t
}

// at interpolates the table at p, 0 < p < 1.
func (t *sharpenTable) at(p float64) float64 {
	x := p * sharpenSteps
	i := int(x)
	f := x - float64(i)
	return t[i]*(1-f) + t[i+1]*f
}

// trickDist fills h.dist with the distribution of tricks taken by the cards
// of set (a Poisson-binomial of their sharpened chances) and returns it.
func (h *Heuristic) trickDist(set sk.CardSet) []float64 {
	n := 0
	g := h.sharpenFor(set.Len())
	for w := set; !w.Empty(); {
		c := w.First()
		w = w.Without(c)
		if n < len(h.probs) {
			h.probs[n] = sharpen(h.futureProb(c), g)
			n++
		}
	}
	d := h.dist[:n+1]
	for i := range d {
		d[i] = 0
	}
	d[0] = 1
	for i := 0; i < n; i++ {
		p := h.probs[i]
		for t := i + 1; t >= 1; t-- {
			d[t] = d[t]*(1-p) + d[t-1]*p
		}
		d[0] *= 1 - p
	}
	return d
}

// chooseBid picks the bid with the best expected score.
func (h *Heuristic) chooseBid() int {
	st := &h.st
	d := h.trickDist(st.hand)
	best, bestEV := 0, math.Inf(-1)
	for b := 0; b <= st.cards; b++ {
		ev := 0.0
		for t, pt := range d {
			if pt > 0 {
				ev += pt * float64(st.opts.SeatPoints(st.cards, st.round, b, t, 0, sk.Grapeshot))
			}
		}
		if ev > bestEV+1e-9 {
			best, bestEV = b, ev
		}
	}
	return best
}

// chooseCannon loads the Cannonball when making the bid exactly is likelier
// than missing it by one.
func (h *Heuristic) chooseCannon() int {
	st := &h.st
	d := h.trickDist(st.hand)
	b := max(st.bid[st.me], 0)
	p0 := at(d, b)
	p1 := at(d, b-1) + at(d, b+1)
	if 15*p0 > 10*p0+5*p1 {
		return sk.Cannonball
	}
	return sk.Grapeshot
}

func at(d []float64, i int) float64 {
	if i < 0 || i >= len(d) {
		return 0
	}
	return d[i]
}

// candidates fills h.cand with the distinct plays among legal and their
// chances of taking the trick.
func (h *Heuristic) candidates(legal sk.CardSet) []cand {
	st := &h.st
	out := h.cand[:0]
	var seen [sk.KindWhale + 1]bool
	for w := legal; !w.Empty(); {
		c := w.First()
		w = w.Without(c)
		k := c.Kind()
		switch k {
		case sk.KindMermaid, sk.KindEscape, sk.KindLoot:
			if seen[k] {
				continue
			}
			seen[k] = true
		case sk.KindPirate:
			if !st.opts.PirateAbilities {
				if seen[k] {
					continue
				}
				seen[k] = true
			}
		}
		if c == sk.Tigress {
			out = append(out, cand{c: c, as: sk.AsPirate, p: st.winProb(c, sk.AsPirate), power: power(c, sk.AsPirate)},
				cand{c: c, as: sk.AsEscape, p: st.winProb(c, sk.AsEscape), power: 0})
			continue
		}
		out = append(out, cand{c: c, p: st.winProb(c, sk.Undeclared), power: power(c, sk.Undeclared)})
	}
	return out
}

// choosePlay picks a card by the heuristic's rules.
func (h *Heuristic) choosePlay(legal sk.CardSet) (sk.Card, sk.TigressAs) {
	st := &h.st
	cs := h.candidates(legal)
	h.choices = len(cs)
	if len(cs) == 0 {
		return sk.NoCard, sk.Undeclared
	}
	need := st.need(st.me)
	left := st.hand.Len()
	leading := len(st.trick) == 0
	pick := func(better func(a, b *cand) bool) (sk.Card, sk.TigressAs) {
		bi := 0
		for i := 1; i < len(cs); i++ {
			if better(&cs[i], &cs[bi]) {
				bi = i
			}
		}
		return cs[bi].c, cs[bi].as
	}
	switch {
	case need <= 0:
		if leading {
			if h.param.plan {
				if i := h.safeLead(cs, sk.CardSet{}); i >= 0 {
					return cs[i].c, cs[i].as
				}
			}
			// Lead what is least likely to win, keeping the sure losers
			// for the tricks where nothing else would lose.
			return pick(func(a, b *cand) bool {
				ka, kb := avoidLeadKey(a), avoidLeadKey(b)
				return ka < kb || (ka == kb && a.power > b.power)
			})
		}
		if anyLoses(cs) {
			// Dump the highest loser.
			return pick(func(a, b *cand) bool {
				if a.loses() != b.loses() {
					return a.loses()
				}
				return dumpKey(a.c, a.as) > dumpKey(b.c, b.as)
			})
		}
		minP := 1.0
		for i := range cs {
			minP = math.Min(minP, cs[i].p)
		}
		if minP >= 0.9 {
			// The trick is ours whatever we play: spend the most dangerous card.
			return pick(func(a, b *cand) bool { return a.power > b.power })
		}
		return pick(func(a, b *cand) bool { return a.p < b.p || (a.p == b.p && a.power > b.power) })
	case need >= left:
		// Every remaining trick is needed: play the top card.
		return pick(func(a, b *cand) bool { return a.p > b.p+1e-9 || (math.Abs(a.p-b.p) <= 1e-9 && a.power < b.power) })
	}
	urgency := float64(need) / float64(left)
	theta := h.param.theta - h.param.thetaUrgency*urgency
	if leading {
		theta = h.param.leadTheta
	}
	wins := func(c *cand) bool { return c.p >= theta }
	if h.param.plan {
		if i := h.planPlay(cs, need, left, leading); i >= 0 {
			return cs[i].c, cs[i].as
		}
		if leading {
			// A lead that should win is a number: a character is worth
			// more following, when it can choose its trick.
			wins = func(c *cand) bool { return c.p >= theta && c.c.Kind() == sk.KindNumber }
		}
	}
	anyWinner := false
	for i := range cs {
		anyWinner = anyWinner || wins(&cs[i])
	}
	if anyWinner {
		// Win as cheaply as possible.
		return pick(func(a, b *cand) bool {
			if wa, wb := wins(a), wins(b); wa != wb {
				return wa
			}
			return a.power < b.power || (a.power == b.power && a.p > b.p)
		})
	}
	// Nothing wins reliably. Holding more winners than needed, shed the
	// highest card that loses anyway; otherwise throw the least useful.
	if h.param.shed && !leading && h.expected() >= float64(need)+h.param.surplus {
		anyLoser := false
		for i := range cs {
			anyLoser = anyLoser || (cs[i].loses() && !isEscapeLike(cs[i].c, cs[i].as))
		}
		if anyLoser {
			return pick(func(a, b *cand) bool {
				la, lb := a.loses() && !isEscapeLike(a.c, a.as), b.loses() && !isEscapeLike(b.c, b.as)
				if la != lb {
					return la
				}
				return a.power > b.power
			})
		}
	}
	return pick(func(a, b *cand) bool {
		ka, kb := spareKey(a.c, a.as), spareKey(b.c, b.as)
		return ka < kb || (ka == kb && a.p < b.p)
	})
}

// planPlay is the play, by the index in cs, that keeps the sure winners
// while they cover the need (see heurParams.plan), or −1.
func (h *Heuristic) planPlay(cs []cand, need, left int, leading bool) int {
	if need >= left {
		return -1
	}
	if !leading {
		// Only a card that loses the trick can be shed.
		if !anyLoses(cs) {
			return -1
		}
	}
	sure := h.sureSet()
	if sure.Len() < need {
		return -1
	}
	if leading {
		if i := h.safeLead(cs, sure); i >= 0 {
			return i
		}
		bi := -1
		for i := range cs {
			c := &cs[i]
			if sure.Has(c.c) {
				continue
			}
			if bi < 0 || avoidLeadKey(c) < avoidLeadKey(&cs[bi]) || (avoidLeadKey(c) == avoidLeadKey(&cs[bi]) && c.power > cs[bi].power) {
				bi = i
			}
		}
		return bi
	}
	spare := sure.Len() > need
	bi := -1
	for i := range cs {
		c := &cs[i]
		if !c.loses() || (sure.Has(c.c) && !spare) {
			continue
		}
		if bi < 0 || dumpKey(c.c, c.as) > dumpKey(cs[bi].c, cs[bi].as) {
			bi = i
		}
	}
	return bi
}

// sureSet is the cards of the hand that should take a trick some time
// this round.
func (h *Heuristic) sureSet() sk.CardSet {
	var sure sk.CardSet
	for w := h.st.hand; !w.Empty(); {
		c := w.First()
		w = w.Without(c)
		if h.futureProb(c) >= h.param.sureP {
			sure = sure.With(c)
		}
	}
	return sure
}

// safeLead is the index in cs of the highest card outside keep that should
// lose if led (an Escape aside: it is kept for when nothing else would
// lose), or −1.
func (h *Heuristic) safeLead(cs []cand, keep sk.CardSet) int {
	bi := -1
	for i := range cs {
		c := &cs[i]
		if c.p <= h.param.safeLead && !keep.Has(c.c) && !isEscapeLike(c.c, c.as) && (bi < 0 || c.power > cs[bi].power) {
			bi = i
		}
	}
	return bi
}

// expected is how many tricks the hand should still take, by the bidding
// model.
func (h *Heuristic) expected() float64 {
	e := 0.0
	for w := h.st.hand; !w.Empty(); {
		c := w.First()
		w = w.Without(c)
		e += h.futureProb(c)
	}
	return e
}

func avoidLeadKey(c *cand) float64 {
	if isEscapeLike(c.c, c.as) {
		return c.p + 0.08
	}
	return c.p
}

// ability decides a pirate ability from the legal options.
func (h *Heuristic) ability(v sk.SeatView) sk.Action {
	st := &h.st
	h.buf = v.Legal(h.buf[:0])
	if len(h.buf) == 0 {
		return sk.Action{}
	}
	kind, _ := v.Pending()
	need := st.need(st.me)
	choose := func(score func(a sk.Action) float64) sk.Action {
		bi, bs := 0, math.Inf(-1)
		for i, a := range h.buf {
			if s := score(a); s > bs+1e-9 {
				bi, bs = i, s
			}
		}
		return h.buf[bi]
	}
	switch kind {
	case sk.ActionRosie:
		strong := false
		if need > 0 {
			for w := st.hand; !w.Empty(); {
				c := w.First()
				w = w.Without(c)
				strong = strong || h.futureProb(c) >= 0.6
			}
		}
		target := (st.me + 1) % st.n // lead to the left: we play last
		if strong {
			target = st.me
		}
		return choose(func(a sk.Action) float64 {
			if int(a.Value) == target {
				return 1
			}
			return 0
		})
	case sk.ActionBendt:
		return choose(func(a sk.Action) float64 { return float64(a.Value) })
	case sk.ActionDiscard:
		var pc [sk.NumCards]float64
		sum := 0.0
		for w := st.hand; !w.Empty(); {
			c := w.First()
			w = w.Without(c)
			pc[c] = h.futureProb(c)
			sum += pc[c]
		}
		return choose(func(a sk.Action) float64 {
			kept := sum - pc[a.Card]
			if a.Card2 != sk.NoCard {
				kept -= pc[a.Card2]
			}
			s := -math.Abs(kept - float64(max(need, 0)))
			// Keep the sure losers: they are what makes a bid safe.
			if isEscapeLike(a.Card, sk.AsEscape) {
				s -= 0.05
			}
			if a.Card2 != sk.NoCard && isEscapeLike(a.Card2, sk.AsEscape) {
				s -= 0.05
			}
			return s
		})
	case sk.ActionWager:
		d := h.trickDist(st.hand)
		pExact := at(d, need)
		return choose(func(a sk.Action) float64 { return float64(a.Value) * (2*pExact - 1) })
	case sk.ActionHarry:
		exp := float64(st.won[st.me])
		for w := st.hand; !w.Empty(); {
			c := w.First()
			w = w.Without(c)
			exp += h.futureProb(c)
		}
		bid := float64(st.bid[st.me])
		return choose(func(a sk.Action) float64 { return -math.Abs(bid + float64(a.Value) - exp) })
	}
	return h.buf[0]
}

// Reseed makes the bot as NewHeuristic(seed) would; the heuristic keeps no
// state between decisions, so there is nothing to do.
func (h *Heuristic) Reseed(seed uint64) {}
