package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/protocol"
)

// Options says how to sit at a table: as the seat a token takes, or as a
// spectator, and the connection's timers. Zero durations take the
// defaults noted, which docs/protocol.md asks of every client.
type Options struct {
	// Token is the seat's token, from Create or Join (or remembered from an
	// earlier run): whoever holds it plays the seat.
	Token string
	// Spectate watches the table instead: no token, no hand, no decisions.
	Spectate bool
	// Backoff is the pause before dialling again after a dropped
	// connection, doubled after each failed attempt up to MaxBackoff (1 s
	// and 30 s).
	Backoff, MaxBackoff time.Duration
	// Ping is how often the Conn checks that the server still answers, and
	// PingTimeout how long it waits for the pong (20 s and 15 s): a
	// connection that died without a word is noticed and replaced.
	Ping, PingTimeout time.Duration
	// AnswerTimeout bounds the wait for the answer to a request whatever
	// the caller's context allows (30 s).
	AnswerTimeout time.Duration
	// WithoutResults leaves every view's score sheet (View.Results) out,
	// unread (protocol.DecodeServerWithoutResults): for a program that
	// plays without showing it, such as a bot or a load generator. The
	// sheet is most of a late state's bytes; the server sends it once a
	// round (results_once), and this skips even those.
	WithoutResults bool
	// ToAct reads of each view only its seat, phase and legal actions,
	// stepping over the rest unread and unchecked
	// (protocol.DecodeServerToAct): for a program that acts from the
	// view's legal actions alone, such as a load generator's players.
	ToAct bool
}

func (o *Options) defaults() {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.Backoff, time.Second)
	def(&o.MaxBackoff, 30*time.Second)
	def(&o.Ping, 20*time.Second)
	def(&o.PingTimeout, 15*time.Second)
	def(&o.AnswerTimeout, 30*time.Second)
}

// Status is news of the connection, in an Event without a message.
type Status int

// What can become of a connection.
const (
	// Dropped: the connection ended; the Conn dials again. Reason is the
	// server's word when it said one (a bye asking to come back), Err the
	// network's otherwise. Requests waiting for an answer get ErrDropped.
	Dropped Status = iota + 1
	// Retrying: an attempt to dial again failed (Err); the next comes
	// after Wait.
	Retrying
	// Reconnected: the seat is back; the welcome and the current state
	// follow.
	Reconnected
	// Lost: the seat, or the spectator's place, is gone for good (Err says
	// why: the host gave the seat away, the token no longer answers…).
	// Events closes after it.
	Lost
	// Unreadable: a frame that is no message of the protocol, or one that
	// does not pass protocol.DecodeServer's checks (Err), was left out.
	Unreadable
)

func (s Status) String() string {
	switch s {
	case Dropped:
		return "dropped"
	case Retrying:
		return "retrying"
	case Reconnected:
		return "reconnected"
	case Lost:
		return "lost"
	case Unreadable:
		return "unreadable"
	}
	return "message"
}

// Event is what a Conn delivers: a server message, or news of the
// connection.
type Event struct {
	// Msg is the server's message; nil for news of the connection.
	Msg *protocol.ServerMsg
	// At is when the frame was read, or the news happened.
	At time.Time
	// Status says what happened to the connection, when Msg is nil.
	Status Status
	Err    error
	Reason string // Dropped: the server's word, in English, for logs
	// Problem is the server's reason for a Dropped as a code and its
	// facts, for a program to word in its reader's language.
	Problem *protocol.Problem
	Attempt int           // Retrying: the attempt that failed, from 1
	Wait    time.Duration // Retrying: the pause before the next one
}

// View is the event's view of the game: a state's, or nil.
func (e Event) View() *protocol.View {
	if e.Msg != nil && e.Msg.Type == protocol.TypeState {
		return e.Msg.View
	}
	return nil
}

// Conn is a seat (or a spectator's place) at one table: a WebSocket kept
// open, dialled again when it drops. Its methods may be called from any
// goroutine.
type Conn struct {
	c      *Client
	table  string
	opts   Options
	seat   atomic.Int32
	host   atomic.Bool
	frames atomic.Int64

	ctx     context.Context
	cancel  context.CancelFunc
	closing atomic.Bool

	mu      sync.Mutex
	ws      *websocket.Conn // nil while dialling again
	server  string          // the server ws reaches: the Client's, or one it was sent to
	lost    error           // the seat is gone for good
	nextID  int64
	waiters map[int64]chan answer
	seq     int64 // the newest state read
	haveSeq bool
	// sheet is the score sheet last read on this connection: the server
	// leaves it out of the states that would repeat it (results_once).
	sheet  []protocol.Result
	latest int64   // the newest seq read, of a state or an ack
	queue  []Event // events the program has not taken yet
	final  bool    // the queue takes no more events
	wake   chan struct{}

	events    chan Event
	loopDone  chan struct{}
	pumpDone  chan struct{}
	closeOnce sync.Once
}

// answer is the server's answer to one request.
type answer struct {
	msg protocol.ServerMsg
	err error
}

// frame is a message as read, with when.
type frame struct {
	m  protocol.ServerMsg
	at time.Time
}

// Dial connects to table id and says hello, with o.Token or as a
// spectator, and returns once the server has welcomed the seat: a refused
// token (errors.Is(err, ErrBadToken)), a table closed to spectators, a
// table that does not exist are errors here. The welcome is the first
// event. Close the Conn when done.
func (c *Client) Dial(ctx context.Context, id string, o Options) (*Conn, error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	switch {
	case o.Spectate && o.Token != "":
		return nil, errors.New("a spectator says hello without a token")
	case !o.Spectate && o.Token == "":
		return nil, errors.New("a seat needs its token (Create or Join hands it out)")
	}
	o.defaults()
	cn := &Conn{c: c, table: id, opts: o, waiters: map[int64]chan answer{}, wake: make(chan struct{}, 1),
		events: make(chan Event), loopDone: make(chan struct{}), pumpDone: make(chan struct{})}
	cn.seat.Store(-1)
	ws, early, err := cn.dial(ctx)
	if err != nil {
		return nil, err
	}
	cn.ctx, cn.cancel = context.WithCancel(context.Background())
	cn.ws = ws
	for _, f := range early {
		cn.handle(f.m, f.at)
	}
	go cn.pump()
	go cn.loop(ws)
	return cn, nil
}

// maxEarly bounds the frames a server may send before its welcome.
const maxEarly = 100

// maxHops bounds the servers a dial follows a bye to before it goes back
// to the Client's own server without following.
const maxHops = 2

// dial opens the table's WebSocket and says hello. It returns once the
// server has welcomed the seat, with the frames read so far, the welcome
// last. The hello says the Conn follows: a node of a cluster that does
// not run the table may answer with a bye naming the node that does, and
// the Conn goes there. A server it is sent to and cannot reach, or a chain
// of them, sends it back to its own server, without following: it is then
// relayed, as a client that does not follow is.
func (cn *Conn) dial(ctx context.Context) (*websocket.Conn, []frame, error) {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	home, server := cn.c.server, cn.c.server
	for hop := 0; hop <= maxHops; hop++ {
		ws, early, to, err := cn.dialAt(ctx, server, true)
		switch {
		case to != "":
			server = to
			continue
		case err == nil:
			cn.setServer(server)
			return ws, early, nil
		case server == home, refusesSeat(err):
			// A server sent to may refuse the seat itself, as its own
			// would; any other failure there sends the Conn home.
			return nil, nil, err
		}
		break
	}
	ws, early, _, err := cn.dialAt(ctx, home, false)
	if err == nil {
		cn.setServer(home)
	}
	return ws, early, err
}

// refusesSeat reports whether err is the table's refusal of the seat or
// the spectator itself, which any node would give.
func refusesSeat(err error) bool {
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Code {
	case protocol.ErrBadToken, protocol.ErrNoSpectator, protocol.ErrSpectatorsFull:
		return true
	}
	return false
}

// setServer records the server the Conn's connection reaches.
func (cn *Conn) setServer(s string) {
	cn.mu.Lock()
	cn.server = s
	cn.mu.Unlock()
}

// dialAt opens the table's WebSocket on server and says hello, following
// or not. It returns the welcomed connection, or the server a bye sends
// the Conn to, or why neither.
func (cn *Conn) dialAt(ctx context.Context, server string, follow bool) (ws *websocket.Conn, early []frame, to string, err error) {
	ws, resp, err := websocket.Dial(ctx, socketURL(server, cn.table), &websocket.DialOptions{
		Subprotocols: []string{protocol.Subprotocol}, HTTPClient: cn.c.http})
	if err != nil {
		if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols {
			var b []byte
			if resp.Body != nil {
				b = make([]byte, 4096)
				n, _ := resp.Body.Read(b)
				b = b[:n]
			}
			return nil, nil, "", httpError(resp.StatusCode, b)
		}
		return nil, nil, "", err
	}
	if ws.Subprotocol() != protocol.Subprotocol {
		ws.CloseNow()
		return nil, nil, "", &Error{Code: protocol.ErrBadVersion,
			Message: "the server does not speak " + protocol.Subprotocol}
	}
	ws.SetReadLimit(protocol.MaxServerFrame)
	hello := protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: cn.opts.Token, Spectate: cn.opts.Spectate,
		ResultsOnce: true, Follow: follow}
	if err := send(ctx, ws, hello); err != nil {
		ws.CloseNow()
		return nil, nil, "", err
	}
	for len(early) < maxEarly {
		typ, data, err := ws.Read(ctx)
		if err != nil {
			ws.CloseNow()
			return nil, nil, "", err
		}
		if typ != websocket.MessageText {
			continue
		}
		m, err := cn.decode(data)
		if err != nil {
			continue
		}
		early = append(early, frame{m: m, at: time.Now()})
		switch m.Type {
		case protocol.TypeWelcome:
			switch {
			case m.Seat == nil:
				err = errors.New("the server's welcome names no seat")
			case cn.opts.Spectate && *m.Seat != -1:
				err = errors.New("the server did not welcome this client as a spectator")
			case !cn.opts.Spectate && *m.Seat < 0:
				err = errors.New("the server welcomed this seat as a spectator")
			}
			if err != nil {
				ws.CloseNow()
				return nil, nil, "", err
			}
			return ws, early, "", nil
		case protocol.TypeError:
			switch m.Code {
			case protocol.ErrBadToken, protocol.ErrBadVersion, protocol.ErrNoTable, protocol.ErrBadRequest,
				protocol.ErrNoSpectator, protocol.ErrSpectatorsFull:
				ws.CloseNow()
				return nil, nil, "", &Error{Code: m.Code, Message: m.Message, Problem: m.Problem}
			}
		case protocol.TypeBye:
			ws.CloseNow()
			if follow && m.Reconnect && m.Server != "" {
				return nil, nil, m.Server, nil // DecodeServer checked the address
			}
			return nil, nil, "", &Error{Code: protocol.TypeBye, Message: m.Reason, Problem: m.Problem}
		}
	}
	ws.CloseNow()
	return nil, nil, "", errors.New("the server did not welcome this seat")
}

// permanent reports whether a failed dial is not worth trying again: a
// refusal of the seat, of the version or of the table is final; a network
// error, an overloaded or restarting server is not.
func permanent(err error) bool {
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	switch {
	case e.Code == protocol.ErrBadToken, e.Code == protocol.ErrBadVersion, e.Code == protocol.ErrNoSpectator,
		e.Code == protocol.TypeBye:
		return true
	case e.Status == http.StatusRequestTimeout, e.Status == http.StatusTooManyRequests:
		return false
	case e.Status >= 400 && e.Status < 500:
		return true
	}
	return false
}

// loop serves the connection until it ends, then dials again with a
// back-off, until the seat is lost or the Conn closed.
func (cn *Conn) loop(ws *websocket.Conn) {
	defer close(cn.loopDone)
	for {
		bye, final, err := cn.serve(ws)
		ws.CloseNow()
		cn.mu.Lock()
		cn.ws = nil
		cn.answerAll(ErrDropped)
		cn.mu.Unlock()
		if cn.stopping() {
			return
		}
		if final != nil {
			cn.lose(final)
			return
		}
		cn.push(Event{Status: Dropped, Reason: bye.Reason, Problem: bye.Problem, Err: err, At: time.Now()})
		var early []frame
		if ws, early, err = cn.redial(); ws == nil {
			if err != nil {
				cn.lose(err)
			}
			return
		}
		cn.mu.Lock()
		cn.ws = ws
		cn.mu.Unlock()
		cn.push(Event{Status: Reconnected, At: time.Now()})
		for _, f := range early {
			cn.handle(f.m, f.at)
		}
	}
}

func (cn *Conn) stopping() bool { return cn.ctx.Err() != nil || cn.closing.Load() }

// redial connects again, waiting Backoff, then twice as long after each
// failure up to MaxBackoff. It returns no connection when the Conn closes.
func (cn *Conn) redial() (*websocket.Conn, []frame, error) {
	wait := cn.opts.Backoff
	for attempt := 1; ; attempt++ {
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-cn.ctx.Done():
			t.Stop()
			return nil, nil, nil
		}
		ws, early, err := cn.dial(cn.ctx)
		if err == nil {
			return ws, early, nil
		}
		if cn.stopping() {
			return nil, nil, nil
		}
		if permanent(err) {
			return nil, nil, err
		}
		wait = min(2*wait, cn.opts.MaxBackoff)
		cn.push(Event{Status: Retrying, Err: err, Attempt: attempt, Wait: wait, At: time.Now()})
	}
}

// serve reads ws's frames until the connection ends. It returns the
// server's bye, if it said one, and an error if the seat is lost for
// good (a bye that does not ask to come back), with the read's error.
func (cn *Conn) serve(ws *websocket.Conn) (bye protocol.ServerMsg, final, err error) {
	ctx, cancel := context.WithCancel(cn.ctx)
	defer cancel()
	go cn.ping(ctx, ws)
	// The end of ctx closes the connection, which ends the read, as a
	// read's own context would; but the library registers a read's context
	// anew for every frame: 8 allocations, and reading 3 KB frames took
	// 46-58 µs a frame with one against 20-30 µs without.
	defer context.AfterFunc(ctx, func() { ws.CloseNow() })()
	for {
		typ, buf, err := readFrame(context.Background(), ws)
		if err != nil {
			return bye, final, err
		}
		at := time.Now()
		cn.frames.Add(1)
		if typ != websocket.MessageText {
			frameBuffers.put(buf)
			cn.push(Event{Status: Unreadable, Err: errors.New("a binary frame"), At: at})
			continue
		}
		m, err := cn.decode(buf.Bytes())
		frameBuffers.put(buf) // the message holds no byte of it: decoding copies
		if err != nil {
			cn.push(Event{Status: Unreadable, Err: err, At: at})
			continue
		}
		if m.Type == protocol.TypeBye {
			// The server closes the connection after a bye. Only a restart
			// or a table moved or put away is worth coming back for; a seat
			// given away or opened by the host is gone.
			bye = m
			if !m.Reconnect {
				final = &Error{Code: protocol.TypeBye, Message: m.Reason, Problem: m.Problem}
			}
		}
		cn.handle(m, at)
	}
}

// decode reads and checks one frame, the whole of it unless the options
// leave the score sheet, or the sheet and the hand, out.
func (cn *Conn) decode(data []byte) (protocol.ServerMsg, error) {
	switch {
	case cn.opts.ToAct:
		return protocol.DecodeServerToAct(data)
	case cn.opts.WithoutResults:
		return protocol.DecodeServerWithoutResults(data)
	}
	return protocol.DecodeServer(data)
}

// ping checks that the server still answers; a connection that does not
// is closed, so that serve returns and the loop dials again.
func (cn *Conn) ping(ctx context.Context, ws *websocket.Conn) {
	t := time.NewTicker(cn.opts.Ping)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			pctx, cancel := context.WithTimeout(ctx, cn.opts.PingTimeout)
			err := ws.Ping(pctx)
			cancel()
			if err != nil {
				ws.CloseNow()
				return
			}
		}
	}
}

// handle takes one message: an answer goes to the request waiting for it,
// everything else to the program, but a state older than one delivered.
func (cn *Conn) handle(m protocol.ServerMsg, at time.Time) {
	switch m.Type {
	case protocol.TypeAck, protocol.TypeError, protocol.TypeHint:
		if m.Type == protocol.TypeAck {
			cn.mu.Lock()
			cn.latest = max(cn.latest, m.Seq)
			cn.mu.Unlock()
		}
		if m.ID != 0 && cn.answer(m) {
			return
		}
		if m.Type != protocol.TypeError {
			return // the answer to a request given up on
		}
	case protocol.TypeWelcome:
		// Dial checked its own; a welcome out of turn must not move a
		// seat to a spectator's place or back.
		if m.Seat == nil || (*m.Seat < 0) != cn.opts.Spectate {
			cn.push(Event{Status: Unreadable, Err: errors.New("a welcome to another place"), At: at})
			return
		}
		cn.seat.Store(int32(*m.Seat))
		cn.host.Store(m.Host)
		cn.mu.Lock()
		cn.sheet = nil // a new connection: its first state has the sheet
		cn.mu.Unlock()
	case protocol.TypeState:
		if err := cn.takeState(&m); err != nil {
			cn.push(Event{Status: Unreadable, Err: err, At: at})
			return
		}
		if m.View == nil {
			return // stale
		}
	}
	cn.push(Event{Msg: &m, At: at})
}

// takeState checks that a state is this connection's and not older than
// the last one delivered; a stale one comes back without its view.
func (cn *Conn) takeState(m *protocol.ServerMsg) error {
	v := m.View
	switch {
	case v == nil:
		return errors.New("a state without a view")
	case cn.opts.Spectate && v.Seat != -1:
		return fmt.Errorf("a spectator was sent seat %d's view", v.Seat)
	case !cn.opts.Spectate && v.Seat < 0:
		return errors.New("a seat was sent a spectator's view")
	}
	cn.mu.Lock()
	defer cn.mu.Unlock()
	if !cn.opts.WithoutResults && !cn.opts.ToAct {
		if v.Results == nil && cn.sheet == nil {
			return errors.New("a state without its score sheet before any sheet was sent")
		}
		v.KeepResults(&protocol.View{Results: cn.sheet})
		cn.sheet = v.Results
	}
	if cn.haveSeq && m.Seq < cn.seq {
		m.View = nil // older than what the program has (docs/protocol.md §5)
		return nil
	}
	cn.seq, cn.haveSeq = m.Seq, true
	cn.latest = max(cn.latest, m.Seq)
	if !cn.opts.Spectate {
		// The host may remove a seat before this one in the lobby: the
		// token holds, the number moves, and the view says where to.
		cn.seat.Store(int32(v.Seat))
	}
	return nil
}

// answer hands m to the request with its id, if one waits.
func (cn *Conn) answer(m protocol.ServerMsg) bool {
	cn.mu.Lock()
	defer cn.mu.Unlock()
	ch, ok := cn.waiters[m.ID]
	if !ok {
		return false
	}
	delete(cn.waiters, m.ID)
	a := answer{msg: m}
	if m.Type == protocol.TypeError {
		a.err = &Error{Code: m.Code, Message: m.Message, Problem: m.Problem, Refusal: m.Refusal}
	}
	ch <- a
	return true
}

// answerAll gives every waiting request err; cn.mu is held.
func (cn *Conn) answerAll(err error) {
	for id, ch := range cn.waiters {
		delete(cn.waiters, id)
		ch <- answer{err: err}
	}
}

// lose marks the seat gone for good: the last event, then no more. The
// event is queued under the same lock that marks the seat lost, so a
// program that has heard of the loss gets the loss's error from any
// request it makes next, never "not connected".
func (cn *Conn) lose(err error) {
	cn.mu.Lock()
	if !cn.final {
		cn.queue = append(cn.queue, Event{Status: Lost, Err: err, At: time.Now()})
	}
	cn.lost, cn.final = err, true
	cn.answerAll(err)
	cn.mu.Unlock()
	cn.poke()
}

// push queues an event for the program.
func (cn *Conn) push(ev Event) {
	cn.mu.Lock()
	if !cn.final {
		cn.queue = append(cn.queue, ev)
	}
	cn.mu.Unlock()
	cn.poke()
}

func (cn *Conn) poke() {
	select {
	case cn.wake <- struct{}{}:
	default:
	}
}

// pump hands the queued events to the program in order, so that a slow
// program never holds up the reading of the connection (and its pongs).
func (cn *Conn) pump() {
	defer close(cn.pumpDone)
	defer close(cn.events)
	for {
		cn.mu.Lock()
		if len(cn.queue) == 0 {
			final := cn.final
			cn.mu.Unlock()
			if final {
				return
			}
			select {
			case <-cn.wake:
				continue
			case <-cn.ctx.Done():
				return
			}
		}
		ev := cn.queue[0]
		cn.queue[0] = Event{}
		cn.queue = cn.queue[1:]
		cn.mu.Unlock()
		select {
		case cn.events <- ev:
		case <-cn.ctx.Done():
			return
		}
	}
}

// Events delivers every server message that answers no request, and news
// of the connection, in order. It is closed after a Lost event, or once
// the Conn is closed.
func (cn *Conn) Events() <-chan Event { return cn.events }

// Next waits for the next event; ErrClosed once there are no more.
func (cn *Conn) Next(ctx context.Context) (Event, error) {
	select {
	case ev, ok := <-cn.events:
		if !ok {
			return Event{}, ErrClosed
		}
		return ev, nil
	case <-ctx.Done():
		return Event{}, ctx.Err()
	}
}

// Stale reports whether ev's state has been overtaken: a later state, or
// the ack of a later action, has arrived since (it may be queued behind).
// Its legal actions are then the past's: acting on them is refused. Every
// state is whole, so a program that only wants the game's picture may
// skip stale ones too.
func (cn *Conn) Stale(ev Event) bool {
	if ev.Msg == nil || ev.Msg.Type != protocol.TypeState {
		return false
	}
	cn.mu.Lock()
	defer cn.mu.Unlock()
	return ev.Msg.Seq < cn.latest
}

// Seat is the seat the Conn holds (−1 for a spectator), as the server
// last numbered it.
func (cn *Conn) Seat() int { return int(cn.seat.Load()) }

// Host reports whether the server's last welcome made this seat the host.
func (cn *Conn) Host() bool { return cn.host.Load() }

// Spectating reports whether the Conn watches rather than holds a seat.
func (cn *Conn) Spectating() bool { return cn.opts.Spectate }

// Table is the table's id.
func (cn *Conn) Table() string { return cn.table }

// Token is the seat's token ("" for a spectator).
func (cn *Conn) Token() string { return cn.opts.Token }

// Client is the server the table is at.
func (cn *Conn) Client() *Client { return cn.c }

// Server is the server the Conn's last connection reached: the Client's,
// or the node that runs the table when a node of a cluster sent the Conn
// there. A Conn that drops dials the Client's server again, since the
// table may have moved.
func (cn *Conn) Server() string {
	cn.mu.Lock()
	defer cn.mu.Unlock()
	return cn.server
}

// Frames counts the frames read from the server, every connection
// included.
func (cn *Conn) Frames() int64 { return cn.frames.Load() }

// live is the connection to write to, or why there is none; cn.mu is held.
func (cn *Conn) live() (*websocket.Conn, error) {
	switch {
	case cn.closing.Load():
		return nil, ErrClosed
	case cn.lost != nil:
		return nil, cn.lost
	case cn.ws == nil:
		return nil, ErrNotConnected
	}
	return cn.ws, nil
}

// bound is ctx, ended too by the Conn's closing and by AnswerTimeout.
func (cn *Conn) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(ctx, cn.opts.AnswerTimeout)
	stop := context.AfterFunc(cn.ctx, cancel)
	return ctx, func() {
		stop()
		cancel()
	}
}

// Request sends m under a fresh message id and waits for the server's
// answer to it: the ack (or the hint), or the server's *Error. Any ID in m
// is replaced. Nothing is sent if ctx has already ended.
func (cn *Conn) Request(ctx context.Context, m protocol.ClientMsg) (protocol.ServerMsg, error) {
	if err := ctx.Err(); err != nil {
		// The library's write, given an ended context, sends or not at
		// random; a message sent so would be acted on, unanswered.
		return protocol.ServerMsg{}, cn.failure(ctx, err)
	}
	ch := make(chan answer, 1)
	cn.mu.Lock()
	ws, err := cn.live()
	if err != nil {
		cn.mu.Unlock()
		return protocol.ServerMsg{}, err
	}
	cn.nextID++
	m.ID = cn.nextID
	cn.waiters[m.ID] = ch
	cn.mu.Unlock()
	ctx, cancel := cn.bound(ctx)
	defer cancel()
	if err := send(ctx, ws, m); err != nil {
		cn.forget(m.ID)
		return protocol.ServerMsg{}, cn.failure(ctx, ErrDropped)
	}
	select {
	case a := <-ch:
		return a.msg, a.err
	case <-ctx.Done():
		cn.forget(m.ID)
		return protocol.ServerMsg{}, cn.failure(ctx, ErrNoAnswer)
	}
}

// failure says why a request ended without its answer.
func (cn *Conn) failure(ctx context.Context, otherwise error) error {
	switch {
	case cn.ctx.Err() != nil || cn.closing.Load():
		return ErrClosed
	case errors.Is(ctx.Err(), context.Canceled):
		return ctx.Err()
	}
	return otherwise
}

func (cn *Conn) forget(id int64) {
	cn.mu.Lock()
	delete(cn.waiters, id)
	cn.mu.Unlock()
}

// Tell writes m without waiting for an answer (chat is relayed to
// everyone, the sender included: that is its confirmation). A refusal
// comes back as an error event.
func (cn *Conn) Tell(ctx context.Context, m protocol.ClientMsg) error {
	cn.mu.Lock()
	ws, err := cn.live()
	cn.mu.Unlock()
	if err != nil {
		return err
	}
	ctx, cancel := cn.bound(ctx)
	defer cancel()
	if err := send(ctx, ws, m); err != nil {
		return cn.failure(ctx, ErrNotConnected)
	}
	return nil
}

// send writes m as one frame.
func send(ctx context.Context, ws *websocket.Conn, m protocol.ClientMsg) error {
	b, err := protocol.Encode(m)
	if err != nil {
		return err
	}
	return ws.Write(ctx, websocket.MessageText, b)
}

// Act sends one of the seat's legal actions, as the view listed it, and
// waits for the server's judgement: nil once accepted (the new state is
// then already among the events), or an *Error whose Refusal says why the
// engine refused it.
func (cn *Conn) Act(ctx context.Context, a protocol.Action) error {
	_, err := cn.Request(ctx, protocol.ClientMsg{Type: protocol.TypeAct, Action: &a})
	return err
}

// Start starts the game; only the host may.
func (cn *Conn) Start(ctx context.Context) error {
	_, err := cn.Request(ctx, protocol.ClientMsg{Type: protocol.TypeStart})
	return err
}

// Rematch asks, as the host of a finished game, for a rematch table; the
// server then names it to everyone in a table message.
func (cn *Conn) Rematch(ctx context.Context) error {
	_, err := cn.Request(ctx, protocol.ClientMsg{Type: protocol.TypeRematch})
	return err
}

// Hint asks the server's expert what the seat should do now: one of its
// legal actions, and why, for the caller to word (words.Words.Why); nil
// when the expert gave no reason.
func (cn *Conn) Hint(ctx context.Context) (protocol.Action, *protocol.Why, error) {
	m, err := cn.Request(ctx, protocol.ClientMsg{Type: protocol.TypeHint})
	if err != nil {
		return protocol.Action{}, nil, err
	}
	if m.Hint == nil {
		return protocol.Action{}, nil, errors.New("the server's hint names no action")
	}
	return *m.Hint, m.Why, nil
}

// Chat says a line to everyone at the table.
func (cn *Conn) Chat(ctx context.Context, text string) error {
	return cn.Tell(ctx, protocol.ClientMsg{Type: protocol.TypeChat, Text: text})
}

// Drop closes the connection without a word, as a network failure would:
// the Conn dials again. Tests use it to see a seat come back.
func (cn *Conn) Drop() {
	cn.mu.Lock()
	if cn.ws != nil {
		cn.ws.CloseNow()
	}
	cn.mu.Unlock()
}

// Close leaves the table politely: the seat stays its token's (a bot
// plays it after the table's grace period, until the token comes back).
// Events is closed; waiting requests get ErrClosed.
func (cn *Conn) Close() error {
	cn.closeOnce.Do(func() {
		cn.closing.Store(true)
		cn.mu.Lock()
		ws := cn.ws
		cn.answerAll(ErrClosed)
		cn.mu.Unlock()
		if ws != nil {
			closed := make(chan struct{})
			go func() {
				_ = ws.Close(websocket.StatusNormalClosure, "the player left")
				close(closed)
			}()
			select {
			case <-closed:
			case <-time.After(2 * time.Second):
			}
		}
		cn.cancel()
	})
	<-cn.loopDone
	<-cn.pumpDone
	return nil
}
