package table

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/protocol"
)

// handings records how frames reach an endpoint: each Deliver or
// DeliverAll is one handing, the frames' data in order. Endpoints that
// share seen note there, in turn, every frame handed to any of them.
type handings struct {
	got  chan []string
	seen chan string
}

func (h *handings) Deliver(f Frame) bool { return h.DeliverAll([]Frame{f}) }

func (h *handings) DeliverAll(fs []Frame) bool {
	var one []string
	for _, f := range fs {
		one = append(one, string(f.Data))
		if h.seen != nil {
			h.seen <- string(f.Data)
		}
	}
	select {
	case h.got <- one:
		return true
	default:
		return false
	}
}

// An event's frames reach each client together and in the order made,
// whatever came between them for other clients, at the place of the
// client's last frame: what was made for others before it goes first.
// Past largestGathered they go out as they are made.
func TestAnEventsFramesReachEachClientTogether(t *testing.T) {
	m := newManager(t, store.NewMemory())
	seen := make(chan string, 500)
	ann, bob := &handings{make(chan []string, 200), seen}, &handings{make(chan []string, 200), seen}
	m.Bus().Subscribe("n/ann", ann)
	m.Bus().Subscribe("n/bob", bob)
	tb := &Table{m: m}
	tb.gather()
	tb.publish("n/ann", Frame{Data: []byte("a1")})
	tb.publish("n/bob", Frame{Data: []byte("b1")})
	tb.publish("n/ann", Frame{Data: []byte("a2")})
	if len(ann.got)+len(bob.got) != 0 {
		t.Fatal("a frame went out before the event ended")
	}
	tb.handOver()
	if got := <-ann.got; !slices.Equal(got, []string{"a1", "a2"}) {
		t.Errorf("Ann was handed %q, want a1 and a2 together", got)
	}
	if got := <-bob.got; !slices.Equal(got, []string{"b1"}) {
		t.Errorf("Bob was handed %q", got)
	}
	if order := []string{<-seen, <-seen, <-seen}; !slices.Equal(order, []string{"b1", "a1", "a2"}) {
		t.Errorf("handed over in the order %q, want Bob's frame before Ann's last", order)
	}
	// Outside an event, a frame goes out at once.
	tb.publish("n/bob", Frame{Data: []byte("b2")})
	if len(bob.got) != 1 {
		t.Fatal("a frame outside an event was held")
	}
	<-bob.got
	<-seen
	// A crowd's broadcast is not held past largestGathered frames.
	tb.gather()
	for i := range largestGathered + 3 {
		tb.publish("n/bob", Frame{Data: fmt.Appendf(nil, "c%d", i)})
	}
	tb.handOver()
	var all []string
	for len(bob.got) > 0 {
		one := <-bob.got
		for range one {
			<-seen
		}
		if len(one) > largestGathered {
			t.Fatalf("%d frames handed at once", len(one))
		}
		all = append(all, one...)
	}
	if len(all) != largestGathered+3 || all[0] != "c0" || all[len(all)-1] != fmt.Sprintf("c%d", largestGathered+2) {
		t.Fatalf("the crowd's frames arrived as %q", all)
	}
}

// The state an action makes and the answer to the player who sent it are
// handed to that player's connection at once, state first, so that they
// go out in one write.
func TestAnActionsStateAndAnswerAreHandedTogether(t *testing.T) {
	m := newManager(t, store.NewMemory())
	id, _, token, err := m.Create(context.Background(), CreateRequest{Nickname: "Ann",
		Seats: []SeatSpec{{Kind: "open"}, {Kind: "bot", Level: "random"}}, Settings: DefaultSettings()})
	if err != nil {
		t.Fatal(err)
	}
	ann := &handings{got: make(chan []string, 4096)}
	client := m.NewClientID()
	m.Bus().Subscribe(client, ann)
	send := func(msg protocol.ClientMsg) {
		t.Helper()
		msg.V = protocol.Version
		if err := m.Bus().SendWait(context.Background(), id, Intent{Kind: IntentMsg, Client: client, Msg: msg, At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Bus().SendWait(context.Background(), id, Intent{Kind: IntentHello, Client: client,
		Msg: protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: token}}); err != nil {
		t.Fatal(err)
	}
	send(protocol.ClientMsg{Type: protocol.TypeStart, ID: 1})
	decode := func(s string) protocol.ServerMsg {
		var msg protocol.ServerMsg
		if err := json.Unmarshal([]byte(s), &msg); err != nil {
			t.Fatalf("bad frame %s: %v", s, err)
		}
		return msg
	}
	timeout := time.After(10 * time.Second)
	acted := false
	for {
		var one []string
		select {
		case one = <-ann.got:
		case <-timeout:
			t.Fatal("no answer to Ann's action within 10 s")
		}
		var types []string
		for _, s := range one {
			types = append(types, decode(s).Type)
		}
		if acted && slices.Contains(types, protocol.TypeAck) {
			if !slices.Equal(types, []string{protocol.TypeState, protocol.TypeAck}) {
				t.Fatalf("Ann's action was answered in a handing of %v, want [state ack]", types)
			}
			return
		}
		last := decode(one[len(one)-1])
		if acted || last.Type != protocol.TypeState || len(last.View.Legal) == 0 {
			continue
		}
		a := last.View.Legal[0]
		send(protocol.ClientMsg{Type: protocol.TypeAct, ID: 2, Action: &a})
		acted = true
	}
}
