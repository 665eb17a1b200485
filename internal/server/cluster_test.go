package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/internal/natsbus"
	"github.com/skullking-go/skullking/internal/natsbus/natstest"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// node starts one node of a cluster on the PostgreSQL at store and the
// NATS server at bus, as `serve --store … --bus … --node name` runs, with
// any more of serve's flags.
func node(t *testing.T, name, storeURL, busURL string, flags ...string) *testserver.Server {
	t.Helper()
	return testserver.StartWith(t, func(c *server.Config) {
		bus, err := natsbus.Connect(busURL, name, natsbus.Options{Logger: c.Logger})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(bus.Close) // after the server's own cleanup: cleanups run last first
		c.Cluster = bus
	}, append([]string{"--store", storeURL, "--bus", busURL, "--node", name}, flags...)...)
}

// Two nodes share PostgreSQL and NATS: a table made on node 1 is listed by
// node 2, joined through it and played to the end by one player on each
// node (docs/scaling.md, "Connections land anywhere"); what the relayed
// player receives hides every other hand, as on one node; the record is
// served by either node.
func TestATableMadeOnOneNodeIsPlayedThroughAnother(t *testing.T) {
	storeURL, nats := pgtest.URL(t), natstest.Start(t)
	n1 := node(t, "n1", storeURL, nats.URL())
	n2 := node(t, "n2", storeURL, nats.URL())

	settings := testserver.Settings(2)
	settings.Public = true
	created := n1.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Open, testserver.Bot("random")}, settings)
	deadline := time.Now().Add(5 * time.Second)
	for {
		list, err := n2.Client().Tables(testserver.Context(t, 5*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		if len(list) == 1 && list[0].ID == created.ID {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("node 2 lists %+v, want the table made on node 1", list)
		}
		time.Sleep(10 * time.Millisecond)
	}
	ben := n2.Join(created.ID, "Ben")
	ann := sit(t, n1.Client(), created.ID, "Ann", created.Token)
	benSeat := sit(t, n2.Client(), created.ID, "Ben", ben.Token)
	if benSeat.welcome.Seat == nil || *benSeat.welcome.Seat != 1 {
		t.Fatalf("Ben's welcome through node 2: %+v", benSeat.welcome)
	}
	if _, err := benSeat.request(protocol.ClientMsg{Type: protocol.TypeStart}); code(err) != protocol.ErrNotHost {
		t.Fatalf("Ben's start through node 2: %v, want %s: the owner answers, with its rules", err, protocol.ErrNotHost)
	}
	if _, err := ann.request(protocol.ClientMsg{Type: protocol.TypeStart}); err != nil {
		t.Fatal(err)
	}
	playAll(t, players([]*seat{ann, benSeat}, 7), 60*time.Second)

	rec1, err := n1.Client().Record(testserver.Context(t, 5*time.Second), created.ID)
	if err != nil {
		t.Fatal(err)
	}
	rec2, err := n2.Client().Record(testserver.Context(t, 5*time.Second), created.ID)
	if err != nil || string(rec1) != string(rec2) {
		t.Fatalf("the record through node 2 differs from node 1's (%v)", err)
	}
	tr := buildTruth(t, n1, created.ID)
	checkSecrecy(t, tr, "Ben (through node 2)", 1, benSeat.frames())
	if got := benSeat.last.Seq; int(got) != len(tr.last)-1 && int(got) != len(tr.last) {
		t.Fatalf("Ben's last state is seq %d, the log has %d actions", got, len(tr.last))
	}
	if code, body := httpGet(t, n2.Base+"/healthz"); code != 200 || !strings.Contains(string(body), `"bus":"connected"`) ||
		!strings.Contains(string(body), `"node":"n2"`) {
		t.Fatalf("node 2's health: %d %s", code, body)
	}
	if _, body := httpGet(t, n2.Base+"/metrics"); !strings.Contains(string(body), "skullking_bus_connected 1") {
		t.Fatal("node 2's metrics do not say it is connected to NATS")
	}
	if owner := strings.Count(n1.Log(), "table taken over") + strings.Count(n2.Log(), "table taken over"); owner != 0 {
		t.Fatalf("a table changed hands with both nodes up:\n%s\n%s", n1.Log(), n2.Log())
	}
}

// advertisedNode is node with `--advertise` its own address, on a loopback
// port picked for it.
func advertisedNode(t *testing.T, name, storeURL, busURL string) *testserver.Server {
	t.Helper()
	addr := testserver.FreeAddr(t)
	n := node(t, name, storeURL, busURL, "--addr", addr, "--advertise", "http://"+addr)
	if n.Addr != addr {
		t.Fatalf("node %s listens on %s, not %s", name, n.Addr, addr)
	}
	return n
}

// Nodes that advertise their addresses send a client that follows to the
// node that runs its table (docs/protocol.md, "Going where the table
// runs"): on the wire, a hello that follows, said to node 2, is answered by
// a bye naming node 1 and a close; a real client, a seat and a spectator,
// dialling node 2 plays on node 1, connected to no other, to the end; the
// player's frames hide every other hand, and the record replays.
func TestAFollowingClientPlaysOnTheTablesNode(t *testing.T) {
	storeURL, nats := pgtest.URL(t), natstest.Start(t)
	n1 := advertisedNode(t, "n1", storeURL, nats.URL())
	n2 := advertisedNode(t, "n2", storeURL, nats.URL())

	settings := testserver.Settings(2)
	settings.Spectators = true
	created := n1.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Open, testserver.Bot("random")}, settings)
	ben := n2.Join(created.ID, "Ben")

	ctx := testserver.Context(t, 15*time.Second)
	ws, _, err := websocket.Dial(ctx, n2.Client().SocketURL(created.ID),
		&websocket.DialOptions{Subprotocols: []string{protocol.Subprotocol}})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	hello, _ := protocol.Encode(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: ben.Token, Follow: true})
	if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
		t.Fatal(err)
	}
	_, data, err := ws.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	bye, err := protocol.DecodeServer(data)
	if err != nil || bye.Type != protocol.TypeBye || !bye.Reconnect || bye.Server != n1.Base ||
		bye.Problem == nil || bye.Problem.Code != protocol.ProblemTableMoved {
		t.Fatalf("node 2 answered a hello that follows with %s (%v)", data, err)
	}
	if _, _, err := ws.Read(ctx); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("after the bye: %v, want a normal close", err)
	}

	ann := sit(t, n1.Client(), created.ID, "Ann", created.Token)
	benSeat := sit(t, n2.Client(), created.ID, "Ben", ben.Token)
	watcher := sit(t, n2.Client(), created.ID, "a spectator", "")
	for _, s := range []*seat{ann, benSeat, watcher} {
		if got := s.conn.Server(); got != n1.Base {
			t.Errorf("%s is connected to %s, not to the table's node %s", s.name, got, n1.Base)
		}
	}
	waitGauge(t, n2, "skullking_connections 0") // the connections it sent away close
	waitGauge(t, n1, "skullking_connections 3")
	if _, err := ann.request(protocol.ClientMsg{Type: protocol.TypeStart}); err != nil {
		t.Fatal(err)
	}
	playAll(t, players([]*seat{ann, benSeat}, 11), 60*time.Second)
	if err := follow(watcher, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	n2.WaitOver(created.ID, 10*time.Second) // node 2 hears of the end through the lobby
	n2.Record(created.ID)                   // replays
	checkSecrecy(t, buildTruth(t, n1, created.ID), "Ben (sent to node 1)", 1, benSeat.frames())
}

// waitGauge waits up to 5 s for a line of n's metrics to read line.
func waitGauge(t *testing.T, n *testserver.Server, line string) {
	t.Helper()
	name, _, _ := strings.Cut(line, " ")
	var last string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		_, body := httpGet(t, n.Base+"/metrics")
		for _, l := range strings.Split(string(body), "\n") {
			if strings.HasPrefix(l, name+" ") {
				last = l
			}
		}
		if last == line {
			return
		}
	}
	t.Errorf("%s's metrics read %q, not %q", n.Base, last, line)
}
