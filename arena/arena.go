// Package arena measures bots against each other with duplicate deals
// (docs/bots.md). A deal set is every shuffle of one game: the engine deals from
// the game's seed and the round only, so the same seed gives the same hands
// whatever is played. Each deal set is played once per seat rotation of the
// line-up, so every bot sits in every seat of the same cards, and luck of
// the deal cancels out of the comparison.
//
// Everything a run does follows from its seed: deal set d is the game seeded
// with skullking.DeriveSeed(seed, d), and the bot in seat s of that deal set
// (in every rotation) is seeded with
// skullking.DeriveSeed(skullking.DeriveSeed(gameSeed, BotStream), s). A game
// therefore replays bit for bit, and the statistics do not depend on the
// number of workers: deal sets are spread over the workers, but their
// results are added up in deal-set order.
//
// The primary statistic is the margin: a bot's score minus the mean of its
// opponents' scores in the same game, with a 95 % confidence interval from a
// bootstrap over deal sets (the games of one deal set are not independent,
// so deal sets, not games, are resampled).
package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/bot/external"
)

// BotStream labels the stream of bot seeds derived from a game seed, apart
// from the rounds' shuffles (skullking.RoundSeed).
const BotStream = 0x626f7473 // "bots"

// Reseeder is a bot that can start over with a new seed, as if made afresh
// with it. The arena makes such bots once per worker and reseeds them before
// every game, which keeps its hot loop free of allocation; other bots are
// made anew for every game.
type Reseeder interface {
	Reseed(seed uint64)
}

// GameOverer is a bot that wants to hear that a game has ended (an external
// program is told the final totals). v is the bot's seat's view of the
// finished game.
type GameOverer interface {
	GameOver(v skullking.SeatView)
}

// Faulter is a bot that keeps count of its own faults: replies it could not
// use and replaced with a legal action (an external program's malformed or
// illegal answers, timeouts).
type Faulter interface {
	Faults() int
	FirstFault() error
}

// Factory makes the bot of a level with a seed.
type Factory func(level string, seed uint64) (bot.Bot, error)

// Config describes a run.
type Config struct {
	// Lineup is the level of each seat in the first rotation (bot.New's
	// names, or "exec:PATH ARGS" for an external program). Its length is
	// the number of players.
	Lineup []string
	// Options are the rules; nil means the standard rules.
	Options *skullking.Options
	// Deals is the number of deal sets: Deals × len(Lineup) games.
	Deals int
	// Seed fixes the deals and every bot's seed.
	Seed uint64
	// Workers is the number of goroutines playing; 0 means GOMAXPROCS.
	Workers int

	// NewBot makes bots; nil means DefaultFactory(external.Options{}).
	NewBot Factory
	// RecordDir, when set, receives every game as a record (docs/record.md),
	// named deal-DDDDDD-rot-R.json.
	RecordDir string
	// Progress, when set, receives a progress line, rewritten in place
	// (carriage return) every ProgressEvery (default 250 ms) and erased at
	// the end.
	Progress      io.Writer
	ProgressEvery time.Duration
	// Bootstrap is the number of bootstrap resamples of the deal sets for
	// the margin's confidence interval; 0 means 1000.
	Bootstrap int
}

// DefaultFactory makes bots of the registered levels (bot.New) and external
// programs ("exec:PATH ARGS", see external.StartExec) with options ext.
func DefaultFactory(ext external.Options) Factory {
	return func(level string, seed uint64) (bot.Bot, error) {
		if external.IsExec(level) {
			return external.StartExec(level, seed, ext)
		}
		return bot.New(level, seed)
	}
}

// Result is what a run measured.
type Result struct {
	Players int
	Lineup  []string
	Deals   int
	Games   int
	Seed    uint64
	Workers int
	Elapsed time.Duration
	// GamesPerSecond is Games over the wall-clock time of the run.
	GamesPerSecond float64
	// Bots has one entry per distinct level, in line-up order.
	Bots []LevelStats
}

// LevelStats are one level's figures, over every seat it held.
type LevelStats struct {
	Level string
	// Seats is how many seats of the line-up the level holds.
	Seats int
	// SeatGames is the number of (game, seat) pairs the level played.
	SeatGames int
	MeanScore float64
	// Margin is the mean of score − the mean of the opponents' scores.
	Margin   float64
	MarginCI [2]float64
	// WinRate counts a tie for first as a share of a win.
	WinRate float64

	Bids, BidsMade         int
	ZeroBids, ZeroBidsMade int
	BidAccuracy            float64
	ZeroBidAccuracy        float64 // NaN-free: 0 when there were no zero bids

	// Decisions is the number of Act calls; TimedDecisions how many were
	// timed. Fast bots are timed on a regular sample of their decisions so
	// that the clock does not dominate what it measures.
	Decisions      int64
	TimedDecisions int64
	DecisionP50    time.Duration
	DecisionP99    time.Duration

	// Faults counts actions the arena or the bot itself had to replace
	// with the first legal action; FirstFault describes the first.
	Faults     int
	FirstFault string
}

// Run plays the configured games and returns the statistics. It stops early
// with an error when ctx is cancelled, a bot cannot be made, a bot panics or
// a record cannot be written.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	r, err := newRun(cfg)
	if err != nil {
		return nil, err
	}
	defer r.closeBots()
	return r.run(ctx)
}

// run is one evaluation in progress.
type run struct {
	cfg     Config
	opts    skullking.Options
	players int
	levels  []string // distinct levels, in line-up order
	levelOf []int    // line-up entry → index in levels
	names   []string // line-up entry → player name in records
	newBot  Factory

	workers []*worker
	out     []dealStats // deal set d, level k at d*len(levels)+k
	done    atomic.Int64

	mu      sync.Mutex
	err     error
	stopped atomic.Bool
}

func newRun(cfg Config) (*run, error) {
	r := &run{cfg: cfg, players: len(cfg.Lineup), newBot: cfg.NewBot}
	if r.players < 2 || r.players > 8 {
		return nil, fmt.Errorf("arena: %d seats in the line-up: a table has 2 to 8", r.players)
	}
	if cfg.Deals < 1 {
		return nil, fmt.Errorf("arena: %d deal sets: at least 1", cfg.Deals)
	}
	r.opts = skullking.DefaultOptions()
	if cfg.Options != nil {
		r.opts = *cfg.Options
	}
	if err := r.opts.Validate(r.players); err != nil {
		return nil, err
	}
	if r.newBot == nil {
		r.newBot = DefaultFactory(external.Options{})
	}
	count := map[string]int{}
	for _, l := range cfg.Lineup {
		if strings.TrimSpace(l) == "" {
			return nil, errors.New("arena: an empty level in the line-up")
		}
		if count[l] == 0 {
			r.levels = append(r.levels, l)
		}
		count[l]++
	}
	seen := map[string]int{}
	for _, l := range cfg.Lineup {
		k := 0
		for k < len(r.levels) && r.levels[k] != l {
			k++
		}
		r.levelOf = append(r.levelOf, k)
		seen[l]++
		name := l
		if count[l] > 1 {
			name = fmt.Sprintf("%s #%d", l, seen[l])
		}
		r.names = append(r.names, name)
	}
	if cfg.RecordDir != "" {
		if err := os.MkdirAll(cfg.RecordDir, 0o755); err != nil {
			return nil, fmt.Errorf("arena: %v", err)
		}
	}
	n := cfg.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	n = min(n, cfg.Deals)
	for i := 0; i < n; i++ {
		w, err := newWorker(r)
		if err != nil {
			r.closeBots()
			return nil, err
		}
		r.workers = append(r.workers, w)
	}
	r.out = make([]dealStats, cfg.Deals*len(r.levels))
	return r, nil
}

func (r *run) run(ctx context.Context) (*Result, error) {
	start := time.Now()
	total := int64(r.cfg.Deals * r.players)
	stopProgress := r.progress(start, total)
	var next atomic.Int64
	var wg sync.WaitGroup
	for _, w := range r.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !r.stopped.Load() {
				d := int(next.Add(1) - 1)
				if d >= r.cfg.Deals {
					return
				}
				if err := ctx.Err(); err != nil {
					r.fail(err)
					return
				}
				if err := w.playDealSet(d); err != nil {
					r.fail(err)
					return
				}
				r.done.Add(int64(r.players))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	stopProgress()
	r.closeBots() // which collects the faults bots counted themselves
	if r.err != nil {
		return nil, r.err
	}
	res := &Result{
		Players: r.players, Lineup: append([]string(nil), r.cfg.Lineup...), Deals: r.cfg.Deals,
		Games: r.cfg.Deals * r.players, Seed: r.cfg.Seed, Workers: len(r.workers), Elapsed: elapsed,
	}
	if s := elapsed.Seconds(); s > 0 {
		res.GamesPerSecond = float64(res.Games) / s
	}
	res.Bots = r.summarize()
	return res, nil
}

func (r *run) fail(err error) {
	r.mu.Lock()
	if r.err == nil {
		r.err = err
	}
	r.mu.Unlock()
	r.stopped.Store(true)
}

func (r *run) closeBots() {
	for _, w := range r.workers {
		w.closeBots()
	}
}

// writeRecord saves a finished game as deal-DDDDDD-rot-R.json.
func (r *run) writeRecord(g *skullking.Game, d, rot int, names []string) error {
	rec := skullking.RecordOf(g)
	rec.Players = names
	b, err := rec.Marshal()
	if err != nil {
		return fmt.Errorf("arena: deal set %d, rotation %d: %v", d, rot, err)
	}
	path := filepath.Join(r.cfg.RecordDir, fmt.Sprintf("deal-%06d-rot-%d.json", d, rot))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("arena: %v", err)
	}
	return nil
}
