// Package server puts tables online: a JSON HTTP API for the lobby, one
// WebSocket per client for play (docs/protocol.md), health and metrics. It
// knows nothing of SQL and nothing of the rules: tables (package table)
// judge every intent with the engine and build each client's view, and the
// store keeps them. Every goroutine that reads from the network recovers
// from panics, so no input can bring the server down.
package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/http/pprof"
	"strings"
	"sync"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/internal/natsbus"
	"github.com/skullking-go/skullking/internal/review"
	"github.com/skullking-go/skullking/internal/scorekeeper"
	"github.com/skullking-go/skullking/internal/scorekeeper/keeperapi"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/internal/store/sqlstore"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/internal/web"
	"github.com/skullking-go/skullking/internal/workers"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// Config configures a Server. Zero values take the defaults noted.
type Config struct {
	Addr    string // listen address (":8080"); ":0" picks a free port
	DataDir string // where the SQLite database lives ("./skullking-data")
	Store   store.Store
	// Durable: every commit to an SQLite database waits for the disk, the
	// tables' (sqlstore.SQLiteOptions) and the score keeper's, which serve
	// opens with the same setting (sqlitedb.Options).
	Durable bool
	Node    string
	Logger  *slog.Logger

	// StoreURL, when set, puts the tables on PostgreSQL (postgres://…)
	// instead of SQLite in DataDir.
	StoreURL string
	// BusURL (nats://…) is the NATS server of a cluster of nodes sharing
	// the store (docs/scaling.md). The serve command dials it and passes
	// the bus in Cluster; New itself does not dial.
	BusURL string
	// Cluster, when set, makes this server one node of several: tables
	// and the lobby are shared through it. The caller closes it after the
	// server.
	Cluster *natsbus.Bus
	// Advertise, on a node of a cluster, is its address as clients reach
	// it: a client that says it follows, connected to another node, is
	// sent here for the tables this node runs (table.Config.Advertise).
	Advertise string

	Grace    time.Duration // an absent player's seat waits this long for a bot (30s)
	BotDelay time.Duration // bots pause this long before each move (700ms); negative: none
	// ThinkLimit caps the search of an expert bot's move or a hint (1s).
	ThinkLimit time.Duration
	LeaseTTL   time.Duration // table ownership lease (30s)
	IdleEvict  time.Duration // finished tables with no clients leave memory (5m)
	InboxSize  int           // each table's inbound queue (table.DefaultInboxSize)
	MaxTables  int           // tables in memory (table.DefaultMaxTables)

	PingInterval time.Duration // quiet before a WebSocket ping (20s)
	PingTimeout  time.Duration // for the pong (15s)
	WriteTimeout time.Duration // for one frame (10s)
	HelloTimeout time.Duration // for the first frame (15s)
	OutQueue     int           // frames queued for one client before it is dropped as too slow (128)

	// MsgRate and MsgBurst bound one connection's messages (10/s, burst 30);
	// a negative MsgRate, none.
	MsgRate  float64
	MsgBurst int
	// HTTPRate and HTTPBurst bound lobby requests that change something
	// (create, join) per client address (2/s, burst 20); negative: no limit.
	HTTPRate  float64
	HTTPBurst int

	// The limits that keep a crowd from hurting a public server (zero:
	// the default noted; negative: no limit). MaxSpectators bounds one
	// table's spectators (200); ChatRate one table's chat lines a second,
	// its players' together and its spectators' together (2, bursts of
	// 10). MaxConnsPerIP bounds the table WebSockets open from one address
	// across all tables (64); MaxTablesPerIP the tables one address created
	// that are not over yet (10). The two per address leave loopback alone
	// unless LimitLoopback is set.
	MaxSpectators  int
	ChatRate       float64
	MaxConnsPerIP  int
	MaxTablesPerIP int
	LimitLoopback  bool

	// PprofAddr, when set, serves Go's profiles on a separate listener, so
	// that they are never exposed on the public address by accident.
	PprofAddr string

	// Mount adds handlers under other paths (such as the score keeper's
	// API), so the one binary serves them too.
	Mount map[string]http.Handler

	// Locale is the catalogue of sentences the pages read (nil: the one
	// compiled in); --pseudo-locale adds the pseudo-language to it.
	Locale *locale.Catalogue

	// Seed, when set, deals every game from the seed it returns instead of
	// one from crypto/rand: for tests of known deals only (no flag sets it).
	Seed func() uint64

	// ReviewWorkers reviews are computed at once at most (1), ReviewQueue
	// more wait (4), beyond which a request for a review is answered 503;
	// ReviewBudget is the expert's work per decision (review.DefaultBudget).
	ReviewWorkers int
	ReviewQueue   int
	ReviewBudget  float64
	// ReviewStarted, when set, is told of each review computation as it
	// begins: for tests that count them (no flag sets it).
	ReviewStarted func(table string)
}

func (c *Config) defaults() {
	if c.Addr == "" {
		c.Addr = ":8080"
	}
	if c.DataDir == "" {
		c.DataDir = "./skullking-data"
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Locale == nil {
		c.Locale = locale.Default()
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&c.PingInterval, 20*time.Second)
	def(&c.PingTimeout, 15*time.Second)
	def(&c.WriteTimeout, 10*time.Second)
	def(&c.HelloTimeout, 15*time.Second)
	if c.OutQueue == 0 {
		c.OutQueue = 128
	}
	if c.MsgRate == 0 {
		c.MsgRate = 10
	}
	if c.MsgBurst == 0 {
		c.MsgBurst = 30
	}
	if c.HTTPRate == 0 {
		c.HTTPRate = 2
	}
	if c.HTTPBurst == 0 {
		c.HTTPBurst = 20
	}
	if c.MaxConnsPerIP == 0 {
		c.MaxConnsPerIP = DefaultMaxConnsPerIP
	}
	if c.MaxTablesPerIP == 0 {
		c.MaxTablesPerIP = DefaultMaxTablesPerIP
	}
	if c.ReviewWorkers <= 0 {
		c.ReviewWorkers = DefaultReviewWorkers
	}
	if c.ReviewQueue <= 0 {
		c.ReviewQueue = DefaultReviewQueue
	}
	if !(c.ReviewBudget > 0) {
		c.ReviewBudget = review.DefaultBudget
	}
}

// Server is one node serving tables.
type Server struct {
	cfg     Config
	log     *slog.Logger
	store   store.Store
	ownsDB  bool
	mgr     *table.Manager
	metrics *metrics
	limits  *ipLimiter
	wsConns *connCounter // table WebSockets per address
	created *tableQuota  // unfinished tables per creating address
	reviews *reviewer
	lobby   *natsbus.Lobby // the cluster's shared lobby (nil: one node)
	// stopKeeper stops the score keeper's hearing of other nodes' edits.
	stopKeeper func()

	// workers runs the deep, short calls of tables' events and clients'
	// frames on goroutines kept between calls (conn.await, Table.next).
	workers *workers.Pool

	ctx    context.Context // cancelled at shutdown: ends every connection
	cancel context.CancelFunc
	conns  sync.WaitGroup

	httpSrv  *http.Server
	ln       net.Listener
	pprofSrv *http.Server
}

// openStore opens the store the configuration names: PostgreSQL at
// StoreURL, or SQLite in DataDir.
func openStore(cfg Config) (store.Store, error) {
	if cfg.StoreURL != "" {
		return sqlstore.OpenPostgres(context.Background(), cfg.StoreURL)
	}
	return sqlstore.OpenSQLite(cfg.DataDir, sqlstore.SQLiteOptions{Durable: cfg.Durable})
}

// New opens the store, resumes every open table and returns a server ready
// to listen.
func New(cfg Config) (*Server, error) {
	cfg.defaults()
	s := &Server{cfg: cfg, log: cfg.Logger, store: cfg.Store, workers: workers.New(table.DefaultIdleWorkers)}
	if s.store == nil {
		db, err := openStore(cfg)
		if err != nil {
			return nil, err
		}
		s.store, s.ownsDB = db, true
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.metrics = newMetrics(func() *table.Manager { return s.mgr })
	if cfg.Cluster != nil {
		s.metrics.watchBus(cfg.Cluster)
	}
	s.limits = newIPLimiter(cfg.HTTPRate, cfg.HTTPBurst)
	tc := table.Config{Store: s.store, Node: cfg.Node, Logger: cfg.Logger, English: words.English{},
		Observer: observer{s.metrics}, Grace: cfg.Grace, BotDelay: cfg.BotDelay, ThinkLimit: cfg.ThinkLimit, LeaseTTL: cfg.LeaseTTL,
		IdleEvict: cfg.IdleEvict, InboxSize: cfg.InboxSize, MaxTables: cfg.MaxTables, Seed: cfg.Seed,
		MaxSpectators: cfg.MaxSpectators, ChatRate: cfg.ChatRate}
	if cfg.Advertise != "" {
		if err := protocol.CheckServerAddress(cfg.Advertise); err != nil {
			return nil, errors.Join(fmt.Errorf("server: Advertise: %w", err), s.closeStore())
		}
		if cfg.Cluster == nil {
			return nil, errors.Join(errors.New("server: Advertise is for a node of a cluster (Cluster)"), s.closeStore())
		}
	}
	if cfg.BusURL != "" && cfg.Cluster == nil {
		return nil, errors.Join(errors.New("server: BusURL is set but no Cluster bus was passed (natsbus.Connect)"), s.closeStore())
	}
	if cfg.Cluster != nil {
		if cfg.Cluster.Node() != cfg.Node {
			return nil, errors.Join(fmt.Errorf("server: the bus is node %q's, this server is node %q", cfg.Cluster.Node(), cfg.Node), s.closeStore())
		}
		lobby, err := natsbus.NewLobby(cfg.Cluster)
		if err != nil {
			return nil, errors.Join(err, s.closeStore())
		}
		s.lobby = lobby
		tc.Bus, tc.Lobby, tc.Advertise = cfg.Cluster, lobby, cfg.Advertise
	}
	tc.Workers = s.workers
	s.mgr = table.NewManager(tc)
	s.wsConns = newConnCounter(cfg.MaxConnsPerIP)
	s.created = newTableQuota(cfg.MaxTablesPerIP, s.mgr.Lobby())
	n, err := s.mgr.Resume(context.Background())
	if err != nil {
		s.mgr.Close()
		s.closeLobby()
		return nil, errors.Join(err, s.closeStore())
	}
	s.log.Info("tables resumed", "count", n)
	s.reviews = newReviewer(s.store, s.log, cfg.ReviewWorkers, cfg.ReviewQueue, cfg.ReviewBudget, cfg.ReviewStarted)
	if err := s.mountKeeper(); err != nil {
		s.mgr.Close()
		s.reviews.close()
		s.closeLobby()
		return nil, errors.Join(err, s.closeStore())
	}
	return s, nil
}

// sheetKeeper is a store that keeps the score keeper's sheets too, in the
// same database (sqlstore's).
type sheetKeeper interface {
	Sheets() scorekeeper.SheetStore
}

// mountKeeper serves the score keeper's API (docs/scorekeeper-api.md) under
// /api/sheets from the store's own database, unless the configuration
// mounts one there itself (tests, with a store of their own); on a
// cluster, the followers of a sheet hear of edits made on every node.
func (s *Server) mountKeeper() error {
	keeper, ok := s.store.(sheetKeeper)
	if _, mounted := s.cfg.Mount["/api/sheets/"]; mounted || !ok {
		return nil
	}
	h := keeperapi.NewHandler(keeper.Sheets())
	if s.cfg.Cluster != nil {
		shared, stop, err := keeperapi.NewSharedHandler(keeper.Sheets(), natsbus.NewSheetChanges(s.cfg.Cluster))
		if err != nil {
			return fmt.Errorf("server: the score keeper's changes: %w", err)
		}
		h, s.stopKeeper = shared, stop
	}
	mount := maps.Clone(s.cfg.Mount)
	if mount == nil {
		mount = map[string]http.Handler{}
	}
	mount["/api/sheets"] = h // POST /api/sheets, without the slash
	mount["/api/sheets/"] = h
	s.cfg.Mount = mount
	return nil
}

// Store is the store the server keeps its tables in: Config.Store, or the
// one it opened from the configuration, which it closes at shutdown.
func (s *Server) Store() store.Store { return s.store }

// Handler is the server's HTTP handler: lobby API, WebSockets, health,
// metrics, and the browser client (package web) on every other path — "/",
// the invite links "/t/{id}", its rules page and assets.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", web.HandlerWith(s.cfg.Locale))
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.Handle("GET /metrics", s.metrics.handler())
	mux.HandleFunc("GET /api", s.apiInfo)
	mux.HandleFunc("GET /api/options", s.options)
	mux.HandleFunc("GET /api/cards", s.cards)
	mux.HandleFunc("GET /api/tables", s.listTables)
	mux.HandleFunc("POST /api/tables", s.limited(s.createTable))
	mux.HandleFunc("GET /api/tables/{id}", s.getTable)
	mux.HandleFunc("POST /api/tables/{id}/join", s.limited(s.joinTable))
	mux.HandleFunc("GET /api/tables/{id}/record", s.getRecord)
	mux.HandleFunc("GET /api/tables/{id}/review", s.getReview)
	mux.HandleFunc("GET /api/tables/{id}/replay", s.getReplay)
	mux.HandleFunc("GET /api/tables/{id}/ws", s.serveWS)
	mux.HandleFunc("POST /api/records", s.limited(s.importRecord))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not_found", protocol.ProblemNoRoute, "Method", r.Method, "Path", r.URL.Path)
	})
	for path, h := range s.cfg.Mount {
		mux.Handle(path, h)
	}
	return s.recoverHTTP(mux)
}

// Start listens on the configured address and serves in the background.
func (s *Server) Start() error {
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return err
	}
	s.ln = ln
	s.httpSrv = &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:    slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
		BaseContext: func(net.Listener) context.Context { return s.ctx }}
	go func() {
		if err := s.httpSrv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.log.Error("http serve", "err", err)
		}
	}()
	s.log.Info("listening", "addr", ln.Addr().String())
	if s.cfg.PprofAddr != "" {
		pln, err := net.Listen("tcp", s.cfg.PprofAddr)
		if err != nil {
			return fmt.Errorf("pprof: %w", err)
		}
		mux := http.NewServeMux()
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
		s.pprofSrv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		go func() {
			if err := s.pprofSrv.Serve(pln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				s.log.Error("pprof serve", "err", err)
			}
		}()
		s.log.Info("profiles", "addr", pln.Addr().String())
	}
	return nil
}

// Addr is the address the server listens on, once started.
func (s *Server) Addr() string {
	if s.ln == nil {
		return ""
	}
	return s.ln.Addr().String()
}

// Shutdown stops taking requests, stops every table (each tells its
// clients to reconnect later), closes the connections and flushes the
// store. Every acknowledged action is already stored before this starts.
func (s *Server) Shutdown(ctx context.Context) error {
	// Neither error stops the shutdown: the connections still open when
	// ctx ends are closed below, and what is kept is flushed all the same.
	if s.httpSrv != nil {
		if err := s.httpSrv.Shutdown(ctx); err != nil {
			s.log.Warn("http shutdown: closing the connections still open", "err", err)
		}
	}
	if s.pprofSrv != nil {
		if err := s.pprofSrv.Close(); err != nil {
			s.log.Warn("pprof close", "err", err)
		}
	}
	s.mgr.Close()
	s.reviews.close()
	done := make(chan struct{})
	go func() {
		s.conns.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
	}
	s.cancel()
	s.conns.Wait()
	s.workers.Close()
	if s.stopKeeper != nil {
		s.stopKeeper()
	}
	s.closeLobby()
	return s.closeStore()
}

// closeStore closes the store if the server opened it.
func (s *Server) closeStore() error {
	if s.ownsDB {
		return s.store.Close()
	}
	return nil
}

// closeLobby stops following the other nodes' tables.
func (s *Server) closeLobby() {
	if s.lobby != nil {
		s.lobby.Close()
	}
}

// recoverHTTP answers 500 instead of crashing when a handler panics.
func (s *Server) recoverHTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("http handler panicked", "path", r.URL.Path, "panic", fmt.Sprint(v))
				writeError(w, http.StatusInternalServerError, protocol.ErrInternal, protocol.ProblemInternal)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"internal error","code":"internal"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n')) // fails only when the client has gone: no one to tell
}

// writeError answers an HTTP request with an error: code for programs,
// problem (with its facts as name, value pairs) for the client to word,
// and the problem's English for logs and tools.
func writeError(w http.ResponseWriter, status int, code, problem string, pairs ...any) {
	writeProblem(w, status, code, protocol.NewProblem(problem, pairs...))
}

// writeProblem answers with problem p, as writeError does.
func writeProblem(w http.ResponseWriter, status int, code string, p *protocol.Problem) {
	writeJSON(w, status, protocol.ErrorBody{Error: words.Problem(p), Code: code, Problem: p})
}

// maxBody bounds a lobby request body.
const maxBody = 64 << 10

// decodeBody reads a lobby request's JSON body into v, or answers why it
// cannot. A body that is not text is refused whole, as a client's frame
// is (protocol.CheckText): the JSON decoder would replace each bad byte,
// and each escape of half a surrogate pair, with U+FFFD, and a nickname or
// a table's name would be stored repaired instead of refused.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		writeError(w, http.StatusBadRequest, protocol.ErrBadRequest, protocol.ProblemBodyTooBig, "Max", maxBody>>10)
		return false
	case err != nil:
		writeError(w, http.StatusBadRequest, protocol.ErrBadRequest, protocol.ProblemBody, "Detail", err.Error())
		return false
	}
	var notUTF8 *protocol.UTF8Error
	if err := protocol.CheckText(body); errors.As(err, &notUTF8) {
		writeError(w, http.StatusBadRequest, protocol.ErrBadRequest, protocol.ProblemBody,
			"Detail", fmt.Sprintf("not valid UTF-8 (byte %#02x at offset %d)", notUTF8.Byte, notUTF8.Offset))
		return false
	} else if err != nil {
		writeError(w, http.StatusBadRequest, protocol.ErrBadRequest, protocol.ProblemBody, "Detail", err.Error())
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); errors.Is(err, skullking.ErrBadOptions) {
		// Well-formed JSON whose rules the engine refuses: said as the
		// create form says it, under the option's label.
		writeError(w, http.StatusBadRequest, protocol.ErrBadRequest, protocol.ProblemBadOption, "Detail", protocol.RulesProblem(err))
		return false
	} else if err != nil {
		writeError(w, http.StatusBadRequest, protocol.ErrBadRequest, protocol.ProblemBody, "Detail", strings.TrimPrefix(err.Error(), "json: "))
		return false
	}
	if dec.More() {
		writeError(w, http.StatusBadRequest, protocol.ErrBadRequest, protocol.ProblemBody, "Detail", "one JSON object, nothing after it")
		return false
	}
	return true
}

// limited applies the per-address rate limit to a lobby request.
func (s *Server) limited(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if ok, wait := s.limits.allow(clientIP(r), time.Now()); !ok {
			w.Header().Set("Retry-After", retryAfter(wait))
			s.metrics.refused.WithLabelValues(protocol.ErrRateLimited).Inc()
			writeError(w, http.StatusTooManyRequests, protocol.ErrRateLimited, protocol.ProblemTooManyRequests)
			return
		}
		h(w, r)
	}
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		writeError(w, http.StatusServiceUnavailable, "unhealthy", protocol.ProblemUnhealthy, "Detail", err.Error())
		return
	}
	answer := map[string]string{"status": "ok"}
	if b := s.cfg.Cluster; b != nil {
		// A node without NATS still serves the tables it owns to its own
		// clients: it stays in the load balancer, and says so.
		answer["node"], answer["bus"] = b.Node(), "connected"
		if !b.Conn().IsConnected() {
			answer["bus"] = "disconnected"
		}
	}
	writeJSON(w, http.StatusOK, answer)
}

func (s *Server) apiInfo(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, protocol.ServerInfo{Protocol: protocol.Version, Subprotocol: protocol.Subprotocol,
		Bots: bot.Levels(), MaxFrame: protocol.MaxFrame, MaxChat: protocol.MaxChat, MaxName: table.MaxNameLen})
}

// options lists every option a form may set: the engine's rules, then the
// table's own settings.
func (s *Server) options(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, append(protocol.RuleOptions(), table.SettingOptions()...))
}

// cards is the card catalogue: what a client needs to draw and name every
// card.
func (s *Server) cards(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, protocol.Cards())
}

func (s *Server) listTables(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, protocol.TableList{Tables: s.mgr.Lobby().List(100)})
}

func (s *Server) createTable(w http.ResponseWriter, r *http.Request) {
	req := table.CreateRequest{Settings: table.DefaultSettings()}
	if !decodeBody(w, r, &req) {
		return
	}
	done := func(string) {}
	if ip := clientIP(r); !s.exempt(ip) {
		var held int
		var ok bool
		if done, held, ok = s.created.reserve(ip); !ok {
			s.metrics.refused.WithLabelValues(protocol.ErrTooManyTables).Inc()
			writeError(w, http.StatusTooManyRequests, protocol.ErrTooManyTables, protocol.ProblemTooManyTables, "Count", held)
			return
		}
	}
	id, seat, token, err := s.mgr.Create(r.Context(), req)
	done(id)
	if err != nil {
		s.tableError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, protocol.CreateResponse{ID: id, Seat: seat, Token: token, Invite: "/t/" + id,
		WS: protocol.SocketPath(id)})
}

// tableError maps an error from the table manager to an HTTP answer.
func (s *Server) tableError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, protocol.ErrNoTable, protocol.ProblemNoTable)
	case errors.Is(err, table.ErrFull), errors.Is(err, table.ErrClosed), errors.Is(err, table.ErrOverloaded):
		w.Header().Set("Retry-After", "5")
		problem := protocol.ProblemOverloaded
		if errors.Is(err, table.ErrFull) {
			problem = protocol.ProblemServerFull
		} else if errors.Is(err, table.ErrClosed) {
			problem = protocol.ProblemServerClosing
		}
		writeError(w, http.StatusServiceUnavailable, protocol.ErrOverloaded, problem)
	case errors.Is(err, store.ErrLeased):
		// Another node holds the table: it is moving (its owner died and
		// its lease has yet to run out), or this node has not yet heard of
		// it. Either way a moment later it answers.
		w.Header().Set("Retry-After", "2")
		writeError(w, http.StatusServiceUnavailable, protocol.ErrOverloaded, protocol.ProblemTableMoving)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		writeError(w, http.StatusServiceUnavailable, protocol.ErrOverloaded, protocol.ProblemNoAnswer)
	default:
		var inv *table.InvalidError
		if errors.As(err, &inv) {
			writeProblem(w, http.StatusBadRequest, protocol.ErrBadRequest, inv.Problem)
			return
		}
		s.log.Error("lobby request failed", "err", err)
		writeError(w, http.StatusInternalServerError, protocol.ErrInternal, protocol.ProblemInternal)
	}
}

// info returns a table's public summary, loading the table if needed.
func (s *Server) info(ctx context.Context, id string) (protocol.TableInfo, error) {
	if !protocol.ValidTableID(id) {
		// Not an id a table could have: no need to ask the store.
		return protocol.TableInfo{}, store.ErrNotFound
	}
	if in, ok := s.mgr.Lobby().Get(id); ok {
		return in, nil
	}
	if _, err := s.mgr.Ensure(ctx, id); err != nil {
		if errors.Is(err, store.ErrLeased) {
			return s.infoFromOwner(ctx, id, err)
		}
		return protocol.TableInfo{}, err
	}
	if in, ok := s.mgr.Lobby().Get(id); ok {
		return in, nil
	}
	return protocol.TableInfo{}, store.ErrNotFound
}

// ownerNewsWait bounds the wait for another node's lobby entry of a table
// it runs: the news crosses the bus in milliseconds.
const ownerNewsWait = 2 * time.Second

// infoFromOwner is the summary of table id, which another node runs
// (leased): its lobby entry may not have reached this node yet, as when
// the table was created there a moment ago and a guest's join or dial
// comes here. It waits a moment for the entry, then gives up with leased,
// which asks the client to try again.
func (s *Server) infoFromOwner(ctx context.Context, id string, leased error) (protocol.TableInfo, error) {
	ctx, cancel := context.WithTimeout(ctx, ownerNewsWait)
	defer cancel()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		if in, ok := s.mgr.Lobby().Get(id); ok {
			return in, nil
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return protocol.TableInfo{}, leased
		}
	}
}

func (s *Server) getTable(w http.ResponseWriter, r *http.Request) {
	in, err := s.info(r.Context(), r.PathValue("id"))
	if err != nil {
		s.tableError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, in)
}

func (s *Server) joinTable(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var req protocol.JoinRequest
	if !decodeBody(w, r, &req) {
		return
	}
	if _, err := s.info(r.Context(), id); err != nil {
		s.tableError(w, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	reply, err := s.mgr.Request(ctx, id, protocol.ClientMsg{Type: protocol.TypeJoin, Name: req.Nickname, Seat: req.Seat})
	if errors.Is(err, table.ErrNoTable) {
		// The table was put away between the lookup and the request.
		if _, err = s.mgr.Ensure(ctx, id); err == nil {
			reply, err = s.mgr.Request(ctx, id, protocol.ClientMsg{Type: protocol.TypeJoin, Name: req.Nickname, Seat: req.Seat})
		}
	}
	if err != nil {
		s.tableError(w, err)
		return
	}
	switch {
	case reply.Type == protocol.TypeJoined && reply.Seat != nil:
		writeJSON(w, http.StatusOK, protocol.JoinResponse{ID: id, Seat: *reply.Seat, Token: reply.Token, WS: protocol.SocketPath(id)})
	case reply.Code == protocol.ErrInternal:
		writeProblem(w, http.StatusInternalServerError, reply.Code, reply.Problem)
	case reply.Type == protocol.TypeBye:
		writeProblem(w, http.StatusServiceUnavailable, protocol.ErrOverloaded, reply.Problem)
	default:
		writeProblem(w, http.StatusConflict, reply.Code, reply.Problem)
	}
}

func (s *Server) getRecord(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	b, ok := s.finishedRecord(w, r, id, "record")
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="skullking-`+id+`.json"`)
	_, _ = w.Write(b) // fails only when the client has gone: no one to tell
}
