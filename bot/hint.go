package bot

import (
	"sort"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// Advice is a recommended action for a seat and why, as codes for the
// player's client to word (words.Words.Why); Hint gives it.
type Advice struct {
	Action sk.Action
	Why    *protocol.Why
}

// HintOption changes how a hint is searched.
type HintOption func(*hintConfig)

type hintConfig struct {
	expert []ExpertOption
}

// HintWith passes options to the expert that searches the hint (its budget,
// its workers).
func HintWith(opts ...ExpertOption) HintOption {
	return func(c *hintConfig) { c.expert = append(c.expert, opts...) }
}

// Hint returns the expert's recommended action for the seat of v and why.
// It is deterministic: the search is seeded from the position, so the same
// position always gets the same advice. It takes about as long as one expert
// decision (well under 100 ms). A seat with nothing to decide gets empty
// advice.
func Hint(v sk.SeatView, opts ...HintOption) Advice {
	if !v.Waiting() {
		return Advice{}
	}
	var cfg hintConfig
	for _, o := range opts {
		o(&cfg)
	}
	e := NewExpert(positionSeed(v), cfg.expert...)
	a := e.Act(v)
	var h Heuristic
	h.param = defaultHeurParams
	h.st.load(v)
	named := v.Options().PirateAbilities
	why := h.explain(a)
	if why != nil {
		why.Named = named
	}
	return Advice{Action: a, Why: why}
}

// positionSeed derives a seed from what the seat sees, so that a hint does
// not depend on when it is asked.
func positionSeed(v sk.SeatView) uint64 {
	seed := sk.DeriveSeed(uint64(v.Round()), uint64(v.Seat()))
	for _, c := range v.Hand().Cards(nil) {
		seed = sk.DeriveSeed(seed, uint64(c)+1)
	}
	for _, t := range v.CompletedTricks() {
		for _, p := range t.Plays {
			seed = sk.DeriveSeed(seed, uint64(p.Card)<<8|uint64(p.Seat))
		}
	}
	for _, p := range v.Trick() {
		seed = sk.DeriveSeed(seed, uint64(p.Card)<<8|uint64(p.Seat))
	}
	return seed
}

// why is reason code with its facts: "Card", "Count" and "Value" take an
// int, "Cards" a list of cards.
func why(code string, facts ...any) *protocol.Why {
	y := &protocol.Why{Code: code}
	for i := 0; i+1 < len(facts); i += 2 {
		switch v := facts[i+1].(type) {
		case int:
			n := v
			switch facts[i] {
			case "Card":
				y.Card = &n
			case "Count":
				y.Count = &n
			case "Value":
				y.Value = &n
			}
		case []sk.Card:
			for _, c := range v {
				y.Cards = append(y.Cards, int(c))
			}
		}
	}
	return y
}

// explain says why a is a good action, from what the heuristic's model
// knows of the position.
func (h *Heuristic) explain(a sk.Action) *protocol.Why {
	st := &h.st
	switch a.Kind {
	case sk.ActionBid:
		return h.explainBid(int(a.Value))
	case sk.ActionPlay:
		return h.explainPlay(a)
	case sk.ActionCannon:
		if a.Value == sk.Cannonball {
			return why(protocol.WhyCannonball)
		}
		return why(protocol.WhyGrapeshot)
	case sk.ActionRosie:
		if int(a.Value) == st.me {
			return why(protocol.WhyRosieSelf)
		}
		if int(a.Value) == (st.me+1)%st.n {
			return why(protocol.WhyRosieLast)
		}
		return why(protocol.WhyRosieBest)
	case sk.ActionBendt:
		if a.Value == 1 {
			return why(protocol.WhyBendtDraw)
		}
		return why(protocol.WhyBendtKeep)
	case sk.ActionDiscard:
		return why(protocol.WhyDiscard, "Count", max(st.need(st.me), 0))
	case sk.ActionWager:
		if a.Value > 0 {
			return why(protocol.WhyWagerBet)
		}
		return why(protocol.WhyWagerNone)
	case sk.ActionHarry:
		exp := st.won[st.me]
		for w := st.hand; !w.Empty(); {
			c := w.First()
			w = w.Without(c)
			if h.futureProb(c) >= 0.5 {
				exp++
			}
		}
		if a.Value == 0 {
			return why(protocol.WhyHarryKeep, "Count", exp)
		}
		return why(protocol.WhyHarryChange, "Count", exp)
	}
	return nil
}

func (h *Heuristic) explainBid(bid int) *protocol.Why {
	st := &h.st
	// The hand's cards, likeliest winners first.
	type chance struct {
		c sk.Card
		p float64
	}
	var cs []chance
	for w := st.hand; !w.Empty(); {
		c := w.First()
		w = w.Without(c)
		cs = append(cs, chance{c, h.futureProb(c)})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].p > cs[j].p })
	cards := func(cs []chance) []sk.Card {
		var out []sk.Card
		for _, x := range cs {
			out = append(out, x.c)
		}
		return out
	}
	zero := st.opts.ZeroBidValue(st.cards, st.round)
	if bid == 0 {
		var risky []chance
		for _, x := range cs {
			if x.p >= 0.3 {
				risky = append(risky, x)
			}
		}
		if len(risky) == 0 {
			return why(protocol.WhyZeroSafe, "Value", zero)
		}
		return why(protocol.WhyZeroKeepOut, "Value", zero, "Cards", cards(risky))
	}
	top := cs[:min(bid, len(cs))]
	rest := cs[len(top):]
	sure := true
	for _, x := range top {
		sure = sure && x.p >= 0.6
	}
	restLoses := len(rest) == 0 || rest[0].p < 0.3
	switch {
	case sure && len(rest) == 0:
		return why(protocol.WhyAllWin, "Cards", cards(top))
	case sure && restLoses:
		return why(protocol.WhyRestLose, "Cards", cards(top))
	case sure:
		return why(protocol.WhyMayWinToo, "Cards", cards(top), "Card", int(rest[0].c))
	case len(top) == 1 && top[0].p >= 0.3:
		return why(protocol.WhyLikeliest, "Card", int(top[0].c))
	case len(top) == 1:
		return why(protocol.WhyBestChance, "Card", int(top[0].c))
	case top[len(top)-1].p >= 0.3:
		return why(protocol.WhyLikeliestAll, "Cards", cards(top))
	}
	return why(protocol.WhyBestChances, "Cards", cards(top))
}

func (h *Heuristic) explainPlay(a sk.Action) *protocol.Why {
	st := &h.st
	card := int(a.Card)
	need := st.need(st.me)
	left := st.hand.Len()
	p := st.winProb(a.Card, a.As)
	// How a's chance of winning compares with the other legal cards'.
	cs := h.candidates(legalOf(st))
	higherLoser, cheaperWinner, lessLikely := false, false, false
	for _, c := range cs {
		if c.c == a.Card && c.as == a.As {
			continue
		}
		if c.p <= 0.02 && dumpKey(c.c, c.as) > dumpKey(a.Card, a.As) {
			higherLoser = true
		}
		if c.p >= 0.5 && c.power < power(a.Card, a.As) {
			cheaperWinner = true
		}
		if c.p < p {
			lessLikely = true
		}
	}
	leading := len(st.trick) == 0
	switch {
	case need < 0 && st.bid[st.me] == 0:
		return why(protocol.WhyZeroLost)
	case need <= 0:
		// Needing no more, or having more than bid: each its sentences.
		highLoser, cannotWin, leastLead, least, safest := protocol.WhyDoneHighLoser, protocol.WhyDoneCannotWin,
			protocol.WhyDoneLeastLead, protocol.WhyDoneLeast, protocol.WhyDoneSafest
		if need < 0 {
			highLoser, cannotWin, leastLead, least, safest = protocol.WhyOverHighLoser, protocol.WhyOverCannotWin,
				protocol.WhyOverLeastLead, protocol.WhyOverLeast, protocol.WhyOverSafest
		}
		switch {
		case p <= 0.02 && !higherLoser && !isEscapeLike(a.Card, a.As):
			return why(highLoser, "Card", card)
		case p <= 0.02:
			return why(cannotWin, "Card", card)
		case leading && !lessLikely:
			return why(leastLead, "Card", card)
		case !lessLikely:
			return why(least, "Card", card)
		}
		return why(safest)
	case need >= left:
		if p >= 0.5 {
			return why(protocol.WhyEveryTake, "Card", card)
		}
		return why(protocol.WhyEveryBest, "Card", card)
	}
	switch {
	case p >= 0.5 && !cheaperWinner:
		return why(protocol.WhyNeedCheapest, "Count", need, "Card", card)
	case p >= 0.5:
		return why(protocol.WhyNeedWin, "Count", need, "Card", card)
	case p <= 0.02:
		return why(protocol.WhyNeedNotThis, "Count", need, "Card", card)
	}
	return why(protocol.WhyNeedBestOverall, "Count", need, "Card", card)
}

// legalOf is the legal cards of the state's seat.
func legalOf(st *state) sk.CardSet {
	hand := st.hand
	if st.lead.Suit != sk.NoSuit {
		if follow := hand.And(suitSets[st.lead.Suit]); !follow.Empty() {
			return follow.Or(hand.Minus(numberSet))
		}
	}
	return hand
}
