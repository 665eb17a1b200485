package loadtest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// Table i is created through node i mod n and its connection k goes to
// node (i+k) mod n: with three nodes and four players, every table has
// players on every node, the creators take turns, and no node is given
// connsOn counts each node's connections as they are placed.
func TestSpreadingPutsEachTableOnEveryNode(t *testing.T) {
	const tables, clients, spectators, nodes = 30, 4, 5, 3
	load := make([]int, nodes)
	creators := make([]int, nodes)
	for i := range tables {
		if c := nodeOf(Spread, i, 0, nodes); c != i%nodes {
			t.Fatalf("table %d is created through node %d, want %d", i, c, i%nodes)
		}
		creators[nodeOf(Spread, i, 0, nodes)]++
		players := map[int]bool{}
		for k := range clients + spectators {
			n := nodeOf(Spread, i, k, nodes)
			if n != (i+k)%nodes {
				t.Fatalf("table %d connection %d goes to node %d, want %d", i, k, n, (i+k)%nodes)
			}
			if k < clients {
				players[n] = true
			}
			load[n]++
		}
		if len(players) != nodes {
			t.Errorf("table %d has players on %d of %d nodes", i, len(players), nodes)
		}
	}
	all := make([]int, tables)
	for i := range all {
		all[i] = i
	}
	for n := range nodes {
		if creators[n] != tables/nodes {
			t.Errorf("node %d creates %d tables of %d", n, creators[n], tables)
		}
		if c := connsOn(Spread, all, clients+spectators, n, nodes); c != load[n] {
			t.Errorf("node %d is given %d connections, connsOn counts %d", n, load[n], c)
		}
	}
	for k := range 5 {
		if n := nodeOf(Spread, 7, k, 1); n != 0 {
			t.Errorf("one node: connection %d goes to node %d", k, n)
		}
	}
	if c := connsOn(Spread, all[:10], 4, 0, 1); c != 40 {
		t.Errorf("one node is given every connection: %d, want 40", c)
	}
}

// Placed by owner, every connection of table i goes to the node it is
// created through, i mod n: none of them is relayed.
func TestOwnerPlacementKeepsATableOnItsNode(t *testing.T) {
	const tables, perTable, nodes = 10, 6, 3
	var mine []int
	for i := range tables {
		mine = append(mine, i)
		for k := range perTable {
			if n := nodeOf(Owner, i, k, nodes); n != i%nodes {
				t.Errorf("table %d connection %d goes to node %d, want %d", i, k, n, i%nodes)
			}
		}
	}
	for n, want := range []int{4 * perTable, 3 * perTable, 3 * perTable} {
		if c := connsOn(Owner, mine, perTable, n, nodes); c != want {
			t.Errorf("node %d: %d connections, want %d", n, c, want)
		}
	}
}

// --url's list: each item a server on this machine, given once; an empty
// item, a server elsewhere or one given twice (however spelled) is refused
// with an error naming it.
func TestURLListIsCheckedItemByItem(t *testing.T) {
	if urls, err := ParseURLs(""); err != nil || urls != nil {
		t.Errorf("no list: %v, %v", urls, err)
	}
	urls, err := ParseURLs("http://127.0.0.1:8081/, http://127.0.0.1:8082,http://localhost:8083")
	if err != nil || strings.Join(urls, " ") != "http://127.0.0.1:8081 http://127.0.0.1:8082 http://localhost:8083" {
		t.Errorf("three nodes: %v, %v", urls, err)
	}
	for list, want := range map[string]string{
		"http://127.0.0.1:8081,,http://127.0.0.1:8082":            "item 2 of 3 is empty",
		"http://127.0.0.1:8081,":                                  "item 2 of 2 is empty",
		"http://127.0.0.1:8081, ,http://127.0.0.1:8082":           "item 2 of 3 is empty",
		"http://127.0.0.1:8081,http://10.0.0.1:8082":              `"http://10.0.0.1:8082": the load test runs against loopback addresses only`,
		"http://127.0.0.1:8081,ftp://127.0.0.1:1":                 `"ftp://127.0.0.1:1": want http://127.0.0.1:PORT`,
		"http://127.0.0.1:8081,http://127.0.0.1:8081":             `"http://127.0.0.1:8081": the same server as item 1`,
		"http://127.0.0.1:8081,http://127.0.0.1:8081/":            `"http://127.0.0.1:8081/": the same server as item 1`,
		"http://LOCALHOST:80,http://127.0.0.1:1,http://localhost": `"http://localhost": the same server as item 1`,
	} {
		if _, err := ParseURLs(list); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", list, err, want)
		}
	}
}

// A run given the same server twice is refused before it opens anything.
func TestRunRefusesANodeGivenTwice(t *testing.T) {
	_, err := Run(context.Background(), Config{URLs: []string{"http://127.0.0.1:1", "http://127.0.0.1:1/"},
		Tables: 1, Clients: 2, Duration: time.Second})
	if err == nil || !strings.Contains(err.Error(), "the same server") {
		t.Fatalf("a duplicate node: %v", err)
	}
}

// nodeLog is what one node (a proxy in front of the test's one server)
// was asked: the tables joined through it and those connected to.
type nodeLog struct {
	mu        sync.Mutex
	joined    map[string]bool // table ids
	connected map[string]int  // table id → WebSocket connections
}

// Two nodes, here two proxies in front of one server, share every table:
// each table is joined through one node and has connections on both, and
// the report adds up both nodes' figures and names each.
func TestRunSpreadsTablesOverNodes(t *testing.T) {
	srv, err := startServer(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	target, _ := url.Parse("http://" + srv.Addr())
	var urls []string
	var logs []*nodeLog
	for range 2 {
		l := &nodeLog{joined: map[string]bool{}, connected: map[string]int{}}
		proxy := httputil.NewSingleHostReverseProxy(target)
		node := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/") // api tables ID join|ws…
			if len(parts) == 4 && parts[1] == "tables" {
				l.mu.Lock()
				if r.Method == http.MethodPost && parts[3] == "join" {
					l.joined[parts[2]] = true
				} else if strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
					l.connected[parts[2]]++
				}
				l.mu.Unlock()
			}
			proxy.ServeHTTP(w, r)
		}))
		defer node.Close()
		urls = append(urls, node.URL)
		logs = append(logs, l)
	}
	rep, err := Run(context.Background(), Config{URLs: urls, Tables: 4, Clients: 2, Spectators: 1,
		Think: 5 * time.Millisecond, Duration: time.Second, Ramp: 50 * time.Millisecond, Rounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Errors != 0 || rep.Actions == 0 || rep.Nodes != 2 || len(rep.PerNode) != 2 {
		t.Fatalf("report %+v", rep)
	}
	joins := 0
	for creator, l := range logs {
		for id := range l.joined {
			joins++
			for n, other := range logs {
				if other.connected[id] == 0 {
					t.Errorf("table %s, joined through node %d, has no connection on node %d", id, creator, n)
				}
			}
		}
	}
	if joins != 4 || len(logs[0].joined) != 2 {
		t.Errorf("%d and %d tables joined through the nodes, want 2 each", len(logs[0].joined), len(logs[1].joined))
	}
	var rss float64
	var out strings.Builder
	rep.Print(&out)
	t.Log("\n" + out.String())
	for k, n := range rep.PerNode {
		if n.URL != urls[k] || n.RSS <= 0 || n.Goroutines <= 0 {
			t.Errorf("node %d: %+v", k, n)
		}
		rss += n.RSS
		if !strings.Contains(out.String(), "node "+urls[k]+": 6 connections (") {
			t.Errorf("the report has no line for node %s:\n%s", urls[k], out.String())
		}
	}
	if rep.ServerRSS != rss {
		t.Errorf("server RSS %v is not the nodes' sum %v", rep.ServerRSS, rss)
	}
}
