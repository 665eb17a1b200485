package bot

import (
	"math"
	"sync"
	"time"

	sk "github.com/skullking-go/skullking"
)

// solverNodesPerPlay is how many endgame nodes cost about as much as one
// card played by the heuristic in a rollout.
const solverNodesPerPlay = 8

// searchConfig sets how a sampled-world search spends its effort.
type searchConfig struct {
	// worlds is how many deals are sampled per decision (the most, when a
	// work budget is set).
	worlds int
	// minWorlds is the fewest deals a work budget may cut a decision to.
	minWorlds int
	// budget caps the simulated card plays of a decision (0: no cap); the
	// number of worlds shrinks to fit, which bounds the time deterministically.
	budget int
	// bidWorlds is the number of deals for a bid, if different.
	bidWorlds int
	// bidBudget is the work budget of a bid, if different: bids decide
	// most of a round's score.
	bidBudget int
	// oppWeight is how much the opponents' mean score counts against the
	// seat's own in a world's outcome (1: the margin; 0: own score only).
	oppWeight float64
	// winWeight adds this many points times the chance of finishing first,
	// judged from the totals after the round and the rounds left (0: none).
	winWeight float64
	// workers is how many goroutines evaluate worlds.
	workers int
	// timeLimit caps a decision's wall-clock time (0: none). Past it the
	// workers stop taking new deals (after minWorlds) and the decision rests
	// on the deals done — and then depends on timing, so only a server that
	// must answer in time sets it, as a safety net the budget rarely reaches.
	timeLimit time.Duration
	// endgame solves a world exactly when at most this many tricks remain
	// (0: never), within endgameNodes nodes.
	endgame      int
	endgameNodes int
	// infer weights each world by how well it explains the opponents' bids.
	infer bool
	// inferSharp is how sharply the bid model's expected scores pick a bid.
	inferSharp float64
	// inferFloor mixes in uniform weight, so a world is never ruled out by
	// a bidder unlike the model.
	inferFloor float64
	// oversample is how many deals are sampled per deal evaluated when
	// inference picks the deals.
	oversample int
	// playEvents is how many of the opponents' latest cards inference
	// checks against the heuristic's play (0: none), and playEps how much
	// a card the heuristic would not have played costs a deal.
	playEvents int
	playEps    float64
	// shrink is how many standard errors a candidate must gain over the
	// heuristic's own choice to replace it (0: plain argmax).
	shrink float64
	// bidModel, when set, is the heuristic that makes the other seats'
	// secret bids in a world and explains their revealed bids to
	// inference (nil: the heuristic's own constants).
	bidModel *heurParams
	// rollout, when set, is the heuristic that plays the worlds out and
	// whose choice shrink defends (nil: the heuristic's own constants).
	rollout *heurParams
	// readOpponents takes a seat that has bid and played as the heuristic
	// would for it (opponents.go): it is then played, and its bids made
	// and read, by the heuristic rather than the models above.
	readOpponents bool
}

// search is a flat Monte Carlo search over sampled deals (PIMC): every
// candidate action is tried on the same deals, each finished by heuristic
// play (or solved exactly near the end of a round), and the action with the
// best mean outcome wins.
type search struct {
	cfg         searchConfig
	rng         sk.Rand
	sm          sampler
	view        sk.View
	worlds      []sk.World // the sampled deals
	sel         []int      // the deals evaluated, indices into worlds
	weights     []float64  // each evaluated deal's weight
	vals        []float64  // vals[k*len(cands)+i]: candidate i in evaluated deal k
	cands       []sk.Action
	goal        goal
	workers     []*worker
	buf         []sk.Action
	events      []playEvent
	heur        *Heuristic
	bidder      *Heuristic // the bid model for inference
	plainBidder *Heuristic // the heuristic's, for seats taken for it
	opp         opponents
	player      *Heuristic // the play model for inference: the heuristic
	stopAt      time.Time  // the decision's deadline, when the config has a time limit
}

func newSearch(cfg searchConfig, seed uint64) *search {
	if cfg.workers < 1 {
		cfg.workers = 1
	}
	s := &search{cfg: cfg, rng: sk.NewRand(seed), heur: newHeuristicWith(cfg.rollout),
		bidder: newHeuristicWith(cfg.bidModel), plainBidder: NewHeuristic(0), player: NewHeuristic(0)}
	for i := 0; i < cfg.workers; i++ {
		s.workers = append(s.workers, newWorker(&cfg))
	}
	return s
}

// newHeuristicWith is a heuristic with constants p (nil: the defaults).
func newHeuristicWith(p *heurParams) *Heuristic {
	h := NewHeuristic(0)
	if p != nil {
		h.param = *p
	}
	return h
}

// worker owns what evaluating one world needs, so that workers can run side
// by side.
type worker struct {
	base, scratch sk.Game
	bots          [8]*Heuristic // the rollout policy, seat by seat
	plain         [8]*Heuristic // the heuristic, for seats taken for it
	seats         [8]*Heuristic // who plays each seat in this decision's rollouts
	bidder        *Heuristic    // the other seats' secret bids
	plainBidder   *Heuristic    // those of seats taken for the heuristic
	solver        solver
}

func newWorker(cfg *searchConfig) *worker {
	w := &worker{bidder: newHeuristicWith(cfg.bidModel), plainBidder: NewHeuristic(0)}
	for i := range w.bots {
		w.bots[i] = newHeuristicWith(cfg.rollout)
		w.bots[i].st.incremental = true
		w.plain[i] = NewHeuristic(0)
		w.plain[i].st.incremental = true
	}
	return w
}

func (s *search) reseed(seed uint64) {
	s.rng = sk.NewRand(seed)
	s.opp.reset()
}

// act decides for the seat of v.
func (s *search) act(v sk.SeatView) sk.Action {
	if s.cfg.readOpponents {
		s.observe(v)
	}
	s.buf = v.Legal(s.buf[:0])
	switch len(s.buf) {
	case 0:
		return sk.Action{}
	case 1:
		return s.buf[0]
	}
	if s.cfg.timeLimit > 0 {
		s.stopAt = time.Now().Add(s.cfg.timeLimit)
	}
	if k, _ := v.Pending(); k == sk.ActionDiscard {
		// Bendt's discards are many pairs; the heuristic's rule is enough.
		return s.heur.Act(v)
	}
	s.view = v.View()
	s.cands = append(s.cands[:0], s.buf...)
	prior := -1
	if s.cfg.shrink > 0 {
		prior = matchAction(s.cands, s.heur.Act(v), s.view.Options.PirateAbilities)
	}
	s.goal.set(&s.view, &s.cfg)
	s.prepare()
	best := s.evaluate(prior)
	return s.cands[best]
}

// matchAction returns the index in cands of a, or of the candidate that
// plays a copy of a's card, or −1.
func matchAction(cands []sk.Action, a sk.Action, abilities bool) int {
	for i, c := range cands {
		if c == a {
			return i
		}
	}
	if a.Kind != sk.ActionPlay {
		return -1
	}
	k := a.Card.Kind()
	alike := k == sk.KindMermaid || k == sk.KindEscape || k == sk.KindLoot || (k == sk.KindPirate && !abilities)
	for i, c := range cands {
		if alike && c.Kind == sk.ActionPlay && c.Card.Kind() == k {
			return i
		}
	}
	return -1
}

// worldCount is how many deals this decision samples: the configured
// number, cut to fit the work budget.
func (s *search) worldCount() int {
	v := &s.view
	k := s.cfg.worlds
	if v.Phase == sk.PhaseBidding && s.cfg.bidWorlds > 0 {
		k = s.cfg.bidWorlds
	}
	budget := s.cfg.budget
	if v.Phase == sk.PhaseBidding && s.cfg.bidBudget > 0 {
		budget = s.cfg.bidBudget
	}
	if budget > 0 {
		plays, est := 0, 1
		for i := range v.Seats {
			plays += v.Seats[i].HandSize
			if !v.Seats[i].Graybeard {
				for f := 2; f <= v.Seats[i].HandSize && est <= s.cfg.endgameNodes; f++ {
					est *= f
				}
			}
		}
		left := v.Cards - v.TrickNo + 1
		if v.Phase == sk.PhasePlaying && s.cfg.endgame > 0 && left <= s.cfg.endgame && est <= s.cfg.endgameNodes {
			// A solved world costs its nodes, a few dozen of which take as
			// long as one heuristic card play.
			plays = max(plays, est/solverNodesPerPlay)
		}
		if plays < 1 {
			plays = 1
		}
		// Building a world, and the other seats' secret bids and the bid
		// model's reading of their hands, cost a few card plays each.
		overhead := 2 * v.Players
		if v.Phase == sk.PhaseBidding || v.Phase == sk.PhaseCannon {
			overhead += 6 * (v.Players - 1)
		}
		if s.cfg.infer {
			overhead += 3 * max(s.cfg.oversample, 1) * (v.Players - 1)
		}
		fit := budget / (overhead + plays*len(s.cands))
		k = max(min(k, fit), s.cfg.minWorlds)
	}
	return max(k, 1)
}

// prepare samples the deals of this decision and, with inference, weighs
// them.
func (s *search) prepare() {
	s.sm.init(&s.view)
	k := s.worldCount()
	m := k
	infer := s.cfg.infer && s.inferable()
	if infer {
		m = k * max(s.cfg.oversample, 1)
	}
	for len(s.worlds) < m {
		s.worlds = append(s.worlds, sk.World{})
	}
	s.worlds = s.worlds[:m]
	for i := range s.worlds {
		s.sm.sample(&s.rng, &s.worlds[i])
	}
	s.sel, s.weights = s.sel[:0], s.weights[:0]
	if infer {
		s.resample(k)
		return
	}
	for i := range s.worlds {
		s.sel = append(s.sel, i)
		s.weights = append(s.weights, 1)
	}
}

// evaluate scores every candidate on every world and returns the index of
// the best. Worlds are shared out by index, never by timing, and summed in
// order: the result does not depend on scheduling. With a prior candidate
// (the heuristic's choice, or −1) and shrink set, another candidate must
// beat it by shrink standard errors of the paired difference: sampling
// noise alone does not overturn a sound default.
func (s *search) evaluate(prior int) int {
	s.score()
	best, bestV := 0, math.Inf(-1)
	for c := range s.cands {
		if m, ok := s.mean(c); ok && m > bestV+1e-9 {
			best, bestV = c, m
		}
	}
	if prior >= 0 && prior != best && s.cfg.shrink > 0 && !s.clearlyBetter(best, prior) {
		return prior
	}
	return best
}

// score fills s.vals: every candidate on every evaluated world.
func (s *search) score() {
	nc := len(s.cands)
	k := len(s.sel)
	if cap(s.vals) < k*nc {
		s.vals = make([]float64, k*nc)
	}
	s.vals = s.vals[:k*nc]
	nw := min(len(s.workers), k)
	if nw <= 1 {
		s.workers[0].evalWorlds(s, 0, 1, k)
		return
	}
	var wg sync.WaitGroup
	for wi := 0; wi < nw; wi++ {
		wg.Add(1)
		go func(w *worker, first int) {
			defer wg.Done()
			w.evalWorlds(s, first, nw, k)
		}(s.workers[wi], wi)
	}
	wg.Wait()
}

// mean is candidate c's weighted mean value over the worlds score
// evaluated, and false when none was.
func (s *search) mean(c int) (float64, bool) {
	nc := len(s.cands)
	sum, wsum := 0.0, 0.0
	for i := range s.sel {
		v := s.vals[i*nc+c]
		if math.IsNaN(v) {
			continue
		}
		sum += s.weights[i] * v
		wsum += s.weights[i]
	}
	if wsum == 0 {
		return 0, false
	}
	return sum / wsum, true
}

// clearlyBetter reports whether candidate a beats b over the worlds by
// more than shrink standard errors of their paired difference.
func (s *search) clearlyBetter(a, b int) bool {
	nc := len(s.cands)
	var sw, sw2, sd float64
	for i := range s.sel {
		va, vb := s.vals[i*nc+a], s.vals[i*nc+b]
		if math.IsNaN(va) || math.IsNaN(vb) {
			continue
		}
		w := s.weights[i]
		sw += w
		sw2 += w * w
		sd += w * (va - vb)
	}
	if sw == 0 {
		return false
	}
	mean := sd / sw
	v := 0.0
	for i := range s.sel {
		va, vb := s.vals[i*nc+a], s.vals[i*nc+b]
		if math.IsNaN(va) || math.IsNaN(vb) {
			continue
		}
		d := va - vb - mean
		v += s.weights[i] * d * d
	}
	v /= sw
	neff := sw * sw / sw2
	return mean > s.cfg.shrink*math.Sqrt(v/neff)
}

// evalWorlds scores the candidates on worlds first, first+step, … below k,
// until the decision's time limit, if any, has passed (the first minWorlds
// are always done).
func (w *worker) evalWorlds(s *search, first, step, k int) {
	for seat := range w.seats {
		w.seats[seat] = s.opp.model(seat, w.bots[seat], w.plain[seat])
	}
	limited := s.cfg.timeLimit > 0
	for i := first; i < k; i += step {
		if limited && i >= s.cfg.minWorlds && time.Now().After(s.stopAt) {
			for ; i < k; i += step {
				s.leaveOut(i)
			}
			return
		}
		w.evalWorld(s, i)
	}
}

// leaveOut marks world i as not evaluated: it counts for no candidate.
func (s *search) leaveOut(i int) {
	nc := len(s.cands)
	out := s.vals[i*nc : (i+1)*nc]
	for j := range out {
		out[j] = math.NaN()
	}
}

// evalWorld scores every candidate on world i.
func (w *worker) evalWorld(s *search, i int) {
	v := &s.view
	nc := len(s.cands)
	out := s.vals[i*nc : (i+1)*nc]
	world := &s.worlds[s.sel[i]]
	if err := w.base.ResumeFrom(v, world); err != nil {
		s.leaveOut(i)
		return
	}
	// The other seats' secret decisions of this phase, by the bid model.
	if v.Phase == sk.PhaseBidding || v.Phase == sk.PhaseCannon {
		for seat := 0; seat < v.Players; seat++ {
			if seat != v.Seat && w.base.Waiting(seat) {
				b := s.opp.model(seat, w.bidder, w.plainBidder)
				w.base.ApplyUnchecked(b.Act(w.base.Seat(seat)))
			}
		}
	}
	for j, a := range s.cands {
		w.scratch.CopyFrom(&w.base)
		w.scratch.ApplyUnchecked(a)
		out[j] = w.finish(s, &w.scratch, world)
	}
}

// finish plays the round out and returns its outcome for the searching
// seat.
func (w *worker) finish(s *search, g *sk.Game, world *sk.World) float64 {
	// Bids are searched with heuristic play all round: that is how the
	// round will be played, not with every hand open.
	// The decision's own count of tricks left decides, as worldCount
	// budgets for it.
	if s.cfg.endgame > 0 && s.view.Phase == sk.PhasePlaying && g.Phase() == sk.PhasePlaying &&
		s.view.Cards-s.view.TrickNo+1 <= s.cfg.endgame {
		if r, ok := w.solver.solve(g, &s.view, world.Ghost, &s.goal, s.cfg.endgameNodes); ok {
			return r
		}
	}
	rollout(g, &w.seats)
	var pts [8]int
	v := g.Seat(s.view.Seat)
	for i := 0; i < g.Players(); i++ {
		pts[i] = v.Total(i)
	}
	return s.goal.value(&pts)
}

func forgetAll(bots *[8]*Heuristic) {
	for _, b := range bots {
		b.st.forget()
	}
}

// rollout plays g to its end with the heuristic in every seat.
func rollout(g *sk.Game, bots *[8]*Heuristic) {
	forgetAll(bots)
	n := g.Players()
	for steps := 0; !g.Over() && steps < 1000; steps++ {
		seat := g.Turn()
		if seat < 0 {
			for seat = 0; seat < n && !g.Waiting(seat); seat++ {
			}
			if seat == n {
				return
			}
		}
		g.ApplyUnchecked(bots[seat].Act(g.Seat(seat)))
	}
}

// goal is what a world's round points are worth to the searching seat.
type goal struct {
	seat, n   int
	oppWeight float64
	winWeight float64
	totals    [8]int  // running totals before the round
	sigma     float64 // spread of the margin over the rounds left
}

// set reads the goal for the decision of view v.
func (o *goal) set(v *sk.View, cfg *searchConfig) {
	o.seat, o.n, o.oppWeight, o.winWeight = v.Seat, v.Players, cfg.oppWeight, cfg.winWeight
	for s := 0; s < v.Players && s < len(o.totals); s++ {
		o.totals[s] = v.Seats[s].Total
	}
	left := max(v.ScheduledRounds-v.Round, 0)
	o.sigma = 40 * math.Sqrt(float64(left)+0.25)
}

// value is the seat's round score less oppWeight times the opponents'
// mean, plus winWeight times its chance of finishing first.
func (o *goal) value(pts *[8]int) float64 {
	mine := float64(pts[o.seat])
	u := mine
	if o.oppWeight != 0 && o.n > 1 {
		others := 0.0
		for s := 0; s < o.n; s++ {
			if s != o.seat {
				others += float64(pts[s])
			}
		}
		u -= o.oppWeight * others / float64(o.n-1)
	}
	if o.winWeight != 0 {
		me := float64(o.totals[o.seat] + pts[o.seat])
		p := 1.0
		for s := 0; s < o.n; s++ {
			if s != o.seat {
				d := me - float64(o.totals[s]+pts[s])
				p *= 0.5 * math.Erfc(-d/(o.sigma*math.Sqrt2))
			}
		}
		u += o.winWeight * p
	}
	return u
}
