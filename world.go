package skullking

import (
	"errors"
	"fmt"
)

// World places every card a seat cannot see: one guess at the hidden part of
// a game. Bots that search (Monte Carlo over sampled deals) build worlds
// consistent with their view and play them out with Resume.
type World struct {
	// Hands holds what each seat holds now; the viewing seat's must equal
	// its view's hand. Graybeard's entry is ignored: see Ghost.
	Hands [8]CardSet
	// Ghost is Graybeard's remaining pile in the order he will flip it.
	Ghost []Card
	// Undealt is the undealt cards in the order Bendt would draw them.
	Undealt []Card
}

// ErrBadWorld is wrapped by errors about a World that does not fit its view.
var ErrBadWorld = errors.New("skullking: world does not fit the view")

// Unseen returns the cards of the deck in use that the view's seat cannot
// place: in other hands, Graybeard's pile, undealt, or discarded by another
// seat's Bendt. (Cards it saw with Juanita are among them: they are undealt.)
func (v *View) Unseen() CardSet {
	s := v.Options.Deck()
	for _, c := range v.Hand {
		s = s.Without(c)
	}
	for _, c := range v.Discarded {
		s = s.Without(c)
	}
	for _, t := range v.Tricks {
		for _, p := range t.Plays {
			s = s.Without(p.Card)
		}
	}
	for _, p := range v.Trick {
		s = s.Without(p.Card)
	}
	return s
}

// Resume returns a game at the point of view v with the hidden cards placed
// as w says. The game covers the rest of the current round only: it ends
// when the round does, with its points in Results()[0] and no tiebreak.
// Bids not yet revealed to the view are not placed: during bidding the
// caller bids for the other seats itself.
func Resume(v *View, w *World) (*Game, error) {
	g := &Game{}
	if err := g.ResumeFrom(v, w); err != nil {
		return nil, err
	}
	return g, nil
}

// ResumeFrom is Resume reusing g's memory, for searches that build thousands
// of worlds.
func (g *Game) ResumeFrom(v *View, w *World) error {
	if v.Phase == PhaseOver || !v.Dealt {
		return fmt.Errorf("%w: there is nothing left to play", ErrBadWorld)
	}
	if v.Seat < 0 {
		return fmt.Errorf("%w: a spectator's view has no seat to play", ErrBadWorld)
	}
	opts := v.Options
	opts.Tiebreak = false
	g.opts = opts
	g.players = v.Players
	g.ghost, g.hands = -1, g.players
	if g.players == 2 {
		g.ghost, g.hands = 2, 3
	}
	g.seed, g.dealer, g.keeper, g.names = 0, nil, nil, g.names[:0]
	for s := 0; s < g.players; s++ {
		g.names = append(g.names, v.Seats[s].Name)
	}
	// A schedule that ends with this round, so the game ends with it.
	g.schedule = g.schedule[:0]
	for r := 0; r < v.Round; r++ {
		g.schedule = append(g.schedule, v.Cards)
	}
	g.deckSet = opts.Deck()
	g.inUse = g.deckSet.Cards(g.inUse[:0])
	g.ruled = false // a schedule that ends with this round
	g.phase, g.round, g.cards, g.dealt = v.Phase, v.Round, v.Cards, true
	g.results, g.log, g.winners = g.results[:0], g.log[:0], g.winners[:0]
	g.totals = [8]int{}

	// Check the world against the view: every unseen card placed once, each
	// hand of the size everyone can see.
	unseen := v.Unseen()
	var placed CardSet
	own := SetOf(v.Hand...)
	for s := 0; s < g.players; s++ {
		h := w.Hands[s]
		if s == v.Seat {
			if h != own {
				return fmt.Errorf("%w: seat %d's hand is %v, the view holds %v", ErrBadWorld, s, h, own)
			}
			continue
		}
		if h.Len() != v.Seats[s].HandSize {
			return fmt.Errorf("%w: seat %d holds %s, not %d", ErrBadWorld, s, plural(h.Len(), "card"), v.Seats[s].HandSize)
		}
		if !h.Minus(unseen).Empty() || !h.And(placed).Empty() {
			return fmt.Errorf("%w: seat %d's hand %v reuses seen or placed cards", ErrBadWorld, s, h)
		}
		placed = placed.Or(h)
	}
	ghostSet := SetOf(w.Ghost...)
	if g.ghost >= 0 {
		if len(w.Ghost) != v.Seats[g.ghost].HandSize || ghostSet.Len() != len(w.Ghost) {
			return fmt.Errorf("%w: Graybeard's pile has %s, not %d", ErrBadWorld, plural(len(w.Ghost), "card"), v.Seats[g.ghost].HandSize)
		}
	} else if len(w.Ghost) > 0 {
		return fmt.Errorf("%w: only a two-player game has Graybeard", ErrBadWorld)
	}
	if !ghostSet.Minus(unseen).Empty() || !ghostSet.And(placed).Empty() {
		return fmt.Errorf("%w: Graybeard's pile reuses seen or placed cards", ErrBadWorld)
	}
	placed = placed.Or(ghostSet)
	undealt := SetOf(w.Undealt...)
	if undealt.Len() != len(w.Undealt) || !undealt.Minus(unseen).Empty() || !undealt.And(placed).Empty() {
		return fmt.Errorf("%w: the undealt cards reuse seen or placed cards", ErrBadWorld)
	}

	// Lay out the deck: played and discarded cards first (their place no
	// longer matters), then Graybeard's remaining pile, then the undealt.
	g.deck = [NumCards]Card{}
	g.deckLen = len(g.inUse)
	g.seeded, g.shuffled, g.dealRand = false, g.deckLen, Rand{}
	g.drawNext = g.deckLen - len(w.Undealt)
	copy(g.deck[g.drawNext:], w.Undealt)
	g.ghostNext = g.drawNext - len(w.Ghost)
	copy(g.deck[g.ghostNext:], w.Ghost)
	i := 0
	for _, c := range g.inUse {
		if !undealt.Has(c) && !ghostSet.Has(c) && i < g.ghostNext {
			g.deck[i] = c
			i++
		}
	}
	g.hand = [maxHands]CardSet{}
	for s := 0; s < g.players; s++ {
		g.hand[s] = w.Hands[s]
	}
	if g.ghost >= 0 {
		g.hand[g.ghost] = ghostSet
	}

	g.bids, g.hasBid, g.bidsIn = [8]int{}, [8]bool{}, 0
	g.cannon, g.loaded, g.nLoad = [8]int{}, [8]bool{}, 0
	g.won, g.bonus, g.wagers = [8]int{}, [8]int{}, [8]int{}
	g.captures = [8]Captures{}
	g.prevTricks, g.prevRound, g.prevNumber = g.prevTricks[:0], 0, 0
	allBid := true
	for s := 0; s < g.players; s++ {
		allBid = allBid && v.Seats[s].Bid >= 0
	}
	for s := 0; s < g.players; s++ {
		info := v.Seats[s]
		g.won[s], g.wagers[s] = info.Won, info.Wager
		if info.Bid >= 0 && (allBid || s == v.Seat) {
			g.bids[s], g.hasBid[s] = info.Bid, true
			g.bidsIn++
		}
		if info.Cannon >= 0 {
			g.cannon[s], g.loaded[s] = info.Cannon, true
			g.nLoad++
		}
	}
	g.firstLeader = (g.round - 1) % g.players
	g.trickNo = len(v.Tricks)
	g.tricks = g.tricks[:0]
	g.alliances, g.nAlliances = [2]Alliance{}, 0
	for _, t := range v.Tricks {
		g.recordTrick(t.Plays, &t.Result, t.Ability)
		if t.Result.Winner >= 0 && t.Result.Winner != g.ghost {
			g.bonus[t.Result.Winner] += t.Result.Bonus
			g.captures[t.Result.Winner] += t.Result.Captured
		}
		for _, al := range t.Result.Alliances[:t.Result.NAlliances] {
			if g.nAlliances < len(g.alliances) {
				g.alliances[g.nAlliances] = al
				g.nAlliances++
			}
		}
	}
	g.juanita, g.peeked = -1, CardSet{}
	g.bendtOwn, g.discarded = [8]CardSet{}, [8]CardSet{}
	g.pending = pending{}
	g.clearTrick()
	switch g.phase {
	case PhasePlaying:
		g.setOrder(v.Leader)
		g.stats.reset()
		for i, p := range v.Trick {
			g.trick[i] = p
			g.lead = g.lead.after(p)
			g.stats.add(int8(i), statCode(p), g.lead)
		}
		g.inTrick = len(v.Trick)
		g.setTurn(int(g.order[g.inTrick]))
	case PhaseAbility:
		g.pending = pending{kind: v.Pending, seat: v.PendingSeat, leader: v.PendingLeader, draw: v.PendingDraw}
	}
	g.starts = append(g.starts[:0], roundStart{round: g.round, cards: g.cards, dealt: true})
	return nil
}

// CopyFrom makes g an independent copy of src, reusing g's memory: a search
// copies a world once per candidate instead of rebuilding it.
func (g *Game) CopyFrom(src *Game) {
	schedule, inUse, names := g.schedule, g.inUse, g.names
	results, log, starts, winners, tricks := g.results, g.log, g.starts, g.winners, g.tricks
	prevTricks := g.prevTricks
	*g = *src
	g.schedule = append(schedule[:0], src.schedule...)
	g.inUse = append(inUse[:0], src.inUse...)
	g.names = append(names[:0], src.names...)
	g.results = append(results[:0], src.results...)
	g.log = append(log[:0], src.log...)
	g.starts = append(starts[:0], src.starts...)
	g.winners = append(winners[:0], src.winners...)
	g.tricks = tricks[:0]
	for _, t := range src.tricks {
		g.recordTrick(t.Plays, &t.Result, t.Ability)
	}
	// Of the last round's tricks only the last is ever shown.
	g.prevTricks = prevTricks[:0]
	if n := len(src.prevTricks); n > 0 {
		t := &src.prevTricks[n-1]
		g.tricks, g.prevTricks = g.prevTricks, g.tricks
		g.recordTrick(t.Plays, &t.Result, t.Ability)
		g.tricks, g.prevTricks = g.prevTricks, g.tricks
	}
}

// Clone returns an independent copy of g.
func (g *Game) Clone() *Game {
	c := &Game{}
	c.CopyFrom(g)
	return c
}
