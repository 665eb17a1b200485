package server_test

import (
	"strings"
	"testing"
	"time"

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
