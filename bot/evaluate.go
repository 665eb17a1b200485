package bot

import (
	"time"

	sk "github.com/skullking-go/skullking"
)

// ActionValue is one legal action of a decision with the points the seat
// can expect from the round after taking it, as the expert's search
// estimates them.
type ActionValue struct {
	Action sk.Action
	// Points is the seat's expected score for the round (bonuses included),
	// the mean over the deals searched, weighed as the expert weighs them.
	Points float64
	// Worlds is how many sampled deals the estimate rests on; 0 when the
	// action was not searched, because it was the only one.
	Worlds int
}

// Evaluation is the expert's reading of one decision: every legal action
// of the seat with its expected points, in the order of SeatView.Legal.
type Evaluation struct {
	Values []ActionValue
	// Best indexes the action with the most expected points (the first of
	// equals), −1 when the seat had nothing to decide.
	Best int
	// named is whether the Pirates' names matter, for Find.
	named bool
}

// Evaluate scores every legal action of the seat of v with the expert's
// search — the same sampled deals, inference and rollouts as Act — and
// returns their expected points for the seat. It sees the game through v
// only, so it knows what the seat knew: its hand, what was played and bid,
// never another hand.
//
// Act weighs the opponents' points against the seat's own; Evaluate
// measures the seat's own round points alone, a measure a player can check
// against a score sheet, so its best action can differ from Act's where an
// action costs the seat little and the opponents much.
//
// Like Act, Evaluate reads the opponents' play as the game goes (a seat
// that plays exactly as the heuristic is modelled as it): to judge a whole
// game, call it on each of the seat's decisions in order, on one Expert.
// The same seed and the same decisions give the same values.
func (b *Expert) Evaluate(v sk.SeatView) Evaluation {
	return b.s.values(v)
}

// Find returns the value of action a, matched to the legal action that
// plays as it does (another copy of an Escape, a Mermaid, a Loot or, while
// names do not matter, a Pirate; Bendt's two discards in either order).
func (e Evaluation) Find(a sk.Action) (ActionValue, bool) {
	cands := make([]sk.Action, len(e.Values))
	for i, v := range e.Values {
		cands[i] = v.Action
	}
	i := matchAction(cands, a, e.named)
	if i < 0 && a.Kind == sk.ActionDiscard {
		swapped := a
		swapped.Card, swapped.Card2 = a.Card2, a.Card
		i = matchAction(cands, swapped, e.named)
	}
	if i < 0 {
		return ActionValue{}, false
	}
	return e.Values[i], true
}

// values is Evaluate: act's search without its choice, every candidate
// kept with its mean, measured by the seat's own points.
func (s *search) values(v sk.SeatView) Evaluation {
	if s.cfg.readOpponents {
		s.observe(v)
	}
	ev := Evaluation{Best: -1, named: v.Options().PirateAbilities}
	s.buf = v.Legal(s.buf[:0])
	switch len(s.buf) {
	case 0:
		return ev
	case 1:
		ev.Values, ev.Best = []ActionValue{{Action: s.buf[0]}}, 0
		return ev
	}
	if s.cfg.timeLimit > 0 {
		s.stopAt = time.Now().Add(s.cfg.timeLimit)
	}
	s.view = v.View()
	s.cands = append(s.cands[:0], s.buf...)
	own := s.cfg
	own.oppWeight, own.winWeight = 0, 0
	s.goal.set(&s.view, &own)
	s.prepare()
	s.score()
	ev.Values = make([]ActionValue, len(s.cands))
	bestV := 0.0
	for c, a := range s.cands {
		ev.Values[c].Action = a
		m, ok := s.mean(c)
		if !ok {
			continue
		}
		ev.Values[c].Points, ev.Values[c].Worlds = m, s.evaluated(c)
		if ev.Best < 0 || m > bestV+1e-9 {
			ev.Best, bestV = c, m
		}
	}
	if ev.Best < 0 {
		ev.Best = 0 // no deal could be searched: every action is alike unknown
	}
	return ev
}

// evaluated is how many of the decision's worlds scored candidate c.
func (s *search) evaluated(c int) int {
	nc, n := len(s.cands), 0
	for i := range s.sel {
		if v := s.vals[i*nc+c]; v == v { // not NaN
			n++
		}
	}
	return n
}
