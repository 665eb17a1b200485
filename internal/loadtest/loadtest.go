// Package loadtest drives many concurrent tables of bot-played games
// against a skullking server over real WebSockets on the loopback
// interface, and measures what players would feel: actions per second and
// the time from an action being sent to each client receiving the state it
// caused. It is bounded in tables, clients and time, and stops by itself.
package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/workers"
	"github.com/skullking-go/skullking/protocol"
)

// setupSlack is how long past the ramp the tables may take to open
// before the run gives up: thousands of tables ask the server for
// thousands of stored seats, and a busy machine answers late.
const setupSlack = 2 * time.Minute

// clientPing is how often a player checks that the server still answers.
// The server pings every connection itself (every 20 s by default) and the
// players' own pings at the client's default would double that traffic,
// which at tens of thousands of connections is as many frames a second as
// the game's: a minute still notices a dead server within the run.
const clientPing = time.Minute

// generatorGCPercent is the GOGC of a run against a separate server.
const generatorGCPercent = 400

// Bounds on a run, so a mistyped flag cannot take the machine down.
const (
	MaxTables   = 10000
	MaxDuration = 30 * time.Minute
	// MaxSpectators bounds the spectators of one table, and
	// MaxConnections every connection of a run, players and spectators.
	MaxSpectators  = 2000
	MaxConnections = 50000
	// MaxProcs bounds the processes a run is split over (Split).
	MaxProcs = 16
)

// Config is one load run.
type Config struct {
	// URLs are the servers, the nodes of one service on this machine, over
	// which the tables and their connections are spread (nodes.go); none:
	// start one in this process.
	URLs    []string
	Tables  int // concurrent tables
	Clients int // connected players per table (2..8)
	// Spectators per table: connections that watch, reading and decoding
	// every frame (but the score sheet, which no one here shows, as the
	// players leave it too), and send nothing but their hello.
	Spectators int
	Think      time.Duration // mean pause before each action (uniform over ±50%)
	Duration   time.Duration // measured run, after the ramp
	Ramp       time.Duration // tables are opened evenly over this long
	Rounds     int           // rounds per game (a finished game starts a rematch)
	DataDir    string        // in-process server's data (default: a temporary directory)
	Seed       uint64
	Log        io.Writer // progress lines (nil: none)
	// Placement is Spread (the default) or Owner (nodes.go).
	Placement string
	// Procs is how many processes the run is split over (Split), and Shard
	// which of them this one is, 0 to Procs−1: it drives the tables whose
	// number is Shard modulo Procs. 0 or 1: one process drives them all.
	Procs, Shard int
	// MeasureAt, when set, is when the measured window starts (or, should
	// the process's tables not all play by then, once they do): the
	// processes of a split run measure the same window.
	MeasureAt time.Time
}

// Report is what a run measured.
type Report struct {
	Tables, Clients      int
	Connected            int // clients connected at the end
	Elapsed              time.Duration
	Actions              int64 // acknowledged actions in the measured window
	ActionsPerSec        float64
	Frames               int64 // frames received in the measured window
	Spectators           int   // spectator connections in all
	SpectatorFrames      int64 // frames the spectators received in the measured window
	SpectatorErrors      int64 // of Errors: error frames, drops and lost connections of spectators
	Games                int64 // games finished in the measured window
	P50, P90, P99, Max   time.Duration
	Samples              int
	Errors               int64 // error frames, failed requests, lost connections
	ErrorSamples         []string
	ServerRSS            float64 // bytes, from the server's /metrics
	ServerHeap           float64
	ServerStacks         float64
	ServerGoroutines     float64
	InProcess            bool
	LoaderCPU            time.Duration // CPU time this process used (user+system), server included when in-process
	ServerCores          float64       // the server's CPU over the measured window, in cores (from /metrics)
	SetupTime            time.Duration
	ServerActionP99Bound float64 // the server's own latency histogram: the bucket holding its p99, seconds
	// SchedP99Bound is the bucket holding the p99 of the server's Go
	// scheduler latency (runnable to running): large values mean the server
	// waited for a CPU rather than for anything of its own.
	SchedP99Bound float64
	// ServerActionP99Over and SchedP99Over: the p99 lies past the
	// histogram's largest bound, which the bound above then is.
	ServerActionP99Over, SchedP99Over bool `json:",omitempty"`
	// Nodes is how many servers the run spread its clients over; the
	// server figures above are their sums (memory, goroutines, cores) or
	// their largest (the p99 bounds), and PerNode each one's.
	Nodes   int
	PerNode []NodeFigures `json:",omitempty"`
	// Sent says a node sent the players it was given to the node that runs
	// their table (serve --advertise): they play there, whatever the
	// placement, and PerNode counts them there. Spectators stay relayed.
	Sent bool `json:",omitempty"`
	// Procs is how many processes drove the run (Split).
	Procs int `json:",omitempty"`
	// Latencies are every sample, in µs, of a shard other than the first:
	// the first process merges them with its own.
	Latencies []int64         `json:",omitempty"`
	own       []time.Duration // this process's samples
}

// Run performs a load run.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Tables < 1 || cfg.Tables > MaxTables {
		return nil, fmt.Errorf("tables: 1 to %d", MaxTables)
	}
	if cfg.Clients < 2 || cfg.Clients > 8 {
		return nil, errors.New("clients: 2 to 8 a table")
	}
	if cfg.Spectators < 0 || cfg.Spectators > MaxSpectators {
		return nil, fmt.Errorf("spectators: 0 to %d a table", MaxSpectators)
	}
	if cfg.Tables*(cfg.Clients+cfg.Spectators) > MaxConnections {
		return nil, fmt.Errorf("tables × (clients + spectators): at most %d connections", MaxConnections)
	}
	if cfg.Duration <= 0 || cfg.Duration+cfg.Ramp > MaxDuration {
		return nil, fmt.Errorf("duration and ramp: more than 0, at most %v together", MaxDuration)
	}
	if cfg.Rounds < 1 {
		cfg.Rounds = 10
	}
	switch cfg.Placement {
	case "":
		cfg.Placement = Spread
	case Spread, Owner:
	default:
		return nil, fmt.Errorf("placement %q: %s or %s", cfg.Placement, Spread, Owner)
	}
	cfg.Procs = max(cfg.Procs, 1)
	if cfg.Shard < 0 || cfg.Shard >= cfg.Procs {
		return nil, fmt.Errorf("shard %d of %d processes: 0 to %d", cfg.Shard, cfg.Procs, cfg.Procs-1)
	}
	prefix := ""
	if cfg.Procs > 1 {
		prefix = fmt.Sprintf("process %d of %d: ", cfg.Shard+1, cfg.Procs)
	}
	logf := func(format string, args ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, prefix+format+"\n", args...)
		}
	}
	bases, err := checkNodes(cfg.URLs)
	if err != nil {
		return nil, err
	}
	if cfg.Procs > 1 && len(bases) == 0 {
		return nil, errors.New("a run split over processes needs its servers' --url: the processes cannot share one of their own")
	}
	var mine []int // the tables this process drives, by number
	for i := cfg.Shard; i < cfg.Tables; i += cfg.Procs {
		mine = append(mine, i)
	}
	rep := &Report{Tables: len(mine), Clients: len(mine) * cfg.Clients, Spectators: len(mine) * cfg.Spectators}
	if len(bases) == 0 {
		dir := cfg.DataDir
		if dir == "" {
			d, err := os.MkdirTemp("", "skullking-load")
			if err != nil {
				return nil, err
			}
			defer os.RemoveAll(d)
			dir = d
		}
		srv, err := startServer(dir)
		if err != nil {
			return nil, err
		}
		defer srv.Shutdown(context.Background())
		bases = []string{"http://" + srv.Addr()}
		rep.InProcess = true
	}
	rep.Nodes = len(bases)
	if !rep.InProcess {
		// The generator's clients allocate every frame they read, and with
		// the default GOGC its collector took about a sixth of its CPU, on
		// the cores the server measured is sharing. Against a separate
		// server, its own memory is no figure of the run: trade it for CPU.
		defer debug.SetGCPercent(debug.SetGCPercent(generatorGCPercent))
	}
	conns := len(mine) * (cfg.Clients + cfg.Spectators)
	if err := enoughFiles(conns, rep.InProcess); err != nil {
		return nil, err
	}
	r := &run{cfg: cfg, logf: logf, acts: workers.New(actWorkers),
		http: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	defer r.acts.Close()
	for n, base := range bases {
		r.nodes = append(r.nodes, &node{base: base, cl: client.New(base).WithHTTP(r.http),
			dialers: sources(base, connsOn(cfg.Placement, mine, cfg.Clients+cfg.Spectators, n, len(bases)))})
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.Ramp+setupSlack+cfg.Duration+30*time.Second)
	defer cancel()
	r.ctx = ctx

	start := time.Now()
	logf("opening %d tables of %d clients and %d spectators against %s over %v…", len(mine), cfg.Clients,
		cfg.Spectators, strings.Join(bases, ", "), cfg.Ramp)
	var wg sync.WaitGroup
	for j, i := range mine {
		if cfg.Ramp > 0 {
			at := start.Add(time.Duration(int64(cfg.Ramp) * int64(j) / int64(len(mine))))
			select {
			case <-time.After(time.Until(at)):
			case <-ctx.Done():
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.table(i)
		}()
	}
	// Wait until every table has started (or failed), then measure.
	for r.started.Load()+r.failedTables.Load() < int64(len(mine)) && ctx.Err() == nil {
		time.Sleep(50 * time.Millisecond)
	}
	rep.SetupTime = time.Since(start)
	logf("%d tables playing after %v (%d failed); measuring for %v…", r.started.Load(),
		rep.SetupTime.Round(time.Millisecond), r.failedTables.Load(), cfg.Duration)
	if wait := time.Until(cfg.MeasureAt); !cfg.MeasureAt.IsZero() && wait > 0 {
		select {
		case <-time.After(wait):
		case <-ctx.Done():
		}
	} else if !cfg.MeasureAt.IsZero() {
		logf("measuring %v later than the other processes: the tables took that long to open", (-wait).Round(time.Millisecond))
	}
	// The first process measures the servers; the others only their clients.
	servers := cfg.Shard == 0
	var srvCPU0 []float64
	if servers {
		srvCPU0 = r.serverCPUs()
	}
	r.measuring.Store(true)
	mstart := time.Now()
	cpu0 := cpuTime()
	tick := time.NewTicker(10 * time.Second)
	deadline := time.After(cfg.Duration)
loop:
	for {
		select {
		case <-tick.C:
			logf("  %v: %d actions, %d errors", time.Since(mstart).Round(time.Second), r.actions.Load(), r.errors.Load())
		case <-deadline:
			break loop
		case <-ctx.Done():
			break loop
		}
	}
	tick.Stop()
	r.measuring.Store(false)
	rep.Elapsed = time.Since(mstart)
	rep.LoaderCPU = cpuTime() - cpu0
	rep.Connected = int(r.connected.Load())
	if servers {
		r.scrape(rep, srvCPU0, r.serverCPUs())
	} else {
		// The first process reads the servers' figures once the window
		// ends: the others' clients stay connected meanwhile, or the
		// servers it reads would hold only some of the connections
		// measured.
		select {
		case <-time.After(scrapeGrace):
		case <-ctx.Done():
		}
	}
	cancel()
	wg.Wait()

	rep.Actions, rep.Frames, rep.Games, rep.Errors = r.actions.Load(), r.frames.Load(), r.games.Load(), r.errors.Load()
	rep.SpectatorFrames, rep.SpectatorErrors = r.spectatorFrames.Load(), r.spectatorErrors.Load()
	rep.ActionsPerSec = float64(rep.Actions) / rep.Elapsed.Seconds()
	r.mu.Lock()
	lat := r.latencies
	rep.ErrorSamples = r.errorSamples
	r.mu.Unlock()
	rep.quantiles(lat)
	rep.own = lat
	if cfg.Shard > 0 {
		rep.Latencies = make([]int64, len(lat))
		for k, d := range lat {
			rep.Latencies[k] = d.Microseconds()
		}
	}
	return rep, nil
}

// quantiles sets the report's latency figures from its samples.
func (rep *Report) quantiles(lat []time.Duration) {
	slices.Sort(lat)
	rep.Samples = len(lat)
	if len(lat) > 0 {
		q := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
		rep.P50, rep.P90, rep.P99, rep.Max = q(0.50), q(0.90), q(0.99), lat[len(lat)-1]
	}
}

// startServer starts a server in this process with its data in dir, set
// as a load run needs it: no rate limit a run's clients would meet, room
// for every table, bots and pings out of the way.
func startServer(dir string) (*server.Server, error) {
	srv, err := server.New(server.Config{Addr: "127.0.0.1:0", DataDir: dir, BotDelay: -1, Grace: time.Hour,
		HTTPRate: -1, MsgRate: 1000, MaxTables: MaxTables * 2, PingInterval: 30 * time.Second})
	if err != nil {
		return nil, err
	}
	if err := srv.Start(); err != nil {
		return nil, err
	}
	return srv, nil
}

// loopbackOnly refuses any server that is not on this machine: a load
// generator must never be pointed at someone else's service.
func loopbackOnly(base string) error {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Errorf("--url %q: want http://127.0.0.1:PORT", base)
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") { // host names are case-insensitive
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("--url %q: the load test runs against loopback addresses only", base)
	}
	return nil
}

// run is the state of one load run shared by its tables.
type run struct {
	cfg    Config
	http   *http.Client
	nodes  []*node
	dialed atomic.Int64
	sent   atomic.Bool // a player was sent to another node than the one it dialled
	ctx    context.Context
	logf   func(string, ...any)
	// acts sends the players' actions and waits for their acks, on
	// goroutines an action before has grown (player.loop).
	acts *workers.Pool

	measuring    atomic.Bool
	started      atomic.Int64
	failedTables atomic.Int64
	connected    atomic.Int64
	actions      atomic.Int64
	frames       atomic.Int64
	games        atomic.Int64
	errors       atomic.Int64

	spectatorFrames atomic.Int64
	spectatorErrors atomic.Int64

	mu           sync.Mutex
	latencies    []time.Duration
	errorSamples []string
}

func (r *run) fail(format string, args ...any) {
	r.errors.Add(1)
	msg := fmt.Sprintf(format, args...)
	r.mu.Lock()
	if len(r.errorSamples) < 10 {
		r.errorSamples = append(r.errorSamples, msg)
	}
	r.mu.Unlock()
}

// game is one table's game as its clients see it: the shared record of
// when each seat sent its pending action, which every client's receipt of
// the resulting state is timed against.
type game struct {
	mu   sync.Mutex
	sent [8]time.Time
}

func (g *game) sentAt(seat int) time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.sent[seat]
}

func (g *game) markSent(seat int, t time.Time) {
	g.mu.Lock()
	g.sent[seat] = t
	g.mu.Unlock()
}

var names = []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}

// table opens one table, seats its clients and plays games until the run ends.
func (r *run) table(i int) {
	seats := make([]protocol.SeatSpec, r.cfg.Clients)
	for s := range seats {
		seats[s] = protocol.SeatSpec{Kind: protocol.SeatOpen}
	}
	o := skullking.DefaultOptions()
	o.Rounds = r.cfg.Rounds
	creator := r.nodes[nodeOf(r.cfg.Placement, i, 0, len(r.nodes))].cl
	created, err := creator.Create(r.ctx, protocol.CreateRequest{Nickname: names[0], Seats: seats,
		Settings: protocol.Settings{Name: fmt.Sprintf("load %d", i), Options: o, Spectators: true}})
	if err != nil {
		r.failedTables.Add(1)
		r.fail("create table: %v", err)
		return
	}
	tokens := []string{created.Token}
	for s := 1; s < r.cfg.Clients; s++ {
		joined, err := creator.Join(r.ctx, created.ID, protocol.JoinRequest{Nickname: names[s]})
		if err != nil {
			r.failedTables.Add(1)
			r.fail("join: %v", err)
			return
		}
		tokens = append(tokens, joined.Token)
	}
	id := created.ID
	started := false
	for r.ctx.Err() == nil {
		next, err := r.play(i, id, tokens, func() {
			if !started {
				started = true
				r.started.Add(1)
			}
		})
		if err != nil {
			if !started {
				r.failedTables.Add(1)
			}
			if r.ctx.Err() == nil {
				r.fail("table %d: %v", i, err)
			}
			return
		}
		id = next
	}
}

// play connects every client to table id, starts the game and plays it to
// the end; the host then offers a rematch, whose id it returns.
func (r *run) play(i int, id string, tokens []string, onStart func()) (string, error) {
	g := &game{}
	rng := rand.New(rand.NewPCG(r.cfg.Seed, uint64(i)))
	players := make([]*player, 0, len(tokens))
	defer func() {
		for _, p := range players {
			p.conn.Close()
			r.connected.Add(-1)
		}
	}()
	for s, tok := range tokens {
		at := r.nodes[nodeOf(r.cfg.Placement, i, s, len(r.nodes))]
		conn, err := r.playerClient(at).Dial(r.ctx, id, client.Options{Token: tok, ToAct: true,
			Ping: clientPing})
		if err != nil {
			return "", err
		}
		if conn.Server() != at.base {
			r.sent.Store(true)
		}
		r.connected.Add(1)
		players = append(players, &player{r: r, g: g, seat: s, conn: conn,
			rng: rand.New(rand.NewPCG(rng.Uint64(), uint64(s)))})
	}
	var watching sync.WaitGroup
	defer watching.Wait()
	for k := range r.cfg.Spectators {
		w, err := r.spectate(r.nodes[nodeOf(r.cfg.Placement, i, r.cfg.Clients+k, len(r.nodes))], id)
		if err != nil {
			return "", fmt.Errorf("spectator: %w", err)
		}
		r.connected.Add(1)
		watching.Go(func() { r.watch(w) })
		defer w.close() // before watching.Wait: closing ends the watch
	}
	if err := players[0].conn.Start(r.ctx); err != nil {
		return "", err
	}
	onStart()
	errs := make(chan error, len(players))
	for _, p := range players {
		go func() { errs <- p.loop() }()
	}
	var firstErr error
	for range players {
		if err := <-errs; err != nil && firstErr == nil {
			firstErr = err
		}
	}
	if firstErr != nil {
		return "", firstErr
	}
	if r.ctx.Err() != nil {
		return "", nil // the run ended, not the game: no rematch to offer
	}
	if r.measuring.Load() {
		r.games.Add(1)
	}
	return players[0].rematch()
}

// actWorkers bounds the goroutines kept waiting to send an action: sends
// and their acks overlap only a few at a time, even at thousands of
// tables.
const actWorkers = 64

// player is one connected client, a seat that acts at random.
type player struct {
	r    *run
	g    *game
	seat int
	conn *client.Conn
	rng  *rand.Rand
}

// loop reads this client's events until the game is over, acting after a
// think time whenever the latest view offers it a decision, one action at
// a time: the next waits for the last one's ack.
func (p *player) loop() error {
	r := p.r
	acked := make(chan error, 1)
	pending := false
	var last client.Event
	var chosen protocol.Action
	think := time.NewTimer(time.Hour)
	think.Stop()
	defer think.Stop()
	decide := func() {
		v := last.View()
		if pending || v == nil || len(v.Legal) == 0 || v.Phase == protocol.PhaseOver || p.conn.Stale(last) {
			return // nothing to do, or a later view is on its way
		}
		pending = true
		chosen = v.Legal[p.rng.IntN(len(v.Legal))]
		think.Reset(time.Duration(float64(r.cfg.Think) * (0.5 + p.rng.Float64())))
	}
	for {
		select {
		case <-r.ctx.Done():
			return nil
		case <-think.C:
			p.g.markSent(p.seat, time.Now())
			a := chosen
			r.acts.Go(func() { acked <- p.conn.Act(r.ctx, a) })
		case err := <-acked:
			pending = false
			var refused *client.Error
			switch {
			case err == nil || errors.As(err, &refused):
				if r.measuring.Load() {
					r.frames.Add(1) // the ack, or the error answering the action
					if err == nil {
						r.actions.Add(1)
					}
				}
				if err != nil {
					r.fail("seat %d: %s: %s", p.seat, refused.Code, refused.Message)
				}
			case r.ctx.Err() == nil:
				r.fail("seat %d: %v", p.seat, err)
			}
			decide()
		case ev, ok := <-p.conn.Events():
			if !ok {
				if r.ctx.Err() != nil {
					return nil
				}
				return fmt.Errorf("seat %d: the connection closed", p.seat)
			}
			measuring := r.measuring.Load()
			if measuring && ev.Msg != nil {
				r.frames.Add(1)
			}
			if ev.Msg == nil {
				switch ev.Status {
				case client.Lost:
					return fmt.Errorf("seat %d: lost: %v", p.seat, ev.Err)
				case client.Dropped, client.Unreadable:
					r.fail("seat %d: %s: %v", p.seat, ev.Status, ev.Err)
				}
				continue
			}
			switch m := ev.Msg; m.Type {
			case protocol.TypeError:
				r.fail("seat %d: %s: %s", p.seat, m.Code, m.Message)
			case protocol.TypeState:
				if e := m.Event; e != nil && e.By == protocol.ByPlayer && measuring && e.Seat >= 0 && e.Seat < len(p.g.sent) {
					if sent := p.g.sentAt(e.Seat); !sent.IsZero() {
						r.mu.Lock()
						r.latencies = append(r.latencies, ev.At.Sub(sent))
						r.mu.Unlock()
					}
				}
				if m.View.Phase == protocol.PhaseOver {
					return nil
				}
				last = ev
				decide()
			}
		}
	}
}

// rematch asks for a rematch as the host and returns its table id, once
// the table names it.
func (p *player) rematch() (string, error) {
	if err := p.conn.Rematch(p.r.ctx); err != nil {
		return "", fmt.Errorf("rematch: %w", err)
	}
	for {
		ev, err := p.conn.Next(p.r.ctx)
		if err != nil {
			return "", err
		}
		if m := ev.Msg; m != nil && m.Table != nil && m.Table.Rematch != "" {
			return m.Table.Rematch, nil
		}
	}
}

// serverCPUs reads each node's process_cpu_seconds_total, −1 for a node
// that did not say.
func (r *run) serverCPUs() []float64 {
	out := make([]float64, len(r.nodes))
	for k, n := range r.nodes {
		out[k] = -1
		for _, line := range strings.Split(r.metrics(n), "\n") {
			var v float64
			if scan(line, "process_cpu_seconds_total ", &v) {
				out[k] = v
				break
			}
		}
	}
	return out
}

// metrics is node n's /metrics page, or "" when it cannot be read.
func (r *run) metrics(n *node) string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", n.base+"/metrics", nil)
	resp, err := r.http.Do(req)
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

// scrape reads each node's own figures from its /metrics, with its CPU
// over the measured window from the readings cpu0 and cpu1 (serverCPUs),
// and puts their sums, or their largest for the p99 bounds, in rep, with
// the connections the whole run gives each node (every process's).
func (r *run) scrape(rep *Report, cpu0, cpu1 []float64) {
	all := make([]int, r.cfg.Tables)
	for i := range all {
		all[i] = i
	}
	players := r.cfg.Placement
	if rep.Sent = r.sent.Load(); rep.Sent {
		players = Owner // each table's players play on the node it was created through, which runs it
	}
	for k, n := range r.nodes {
		page := r.metrics(n)
		conns := connsOn(players, all, r.cfg.Clients, k, len(r.nodes)) +
			connsOn(r.cfg.Placement, all, r.cfg.Clients+r.cfg.Spectators, k, len(r.nodes)) -
			connsOn(r.cfg.Placement, all, r.cfg.Clients, k, len(r.nodes))
		f := NodeFigures{URL: n.base, Connections: conns}
		f.ActionP99Bound, f.ActionP99Over = quantileBound(page, "skullking_action_latency_seconds", 0.99)
		f.SchedP99Bound, f.SchedP99Over = quantileBound(page, "go_sched_latencies_seconds", 0.99)
		if cpu0[k] >= 0 && cpu1[k] >= 0 {
			f.Cores = (cpu1[k] - cpu0[k]) / rep.Elapsed.Seconds()
		}
		for _, line := range strings.Split(page, "\n") {
			var v float64
			switch {
			case scan(line, "process_resident_memory_bytes ", &v):
				f.RSS = v
			case scan(line, "go_memstats_heap_inuse_bytes ", &v):
				f.Heap = v
			case scan(line, "go_memstats_stack_inuse_bytes ", &v):
				f.Stacks = v
			case scan(line, "go_goroutines ", &v):
				f.Goroutines = v
			case scan(line, "skullking_connections ", &v):
				f.Open = v
			}
		}
		rep.ServerRSS += f.RSS
		rep.ServerHeap += f.Heap
		rep.ServerStacks += f.Stacks
		rep.ServerGoroutines += f.Goroutines
		rep.ServerCores += f.Cores
		rep.ServerActionP99Bound = max(rep.ServerActionP99Bound, f.ActionP99Bound)
		rep.SchedP99Bound = max(rep.SchedP99Bound, f.SchedP99Bound)
		rep.ServerActionP99Over = rep.ServerActionP99Over || f.ActionP99Over
		rep.SchedP99Over = rep.SchedP99Over || f.SchedP99Over
		rep.PerNode = append(rep.PerNode, f)
	}
}

// CPUPerAction is the servers' CPU time over the measured window for each
// action acknowledged in it.
func (rep *Report) CPUPerAction() time.Duration {
	return cpuPer(rep.ServerCores, rep.Elapsed, rep.Actions)
}

// cpuPer is the CPU time cores over elapsed comes to for each of n.
func cpuPer(cores float64, elapsed time.Duration, n int64) time.Duration {
	if n <= 0 {
		return 0
	}
	return time.Duration(cores * float64(elapsed) / float64(n))
}

// perConnection is bytes shared by conns, in KB.
func perConnection(bytes float64, conns int) float64 {
	if conns <= 0 {
		return 0
	}
	return bytes / 1024 / float64(conns)
}

// quantileBound returns the upper bound of the histogram bucket that holds
// quantile q of the Prometheus histogram name in a /metrics page, or 0.
// over: q lies past the largest finite bound, which bound then is.
func quantileBound(page, name string, q float64) (bound float64, over bool) {
	var count float64
	var buckets [][2]float64
	for _, line := range strings.Split(page, "\n") {
		var v float64
		if scan(line, name+"_count ", &v) {
			count = v
		}
		rest, ok := strings.CutPrefix(line, name+`_bucket{le="`)
		if !ok {
			continue
		}
		if k := strings.Index(rest, `"} `); k > 0 {
			var le float64
			if _, err := fmt.Sscan(rest[:k], &le); err == nil {
				fmt.Sscan(rest[k+3:], &v)
				buckets = append(buckets, [2]float64{le, v})
			}
		}
	}
	for _, b := range buckets {
		if count == 0 || b[1] < q*count {
			bound = b[0]
			continue
		}
		if math.IsInf(b[0], 1) {
			return bound, true
		}
		return b[0], false
	}
	return 0, false
}

// boundText words a p99 bound: "≤ 0.01s", or "> 1s" past the largest.
func boundText(bound float64, over bool) string {
	if over {
		return fmt.Sprintf("> %.3gs", bound)
	}
	return fmt.Sprintf("≤ %.3gs", bound)
}

func scan(line, prefix string, v *float64) bool {
	if !strings.HasPrefix(line, prefix) {
		return false
	}
	_, err := fmt.Sscan(strings.TrimPrefix(line, prefix), v)
	return err == nil
}

// Print writes the report for people.
func (rep *Report) Print(w io.Writer) {
	where := "at --url"
	switch {
	case rep.InProcess:
		where = "in this process"
	case rep.Nodes > 1:
		where = fmt.Sprintf("at --url, %d nodes (server figures: summed, p99 bounds: the largest)", rep.Nodes)
	}
	fmt.Fprintf(w, "tables            %d (%d clients), server %s\n", rep.Tables, rep.Clients, where)
	fmt.Fprintf(w, "setup             %v\n", rep.SetupTime.Round(time.Millisecond))
	fmt.Fprintf(w, "measured          %v, %d clients connected at the end\n", rep.Elapsed.Round(time.Millisecond), rep.Connected)
	fmt.Fprintf(w, "actions           %d (%.0f/s), %d games finished, %d frames received (%.0f/s)\n",
		rep.Actions, rep.ActionsPerSec, rep.Games, rep.Frames, float64(rep.Frames)/rep.Elapsed.Seconds())
	if rep.Spectators > 0 {
		fmt.Fprintf(w, "spectators        %d (%d a table), %d frames received (%.0f/s), %d errors\n", rep.Spectators,
			rep.Spectators/max(rep.Tables, 1), rep.SpectatorFrames, float64(rep.SpectatorFrames)/rep.Elapsed.Seconds(),
			rep.SpectatorErrors)
	}
	fmt.Fprintf(w, "action→broadcast  p50 %v  p90 %v  p99 %v  max %v  (%d samples: every client's receipt of every action)\n",
		rd(rep.P50), rd(rep.P90), rd(rep.P99), rd(rep.Max), rep.Samples)
	if rep.ServerActionP99Bound > 0 {
		fmt.Fprintf(w, "server-side p99   %s (intent in → last frame queued, from /metrics)\n",
			boundText(rep.ServerActionP99Bound, rep.ServerActionP99Over))
	}
	if rep.SchedP99Bound > 0 {
		fmt.Fprintf(w, "server scheduler  p99 %s from runnable to running (large: the server waited for a CPU)\n",
			boundText(rep.SchedP99Bound, rep.SchedP99Over))
	}
	conns := rep.Clients + rep.Spectators
	fmt.Fprintf(w, "server memory     RSS %.0f MiB (%.1f KB a connection), heap in use %.0f MiB, %.0f goroutines with %.0f MiB of stacks\n",
		rep.ServerRSS/(1<<20), perConnection(rep.ServerRSS, conns), rep.ServerHeap/(1<<20), rep.ServerGoroutines, rep.ServerStacks/(1<<20))
	loader := "this process"
	if rep.Procs > 1 {
		loader = fmt.Sprintf("the %d load processes", rep.Procs)
	}
	fmt.Fprintf(w, "CPU               server %.2f cores, %v an action; %s %.2f cores (measured window)\n", rep.ServerCores,
		rd(rep.CPUPerAction()), loader, rep.LoaderCPU.Seconds()/rep.Elapsed.Seconds())
	if len(rep.PerNode) > 1 {
		if rep.Sent {
			relayed := ""
			if rep.Spectators > 0 {
				relayed = "; spectators relayed"
			}
			fmt.Fprintf(w, "players           sent to the nodes that run their tables (serve --advertise)%s\n", relayed)
		}
		for _, n := range rep.PerNode {
			fmt.Fprintf(w, "node %s: %d connections (%.0f open when read), RSS %.0f MiB (%.1f KB a connection), heap in use %.0f MiB, %.0f goroutines with %.0f MiB of stacks, %.2f cores (%v an action)\n",
				n.URL, n.Connections, n.Open, n.RSS/(1<<20), perConnection(n.RSS, n.Connections), n.Heap/(1<<20), n.Goroutines, n.Stacks/(1<<20), n.Cores,
				rd(cpuPer(n.Cores, rep.Elapsed, rep.Actions)))
		}
	}
	fmt.Fprintf(w, "errors            %d\n", rep.Errors)
	for _, e := range rep.ErrorSamples {
		fmt.Fprintf(w, "  %s\n", e)
	}
}

// cpuTime is the CPU time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func rd(d time.Duration) time.Duration {
	if d < time.Millisecond {
		return d.Round(time.Microsecond)
	}
	return d.Round(100 * time.Microsecond)
}
