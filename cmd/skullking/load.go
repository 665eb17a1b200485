package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/skullking-go/skullking/internal/loadtest"
)

// runLoad drives concurrent bot-played tables, and spectators watching
// them, over WebSockets against a server on this machine and reports
// throughput, latency and memory.
func runLoad(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("load", stderr, `Usage: skullking load [--tables 100] [--clients 4] [--spectators 0] [--think 1s] [--duration 30s] [--url http://127.0.0.1:8081,http://127.0.0.1:8082]
Plays many concurrent tables over WebSockets on loopback and reports actions per second,
action-to-broadcast latency and the server's memory. Stops by itself. Several --url nodes of
one cluster share the tables: each table's players and spectators connect to different nodes.
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
	rep, err := loadtest.Run(ctx, cfg)
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
