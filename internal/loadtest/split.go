package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"time"
)

// measureSlack is how long after the ramp the processes of a split run
// start measuring at least: the tables opened last need time to seat their
// players (a variable for the tests).
var measureSlack = 15 * time.Second

// scrapeGrace is how long the processes of a split run but the first keep
// their clients connected after the measured window: the first reads every
// node's figures in that time.
var scrapeGrace = 10 * time.Second

// Child starts process k (1 to procs−1) of a split run: the same run as
// this one, told its shard and when to measure, printing its Report as
// JSON on its standard output.
type Child func(ctx context.Context, shard int, measureAt time.Time) *exec.Cmd

// Split runs cfg over procs processes, this one and procs−1 children that
// start starts, each driving its share of the tables (Config.Shard): one
// process may open only so many connections (its limit of open files),
// and a run of tens of thousands needs several. They measure the same
// window, from the same moment; this process reads the servers' figures
// and merges every process's clients' figures into one report.
func Split(ctx context.Context, cfg Config, procs int, start Child) (*Report, error) {
	if procs <= 1 {
		return Run(ctx, cfg)
	}
	if len(cfg.URLs) == 0 {
		return nil, errors.New("a run split over processes needs its servers' --url: the processes cannot share one of their own")
	}
	cfg.Procs, cfg.Shard = procs, 0
	cfg.MeasureAt = time.Now().Add(cfg.Ramp + max(measureSlack, cfg.Ramp/4))
	type result struct {
		rep *Report
		err error
	}
	results := make(chan result, procs-1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for k := 1; k < procs; k++ {
		cmd := start(ctx, k, cfg.MeasureAt)
		var out bytes.Buffer
		cmd.Stdout = &out
		if err := cmd.Start(); err != nil {
			return nil, fmt.Errorf("process %d of %d: %w", k+1, procs, err)
		}
		go func() {
			err := cmd.Wait() // a run with errors exits 1, and still reports
			var rep Report
			if jerr := json.Unmarshal(out.Bytes(), &rep); jerr != nil {
				results <- result{err: fmt.Errorf("process %d of %d: %v (no report: %v)", k+1, procs, err, jerr)}
				return
			}
			results <- result{rep: &rep}
		}()
	}
	rep, err := Run(ctx, cfg)
	if err != nil {
		cancel()
		for k := 1; k < procs; k++ {
			<-results
		}
		return nil, err
	}
	lat := make([]time.Duration, 0, rep.Samples)
	var errs []error
	for k := 1; k < procs; k++ {
		res := <-results
		if res.err != nil {
			errs = append(errs, res.err)
			continue
		}
		rep.merge(res.rep)
		for _, us := range res.rep.Latencies {
			lat = append(lat, time.Duration(us)*time.Microsecond)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	rep.Procs = procs
	rep.ActionsPerSec = float64(rep.Actions) / rep.Elapsed.Seconds()
	rep.quantiles(append(lat, rep.own...))
	return rep, nil
}

// merge adds another process's figures of its clients to rep's.
func (rep *Report) merge(o *Report) {
	rep.Tables += o.Tables
	rep.Clients += o.Clients
	rep.Spectators += o.Spectators
	rep.Connected += o.Connected
	rep.Actions += o.Actions
	rep.Frames += o.Frames
	rep.SpectatorFrames += o.SpectatorFrames
	rep.SpectatorErrors += o.SpectatorErrors
	rep.Games += o.Games
	rep.Errors += o.Errors
	for _, e := range o.ErrorSamples {
		if len(rep.ErrorSamples) < 10 {
			rep.ErrorSamples = append(rep.ErrorSamples, e)
		}
	}
	rep.LoaderCPU += o.LoaderCPU
	rep.Sent = rep.Sent || o.Sent
	rep.SetupTime = max(rep.SetupTime, o.SetupTime)
}
