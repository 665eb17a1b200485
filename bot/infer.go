package bot

import (
	"math"

	sk "github.com/skullking-go/skullking"
)

// Inference about hidden cards from the bids: a seat that bid high likely
// holds strong cards. Each sampled deal is weighed by how likely the bid
// model (the heuristic's expected scores, softened) makes every revealed bid
// given the hand the deal gives that seat at the start of the round; the
// deals evaluated are then drawn in proportion to their weights.

// inferable reports whether the view reveals bids to read.
func (s *search) inferable() bool {
	v := &s.view
	if v.Phase == sk.PhaseBidding {
		return false
	}
	for i := 0; i < v.Players; i++ {
		if i != v.Seat && v.Seats[i].Bid < 0 {
			return false
		}
	}
	return true
}

// resample weighs every sampled deal and selects k of them by systematic
// resampling; a deal drawn several times is evaluated once with its
// multiplicity as weight.
func (s *search) resample(k int) {
	v := &s.view
	// What each seat played this round, to rebuild its starting hand; a
	// seat whose Bendt drew is not read (its hand changed mid-round).
	played := playedThisRound(v)
	var drew [8]bool
	for ti, t := range v.Tricks {
		r := &t.Result
		if v.Options.PirateAbilities && r.Outcome == sk.Won && t.Plays[r.Index].Card == sk.Bendt && ti+1 < v.Cards {
			drew[r.Winner] = true
		}
	}
	var evs []playEvent
	if s.cfg.playEvents > 0 {
		evs = s.playEvents(s.cfg.playEvents)
	}
	w := s.weights[:0]
	total := 0.0
	for i := range s.worlds {
		lw := 0.0
		if len(evs) > 0 {
			lw += s.playLogLikelihood(evs, &s.worlds[i])
		}
		for seat := 0; seat < v.Players; seat++ {
			if seat == v.Seat || drew[seat] {
				continue
			}
			hand := s.worlds[i].Hands[seat].Or(played[seat])
			p := s.opp.model(seat, s.bidder, s.plainBidder).bidLikelihood(v, seat, hand, v.Seats[seat].Bid, s.cfg.inferSharp)
			lw += math.Log(s.cfg.inferFloor + (1-s.cfg.inferFloor)*p)
		}
		w = append(w, lw)
	}
	maxLW := math.Inf(-1)
	for _, lw := range w {
		maxLW = math.Max(maxLW, lw)
	}
	for i, lw := range w {
		w[i] = math.Exp(lw - maxLW)
		total += w[i]
	}
	// Systematic resampling: k evenly spaced pointers into the cumulative
	// weights, from one random offset.
	step := total / float64(k)
	u := step * (float64(s.rng.IntN(1<<30)) + 0.5) / (1 << 30)
	cum := 0.0
	sel, mult := s.sel[:0], s.vals[:0] // vals is free until evaluate
	for i := range s.worlds {
		cum += w[i]
		n := 0
		for u < cum {
			n++
			u += step
		}
		if n > 0 {
			sel = append(sel, i)
			mult = append(mult, float64(n))
		}
	}
	s.sel = sel
	s.weights = append(s.weights[:0], mult...)
}

// bidLikelihood is how likely the bid model makes bid for seat holding hand
// at the start of the round, relative to a uniform choice of bid (which
// would score 1).
func (h *Heuristic) bidLikelihood(v *sk.View, seat int, hand sk.CardSet, bid int, sharp float64) float64 {
	h.readDeal(v, seat, hand)
	st := &h.st
	d := h.trickDist(hand)
	var ev [17]float64
	best := math.Inf(-1)
	for b := 0; b <= st.cards && b < len(ev); b++ {
		e := 0.0
		for t, pt := range d {
			if pt > 0 {
				e += pt * float64(st.opts.SeatPoints(st.cards, st.round, b, t, 0, sk.Grapeshot))
			}
		}
		ev[b] = e
		best = math.Max(best, e)
	}
	sum, mine := 0.0, 0.0
	for b := 0; b <= st.cards && b < len(ev); b++ {
		x := math.Exp((ev[b] - best) / sharp)
		sum += x
		if b == bid {
			mine = x
		}
	}
	if sum == 0 {
		return 1
	}
	return mine / sum * float64(st.cards+1)
}

// playedThisRound is what each seat (Graybeard aside) has played this
// round, the trick in progress included.
func playedThisRound(v *sk.View) (played [8]sk.CardSet) {
	add := func(plays []sk.Played) {
		for _, p := range plays {
			if int(p.Seat) < v.Players {
				played[p.Seat] = played[p.Seat].With(p.Card)
			}
		}
	}
	for _, t := range v.Tricks {
		add(t.Plays)
	}
	add(v.Trick)
	return played
}

// readDeal sets the state to seat's at the start of the round, holding
// hand, as the seat saw it when it bid.
func (h *Heuristic) readDeal(v *sk.View, seat int, hand sk.CardSet) {
	st := &h.st
	st.me, st.n, st.ghost = seat, v.Players, -1
	st.hands = st.n
	if st.n == 2 {
		st.ghost, st.hands = 2, 3
	}
	st.cards, st.round, st.phase = v.Cards, v.Round, sk.PhaseBidding
	st.opts = v.Options
	st.hand = hand
	st.played = sk.CardSet{}
	st.unseen = deckOf(&st.opts).Minus(hand)
	st.void = [9]uint8{}
	for s := 0; s < st.hands; s++ {
		st.size[s] = v.Cards
	}
	for s := range st.bid {
		st.bid[s], st.won[s] = -1, 0
	}
}
