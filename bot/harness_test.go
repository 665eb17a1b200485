package bot

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	sk "github.com/skullking-go/skullking"
)

// cpuClock makes playGame time decisions by the CPU time of the deciding
// thread (BOT_CPUTIME=1) instead of the wall clock: a fair measure of a
// single-threaded bot on a busy machine.
var cpuClock = os.Getenv("BOT_CPUTIME") != "" && haveThreadCPU

// playGame plays a whole game with one bot per seat, checking every action
// against the rules. decide, when not nil, is told how long each decision of
// seat timed took.
func playGame(t testing.TB, g *sk.Game, bots []Bot, timed int, decide func(time.Duration)) {
	t.Helper()
	for steps := 0; !g.Over(); steps++ {
		if steps > 100000 {
			t.Fatal("game does not end")
		}
		acted := false
		for s := range bots {
			v := g.Seat(s)
			if !v.Waiting() {
				continue
			}
			start, cpu := time.Now(), time.Duration(0)
			if cpuClock {
				cpu = threadCPU()
			}
			a := bots[s].Act(v)
			if s == timed && decide != nil {
				if cpuClock {
					decide(threadCPU() - cpu)
				} else {
					decide(time.Since(start))
				}
			}
			if err := g.Apply(a); err != nil {
				t.Fatalf("seat %d (%T) round %d: %v", s, bots[s], g.Round(), err)
			}
			acted = true
			break
		}
		if !acted {
			t.Fatalf("nobody can act in phase %v", g.Phase())
		}
	}
}

// evalResult summarises a duplicate-deal match of one bot against a field.
type evalResult struct {
	games                  int
	margin, lo, hi         float64 // points a game over the opponents' mean, with a 95 % bootstrap interval
	win                    float64 // win rate, ties shared
	score, oppScore        float64
	bids, made             int
	zeroBids, zeroMade     int
	oppBids, oppMade       int
	p50, p99, max          time.Duration
	decisions              int
	elapsed                time.Duration
	testLevel, fieldLevel  string
	players, deals, rounds int
}

func (r evalResult) String() string {
	return fmt.Sprintf("%s vs %d×%s, %d players, %d deal sets × %d seats = %d games (%.1f games/s):\n"+
		"  margin %+.1f [%+.1f, %+.1f] points/game, win rate %.1f %%, mean score %.1f vs %.1f\n"+
		"  bids made %.1f %% (zero bids %.1f %% of %d), field's bids made %.1f %%\n"+
		"  decision time p50 %v p99 %v max %v over %d decisions",
		r.testLevel, r.players-1, r.fieldLevel, r.players, r.deals, r.players, r.games, float64(r.games)/r.elapsed.Seconds(),
		r.margin, r.lo, r.hi, 100*r.win, r.score, r.oppScore,
		pct(r.made, r.bids), pct(r.zeroMade, r.zeroBids), r.zeroBids, pct(r.oppMade, r.oppBids),
		r.p50, r.p99, r.max, r.decisions)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// duplicate plays deals deal sets; each is played once per seat rotation of
// the bot under test (level test) against players−1 bots of level field.
// Every bot is seeded per (deal set, seat), so each game replays bit for bit.
func duplicate(t testing.TB, test, field Factory, players, deals int, opts sk.Options, workers int, seed0 uint64) evalResult {
	type gameOut struct {
		margin, win, score, opp float64
		bids, made, zb, zm      int
		ob, om                  int
		times                   []time.Duration
	}
	outs := make([][]gameOut, deals)
	var wg sync.WaitGroup
	next := make(chan int)
	start := time.Now()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if cpuClock {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
			}
			for d := range next {
				dealSeed := sk.DeriveSeed(seed0, uint64(d))
				outs[d] = make([]gameOut, players)
				for rot := 0; rot < players; rot++ {
					g, err := sk.NewGame(players, sk.WithSeed(dealSeed), sk.WithOptions(opts))
					if err != nil {
						t.Error(err)
						return
					}
					bots := make([]Bot, players)
					for s := range bots {
						bs := sk.DeriveSeed(dealSeed, uint64(100+s))
						if s == rot {
							bots[s] = test(bs)
						} else {
							bots[s] = field(bs)
						}
					}
					var o gameOut
					playGame(t, g, bots, rot, func(d time.Duration) { o.times = append(o.times, d) })
					tot := g.Totals()
					others := 0.0
					for s, v := range tot {
						if s != rot {
							others += float64(v)
						}
					}
					others /= float64(players - 1)
					o.score, o.opp = float64(tot[rot]), others
					o.margin = float64(tot[rot]) - others
					if ws := g.Winners(); len(ws) > 0 {
						for _, w := range ws {
							if w == rot {
								o.win = 1 / float64(len(ws))
							}
						}
					}
					for _, r := range g.Results() {
						for s := 0; s < players; s++ {
							if s == rot {
								o.bids++
								if r.Exact(s) {
									o.made++
								}
								if r.Bids[s] == 0 {
									o.zb++
									if r.Exact(s) {
										o.zm++
									}
								}
							} else {
								o.ob++
								if r.Exact(s) {
									o.om++
								}
							}
						}
					}
					outs[d][rot] = o
				}
			}
		}()
	}
	for d := 0; d < deals; d++ {
		next <- d
	}
	close(next)
	wg.Wait()
	res := evalResult{players: players, deals: deals}
	res.elapsed = time.Since(start)
	perDeal := make([]float64, deals)
	var times []time.Duration
	for d, os := range outs {
		for _, o := range os {
			res.games++
			res.margin += o.margin
			res.win += o.win
			res.score += o.score
			res.oppScore += o.opp
			res.bids += o.bids
			res.made += o.made
			res.zeroBids += o.zb
			res.zeroMade += o.zm
			res.oppBids += o.ob
			res.oppMade += o.om
			perDeal[d] += o.margin / float64(len(os))
			times = append(times, o.times...)
		}
	}
	n := float64(res.games)
	res.margin /= n
	res.win /= n
	res.score /= n
	res.oppScore /= n
	res.lo, res.hi = bootstrap(perDeal, 2000)
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	if len(times) > 0 {
		res.p50 = times[len(times)/2]
		res.p99 = times[len(times)*99/100]
		res.max = times[len(times)-1]
		res.decisions = len(times)
	}
	return res
}

// bootstrap returns a 95 % interval for the mean of xs.
func bootstrap(xs []float64, reps int) (lo, hi float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	r := sk.NewRand(12345)
	means := make([]float64, reps)
	for i := range means {
		s := 0.0
		for range xs {
			s += xs[r.IntN(len(xs))]
		}
		means[i] = s / float64(len(xs))
	}
	sort.Float64s(means)
	return means[reps*25/1000], means[reps*975/1000]
}

func factory(t testing.TB, level string) Factory {
	t.Helper()
	if _, err := New(level, 0); err != nil {
		t.Fatal(err)
	}
	return func(seed uint64) Bot {
		b, _ := New(level, seed)
		return b
	}
}

// TestEval measures a bot against a field on duplicate deals. It runs only
// when asked, e.g.
//
//	BOT_EVAL=heuristic BOT_FIELD=random BOT_DEALS=500 go test ./bot -run TestEval -v -timeout 0
//
// BOT_PLAYERS (default 4), BOT_WORKERS (default 2), BOT_SEED and BOT_MODULES
// (all: every module and pirate abilities; rascal: Rascal's scoring with
// cannon loads) change the table. BOT_CPUTIME=1 times decisions by thread
// CPU time (meaningful for bots searching on one goroutine, e.g.
// BOT_EVAL=expertx BOT_SEARCH=workers=1).
func TestEval(t *testing.T) {
	level := os.Getenv("BOT_EVAL")
	if level == "" {
		t.Skip("set BOT_EVAL to measure a bot")
	}
	field := envOr("BOT_FIELD", "heuristic")
	players := envInt("BOT_PLAYERS", 4)
	deals := envInt("BOT_DEALS", 100)
	workers := envInt("BOT_WORKERS", 2)
	seed := uint64(envInt("BOT_SEED", 1))
	opts := sk.DefaultOptions()
	for _, m := range strings.Split(os.Getenv("BOT_MODULES"), ",") {
		switch m {
		case "all":
			opts.Kraken, opts.WhiteWhale, opts.PirateAbilities = true, true, true
			opts.Loot = players > 2
		case "rascal":
			opts.Scoring, opts.CannonLoad = sk.RascalScoring, true
		}
	}
	r := duplicate(t, factory(t, level), factory(t, field), players, deals, opts, workers, seed)
	r.testLevel, r.fieldLevel = level, field
	fmt.Println(r)
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envInt(k string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(k)); err == nil {
		return v
	}
	return def
}

// heurVariant is the heuristic with constants from BOT_PARAMS
// ("spread=0.5,willing=0.75,sharpen=1.4"; "plan=1,surep=0.45,safelead=0.1"
// for the expert's rollouts), for tuning with TestEval (BOT_EVAL=heurx).
func heurVariant(seed uint64) Bot {
	h := NewHeuristic(seed)
	p := &h.param
	tune("BOT_PARAMS", map[string]any{
		"spread": &p.bidSpread, "willing": &p.bidWilling, "sharpen": &p.sharpen, "leadtheta": &p.leadTheta,
		"theta": &p.theta, "thetau": &p.thetaUrgency, "shed": &p.shed, "sizeaware": &p.sizeAware,
		"smooth": &p.smoothSpread, "plan": &p.plan, "surep": &p.sureP, "safelead": &p.safeLead,
		// a surplus to shed sheds
		"surplus": func(f float64) { p.surplus, p.shed = f, true },
	})
	return h
}

// tune sets the settings named in the environment variable env, a list
// "name=number,…": fields holds each name's field (an *int, *float64 or
// *bool, true for any number but 0) or a func(float64) that sets it.
// Unknown names and values that are not numbers are passed over.
func tune(env string, fields map[string]any) {
	for _, kv := range strings.Split(os.Getenv(env), ",") {
		k, v, _ := strings.Cut(kv, "=")
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			continue
		}
		switch p := fields[k].(type) {
		case *int:
			*p = int(f)
		case *float64:
			*p = f
		case *bool:
			*p = f != 0
		case func(float64):
			p(f)
		case nil:
		default:
			panic(fmt.Sprintf("tune: %s is a %T", k, p))
		}
	}
}

func TestTuneSetsEachKind(t *testing.T) {
	t.Setenv("BOT_TUNE_TEST", "n=3.0,x=0.25,b=1,f=2,unknown=1,x2=junk")
	var n int
	var x, x2, g float64
	var b bool
	tune("BOT_TUNE_TEST", map[string]any{"n": &n, "x": &x, "x2": &x2, "b": &b, "f": func(f float64) { g = f }})
	if n != 3 || x != 0.25 || x2 != 0 || !b || g != 2 {
		t.Errorf("n %d x %v x2 %v b %v f %v", n, x, x2, b, g)
	}
	h := heurVariant(1).(*Heuristic)
	if h.param != defaultHeurParams {
		t.Error("no BOT_PARAMS changed the heuristic")
	}
	t.Setenv("BOT_PARAMS", "surplus=2,spread=0.5")
	if h := heurVariant(1).(*Heuristic); h.param.surplus != 2 || !h.param.shed || h.param.bidSpread != 0.5 {
		t.Errorf("BOT_PARAMS read as %+v", h.param)
	}
}

func init() { levels["heurx"] = heurVariant }

// searchVariant applies BOT_SEARCH ("worlds=30,opp=1,budget=0,…") to a
// search configuration, for tuning with TestEval (BOT_EVAL=simx or expertx).
func searchVariant(cfg searchConfig) searchConfig {
	tune("BOT_SEARCH", map[string]any{
		"worlds": &cfg.worlds, "bidworlds": &cfg.bidWorlds, "minworlds": &cfg.minWorlds, "budget": &cfg.budget,
		"bidbudget": &cfg.bidBudget, "opp": &cfg.oppWeight, "win": &cfg.winWeight, "workers": &cfg.workers,
		"endgame": &cfg.endgame, "nodes": &cfg.endgameNodes, "infer": &cfg.infer, "sharp": &cfg.inferSharp,
		"floor": &cfg.inferFloor, "events": &cfg.playEvents, "eps": &cfg.playEps, "shrink": &cfg.shrink,
		"oversample": &cfg.oversample,
	})
	return cfg
}

func init() {
	levels["simx"] = func(seed uint64) Bot {
		return &Simulation{s: newSearch(searchVariant(simulationConfig), seed)}
	}
}

func init() {
	levels["expertx"] = func(seed uint64) Bot {
		return &Expert{s: newSearch(searchVariant(expertConfig), seed)}
	}
}
