package bot

import (
	"math"

	sk "github.com/skullking-go/skullking"
)

// Inference from the cards played: a seat is assumed to play roughly as the
// heuristic would. For each recent card an opponent played this round, a
// sampled deal is checked by asking the heuristic what that seat would have
// played from the hand the deal gives it at that moment; a deal where it
// would have played something else is made less likely (by playEps), so
// deals where, say, a seat that needed tricks ducked while holding a sure
// winner fade away.

// playEvent is one card an opponent played, with what was public then.
type playEvent struct {
	seat  int
	play  sk.Played
	trick []sk.Played // the trick before the card
	order [9]int8
	nord  int
	later sk.CardSet // cards the seat played from this one on: back in its hand then
	seen  sk.CardSet // every card played before this one
	void  [9]uint8
	won   [8]int
	size  [9]int
}

// playEvents collects the last max opponent plays of the round, or none
// when a Bendt draw changed a hand mid-round.
func (s *search) playEvents(max int) []playEvent {
	v := &s.view
	evs := s.events[:0]
	ghost := -1
	if v.Players == 2 {
		ghost = 2
	}
	hands := v.Players
	if ghost >= 0 {
		hands = 3
	}
	if v.Options.PirateAbilities {
		for ti, t := range v.Tricks {
			r := &t.Result
			if r.Outcome == sk.Won && t.Plays[r.Index].Card == sk.Bendt && ti+1 < v.Cards {
				return evs
			}
		}
	}
	var seen sk.CardSet
	var void [9]uint8
	var won [8]int
	firstLeader := (v.Round - 1) % v.Players
	add := func(ti int, plays []sk.Played, order []int8) {
		var l sk.Lead
		for i, p := range plays {
			s := int(p.Seat)
			if s != v.Seat && s != ghost {
				ev := playEvent{seat: s, play: p, trick: plays[:i], seen: seen, void: void, won: won}
				ev.nord = copy(ev.order[:], order)
				for q := 0; q < hands; q++ {
					ev.size[q] = v.Cards - ti
					for _, pp := range plays[:i] {
						if int(pp.Seat) == q {
							ev.size[q]--
						}
					}
				}
				evs = append(evs, ev)
			}
			if p.Kind() == sk.KindNumber && l.Suit != sk.NoSuit && p.Card.Suit() != l.Suit && s != ghost {
				void[s] |= 1 << l.Suit
			}
			l = leadAfter(l, p)
			seen = seen.With(p.Card)
		}
	}
	var order [9]int8
	for ti, t := range v.Tricks {
		for i, p := range t.Plays {
			order[i] = p.Seat
		}
		add(ti, t.Plays, order[:len(t.Plays)])
		if r := &t.Result; r.Winner >= 0 && r.Winner != ghost {
			won[r.Winner]++
		}
	}
	if len(v.Trick) > 0 {
		leader := int(v.Trick[0].Seat)
		n := v.Players
		if ghost >= 0 {
			n = 3
			if leader == ghost {
				order[0], order[1], order[2] = int8(ghost), int8(firstLeader), int8(1-firstLeader)
			} else {
				order[0], order[1], order[2] = int8(leader), int8(ghost), int8(1-leader)
			}
		} else {
			for i := 0; i < n; i++ {
				order[i] = int8((leader + i) % n)
			}
		}
		add(len(v.Tricks), v.Trick, order[:n])
	}
	// The cards each seat played from each event on.
	var from [9]sk.CardSet
	for i := len(evs) - 1; i >= 0; i-- {
		from[evs[i].seat] = from[evs[i].seat].With(evs[i].play.Card)
		evs[i].later = from[evs[i].seat]
	}
	if len(evs) > max {
		evs = evs[len(evs)-max:]
	}
	s.events = evs
	return evs
}

// playLogLikelihood is the log-likelihood of the events under world w.
func (s *search) playLogLikelihood(evs []playEvent, w *sk.World) float64 {
	miss, _ := s.playMisses(s.player, evs, w)
	n := 0
	for _, m := range miss {
		n += m
	}
	return float64(n) * math.Log(s.cfg.playEps)
}

// playMisses counts, seat by seat, the events that h, given the hands of
// w, would have played otherwise, and the events where it had a choice of
// distinct plays.
func (s *search) playMisses(h *Heuristic, evs []playEvent, w *sk.World) (miss [8]int, choices int) {
	v := &s.view
	st := &h.st
	for i := range evs {
		ev := &evs[i]
		st.me, st.n, st.ghost = ev.seat, v.Players, -1
		st.hands = st.n
		if st.n == 2 {
			st.ghost, st.hands = 2, 3
		}
		st.cards, st.round, st.phase = v.Cards, v.Round, sk.PhasePlaying
		st.opts = v.Options
		st.hand = w.Hands[ev.seat].Or(ev.later)
		st.played = ev.seen
		st.unseen = deckOf(&st.opts).Minus(st.hand).Minus(ev.seen)
		st.void = ev.void
		for q := range st.bid {
			st.bid[q] = -1
			if q < v.Players {
				st.bid[q] = v.Seats[q].Bid
			}
		}
		st.won = ev.won
		st.size = ev.size
		st.trick = ev.trick
		st.lead = sk.LeadOf(ev.trick)
		st.order = ev.order[:ev.nord]
		st.pos = len(ev.trick)
		st.sum.of(ev.trick)
		legal := legalOf(st)
		c, as := h.choosePlay(legal)
		if !samePlay(c, as, ev.play, v.Options.PirateAbilities) {
			miss[ev.seat]++
		}
		if h.choices > 1 {
			choices++
		}
	}
	return miss, choices
}

// samePlay reports whether card c played as as is the play p, copies of a
// face counting as one.
func samePlay(c sk.Card, as sk.TigressAs, p sk.Played, abilities bool) bool {
	if c == sk.Tigress || p.Card == sk.Tigress {
		return c == p.Card && as == p.As
	}
	if c == p.Card {
		return true
	}
	k := c.Kind()
	if k != p.Card.Kind() {
		return false
	}
	return k == sk.KindMermaid || k == sk.KindEscape || k == sk.KindLoot || (k == sk.KindPirate && !abilities)
}
