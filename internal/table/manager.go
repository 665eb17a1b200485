// Package table runs online tables: one actor (a goroutine) per table owns
// its seats, its engine state and its timers, and everything reaches it
// through a bounded queue. Every accepted action is appended to the store
// before anyone hears of it, so a table is rebuilt exactly by replaying its
// log. Bots fill seats, stand in for absent players after a grace period and
// act when a turn timer runs out. The network side talks to tables only
// through a Bus, and the lobby only through a Lobby index.
package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/internal/workers"
	"github.com/skullking-go/skullking/protocol"
)

// Observer hears what tables do, for metrics. Calls come from table actors
// and must be quick.
type Observer interface {
	// Applied: an action was accepted and its views published; latency runs
	// from the intent's arrival (or the timer firing) to the last frame sent.
	Applied(by string, latency time.Duration)
	// Appended: the store took this long to append one action.
	Appended(d time.Duration)
	// Refused: an intent was refused with a wire error code.
	Refused(code string)
	// Moved: a table changed node, taken over here ("taken") from a node
	// whose lease ran out, or lost ("lost") to another node.
	Moved(way string)
}

type nopObserver struct{}

func (nopObserver) Applied(string, time.Duration) {}
func (nopObserver) Appended(time.Duration)        {}
func (nopObserver) Refused(string)                {}
func (nopObserver) Moved(string)                  {}

// DefaultInboxSize is how many intents a table's queue holds before
// messages are refused as overloaded. The queue's buffer is allocated
// whole with every table in memory, and a server holds tens of thousands
// of tables: it holds pointers (1 KB a table), each queued intent in an
// allocation of its own that lives only while it waits. 128 take every
// line of a chat flood from twenty connections at once, so that the
// table's own chat limit answers it rather than the queue, and a crowd's
// hellos wait for room anyway.
const DefaultInboxSize = 128

// Config configures a Manager. Zero durations take the defaults noted.
type Config struct {
	Store    store.Store
	Bus      Bus          // default: a LocalBus
	Lobby    Lobby        // default: a MemoryLobby
	Node     string       // this node's name in leases (default "local")
	Logger   *slog.Logger // default: discard
	Observer Observer
	// Advertise is this node's address as clients reach it (an absolute
	// http or https URL, protocol.CheckServerAddress). When set, a client
	// connected to another node whose hello says it follows (Follow) is
	// sent here by a bye naming it, rather than relayed: its messages then
	// reach the table without crossing the bus.
	Advertise string
	// English words the codes of errors, byes and hints for the frames'
	// English, which logs and tools read (words.English); nil sends the
	// codes alone.
	English English

	Grace     time.Duration // an absent player's seat waits this long for a bot (30s)
	BotDelay  time.Duration // bots wait this long before acting, so people can follow (700ms); negative: none
	LeaseTTL  time.Duration // 30s
	IdleEvict time.Duration // a finished table with no clients leaves memory after this (5m)
	InboxSize int           // each table's queue (DefaultInboxSize)
	// Workers runs the tables' events (Table.next), on goroutines whose
	// stacks an event before has grown. Default: the manager's own, which
	// Close ends; a pool passed here is its owner's to close.
	Workers *workers.Pool
	// ThinkLimit caps the search of an expert bot's move or a hint (1s): the
	// work budget keeps them far quicker, but a busy machine must not stall
	// a table.
	ThinkLimit time.Duration
	// Bots makes a seat's bot from its level name (default: bot.NewWithin
	// ThinkLimit).
	Bots      func(level string, seed uint64) (bot.Bot, error)
	MaxTables int // tables in memory at once; creation fails beyond (DefaultMaxTables)
	// MaxSpectators bounds one table's spectators (200); negative: no limit.
	MaxSpectators int
	// ChatRate and ChatBurst bound one table's chat lines a second, its
	// players' together and its spectators' together (2/s, bursts of 10);
	// a negative ChatRate, no limit.
	ChatRate  float64
	ChatBurst int
	// Seed, when set, gives every game started its deal seed in place of
	// crypto/rand: for tests that need a known deal. A server for players
	// leaves it nil, so that nobody can know a deal before it is dealt.
	Seed func() uint64
}

// The defaults of the limits a table sets on a crowd: a public table may
// draw hundreds of watchers, and a few hundred is what one table's
// broadcasts serve without delaying its players; two lines a second, with
// a burst for everyone's "well played", is more than people type.
const (
	DefaultMaxSpectators = 200
	DefaultChatRate      = 2
	DefaultChatBurst     = 10
)

// DefaultMaxTables is how many tables a manager holds in memory at once
// unless told otherwise: 20,000 tables of four players are 80,000
// connections, past what one machine's open files allow anyway.
const DefaultMaxTables = 20000

// DefaultThinkLimit caps an expert's move or a hint when Config leaves
// ThinkLimit zero.
const DefaultThinkLimit = time.Second

// Manager creates, loads and runs tables.
type Manager struct {
	cfg    Config
	log    *slog.Logger
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	nextID atomic.Uint64
	// born is when the manager started: tables keep their leases' expiry
	// as a time since then, on the monotonic clock.
	born time.Time

	// thinkers bounds the bot searches and hints running at once across
	// tables, one per core (two at least, so that a hint need not wait for
	// a bot's move on a one-core machine): more would only share the cores.
	thinkers chan struct{}

	// steps runs the tables' events (Table.next): cfg.Workers, or the
	// manager's own when ownSteps.
	steps    *workers.Pool
	ownSteps bool

	mu      sync.Mutex
	tables  map[string]*Table
	loading map[string]chan struct{}
	closed  bool
}

// DefaultIdleWorkers bounds the workers a manager's own pool keeps
// waiting (Config.Workers): a few per core cover a steady load, whose
// events mostly run one after another; a burst's extra workers end with
// it.
const DefaultIdleWorkers = 64

// NewManager returns a manager; call Resume to bring back open tables.
func NewManager(cfg Config) *Manager {
	if cfg.Bus == nil {
		cfg.Bus = NewLocalBus()
	}
	if cfg.Lobby == nil {
		cfg.Lobby = NewMemoryLobby()
	}
	if cfg.ThinkLimit <= 0 {
		cfg.ThinkLimit = DefaultThinkLimit
	}
	if cfg.Bots == nil {
		limit := cfg.ThinkLimit
		cfg.Bots = func(level string, seed uint64) (bot.Bot, error) { return bot.NewWithin(level, seed, limit) }
	}
	if cfg.Node == "" {
		cfg.Node = "local"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Observer == nil {
		cfg.Observer = nopObserver{}
	}
	if cfg.Grace == 0 {
		cfg.Grace = 30 * time.Second
	}
	if cfg.BotDelay == 0 {
		cfg.BotDelay = 700 * time.Millisecond
	}
	if cfg.BotDelay < 0 {
		cfg.BotDelay = 0
	}
	if cfg.LeaseTTL == 0 {
		cfg.LeaseTTL = 30 * time.Second
	}
	if cfg.IdleEvict == 0 {
		cfg.IdleEvict = 5 * time.Minute
	}
	if cfg.InboxSize == 0 {
		cfg.InboxSize = DefaultInboxSize
	}
	if cfg.MaxTables == 0 {
		cfg.MaxTables = DefaultMaxTables
	}
	if cfg.MaxSpectators == 0 {
		cfg.MaxSpectators = DefaultMaxSpectators
	}
	if cfg.ChatRate == 0 {
		cfg.ChatRate = DefaultChatRate
	}
	if cfg.ChatBurst == 0 {
		cfg.ChatBurst = DefaultChatBurst
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := &Manager{cfg: cfg, log: cfg.Logger, ctx: ctx, cancel: cancel, born: time.Now(),
		tables: map[string]*Table{}, loading: map[string]chan struct{}{},
		thinkers: make(chan struct{}, max(runtime.GOMAXPROCS(0), 2)),
		steps:    cfg.Workers}
	if m.steps == nil {
		m.steps, m.ownSteps = workers.New(DefaultIdleWorkers), true
	}
	m.wg.Add(2)
	go m.heartbeat()
	go m.sweep()
	return m
}

// sweep takes over, a third of a lease's life apart, the open tables that
// no node runs: those of a node that died, once their leases expire
// (docs/scaling.md, "One owner per table"). With one node it brings back a
// table whose load failed for a moment. A table another node takes first
// is left to it.
func (m *Manager) sweep() {
	defer m.wg.Done()
	every := m.cfg.LeaseTTL / 3
	failed := map[string]time.Time{} // tables that would not load, not tried again for a while
	for {
		// Nodes that start together sweep at different moments.
		wait := every/2 + time.Duration(rand.Int64N(int64(every)))
		select {
		case <-m.ctx.Done():
			return
		case <-time.After(wait):
		}
		ctx, cancel := context.WithTimeout(m.ctx, every)
		ids, err := m.cfg.Store.Unowned(ctx, m.cfg.Node)
		cancel()
		if err != nil {
			m.log.Warn("look for tables to take over", "err", err)
			continue
		}
	takeOver:
		for _, id := range ids {
			if m.running(id) || time.Now().Before(failed[id]) {
				continue
			}
			ctx, cancel := context.WithTimeout(m.ctx, opTimeout)
			_, err := m.Ensure(ctx, id)
			cancel()
			switch {
			case err == nil:
				delete(failed, id)
				m.log.Info("table taken over", "table", id)
				m.cfg.Observer.Moved("taken")
			case errors.Is(err, store.ErrLeased):
				// Another node was quicker.
			case errors.Is(err, ErrFull), errors.Is(err, ErrClosed):
				break takeOver
			default:
				m.log.Error("take over table", "table", id, "err", err)
				failed[id] = time.Now().Add(time.Minute)
			}
		}
	}
}

// running reports whether table id is in memory here.
func (m *Manager) running(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.tables[id]
	return ok
}

// heartbeat renews every lease this node holds, a third of a lease's life
// apart, in one write; a table whose lease another node has taken is
// stopped before it can write again. Each table renewed learns how long
// its lease now runs. While renewals fail, a table whose lease has half its
// life or less left is asked to check it itself (Table.checkLease), so
// that it lets go before the lease can lapse under it.
func (m *Manager) heartbeat() {
	defer m.wg.Done()
	every := m.cfg.LeaseTTL / 3
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-m.ctx.Done():
			return
		case <-t.C:
		}
		start := time.Now()
		ctx, cancel := context.WithTimeout(m.ctx, every)
		ids, err := m.cfg.Store.RenewLeases(ctx, m.cfg.Node, m.cfg.LeaseTTL)
		cancel()
		if err != nil {
			m.log.Warn("renew leases", "err", err)
			m.checkLeases()
			continue
		}
		held := make(map[string]bool, len(ids))
		for _, id := range ids {
			held[id] = true
		}
		m.mu.Lock()
		var lost []*Table
		for id, tab := range m.tables {
			if held[id] {
				tab.granted(start)
			} else {
				lost = append(lost, tab)
			}
		}
		m.mu.Unlock()
		for _, tab := range lost {
			// A table loaded after the renewal began is not lost; only one
			// whose lease row names another node is.
			if tab.loadedAt.Before(time.Now().Add(-every)) {
				m.log.Error("lease lost: another node runs this table", "table", tab.id)
				tab.lost.Store(true)
				m.cfg.Observer.Moved("lost")
				tab.cancel()
			}
		}
	}
}

// checkLeases asks each table whose lease runs for half its life or less
// to check it: the heartbeat could not renew it.
func (m *Manager) checkLeases() {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, tab := range m.tables {
		if tab.leaseLeft() <= m.cfg.LeaseTTL/2 {
			select {
			case tab.leaseCheck <- struct{}{}:
			default: // one is waiting already
			}
		}
	}
}

// leaseMargin is how long before its lease runs out, as the node sees it,
// a table stops writing: a tenth of the lease, for the nodes' clocks to
// disagree by and for a write sent just before to land.
func (m *Manager) leaseMargin() time.Duration { return m.cfg.LeaseTTL / 10 }

// Bus returns the manager's bus.
func (m *Manager) Bus() Bus { return m.cfg.Bus }

// Lobby returns the manager's lobby index.
func (m *Manager) Lobby() Lobby { return m.cfg.Lobby }

// NewClientID returns an id unique on this node.
func (m *Manager) NewClientID() ClientID {
	return ClientID(fmt.Sprintf("%s/%d", m.cfg.Node, m.nextID.Add(1)))
}

// relayed reports whether client id is connected to another node: its
// messages reach this node's tables through the bus.
func (m *Manager) relayed(id ClientID) bool {
	return !strings.HasPrefix(string(id), m.cfg.Node+"/")
}

// ErrClosed: the manager is shutting down.
var ErrClosed = errors.New("table: server shutting down")

// ErrFull: the node runs as many tables as it may.
var ErrFull = errors.New("table: too many tables on this server, try later")

// Stats counts the tables in memory by status.
func (m *Manager) Stats() map[store.Status]int {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[store.Status]int{store.StatusLobby: 0, store.StatusPlaying: 0, store.StatusOver: 0}
	for _, t := range m.tables {
		out[store.Status(t.status.Load().(string))]++
	}
	return out
}

// Resume loads every table not yet over that no other node runs, as after
// a restart: each replays its log and re-arms its timers.
func (m *Manager) Resume(ctx context.Context) (int, error) {
	ids, err := m.cfg.Store.Unowned(ctx, m.cfg.Node)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		if _, err := m.Ensure(ctx, id); err != nil {
			m.log.Error("resume table", "table", id, "err", err)
			continue
		}
		n++
	}
	return n, nil
}

// Ensure makes sure table id runs here, loading it from the store if needed.
func (m *Manager) Ensure(ctx context.Context, id string) (*Table, error) {
	for {
		m.mu.Lock()
		if m.closed {
			m.mu.Unlock()
			return nil, ErrClosed
		}
		if t, ok := m.tables[id]; ok {
			m.mu.Unlock()
			return t, nil
		}
		if wait, ok := m.loading[id]; ok {
			m.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		if len(m.tables) >= m.cfg.MaxTables {
			m.mu.Unlock()
			return nil, ErrFull
		}
		done := make(chan struct{})
		m.loading[id] = done
		m.mu.Unlock()

		t, err := m.load(ctx, id)

		m.mu.Lock()
		delete(m.loading, id)
		close(done)
		if err == nil {
			if m.closed {
				m.mu.Unlock()
				t.stop()
				return nil, ErrClosed
			}
			m.tables[id] = t
			// In the lobby index before anyone hears the table exists, so a
			// join right after the creation finds it.
			t.announce()
			m.wg.Add(1)
			go t.run(m.wg.Done)
		}
		m.mu.Unlock()
		return t, err
	}
}

// load reads a table from the store and prepares its actor.
func (m *Manager) load(ctx context.Context, id string) (*Table, error) {
	row, log, err := m.cfg.Store.LoadTable(ctx, id)
	if err != nil {
		return nil, err
	}
	t, err := newTable(m, row, log)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// forget removes a table that has stopped.
func (m *Manager) forget(t *Table) {
	m.mu.Lock()
	if m.tables[t.id] == t {
		delete(m.tables, t.id)
	}
	m.mu.Unlock()
}

// InvalidError is a request refused as asked: bad settings, a bad
// nickname. Its problem is for the person who asked, its Msg the
// problem in English.
type InvalidError struct {
	Msg     string
	Problem *protocol.Problem
}

func (e *InvalidError) Error() string { return e.Msg }

func invalid(err error) error { return &InvalidError{Msg: err.Error(), Problem: problemOf(err)} }

// Create opens a table: the creator takes the first open seat and becomes
// the host. It returns the table id, the creator's seat and token.
func (m *Manager) Create(ctx context.Context, req CreateRequest) (id string, seat int, token string, err error) {
	// A new table shows no names yet but its bots', which are reserved.
	name, err := checkNickname(req.Nickname, nil)
	if err != nil {
		return "", 0, "", invalid(err)
	}
	if len(req.Seats) < 2 || len(req.Seats) > 8 {
		return "", 0, "", invalid(refused(protocol.ProblemSeatCount, "Count", len(req.Seats)))
	}
	st := req.Settings
	if err := normalizeSettings(&st, len(req.Seats)); err != nil {
		return "", 0, "", invalid(err)
	}
	ps := seatsBlob{}
	seat = -1
	for i, sp := range req.Seats {
		switch sp.Kind {
		case KindOpen, KindPerson, "":
			if seat < 0 {
				seat = i
			}
			ps.Seats = append(ps.Seats, Seat{Kind: KindOpen})
		case KindBot:
			lvl, err := checkLevel(sp.Level)
			if err != nil {
				return "", 0, "", invalid(refused(protocol.ProblemSeatBotLevel, "Seat", i,
					"Level", strings.ToLower(strings.TrimSpace(sp.Level)), "Levels", strings.Join(bot.Levels(), ", ")))
			}
			ps.Seats = append(ps.Seats, Seat{Kind: KindBot, Level: lvl, Name: botName(i)})
		default:
			return "", 0, "", invalid(refused(protocol.ProblemSeatKind, "Seat", i, "Kind", sp.Kind))
		}
	}
	if seat < 0 {
		return "", 0, "", invalid(refused(protocol.ProblemSeatForYou))
	}
	token, hash, err := newToken()
	if err != nil {
		return "", 0, "", err
	}
	ps.Seats[seat] = Seat{Kind: KindPerson, Name: name, TokenHash: hash}
	ps.HostHash = hash
	id, err = m.createRow(ctx, st, ps, nil)
	return id, seat, token, err
}

// Import keeps the record of a game played elsewhere (on a player's
// device, with no server) as a finished table of its own, so that its
// review, replay and record are served as any finished table's. The
// record must replay to the end of its game. The table has no log: its
// record is all there is of it, and nobody holds a seat at it.
func (m *Manager) Import(ctx context.Context, record []byte) (string, error) {
	rec, err := skullking.ParseRecord(record)
	if err != nil {
		return "", &InvalidError{Msg: err.Error(), Problem: protocol.NewProblem(protocol.ProblemRecordBad, "Detail", err.Error())}
	}
	g, err := rec.Replay()
	if err != nil {
		return "", &InvalidError{Msg: err.Error(), Problem: protocol.NewProblem(protocol.ProblemRecordBad, "Detail", err.Error())}
	}
	if !g.Over() {
		return "", &InvalidError{Msg: "the game is not over", Problem: protocol.NewProblem(protocol.ProblemRecordUnplayed)}
	}
	st := DefaultSettings()
	st.Options = rec.Options
	ps := seatsBlob{Names: rec.Players}
	for _, name := range rec.Players {
		ps.Seats = append(ps.Seats, Seat{Kind: KindPerson, Name: name})
	}
	return m.createRow(ctx, st, ps, record)
}

// createRow stores a new table and starts its actor: in the lobby state,
// or, given the record of a finished game (Import), over.
func (m *Manager) createRow(ctx context.Context, st Settings, ps seatsBlob, record []byte) (string, error) {
	m.mu.Lock()
	full := len(m.tables) >= m.cfg.MaxTables
	m.mu.Unlock()
	if full {
		return "", ErrFull
	}
	sj, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	pj, err := json.Marshal(ps)
	if err != nil {
		return "", err
	}
	now := time.Now()
	for attempt := 0; ; attempt++ {
		id, err := newTableID()
		if err != nil {
			return "", err
		}
		row := &store.Table{ID: id, Status: store.StatusLobby, Public: st.Public, Settings: sj, Seats: pj,
			CreatedAt: now, UpdatedAt: now}
		if record != nil {
			row.Status, row.StartedAt = store.StatusOver, now
		}
		// The lease comes first: another node sweeping for unowned tables
		// must not take a table the moment its row exists, before its
		// creator has loaded it.
		var lease store.Lease
		if m.running(id) {
			err = store.ErrConflict
		} else if lease, err = m.cfg.Store.AcquireLease(ctx, id, m.cfg.Node, m.cfg.LeaseTTL); errors.Is(err, store.ErrLeased) {
			err = store.ErrConflict
		} else if err == nil {
			if err = m.cfg.Store.CreateTable(ctx, row); err == nil && record != nil {
				err = m.cfg.Store.PutRecord(ctx, id, record)
			}
			if err != nil {
				// Failing, the lease runs out by itself; err is the answer.
				_ = m.cfg.Store.ReleaseLease(context.Background(), lease)
			}
		}
		if errors.Is(err, store.ErrConflict) && attempt < 5 {
			continue // an id collision: draw another
		}
		if err != nil {
			return "", err
		}
		if _, err := m.Ensure(ctx, id); err != nil {
			return "", err
		}
		return id, nil
	}
}

// Request sends a lobby request (IntentJoin) to a table and waits for its
// reply, through the bus like any client, so it works wherever the table runs.
func (m *Manager) Request(ctx context.Context, table string, msg protocol.ClientMsg) (protocol.ServerMsg, error) {
	id := m.NewClientID()
	reply := make(chan []byte, 1)
	cancel := m.cfg.Bus.Subscribe(id, EndpointFunc(func(f Frame) bool {
		select {
		case reply <- f.Data:
		default:
		}
		return true
	}))
	defer cancel()
	if err := m.cfg.Bus.SendWait(ctx, table, Intent{Kind: IntentJoin, Client: id, Msg: msg, At: time.Now()}); err != nil {
		return protocol.ServerMsg{}, err
	}
	select {
	case b := <-reply:
		var out protocol.ServerMsg
		if err := json.Unmarshal(b, &out); err != nil {
			return protocol.ServerMsg{}, err
		}
		return out, nil
	case <-ctx.Done():
		return protocol.ServerMsg{}, ctx.Err()
	}
}

// Close stops every table (each tells its clients and releases its lease)
// and waits for them. Every accepted action is already in the store.
func (m *Manager) Close() {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
	m.cancel()
	m.wg.Wait()
	if m.ownSteps {
		m.steps.Close()
	}
}
