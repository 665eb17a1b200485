package arena

import (
	"math/bits"
	"slices"
	"time"

	"github.com/skullking-go/skullking"
)

// winUnit is one win in the integer units wins are counted in: divisible by
// every number of players who can share first place, so that shared wins add
// up exactly, in any order.
const winUnit = 840 // lcm(1..8)

// dealStats is one level's tally in one deal set, in integers so that sums
// are exact whatever the order they are taken in.
type dealStats struct {
	n      int64 // (game, seat) pairs
	score  int64
	margin int64 // × (players − 1): own score × (p−1) − the others' scores
	win    int64 // in winUnit

	bids, bidsMade     int64
	zeroBids, zeroMade int64
	faults             int64
}

func (s *dealStats) add(t *dealStats) {
	s.n += t.n
	s.score += t.score
	s.margin += t.margin
	s.win += t.win
	s.bids += t.bids
	s.bidsMade += t.bidsMade
	s.zeroBids += t.zeroBids
	s.zeroMade += t.zeroMade
	s.faults += t.faults
}

// summarize adds up the deal sets in order and computes each level's figures.
func (r *run) summarize() []LevelStats {
	nl := len(r.levels)
	out := make([]LevelStats, nl)
	for k, level := range r.levels {
		var tot dealStats
		for d := 0; d < r.cfg.Deals; d++ {
			tot.add(&r.out[d*nl+k])
		}
		ls := LevelStats{Level: level, SeatGames: int(tot.n), Faults: int(tot.faults),
			Bids: int(tot.bids), BidsMade: int(tot.bidsMade), ZeroBids: int(tot.zeroBids), ZeroBidsMade: int(tot.zeroMade)}
		for _, l := range r.levelOf {
			if l == k {
				ls.Seats++
			}
		}
		div := float64(r.players - 1)
		if tot.n > 0 {
			ls.MeanScore = float64(tot.score) / float64(tot.n)
			ls.Margin = float64(tot.margin) / div / float64(tot.n)
			ls.WinRate = float64(tot.win) / winUnit / float64(tot.n)
		}
		if tot.bids > 0 {
			ls.BidAccuracy = float64(tot.bidsMade) / float64(tot.bids)
		}
		if tot.zeroBids > 0 {
			ls.ZeroBidAccuracy = float64(tot.zeroMade) / float64(tot.zeroBids)
		}
		ls.MarginCI = r.bootstrap(k)
		var h histogram
		for _, w := range r.workers {
			for e, l := range r.levelOf {
				if l != k {
					continue
				}
				t := &w.timers[e]
				ls.Decisions += t.decisions
				ls.TimedDecisions += t.timed
				h.merge(&t.hist)
				ls.Faults += w.faults[e]
				if ls.FirstFault == "" {
					ls.FirstFault = w.firstFt[e]
				}
			}
		}
		ls.DecisionP50 = h.quantile(0.50)
		ls.DecisionP99 = h.quantile(0.99)
		out[k] = ls
	}
	return out
}

// bootstrap returns the 95 % percentile interval of level k's margin,
// resampling deal sets with replacement. Its generator is seeded from the
// run's seed and the level's place, so the interval is reproducible.
func (r *run) bootstrap(k int) [2]float64 {
	nl, deals := len(r.levels), r.cfg.Deals
	margin := make([]int64, deals)
	n := make([]int64, deals)
	for d := range deals {
		margin[d], n[d] = r.out[d*nl+k].margin, r.out[d*nl+k].n
	}
	resamples := r.cfg.Bootstrap
	if resamples <= 0 {
		resamples = 1000
	}
	rng := skullking.NewRand(skullking.DeriveSeed(r.cfg.Seed, 0xb0075000+uint64(k)))
	est := make([]float64, resamples)
	div := float64(r.players - 1)
	for b := range est {
		var m, c int64
		for range deals {
			d := rng.IntN(deals)
			m += margin[d]
			c += n[d]
		}
		if c > 0 {
			est[b] = float64(m) / div / float64(c)
		}
	}
	slices.Sort(est)
	lo := int(0.025 * float64(resamples))
	hi := int(0.975*float64(resamples)+0.5) - 1
	return [2]float64{est[lo], est[max(hi, lo)]}
}

// timer times a line-up entry's decisions. Reading the clock costs about as
// much as a random bot's whole decision, so once the first calibrate
// decisions show the bot is fast, only every stride-th game is timed, all
// its decisions, enough that the clock costs about 1 % of the time
// measured. The games in between read no clock and ask nothing of the
// timer: the choice is made once a game, not at every decision.
// Percentiles of a regular sample of games estimate those of every decision.
type timer struct {
	decisions, timed int64
	stride, left     int64 // in games
	calibrated       int64 // ns over the first calibrate timed decisions
	hist             histogram
}

const (
	calibrate   = 256
	clockBudget = 10 * time.Microsecond // stride × mean decision time aimed at
	maxStride   = 1024
)

func (t *timer) init() { t.stride, t.left = 1, 1 }

// due reports whether to time this game's decisions, once a game.
func (t *timer) due() bool {
	t.left--
	if t.left > 0 {
		return false
	}
	t.left = t.stride
	return true
}

func (t *timer) add(d time.Duration) {
	t.timed++
	t.hist.add(d)
	if t.timed > calibrate {
		return
	}
	t.calibrated += int64(d)
	if t.timed == calibrate {
		mean := max(t.calibrated/calibrate, 1)
		t.stride = min(max(int64(clockBudget)/mean, 1), maxStride)
		t.left = t.stride
	}
}

// histogram counts durations in log-linear buckets: exact below 64 ns, then
// 32 buckets per power of two (within about 3 %).
type histogram struct {
	counts [64 + 58*32]uint64
}

func bucketOf(ns uint64) int {
	if ns < 64 {
		return int(ns)
	}
	shift := bits.Len64(ns) - 6 // ns>>shift is in [32, 64)
	return 64 + (shift-1)*32 + int(ns>>shift) - 32
}

// bucketMid is the middle of bucket i, in ns.
func bucketMid(i int) uint64 {
	if i < 64 {
		return uint64(i)
	}
	shift := (i-64)/32 + 1
	lo := uint64(32+(i-64)%32) << shift
	return lo + (uint64(1)<<shift)/2
}

func (h *histogram) add(d time.Duration) {
	if d < 0 {
		d = 0
	}
	h.counts[bucketOf(uint64(d))]++
}

func (h *histogram) merge(o *histogram) {
	for i, c := range o.counts {
		h.counts[i] += c
	}
}

// quantile is the q-quantile of the counted durations, 0 when none.
func (h *histogram) quantile(q float64) time.Duration {
	var total uint64
	for _, c := range h.counts {
		total += c
	}
	if total == 0 {
		return 0
	}
	rank := uint64(q*float64(total) + 0.5)
	rank = min(max(rank, 1), total)
	var seen uint64
	for i, c := range h.counts {
		seen += c
		if seen >= rank {
			return time.Duration(bucketMid(i))
		}
	}
	return 0
}
