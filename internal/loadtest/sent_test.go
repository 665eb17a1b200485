package loadtest

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/natsbus/natstest"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
)

// advertisingNode starts one node of a cluster that advertises its own
// loopback address, as `serve --advertise` does.
func advertisingNode(t *testing.T, name, storeURL, busURL string) string {
	t.Helper()
	addr := testserver.FreeAddr(t)
	m := &server.Main{Stderr: &strings.Builder{}}
	if err := m.ParseFlags([]string{"--addr", addr, "--store", storeURL, "--bus", busURL, "--node", name,
		"--advertise", "http://" + addr, "--bot-delay", "0", "--http-rate", "-1", "--msg-rate", "-1"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return "http://" + m.Addr()
}

// On nodes that advertise their addresses, the players placed over every
// node are sent to the node that runs their table: the report says so and
// counts them there, and its spectators, which do not follow, where they
// were placed.
func TestRunCountsPlayersWhereTheyWereSent(t *testing.T) {
	storeURL, nats := pgtest.URL(t), natstest.Start(t)
	urls := []string{advertisingNode(t, "n1", storeURL, nats.URL()), advertisingNode(t, "n2", storeURL, nats.URL())}
	rep, err := Run(context.Background(), Config{URLs: urls, Tables: 3, Clients: 3, Spectators: 1,
		Think: 5 * time.Millisecond, Duration: time.Second, Ramp: 50 * time.Millisecond, Rounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	rep.Print(&out)
	t.Log("\n" + out.String())
	if rep.Errors != 0 || rep.Actions == 0 || !rep.Sent || len(rep.PerNode) != 2 {
		t.Fatalf("report %+v", rep)
	}
	// Tables 0 and 2 run on node 1, table 1 on node 2. Spread, a table's
	// spectator (its fourth connection) is placed on node (i+3) mod 2.
	for k, want := range []int{2*3 + 1, 3 + 2} {
		if got := rep.PerNode[k].Connections; got != want {
			t.Errorf("node %d: %d connections, want %d", k+1, got, want)
		}
	}
	if !strings.Contains(out.String(), "sent to the nodes that run their tables") {
		t.Errorf("the report does not say the players were sent:\n%s", out.String())
	}
}

// The load test dials loopback addresses only, wherever a node sends it.
func TestLoadDialsLoopbackOnly(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	dial := loopbackDial(&net.Dialer{Timeout: time.Second})
	c, err := dial(context.Background(), "tcp", l.Addr().String())
	if err != nil {
		t.Fatalf("a loopback address: %v", err)
	}
	c.Close()
	for _, addr := range []string{"10.0.0.1:80", "example.org:443", "[2001:db8::1]:80"} {
		if _, err := dial(context.Background(), "tcp", addr); err == nil || !strings.Contains(err.Error(), "loopback addresses only") {
			t.Errorf("%s: %v", addr, err)
		}
	}
}
