package loadtest

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/skullking-go/skullking/client"
)

// node is one server of the run: several `skullking serve` processes
// sharing their store and bus are one service, and a client may connect
// to any of them, its messages relayed to the node owning its table.
type node struct {
	base string         // http://127.0.0.1:PORT, without a trailing slash
	cl   *client.Client // the lobby's calls: creating and joining tables
	// dialers open this node's table connections, each from its own
	// loopback source address (sources.go); connection n uses dialers[n%len].
	dialers []*http.Client
}

// NodeFigures is what one node's /metrics said at the end of the run.
type NodeFigures struct {
	URL            string
	Connections    int     // the run's connections to this node, players and spectators
	Open           float64 // the WebSockets the node counted open when read, every process's
	RSS, Heap      float64 // bytes
	Stacks         float64 // bytes of goroutine stacks
	Goroutines     float64
	Cores          float64 // CPU over the measured window
	ActionP99Bound float64 // seconds: the bucket holding the node's action latency p99
	SchedP99Bound  float64 // seconds: the bucket holding its scheduler latency p99
	// ActionP99Over and SchedP99Over: that p99 lies past the histogram's
	// largest bound, which the bound above then is.
	ActionP99Over, SchedP99Over bool `json:",omitempty"`
}

// ParseURLs reads --url: a comma-separated list of servers on this
// machine, each a node of one service. An empty list is none (the run
// starts a server in its own process).
func ParseURLs(list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	urls := strings.Split(list, ",")
	for i := range urls {
		urls[i] = strings.TrimSpace(urls[i])
	}
	return checkNodes(urls)
}

// checkNodes refuses a list of servers with an empty item, one not on
// this machine (loopbackOnly) or one given twice, and returns the list
// without trailing slashes. The same server twice would count its figures
// twice, and a run meant to cross nodes would not cross them.
func checkNodes(urls []string) ([]string, error) {
	out := make([]string, len(urls))
	seen := make(map[string]int, len(urls))
	for i, u := range urls {
		if strings.TrimSpace(u) == "" {
			return nil, fmt.Errorf("--url: item %d of %d is empty; give servers separated by single commas", i+1, len(urls))
		}
		if err := loopbackOnly(u); err != nil {
			return nil, err
		}
		base := strings.TrimSuffix(u, "/")
		key := sameServer(base)
		if j, dup := seen[key]; dup {
			return nil, fmt.Errorf("--url %q: the same server as item %d (%q); give each node once", u, j+1, urls[j])
		}
		seen[key] = i
		out[i] = base
	}
	return out, nil
}

// sameServer is the spelling of base that two spellings of one address
// share: scheme and host are case-insensitive, and the scheme's own port
// may be left out.
func sameServer(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	scheme, host, port := strings.ToLower(u.Scheme), strings.ToLower(u.Hostname()), u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	return scheme + "://" + host + ":" + port + u.Path
}

// Placements: which node each connection of a table goes to.
const (
	// Spread puts each table's connections on every node in turn, so that
	// most of them are relayed to the table's owner: the costliest case,
	// a load balancer that knows nothing of tables.
	Spread = "spread"
	// Owner puts every connection of a table on the node it was created
	// through, which runs it: no message needs relaying, as when clients
	// are steered to their table's node.
	Owner = "owner"
)

// nodeOf is the node that connection k of table i goes to, of nodes:
// seats 0 to clients−1, then the spectators. Table i is created and joined
// through node i mod nodes (its seat 0's). Spread, each next connection
// goes through the next node, so that with several nodes every table has
// players and spectators on nodes other than its creator's; Owner, all of
// them through the creator's. Either way the tables' creators are spread
// as evenly.
func nodeOf(placement string, table, k, nodes int) int {
	if placement == Owner {
		return table % nodes
	}
	return (table + k) % nodes
}

// connsOn counts the connections node n is given when the tables listed
// (by number) of perTable connections each are placed by nodeOf.
func connsOn(placement string, tables []int, perTable, n, nodes int) int {
	count := 0
	for _, i := range tables {
		for k := range perTable {
			if nodeOf(placement, i, k, nodes) == n {
				count++
			}
		}
	}
	return count
}
