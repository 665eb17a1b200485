package localtable

import (
	"slices"
	"sync"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
)

// Thinking is how long one bot level took over its decisions on this
// device: the figure that says whether the expert is quick enough on a
// phone.
type Thinking struct {
	Level     string  `json:"level"`
	Decisions int     `json:"decisions"`
	P50       float64 `json:"p50_ms"`
	P99       float64 `json:"p99_ms"`
	Max       float64 `json:"max_ms"`
}

// clock keeps every bot decision's duration, by level.
type clock struct {
	mu    sync.Mutex
	times map[string][]time.Duration
}

// timed is a bot whose decisions the clock times.
type timed struct {
	bot.Bot
	level string
	c     *clock
}

func (b timed) Act(v skullking.SeatView) skullking.Action {
	start := time.Now()
	a := b.Bot.Act(v)
	b.c.mu.Lock()
	b.c.times[b.level] = append(b.c.times[b.level], time.Since(start))
	b.c.mu.Unlock()
	return a
}

// Thinking is the bots' decision times so far, level by level.
func (h *Host) Thinking() []Thinking {
	h.clock.mu.Lock()
	defer h.clock.mu.Unlock()
	var out []Thinking
	for _, level := range slices.Sorted(func(yield func(string) bool) {
		for l := range h.clock.times {
			if !yield(l) {
				return
			}
		}
	}) {
		ds := slices.Clone(h.clock.times[level])
		slices.Sort(ds)
		at := func(q float64) float64 {
			return float64(ds[min(len(ds)-1, int(q*float64(len(ds))))]) / float64(time.Millisecond)
		}
		out = append(out, Thinking{Level: level, Decisions: len(ds), P50: at(0.5), P99: at(0.99), Max: at(1)})
	}
	return out
}
