package client_test

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// hop is a server that answers each hello as its test says: with a
// welcome (answer ""), or with the frame answer returns, then a close.
type hop struct {
	srv    *httptest.Server
	hellos chan protocol.ClientMsg
	kick   chan struct{} // closes a welcomed connection
}

func newHop(t *testing.T, answer func(protocol.ClientMsg) string) *hop {
	h := &hop{hellos: make(chan protocol.ClientMsg, 100), kick: make(chan struct{}, 1)}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{protocol.Subprotocol}})
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ctx := r.Context()
		_, data, err := ws.Read(ctx)
		if err != nil {
			return
		}
		hello, err := protocol.DecodeClient(data)
		if err != nil {
			return
		}
		h.hellos <- hello
		if f := answer(hello); f != "" {
			_ = ws.Write(ctx, websocket.MessageText, []byte(f))
			ws.Close(websocket.StatusNormalClosure, "")
			return
		}
		if ws.Write(ctx, websocket.MessageText, []byte(welcome)) != nil {
			return
		}
		gone := make(chan struct{})
		go func() { // until the client hangs up
			defer close(gone)
			for {
				if _, _, err := ws.Read(ctx); err != nil {
					return
				}
			}
		}()
		select {
		case <-gone:
		case <-h.kick:
			ws.Close(websocket.StatusGoingAway, "")
		}
	}))
	t.Cleanup(h.srv.Close)
	return h
}

// sendTo is a bye sending a client that follows to server.
func sendTo(server string) string {
	return `{"type":"bye","reason":"the table moved to another server: reconnect","reconnect":true,"server":"` +
		server + `","problem":{"code":"table_moved"}}`
}

// sendFollowers answers a hello that follows with a bye sending it to
// server, and welcomes one that does not.
func sendFollowers(server string) func(protocol.ClientMsg) string {
	return func(m protocol.ClientMsg) string {
		if m.Follow {
			return sendTo(server)
		}
		return ""
	}
}

func (h *hop) hello(t *testing.T) protocol.ClientMsg {
	t.Helper()
	return receive(t, h.hellos, "no hello")
}

func (h *hop) quiet(t *testing.T) {
	t.Helper()
	select {
	case m := <-h.hellos:
		t.Errorf("an unexpected hello %+v", m)
	default:
	}
}

// sentToOwner dials a table at home, a server that sends a client that
// follows to owner, which welcomes it. The Conn closes when the test ends.
func sentToOwner(t *testing.T) (owner, home *hop, conn *client.Conn) {
	t.Helper()
	owner = newHop(t, func(protocol.ClientMsg) string { return "" })
	home = newHop(t, sendFollowers(owner.srv.URL))
	conn, err := client.New(home.srv.URL).Dial(testserver.Context(t, 10*time.Second), "abc", quick("tok"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return owner, home, conn
}

// A node that sends a following client to the node that runs its table
// is followed at once: the Conn is welcomed there, and says the same
// hello with the same token.
func TestDialFollowsAByeToItsServer(t *testing.T) {
	owner, home, conn := sentToOwner(t)
	if h := home.hello(t); !h.Follow || h.Token != "tok" {
		t.Errorf("the hello at home: %+v", h)
	}
	if h := owner.hello(t); !h.Follow || h.Token != "tok" || h.V != protocol.Version {
		t.Errorf("the hello where it was sent: %+v", h)
	}
	if conn.Server() != owner.srv.URL || conn.Client().Server() != home.srv.URL {
		t.Errorf("connected to %s, its client's server %s", conn.Server(), conn.Client().Server())
	}
	ev := until(t, conn, func(client.Event) bool { return true })
	if ev.Msg == nil || ev.Msg.Type != protocol.TypeWelcome {
		t.Errorf("the first event: %+v", ev)
	}
	home.quiet(t)
}

// A server sent to that cannot be reached, or a chain of servers each
// sending the Conn on, sends it back to its own server, where it says
// hello without following and is relayed.
func TestDialGoesHomeWhenSentAstray(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	nowhere := "http://" + l.Addr().String()
	l.Close() // nothing answers there now

	var chain []*hop
	last := newHop(t, sendFollowers(nowhere))
	chain = append(chain, last)
	for range 3 {
		last = newHop(t, sendFollowers(last.srv.URL))
		chain = append(chain, last)
	}
	for _, tc := range []struct {
		name string
		home *hop
		sent []*hop // the servers it is sent through, in order
	}{
		{"out of reach", newHop(t, sendFollowers(nowhere)), nil},
		{"a chain", newHop(t, sendFollowers(chain[3].srv.URL)), []*hop{chain[3], chain[2]}},
	} {
		conn, err := client.New(tc.home.srv.URL).Dial(testserver.Context(t, 10*time.Second), "abc", quick("tok"))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if h := tc.home.hello(t); !h.Follow {
			t.Errorf("%s: the first hello does not follow", tc.name)
		}
		for i, s := range tc.sent {
			if h := s.hello(t); !h.Follow {
				t.Errorf("%s: hop %d's hello does not follow", tc.name, i+1)
			}
		}
		if h := tc.home.hello(t); h.Follow || h.Token != "tok" {
			t.Errorf("%s: the hello back home: %+v", tc.name, h)
		}
		if conn.Server() != tc.home.srv.URL {
			t.Errorf("%s: connected to %s", tc.name, conn.Server())
		}
		for _, s := range chain {
			s.quiet(t)
		}
		conn.Close()
	}
}

// Where the Conn is sent, the table may still refuse the seat, as any node
// would: that refusal is the Dial's. A bye naming no server is refused as
// before.
func TestDialTakesTheRefusalOfTheServerSentTo(t *testing.T) {
	refusing := newHop(t, func(protocol.ClientMsg) string {
		return `{"type":"error","code":"bad_token","message":"no seat answers to this token","problem":{"code":"bad_token"}}`
	})
	home := newHop(t, sendFollowers(refusing.srv.URL))
	_, err := client.New(home.srv.URL).Dial(testserver.Context(t, 10*time.Second), "abc", quick("tok"))
	if !errors.Is(err, client.ErrBadToken) {
		t.Errorf("dial: %v", err)
	}
	home.hello(t)
	home.quiet(t)

	gone := newHop(t, func(protocol.ClientMsg) string {
		return `{"type":"bye","reason":"the host gave your seat to a bot","problem":{"code":"seat_to_bot"}}`
	})
	if _, err := client.New(gone.srv.URL).Dial(testserver.Context(t, 10*time.Second), "abc", quick("tok")); err == nil ||
		!strings.Contains(err.Error(), "gave your seat") {
		t.Errorf("dial: %v", err)
	}
}

// A Conn that was sent to the table's node and drops dials its own server
// again, which may send it to wherever the table runs now.
func TestRedialStartsFromHome(t *testing.T) {
	owner, home, conn := sentToOwner(t)
	home.hello(t)
	owner.hello(t)
	owner.kick <- struct{}{}
	until(t, conn, func(ev client.Event) bool { return ev.Status == client.Reconnected })
	if h := home.hello(t); !h.Follow {
		t.Errorf("the hello at home after the drop: %+v", h)
	}
	owner.hello(t)
	if conn.Server() != owner.srv.URL {
		t.Errorf("connected to %s", conn.Server())
	}
}
