package server

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/skullking-go/skullking/internal/natsbus"
	"github.com/skullking-go/skullking/internal/review"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// Main is the serve command as a value — parse flags, start, close — so
// that end-to-end tests run the real program in-process on port 0, and the
// command line only adds signal handling.
type Main struct {
	Config Config
	Stderr io.Writer // logs go here (default os.Stderr)

	logLevel  string
	logFormat string
	srv       *Server
	bus       *natsbus.Bus // the cluster's, when Start connected it (--bus)
}

// ParseFlags reads the serve command's flags into m.Config. An error it
// has already written to m.Stderr with the usage (a flag error, or -h, which
// wraps flag.ErrHelp) satisfies Explained.
func (m *Main) ParseFlags(args []string) error {
	if m.Stderr == nil {
		m.Stderr = os.Stderr
	}
	c := &m.Config
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.StringVar(&c.Addr, "addr", ":8080", "listen address (\":0\" picks a free port)")
	fs.StringVar(&c.DataDir, "data", "./skullking-data", "directory of the SQLite database (skullking.db: the tables and the score keeper's sheets)")
	fs.StringVar(&c.StoreURL, "store", "", "PostgreSQL URL (postgres://user@host:port/db) for the tables and the score keeper (default: SQLite in --data)")
	fs.BoolVar(&c.Durable, "durable", false, "wait for the disk on every commit to the SQLite database in --data (survives power loss, slower; no effect with --store)")
	fs.StringVar(&c.BusURL, "bus", "", "NATS URL (nats://host:4222) joining the nodes that share --store into one cluster (default: this node alone)")
	fs.StringVar(&c.Node, "node", "", "this node's name in table leases and on the bus, unique in a cluster (default: the host name)")
	fs.StringVar(&c.Advertise, "advertise", "", "this node's address as clients reach it (https://node2.example.org), with --bus: "+
		"clients that can follow are sent here for the tables this node runs, rather than relayed by the node they reached (default: every client is relayed)")
	fs.DurationVar(&c.LeaseTTL, "lease", 15*time.Second, "how long a table's lease lasts: a dead node's tables move to another node after it (renewed every third of it)")
	fs.DurationVar(&c.Grace, "grace", 30*time.Second, "how long an absent player's seat waits before a bot plays it")
	botDelay := fs.Duration("bot-delay", 700*time.Millisecond, "how long bots pause before each move (0: none)")
	fs.DurationVar(&c.ThinkLimit, "think-limit", table.DefaultThinkLimit, "the most an expert bot's move or a hint may search (a safety net on a busy machine)")
	fs.DurationVar(&c.PingInterval, "ping", 20*time.Second, "how long a connection may be quiet before it is pinged")
	fs.DurationVar(&c.PingTimeout, "ping-timeout", 15*time.Second, "time for a pong before the client is dropped")
	fs.IntVar(&c.MaxTables, "max-tables", table.DefaultMaxTables, "tables in memory at once")
	fs.Float64Var(&c.MsgRate, "msg-rate", 10, "messages a second per connection (negative: no limit)")
	fs.Float64Var(&c.HTTPRate, "http-rate", 2, "table creations and joins a second per address (negative: no limit)")
	fs.IntVar(&c.MaxSpectators, "max-spectators", table.DefaultMaxSpectators, "spectators of one table (0: no limit)")
	fs.Float64Var(&c.ChatRate, "chat-rate", table.DefaultChatRate, "chat lines a second per table, its players' and its spectators' each (negative: no limit)")
	fs.IntVar(&c.MaxConnsPerIP, "max-conns-per-ip", DefaultMaxConnsPerIP, "table connections open from one address (0: no limit)")
	fs.IntVar(&c.MaxTablesPerIP, "max-tables-per-ip", DefaultMaxTablesPerIP, "tables one address created that are not over yet (0: no limit)")
	fs.BoolVar(&c.LimitLoopback, "limit-loopback", false, "apply the limits per address to loopback clients too (by default they are exempt)")
	fs.IntVar(&c.ReviewWorkers, "review-workers", DefaultReviewWorkers, "captain's reviews of finished games computed at once")
	fs.IntVar(&c.ReviewQueue, "review-queue", DefaultReviewQueue, "reviews waiting for a worker; one more request is answered 503")
	fs.Float64Var(&c.ReviewBudget, "review-budget", review.DefaultBudget, "the captain's work per reviewed decision, as a share of its work in play")
	fs.StringVar(&c.PprofAddr, "pprof", "", "serve Go profiles (net/http/pprof) on this address, e.g. 127.0.0.1:6060 (default: off)")
	pseudo := fs.Bool("pseudo-locale", false, "offer the pseudo-language "+locale.PseudoCode+" too, English accented and bracketed: "+
		"words on a page that show plain are not in the catalogue (docs/translating.md)")
	fs.StringVar(&m.logLevel, "log-level", "info", "debug, info, warn or error")
	fs.StringVar(&m.logFormat, "log-format", "text", "text or json")
	fs.Usage = func() {
		fmt.Fprintln(m.Stderr, "Usage: skullking serve [--addr :8080] [--data ./skullking-data] [--grace 30s] …")
		fmt.Fprintln(m.Stderr, "Serves online tables: the lobby API, the table WebSocket, /healthz and /metrics.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return explainedError{err}
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	c.BotDelay = *botDelay
	if c.BotDelay == 0 {
		c.BotDelay = -1 // the flag's 0 means no pause; the Config's zero means the default
	}
	for _, n := range []*int{&c.MaxSpectators, &c.MaxConnsPerIP, &c.MaxTablesPerIP} {
		if *n == 0 {
			*n = -1 // the flag's 0 means no limit; the Config's zero means the default
		}
	}
	if c.ReviewWorkers < 1 || c.ReviewQueue < 1 || !(c.ReviewBudget > 0 && c.ReviewBudget <= 100) {
		return fmt.Errorf("--review-workers and --review-queue take 1 or more, --review-budget a share above 0, at most 100")
	}
	if c.LeaseTTL < time.Second {
		return fmt.Errorf("--lease: at least 1s, not %v", c.LeaseTTL)
	}
	if c.BusURL != "" && c.StoreURL == "" {
		return errors.New("--bus: the nodes of a cluster share one PostgreSQL store: give --store too")
	}
	if c.Advertise != "" {
		if c.BusURL == "" {
			return errors.New("--advertise: only a node of a cluster sends clients to itself: give --bus too")
		}
		if err := protocol.CheckServerAddress(c.Advertise); err != nil {
			return fmt.Errorf("--advertise: %w", err)
		}
	}
	if *pseudo {
		cat, err := locale.Default().WithPseudo()
		if err != nil {
			return fmt.Errorf("--pseudo-locale: %w", err)
		}
		c.Locale = cat
	}
	if c.Node == "" {
		c.Node = hostNode()
	}
	if c.BusURL != "" && !natsbus.ValidNode(c.Node) {
		return fmt.Errorf("--node %q: a node on the bus is named with 1 to 64 letters, digits, '-' or '_'", c.Node)
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(m.logLevel)); err != nil {
		return fmt.Errorf("--log-level: %w", err)
	}
	opts := &slog.HandlerOptions{Level: level}
	switch m.logFormat {
	case "text":
		c.Logger = slog.New(slog.NewTextHandler(m.Stderr, opts))
	case "json":
		c.Logger = slog.New(slog.NewJSONHandler(m.Stderr, opts))
	default:
		return fmt.Errorf("--log-format: %q is neither text nor json", m.logFormat)
	}
	return nil
}

// Start opens the store, resumes the tables and starts listening.
func (m *Main) Start() error {
	if m.Config.BusURL != "" && m.Config.Cluster == nil {
		// One node of a cluster: the tables, the lobby and the score
		// keeper's followers are shared over NATS (docs/scaling.md).
		bus, err := natsbus.Connect(m.Config.BusURL, m.Config.Node, natsbus.Options{Logger: m.Config.Logger})
		if err != nil {
			return fmt.Errorf("--bus: %w", err)
		}
		m.Config.Cluster, m.bus = bus, bus
	}
	srv, err := New(m.Config)
	if err != nil {
		m.closeBus()
		return err
	}
	if err := srv.Start(); err != nil {
		err = errors.Join(err, srv.Shutdown(context.Background()))
		m.closeBus()
		return err
	}
	m.srv = srv
	return nil
}

// closeBus leaves the cluster's bus Start connected to, once the server
// no longer uses it.
func (m *Main) closeBus() {
	if m.bus != nil {
		m.bus.Close()
		m.Config.Cluster, m.bus = nil, nil
	}
}

// Addr is the address being served, once started.
func (m *Main) Addr() string {
	if m.srv == nil {
		return ""
	}
	return m.srv.Addr()
}

// Server is the running server, once started.
func (m *Main) Server() *Server { return m.srv }

// Close shuts the server down gracefully, within 15 seconds.
func (m *Main) Close() error {
	if m.srv == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	err := m.srv.Shutdown(ctx)
	m.srv = nil
	m.closeBus()
	return err
}

// Run starts the server and serves until ctx is done, then closes it.
func (m *Main) Run(ctx context.Context) error {
	if err := m.Start(); err != nil {
		return err
	}
	m.Config.Logger.Info("serving", "url", "http://"+displayAddr(m.Addr()))
	<-ctx.Done()
	m.Config.Logger.Info("shutting down")
	err := m.Close()
	if err == nil {
		m.Config.Logger.Info("stopped")
	}
	return err
}

// displayAddr turns a listen address into one a browser can open.
func displayAddr(a string) string {
	if strings.HasPrefix(a, "[::]:") {
		return "localhost:" + strings.TrimPrefix(a, "[::]:")
	}
	if strings.HasPrefix(a, "0.0.0.0:") {
		return "localhost:" + strings.TrimPrefix(a, "0.0.0.0:")
	}
	return a
}

// explainedError is a command line the flag package has already explained.
type explainedError struct{ error }

func (e explainedError) Unwrap() error { return e.error }

// Explained reports whether err from ParseFlags has already been written,
// with the usage, so that the caller need not say it again.
func Explained(err error) bool { return errors.As(err, new(explainedError)) }

// hostNode is the default node name: the host name, made a valid name on
// the bus (its dots and other signs become '-').
func hostNode() string {
	h, _ := os.Hostname()
	b := []byte(h)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			b[i] = '-'
		}
	}
	if len(b) == 0 {
		return "node"
	}
	return string(b[:min(len(b), 64)])
}
