package review

import (
	"errors"
	"fmt"
	"math"
	"slices"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/protocol"
)

// DefaultBudget is the expert's work per decision in a review, as a share
// of its work when it plays (bot.WithBudget): 0.3 reviews a 10-round
// 4-player game, every seat, in seconds on two cores (README, "Measured"),
// and still tells a good decision from a poor one by points, not by noise.
const DefaultBudget = 0.3

// Option changes how a review is computed.
type Option func(*config)

type config struct {
	budget   float64
	seed     uint64
	workers  int
	progress func(done, total int)
}

// WithBudget scales the expert's work per decision (1: as much as when it
// plays; the default is DefaultBudget). More work, less noise in the
// points, and a longer review.
func WithBudget(scale float64) Option { return func(c *config) { c.budget = scale } }

// WithSeed seeds the expert's sampled deals (default 1): a review is the
// same for the same record, seed and budget.
func WithSeed(seed uint64) Option { return func(c *config) { c.seed = seed } }

// WithWorkers sets how many goroutines share each decision's search
// (default 2); the review does not depend on it.
func WithWorkers(n int) Option { return func(c *config) { c.workers = n } }

// WithProgress calls f after each decision judged, with how many of the
// review's total are done: a long review can show how far it is.
func WithProgress(f func(done, total int)) Option { return func(c *config) { c.progress = f } }

// Seat reviews one seat (0-based) of the record.
func Seat(rec *sk.Record, seat int, opts ...Option) (*Review, error) {
	rs, err := Seats(rec, []int{seat}, opts...)
	if err != nil {
		return nil, err
	}
	return &rs[0], nil
}

// Seats reviews the seats listed (0-based), every seat when none is, in
// one replay of the record. An invalid record returns the replay's error
// (a *skullking.RecordError or *skullking.ActionError); a seat the record
// does not have is refused before any work.
func Seats(rec *sk.Record, seats []int, opts ...Option) (out []Review, err error) {
	cfg := config{budget: DefaultBudget, seed: 1, workers: 2}
	for _, o := range opts {
		o(&cfg)
	}
	if rec == nil {
		return nil, errors.New("review: no record")
	}
	n := len(rec.Players)
	if len(seats) == 0 {
		for s := range n {
			seats = append(seats, s)
		}
	}
	for _, s := range seats {
		if s < 0 || s >= n {
			return nil, fmt.Errorf("review: seat %d: the record's %d players are seats 0 to %d", s, n, n-1)
		}
	}
	if !(cfg.budget > 0) {
		return nil, fmt.Errorf("review: the budget must be above 0, not %v", cfg.budget)
	}
	defer func() {
		// Whatever the record, a review answers with an error, never a
		// crash of the program or the server computing it.
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("review: internal error while judging the record: %v", r)
		}
	}()
	total := 0
	if _, err := rec.Walk(func(v sk.SeatView, _ sk.Action) {
		if slices.Contains(seats, v.Seat()) {
			total++
		}
	}); err != nil {
		return nil, err
	}
	j := judges{experts: map[int]*bot.Expert{}, reviews: map[int]*Review{}}
	for _, s := range seats {
		if j.experts[s] == nil {
			j.experts[s] = bot.NewExpert(sk.DeriveSeed(cfg.seed, uint64(s)), bot.WithBudget(cfg.budget), bot.WithWorkers(cfg.workers))
			j.reviews[s] = &Review{Seat: s, Name: rec.Players[s], Decisions: []Decision{}}
		}
	}
	done := 0
	if _, err := rec.Walk(func(v sk.SeatView, a sk.Action) {
		if j.experts[v.Seat()] == nil {
			return
		}
		j.judge(v, a, rec.DecidedBy(v, a))
		done++
		if cfg.progress != nil {
			cfg.progress(done, total)
		}
	}); err != nil {
		return nil, err
	}
	for _, s := range seats {
		out = append(out, *j.reviews[s])
	}
	return out, nil
}

// judges holds the expert judging each seat reviewed: one for the whole
// game, which reads the opponents' play as the seat could.
type judges struct {
	experts map[int]*bot.Expert
	reviews map[int]*Review
}

// judge scores decision a of the seat of v, from v alone; by is who made
// it, "" for the seat's player. A decision made for the player is still
// judged, since the seat's expert must follow every decision of the seat
// in order, but only the player's own count in the total.
func (j *judges) judge(v sk.SeatView, a sk.Action, by string) {
	r := j.reviews[v.Seat()]
	ev := j.experts[v.Seat()].Evaluate(v)
	named := v.Options().PirateAbilities
	d := Decision{Round: v.Round(), Kind: kindOf(a), Played: protocol.FromAction(a, named), Best: protocol.FromAction(a, named),
		Choices: len(ev.Values), By: by}
	switch v.Phase() {
	case sk.PhasePlaying:
		d.Trick = v.TrickNumber()
	case sk.PhaseAbility:
		d.Trick = len(v.CompletedTricks())
	}
	played, ok := ev.Find(a)
	if ok && len(ev.Values) > 1 && played.Worlds > 0 {
		best := ev.Values[ev.Best]
		d.PlayedPoints, d.BestPoints = round2(played.Points), round2(best.Points)
		// The loss of the points as reported, so that a reader's sum agrees.
		if loss := round2(d.BestPoints - d.PlayedPoints); loss > 0 {
			d.Best, d.Loss = protocol.FromAction(best.Action, named), loss
		}
	}
	r.Decisions = append(r.Decisions, d)
	if by == "" {
		r.TotalLoss = round2(r.TotalLoss + d.Loss)
	}
}

// round2 rounds to hundredths of a point: finer digits are sampling noise.
func round2(x float64) float64 { return math.Round(x*100) / 100 }
