package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/skullking-go/skullking/internal/loadtest"
)

// runLoad drives concurrent bot-played tables, and spectators watching
// them, over WebSockets against a server on this machine and reports
// throughput, latency and memory.
func runLoad(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("load", stderr, `Usage: skullking load [--tables 100] [--clients 4] [--spectators 0] [--think 1s] [--duration 30s] [--url http://127.0.0.1:8081,http://127.0.0.1:8082] [--procs 1]
Plays many concurrent tables over WebSockets on loopback and reports actions per second,
action-to-broadcast latency, and the server's CPU per action and memory per connection. Stops by
itself. Several --url nodes of one cluster share the tables: each table's players and spectators
connect to different nodes (--placement spread), or all to the node that runs it (owner).
--procs splits the clients over several processes, for more connections than one may open.
`)
	var cfg loadtest.Config
	urls := fs.String("url", "", "servers on this machine, comma-separated nodes of one cluster (http://127.0.0.1:PORT,…); empty: start one in this process")
	fs.IntVar(&cfg.Tables, "tables", 100, fmt.Sprintf("concurrent tables (at most %d)", loadtest.MaxTables))
	fs.IntVar(&cfg.Clients, "clients", 4, "connected players per table (2 to 8)")
	fs.IntVar(&cfg.Spectators, "spectators", 0, fmt.Sprintf("spectators per table, which only read (0 to %d)", loadtest.MaxSpectators))
	fs.DurationVar(&cfg.Think, "think", time.Second, "mean pause before each action")
	fs.DurationVar(&cfg.Duration, "duration", 30*time.Second, "how long to measure, once every table plays")
	fs.DurationVar(&cfg.Ramp, "ramp", 10*time.Second, "open the tables evenly over this long")
	fs.IntVar(&cfg.Rounds, "rounds", 10, "rounds per game; a finished game is followed by a rematch")
	fs.StringVar(&cfg.DataDir, "data", "", "data directory of the in-process server (default: temporary)")
	seed := fs.Uint64("seed", 1, "seed of the players' choices")
	fs.StringVar(&cfg.Placement, "placement", loadtest.Spread, "with several --url nodes: spread (each table's connections over every node, relayed to its owner) or owner (all on the node that runs the table)")
	procs := fs.Int("procs", 1, "processes to split the clients over, this one and more it starts (needs --url)")
	shard := fs.String("shard", "", "K/N: be process K of a run split over N (set by --procs for the processes it starts)")
	measureAt := fs.String("measure-at", "", "when to start measuring, RFC 3339 (set by --procs for the processes it starts)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole run (server included when in-process) to this file")
	if err := parseFlags(fs, args, 0); err != nil {
		return usageExit(stderr, "load", err)
	}
	var err error
	if cfg.URLs, err = loadtest.ParseURLs(*urls); err != nil {
		return usageExit(stderr, "load", err)
	}
	cfg.Seed = *seed
	cfg.Log = stderr
	if *shard != "" {
		if _, err := fmt.Sscanf(*shard, "%d/%d", &cfg.Shard, &cfg.Procs); err != nil || cfg.Procs < 1 || cfg.Shard < 0 || cfg.Shard >= cfg.Procs {
			return usageExit(stderr, "load", fmt.Errorf("--shard %q: want K/N, 0 ≤ K < N", *shard))
		}
	}
	if *measureAt != "" {
		if cfg.MeasureAt, err = time.Parse(time.RFC3339Nano, *measureAt); err != nil {
			return usageExit(stderr, "load", fmt.Errorf("--measure-at %q: want a time as RFC 3339", *measureAt))
		}
	}
	if cfg.Placement != loadtest.Spread && cfg.Placement != loadtest.Owner {
		return usageExit(stderr, "load", fmt.Errorf("--placement %q: %s or %s", cfg.Placement, loadtest.Spread, loadtest.Owner))
	}
	if *procs < 1 || *procs > loadtest.MaxProcs {
		return usageExit(stderr, "load", fmt.Errorf("--procs %d: 1 to %d", *procs, loadtest.MaxProcs))
	}
	if *procs > 1 && (*shard != "" || len(cfg.URLs) == 0) {
		return usageExit(stderr, "load", errors.New("--procs needs --url, and is not given with --shard"))
	}
	if *cpuProfile != "" {
		stopProfile, err := startCPUProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "skullking load:", err)
			return 1
		}
		defer stopProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := loadtest.Split(ctx, cfg, *procs, loadChild(*urls, cfg, *procs, stderr))
	if err != nil {
		fmt.Fprintln(stderr, "skullking load:", err)
		return 1
	}
	if *asJSON {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintln(stdout, string(b))
	} else {
		rep.Print(stdout)
	}
	if rep.Errors > 0 {
		return 1
	}
	return 0
}

// loadChild starts process shard of a split run: this program again, with
// the run's flags, its shard and when to measure, reporting in JSON. Its
// progress lines go to this process's standard error.
func loadChild(urls string, cfg loadtest.Config, procs int, stderr io.Writer) loadtest.Child {
	return func(ctx context.Context, shard int, measureAt time.Time) *exec.Cmd {
		self, err := os.Executable()
		if err != nil {
			self = os.Args[0]
		}
		cmd := exec.CommandContext(ctx, self, "load", "--url", urls,
			"--tables", strconv.Itoa(cfg.Tables), "--clients", strconv.Itoa(cfg.Clients),
			"--spectators", strconv.Itoa(cfg.Spectators), "--think", cfg.Think.String(),
			"--duration", cfg.Duration.String(), "--ramp", cfg.Ramp.String(), "--rounds", strconv.Itoa(cfg.Rounds),
			"--seed", strconv.FormatUint(cfg.Seed, 10), "--placement", cfg.Placement,
			"--shard", fmt.Sprintf("%d/%d", shard, procs), "--measure-at", measureAt.Format(time.RFC3339Nano), "--json")
		cmd.Stderr = stderr
		cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
		return cmd
	}
}
