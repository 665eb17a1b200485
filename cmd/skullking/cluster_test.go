package main

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/natsbus/natstest"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
)

// startNode runs serve as one node of a cluster until the test ends and
// returns its address.
func startNode(t *testing.T, args ...string) string {
	t.Helper()
	base, stop := startServe(t, args...)
	t.Cleanup(stop)
	return base
}

// A follower of a score sheet waiting on one node hears of an edit made
// through another at once: the nodes tell each other over NATS instead of
// leaving the follower to its next read of the store, five seconds apart.
func TestAFollowerOnOneNodeHearsAnEditOnAnother(t *testing.T) {
	storeURL, nats := pgtest.URL(t), natstest.Start(t)
	n1 := startNode(t, "--store", storeURL, "--bus", nats.URL(), "--node", "n1")
	n2 := startNode(t, "--store", storeURL, "--bus", nats.URL(), "--node", "n2")
	res, err := http.Post(n1+"/api/sheets", "application/json", strings.NewReader(`{"players":["Ann","Ben"],"options":{"rounds":3}}`))
	if err != nil {
		t.Fatal(err)
	}
	var sheet struct{ ID, Follow string }
	err = json.NewDecoder(res.Body).Decode(&sheet)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %v", res.StatusCode, err)
	}
	type answer struct {
		version int
		after   time.Duration
		err     error
	}
	heard := make(chan answer, 1)
	asked := time.Now()
	go func() {
		req, _ := http.NewRequest(http.MethodGet, n2+"/api/sheets/"+sheet.Follow+"?wait=25", nil)
		req.Header.Set("If-None-Match", `"1"`)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			heard <- answer{err: err}
			return
		}
		defer res.Body.Close()
		var got struct{ Version int }
		err = json.NewDecoder(res.Body).Decode(&got)
		heard <- answer{got.Version, time.Since(asked), err}
	}()
	time.Sleep(300 * time.Millisecond) // the follower is waiting on node 2
	res, err = http.Post(n1+"/api/sheets/"+sheet.ID+"/rounds", "application/json",
		strings.NewReader(`{"version":1,"round":{"bids":[1,0],"won":[1,0]}}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("round 1 through node 1: %d", res.StatusCode)
	}
	a := <-heard
	if a.err != nil || a.version != 2 {
		t.Fatalf("the follower on node 2 got version %d (%v), want 2", a.version, a.err)
	}
	if a.after >= 4*time.Second {
		t.Fatalf("the follower on node 2 heard of the edit after %v: at a poll of the store, not from node 1", a.after)
	}
}

// A cluster is refused when it cannot work: nodes without a shared store,
// a node name that cannot be a subject, two running nodes of one name, an
// address to advertise that a client could not dial or on a lone node.
func TestClusterFlagsThatCannotWork(t *testing.T) {
	storeURL, nats := pgtest.URL(t), natstest.Start(t)
	startNode(t, "--store", storeURL, "--bus", nats.URL(), "--node", "n1")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bus", nats.URL(), "--node", "n2"}, "share one PostgreSQL store"},
		{[]string{"--store", storeURL, "--bus", nats.URL(), "--node", "n.2"}, "--node \"n.2\""},
		{[]string{"--store", storeURL, "--bus", nats.URL(), "--node", "n1"}, "already has this name"},
		{[]string{"--store", storeURL, "--bus", "nats://127.0.0.1:1", "--node", "n3"}, "cannot reach NATS at nats://127.0.0.1:1"},
		{[]string{"--lease", "10ms"}, "--lease: at least 1s"},
		{[]string{"--advertise", "http://127.0.0.1:9000"}, "--advertise: only a node of a cluster"},
		{[]string{"--store", storeURL, "--bus", nats.URL(), "--node", "n4", "--advertise", "127.0.0.1:9000"},
			"--advertise: the server address \"127.0.0.1:9000\" is not http:// or https://"},
		{[]string{"--store", storeURL, "--bus", nats.URL(), "--node", "n4", "--advertise", "https://node4.example.org/"},
			"ends with a slash"},
	} {
		var stderr strings.Builder
		code := runServe(append([]string{"--addr", "127.0.0.1:0"}, c.args...), strings.NewReader(""), io.Discard, &stderr)
		if code == 0 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("serve %s: exit %d, stderr %q; want it refused saying %q", strings.Join(c.args, " "), code, stderr.String(), c.want)
		}
	}
}
