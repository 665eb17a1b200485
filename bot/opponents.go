package bot

import sk "github.com/skullking-go/skullking"

// Reading the opponents: a seat that bids and plays exactly as the heuristic
// does is modelled as the heuristic, everyone else as a player who searches.
// At its last card of a round a seat has seen every other hand but for at
// most one card: what each opponent played. If some card in its place makes
// the heuristic bid that seat's bid and play every card it played, the
// round agrees with the heuristic; once a seat has agreed on plainAfter
// decisions a searching player would likely have made otherwise, and never
// disagreed, it is taken for the heuristic for the rest of the game.

// plainAfter is how many informative decisions (bids of more than one card,
// plays among two or more distinct cards) must agree with the heuristic,
// and none disagree, before a seat is taken for it: the simulation level
// matches the heuristic on about half of them.
const plainAfter = 6

// opponents is what a search has learned of the other seats this game.
type opponents struct {
	round  int // the last round read
	agree  [8]int
	differ [8]bool
	heur   *Heuristic
}

// reset forgets the game.
func (o *opponents) reset() { *o = opponents{heur: o.heur} }

// plain reports whether seat is taken for the heuristic.
func (o *opponents) plain(seat int) bool {
	return seat < len(o.agree) && !o.differ[seat] && o.agree[seat] >= plainAfter
}

// model is plain for a seat taken for the heuristic, else model: who
// stands for that seat in a search.
func (o *opponents) model(seat int, model, plain *Heuristic) *Heuristic {
	if o.plain(seat) {
		return plain
	}
	return model
}

// observe reads the round of v at the seat's last card, once a round; a
// round number lower than the last read starts a new game.
func (s *search) observe(v sk.SeatView) {
	o := &s.opp
	if v.Round() < o.round {
		o.reset()
	}
	if v.Phase() != sk.PhasePlaying || v.Hand().Len() != 1 || v.Round() == o.round {
		return
	}
	o.round = v.Round()
	if o.heur == nil {
		o.heur = NewHeuristic(0)
	}
	s.view = v.View()
	vw := &s.view
	evs := s.playEvents(1 << 10)
	if len(evs) == 0 && vw.Cards > 1 {
		// A Bendt draw changed a hand mid-round: nothing to read.
		return
	}
	played := playedThisRound(vw)
	pool := vw.Unseen()
	for seat := 0; seat < vw.Players; seat++ {
		if seat == vw.Seat || o.differ[seat] || harried(vw, seat) {
			continue
		}
		var mine []playEvent
		informative := 0
		if vw.Cards > 1 {
			informative++ // the bid: with one card, nearly every player bids alike
		}
		for _, ev := range evs {
			if ev.seat == seat {
				mine = append(mine, ev)
			}
		}
		var w sk.World
		ok, choices := false, 0
		try := func(last sk.CardSet) {
			if ok {
				return
			}
			w.Hands[seat] = last
			o.heur.readDeal(vw, seat, played[seat].Or(last))
			if o.heur.chooseBid() != vw.Seats[seat].Bid {
				return
			}
			miss, c := s.playMisses(o.heur, mine, &w)
			ok, choices = miss[seat] == 0, c
		}
		if vw.Seats[seat].HandSize == 0 {
			try(sk.CardSet{})
		} else {
			for p := pool; !p.Empty() && !ok; {
				c := p.First()
				p = p.Without(c)
				try(sk.SetOf(c))
			}
		}
		if !ok {
			o.differ[seat] = true
			continue
		}
		o.agree[seat] += informative + choices
	}
}

// harried reports whether seat's bid may have been changed by Harry the
// Giant this round: what it bid is then unknown.
func harried(v *sk.View, seat int) bool {
	if !v.Options.PirateAbilities {
		return false
	}
	for _, t := range v.Tricks {
		r := &t.Result
		if r.Outcome == sk.Won && r.Winner == seat && t.Plays[r.Index].Card == sk.Harry {
			return true
		}
	}
	return false
}
