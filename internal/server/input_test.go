package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// waitClosed asserts that the server closed the connection.
func waitClosed(t *testing.T, c *wsClient) {
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
	ts := startServer(t, "")
	id, _, _, tokens := seatGame(t, ts, 2, nil, nil)
	_, otherTok := ts.create("Zed", []seatSpec{{"kind": "open"}, {"kind": "open"}}, nil)
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
		c := ts.dial(id, name)
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
	c := ts.dial(id, "future")
	c.send(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version + 1, Token: tokens[1]})
	if f := c.next(); f.Code != protocol.ErrBadVersion {
		t.Fatalf("a later version: %+v", f)
	}
	waitClosed(t, c)
	// The real token still works after all that.
	ok := ts.dial(id, "Ben")
	if w := ok.hello(tokens[1]); *w.Seat != 1 {
		t.Fatalf("welcome %+v", w)
	}
}

// Bad input gets an error naming the problem; the state does not change
// and the connection stays where that makes sense.
func TestBadInput(t *testing.T) {
	ts := startServer(t, "")
	id, clients, spec, _ := seatGame(t, ts, 3, nil, nil)
	ann, ben := clients[0], clients[1]
	ann.drain()
	seq := ann.last.Seq

	expect := func(c *wsClient, raw string, code, contains string) {
		t.Helper()
		c.sendRaw(raw)
		f := c.next(protocol.TypeError)
		if f.Code != code || !strings.Contains(f.Message, contains) {
			t.Fatalf("%s → %+v, want %s containing %q", raw, f, code, contains)
		}
	}
	expect(ann, `{"type":`, protocol.ErrBadFrame, "not a protocol message")
	expect(ann, `[1,2,3]`, protocol.ErrBadFrame, "")
	expect(ann, `"hello"`, protocol.ErrBadFrame, "")
	expect(ann, `{}`, protocol.ErrBadFrame, "type")
	expect(ann, `{"type":"teleport","id":3}`, protocol.ErrUnknownType, "teleport")
	// Rules the engine refuses are a bad request answering the message's id,
	// not a frame that could not be read.
	ann.sendRaw(`{"type":"configure","id":12,"settings":{"options":{"rounds":0}}}`)
	if f := ann.next(protocol.TypeError); f.Code != protocol.ErrBadRequest || f.ID != 12 || !strings.Contains(f.Message, "rounds") {
		t.Fatalf("refused rules: %+v", f)
	}
	expect(ann, `{"type":"join","name":"x"}`, protocol.ErrUnknownType, "join")
	expect(ann, `{"type":"hello","v":2,"spectate":true}`, protocol.ErrNeedHello, "already")
	expect(ann, `{"type":"act"}`, protocol.ErrBadRequest, "an action is needed")
	expect(ann, `{"type":"act","action":{"kind":"fly"}}`, protocol.ErrBadRequest, "unknown action kind")
	expect(ann, `{"type":"act","action":{"kind":"bid"}}`, protocol.ErrBadRequest, "value")
	expect(ann, `{"type":"act","action":{"kind":"bid","value":99999}}`, protocol.ErrBadRequest, "out of range")
	expect(ann, `{"type":"act","action":{"kind":"bid","value":5}}`, protocol.ErrIllegal, "1 card was dealt: bid 0 to 1.")
	expect(ann, `{"type":"act","action":{"kind":"play","card":900}}`, protocol.ErrBadRequest, "no card has id 900")
	expect(ann, `{"type":"act","action":{"kind":"play","card":0}}`, protocol.ErrIllegal, "once every bid is in")
	expect(ann, `{"type":"act","action":{"kind":"play","card":61,"as":"dragon"}}`, protocol.ErrBadRequest, "dragon")
	expect(ann, `{"type":"act","action":{"kind":"rosie","value":1}}`, protocol.ErrIllegal, "No pirate ability is waiting")
	expect(ben, `{"type":"start"}`, protocol.ErrNotHost, "host")
	expect(ben, `{"type":"seat","seat":0,"set":"bot","level":"random"}`, protocol.ErrNotHost, "host")
	expect(ann, `{"type":"start"}`, protocol.ErrBadRequest, "already started")
	expect(ann, `{"type":"seat","seat":0,"set":"bot","level":"random"}`, protocol.ErrBadRequest, "host keeps")
	expect(ann, `{"type":"seat","seat":9,"set":"bot"}`, protocol.ErrBadRequest, "seat")
	expect(ann, `{"type":"seat","seat":1,"set":"fly"}`, protocol.ErrBadRequest, "set")
	expect(ann, `{"type":"configure","settings":{"turn_seconds":5}}`, protocol.ErrBadRequest, "before the game starts")
	expect(ann, `{"type":"leave"}`, protocol.ErrBadRequest, "has started")
	expect(ann, `{"type":"chat","text":""}`, protocol.ErrBadRequest, "chat")
	expect(ann, `{"type":"chat","text":"`+strings.Repeat("a", 400)+`"}`, protocol.ErrBadRequest, "chat")
	expect(spec, `{"type":"act","action":{"kind":"bid","value":0}}`, protocol.ErrNotSeated, "spectators")
	ann.ws.Write(context.Background(), websocket.MessageBinary, []byte{0, 1, 2})
	if f := ann.next(protocol.TypeError); f.Code != protocol.ErrBadFrame || !strings.Contains(f.Message, "binary") {
		t.Fatalf("binary frame: %+v", f)
	}
	// Out of turn: bid, then try to play before everyone has bid.
	ann.act(protocol.Action{Kind: "bid", Value: intp(0)})
	expect(ann, `{"type":"act","action":{"kind":"bid","value":1}}`, protocol.ErrIllegal, "a bid never changes")
	ann.drain()
	if ann.last.Seq != seq+1 {
		t.Fatalf("bad input changed the state: seq %d → %d", seq, ann.last.Seq)
	}
	// Chat still works: the connection was kept through all of it.
	ann.send(protocol.ClientMsg{Type: protocol.TypeChat, Text: "still here"})
	if f := ben.next("chat"); f.Text != "still here" || f.Name != "Ann" {
		t.Fatalf("chat %+v", f)
	}
	// A frame over the limit closes the connection.
	ben.sendRaw(`{"type":"chat","text":"` + strings.Repeat("a", protocol.MaxFrame) + `"}`)
	waitClosed(t, ben)
	// Before hello, nothing but hello.
	c := ts.dial(id, "early")
	c.sendRaw(`{"type":"act","action":{"kind":"bid","value":0}}`)
	if f := c.next(protocol.TypeError); f.Code != protocol.ErrNeedHello {
		t.Fatalf("act before hello: %+v", f)
	}
	// After the game: the record exists only at the end (409 before).
	if code, _ := ts.get("/api/tables/" + id + "/record"); code != 409 {
		t.Fatalf("record of a running game: %d", code)
	}
}

func TestRateLimit(t *testing.T) {
	ts := startServer(t, "", "--msg-rate", "1")
	id, _, _, tokens := seatGame(t, ts, 2, nil, nil)
	c := ts.dial(id, "flood")
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
	ts := startServer(t, "", "--msg-rate", "1")
	id, _, _, tokens := seatGame(t, ts, 2, nil, nil)
	c := ts.dial(id, "flood")
	c.hello(tokens[1])
	// Leaving a game that has started is refused, so each message has
	// exactly one answer, whether the table or the limit gives it. Past the
	// burst of 30, at 1 a second, most of these are over the limit; fewer
	// than 50 in a row keeps the connection open.
	const n = 60
	for i := 0; i < n; i++ {
		c.send(protocol.ClientMsg{Type: protocol.TypeLeave})
	}
	answered, limited := map[int64]bool{}, 0
	for len(answered) < n {
		f := c.next(protocol.TypeAck, protocol.TypeError)
		if f.ID < 1 || f.ID > n || answered[f.ID] {
			t.Fatalf("after %d answers, one that answers no message of ours: %+v", len(answered), f)
		}
		answered[f.ID] = true
		if f.Code == protocol.ErrRateLimited {
			limited++
		}
	}
	if limited == 0 {
		t.Fatal("no message was over the limit")
	}
}

// A client that stops answering pings is dropped and its seat shows as away.
func TestPingTimeout(t *testing.T) {
	ts := startServer(t, "", "--ping", "300ms", "--ping-timeout", "2s")
	id, clients, _, tokens := seatGame(t, ts, 2, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.base, "http") + "/api/tables/" + id + "/ws"
	// A second connection for Ben that never reads: it never answers a ping.
	mute, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer mute.CloseNow()
	clients[1].ws.Close(websocket.StatusNormalClosure, "")
	waitTable(t, clients[0], func(in *protocol.TableInfo) bool { return !in.Seats[1].Connected })
	mute.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","v":2,"token":"`+tokens[1]+`"}`))
	waitTable(t, clients[0], func(in *protocol.TableInfo) bool { return in.Seats[1].Connected })
	start := time.Now()
	waitTable(t, clients[0], func(in *protocol.TableInfo) bool { return !in.Seats[1].Connected })
	if el := time.Since(start); el < time.Second {
		t.Fatalf("dropped after %v, before a ping could time out", el)
	}
}

// The outbound policy: a client whose queue is full is dropped at once;
// the sender (the table) never waits.
func TestSlowClientDropped(t *testing.T) {
	ts := startServer(t, "")
	s := ts.m.Server()
	c := &conn{s: s, out: make(chan table.Frame, 2), log: quiet}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	for i := 0; i < 2; i++ {
		if !c.Deliver(table.Frame{Data: []byte("{}")}) {
			t.Fatal("a frame refused before the queue is full")
		}
	}
	start := time.Now()
	if c.Deliver(table.Frame{Data: []byte("{}")}) {
		t.Fatal("a full queue took a frame")
	}
	if time.Since(start) > 10*time.Millisecond {
		t.Fatal("Deliver waited")
	}
	if c.ctx.Err() == nil {
		t.Fatal("the slow client was not dropped")
	}
	if c.Deliver(table.Frame{Data: []byte("{}")}) {
		t.Fatal("a dropped client took a frame")
	}
}

func TestMetrics(t *testing.T) {
	ts := startServer(t, "")
	_, clients, _, _ := seatGame(t, ts, 2, []string{"random"}, map[string]any{"options": map[string]any{"rounds": 2}})
	playAll(t, players(clients, 8), time.Minute)
	code, body := ts.get("/metrics")
	if code != 200 {
		t.Fatal(code)
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
