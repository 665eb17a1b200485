package table

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// numbered is a connection that numbers its messages as a server
// connection does, and keeps every frame with the number it answers.
type numbered struct {
	t      *testing.T
	m      *Manager
	table  string
	id     ClientID
	req    uint64
	frames chan Frame
}

func attachNumbered(t *testing.T, m *Manager, table string) *numbered {
	n := &numbered{t: t, m: m, table: table, id: m.NewClientID(), frames: make(chan Frame, 1024)}
	t.Cleanup(m.Bus().Subscribe(n.id, EndpointFunc(func(f Frame) bool {
		n.frames <- f
		return true
	})))
	return n
}

func (n *numbered) send(kind IntentKind, msg protocol.ClientMsg) uint64 {
	n.req++
	msg.ID = int64(n.req)
	if err := n.m.Bus().SendWait(context.Background(), n.table, Intent{Kind: kind, Client: n.id, Msg: msg, Req: n.req}); err != nil {
		n.t.Fatal(err)
	}
	return n.req
}

// answers reads frames until every message sent has its answer, and
// returns them by number; a second answer to a number fails the test.
func (n *numbered) answers() map[uint64]Frame {
	got := map[uint64]Frame{}
	timeout := time.After(10 * time.Second)
	for uint64(len(got)) < n.req {
		select {
		case f := <-n.frames:
			if f.Req == 0 {
				continue
			}
			if _, dup := got[f.Req]; dup {
				n.t.Fatalf("message %d answered twice: %s", f.Req, f.Data)
			}
			got[f.Req] = f
		case <-timeout:
			n.t.Fatalf("answers to %d of %d messages: %v", len(got), n.req, got)
		}
	}
	return got
}

func decoded(t *testing.T, f Frame) protocol.ServerMsg {
	t.Helper()
	var m protocol.ServerMsg
	if err := json.Unmarshal(f.Data, &m); err != nil {
		t.Fatalf("answer %q: %v", f.Data, err)
	}
	return m
}

// Rule: every numbered message gets exactly one answer carrying its
// number — a welcome, an ack, a refusal, the chat line's relay, a hint
// worked out in the background — so that a connection can put its answers
// in order.
func TestEveryMessageGetsOneNumberedAnswer(t *testing.T) {
	s, _ := newStore(t)
	m := newManager(t, s)
	id, _, token, err := m.Create(context.Background(), CreateRequest{Nickname: "Ann",
		Seats:    []SeatSpec{{Kind: "open"}, {Kind: "bot", Level: "random"}},
		Settings: Settings{Options: skullking.DefaultOptions()}})
	if err != nil {
		t.Fatal(err)
	}
	ann := attachNumbered(t, m, id)
	want := map[uint64]string{}
	want[ann.send(IntentHello, protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: token})] = protocol.TypeWelcome
	want[ann.send(IntentMsg, protocol.ClientMsg{Type: protocol.TypeChat, Text: "hello all"})] = protocol.TypeChat
	want[ann.send(IntentMsg, protocol.ClientMsg{Type: protocol.TypeChat, Text: " "})] = protocol.TypeError
	want[ann.send(IntentMsg, protocol.ClientMsg{Type: protocol.TypeHint})] = protocol.TypeError
	want[ann.send(IntentMsg, protocol.ClientMsg{Type: protocol.TypeStart})] = protocol.TypeAck
	want[ann.send(IntentMsg, protocol.ClientMsg{Type: protocol.TypeHint})] = protocol.TypeHint
	want[ann.send(IntentHello, protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: token})] = protocol.TypeError
	for req, f := range ann.answers() {
		// The relayed line names no message: it is everyone's.
		if got := decoded(t, f); got.Type != want[req] || (got.Type != protocol.TypeChat && got.ID != int64(req)) {
			t.Errorf("message %d: answer %s %d, want %s", req, got.Type, got.ID, want[req])
		}
	}
}

// Rule: a message handled with nothing to tell (a seat left: its
// connection is closed) still gets its number answered, by an empty frame.
func TestAMessageWithNothingToTellIsAnsweredEmpty(t *testing.T) {
	s, _ := newStore(t)
	m := newManager(t, s)
	id, _, token, err := m.Create(context.Background(), CreateRequest{Nickname: "Ann",
		Seats:    []SeatSpec{{Kind: "open"}, {Kind: "open"}},
		Settings: Settings{Options: skullking.DefaultOptions()}})
	if err != nil {
		t.Fatal(err)
	}
	ann := attachNumbered(t, m, id)
	ann.send(IntentHello, protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: token})
	leave := ann.send(IntentMsg, protocol.ClientMsg{Type: protocol.TypeLeave})
	if f := ann.answers()[leave]; f.Data != nil {
		t.Fatalf("leave answered %s", f.Data)
	}
}
