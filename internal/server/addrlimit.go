package server

import (
	"net/netip"
	"sync"
	"time"

	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// The defaults of the limits per client address: room for a household or
// a club behind one address, each with a few tabs and tables, not for a
// crowd run from one machine.
const (
	DefaultMaxConnsPerIP  = 64
	DefaultMaxTablesPerIP = 10
)

// exempt reports whether an address escapes the per-address limits:
// loopback does unless the server counts it too. Clients on the server's
// own machine are its operator's (a load test, a reverse proxy in front),
// and a proxy's address is every client's at once.
func (s *Server) exempt(ip string) bool {
	if s.cfg.LimitLoopback {
		return false
	}
	a, err := netip.ParseAddr(ip)
	return err == nil && a.Unmap().IsLoopback()
}

// connCounter counts the table WebSockets open from each address across
// all tables. Addresses with none are forgotten, so the map stays as small
// as the set of connected addresses.
type connCounter struct {
	mu    sync.Mutex
	most  int // negative: no limit
	addrs map[string]int
}

func newConnCounter(most int) *connCounter { return &connCounter{most: most, addrs: map[string]int{}} }

// acquire counts one more connection from ip, unless it has as many as
// allowed; release gives it back once the connection ends.
func (c *connCounter) acquire(ip string) (release func(), ok bool) {
	if c.most < 0 {
		return func() {}, true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.addrs[ip] >= c.most {
		return nil, false
	}
	c.addrs[ip]++
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			if c.addrs[ip]--; c.addrs[ip] <= 0 {
				delete(c.addrs, ip)
			}
		})
	}, true
}

// tableQuota remembers the tables each address created and bounds those
// not yet over: a table in its lobby or being played holds memory and a
// place in the lobby until it ends, and creating them costs one request.
// The count is this process's: a restart forgets who created what.
type tableQuota struct {
	mu    sync.Mutex
	most  int // negative: no limit
	lobby table.Lobby
	addrs map[string]*addrTables
	swept time.Time
}

// addrTables are one address's tables not yet over, and its creations
// under way (counted until they succeed or fail, so that a burst of
// requests cannot all pass the check at once).
type addrTables struct {
	ids     []string
	pending int
}

func newTableQuota(most int, lobby table.Lobby) *tableQuota {
	return &tableQuota{most: most, lobby: lobby, addrs: map[string]*addrTables{}, swept: time.Now()}
}

// prune keeps the tables of a that still count, under q.mu.
func (q *tableQuota) prune(a *addrTables) {
	kept := a.ids[:0]
	for _, id := range a.ids {
		if q.open(id) {
			kept = append(kept, id)
		}
	}
	clear(a.ids[len(kept):])
	a.ids = kept
}

// open reports whether table id still counts: in the lobby index and not
// over. A table put away is over (only finished tables are).
func (q *tableQuota) open(id string) bool {
	in, ok := q.lobby.Get(id)
	return ok && in.Status != protocol.StatusOver
}

// reserve takes a place for one more table from ip, unless its unfinished
// tables fill its quota. done records the table made (an empty id: none
// was) and gives the place back otherwise; it is called once.
func (q *tableQuota) reserve(ip string) (done func(id string), held int, ok bool) {
	if q.most < 0 {
		return func(string) {}, 0, true
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if now := time.Now(); now.Sub(q.swept) > time.Minute {
		// Addresses whose tables have all ended, and who create no more,
		// would otherwise stay for good.
		for k, a := range q.addrs {
			q.prune(a)
			q.forgetIdle(k, a)
		}
		q.swept = now
	}
	a := q.addrs[ip]
	if a == nil {
		a = &addrTables{}
		q.addrs[ip] = a
	}
	q.prune(a)
	if held = len(a.ids) + a.pending; held >= q.most {
		q.forgetIdle(ip, a)
		return nil, held, false
	}
	a.pending++
	var once sync.Once
	return func(id string) {
		once.Do(func() {
			q.mu.Lock()
			defer q.mu.Unlock()
			a.pending--
			if id != "" {
				a.ids = append(a.ids, id)
			}
			q.forgetIdle(ip, a)
		})
	}, held, true
}

// forgetIdle drops an address that holds nothing, under q.mu.
func (q *tableQuota) forgetIdle(ip string, a *addrTables) {
	if len(a.ids) == 0 && a.pending == 0 && q.addrs[ip] == a {
		delete(q.addrs, ip)
	}
}
