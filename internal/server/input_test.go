package server_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// rawConn is a WebSocket to a table that writes whatever frame a test
// gives it, well formed or not, and keeps every frame the server sent.
type rawConn struct {
	t      *testing.T
	name   string
	ws     *websocket.Conn
	frames chan protocol.ServerMsg
	closed chan struct{}

	mu  sync.Mutex
	raw [][]byte // every frame received, in full

	last   *protocol.ServerMsg // the latest state
	nextID int64
}

// dialRaw opens table id's WebSocket; nothing is said yet.
func dialRaw(t *testing.T, ts *testserver.Server, id, name string) *rawConn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.Base, "http") + "/api/tables/" + id + "/ws"
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{protocol.Subprotocol}})
	if err != nil {
		t.Fatalf("dial %s: %v", name, err)
	}
	ws.SetReadLimit(protocol.MaxServerFrame)
	c := &rawConn{t: t, name: name, ws: ws, frames: make(chan protocol.ServerMsg, 10000), closed: make(chan struct{})}
	go func() {
		defer close(c.closed)
		for {
			_, data, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			c.mu.Lock()
			c.raw = append(c.raw, data)
			c.mu.Unlock()
			m, err := protocol.DecodeServer(data)
			if err != nil {
				t.Errorf("%s: a frame no client reads: %v\n%s", name, err, data)
				continue
			}
			c.frames <- m
		}
	}()
	t.Cleanup(func() { ws.CloseNow() })
	return c
}

// hello says hello with token (as a spectator without one) and waits for
// the welcome.
func (c *rawConn) hello(token string) {
	c.t.Helper()
	c.send(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: token, Spectate: token == ""})
	if w := c.next(protocol.TypeWelcome, protocol.TypeError); w.Type == protocol.TypeError {
		c.t.Fatalf("%s: hello refused: %s %s", c.name, w.Code, w.Message)
	}
}

func (c *rawConn) sendRaw(data string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, []byte(data)); err != nil {
		c.t.Fatalf("%s: write: %v", c.name, err)
	}
}

// send numbers m (but a hello) and writes it.
func (c *rawConn) send(m protocol.ClientMsg) int64 {
	c.t.Helper()
	if m.ID == 0 && m.Type != protocol.TypeHello {
		c.nextID++
		m.ID = c.nextID
	}
	b, _ := protocol.Encode(m)
	c.sendRaw(string(b))
	return m.ID
}

// next waits for a frame of one of types (any type if none), keeping the
// latest state.
func (c *rawConn) next(types ...string) protocol.ServerMsg {
	c.t.Helper()
	f, ok := c.nextWithin(15*time.Second, types...)
	if !ok {
		c.t.Fatalf("%s: no %v frame within 15s", c.name, types)
	}
	return f
}

func (c *rawConn) nextWithin(d time.Duration, types ...string) (protocol.ServerMsg, bool) {
	timeout := time.After(d)
	for {
		select {
		case f := <-c.frames:
			if f.Type == protocol.TypeState {
				c.last = &f
			}
			if len(types) == 0 || slices.Contains(types, f.Type) {
				return f, true
			}
		case <-timeout:
			return protocol.ServerMsg{}, false
		}
	}
}

// drain takes every frame already received, keeping the latest state.
func (c *rawConn) drain() {
	for {
		if _, ok := c.nextWithin(100 * time.Millisecond); !ok {
			return
		}
	}
}

// rawFrames returns a copy of every frame received so far.
func (c *rawConn) rawFrames() [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([][]byte(nil), c.raw...)
}

// waitClosed asserts that the server closed the connection.
func waitClosed(t *testing.T, c *rawConn) {
	t.Helper()
	select {
	case <-c.closed:
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: the server kept the connection", c.name)
	}
}

// A wrong or forged token gets an error and a closed connection: no
// welcome, no table, no state.
func TestForgedTokens(t *testing.T) {
	ts := testserver.Start(t)
	id, _, _, tokens := seatGame(t, ts, 2, nil, testserver.Settings(0))
	otherTok := ts.Create("Zed", []protocol.SeatSpec{testserver.Open, testserver.Open}, testserver.Settings(0)).Token
	flip := []byte(tokens[1])
	flip[5] ^= 1
	for name, tok := range map[string]string{
		"random":             "AAAAAAAAAAAAAAAAAAAAAA",
		"one bit off":        string(flip),
		"another table's":    otherTok,
		"the hash":           strings.Repeat("ab", 32),
		"long":               strings.Repeat("x", 2000),
		"prefix":             tokens[1][:10],
		"with a space":       tokens[1] + " ",
		"unicode":            "ｔｏｋｅｎ",
		"empty, no spectate": "",
	} {
		c := dialRaw(t, ts, id, name)
		c.send(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: tok})
		f := c.next()
		if f.Type != protocol.TypeError || f.Code != protocol.ErrBadToken {
			t.Fatalf("%s token: %+v", name, f)
		}
		waitClosed(t, c)
		for _, raw := range c.rawFrames() {
			if strings.Contains(string(raw), `"welcome"`) || strings.Contains(string(raw), `"state"`) ||
				strings.Contains(string(raw), `"table"`) {
				t.Fatalf("%s token got %s", name, raw)
			}
		}
	}
	c := dialRaw(t, ts, id, "future")
	c.send(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version + 1, Token: tokens[1]})
	if f := c.next(); f.Code != protocol.ErrBadVersion {
		t.Fatalf("a later version: %+v", f)
	}
	waitClosed(t, c)
	// The real token still works after all that.
	if ok := sit(t, ts.Client(), id, "Ben", tokens[1]); ok.conn.Seat() != 1 {
		t.Fatalf("welcome %+v", ok.welcome)
	}
}

// Bad input gets an error naming the problem; the state does not change
// and the connection stays where that makes sense.
func TestBadInput(t *testing.T) {
	ts := testserver.Start(t)
	id, _, _, tokens := seatGame(t, ts, 3, nil, testserver.Settings(0))
	ann, ben, spec := dialRaw(t, ts, id, "Ann"), dialRaw(t, ts, id, "Ben"), dialRaw(t, ts, id, "spectator")
	ann.hello(tokens[0])
	ben.hello(tokens[1])
	spec.hello("")
	ann.drain()
	seq := ann.last.Seq

	// An error names its problem as a code for the client to word (an
	// illegal action, its refusal instead); the English beside it says it
	// for logs.
	expect := func(c *rawConn, raw string, code, problem, contains string) {
		t.Helper()
		c.sendRaw(raw)
		f := c.next(protocol.TypeError)
		if f.Code != code || !strings.Contains(f.Message, contains) {
			t.Fatalf("%s → %+v, want %s containing %q", raw, f, code, contains)
		}
		if got := f.Problem; problem == "" && (got != nil || f.Refusal == nil) || problem != "" && (got == nil || got.Code != problem) {
			t.Fatalf("%s → problem %+v, refusal %+v: want the problem %q", raw, got, f.Refusal, problem)
		}
	}
	expect(ann, `{"type":`, protocol.ErrBadFrame, protocol.ProblemBadFrame, "not a protocol message")
	expect(ann, `[1,2,3]`, protocol.ErrBadFrame, protocol.ProblemBadFrame, "")
	expect(ann, `"hello"`, protocol.ErrBadFrame, protocol.ProblemBadFrame, "")
	expect(ann, `{}`, protocol.ErrBadFrame, protocol.ProblemBadFrame, "type")
	expect(ann, `{"type":"teleport","id":3}`, protocol.ErrUnknownType, protocol.ProblemUnknownType, "teleport")
	// Rules the engine refuses are a bad request answering the message's id,
	// not a frame that could not be read.
	ann.sendRaw(`{"type":"configure","id":12,"settings":{"options":{"rounds":0}}}`)
	if f := ann.next(protocol.TypeError); f.Code != protocol.ErrBadRequest || f.ID != 12 || f.Message != "Rounds: 0: must be 1 to 100." {
		t.Fatalf("refused rules: %+v", f)
	}
	expect(ann, `{"type":"join","name":"x"}`, protocol.ErrUnknownType, protocol.ProblemUnknownType, "join")
	expect(ann, `{"type":"hello","v":2,"spectate":true}`, protocol.ErrNeedHello, protocol.ProblemHelloAgain, "already")
	expect(ann, `{"type":"act"}`, protocol.ErrBadRequest, protocol.ProblemBadAction, "an action is needed")
	expect(ann, `{"type":"act","action":{"kind":"fly"}}`, protocol.ErrBadRequest, protocol.ProblemBadAction, "unknown action kind")
	expect(ann, `{"type":"act","action":{"kind":"bid"}}`, protocol.ErrBadRequest, protocol.ProblemBadAction, "value")
	expect(ann, `{"type":"act","action":{"kind":"bid","value":99999}}`, protocol.ErrBadRequest, protocol.ProblemBadAction, "out of range")
	expect(ann, `{"type":"act","action":{"kind":"bid","value":5}}`, protocol.ErrIllegal, "", "1 card was dealt: bid 0 to 1.")
	expect(ann, `{"type":"act","action":{"kind":"play","card":900}}`, protocol.ErrBadRequest, protocol.ProblemBadAction, "no card has id 900")
	expect(ann, `{"type":"act","action":{"kind":"play","card":0}}`, protocol.ErrIllegal, "", "once every bid is in")
	expect(ann, `{"type":"act","action":{"kind":"play","card":61,"as":"dragon"}}`, protocol.ErrBadRequest, protocol.ProblemBadAction, "dragon")
	expect(ann, `{"type":"act","action":{"kind":"rosie","value":1}}`, protocol.ErrIllegal, "", "No pirate ability is waiting")
	expect(ben, `{"type":"start"}`, protocol.ErrNotHost, protocol.ProblemHostOnly, "host")
	expect(ben, `{"type":"seat","seat":0,"set":"bot","level":"random"}`, protocol.ErrNotHost, protocol.ProblemHostOnly, "host")
	expect(ann, `{"type":"start"}`, protocol.ErrBadRequest, protocol.ProblemAlreadyStarted, "already started")
	expect(ann, `{"type":"seat","seat":0,"set":"bot","level":"random"}`, protocol.ErrBadRequest, protocol.ProblemHostKeepsSeat, "host keeps")
	expect(ann, `{"type":"seat","seat":9,"set":"bot"}`, protocol.ErrBadRequest, protocol.ProblemSeatRange, "seat")
	expect(ann, `{"type":"seat","seat":1,"set":"fly"}`, protocol.ErrBadRequest, protocol.ProblemBadSet, "set")
	expect(ann, `{"type":"configure","settings":{"turn_seconds":5}}`, protocol.ErrBadRequest, protocol.ProblemConfigureStarted, "before the game starts")
	expect(ann, `{"type":"leave"}`, protocol.ErrBadRequest, protocol.ProblemLeaveStarted, "has started")
	expect(ann, `{"type":"chat","text":""}`, protocol.ErrBadRequest, protocol.ProblemChatEmpty, "chat")
	expect(ann, `{"type":"chat","text":"`+strings.Repeat("a", 400)+`"}`, protocol.ErrChatTooLong, protocol.ProblemChatTooLong, "400 characters")
	expect(spec, `{"type":"act","action":{"kind":"bid","value":0}}`, protocol.ErrNotSeated, protocol.ProblemSpectatorsWatch, "spectators")
	ann.ws.Write(context.Background(), websocket.MessageBinary, []byte{0, 1, 2})
	if f := ann.next(protocol.TypeError); f.Code != protocol.ErrBadFrame || !strings.Contains(f.Message, "binary") {
		t.Fatalf("binary frame: %+v", f)
	}
	// Out of turn: bid, then try to play before everyone has bid.
	bid := ann.send(protocol.ClientMsg{Type: protocol.TypeAct, Action: &protocol.Action{Kind: "bid", Value: intp(0)}})
	if f := ann.next(protocol.TypeAck, protocol.TypeError); f.Type != protocol.TypeAck || f.ID != bid {
		t.Fatalf("a legal bid: %+v", f)
	}
	expect(ann, `{"type":"act","action":{"kind":"bid","value":1}}`, protocol.ErrIllegal, "", "a bid never changes")
	// Chat still works: the connection was kept through all of it. Ann's
	// own copy of her line is also the moment to look at the state: the
	// table answers her messages in turn, so any state her bad input
	// changed came before it (next keeps the last state it passes).
	ann.send(protocol.ClientMsg{Type: protocol.TypeChat, Text: "still here"})
	if f := ann.next("chat"); f.Text != "still here" {
		t.Fatalf("Ann's copy of her chat: %+v", f)
	}
	if ann.last.Seq != seq+1 {
		t.Fatalf("bad input changed the state: seq %d → %d", seq, ann.last.Seq)
	}
	if f := ben.next("chat"); f.Text != "still here" || f.Name != "Ann" {
		t.Fatalf("chat %+v", f)
	}
	// A frame over the limit closes the connection, as soon as its header
	// is read: the write of the rest may meet a closed connection.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	_ = ben.ws.Write(ctx, websocket.MessageText, []byte(`{"type":"chat","text":"`+strings.Repeat("a", protocol.MaxFrame)+`"}`))
	cancel()
	waitClosed(t, ben)
	// Before hello, nothing but hello.
	c := dialRaw(t, ts, id, "early")
	c.sendRaw(`{"type":"act","action":{"kind":"bid","value":0}}`)
	if f := c.next(protocol.TypeError); f.Code != protocol.ErrNeedHello {
		t.Fatalf("act before hello: %+v", f)
	}
	// After the game: the record exists only at the end (409 before).
	if _, err := ts.Client().Record(testserver.Context(t, 10*time.Second), id); code(err) != protocol.ErrNotOver {
		t.Fatalf("record of a running game: %v", err)
	}
}

func TestRateLimit(t *testing.T) {
	ts := testserver.Start(t, "--msg-rate", "1")
	id, _, _, tokens := seatGame(t, ts, 2, nil, testserver.Settings(0))
	c := dialRaw(t, ts, id, "flood")
	c.hello(tokens[1])
	limited := 0
	for i := 0; i < 80; i++ {
		c.sendRaw(`{"type":"chat","text":"hi"}`)
	}
	for {
		f, ok := c.nextWithin(3*time.Second, protocol.TypeError)
		if !ok {
			break
		}
		if f.Code == protocol.ErrRateLimited {
			limited++
		}
	}
	if limited < 40 {
		t.Fatalf("%d messages limited out of 80 at 1/s", limited)
	}
	waitClosed(t, c) // more than 50 in a row
}

// A message the rate limit drops is answered under its own id, like any
// other refusal: a client waiting for that message's verdict must hear it,
// or it waits forever for an ack that will never come.
func TestRateLimitedMessageAnswered(t *testing.T) {
	ts := testserver.Start(t, "--msg-rate", "1")
	id, _, _, tokens := seatGame(t, ts, 2, nil, testserver.Settings(0))
	c := sit(t, ts.Client(), id, "flood", tokens[1])
	// Leaving a game that has started is refused, so each message has
	// exactly one answer, whether the table or the limit gives it. Past the
	// burst of 30, at 1 a second, most of these are over the limit; fewer
	// than 50 in a row keeps the connection open. The client waits for
	// each message's own answer, by its id.
	const n = 60
	codes := make(chan string, n)
	for range n {
		go func() {
			_, err := c.request(protocol.ClientMsg{Type: protocol.TypeLeave})
			if code(err) == "" {
				t.Errorf("a leave after the start: %v", err)
			}
			codes <- code(err)
		}()
	}
	limited := 0
	for range n {
		if <-codes == protocol.ErrRateLimited {
			limited++
		}
	}
	if limited == 0 {
		t.Fatal("no message was over the limit")
	}
	c.drain()
	for _, m := range c.messages() {
		if m.Type == protocol.TypeError && m.ID != 0 {
			t.Errorf("an answer to no message waiting for one: %+v", m)
		}
	}
}

// A client that stops answering pings is dropped and its seat shows as away.
func TestPingTimeout(t *testing.T) {
	ts := testserver.Start(t, "--ping", "300ms", "--ping-timeout", "2s")
	id, clients, _, tokens := seatGame(t, ts, 2, nil, testserver.Settings(0))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.Base, "http") + "/api/tables/" + id + "/ws"
	// A second connection for Ben that never reads: it never answers a ping.
	mute, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer mute.CloseNow()
	clients[1].conn.Close()
	waitTable(t, clients[0], func(in *protocol.TableInfo) bool { return !in.Seats[1].Connected })
	mute.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","v":2,"token":"`+tokens[1]+`"}`))
	waitTable(t, clients[0], func(in *protocol.TableInfo) bool { return in.Seats[1].Connected })
	start := time.Now()
	waitTable(t, clients[0], func(in *protocol.TableInfo) bool { return !in.Seats[1].Connected })
	if el := time.Since(start); el < time.Second {
		t.Fatalf("dropped after %v, before a ping could time out", el)
	}
}

func TestMetrics(t *testing.T) {
	ts := testserver.Start(t)
	_, clients, _, _ := seatGame(t, ts, 2, []string{"random"}, testserver.Settings(2))
	playAll(t, players(clients, 8), time.Minute)
	status, body := httpGet(t, ts.Base+"/metrics")
	if status != 200 {
		t.Fatal(status)
	}
	text := string(body)
	for _, want := range []string{
		`skullking_actions_total{by="player"}`, `skullking_actions_total{by="bot"}`,
		`skullking_tables{status="over"} 1`, "skullking_connections 3",
		"skullking_action_latency_seconds_count", "skullking_store_append_seconds_count",
		"skullking_frames_sent_total", "go_goroutines", "process_resident_memory_bytes",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}
