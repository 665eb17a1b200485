package arena

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
)

// variants are rule sets that reach every corner the arena's bookkeeping
// depends on: Harry changing a bid after the last trick, tricks nobody
// wins, Graybeard, cannon loads, shared victories.
var variants = []struct {
	name    string
	players int
	set     func(o *skullking.Options)
}{
	{"standard", 4, func(o *skullking.Options) {}},
	{"graybeard", 2, func(o *skullking.Options) {}},
	{"abilities", 5, func(o *skullking.Options) { o.PirateAbilities = true }},
	{"modules", 3, func(o *skullking.Options) {
		o.Loot, o.Kraken, o.WhiteWhale, o.PirateAbilities = true, true, true, true
	}},
	{"rascal", 6, func(o *skullking.Options) {
		o.Scoring, o.CannonLoad, o.PirateAbilities, o.Kraken = skullking.RascalScoring, true, true, true
	}},
	{"graybeard-modules", 2, func(o *skullking.Options) {
		o.Kraken, o.WhiteWhale, o.PirateAbilities, o.Tiebreak = true, true, true, false
	}},
	{"short-no-tiebreak", 8, func(o *skullking.Options) { o.Rounds, o.Tiebreak = 2, false }},
}

func lineup(level string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = level
	}
	return out
}

// timeless clears what depends on the clock, to compare two runs.
func timeless(r *Result) *Result {
	c := *r
	c.Elapsed, c.GamesPerSecond, c.Workers = 0, 0, 0
	c.Bots = append([]LevelStats(nil), r.Bots...)
	for i := range c.Bots {
		b := &c.Bots[i]
		b.DecisionP50, b.DecisionP99, b.TimedDecisions = 0, 0, 0
	}
	return &c
}

// TestEveryDecisionIsCountedAndSomeAreTimed checks the decision count, which
// untimed games keep without the timer, and that a fast bot's decisions are
// sampled: timed in some games, not in all. A four-player game of base rules
// without a tiebreak is 10 bids and 55 cards a seat.
func TestEveryDecisionIsCountedAndSomeAreTimed(t *testing.T) {
	const deals = 400
	o := skullking.DefaultOptions()
	o.Tiebreak = false
	res, err := Run(context.Background(), Config{Lineup: lineup("random", 4), Options: &o, Deals: deals, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	b := res.Bots[0]
	if want := int64(deals * 4 * 4 * 65); b.Decisions != want {
		t.Errorf("decisions = %d, want %d", b.Decisions, want)
	}
	if b.TimedDecisions < calibrate || b.TimedDecisions >= b.Decisions/2 {
		t.Errorf("timed decisions = %d of %d: want at least the %d of calibration, and a sample after it",
			b.TimedDecisions, b.Decisions, calibrate)
	}
	if b.DecisionP50 <= 0 || b.DecisionP99 < b.DecisionP50 {
		t.Errorf("decision time p50 %v, p99 %v", b.DecisionP50, b.DecisionP99)
	}
}

// TestBidTallyMatchesTheScoreSheet checks the arena's allocation-free count
// of bids made against the engine's score sheet, game by game.
func TestBidTallyMatchesTheScoreSheet(t *testing.T) {
	for _, vr := range variants {
		o := skullking.DefaultOptions()
		vr.set(&o)
		r, err := newRun(Config{Lineup: lineup("random", vr.players), Options: &o, Deals: 1, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		w := r.workers[0]
		for seed := uint64(0); seed < 30; seed++ {
			out := make([]dealStats, 1)
			if err := w.playGame(seed, seed+1, int(seed)%vr.players, out); err != nil {
				t.Fatal(err)
			}
			var want dealStats
			for _, res := range w.g.Results() {
				for s := 0; s < vr.players; s++ {
					want.bids++
					if res.Exact(s) {
						want.bidsMade++
					}
					if res.Bids[s] == 0 {
						want.zeroBids++
						if res.Exact(s) {
							want.zeroMade++
						}
					}
				}
			}
			got := out[0]
			if got.bids != want.bids || got.bidsMade != want.bidsMade || got.zeroBids != want.zeroBids ||
				got.zeroMade != want.zeroMade {
				t.Fatalf("%s, seed %d: tallied %d/%d bids made, %d/%d zero bids; the sheet says %d/%d, %d/%d",
					vr.name, seed, got.bidsMade, got.bids, got.zeroMade, got.zeroBids,
					want.bidsMade, want.bids, want.zeroMade, want.zeroBids)
			}
			totals := w.g.Totals()
			sum := 0
			for _, x := range totals {
				sum += x
			}
			if got.score != int64(sum) || got.n != int64(vr.players) || got.margin != 0 {
				t.Fatalf("%s, seed %d: score %d over %d seats, margin %d; want %d over %d, 0",
					vr.name, seed, got.score, got.n, got.margin, sum, vr.players)
			}
		}
		r.closeBots()
	}
}

func TestSameSeedSameStatistics(t *testing.T) {
	cfg := Config{Lineup: []string{"random", "random", "random"}, Deals: 40, Seed: 7}
	cfg.Lineup[1] = "random" // a single level: margin 0, win rate 1/3
	a, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(timeless(a), timeless(b)) {
		t.Fatalf("same seed, different statistics:\n%+v\n%+v", timeless(a), timeless(b))
	}
	st := a.Bots[0]
	if st.Seats != 3 || st.SeatGames != 40*3*3 || a.Games != 120 {
		t.Fatalf("seats %d, seat-games %d, games %d", st.Seats, st.SeatGames, a.Games)
	}
	if st.Margin != 0 || st.MarginCI != [2]float64{0, 0} {
		t.Fatalf("a level against itself has margin %v %v, want 0", st.Margin, st.MarginCI)
	}
	if d := st.WinRate - 1.0/3; d > 1e-12 || d < -1e-12 {
		t.Fatalf("win rate %v against itself at 3 players, want 1/3", st.WinRate)
	}
	c, err := Run(context.Background(), Config{Lineup: cfg.Lineup, Deals: 40, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	if c.Bots[0].MeanScore == a.Bots[0].MeanScore {
		t.Fatal("another seed gave the same mean score")
	}
}

// fixed is a deterministic bot: the first legal action, but the highest bid.
type fixed struct{ buf []skullking.Action }

func (f *fixed) Act(v skullking.SeatView) skullking.Action {
	f.buf = v.Legal(f.buf[:0])
	if v.Phase() == skullking.PhaseBidding {
		return f.buf[len(f.buf)-1]
	}
	return f.buf[0]
}

// testFactory adds test levels to the registered ones: "fixed", "faulty"
// (always bids 99) and "panic".
func testFactory(level string, seed uint64) (bot.Bot, error) {
	switch level {
	case "fixed":
		return &fixed{}, nil
	case "faulty":
		return faulty{}, nil
	case "panic":
		return panicky{}, nil
	case "grumbling":
		return &grumbling{}, nil
	}
	return bot.New(level, seed)
}

type faulty struct{}

func (faulty) Act(v skullking.SeatView) skullking.Action { return skullking.Bid(v.Seat(), 99) }

// grumbling plays legally but counts every decision as a fault of its own,
// as an external bot counts the replies it had to replace.
type grumbling struct {
	fixed
	n int
}

func (g *grumbling) Act(v skullking.SeatView) skullking.Action { g.n++; return g.fixed.Act(v) }
func (g *grumbling) Faults() int                               { return g.n }
func (g *grumbling) FirstFault() error                         { return errors.New("grumble") }

type panicky struct{}

func (panicky) Act(skullking.SeatView) skullking.Action { panic("oops") }

func TestWorkerCountDoesNotChangeResults(t *testing.T) {
	o := skullking.DefaultOptions()
	o.PirateAbilities, o.Kraken = true, true
	var first *Result
	for _, workers := range []int{1, 2, 3, 8} {
		res, err := Run(context.Background(), Config{Lineup: []string{"fixed", "random", "random", "random"},
			Options: &o, Deals: 30, Seed: 11, Workers: workers, NewBot: testFactory, Bootstrap: 300})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = res
			continue
		}
		if !reflect.DeepEqual(timeless(first), timeless(res)) {
			t.Fatalf("%d workers differ from 1:\n%+v\n%+v", workers, timeless(first), timeless(res))
		}
	}
	if first.Bots[0].Level != "fixed" || first.Bots[1].Level != "random" || first.Bots[1].Seats != 3 {
		t.Fatalf("levels %+v", first.Bots)
	}
	f, r := first.Bots[0], first.Bots[1]
	// Margins are zero-sum: the fixed bot's gain is the random seats' loss.
	if d := f.Margin*float64(f.SeatGames) + r.Margin*float64(r.SeatGames); d > 1e-6 || d < -1e-6 {
		t.Fatalf("margins do not cancel: %v×%d + %v×%d", f.Margin, f.SeatGames, r.Margin, r.SeatGames)
	}
	if f.MarginCI[0] > f.Margin || f.MarginCI[1] < f.Margin {
		t.Fatalf("margin %v outside its interval %v", f.Margin, f.MarginCI)
	}
}

func TestIllegalActionsAreFaultsAndTheGameGoesOn(t *testing.T) {
	res, err := Run(context.Background(), Config{Lineup: []string{"faulty", "random"}, Deals: 3,
		NewBot: testFactory})
	if err != nil {
		t.Fatal(err)
	}
	f := res.Bots[0]
	if f.Faults != 3*2*65 || f.FirstFault != "round 1, seat 0: bid 99 is out of range: 1 card dealt, bid 0 to 1" {
		t.Fatalf("%d faults, first %q; want 390 (every decision), out of range", f.Faults, f.FirstFault)
	}
	if res.Bots[1].Faults != 0 {
		t.Fatal("the random bot made faults")
	}
}

func TestFaultsCountedByTheBotsThemselves(t *testing.T) {
	res, err := Run(context.Background(), Config{Lineup: []string{"grumbling", "random", "random"}, Deals: 5,
		NewBot: testFactory})
	if err != nil {
		t.Fatal(err)
	}
	if g := res.Bots[0]; int64(g.Faults) != g.Decisions || g.Decisions < 5*3*65 || g.FirstFault != "grumble" {
		t.Fatalf("%d faults of %d decisions, first %q", g.Faults, g.Decisions, g.FirstFault)
	}
}

func TestAPanickingBotStopsTheRun(t *testing.T) {
	_, err := Run(context.Background(), Config{Lineup: []string{"random", "panic"}, Deals: 5, NewBot: testFactory})
	if err == nil || !strings.Contains(err.Error(), "deal set") || !strings.Contains(err.Error(), "oops") {
		t.Fatalf("error %v", err)
	}
}

func TestBadConfigurations(t *testing.T) {
	bad := []Config{
		{Lineup: []string{"random"}, Deals: 1},
		{Lineup: lineup("random", 9), Deals: 1},
		{Lineup: []string{"random", "random"}, Deals: 0},
		{Lineup: []string{"random", "nosuchlevel"}, Deals: 1},
		{Lineup: []string{"random", " "}, Deals: 1},
	}
	for _, cfg := range bad {
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
	o := skullking.DefaultOptions()
	o.Loot = true
	if _, err := Run(context.Background(), Config{Lineup: []string{"random", "random"}, Options: &o, Deals: 1}); !errors.Is(err, skullking.ErrBadOptions) {
		t.Errorf("Loot with two players: %v", err)
	}
}

func TestCancelledRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{Lineup: lineup("random", 4), Deals: 10}); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v", err)
	}
}

// TestRecordsReplayBitForBit writes every game, checks each record, and
// plays the run again: the records are identical.
func TestRecordsReplayBitForBit(t *testing.T) {
	o := skullking.DefaultOptions()
	o.PirateAbilities = true
	dirs := []string{t.TempDir(), t.TempDir()}
	for i, dir := range dirs {
		_, err := Run(context.Background(), Config{Lineup: []string{"fixed", "random", "random"}, Options: &o,
			Deals: 4, Seed: 3, Workers: i + 1, NewBot: testFactory, RecordDir: dir})
		if err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dirs[0], "*.json"))
	if len(files) != 4*3 {
		t.Fatalf("%d records, want 12", len(files))
	}
	for _, f := range files {
		a, _ := os.ReadFile(f)
		b, err := os.ReadFile(filepath.Join(dirs[1], filepath.Base(f)))
		if err != nil || !bytes.Equal(a, b) {
			t.Fatalf("%s differs between two runs of the same seed", filepath.Base(f))
		}
		rec, err := skullking.ParseRecord(a)
		if err != nil {
			t.Fatal(err)
		}
		g, err := rec.Replay()
		if err != nil || !g.Over() {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
	}
	rec, _ := skullking.ParseRecord(must(os.ReadFile(filepath.Join(dirs[0], "deal-000002-rot-1.json"))))
	if want := []string{"random #2", "fixed", "random #1"}; !reflect.DeepEqual(rec.Players, want) {
		t.Fatalf("rotation 1 seats %v, want %v", rec.Players, want)
	}
	// Every rotation of a deal set deals the same hands.
	r0, _ := skullking.ParseRecord(must(os.ReadFile(filepath.Join(dirs[0], "deal-000002-rot-0.json"))))
	if !reflect.DeepEqual(r0.Rounds[4].Hands, rec.Rounds[4].Hands) {
		t.Fatal("rotations of one deal set were dealt different hands")
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestProgressLine(t *testing.T) {
	if got := progressLine(500, 2000, 2*time.Second); got != "500/2000 games  250 games/s  ETA 0:06" {
		t.Fatalf("%q", got)
	}
	if got := clock(3725 * time.Second); got != "1:02:05" {
		t.Fatalf("%q", got)
	}
	var buf bytes.Buffer
	_, err := Run(context.Background(), Config{Lineup: lineup("random", 4), Deals: 200, Progress: &buf,
		ProgressEvery: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	// Whatever was drawn is erased at the end: the output ends with a
	// carriage return after blanks.
	if out := buf.String(); out != "" && (!strings.HasPrefix(out, "\r") || !strings.HasSuffix(out, " \r")) {
		t.Fatalf("progress output %q", out)
	}
}

func TestHistogram(t *testing.T) {
	for _, ns := range []uint64{0, 1, 63, 64, 65, 127, 128, 1000, 123456789, 1 << 40, 1<<64 - 1} {
		i := bucketOf(ns)
		mid := bucketMid(i)
		if i < 0 || i >= len(histogram{}.counts) {
			t.Fatalf("%d ns: bucket %d", ns, i)
		}
		if ns >= 64 && (float64(mid) < float64(ns)*0.96 || float64(mid) > float64(ns)*1.04) {
			t.Fatalf("%d ns: bucket middle %d", ns, mid)
		}
		if bucketOf(mid) != i {
			t.Fatalf("%d ns: the middle of bucket %d is in bucket %d", ns, i, bucketOf(mid))
		}
	}
	var h histogram
	for i := 1; i <= 100; i++ {
		h.add(time.Duration(i) * time.Microsecond)
	}
	if p := h.quantile(0.5); p < 48*time.Microsecond || p > 52*time.Microsecond {
		t.Fatalf("p50 %v", p)
	}
	if p := h.quantile(0.99); p < 96*time.Microsecond || p > 102*time.Microsecond {
		t.Fatalf("p99 %v", p)
	}
}

// TestRandomGamesAllocateNothing guards the hot loop: a worker playing
// random bots reuses its game and bots.
func TestRandomGamesAllocateNothing(t *testing.T) {
	r, err := newRun(Config{Lineup: lineup("random", 4), Deals: 1000, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer r.closeBots()
	w := r.workers[0]
	d := 0
	allocs := testing.AllocsPerRun(50, func() {
		if err := w.playDealSet(d); err != nil {
			t.Fatal(err)
		}
		d++
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per deal set", allocs)
	}
}
