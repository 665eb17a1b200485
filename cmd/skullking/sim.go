package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/arena"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/bot/external"
)

// simConfig is what the sim command's flags ask for.
type simConfig struct {
	arena      arena.Config
	json       bool
	timeout    time.Duration
	cpuProfile string
}

// parseSim reads the sim command's flags into an arena configuration.
func parseSim(args []string, stderr io.Writer) (*simConfig, error) {
	fs := newFlags("sim", stderr, `Usage: skullking sim [flags]
Plays bots against each other on duplicate deals and prints each level's score, margin
over its opponents (with a 95 % confidence interval), win rate, bid accuracy and
decision time. External bots speak the protocol of docs/bot-protocol.md.

`)
	players := fs.Int("players", 4, "seats at the table, 2 to 8")
	bots := fs.String("bots", "random", "a level per seat, comma-separated (a single level fills every seat); "+
		"levels: "+strings.Join(bot.Levels(), ", ")+", or exec:PATH [ARGS] for an external program")
	deals := fs.Int("deals", 100, "deal sets; each is played once per seat rotation")
	seed := fs.Uint64("seed", 1, "seed of the deals and the bots")
	asJSON := fs.Bool("json", false, "print the statistics as one JSON object")
	record := fs.String("record", "", "write every game as a record into this directory")
	quiet := fs.Bool("quiet", false, "no progress line on standard error")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once")
	timeout := fs.Duration("timeout", 10*time.Second, "how long an external bot may take per decision")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	opts := ruleFlags(fs)
	if err := parseFlags(fs, args, 0); err != nil {
		return nil, err
	}
	playersSet := false
	fs.Visit(func(f *flag.Flag) { playersSet = playersSet || f.Name == "players" })
	var lineup []string
	for _, l := range strings.Split(*bots, ",") {
		lineup = append(lineup, strings.TrimSpace(l))
	}
	switch {
	case len(lineup) == 1:
		for len(lineup) < *players {
			lineup = append(lineup, lineup[0])
		}
	case playersSet && len(lineup) != *players:
		return nil, fmt.Errorf("--bots names %d seats but --players is %d", len(lineup), *players)
	}
	if len(lineup) < 2 || len(lineup) > 8 {
		return nil, fmt.Errorf("%d players: a table has 2 to 8", len(lineup))
	}
	for _, l := range lineup {
		if l == "" {
			return nil, errors.New("--bots has an empty level")
		}
		if !external.IsExec(l) {
			if _, err := bot.New(l, 0); err != nil {
				return nil, errors.New(strings.TrimPrefix(err.Error(), "bot: "))
			}
		}
	}
	if *deals < 1 {
		return nil, errors.New("--deals must be at least 1")
	}
	if err := opts.Validate(len(lineup)); err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "skullking: "))
	}
	cfg := &simConfig{json: *asJSON, timeout: *timeout, cpuProfile: *cpuProfile}
	cfg.arena = arena.Config{Lineup: lineup, Options: opts, Deals: *deals, Seed: *seed, Workers: *workers,
		RecordDir: *record}
	if !*quiet {
		cfg.arena.Progress = stderr
	}
	return cfg, nil
}

// runSim evaluates bots on duplicate deals (docs/bots.md).
func runSim(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, err := parseSim(args, stderr)
	if err != nil {
		return usageExit(stderr, "sim", err)
	}
	cfg.arena.NewBot = arena.DefaultFactory(external.Options{Timeout: cfg.timeout, Stderr: stderr, Log: stderr})
	if cfg.cpuProfile != "" {
		stopProfile, err := startCPUProfile(cfg.cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "skullking sim: %v\n", err)
			return 1
		}
		defer stopProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := arena.Run(ctx, cfg.arena)
	if err != nil {
		fmt.Fprintf(stderr, "skullking sim: %s\n", strings.TrimPrefix(err.Error(), "arena: "))
		return 1
	}
	if cfg.json {
		b, _ := json.Marshal(simJSON(res, cfg.arena.Options))
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	writeSim(stdout, res, cfg.arena.Options)
	return 0
}

// simReport is the --json output.
type simReport struct {
	Players        int               `json:"players"`
	Lineup         []string          `json:"lineup"`
	Options        skullking.Options `json:"options"`
	Deals          int               `json:"deals"`
	Seed           uint64            `json:"seed"`
	Games          int               `json:"games"`
	Seconds        float64           `json:"seconds"`
	GamesPerSecond float64           `json:"games_per_second"`
	Bots           []simBot          `json:"bots"`
}

type simBot struct {
	Level           string     `json:"level"`
	Seats           int        `json:"seats"`
	MeanScore       float64    `json:"mean_score"`
	Margin          float64    `json:"margin"`
	MarginCI95      [2]float64 `json:"margin_ci95"`
	WinRate         float64    `json:"win_rate"`
	BidAccuracy     float64    `json:"bid_accuracy"`
	ZeroBidAccuracy float64    `json:"zero_bid_accuracy"`
	DecisionMsP50   float64    `json:"decision_ms_p50"`
	DecisionMsP99   float64    `json:"decision_ms_p99"`
	Decisions       int64      `json:"decisions"`
	Faults          int        `json:"faults"`
}

func simJSON(res *arena.Result, o *skullking.Options) simReport {
	r := simReport{Players: res.Players, Lineup: res.Lineup, Options: *o, Deals: res.Deals, Seed: res.Seed,
		Games: res.Games, Seconds: roundTo(res.Elapsed.Seconds(), 3), GamesPerSecond: roundTo(res.GamesPerSecond, 1)}
	for _, b := range res.Bots {
		r.Bots = append(r.Bots, simBot{
			Level: b.Level, Seats: b.Seats, MeanScore: roundTo(b.MeanScore, 1), Margin: roundTo(b.Margin, 1),
			MarginCI95: [2]float64{roundTo(b.MarginCI[0], 1), roundTo(b.MarginCI[1], 1)}, WinRate: roundTo(b.WinRate, 4),
			BidAccuracy: roundTo(b.BidAccuracy, 4), ZeroBidAccuracy: roundTo(b.ZeroBidAccuracy, 4),
			DecisionMsP50: ms(b.DecisionP50), DecisionMsP99: ms(b.DecisionP99), Decisions: b.Decisions,
			Faults: b.Faults,
		})
	}
	return r
}

// roundTo rounds x to the given decimals, for readable JSON.
func roundTo(x float64, decimals int) float64 {
	p := 1.0
	for range decimals {
		p *= 10
	}
	if x < 0 {
		return -float64(int64(-x*p+0.5)) / p
	}
	return float64(int64(x*p+0.5)) / p
}

// ms is a duration in milliseconds, to 4 significant digits.
func ms(d time.Duration) float64 {
	x := float64(d) / float64(time.Millisecond)
	decimals := 3
	for y := x; y < 1 && y > 0 && decimals < 9; y *= 10 {
		decimals++
	}
	return roundTo(x, decimals)
}

// writeSim prints the table of levels.
func writeSim(w io.Writer, res *arena.Result, o *skullking.Options) {
	fmt.Fprintf(w, "line-up: %s (%d players)\n", strings.Join(res.Lineup, ", "), res.Players)
	rules := "standard"
	if b, _ := json.Marshal(o); string(b) != "{}" {
		rules = string(b)
	}
	fmt.Fprintf(w, "deals: %d deal sets × %d rotations = %d games, seed %d; rules: %s\n\n",
		res.Deals, res.Players, res.Games, res.Seed, rules)
	faults := false
	for _, b := range res.Bots {
		faults = faults || b.Faults > 0
	}
	// Numbers align right; the level names are padded to align left.
	width := len("level")
	for _, b := range res.Bots {
		width = max(width, len(b.Level))
	}
	left := func(s string) string { return s + strings.Repeat(" ", width-len(s)) }
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, left("level")+"\tseats\tmean score\tmargin\t95% CI\twin rate\tbids made\tzero bids made\tdecision p50\tp99\t")
	if faults {
		fmt.Fprint(tw, "faults\t")
	}
	fmt.Fprintln(tw)
	for _, b := range res.Bots {
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%+.1f\t[%+.1f, %+.1f]\t%.1f %%\t%.1f %%\t%s\t%s\t%s\t",
			left(b.Level), b.Seats, b.MeanScore, b.Margin, b.MarginCI[0], b.MarginCI[1], 100*b.WinRate,
			100*b.BidAccuracy, zeroText(b), duration(b.DecisionP50), duration(b.DecisionP99))
		if faults {
			fmt.Fprintf(tw, "%d\t", b.Faults)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintln(w)
	workers := "workers"
	if res.Workers == 1 {
		workers = "worker"
	}
	fmt.Fprintf(w, "%d games in %.2f s: %.0f games/s on %d %s.\n", res.Games, res.Elapsed.Seconds(),
		res.GamesPerSecond, res.Workers, workers)
	fmt.Fprintln(w, "margin: score − the mean of the opponents' scores, per game; the interval bootstraps deal sets.")
	fmt.Fprintln(w, "Bid accuracy depends on the line-up.")
	for _, b := range res.Bots {
		if b.Faults > 0 {
			fmt.Fprintf(w, "%s: %d faults, the first: %s\n", b.Level, b.Faults, b.FirstFault)
		}
	}
}

func zeroText(b arena.LevelStats) string {
	if b.ZeroBids == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f %%", 100*b.ZeroBidAccuracy)
}

// duration prints a decision time with a unit that suits it.
func duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "–"
	case d < time.Microsecond:
		return fmt.Sprintf("%d ns", d.Nanoseconds())
	case d < time.Millisecond:
		return fmt.Sprintf("%.1f µs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}
