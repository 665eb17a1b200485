package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/wire"
)

// RemoteConfig says which server table to sit at, and as whom.
type RemoteConfig struct {
	// Server is the server's address (http://host:8080, with any path
	// prefix it is served under) and Table the table's id: ParseInvite
	// reads both from an invite link.
	Server, Table string
	// Name is the nickname to take a seat with when no remembered seat is
	// reclaimed.
	Name string
	// Spectate watches the table instead of taking a seat: no token, no
	// hand, no decisions; the server may refuse (docs/protocol.md §4).
	Spectate bool
	// Tokens is the file that remembers seat tokens (DefaultTokenFile);
	// empty remembers them for this run only.
	Tokens string
	// HTTP makes the lobby requests (default: a client with a 15 s timeout).
	HTTP *http.Client
	// Backoff is the pause before reconnecting after a dropped connection,
	// doubled after each failed attempt up to MaxBackoff (1 s and 30 s, as
	// docs/protocol.md §3 asks).
	Backoff, MaxBackoff time.Duration
	// Ping is how often the client checks that the server still answers,
	// and PingTimeout how long it waits for the pong (20 s and 15 s): a
	// connection that died without a word is noticed and replaced.
	Ping, PingTimeout time.Duration
	// AckTimeout bounds the wait for the server's answer to an action (30 s).
	AckTimeout time.Duration
}

func (c *RemoteConfig) defaults() {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&c.Backoff, time.Second)
	def(&c.MaxBackoff, 30*time.Second)
	def(&c.Ping, 20*time.Second)
	def(&c.PingTimeout, 15*time.Second)
	def(&c.AckTimeout, 30*time.Second)
	if c.HTTP == nil {
		c.HTTP = &http.Client{Timeout: 15 * time.Second}
	}
}

// maxServerFrame bounds one frame from the server. A state of eight seats
// with a round's tricks is a few tens of kilobytes; the bound only stops a
// runaway server from filling the client's memory.
const maxServerFrame = 1 << 20

// ParseInvite reads an invite link (http://host:8080/t/ID) into the
// server's address and the table's id. The link may also be the server's
// address alone with the id in table, or the table's API path; a scheme
// left out means http.
func ParseInvite(link, table string) (server, id string, err error) {
	link, table = strings.TrimSpace(link), strings.ToLower(strings.TrimSpace(table))
	if link == "" {
		return "", "", errors.New("no server address")
	}
	if !strings.Contains(link, "://") {
		link = "http://" + link
	}
	u, err := url.Parse(link)
	if err != nil {
		return "", "", fmt.Errorf("%q is not a link: %v", link, err)
	}
	switch u.Scheme {
	case "http", "https":
	case "ws":
		u.Scheme = "http"
	case "wss":
		u.Scheme = "https"
	default:
		return "", "", fmt.Errorf("%q: the link must start with http:// or https://", link)
	}
	if u.Host == "" {
		return "", "", fmt.Errorf("%q names no server", link)
	}
	path := strings.TrimSuffix(u.Path, "/")
	prefix := path
	for _, marker := range []string{"/t/", "/api/tables/"} {
		i := strings.LastIndex(path, marker)
		if i < 0 {
			continue
		}
		rest := path[i+len(marker):]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			rest = rest[:j] // …/api/tables/ID/ws
		}
		prefix, id = path[:i], strings.ToLower(rest)
		break
	}
	switch {
	case id != "" && table != "" && id != table:
		return "", "", fmt.Errorf("the link names table %s, --table %s", id, table)
	case id == "":
		id = table
	}
	if id == "" {
		return "", "", fmt.Errorf("%s names no table: give the invite link (http://host:8080/t/ID), "+
			"or the server's address and the table's id", link)
	}
	if !validTableID(id) {
		return "", "", fmt.Errorf("%q is not a table id (letters and digits)", id)
	}
	return u.Scheme + "://" + u.Host + prefix, id, nil
}

// validTableID accepts what the server could have made a table id of.
func validTableID(id string) bool {
	if len(id) == 0 || len(id) > 32 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// ServerError is the server's refusal of a request or a message: its code
// (docs/protocol.md §10) and its sentence.
type ServerError struct {
	Code    string
	Message string
	Status  int // the HTTP status, for a lobby request
}

func (e *ServerError) Error() string {
	msg := e.Message
	if e.Code == wire.ErrIllegal && strings.HasPrefix(msg, "round ") {
		// "round 3, trick 2, seat 1 (Ben): Y9 breaks follow-suit…": the
		// person knows where and who they are.
		if i := strings.Index(msg, "): "); i >= 0 {
			msg = msg[i+3:]
		}
	}
	if msg == "" {
		msg = "refused (" + e.Code + ")"
	}
	return msg
}

var (
	// errBadToken: the server knows no seat by the token.
	errBadToken     = errors.New("the server no longer knows this seat")
	errNotConnected = errors.New("not connected to the server: reconnecting…")
	errDropped      = errors.New("the connection dropped before the server answered: reconnecting…")
	errNoAnswer     = errors.New("the server did not answer in time")
	errNoHints      = errors.New("hints are not available at this server")
)

// Remote is a seat at a table of a `skullking serve` server: the lobby's
// HTTP API to take the seat, then the table's WebSocket for the game.
//
// Two goroutines run it. The connection loop owns the WebSocket: it reads
// frames, pings, and when the connection drops it dials again with a
// back-off. The actor owns everything the game needs — the latest view,
// the table's rules, the answers awaited — and hands the screen its
// updates, so a slow screen never stalls the reading and nothing is shared
// between goroutines but channels.
type Remote struct {
	cfg    RemoteConfig
	server string // the server's address, no trailing slash
	id     string
	key    string // the invite link: the table's key in the token file
	name   string
	token  string
	seat   atomic.Int32 // the server may renumber seats in the lobby

	updates  chan Update
	events   chan any
	reqs     chan func(*remoteState)
	ctx      context.Context
	cancel   context.CancelFunc
	closing  atomic.Bool
	done     chan struct{} // the actor has stopped
	loopDone chan struct{} // the connection loop has stopped
	once     sync.Once
}

// serverFrame is every message the server sends (wire.ServerMsg), read
// with the table's rules left raw: a later server may know rules this
// client does not, and the rest of its message must still be read.
type serverFrame struct {
	Type    string      `json:"type"`
	ID      int64       `json:"id"`
	Seq     int64       `json:"seq"`
	Seat    *int        `json:"seat"`
	Table   *tableInfo  `json:"table"`
	View    *wire.View  `json:"view"`
	Event   *wire.Event `json:"event"`
	Code    string      `json:"code"`
	Message string      `json:"message"`
	Name    string      `json:"name"`
	Text    string      `json:"text"`
	Reason  string      `json:"reason"`
	// Reconnect marks a bye worth coming back from; older servers only
	// said so in the reason.
	Reconnect bool         `json:"reconnect"`
	Hint      *wire.Action `json:"hint"`
	// Deadline is when the turn timer runs out, in Unix milliseconds.
	Deadline int64 `json:"deadline"`
}

// reply is the server's answer to one of the client's messages: an ack,
// an error, or for a hint request the advice.
type reply struct {
	err  error
	hint *wire.Action
	text string
}

// tableInfo is wire.TableInfo as far as the terminal needs it.
type tableInfo struct {
	ID      string              `json:"id"`
	Status  string              `json:"status"`
	Options json.RawMessage     `json:"options"`
	Seats   []wire.SeatPresence `json:"seats"`
	Host    int                 `json:"host"`
	Rematch string              `json:"rematch"`
	// TurnSeconds is the turn timer's length (0: none).
	TurnSeconds int `json:"turn_seconds"`
}

// JoinRemote takes a seat at a server's table: the seat remembered in the
// token file for this table if the server still knows it, else the first
// open seat under cfg.Name; with cfg.Spectate it watches instead. It
// returns once the table's WebSocket has welcomed the seat, so that every
// reason not to play (no such table, the table is full, the nickname is
// taken, no spectators) is an error here, before any screen.
func JoinRemote(ctx context.Context, cfg RemoteConfig) (*Remote, error) {
	return joinRemote(ctx, cfg, nil)
}

// joinRemote is JoinRemote, trying the seat held (a token the person has
// in hand, for a rematch) before the token file's.
func joinRemote(ctx context.Context, cfg RemoteConfig, held *savedSeat) (*Remote, error) {
	cfg.defaults()
	if !validTableID(cfg.Table) {
		return nil, fmt.Errorf("%q is not a table id", cfg.Table)
	}
	r := &Remote{cfg: cfg, server: strings.TrimSuffix(cfg.Server, "/"), id: cfg.Table, name: cfg.Name,
		updates: make(chan Update), events: make(chan any), reqs: make(chan func(*remoteState)),
		done: make(chan struct{}), loopDone: make(chan struct{})}
	r.key = r.server + "/t/" + r.id
	var notes []string
	var conn *websocket.Conn
	var early []serverFrame
	var err error
	if cfg.Spectate {
		r.seat.Store(-1)
		if conn, early, err = r.dial(ctx); err != nil {
			return nil, fmt.Errorf("cannot watch the table %s: %w", r.key, err)
		}
	} else if conn, early, err = r.takeSeat(ctx, &notes, held); err != nil {
		return nil, err
	}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	st := &remoteState{r: r, waiters: map[int64]chan reply{}, opts: skullking.DefaultOptions()}
	for _, n := range notes {
		st.note(n)
	}
	go r.run(st)
	go r.loop(conn, early)
	return r, nil
}

// takeSeat reclaims the seat held or remembered, or joins, and connects.
func (r *Remote) takeSeat(ctx context.Context, notes *[]string, held *savedSeat) (*websocket.Conn, []serverFrame, error) {
	saved, ok := loadSeat(r.cfg.Tokens, r.key)
	if held != nil && held.Token != "" {
		saved, ok = *held, true
	}
	if ok {
		r.token = saved.Token
		r.seat.Store(int32(saved.Seat))
		conn, early, err := r.dial(ctx)
		if err == nil {
			if held != nil {
				_ = storeSeat(r.cfg.Tokens, r.key, savedSeat{Token: r.token, Seat: r.Seat(), Name: saved.Name})
			}
			return conn, early, nil
		}
		if !errors.Is(err, errBadToken) {
			return nil, nil, fmt.Errorf("cannot reach the table %s: %w", r.key, err)
		}
		// The host gave the seat away, or it was never this server's: the
		// token is worth nothing now, so sit down as a newcomer.
		_ = storeSeat(r.cfg.Tokens, r.key, savedSeat{})
	}
	seat, token, err := r.join(ctx)
	if err != nil {
		return nil, nil, err
	}
	r.token = token
	r.seat.Store(int32(seat))
	if err := storeSeat(r.cfg.Tokens, r.key, savedSeat{Token: token, Seat: seat, Name: r.name}); err != nil {
		*notes = append(*notes, "Your seat could not be remembered ("+err.Error()+"): a later run cannot take it back.")
	}
	conn, early, err := r.dial(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("took seat %d at %s but cannot connect: %w", seat, r.key, err)
	}
	return conn, early, nil
}

// join takes a seat through the lobby API.
func (r *Remote) join(ctx context.Context) (int, string, error) {
	body, _ := json.Marshal(map[string]string{"nickname": r.name})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.server+"/api/tables/"+r.id+"/join", bytes.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	var out struct {
		Seat  *int   `json:"seat"`
		Token string `json:"token"`
	}
	if err := r.do(req, &out); err != nil {
		var se *ServerError
		if errors.As(err, &se) && strings.Contains(se.Message, "nickname") {
			return 0, "", fmt.Errorf("cannot join %s: %w (choose another with --name)", r.key, err)
		}
		return 0, "", fmt.Errorf("cannot join %s: %w", r.key, err)
	}
	if out.Seat == nil || *out.Seat < 0 || *out.Seat >= 8 || out.Token == "" || len(out.Token) > 64 {
		return 0, "", fmt.Errorf("cannot join %s: the server's answer names no seat", r.key)
	}
	return *out.Seat, out.Token, nil
}

// do sends a lobby request and reads its JSON answer into out, or the
// server's error.
func (r *Remote) do(req *http.Request, out any) error {
	resp, err := r.cfg.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return httpError(resp.StatusCode, b)
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("the server's answer is not JSON: %v", err)
	}
	return nil
}

// httpError reads the lobby API's error body.
func httpError(status int, body []byte) error {
	var e struct {
		Error string `json:"error"`
		Code  string `json:"code"`
	}
	if json.Unmarshal(body, &e) != nil || e.Error == "" {
		e.Error = fmt.Sprintf("the server answered %d %s", status, http.StatusText(status))
	}
	return &ServerError{Code: e.Code, Message: clean(e.Error, 300), Status: status}
}

// wsURL is the table's WebSocket address.
func (r *Remote) wsURL() string {
	s := r.server
	switch {
	case strings.HasPrefix(s, "https://"):
		s = "wss://" + strings.TrimPrefix(s, "https://")
	case strings.HasPrefix(s, "http://"):
		s = "ws://" + strings.TrimPrefix(s, "http://")
	}
	return s + "/api/tables/" + r.id + "/ws"
}

// dial opens the table's WebSocket and says hello with the seat's token,
// or as a spectator. It returns once the server has welcomed the seat,
// with the frames read so far (the welcome among them).
func (r *Remote) dial(ctx context.Context) (*websocket.Conn, []serverFrame, error) {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, r.wsURL(), &websocket.DialOptions{Subprotocols: []string{wire.Subprotocol}})
	if err != nil {
		if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols {
			var b []byte
			if resp.Body != nil {
				b, _ = io.ReadAll(io.LimitReader(resp.Body, 4096))
			}
			return nil, nil, httpError(resp.StatusCode, b)
		}
		return nil, nil, err
	}
	conn.SetReadLimit(maxServerFrame)
	hello, _ := json.Marshal(wire.ClientMsg{Type: wire.TypeHello, V: wire.Version, Token: r.token, Spectate: r.cfg.Spectate})
	if err := conn.Write(ctx, websocket.MessageText, hello); err != nil {
		conn.CloseNow()
		return nil, nil, err
	}
	var early []serverFrame
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			conn.CloseNow()
			return nil, nil, err
		}
		var f serverFrame
		if typ != websocket.MessageText || json.Unmarshal(data, &f) != nil {
			continue
		}
		switch f.Type {
		case wire.TypeWelcome:
			switch {
			case r.cfg.Spectate && (f.Seat == nil || *f.Seat != -1):
				conn.CloseNow()
				return nil, nil, errors.New("the server did not welcome this client as a spectator")
			case r.cfg.Spectate:
				return conn, append(early, f), nil
			case f.Seat == nil || *f.Seat < 0 || *f.Seat >= 8:
				conn.CloseNow()
				return nil, nil, errors.New("the server welcomed this seat as a spectator")
			}
			// The host may have removed a seat before this one in the
			// lobby: the token holds, the number moved.
			r.seat.Store(int32(*f.Seat))
			return conn, append(early, f), nil
		case wire.TypeError:
			if f.Code == wire.ErrBadToken {
				conn.CloseNow()
				return nil, nil, errBadToken
			}
			switch f.Code {
			case wire.ErrBadVersion, wire.ErrNoTable, wire.ErrBadRequest, wire.ErrNoSpectator:
				conn.CloseNow()
				return nil, nil, &ServerError{Code: f.Code, Message: clean(f.Message, 300)}
			}
		case wire.TypeBye:
			conn.CloseNow()
			return nil, nil, &ServerError{Code: "bye", Message: clean(f.Reason, 300)}
		}
		early = append(early, f)
		if len(early) > 100 {
			conn.CloseNow()
			return nil, nil, errors.New("the server did not welcome this seat")
		}
	}
}

// permanent reports whether a failed dial is worth trying again: a network
// error or an overloaded server is; a refusal of the seat or the table is
// not.
func permanent(err error) bool {
	if errors.Is(err, errBadToken) {
		return true
	}
	var se *ServerError
	if !errors.As(err, &se) {
		return false
	}
	switch {
	case se.Code == wire.ErrBadVersion, se.Code == wire.ErrNoSpectator, se.Code == "bye":
		return true
	case se.Status == http.StatusRequestTimeout, se.Status == http.StatusTooManyRequests:
		return false
	case se.Status >= 400 && se.Status < 500:
		return true
	}
	return false
}

// loop runs the connection: it serves conn until it ends, then dials again
// with a back-off, until the seat is lost or the table closed.
func (r *Remote) loop(conn *websocket.Conn, early []serverFrame) {
	defer close(r.loopDone)
	again := false
	for {
		r.post(evConnected{conn: conn, early: early, again: again})
		why, final := r.serve(conn)
		conn.CloseNow()
		if r.stopping() {
			return
		}
		if final != nil {
			r.post(evLost{err: final})
			return
		}
		r.post(evDropped{why: why})
		var err error
		if conn, early, err = r.redial(); conn == nil {
			if err != nil {
				r.post(evLost{err: err})
			}
			return
		}
		again = true
	}
}

func (r *Remote) stopping() bool { return r.ctx.Err() != nil || r.closing.Load() }

// redial connects again, waiting Backoff, then twice as long after each
// failure up to MaxBackoff, and telling the person how it goes.
func (r *Remote) redial() (*websocket.Conn, []serverFrame, error) {
	wait := r.cfg.Backoff
	for attempt := 1; ; attempt++ {
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-r.ctx.Done():
			t.Stop()
			return nil, nil, nil
		}
		conn, early, err := r.dial(r.ctx)
		if err == nil {
			return conn, early, nil
		}
		if r.stopping() {
			return nil, nil, nil
		}
		if permanent(err) {
			if errors.Is(err, errBadToken) {
				_ = storeSeat(r.cfg.Tokens, r.key, savedSeat{})
			}
			return nil, nil, err
		}
		wait = min(2*wait, r.cfg.MaxBackoff)
		r.post(evNote{text: fmt.Sprintf("Connection lost — reconnecting… (attempt %d failed: %s; next in %s)",
			attempt, shortError(err), wait.Round(time.Millisecond))})
	}
}

// shortError is a network error without the layers of "failed to…".
func shortError(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, ": "); i >= 0 && len(s)-i > 8 {
		s = s[i+2:]
	}
	return clean(s, 80)
}

// serve reads conn's frames for the actor until the connection ends. It
// returns why it ended, and an error if the seat is lost for good (the
// server's last word said so).
func (r *Remote) serve(conn *websocket.Conn) (why string, final error) {
	ctx, cancel := context.WithCancel(r.ctx)
	defer cancel()
	go r.ping(ctx, conn)
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			return why, final
		}
		if typ != websocket.MessageText {
			continue
		}
		var f serverFrame
		if err := json.Unmarshal(data, &f); err != nil {
			r.post(evNote{text: "The server sent a message this client cannot read; it was ignored."})
			continue
		}
		if f.Type == wire.TypeBye {
			// The server closes the connection after a bye. Only a restart
			// or a table put away is worth coming back for; a seat given to
			// a bot or opened by the host is gone.
			why = clean(f.Reason, 200)
			if !f.Reconnect && !strings.Contains(f.Reason, "reconnect") {
				final = errors.New(why)
				if !r.cfg.Spectate { // a spectator has no seat to forget
					_ = storeSeat(r.cfg.Tokens, r.key, savedSeat{})
				}
			}
			continue
		}
		r.post(evFrame{f: f})
	}
}

// ping checks that the server still answers; a connection that does not
// is closed, so that serve returns and the loop dials again.
func (r *Remote) ping(ctx context.Context, conn *websocket.Conn) {
	t := time.NewTicker(r.cfg.Ping)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			pctx, cancel := context.WithTimeout(ctx, r.cfg.PingTimeout)
			err := conn.Ping(pctx)
			cancel()
			if err != nil {
				conn.CloseNow()
				return
			}
		}
	}
}

// post hands an event to the actor.
func (r *Remote) post(ev any) {
	select {
	case r.events <- ev:
	case <-r.ctx.Done():
	}
}

// Events from the connection loop to the actor.
type (
	evConnected struct {
		conn  *websocket.Conn
		early []serverFrame
		again bool
	}
	evFrame   struct{ f serverFrame }
	evDropped struct{ why string }
	evNote    struct{ text string }
	evLost    struct{ err error }
)

// remoteState is what the actor goroutine owns.
type remoteState struct {
	r       *Remote
	conn    *websocket.Conn // nil while reconnecting
	lost    error           // the seat is gone for good
	status  string          // the table's: lobby, playing, over
	host    bool
	opts    skullking.Options
	lobby   string // the last word about the lobby, not to repeat it
	rematch string
	turn    time.Duration // the turn timer's length; 0: none

	have bool // a state has arrived
	seq  int64
	prev skullking.View

	nextID  int64
	waiters map[int64]chan reply
	pending []Update // updates the screen has not taken yet
}

// run is the actor.
func (r *Remote) run(st *remoteState) {
	defer close(r.done)
	defer close(r.updates)
	for {
		var out chan<- Update
		var head Update
		if len(st.pending) > 0 {
			out, head = r.updates, st.pending[0]
		}
		select {
		case out <- head:
			st.pending[0] = Update{}
			st.pending = st.pending[1:]
		case fn := <-r.reqs:
			fn(st)
		case ev := <-r.events:
			st.handle(ev)
		case <-r.ctx.Done():
			st.answerAll(ErrClosed)
			return
		}
	}
}

func (st *remoteState) handle(ev any) {
	switch ev := ev.(type) {
	case evConnected:
		st.conn = ev.conn
		if ev.again {
			st.note("Reconnected.")
		}
		for i := range ev.early {
			st.frame(&ev.early[i])
		}
	case evFrame:
		st.frame(&ev.f)
	case evDropped:
		st.conn = nil
		st.answerAll(errDropped)
		if ev.why != "" {
			st.note(capital(strings.TrimSuffix(ev.why, ": reconnect")) + " — reconnecting…")
		} else {
			st.note("Connection lost — reconnecting…")
		}
	case evNote:
		st.note(ev.text)
	case evLost:
		st.conn, st.lost = nil, ev.err
		st.answerAll(ev.err)
		st.pending = append(st.pending, Update{Err: ev.err})
	}
}

// note puts a line in the status bar. Before the start it also says
// whether the person may start the game, so that any note keeps the g key
// working for the host.
func (st *remoteState) note(text string) {
	st.pending = append(st.pending, Update{Note: text, CanStart: st.status == "lobby" && st.host,
		CanOffer: st.status == "over" && st.host && st.rematch == ""})
}

// frame handles one message from the server.
func (st *remoteState) frame(f *serverFrame) {
	switch f.Type {
	case wire.TypeWelcome, wire.TypeTable:
		if f.Table != nil {
			st.table(f.Table)
		}
	case wire.TypeState:
		st.state(f)
	case wire.TypeAck:
		st.answer(f.ID, reply{})
	case wire.TypeHint:
		if f.Hint == nil {
			st.answer(f.ID, reply{err: errors.New("the server's hint names no action")})
			break
		}
		st.answer(f.ID, reply{hint: f.Hint, text: clean(f.Text, 300)})
	case wire.TypeError:
		err := &ServerError{Code: f.Code, Message: clean(f.Message, 300)}
		if f.ID != 0 && st.answer(f.ID, reply{err: err}) {
			return
		}
		st.note("The server says: " + err.Error())
	case "chat":
		name := clean(f.Name, 24)
		if name == "" {
			name = "someone"
		}
		st.note(name + ": " + clean(f.Text, 300))
	}
}

// state takes a new view of the game.
func (st *remoteState) state(f *serverFrame) {
	if st.have && f.Seq < st.seq {
		return // older than what the screen shows (docs/protocol.md §5)
	}
	v, err := viewOf(f.View, st.opts, int(st.r.seat.Load()))
	if err != nil {
		st.note("The server sent a view this client cannot show (" + clean(err.Error(), 120) + "); waiting for the next.")
		return
	}
	u := Update{View: v, TurnTime: st.turn}
	if f.Deadline > 0 {
		u.Deadline = time.UnixMilli(f.Deadline)
	}
	if st.have {
		u.Trick = completedTrick(&st.prev, &v, st.seq, f.Seq, f.Event)
	}
	st.prev, st.seq, st.have = v, f.Seq, true
	st.pending = append(st.pending, u)
}

// table takes the table's settings, seats and presence.
func (st *remoteState) table(in *tableInfo) {
	was := st.status
	st.status = in.Status
	st.opts = optionsOf(in.Options)
	st.turn = time.Duration(min(max(in.TurnSeconds, 0), 24*3600)) * time.Second
	seat := int(st.r.seat.Load())
	st.host = seat >= 0 && in.Host == seat // a spectator is never the host
	switch {
	case in.Status == "lobby":
		if text := st.lobbyText(in); text != st.lobby {
			st.lobby = text
			st.note(text)
		}
	case in.Status == "playing" && was == "lobby":
		st.note("The game has started.")
	case in.Status == "over" && was != "over" && st.host && in.Rematch == "":
		st.note("The game is over. You host this table: press r to offer everyone a rematch.")
	}
	if in.Rematch != "" && in.Rematch != st.rematch && validTableID(in.Rematch) {
		link := st.r.server + "/t/" + in.Rematch
		text := "The host offers a rematch: press r to take your seat there (later: skullking play --join " + link + ")."
		if st.r.cfg.Spectate {
			text = "The host offers a rematch: press r to watch it (later: skullking play --join " + link + " --spectate)."
		} else {
			// The same token takes the same seat at the rematch table
			// (docs/protocol.md §1), so a later run there reclaims it too.
			_ = storeSeat(st.r.cfg.Tokens, link, savedSeat{Token: st.r.token, Seat: seat, Name: st.r.name})
		}
		st.pending = append(st.pending, Update{Note: text, Rematch: link})
	}
	if in.Rematch != "" {
		st.rematch = in.Rematch
	}
}

// lobbyText says who is at the table and whom it waits for.
func (st *remoteState) lobbyText(in *tableInfo) string {
	me := int(st.r.seat.Load())
	var names []string
	open := 0
	hostName := ""
	for _, s := range in.Seats {
		name := clean(s.Name, 24)
		switch {
		case s.Kind == "open":
			open++
			continue
		case s.Seat == me:
			name += " (you)"
		case s.Kind == "bot":
			name += " (bot)"
		}
		if s.Seat == in.Host {
			hostName = clean(s.Name, 24)
		}
		names = append(names, name)
	}
	if open > 0 {
		names = append(names, plural(open, "open seat"))
	}
	seats := " At the table: " + strings.Join(names, ", ") + "."
	switch {
	case st.host && open > 0:
		return "You host this table: press g to start the game once every seat is taken (invite: " +
			st.r.key + ")." + seats
	case st.host:
		return "You host this table: press g to start the game." + seats
	case hostName != "":
		return "Waiting for the host, " + hostName + ", to start the game." + seats
	}
	return "Waiting for the host to start the game." + seats
}

// answer delivers the server's answer to message id, if someone waits.
func (st *remoteState) answer(id int64, rep reply) bool {
	ch, ok := st.waiters[id]
	if !ok {
		return false
	}
	delete(st.waiters, id)
	ch <- rep
	return true
}

func (st *remoteState) answerAll(err error) {
	for id, ch := range st.waiters {
		delete(st.waiters, id)
		ch <- reply{err: err}
	}
}

// call runs fn on the actor and waits for it.
func (r *Remote) call(fn func(*remoteState)) error {
	ran := make(chan struct{})
	select {
	case r.reqs <- func(st *remoteState) { fn(st); close(ran) }:
	case <-r.done:
		return ErrClosed
	}
	<-ran
	return nil
}

// request sends a message built on the actor (with the table's current
// rules) and waits for the server's answer.
func (r *Remote) request(build func(st *remoteState) wire.ClientMsg) error {
	return r.ask(build).err
}

// ask sends a message built on the actor and returns the server's answer.
func (r *Remote) ask(build func(st *remoteState) wire.ClientMsg) reply {
	answer := make(chan reply, 1)
	var conn *websocket.Conn
	var msg wire.ClientMsg
	var refused error
	if err := r.call(func(st *remoteState) {
		if conn, refused = st.connection(); refused == nil {
			msg = build(st)
			st.nextID++
			msg.ID = st.nextID
			st.waiters[msg.ID] = answer
		}
	}); err != nil {
		return reply{err: err}
	}
	if refused != nil {
		return reply{err: refused}
	}
	b, err := json.Marshal(msg)
	if err != nil {
		return reply{err: err}
	}
	ctx, cancel := context.WithTimeout(r.ctx, r.cfg.AckTimeout)
	defer cancel()
	if err := conn.Write(ctx, websocket.MessageText, b); err != nil {
		r.forget(msg.ID)
		if r.ctx.Err() != nil {
			return reply{err: ErrClosed}
		}
		return reply{err: errDropped}
	}
	select {
	case rep := <-answer:
		return rep
	case <-ctx.Done():
		r.forget(msg.ID)
		if r.ctx.Err() != nil {
			return reply{err: ErrClosed}
		}
		return reply{err: errNoAnswer}
	}
}

// forget stops waiting for an answer.
func (r *Remote) forget(id int64) {
	_ = r.call(func(st *remoteState) { delete(st.waiters, id) })
}

// Seat is the person's seat.
func (r *Remote) Seat() int { return int(r.seat.Load()) }

// Updates delivers the person's view after every change at the table, and
// notes for the status bar.
func (r *Remote) Updates() <-chan Update { return r.updates }

// Send sends one of the person's legal actions and waits for the server's
// judgement: nil once accepted (its new view is then already on its way),
// or the server's sentence.
func (r *Remote) Send(a skullking.Action) error {
	return r.request(func(st *remoteState) wire.ClientMsg {
		w := wire.FromAction(a, st.opts.PirateAbilities)
		return wire.ClientMsg{Type: wire.TypeAct, Action: &w}
	})
}

// Start starts the game; only the host may.
func (r *Remote) Start() error {
	return r.request(func(*remoteState) wire.ClientMsg { return wire.ClientMsg{Type: wire.TypeStart} })
}

// OfferRematch asks the server, as the host, for a rematch table: the
// server then tells everyone at this table where it is.
func (r *Remote) OfferRematch() error {
	return r.request(func(*remoteState) wire.ClientMsg { return wire.ClientMsg{Type: wire.TypeRematch} })
}

// Chat says a line to everyone at the table. The server acknowledges no
// chat line: it relays it to everyone, the sender included, and that is
// the confirmation; so this only writes the line. A refusal comes back as
// the server's error, shown on the status line.
func (r *Remote) Chat(text string) error {
	text = strings.TrimSpace(text)
	if err := checkChat(text); err != nil {
		return err
	}
	b, err := json.Marshal(wire.ClientMsg{Type: wire.TypeChat, Text: text})
	if err != nil {
		return err
	}
	return r.tell(b)
}

// connection is the live connection to write to, or why there is none.
func (st *remoteState) connection() (*websocket.Conn, error) {
	switch {
	case st.lost != nil:
		return nil, st.lost
	case st.conn == nil:
		return nil, errNotConnected
	}
	return st.conn, nil
}

// tell writes a message the server does not answer.
func (r *Remote) tell(msg []byte) error {
	var conn *websocket.Conn
	var refused error
	if err := r.call(func(st *remoteState) { conn, refused = st.connection() }); err != nil {
		return err
	}
	if refused != nil {
		return refused
	}
	ctx, cancel := context.WithTimeout(r.ctx, r.cfg.AckTimeout)
	defer cancel()
	if err := conn.Write(ctx, websocket.MessageText, msg); err != nil {
		if r.ctx.Err() != nil {
			return ErrClosed
		}
		return errNotConnected
	}
	return nil
}

// Hint asks the server's expert what the person should do now. The advice
// is one of the seat's legal actions; the server searches once per
// decision however often it is asked. A bot needs the game itself, not a
// seat's view, to think, so a server without hints cannot be stood in for
// here.
func (r *Remote) Hint() (Hint, error) {
	rep := r.ask(func(*remoteState) wire.ClientMsg { return wire.ClientMsg{Type: wire.TypeHint} })
	var se *ServerError
	switch {
	case errors.As(rep.err, &se) && se.Code == wire.ErrUnknownType:
		return Hint{}, errNoHints // a server from before hints
	case rep.err != nil:
		return Hint{}, rep.err
	}
	a, err := wire.ToAction(rep.hint, r.Seat())
	if err != nil {
		return Hint{}, fmt.Errorf("the server's hint cannot be read: %v", err)
	}
	return Hint{Action: a, Why: rep.text}, nil
}

// Record downloads the finished game's record; before the end the server
// refuses, since a running game's record would show every hand.
func (r *Remote) Record() (*skullking.Record, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.server+"/api/tables/"+r.id+"/record", nil)
	if err != nil {
		return nil, err
	}
	resp, err := r.cfg.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, httpError(resp.StatusCode, b)
	}
	return skullking.ParseRecord(b)
}

// Invite is the table's invite link.
func (r *Remote) Invite() string { return r.key }

// ID is the table's id (its invite code).
func (r *Remote) ID() string { return r.id }

// Close leaves the table: the connection is closed politely and the seat
// stays the person's (its token is remembered), so a bot plays it after
// the grace period until they come back.
func (r *Remote) Close() error {
	r.once.Do(func() {
		r.closing.Store(true)
		var conn *websocket.Conn
		_ = r.call(func(st *remoteState) { conn = st.conn })
		if conn != nil {
			closed := make(chan struct{})
			go func() {
				_ = conn.Close(websocket.StatusNormalClosure, "the player left")
				close(closed)
			}()
			select {
			case <-closed:
			case <-time.After(2 * time.Second):
			}
		}
		r.cancel()
	})
	<-r.done
	<-r.loopDone
	return nil
}

// dropConnection closes the connection as a network failure would; tests
// use it to see the table come back.
func (r *Remote) dropConnection() {
	_ = r.call(func(st *remoteState) {
		if st.conn != nil {
			st.conn.CloseNow()
		}
	})
}

// clean makes text from the network safe to draw: no control characters
// (a terminal would obey them), at most max runes.
func clean(s string, max int) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max]) + "…"
	}
	return strings.TrimSpace(s)
}
