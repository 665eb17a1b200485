package natsbus

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	natsclient "github.com/nats-io/nats.go"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/natsbus/natstest"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

func connect(t *testing.T, url, node string) *Bus {
	t.Helper()
	b, err := Connect(url, node, Options{CheckEvery: 200 * time.Millisecond, RequestTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return b
}

// frames collects what an endpoint receives.
type frames struct {
	mu sync.Mutex
	fs []table.Frame
}

func (f *frames) Deliver(fr table.Frame) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fs = append(f.fs, fr)
	return true
}

func (f *frames) wait(t *testing.T, n int) []table.Frame {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		f.mu.Lock()
		got := append([]table.Frame(nil), f.fs...)
		f.mu.Unlock()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d frames after 5s, want %d", len(got), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func recv(t *testing.T, inbox <-chan *table.Intent) table.Intent {
	t.Helper()
	select {
	case in := <-inbox:
		return *in
	case <-time.After(5 * time.Second):
		t.Fatal("no intent after 5s")
		return table.Intent{}
	}
}

// own makes b the owner of table id until the test ends and returns the
// table's inbox.
func own(t *testing.T, b *Bus, id string) chan *table.Intent {
	t.Helper()
	inbox := make(chan *table.Intent, 8)
	release, err := b.Own(id, inbox)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(release)
	return inbox
}

// hello says hello to table id as client c through via, and waits until
// the table's inbox has it.
func hello(t *testing.T, via *Bus, c table.ClientID, id string, inbox <-chan *table.Intent) {
	t.Helper()
	if err := via.Send(id, table.Intent{Kind: table.IntentHello, Client: c, Msg: protocol.ClientMsg{Type: protocol.TypeHello}}); err != nil {
		t.Fatal(err)
	}
	recv(t, inbox)
}

// askedToReconnect checks that f, which who was sent, is a bye asking it to
// reconnect that closes its connection.
func askedToReconnect(t *testing.T, who string, f table.Frame) {
	t.Helper()
	var bye protocol.ServerMsg
	if err := json.Unmarshal(f.Data, &bye); err != nil || bye.Type != protocol.TypeBye || !bye.Reconnect || !f.Close {
		t.Fatalf("%s got %s close=%v, want a bye asking it to reconnect", who, f.Data, f.Close)
	}
}

// A client on one node reaches a table owned by another: its intents reach
// the owner's inbox in order, and the owner's frames reach the client's
// endpoint, answers with their message numbers.
func TestIntentsAndFramesCrossNodes(t *testing.T) {
	nats := natstest.Start(t)
	owner, relay := connect(t, nats.URL(), "a"), connect(t, nats.URL(), "b")
	inbox := make(chan *table.Intent, 8)
	release, err := owner.Own("t1", inbox)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	var got frames
	client := table.ClientID("b/1")
	defer relay.Subscribe(client, &got)()

	hello := table.Intent{Kind: table.IntentHello, Client: client, Msg: protocol.ClientMsg{Type: protocol.TypeHello, ID: 1, Token: "tok"}, Req: 1,
		At: time.UnixMilli(1700000000000).UTC()}
	if err := relay.SendWait(context.Background(), "t1", hello); err != nil {
		t.Fatal(err)
	}
	act := table.Intent{Kind: table.IntentMsg, Client: client, Msg: protocol.ClientMsg{Type: protocol.TypeChat, ID: 2, Text: "ahoy"}, Req: 2}
	if err := relay.Send("t1", act); err != nil {
		t.Fatal(err)
	}
	if in := recv(t, inbox); !reflect.DeepEqual(in, hello) {
		t.Fatalf("owner got %+v, want %+v", in, hello)
	}
	if in := recv(t, inbox); in.Msg.Text != "ahoy" || in.Req != 2 {
		t.Fatalf("owner got %+v second, want the chat", in)
	}
	owner.Publish(client, table.Frame{Data: []byte(`{"type":"welcome"}`), Req: 1})
	owner.Publish(client, table.Frame{Data: []byte(`{"type":"bye"}`), Close: true})
	fs := got.wait(t, 2)
	if string(fs[0].Data) != `{"type":"welcome"}` || fs[0].Req != 1 || fs[0].Close {
		t.Fatalf("first frame %+v", fs[0])
	}
	if string(fs[1].Data) != `{"type":"bye"}` || fs[1].Req != 0 || !fs[1].Close {
		t.Fatalf("second frame %+v", fs[1])
	}
}

// A table nobody owns is ErrNoTable wherever it is asked for, so that the
// node may load it; a full inbox on the owner is ErrOverloaded, never a
// wait behind the table's back.
func TestNoOwnerAndFullInbox(t *testing.T) {
	nats := natstest.Start(t)
	owner, relay := connect(t, nats.URL(), "a"), connect(t, nats.URL(), "b")
	in := table.Intent{Kind: table.IntentMsg, Client: "b/1", Msg: protocol.ClientMsg{Type: protocol.TypeChat, Text: "x"}}
	if err := relay.Send("nobody", in); !errors.Is(err, table.ErrNoTable) {
		t.Fatalf("send to an unowned table: %v, want ErrNoTable", err)
	}
	if err := relay.SendWait(context.Background(), "nobody", in); !errors.Is(err, table.ErrNoTable) {
		t.Fatalf("send-wait to an unowned table: %v, want ErrNoTable", err)
	}
	if err := relay.Send("Not.A.Table", in); !errors.Is(err, table.ErrNoTable) {
		t.Fatalf("a table id that is no subject token: %v, want ErrNoTable", err)
	}
	inbox := make(chan *table.Intent, 1)
	release, err := owner.Own("t1", inbox)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if err := relay.Send("t1", in); err != nil {
		t.Fatal(err)
	}
	if err := relay.Send("t1", in); !errors.Is(err, table.ErrOverloaded) {
		t.Fatalf("send to a full table: %v, want ErrOverloaded", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := relay.SendWait(ctx, "t1", in); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("send-wait to a full table: %v, want the deadline", err)
	}
	<-inbox
	if err := relay.SendWait(context.Background(), "t1", in); err != nil {
		t.Fatalf("send-wait once there is room: %v", err)
	}
	release()
	if err := relay.Send("t1", in); !errors.Is(err, table.ErrNoTable) {
		t.Fatalf("send after the owner let go: %v, want ErrNoTable", err)
	}
}

// Two nodes that both own a table for a moment (an owner whose lease
// lapsed letting go as the next one takes the table) never both take one
// intent: a client's message gets one answer, not one from each
// (docs/scaling.md, "One owner per table").
func TestTwoOwnersOfATableTakeEachIntentOnce(t *testing.T) {
	nats := natstest.Start(t)
	old, next, relay := connect(t, nats.URL(), "a"), connect(t, nats.URL(), "b"), connect(t, nats.URL(), "c")
	inboxes := []chan *table.Intent{make(chan *table.Intent, 512), make(chan *table.Intent, 512)}
	for i, b := range []*Bus{old, next} {
		release, err := b.Own("t1", inboxes[i])
		if err != nil {
			t.Fatal(err)
		}
		defer release()
	}
	send := func(req uint64) {
		t.Helper()
		in := table.Intent{Kind: table.IntentMsg, Client: "c/1", Msg: protocol.ClientMsg{Type: protocol.TypeChat, Text: "x"}, Req: req}
		if err := relay.SendWait(context.Background(), "t1", in); err != nil {
			t.Fatal(err)
		}
	}
	const sent = 50
	for req := range uint64(sent) {
		send(req + 1)
	}
	// An owner answers once the intent is in its inbox, and each owner's
	// intents arrive in the order sent: once each owner has taken one sent
	// after the first batch, any second copy of the first batch has
	// arrived too.
	taken := map[uint64]int{}
	after := [2]bool{}
	for req := uint64(1000); !after[0] || !after[1]; req++ {
		if req == 1200 {
			t.Fatalf("after 200 more intents, one owner took none: %v", after)
		}
		send(req)
		for i, inbox := range inboxes {
		drain:
			for {
				select {
				case in := <-inbox:
					if in.Req >= 1000 {
						after[i] = true
					} else {
						taken[in.Req]++
					}
				default:
					break drain
				}
			}
		}
	}
	for req := uint64(1); req <= sent; req++ {
		if taken[req] != 1 {
			t.Errorf("intent %d was taken %d times, want once", req, taken[req])
		}
	}
}

// Every client message crosses the bus unchanged.
func TestIntentRoundTrip(t *testing.T) {
	seat, card, name, public := 3, 14, "Tortuga", true
	opts := skullking.DefaultOptions()
	opts.Rounds = 5
	msgs := []protocol.ClientMsg{
		{Type: protocol.TypeHello, V: protocol.Version, Token: "t", ResultsOnce: true, Spectate: true},
		{Type: protocol.TypeAct, ID: 9, Action: &protocol.Action{Kind: protocol.KindPlay, Card: &card, As: "pirate"}},
		{Type: protocol.TypeSeat, ID: 2, Seat: &seat, Set: "bot", Level: "expert"},
		{Type: protocol.TypeJoin, Name: "Ann", Seat: &seat},
		{Type: protocol.TypeChat, Text: "ahoy ⚓"},
		{Type: protocol.TypeConfigure, Settings: &protocol.SettingsUpdate{Name: &name, Public: &public, Options: &opts}},
	}
	for _, m := range msgs {
		in := table.Intent{Kind: table.IntentMsg, Client: "n/7", Msg: m, Req: 4, At: time.UnixMilli(1700000000123).UTC()}
		b, err := encodeIntent(in)
		if err != nil {
			t.Fatal(err)
		}
		out, err := decodeIntent(b)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(out, in) {
			t.Fatalf("%s: came out as %+v, went in as %+v", m.Type, out, in)
		}
	}
	for _, bad := range []string{`{`, `{"Kind":9,"Client":"n/1"}`, `{"Kind":3,"Client":"nobody"}`} {
		if _, err := decodeIntent([]byte(bad)); err == nil {
			t.Errorf("%s was taken as an intent", bad)
		}
	}
}

// Two running nodes cannot share a name: client ids and subjects would mix.
func TestNodeNamesAreUnique(t *testing.T) {
	nats := natstest.Start(t)
	connect(t, nats.URL(), "a")
	if b, err := Connect(nats.URL(), "a", Options{}); !errors.Is(err, ErrNodeTaken) {
		if b != nil {
			b.Close()
		}
		t.Fatalf("a second node a: %v, want ErrNodeTaken", err)
	}
	for _, bad := range []string{"", "a.b", "a b", "a>", strings.Repeat("x", 65)} {
		if _, err := Connect(nats.URL(), bad, Options{}); err == nil || !strings.Contains(err.Error(), "node name") {
			t.Errorf("node name %q: %v, want a refusal of the name", bad, err)
		}
	}
}

// The seat of a player whose node died must not look connected forever:
// the owner detaches every client of a node that no longer answers.
func TestClientsOfAGoneNodeAreDetached(t *testing.T) {
	nats := natstest.Start(t)
	owner, relay := connect(t, nats.URL(), "a"), connect(t, nats.URL(), "b")
	inbox := own(t, owner, "t1")
	hello(t, relay, "b/1", "t1", inbox)
	relay.Close()
	if in := recv(t, inbox); in.Kind != table.IntentDetach || in.Client != "b/1" {
		t.Fatalf("after node b went: %+v, want b/1 detached", in)
	}
}

// A client relayed to a table whose owner died hears no more frames from
// it, and the node that takes the table over knows nothing of the client:
// the relaying node tells it to reconnect, so that it says hello again to
// whoever runs the table now, instead of waiting for its turn forever.
func TestClientsOfAGoneOwnerAreToldToReconnect(t *testing.T) {
	nats := natstest.Start(t)
	owner, relay, bystander := connect(t, nats.URL(), "a"), connect(t, nats.URL(), "b"), connect(t, nats.URL(), "c")
	inbox := make(chan *table.Intent, 8)
	if _, err := owner.Own("t1", inbox); err != nil { // never released: its owner dies
		t.Fatal(err)
	}
	others := own(t, bystander, "t2")
	var ofDead, ofAlive frames
	defer relay.Subscribe("b/1", &ofDead)()
	defer relay.Subscribe("b/2", &ofAlive)()
	hello(t, relay, "b/1", "t1", inbox)
	hello(t, relay, "b/2", "t2", others)
	// Each check the relay makes of the living owner is counted here, as
	// the owner's own answer goes out: checks seen after the dead owner's
	// client was told prove the relay went on checking, not a wait.
	var checks atomic.Int64
	sub, err := relay.Conn().Subscribe(nodeSubject("c"), func(*natsclient.Msg) { checks.Add(1) })
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	if err := relay.Conn().Flush(); err != nil {
		t.Fatal(err)
	}
	owner.Close() // as kill -9 would: no bye, no release
	askedToReconnect(t, "the client of the dead owner", ofDead.wait(t, 1)[0])
	told := checks.Load()
	eventually(t, "three more checks of the living owner", func() bool { return checks.Load() >= told+3 })
	ofAlive.mu.Lock()
	defer ofAlive.mu.Unlock()
	if len(ofAlive.fs) != 0 {
		t.Fatalf("the client of a table whose owner lives was sent %s", ofAlive.fs[0].Data)
	}
}

// A node that restarted has none of its old clients: a frame for one of
// them makes it tell the table that client is gone.
func TestAFrameForAClientTheNodeLostDetachesIt(t *testing.T) {
	nats := natstest.Start(t)
	owner, relay := connect(t, nats.URL(), "a"), connect(t, nats.URL(), "b")
	inbox := own(t, owner, "t1")
	hello(t, relay, "b/1", "t1", inbox)
	owner.Publish("b/1", table.Frame{Data: []byte(`{"type":"state"}`)})
	if in := recv(t, inbox); in.Kind != table.IntentDetach || in.Client != "b/1" {
		t.Fatalf("after a frame for a client b does not have: %+v, want b/1 detached", in)
	}
}

// When NATS is lost, a node's clients of tables owned elsewhere are told to
// reconnect (closing their connection), its own tables' remote clients are
// detached, and its own clients of its own tables are served on.
func TestLosingNATS(t *testing.T) {
	nats := natstest.Start(t)
	owner, relay := connect(t, nats.URL(), "a"), connect(t, nats.URL(), "b")
	inbox := own(t, owner, "t1")
	var remote, local frames
	defer relay.Subscribe("b/1", &remote)()
	defer owner.Subscribe("a/1", &local)()
	hello(t, relay, "b/1", "t1", inbox)
	hello(t, owner, "a/1", "t1", inbox)
	nats.Stop()
	askedToReconnect(t, "the relayed client", remote.wait(t, 1)[0])
	if in := recv(t, inbox); in.Kind != table.IntentDetach || in.Client != "b/1" {
		t.Fatalf("the owner got %+v, want the remote client detached", in)
	}
	if !owner.Publish("a/1", table.Frame{Data: []byte(`{"type":"state"}`)}) {
		t.Fatal("the owner's own client is no longer served")
	}
	if err := owner.Send("t1", table.Intent{Kind: table.IntentMsg, Client: "a/1", Msg: protocol.ClientMsg{Type: protocol.TypeChat}}); err != nil {
		t.Fatalf("the owner's own client cannot reach its table: %v", err)
	}
	if err := relay.Send("t1", table.Intent{Kind: table.IntentMsg, Client: "b/2"}); !errors.Is(err, table.ErrNoTable) {
		t.Fatalf("a relayed send without NATS: %v, want ErrNoTable (reconnect)", err)
	}
	nats.Restart()
	deadline := time.Now().Add(10 * time.Second)
	for relay.Send("t1", table.Intent{Kind: table.IntentHello, Client: "b/3", Msg: protocol.ClientMsg{Type: protocol.TypeHello}}) != nil {
		if time.Now().After(deadline) {
			t.Fatal("the table cannot be reached through b 10s after NATS came back")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
