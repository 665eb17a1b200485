package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/protocol"
)

// Seat is a seat as stored: who holds it. A person's token is kept only as
// its SHA-256, so the database alone cannot reclaim a seat.
type Seat struct {
	Kind      string `json:"kind"`
	Name      string `json:"name,omitempty"`
	Level     string `json:"level,omitempty"`
	TokenHash string `json:"token_hash,omitempty"`
}

// seatsBlob is the stored form of a table's seats.
type seatsBlob struct {
	Seats    []Seat `json:"seats"`
	HostHash string `json:"host"`
	// Names are the game's seat names, fixed when it starts: replay needs
	// the same names the record was written with.
	Names []string `json:"names,omitempty"`
}

func (b seatsBlob) clone() seatsBlob {
	b.Seats = append([]Seat(nil), b.Seats...)
	b.Names = append([]string(nil), b.Names...)
	return b
}

// presence is what the actor knows of a seat beyond the store: live
// connections and absence.
type presence struct {
	conns     int
	awaySince time.Time // set while a person has no connection
	standin   bool      // the grace period ran out: a bot plays for the person
	// stoodIn is what the stand-in decided for the person since they left,
	// told to them when they come back (the welcome's stood_in).
	stoodIn []protocol.Event
}

// maxStoodIn bounds what a seat's stand-in report keeps: the latest
// decisions, a whole game's for a seat of eight, which a player coming
// back after hours would not read further back than.
const maxStoodIn = 200

// noteStandIn keeps a stand-in's decision for the absent person of seat s.
func (t *Table) noteStandIn(a skullking.Action, by string) {
	s := int(a.Seat)
	if by != protocol.ByBot || s < 0 || s >= len(t.pres) || t.seats.Seats[s].Kind != KindPerson || !t.pres[s].standin {
		return
	}
	p := &t.pres[s]
	if len(p.stoodIn) >= maxStoodIn {
		p.stoodIn = append(p.stoodIn[:0], p.stoodIn[1:]...)
	}
	p.stoodIn = append(p.stoodIn, *protocol.OwnEventOf(a, t.st.Options.PirateAbilities, by))
}

// client is one connection attached to the table.
type client struct {
	seat int // −1: spectator
	hash string
	// resultsOnce: the connection said results_once, and has been sent
	// the first sent rounds of the score sheet (−1: none yet).
	resultsOnce bool
	sent        int
}

// waitKey identifies what the game waits for; when it changes, a new turn
// starts and the turn timer starts over.
type waitKey struct {
	phase         skullking.Phase
	round, trick  int
	turn, pending int
}

func keyOf(g *skullking.Game) waitKey {
	_, p := g.Pending()
	return waitKey{phase: g.Phase(), round: g.Round(), trick: g.TrickNumber(), turn: g.Turn(), pending: p}
}

// maxConnsPerSeat bounds one seat's connections (tabs, phones, a
// reconnection overlapping a dying one).
const maxConnsPerSeat = 4

// opTimeout bounds one store operation, so a stuck disk cannot hold a table
// forever.
const opTimeout = 10 * time.Second

// Table is one table's actor. Only its goroutine touches its state (the
// fields from release on); the manager and the bus reach it through inbox
// alone, and read nothing else but the atomics and what is set before the
// actor starts.
type Table struct {
	id       string
	m        *Manager
	log      *slog.Logger
	inbox    chan *Intent
	ctx      context.Context
	cancel   context.CancelFunc
	status   atomic.Value // string: the store status, for Manager.Stats
	loadedAt time.Time    // set once, before the actor starts
	lost     atomic.Bool  // let go: another node holds the lease, or may (letGo)
	// leaseUntil is when the lease runs out as this node sees it, in
	// nanoseconds since the manager's birth on the monotonic clock: the
	// start of the latest granted request (acquisition or renewal) plus
	// the lease's life. The heartbeat moves it on; the actor reads it
	// before each write (mayWrite).
	leaseUntil atomic.Int64
	// leaseCheck: the heartbeat could not renew the lease, which has half
	// its life or less left (checkLease).
	leaseCheck chan struct{}

	release func() // gives up bus ownership
	row     *store.Table
	st      Settings
	seats   seatsBlob
	pres    []presence
	game    *skullking.Game
	actions []store.Action
	broken  error // the log did not replay: refuse everything

	turnKey    waitKey
	turnSince  time.Time // when the current wait began
	lastChange time.Time // the last accepted action (or the start)

	clients    map[ClientID]*client
	watching   int
	chatLimits chatLimits // the table's chat as a whole (chatlimit.go)
	chatLog    chatLog    // its latest lines, for the welcomes (chatlog.go)
	bots       map[botKey]bot.Bot
	hints      map[int]hintAt // the last advice per seat
	// Thinking in the background (thinking.go).
	answers     chan *answer
	moving      bool              // a bot's move is being thought out
	hintWaiters map[int][]request // clients waiting for advice being worked out
	lease       store.Lease
	idleSince   time.Time
	timer       *time.Timer
	done        bool // stop after this event (evicted, lease lost)

	// open is the request the current event took in, until answered
	// (answer.go).
	open request
	// out holds an event's frames until it ends or waits (outgoing.go).
	out outgoing
	// The table message after arrivals and departures goes out at most
	// once an interval (presence.go).
	tableStale bool      // presence changed since the last table message
	tableSent  time.Time // when the last one went out
	lastTable  []byte    // what it said
}

type botKey struct {
	seat  int
	level string
}

// newTable prepares a table's actor from its stored row and log: it takes
// the lease, replays the log and claims the table on the bus.
func newTable(m *Manager, row *store.Table, log []store.Action) (*Table, error) {
	t := &Table{id: row.ID, m: m, log: m.log.With("table", row.ID), inbox: make(chan *Intent, m.cfg.InboxSize),
		clients: map[ClientID]*client{}, bots: map[botKey]bot.Bot{}, idleSince: time.Now(), loadedAt: time.Now(),
		answers: make(chan *answer, maxThoughts), hints: map[int]hintAt{}, hintWaiters: map[int][]request{},
		chatLimits: newChatLimits(m.cfg.ChatRate, m.cfg.ChatBurst), leaseCheck: make(chan struct{}, 1)}
	if err := t.restore(row, log); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(m.ctx, opTimeout)
	defer cancel()
	start := time.Now()
	l, err := m.cfg.Store.AcquireLease(ctx, t.id, m.cfg.Node, m.cfg.LeaseTTL)
	if err != nil {
		return nil, err
	}
	t.lease = l
	t.granted(start)
	release, err := m.cfg.Bus.Own(t.id, t.inbox)
	if err != nil {
		// A lease the store fails to release runs out by itself: the
		// table is only slower to be taken elsewhere.
		_ = m.cfg.Store.ReleaseLease(context.Background(), l)
		return nil, err
	}
	t.release = release
	t.ctx, t.cancel = context.WithCancel(m.ctx)
	return t, nil
}

// restore sets the table's state from a stored row and log: settings,
// seats, and the game rebuilt by replaying every action through the engine.
// Presence starts over: after a restart nobody is connected yet, and every
// person's grace period starts now.
func (t *Table) restore(row *store.Table, log []store.Action) error {
	var st Settings
	if err := json.Unmarshal(row.Settings, &st); err != nil {
		return fmt.Errorf("table %s: settings: %w", row.ID, err)
	}
	var seats seatsBlob
	if err := json.Unmarshal(row.Seats, &seats); err != nil {
		return fmt.Errorf("table %s: seats: %w", row.ID, err)
	}
	t.row, t.st, t.seats, t.actions, t.game, t.broken = row, st, seats, log, nil, nil
	t.status.Store(string(row.Status))
	now := time.Now()
	if len(t.pres) != len(seats.Seats) {
		t.pres = make([]presence, len(seats.Seats))
		for i := range t.pres {
			t.pres[i].awaySince = now
		}
	}
	if row.Status == store.StatusLobby || row.Status == store.StatusOver && len(log) == 0 {
		// Not started, or a game imported with its record alone (Import).
		return nil
	}
	g, err := skullking.NewGame(len(seats.Seats), skullking.WithOptions(st.Options), skullking.WithSeed(row.Seed),
		skullking.WithNames(seats.Names...))
	if err != nil {
		return fmt.Errorf("table %s: %w", row.ID, err)
	}
	t.game = g
	t.turnKey, t.turnSince, t.lastChange = keyOf(g), row.StartedAt, row.StartedAt
	// Apply reads each action as it reads a record's: a card whose copies
	// play alike is the copy the seat held. Since Commit a table stores only
	// that copy; before, it could store another (a seat holding the Escape
	// 69 sending 65), and this reading brings such a log back, the same way
	// on every node. A log that shows a seat playing one copy and later
	// keeping it (the same Escape twice) is no game a deal allows: it stays
	// broken, below.
	for _, a := range log {
		if err := g.Apply(a.Action); err != nil {
			// A log that does not replay is never patched over: the table
			// stops taking actions and says so.
			t.broken = fmt.Errorf("action %d does not replay: %w", a.Seq, err)
			t.log.Error("table log does not replay", "seq", a.Seq, "err", err)
			return nil
		}
		t.lastChange = a.At
		if k := keyOf(g); k != t.turnKey {
			t.turnKey, t.turnSince = k, a.At
		}
	}
	return nil
}

// reload rebuilds the table from the store after something went wrong in
// memory (a recovered panic), keeping its clients.
func (t *Table) reload() {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	row, log, err := t.m.cfg.Store.LoadTable(ctx, t.id)
	if err == nil {
		err = t.restore(row, log)
	}
	if err != nil {
		t.broken = err
		t.log.Error("table reload failed", "err", err)
	}
}

// stop ends a table that never ran.
func (t *Table) stop() {
	t.release()
	// Failing, the lease runs out by itself, as a dead node's does.
	_ = t.m.cfg.Store.ReleaseLease(context.Background(), t.lease)
}

// run is the actor: one event at a time, from the inbox or the timer,
// until the table stops; then it calls ended.
func (t *Table) run(ended func()) {
	t.timer = time.NewTimer(time.Hour)
	if t.game != nil && t.game.Over() && t.row.Status != store.StatusOver {
		t.safely(request{}, t.finish) // the server died between the last action and the record
	}
	t.arm()
	t.next(ended)
}

// next waits for the table's next event, then hands it to one of the
// manager's workers (stepThenWait) and ends: one goroutine at a time owns the
// table, and the hand-over orders each one's work before the next one's.
// Most tables are waiting at any time, and a waiting table keeps only the
// small stack it waits on, since the collector gives a grown stack back
// only a half at a time; so next itself only waits: its frame, and the
// select's under it, fit the smallest stack a goroutine starts with. An
// event grows a stack to 8 KB or more (the engine, every seat's frame): a
// kept worker has grown one already, where a fresh goroutine would copy
// its stack several times over for every event.
func (t *Table) next(ended func()) {
	var ev event
	if !t.done {
		select {
		case <-t.ctx.Done():
		case ev.in = <-t.inbox:
			ev.kind = eventIntent
		case <-t.timer.C:
			ev.kind = eventTimer
		case ev.answer = <-t.answers:
			ev.kind = eventAnswer
		case <-t.leaseCheck:
			ev.kind = eventLease
		}
	}
	t.m.steps.Go(func() { t.stepThenWait(ev, ended) })
}

// stepThenWait handles one event on a worker, then starts the goroutine that
// waits for the next, or ends the actor.
func (t *Table) stepThenWait(ev event, ended func()) {
	if t.step(ev) {
		go t.next(ended)
		return
	}
	t.stopRunning(ended)
}

// event is what woke a waiting table.
type event struct {
	kind   eventKind
	in     *Intent
	answer *answer
}

type eventKind uint8

const (
	eventStop eventKind = iota // the manager closes, or the table is done
	eventIntent
	eventTimer
	eventAnswer
	eventLease
)

// step handles one event and reports whether the table runs on. It is
// never inlined into next, whose frame every waiting table keeps.
//
//go:noinline
func (t *Table) step(ev event) bool {
	switch ev.kind {
	case eventStop:
		return false
	case eventIntent:
		t.safely(ev.in.request(), func() { t.handle(*ev.in) })
	case eventTimer:
		t.safely(request{}, t.wake)
	case eventAnswer:
		t.safely(request{}, func() { t.answered(*ev.answer) })
	case eventLease:
		t.safely(request{}, t.checkLease)
	}
	if t.ctx.Err() != nil || t.done {
		return false
	}
	t.arm()
	return true
}

// stopRunning ends the actor: off the bus and the lease, clients told
// (exit), then ended.
//
//go:noinline
func (t *Table) stopRunning(ended func()) {
	t.exit()
	ended()
}

// safely runs one event, turning a panic into a log line, an error for the
// client concerned and a reload from the store: one bad event must not take
// the server or the table down. The error answers the client's message id,
// or the client would wait for that message's ack forever. A message the
// event handled without answering gets an empty answer, so that the
// connection's later answers never wait for it.
func (t *Table) safely(r request, f func()) {
	t.open = r
	t.gather()
	defer t.handOver()
	defer func() {
		if v := recover(); v != nil {
			t.log.Error("table event panicked", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			if r.client != "" {
				t.refuse(r, protocol.ErrInternal, protocol.NewProblem(protocol.ProblemRestored))
			}
			t.reload()
		}
		t.closeOpen()
	}()
	f()
}

// exit hands the table back: off the bus and the lease, clients told.
func (t *Table) exit() {
	t.timer.Stop()
	t.m.forget(t)
	t.release()
	reason, unread := protocol.ProblemRestarting, protocol.ProblemRestartingUnread
	switch {
	case t.lost.Load():
		reason, unread = protocol.ProblemTableMoved, protocol.ProblemTableMovedUnread
	case t.done:
		reason, unread = protocol.ProblemPutAway, protocol.ProblemPutAwayUnread
	}
	// Whatever is still queued was never handled: a client's hello or
	// message is answered, by its id, that it must reconnect (no_table),
	// so that it hears one answer and knows nothing changed; join requests
	// must retry.
	for {
		select {
		case in := <-t.inbox:
			switch in.Kind {
			case IntentDetach:
			case IntentHello, IntentMsg:
				t.answer(in.request(), t.errorMsg(in.Msg.ID, protocol.ErrNoTable, protocol.NewProblem(unread)), true)
			default:
				t.send(in.Client, t.byeMsg(reason, true), true)
			}
			continue
		default:
		}
		break
	}
	for id := range t.clients {
		t.send(id, t.byeMsg(reason, true), true)
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	if err := t.m.cfg.Store.ReleaseLease(ctx, t.lease); err != nil {
		t.log.Warn("release lease", "err", err)
	}
	if t.done || t.lost.Load() {
		t.m.cfg.Lobby.Remove(t.id)
	}
}

// arm sets the timer for the next thing the table must do by itself.
func (t *Table) arm() {
	if t.done {
		return
	}
	d := time.Until(t.nextWake(time.Now()))
	if d < 0 {
		d = 0
	}
	t.timer.Reset(d)
}

// nextWake is the earliest of: a table message held back (presence.go),
// eviction of a finished idle table, a bot's move, a grace period or a
// turn timer running out. (The manager renews every table's lease in one
// heartbeat.)
func (t *Table) nextWake(now time.Time) time.Time {
	next := now.Add(time.Hour)
	if t.tableStale {
		next = earlier(next, t.presenceDue())
	}
	if t.row.Status == store.StatusOver && len(t.clients) == 0 {
		next = earlier(next, t.idleSince.Add(t.m.cfg.IdleEvict))
	}
	if t.game == nil || t.broken != nil || t.game.Over() {
		return next
	}
	for s := range t.seats.Seats {
		p := &t.pres[s]
		if t.seats.Seats[s].Kind == KindPerson && !p.awaySince.IsZero() && !p.standin {
			next = earlier(next, p.awaySince.Add(t.m.cfg.Grace))
		}
		if due, _, ok := t.due(s); ok && !t.moving {
			next = earlier(next, due)
		}
	}
	return next
}

func earlier(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// due says when something other than the seat's person will act for seat
// s, and who: a bot seat's bot, a stand-in for an absent person, the turn
// timer, or the automatic play of a forced last card.
func (t *Table) due(s int) (time.Time, string, bool) {
	g := t.game
	if !g.Waiting(s) {
		return time.Time{}, "", false
	}
	// Simultaneous decisions (bids, cannon loads) all start at the round's
	// start, so bots decide together rather than one after another.
	base := t.lastChange
	if g.Turn() < 0 {
		base = t.turnSince
	}
	botAt := base.Add(t.m.cfg.BotDelay)
	seat := t.seats.Seats[s]
	if seat.Kind != KindPerson || t.pres[s].standin {
		return botAt, protocol.ByBot, true
	}
	// A person's seat is decided for by whichever comes first.
	var due time.Time
	by := ""
	consider := func(at time.Time, who string) {
		if by == "" || at.Before(due) {
			due, by = at, who
		}
	}
	if !t.pres[s].awaySince.IsZero() {
		consider(t.pres[s].awaySince.Add(t.m.cfg.Grace), protocol.ByBot)
	}
	if t.st.TurnSeconds > 0 {
		consider(t.turnSince.Add(time.Duration(t.st.TurnSeconds)*time.Second), protocol.ByTimer)
	}
	if t.st.AutoLast && g.Phase() == skullking.PhasePlaying && g.Hand(s).Len() == 1 {
		if legal := g.LegalActions(s, nil); len(legal) == 1 {
			consider(botAt, protocol.ByAuto)
		}
	}
	return due, by, by != ""
}

// wake does whatever has come due: send the presence held back, put a
// finished idle table away, hand absent players to bots, and make one due
// move.
func (t *Table) wake() {
	now := time.Now()
	if t.tableStale && !now.Before(t.presenceDue()) {
		t.sendPresence()
	}
	if t.row.Status == store.StatusOver && len(t.clients) == 0 && !now.Before(t.idleSince.Add(t.m.cfg.IdleEvict)) {
		t.done = true
		return
	}
	if t.game == nil || t.broken != nil || t.game.Over() {
		return
	}
	changed := false
	for s := range t.seats.Seats {
		p := &t.pres[s]
		if t.seats.Seats[s].Kind == KindPerson && !p.awaySince.IsZero() && !p.standin &&
			!now.Before(p.awaySince.Add(t.m.cfg.Grace)) {
			p.standin, changed = true, true
		}
	}
	if changed {
		t.broadcastTable()
	}
	if t.moving {
		return // one move at a time: the answer re-arms the timer
	}
	for s := range t.seats.Seats {
		due, by, ok := t.due(s)
		if !ok || now.Before(due) {
			continue
		}
		if by == protocol.ByAuto {
			t.playFirstLegal(s, by, now) // a forced last card needs no thought
		} else {
			t.startMove(s, by, now)
		}
		return // one move per wake: the next one is re-timed from this one
	}
}

func (t *Table) botFor(s int, level string) bot.Bot {
	k := botKey{s, level}
	if b, ok := t.bots[k]; ok {
		return b
	}
	seed := t.row.Seed ^ (uint64(s)+1)*0x9E3779B97F4A7C15
	b, err := t.m.cfg.Bots(level, seed)
	if err != nil {
		b = bot.NewRandom(seed) // a level that went away since the table was made
	}
	t.bots[k] = b
	return b
}

// errStorage is what a client hears when the store refused an action.
var errStorage = refusedAs(protocol.ErrInternal, protocol.ProblemStorage)

// saveFailed is what a client hears of a failed commit: that the table
// stopped running here, or errStorage.
func saveFailed(err error) error {
	if moved(err) {
		return err
	}
	return errStorage
}

// apply checks an action with the engine, appends it to the store and only
// then applies it and tells everyone. A refusal returns the engine's
// *ActionError and changes nothing.
func (t *Table) apply(a skullking.Action, by string, at time.Time) error {
	if t.broken != nil {
		return refusedAs(protocol.ErrInternal, protocol.ProblemBrokenBecause, "Detail", t.broken.Error())
	}
	// The engine checks the action, and applies exactly the one stored: the
	// log replays to what everyone saw.
	now := time.Now()
	var rec store.Action
	appended := false
	err := t.game.Commit(a, func(a skullking.Action) error {
		// Nothing is appended under a lease that may have lapsed: another
		// node may run the table by now, and a client must never hear of
		// an action from two.
		if err := t.mayWrite(); err != nil {
			return err
		}
		t.flush() // nothing made so far waits for the append
		rec = store.Action{Seq: int64(len(t.actions) + 1), At: now, Action: a, By: by}
		ctx, cancel := t.writeContext()
		defer cancel()
		appended = true
		return t.m.cfg.Store.Append(ctx, t.id, rec)
	})
	if !appended {
		return err // refused by the engine, or the lease: nothing was stored
	}
	t.m.cfg.Observer.Appended(time.Since(now))
	if err != nil {
		switch {
		case errors.Is(err, store.ErrConflict) && t.leaseLost():
			// Another node took the table over while this one was away (a
			// pause, a network split): the unique seq was the fence, and
			// holds the new owner's action, not this one. This actor stops,
			// and its clients reconnect to the new owner.
			t.letGo("append conflict: another node runs this table now", err)
			return errMoved
		case errors.Is(err, store.ErrConflict):
			// The log already has this step: an append that timed out here
			// but landed later. The log is the truth: rebuild from it and
			// show everyone where the game is.
			t.log.Warn("append conflict: reloading the table from its log", "err", err)
			t.reload()
			if t.game != nil && t.broken == nil {
				t.broadcastState(nil)
			}
		case errors.Is(err, store.ErrOutcomeUnknown):
			// The action may be in the log or not, and only the log can
			// say: this actor's game may no longer be the log's. The table
			// is let go and loaded from its log when its clients come back,
			// and the player hears that the save may or may not have held.
			t.letGo("append of unknown outcome: letting the table go, to load it again from its log", err)
			return errMovedSaving
		default:
			t.log.Error("append failed", "err", err)
			return t.failedWrite(err, errStorage)
		}
		return errStorage
	}
	t.noteStandIn(a, by)
	t.actions = append(t.actions, rec)
	t.lastChange = now
	if k := keyOf(t.game); k != t.turnKey {
		t.turnKey, t.turnSince = k, now
	}
	over := t.game.Over()
	if over {
		// The record is kept before the final state goes out, so whoever
		// sees the game end can download it.
		t.keepRecord()
	}
	t.broadcastState(protocol.EventOf(a, t.st.Options.PirateAbilities, by))
	if over {
		t.broadcastTable()
	}
	t.m.cfg.Observer.Applied(by, time.Since(at))
	return nil
}

// leaseLost reports whether the table's lease is no longer this actor's.
// A lease it cannot check is taken as kept: the heartbeat will tell.
func (t *Table) leaseLost() bool {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	start := time.Now()
	l, err := t.m.cfg.Store.RenewLease(ctx, t.lease, t.m.cfg.LeaseTTL)
	if err == nil {
		t.lease = l
		t.granted(start)
	}
	return errors.Is(err, store.ErrLeaseLost)
}

// Refusals of a table that stopped running here during the event: its
// lease may have lapsed, or another node holds it. The client hears it as
// its message's one answer, no_table, and reconnects, finding the table
// wherever it runs then; no other node answers that message.
var (
	// errMoved: nothing was written.
	errMoved = &movedError{protocol.ProblemMoved}
	// errMovedSaving: the lease ran out while a write was under way, which
	// may or may not have landed.
	errMovedSaving = &movedError{protocol.ProblemMovedSaving}
)

// movedError is the table's having stopped running here, as the problem
// a client hears of it.
type movedError struct{ problem string }

func (e *movedError) Error() string { return "table moved: " + e.problem }

// movedProblem is the problem a client hears of err, a movedError.
func movedProblem(err error) *protocol.Problem {
	var m *movedError
	if errors.As(err, &m) {
		return protocol.NewProblem(m.problem)
	}
	return protocol.NewProblem(protocol.ProblemMoved)
}

// moved reports whether err says that the table stopped running here.
func moved(err error) bool {
	var m *movedError
	return errors.As(err, &m)
}

// granted notes that a lease request of this node that began at start (an
// acquisition, a renewal, the heartbeat's) was granted. The store set the
// expiry from the node's clock once the request had begun, and never
// shortens it, so the lease runs at least until start plus its life:
// counted from the request's start, never from the answer, the table's
// view is never later than the store's, however long the answer took.
func (t *Table) granted(start time.Time) {
	until := int64(start.Add(t.m.cfg.LeaseTTL).Sub(t.m.born))
	for {
		old := t.leaseUntil.Load()
		if until <= old || t.leaseUntil.CompareAndSwap(old, until) {
			return
		}
	}
}

// leaseLeft is how long the table's lease surely runs yet (negative: it
// may have lapsed).
func (t *Table) leaseLeft() time.Duration {
	return time.Duration(t.leaseUntil.Load() - int64(time.Since(t.m.born)))
}

// renewOwn renews the lease from the actor itself, waiting within: the
// heartbeat was late, or the store away. The store renews it only if it is
// still this table's (its epoch), so a renewal granted means no other node
// has taken the table, however late it comes.
func (t *Table) renewOwn(within time.Duration) bool {
	if within <= 0 {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	start := time.Now()
	l, err := t.m.cfg.Store.RenewLease(ctx, t.lease, t.m.cfg.LeaseTTL)
	if err != nil {
		t.log.Warn("renew the table's lease", "err", err)
		return false
	}
	t.lease = l
	t.granted(start)
	return true
}

// holdsLease reports whether the table may write: its lease runs for more
// than the margin yet, or a renewal of its own, ending before the lease
// does, now says it does. Past its lease's end, as this node sees it, the
// table does not even ask: another node may be taking it over.
func (t *Table) holdsLease() bool {
	left, margin := t.leaseLeft(), t.m.leaseMargin()
	return left > margin || (t.renewOwn(min(left, margin)) && t.leaseLeft() > margin)
}

// mayWrite is asked before each of the table's writes to the store (an
// append, its row, its record). A table whose lease may have lapsed, or
// will within the margin, does not write: another node may take the table
// as soon as the lease runs out, and a write of this one landing then
// would answer a client beside the new owner. It lets the table go, as a
// fenced write does.
func (t *Table) mayWrite() error {
	if t.holdsLease() {
		return nil
	}
	t.letGo("lease may have lapsed: letting the table go before writing", nil)
	return errMoved
}

// failedWrite is what a failed write comes to: failure as it is while the
// lease holds, but a write that failed as the lease ran out (the store
// away, the write abandoned at the lease's end) lets the table go, and
// whether it landed is unknown.
func (t *Table) failedWrite(err, failure error) error {
	if t.holdsLease() {
		return failure
	}
	t.letGo("lease may have lapsed during a write: letting the table go", err)
	return errMovedSaving
}

// writeContext bounds one of the table's writes by opTimeout and by the
// lease: past its end the table lets go whatever the write comes to, and
// must not keep the table (and its subject on the bus) meanwhile.
func (t *Table) writeContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), min(opTimeout, t.leaseLeft()))
}

// checkLease runs when the heartbeat could not renew the lease for a
// while: unless it has been renewed since, the table renews it itself,
// within what is left of it before the margin, or lets the table go now,
// before the lease can lapse under it and another node take the table
// while this one still answers its clients.
func (t *Table) checkLease() {
	left, margin := t.leaseLeft(), t.m.leaseMargin()
	if left > t.m.cfg.LeaseTTL/2 || (t.renewOwn(left-margin) && t.leaseLeft() > margin) {
		return
	}
	t.letGo("lease could not be renewed: letting the table go before it lapses", nil)
}

// letGo stops the table after this event, as lost to another node: its
// clients are told to reconnect, and find it wherever it runs next.
func (t *Table) letGo(why string, err error) {
	if t.done && t.lost.Load() {
		return
	}
	t.log.Error(why, "err", err)
	t.lost.Store(true)
	t.m.cfg.Observer.Moved("lost")
	t.done = true
}

// finish keeps the record of a game found over when the table loads (the
// server stopped between the last action and the record).
func (t *Table) finish() {
	t.keepRecord()
	t.broadcastTable()
}

// keepRecord stores the finished game's record, then marks the table over.
// In that order: a table marked over always has its record.
func (t *Table) keepRecord() {
	rec, err := skullking.RecordOf(t.game, skullking.WithDeciders(t.deciders())).Marshal()
	if err != nil {
		t.log.Error("record", "err", err)
		return
	}
	if err := t.mayWrite(); err != nil {
		return // the next owner finds the game over and keeps the record (run)
	}
	ctx, cancel := t.writeContext()
	defer cancel()
	if err := t.m.cfg.Store.PutRecord(ctx, t.id, rec); err != nil {
		t.log.Error("store record", "err", err)
		// No one waits for an answer: failedWrite is called for its
		// letting go of a lapsed lease, and the error is logged above.
		_ = t.failedWrite(err, err)
		return
	}
	if err := t.commit(t.st, t.seats, func(r *store.Table) { r.Status = store.StatusOver }); err != nil {
		t.log.Error("mark table over", "err", err)
		return
	}
	// The lobby's index says so at once, before the final state goes out:
	// a client that sees the game end and asks for the record at once is
	// answered from it.
	t.announce()
	t.idleSince = time.Now()
	t.log.Info("game over", "actions", len(t.actions), "winners", t.game.Winners())
}

// deciders is who made each action of the log, as the record says it
// (docs/record.md, "Who decided"): a person's seat decided for by a bot
// standing in, the timer or automatic play. A bot seat's bot is that seat's
// player, so its decisions are its own.
func (t *Table) deciders() []string {
	by := make([]string, len(t.actions))
	for i, a := range t.actions {
		s := int(a.Action.Seat)
		if s < 0 || s >= len(t.seats.Seats) || t.seats.Seats[s].Kind != KindPerson || a.By == protocol.ByPlayer {
			continue
		}
		by[i] = a.By
	}
	return by
}

// commit saves new settings and seats (and row changes) and installs them
// only once the store has them: nothing is told before it is kept. An
// error that moved reports says the table stopped running here
// (saveFailed).
func (t *Table) commit(st Settings, seats seatsBlob, change func(*store.Table)) error {
	sj, err := json.Marshal(st)
	if err != nil {
		return err
	}
	pj, err := json.Marshal(seats)
	if err != nil {
		return err
	}
	row := *t.row
	row.Settings, row.Seats, row.Public, row.UpdatedAt = sj, pj, st.Public, time.Now()
	if change != nil {
		change(&row)
	}
	if err := t.mayWrite(); err != nil {
		return err
	}
	ctx, cancel := t.writeContext()
	defer cancel()
	if err := t.m.cfg.Store.SaveTable(ctx, &row, t.lease); err != nil {
		if errors.Is(err, store.ErrLeaseLost) {
			// Another node runs the table now: stop, as a colliding append
			// does. The lease's check and the update are one statement:
			// nothing was saved.
			t.letGo("save refused: another node runs this table now", err)
			return errMoved
		}
		return t.failedWrite(err, err)
	}
	t.row, t.st, t.seats = &row, st, seats
	t.status.Store(string(row.Status))
	return nil
}
