package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/natsbus/natstest"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// wireMsg is one message a tapped WebSocket carried, or its closing.
type wireMsg struct {
	fromServer bool
	closed     bool // a close frame, no message
	client     protocol.ClientMsg
	server     protocol.ServerMsg
}

// wireTap records every message of the WebSockets a client dials through
// it, both ways, by connection: what a server sent is seen whether or not
// the client's program ever hears of it (an answer to a message it stopped
// waiting for, a second answer to one message).
type wireTap struct {
	mu    sync.Mutex
	conns [][]wireMsg
	bad   []string // what could not be read
}

// http is an HTTP client whose connections the tap records. Each dial is
// a connection of its own, never one kept from a refused upgrade, so that
// what follows the HTTP head is a WebSocket's frames.
func (w *wireTap) http() *http.Client {
	var d net.Dialer
	return &http.Client{Transport: &http.Transport{DisableKeepAlives: true, DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		w.conns = append(w.conns, nil)
		return &tapConn{Conn: c, w: w, n: len(w.conns) - 1}, nil
	}}}
}

// record notes one message of connection n (nil: a close frame).
func (w *wireTap) record(n int, fromServer bool, data []byte) {
	m := wireMsg{fromServer: fromServer, closed: data == nil}
	var err error
	switch {
	case m.closed:
	case fromServer:
		err = json.Unmarshal(data, &m.server)
	default:
		err = json.Unmarshal(data, &m.client)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		w.bad = append(w.bad, fmt.Sprintf("%q: %v", data, err))
		return
	}
	w.conns[n] = append(w.conns[n], m)
}

// connections is what each connection carried so far, in order, and what
// could not be read.
func (w *wireTap) connections() ([][]wireMsg, []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([][]wireMsg, len(w.conns))
	for i, c := range w.conns {
		out[i] = append([]wireMsg(nil), c...)
	}
	return out, append([]string(nil), w.bad...)
}

// tapConn is one tapped connection: an HTTP upgrade, then WebSocket frames.
type tapConn struct {
	net.Conn
	w       *wireTap
	n       int
	in, out frameReader
}

func (c *tapConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.in.feed(p[:n], func(data []byte) { c.w.record(c.n, true, data) })
	return n, err
}

// Write notes a message before it leaves, so that it comes before its
// answer.
func (c *tapConn) Write(p []byte) (int, error) {
	c.out.feed(p, func(data []byte) { c.w.record(c.n, false, data) })
	return c.Conn.Write(p)
}

// frameReader reads one direction of a WebSocket (RFC 6455 §5.2) from the
// bytes as they pass: the HTTP head first, then frames; a text message,
// whole, goes to each's callback, and a close frame as nil. The connection
// is not compressed (package client does not ask for it).
type frameReader struct {
	upgraded bool
	buf, msg []byte
}

func (r *frameReader) feed(b []byte, each func([]byte)) {
	r.buf = append(r.buf, b...)
	if !r.upgraded {
		i := bytes.Index(r.buf, []byte("\r\n\r\n"))
		if i < 0 {
			return
		}
		r.buf, r.upgraded = r.buf[i+4:], true
	}
	for len(r.buf) >= 2 {
		fin, op := r.buf[0]&0x80 != 0, r.buf[0]&0x0f
		masked, n, head := r.buf[1]&0x80 != 0, int(r.buf[1]&0x7f), 2
		switch n {
		case 126:
			if len(r.buf) < 4 {
				return
			}
			n, head = bigEndian(r.buf[2:4]), 4
		case 127:
			if len(r.buf) < 10 {
				return
			}
			n, head = bigEndian(r.buf[2:10]), 10
		}
		var key []byte
		if masked {
			if len(r.buf) < head+4 {
				return
			}
			key, head = r.buf[head:head+4], head+4
		}
		if len(r.buf) < head+n {
			return
		}
		payload := append([]byte(nil), r.buf[head:head+n]...)
		for i := range payload {
			if key != nil {
				payload[i] ^= key[i%4]
			}
		}
		r.buf = r.buf[head+n:]
		switch op {
		case 1:
			r.msg = payload
		case 0:
			r.msg = append(r.msg, payload...)
		case 8:
			each(nil)
			continue
		default:
			continue // pings and pongs
		}
		if fin {
			each(r.msg)
			r.msg = nil
		}
	}
}

// bigEndian reads a frame's length.
func bigEndian(b []byte) int {
	n := 0
	for _, c := range b {
		n = n<<8 | int(c)
	}
	return n
}

// A node cut off PostgreSQL for longer than its lease, while the other node
// of the cluster keeps the database, lets its table go before the lease
// runs out, and the other node takes the table over (docs/scaling.md, "One
// owner per table"). A player relayed through the other node keeps acting
// all along, before, during and after the cut: every message gets exactly
// one answer, from one node, in the order of the messages (none only for
// a message that crossed the bye closing its connection); every
// acknowledged action is in the stored log at the seq its ack gave, and
// no action that was not acknowledged is. The cut is tried both ways a database goes away: held
// bytes (a network split, where a write waits for nothing) and refused
// connections (a stopped database, where a write fails at once).
func TestALapsedLeaseAnswersEachMessageOnce(t *testing.T) {
	for _, mode := range []pgtest.CutMode{pgtest.Blackhole, pgtest.Refuse} {
		t.Run(mode.String(), func(t *testing.T) { lapse(t, mode) })
	}
}

// lease is the nodes' lease in the lapse test: short, for the test to be
// quick, and long enough for a node under the race detector, on a busy
// machine, to renew it in time (every third of it).
const lease = "3s"

func lapse(t *testing.T, mode pgtest.CutMode) {
	dbURL, nats := pgtest.URL(t), natstest.Start(t)
	proxy1, url1 := pgtest.NewProxy(t, dbURL)
	_, url2 := pgtest.NewProxy(t, dbURL)
	n1 := node(t, "n1", url1, nats.URL(), "--lease", lease)
	n2 := node(t, "n2", url2, nats.URL(), "--lease", lease)

	// Node 1 makes the table, and so runs it; Ann plays it through node 2.
	created := n1.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random")}, testserver.Settings(0))
	tap := &wireTap{}
	ann := sit(t, client.New(n2.Base).WithHTTP(tap.http()), created.ID, "Ann", created.Token)
	if _, err := ann.request(protocol.ClientMsg{Type: protocol.TypeStart}); err != nil {
		t.Fatal(err)
	}

	// ready: Ann's newest state offers her an action.
	ready := func(client.Event) bool {
		return ann.last != nil && len(ann.last.View.Legal) > 0 && !ann.conn.Stale(ann.lastEv)
	}
	// act plays Ann's first legal action in her newest state, once she has
	// one, and returns the answer.
	act := func() (protocol.ServerMsg, error) {
		t.Helper()
		if !ready(client.Event{}) {
			ann.until("a legal action", ready)
		}
		a := ann.last.View.Legal[0]
		return ann.request(protocol.ClientMsg{Type: protocol.TypeAct, Action: &a})
	}
	// step plays one action of Ann's and reports whether it was
	// acknowledged. A refusal is an answer like any other: the table could
	// not store it (she tries again), or stopped running where she reached
	// it (she comes back, through node 2, to wherever it runs).
	step := func(when string) bool {
		t.Helper()
		_, err := act()
		switch c := code(err); {
		case err == nil:
			return true
		case c == protocol.ErrInternal && strings.Contains(err.Error(), "nothing changed"):
		case c == protocol.ErrNoTable, c == protocol.ErrNeedHello, errors.Is(err, client.ErrDropped),
			errors.Is(err, client.ErrNotConnected):
			ann.until("the reconnection", func(ev client.Event) bool { return ev.Status == client.Reconnected })
		default:
			t.Fatalf("Ann's action %s: %v", when, err)
		}
		return false
	}
	within := func(deadline time.Time, what string) {
		t.Helper()
		if time.Now().After(deadline) {
			t.Fatalf("%s\nnode 1:\n%s\nnode 2:\n%s", what, n1.Log(), n2.Log())
		}
	}

	// Two actions, then on to a moment when the game waits for Ann's card
	// and for nothing else, so that no write of the bot's is under way as
	// the cut begins.
	deadline := time.Now().Add(30 * time.Second)
	for acked := 0; ; {
		within(deadline, "Ann did not reach her turn within 30s")
		if !ready(client.Event{}) {
			ann.until("a legal action", ready)
		}
		if v := ann.last.View; acked >= 2 && v.Phase == protocol.PhasePlaying && v.Turn == v.Seat {
			break
		}
		if step("before the cut") {
			acked++
		}
	}

	// Node 1 loses PostgreSQL past its lease. Ann keeps playing: refused
	// while node 1 holds the table, told to reconnect when it lets go, and
	// acknowledged once node 2 has taken it over.
	proxy1.Cut(mode)
	deadline = time.Now().Add(30 * time.Second)
	for !step("during the cut") {
		within(deadline, "no action acknowledged 30s into the cut")
	}
	if !strings.Contains(n1.Log(), "letting the table go") {
		t.Errorf("node 1 did not say it let the table go:\n%s", n1.Log())
	}

	// Node 1 has the database again; Ann plays on through node 2.
	proxy1.Restore()
	deadline = time.Now().Add(30 * time.Second)
	for acked := 0; acked < 4; {
		within(deadline, "four actions were not acknowledged within 30s of the cut's end")
		if step("after the cut") {
			acked++
		}
	}
	checkAnswers(t, tap, dbURL, created.ID)
}

// checkAnswers checks what the tap saw against the stored log of table
// id: one answer to every message; the actions acknowledged in the log at
// their seqs; no action of Ann's seat (0) in the log unacknowledged.
func checkAnswers(t *testing.T, tap *wireTap, dbURL, id string) {
	t.Helper()
	log := storedLog(t, dbURL, id)

	type sent struct {
		msg     protocol.ClientMsg
		answers []protocol.ServerMsg
		closed  bool // the server closed its connection (a bye, a close frame)
	}
	msgs := map[int64]*sent{}
	var ids []int64
	conns, bad := tap.connections()
	for _, b := range bad {
		t.Errorf("an unreadable message on the wire: %s", b)
	}
	for n, conn := range conns {
		var open, all []*sent // sent on this connection and not answered yet, in order; all
		serverClosed := false // the client's transport has read the server's bye or close
		for _, m := range conn {
			switch {
			case !m.fromServer && m.client.ID != 0:
				if msgs[m.client.ID] != nil {
					t.Errorf("message id %d sent twice", m.client.ID)
				}
				// A message sent after the bye reached the client's
				// transport, before its program heard of it, crossed the
				// close as surely as one sent just before.
				s := &sent{msg: m.client, closed: serverClosed}
				msgs[m.client.ID], ids = s, append(ids, m.client.ID)
				open, all = append(open, s), append(all, s)
			case m.fromServer && (m.closed || m.server.Type == protocol.TypeBye):
				serverClosed = true
				for _, s := range all {
					s.closed = true
				}
			case m.fromServer && m.server.ID != 0:
				s := msgs[m.server.ID]
				if s == nil {
					t.Errorf("connection %d: an answer to message %d, which was never sent: %+v", n, m.server.ID, m.server)
					continue
				}
				s.answers = append(s.answers, m.server)
				// Answers come in the order of the messages: none is skipped.
				for len(open) > 0 && open[0] != s {
					t.Errorf("connection %d: message %d was answered, and message %d before it never was",
						n, m.server.ID, open[0].msg.ID)
					open = open[1:]
				}
				if len(open) > 0 {
					open = open[1:]
				}
			}
		}
		// A message sent as the server closed the connection may arrive
		// after the close frame was written, and go unread.
		if len(open) > 0 && open[0].closed {
			for _, s := range all {
				s.closed = true
			}
		}
	}
	ackedAt := map[int64]protocol.ClientMsg{}
	unanswered := 0
	for _, id := range ids {
		s := msgs[id]
		switch {
		case len(s.answers) > 1:
			t.Errorf("message %d (%s) was answered %d times: %+v", id, s.msg.Type, len(s.answers), s.answers)
		case len(s.answers) == 0 && !s.closed:
			// Only a message that crossed the server's closing of its
			// connection may go unanswered, the last ones sent on it (the
			// order check above): the client hears that it dropped, and the
			// next state shows that nothing changed.
			t.Errorf("message %d (%s) was never answered, and the server did not close its connection", id, s.msg.Type)
		case len(s.answers) == 0:
			unanswered++
		case s.msg.Type == protocol.TypeAct && s.answers[0].Type == protocol.TypeAck:
			if other, ok := ackedAt[s.answers[0].Seq]; ok {
				t.Errorf("messages %d and %d both acknowledged at seq %d", other.ID, id, s.answers[0].Seq)
			}
			ackedAt[s.answers[0].Seq] = s.msg
		}
	}
	for seq, m := range ackedAt {
		want, err := protocol.ToAction(m.Action, 0)
		if err != nil {
			t.Fatal(err)
		}
		if seq < 1 || int(seq) > len(log) || log[seq-1].Action != want || log[seq-1].By != protocol.ByPlayer {
			t.Errorf("message %d was acknowledged at seq %d, which the log (%d actions) does not hold: %+v", m.ID, seq, len(log), want)
		}
	}
	for _, a := range log {
		if _, ok := ackedAt[a.Seq]; !ok && a.Action.Seat == 0 && a.By == protocol.ByPlayer {
			t.Errorf("Ann's action at seq %d is in the log, but no message of hers was acknowledged with it: %+v", a.Seq, a)
		}
	}
	t.Logf("%d messages, %d acknowledged actions, %d unanswered as the server closed their connection; the log holds %d actions",
		len(ids), len(ackedAt), unanswered, len(log))
	if len(ackedAt) < 7 {
		t.Errorf("only %d actions were acknowledged, want 2 before the cut, 1 from node 2 and 4 after", len(ackedAt))
	}
}
