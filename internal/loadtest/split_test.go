package loadtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestSplitRunAddsUpItsProcesses: a run split over three processes (this
// test's binary, started twice more as TestShardProcess) plays every table
// once, in one of them, and the report adds up every process's tables,
// clients, actions and samples; the servers' figures are read once.
func TestSplitRunAddsUpItsProcesses(t *testing.T) {
	defer func(d time.Duration) { measureSlack = d }(measureSlack)
	measureSlack = time.Second
	srv, err := startServer(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	base := "http://" + srv.Addr()
	cfg := Config{URLs: []string{base}, Tables: 7, Clients: 2, Think: 5 * time.Millisecond, Duration: 2 * time.Second,
		Ramp: 100 * time.Millisecond, Rounds: 1}
	var shards []string
	child := func(ctx context.Context, shard int, at time.Time) *exec.Cmd {
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestShardProcess$")
		spec := fmt.Sprintf("%d/3 %s %s", shard, base, at.Format(time.RFC3339Nano))
		shards = append(shards, spec)
		cmd.Env = append(os.Environ(), "SKULLKING_LOAD_SHARD="+spec)
		return cmd
	}
	rep, err := Split(context.Background(), cfg, 3, child)
	if err != nil {
		t.Fatal(err)
	}
	if len(shards) != 2 {
		t.Fatalf("processes started: %v, want shards 1 and 2", shards)
	}
	own := len(rep.own)
	if rep.Procs != 3 || rep.Tables != 7 || rep.Clients != 14 || rep.Errors != 0 || rep.Actions == 0 {
		t.Fatalf("report %+v", rep)
	}
	if rep.Samples <= own || rep.P99 < rep.P50 || rep.Max < rep.P99 {
		t.Errorf("%d samples, %d of them this process's; p50 %v p99 %v max %v", rep.Samples, own, rep.P50, rep.P99, rep.Max)
	}
	if rep.ServerCores <= 0 || rep.CPUPerAction() <= 0 || len(rep.PerNode) != 1 || rep.PerNode[0].Connections != 14 {
		t.Errorf("server figures: %.2f cores, %v an action, nodes %+v", rep.ServerCores, rep.CPUPerAction(), rep.PerNode)
	}
	// The other processes' clients were still connected when the server
	// was read: its memory is that of every connection measured. (A
	// client between a finished game and its rematch is not: games of
	// one round end often here.)
	if mine := 3 * 2; len(rep.PerNode) == 1 && rep.PerNode[0].Open <= float64(mine) {
		t.Errorf("the server was read with %.0f connections open, no more than this process's %d of the 14", rep.PerNode[0].Open, mine)
	}
	var out strings.Builder
	rep.Print(&out)
	t.Log("\n" + out.String())
	if !strings.Contains(out.String(), "the 3 load processes") {
		t.Errorf("the report does not say the run was split:\n%s", out.String())
	}
}

// TestShardProcess is one process of TestSplitRunAddsUpItsProcesses, as
// `skullking load --shard K/N --json` would be: it runs its shard and
// prints its report, and nothing else.
func TestShardProcess(t *testing.T) {
	spec := os.Getenv("SKULLKING_LOAD_SHARD")
	if spec == "" {
		t.Skip("a process of a split run, started by TestSplitRunAddsUpItsProcesses")
	}
	var cfg Config
	var base, at string
	if _, err := fmt.Sscanf(spec, "%d/%d %s %s", &cfg.Shard, &cfg.Procs, &base, &at); err != nil {
		t.Fatal(err)
	}
	cfg.URLs, cfg.Tables, cfg.Clients, cfg.Rounds = []string{base}, 7, 2, 1
	cfg.Think, cfg.Duration, cfg.Ramp = 5*time.Millisecond, 2*time.Second, 100*time.Millisecond
	var err error
	if cfg.MeasureAt, err = time.Parse(time.RFC3339Nano, at); err != nil {
		t.Fatal(err)
	}
	scrapeGrace = 2 * time.Second
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewEncoder(os.Stdout).Encode(rep); err != nil {
		t.Fatal(err)
	}
	os.Exit(0) // the report alone on standard output
}
