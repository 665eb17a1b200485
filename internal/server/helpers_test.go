package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/protocol"
)

// testServer is the real program (Main) started in-process on port 0.
type testServer struct {
	t    testing.TB
	m    *Main
	base string
	logs *logSink
}

// logSink keeps the server's log so tests can assert nothing panicked.
type logSink struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logSink) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logSink) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// startServer starts a server with test-sized timers and no message limit
// (the test clients act the moment they may, faster than any person; the
// limit has its own tests); extra flags override.
func startServer(t testing.TB, dir string, flags ...string) *testServer {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	logs := &logSink{}
	m := &Main{Stderr: logs}
	args := append([]string{"--addr", "127.0.0.1:0", "--data", dir, "--bot-delay", "0", "--grace", "1h",
		"--http-rate", "-1", "--msg-rate", "-1", "--log-level", "debug"}, flags...)
	if err := m.ParseFlags(args); err != nil {
		t.Fatal(err)
	}
	if err := m.Start(); err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, m: m, base: "http://" + m.Addr(), logs: logs}
	t.Cleanup(func() {
		ts.close()
		if strings.Contains(logs.String(), "panicked") {
			t.Errorf("the server logged a panic:\n%s", logs.String())
		}
	})
	return ts
}

func (ts *testServer) close() {
	if ts.m != nil {
		if err := ts.m.Close(); err != nil {
			ts.t.Errorf("close: %v", err)
		}
		ts.m = nil
	}
}

// post sends a JSON body and decodes the JSON answer.
func (ts *testServer) post(path string, body any, out any) int {
	ts.t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(ts.base+path, "application/json", bytes.NewReader(b))
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			ts.t.Fatalf("POST %s: %d %s: %v", path, resp.StatusCode, data, err)
		}
	}
	return resp.StatusCode
}

func (ts *testServer) get(path string) (int, []byte) {
	ts.t.Helper()
	resp, err := http.Get(ts.base + path)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

type seatSpec = map[string]string

// create makes a table and returns its id and the creator's token.
func (ts *testServer) create(nick string, seats []seatSpec, settings map[string]any) (string, string) {
	ts.t.Helper()
	var out protocol.CreateResponse
	if code := ts.post("/api/tables", map[string]any{"nickname": nick, "seats": seats, "settings": settings}, &out); code != 201 {
		ts.t.Fatalf("create: %d %+v", code, out)
	}
	return out.ID, out.Token
}

func (ts *testServer) join(id, nick string) (int, string) {
	ts.t.Helper()
	var out protocol.JoinResponse
	if code := ts.post("/api/tables/"+id+"/join", map[string]any{"nickname": nick}, &out); code != 200 {
		ts.t.Fatalf("join: %d %+v", code, out)
	}
	return out.Seat, out.Token
}

// wsClient is a client on a real WebSocket that keeps every frame it got.
type wsClient struct {
	t      testing.TB
	name   string
	ws     *websocket.Conn
	frames chan protocol.ServerMsg
	closed chan struct{}

	mu  sync.Mutex
	raw [][]byte // every frame received, in full

	seat      int
	last      *protocol.ServerMsg // the latest state
	lastTable *protocol.TableInfo // the latest table
	nextID    int64
}

func (ts *testServer) dial(id, name string) *wsClient {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.base, "http") + "/api/tables/" + id + "/ws"
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{protocol.Subprotocol}})
	if err != nil {
		ts.t.Fatalf("dial %s: %v", name, err)
	}
	ws.SetReadLimit(1 << 20)
	c := &wsClient{t: ts.t, name: name, ws: ws, frames: make(chan protocol.ServerMsg, 100000),
		closed: make(chan struct{}), seat: -2}
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
			var m protocol.ServerMsg
			if err := json.Unmarshal(data, &m); err != nil {
				ts.t.Errorf("%s: undecodable frame %s", name, data)
				continue
			}
			c.frames <- m
		}
	}()
	ts.t.Cleanup(func() { c.ws.CloseNow() })
	return c
}

// hello sends the hello and waits for the welcome (and the state, if any).
func (c *wsClient) hello(token string) protocol.ServerMsg {
	c.t.Helper()
	c.send(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: token, Spectate: token == ""})
	w := c.next(protocol.TypeWelcome, protocol.TypeError)
	if w.Type == protocol.TypeError {
		c.t.Fatalf("%s: hello refused: %s %s", c.name, w.Code, w.Message)
	}
	c.seat = *w.Seat
	return w
}

func (c *wsClient) sendRaw(data string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, []byte(data)); err != nil {
		c.t.Fatalf("%s: write: %v", c.name, err)
	}
}

func (c *wsClient) send(m protocol.ClientMsg) int64 {
	c.t.Helper()
	if m.ID == 0 && m.Type != protocol.TypeHello {
		c.nextID++
		m.ID = c.nextID
	}
	b, _ := json.Marshal(m)
	c.sendRaw(string(b))
	return m.ID
}

// next waits for a frame of one of types (any type if none), keeping the
// latest state.
func (c *wsClient) next(types ...string) protocol.ServerMsg {
	c.t.Helper()
	f, ok := c.nextWithin(15*time.Second, types...)
	if !ok {
		c.t.Fatalf("%s: no %v frame within 15s (last state seq %d)", c.name, types, c.seq())
	}
	return f
}

func (c *wsClient) nextWithin(d time.Duration, types ...string) (protocol.ServerMsg, bool) {
	timeout := time.After(d)
	for {
		select {
		case f := <-c.frames:
			c.keep(f)
			if len(types) == 0 {
				return f, true
			}
			for _, ty := range types {
				if f.Type == ty {
					return f, true
				}
			}
		case <-timeout:
			return protocol.ServerMsg{}, false
		}
	}
}

func (c *wsClient) keep(f protocol.ServerMsg) {
	switch f.Type {
	case protocol.TypeState:
		f := f
		c.last = &f
	case protocol.TypeTable, protocol.TypeWelcome:
		c.lastTable = f.Table
	}
}

func (c *wsClient) seq() int64 {
	if c.last == nil {
		return -1
	}
	return c.last.Seq
}

// drain takes every frame already received, keeping the latest state.
func (c *wsClient) drain() {
	for {
		select {
		case f := <-c.frames:
			c.keep(f)
		default:
			return
		}
	}
}

// frames returns a copy of every frame received so far.
func (c *wsClient) rawFrames() [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([][]byte(nil), c.raw...)
}

// act sends one action and waits for its ack or error.
func (c *wsClient) act(a protocol.Action) protocol.ServerMsg {
	c.t.Helper()
	id := c.send(protocol.ClientMsg{Type: protocol.TypeAct, Action: &a})
	for {
		f := c.next(protocol.TypeAck, protocol.TypeError)
		if f.ID == id {
			return f
		}
	}
}

// player drives a client to the end of the game with random legal actions.
// tolerant lets refusals through (a bot or a timer may act first).
type player struct {
	c        *wsClient
	rng      *rand.Rand
	tolerant bool
	acted    int
	// pause, when set, is called on each new state; returning false stops.
	pause func(*wsClient) bool
	// acked holds every action the server acknowledged, by seq.
	acked map[int64]protocol.Action
}

// play runs until the game is over; it returns an error instead of
// failing so that it can run in goroutines.
func (p *player) play(timeout time.Duration) error {
	c := p.c
	deadline := time.After(timeout)
	for {
		c.drain()
		if c.last != nil && c.last.View.Phase == "over" {
			return nil
		}
		if c.last != nil && p.pause != nil && !p.pause(c) {
			return nil
		}
		if c.last != nil && len(c.last.View.Legal) > 0 {
			legal := c.last.View.Legal
			a := legal[p.rng.IntN(len(legal))]
			id := p.sendAct(a)
			for {
				select {
				case f := <-c.frames:
					c.keep(f)
					if (f.Type == protocol.TypeAck || f.Type == protocol.TypeError) && f.ID == id {
						if f.Type == protocol.TypeError && !p.tolerant {
							return fmt.Errorf("%s: %s refused: %s %s", c.name, a.Kind, f.Code, f.Message)
						}
						if f.Type == protocol.TypeAck && p.acked != nil {
							p.acked[f.Seq] = a
						}
						p.acted++
						goto next
					}
					if f.Type == protocol.TypeBye {
						return fmt.Errorf("%s: bye: %s", c.name, f.Reason)
					}
				case <-deadline:
					return fmt.Errorf("%s: timed out waiting for ack", c.name)
				case <-c.closed:
					return fmt.Errorf("%s: connection closed", c.name)
				}
			}
		next:
			continue
		}
		select {
		case f := <-c.frames:
			c.keep(f)
			if f.Type == protocol.TypeBye {
				return fmt.Errorf("%s: bye: %s", c.name, f.Reason)
			}
		case <-deadline:
			return fmt.Errorf("%s: timed out at seq %d", c.name, c.seq())
		case <-c.closed:
			return fmt.Errorf("%s: connection closed", c.name)
		}
	}
}

func (p *player) sendAct(a protocol.Action) int64 {
	c := p.c
	c.nextID++
	b, _ := json.Marshal(protocol.ClientMsg{Type: protocol.TypeAct, ID: c.nextID, Action: &a})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = c.ws.Write(ctx, websocket.MessageText, b)
	return c.nextID
}

// playAll drives every player concurrently to the end of the game.
func playAll(t *testing.T, players []*player, timeout time.Duration) {
	t.Helper()
	errs := make(chan error, len(players))
	for _, p := range players {
		go func() { errs <- p.play(timeout) }()
	}
	for range players {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// follow reads a spectator's frames until the game is over.
func follow(c *wsClient, timeout time.Duration) error {
	deadline := time.After(timeout)
	for {
		select {
		case f := <-c.frames:
			c.keep(f)
			if c.last != nil && c.last.View.Phase == "over" {
				return nil
			}
		case <-deadline:
			return fmt.Errorf("%s: the game did not end within %v", c.name, timeout)
		}
	}
}

var quiet = slog.New(slog.DiscardHandler)
