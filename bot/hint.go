package bot

import (
	"sort"
	"strconv"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// Advice is a recommended action for a seat and a short reason a player
// can read; Hint gives it.
type Advice struct {
	Action sk.Action
	Reason string
	// named says whether the Pirates' names matter, for String's words.
	named bool
}

// String is the advice as one line: "bid 2: the Skull King and the black 13
// should win; the rest will lose".
func (h Advice) String() string {
	if h.Reason == "" {
		return describeAction(h.Action, h.named)
	}
	return describeAction(h.Action, h.named) + ": " + h.Reason
}

// cardPhrase names card c as the advice's English does: "the black 11",
// a Pirate by name when the names matter (the catalogue's words).
func cardPhrase(c sk.Card, named bool) string {
	ci, _ := protocol.CardRef{Card: int(c)}.Info()
	return words.Words{}.CardPhrase(ci, named)
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
	return Advice{Action: a, Reason: h.explain(a), named: v.Options().PirateAbilities}
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

// describeAction is the action in a player's words: "bid 2", "play the
// yellow 3", "play the Tigress as a Pirate".
func describeAction(a sk.Action, named bool) string {
	switch a.Kind {
	case sk.ActionBid:
		return "bid " + strconv.Itoa(int(a.Value))
	case sk.ActionPlay:
		if a.Card == sk.Tigress {
			if a.As == sk.AsPirate {
				return "play the Tigress as a Pirate"
			}
			return "play the Tigress as an Escape"
		}
		return "play " + cardPhrase(a.Card, named)
	case sk.ActionCannon:
		if a.Value == sk.Cannonball {
			return "load the cannonball"
		}
		return "load grapeshot"
	case sk.ActionRosie:
		return "choose seat " + strconv.Itoa(int(a.Value)) + " to lead"
	case sk.ActionBendt:
		if a.Value == 1 {
			return "draw two cards"
		}
		return "do not draw"
	case sk.ActionDiscard:
		if a.Card2 == sk.NoCard {
			return "discard " + cardPhrase(a.Card, named)
		}
		return "discard " + cardPhrase(a.Card, named) + " and " + cardPhrase(a.Card2, named)
	case sk.ActionWager:
		return "wager " + strconv.Itoa(int(a.Value))
	case sk.ActionHarry:
		switch {
		case a.Value > 0:
			return "raise your bid by one"
		case a.Value < 0:
			return "lower your bid by one"
		}
		return "keep your bid"
	}
	return a.String()
}

// explain says why a is a good action, from what the heuristic's model
// knows of the position.
func (h *Heuristic) explain(a sk.Action) string {
	st := &h.st
	switch a.Kind {
	case sk.ActionBid:
		return h.explainBid(int(a.Value))
	case sk.ActionPlay:
		return h.explainPlay(a)
	case sk.ActionCannon:
		if a.Value == sk.Cannonball {
			return "making your bid exactly is likelier than missing it by one, and the cannonball pays half as much again"
		}
		return "grapeshot still pays half if you miss your bid by one"
	case sk.ActionRosie:
		if int(a.Value) == st.me {
			return "you lead the next trick with your strongest cards"
		}
		if int(a.Value) == (st.me+1)%st.n {
			return "you play last in the next trick and see every other card first"
		}
		return "this lead suits your hand best"
	case sk.ActionBendt:
		if a.Value == 1 {
			return "two more cards to choose from; you then discard the two least useful"
		}
		return "your hand already fits your bid"
	case sk.ActionDiscard:
		need := max(st.need(st.me), 0)
		return "what you keep best fits the " + protocol.Count(need, "trick", "tricks") + " you still need"
	case sk.ActionWager:
		if a.Value > 0 {
			return "you are likely to make your bid exactly"
		}
		return "making your bid is too uncertain to bet on"
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
			return "you expect to take about " + protocol.Count(exp, "trick", "tricks") + ", as bid"
		}
		return "you expect to take about " + protocol.Count(exp, "trick", "tricks") + " by the end of the round"
	}
	return ""
}

func (h *Heuristic) explainBid(bid int) string {
	st := &h.st
	abilities := st.opts.PirateAbilities
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
	names := func(cs []chance) []string {
		var out []string
		for _, x := range cs {
			out = append(out, cardPhrase(x.c, abilities))
		}
		return out
	}
	zero := strconv.Itoa(st.opts.ZeroBidValue(st.cards, st.round))
	if bid == 0 {
		var risky []chance
		for _, x := range cs {
			if x.p >= 0.3 {
				risky = append(risky, x)
			}
		}
		if len(risky) == 0 {
			return "none of your cards is likely to take a trick, and a zero bid pays " + zero
		}
		return "a zero bid pays " + zero + " if you can keep " + protocol.List(names(risky), "and") + " out of winning tricks"
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
		return protocol.List(names(top), "and") + " should all win"
	case sure && restLoses:
		return protocol.List(names(top), "and") + " should win; the rest will lose"
	case sure:
		return protocol.List(names(top), "and") + " should win; " + protocol.List(names(rest[:1]), "and") + " may win too, so play it carefully"
	case len(top) == 1 && top[0].p >= 0.3:
		return names(top)[0] + " is your likeliest winner"
	case len(top) == 1:
		return names(top)[0] + " is your best chance of a trick"
	case top[len(top)-1].p >= 0.3:
		return "your likeliest winners are " + protocol.List(names(top), "and")
	}
	return "your best chances of tricks are " + protocol.List(names(top), "and")
}

func (h *Heuristic) explainPlay(a sk.Action) string {
	st := &h.st
	code := cardPhrase(a.Card, st.opts.PirateAbilities)
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
		return "your zero bid is already lost, so this trick matters only to the others"
	case need <= 0:
		what := "you need no more tricks"
		if need < 0 {
			what = "you already have more tricks than you bid"
		}
		switch {
		case p <= 0.02 && !higherLoser && !isEscapeLike(a.Card, a.As):
			return what + ", and " + code + " is your highest card that cannot win"
		case p <= 0.02:
			return what + ", and " + code + " cannot win this trick"
		case leading && !lessLikely:
			return what + ", and " + code + " is the lead least likely to win"
		case !lessLikely:
			return what + ", and " + code + " is the least likely of your cards to win"
		}
		return what + "; this card keeps you safest over the tricks to come"
	case need >= left:
		if p >= 0.5 {
			return "you need every remaining trick, and " + code + " should take this one"
		}
		return "you need every remaining trick; " + code + " is your best chance at this one"
	}
	still := "you need " + protocol.Count(need, "more trick", "more tricks")
	switch {
	case p >= 0.5 && !cheaperWinner:
		return still + ", and " + code + " is your cheapest card that should win this one"
	case p >= 0.5:
		return still + ", and " + code + " should win this one"
	case p <= 0.02:
		return still + ", but not this one: " + code + " loses it and keeps your stronger cards for later"
	}
	return still + ", and " + code + " gives you the best chance over the rest of the round"
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
