package natsbus

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// Lobby subjects: every change of a node's tables, and a node's request
// that every node tell its tables again (on start and after NATS was lost).
const (
	lobbySubject     = prefix + "lobby"
	lobbySyncSubject = prefix + "lobby.sync"
)

// lobbyNews is one change of a node's lobby entries.
type lobbyNews struct {
	Node    string              `json:"node"`
	Remove  string              `json:"remove,omitempty"`
	Info    *protocol.TableInfo `json:"info,omitempty"`
	Created time.Time           `json:"created"`
}

// Lobby is a table.Lobby shared by the nodes: each keeps its own tables'
// entries, tells the others every change, and keeps theirs. A table that
// moves is announced by its new owner, which replaces the old entry; a
// late removal from the old owner names the old owner and leaves the new
// entry alone.
type Lobby struct {
	nc   *nats.Conn
	node string
	log  *slog.Logger
	own  *table.MemoryLobby
	subs []*nats.Subscription
	// closed: the lobby no longer follows the others, even when NATS
	// comes back.
	closed atomic.Bool

	mu     sync.RWMutex
	others map[string]remoteEntry
}

type remoteEntry struct {
	node    string
	info    protocol.TableInfo
	created time.Time
}

// NewLobby starts the shared lobby of node on the bus's connection and
// asks the other nodes for their tables.
func NewLobby(b *Bus) (*Lobby, error) {
	l := &Lobby{nc: b.nc, node: b.node, log: b.log, own: table.NewMemoryLobby(), others: map[string]remoteEntry{}}
	sub, err := l.nc.Subscribe(lobbySubject, l.news)
	if err != nil {
		return nil, fmt.Errorf("natsbus: lobby: %w", err)
	}
	_ = sub.SetPendingLimits(1<<20, 256<<20) // fails only on a closed subscription or a zero limit
	l.subs = append(l.subs, sub)
	sub, err = l.nc.Subscribe(lobbySyncSubject, func(m *nats.Msg) {
		if string(m.Data) != l.node {
			l.tellAll()
		}
	})
	if err != nil {
		l.Close()
		return nil, fmt.Errorf("natsbus: lobby: %w", err)
	}
	l.subs = append(l.subs, sub)
	b.OnReconnect(l.resync)
	l.Sync()
	return l, nil
}

// resync forgets the other nodes' tables, whose news may have been missed
// while NATS was away, and asks for them again; this node's own go out
// again too, for the nodes that missed them.
func (l *Lobby) resync() {
	if l.closed.Load() {
		return
	}
	l.mu.Lock()
	l.others = map[string]remoteEntry{}
	l.mu.Unlock()
	l.Sync()
	l.tellAll()
}

// Sync asks every other node to tell its tables again.
func (l *Lobby) Sync() { _ = l.nc.Publish(lobbySyncSubject, []byte(l.node)) }

// Close stops following the other nodes.
func (l *Lobby) Close() {
	l.closed.Store(true)
	for _, s := range l.subs {
		_ = s.Unsubscribe() // fails only when the connection is closed, which ends it too
	}
}

func (l *Lobby) publish(n lobbyNews) {
	b, err := json.Marshal(n)
	if err == nil {
		err = l.nc.Publish(lobbySubject, b)
	}
	if err != nil {
		l.log.Debug("lobby news not sent", "err", err)
	}
}

// tellAll announces every table of this node again.
func (l *Lobby) tellAll() {
	for _, e := range l.own.Entries() {
		l.publish(lobbyNews{Node: l.node, Info: &e.Info, Created: e.Created})
	}
}

// news applies another node's change.
func (l *Lobby) news(m *nats.Msg) {
	var n lobbyNews
	if err := json.Unmarshal(m.Data, &n); err != nil || n.Node == l.node {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case n.Remove != "":
		if e, ok := l.others[n.Remove]; ok && e.node == n.Node {
			delete(l.others, n.Remove)
		}
	case n.Info != nil && protocol.ValidTableID(n.Info.ID):
		l.others[n.Info.ID] = remoteEntry{node: n.Node, info: *n.Info, created: n.Created}
	}
}

// Put implements table.Lobby.
func (l *Lobby) Put(info protocol.TableInfo, created time.Time) {
	l.own.Put(info, created)
	l.mu.Lock()
	delete(l.others, info.ID) // it runs here now
	l.mu.Unlock()
	l.publish(lobbyNews{Node: l.node, Info: &info, Created: created})
}

// Remove implements table.Lobby.
func (l *Lobby) Remove(id string) {
	l.own.Remove(id)
	l.publish(lobbyNews{Node: l.node, Remove: id})
}

// Get implements table.Lobby: this node's entry first, then another's.
func (l *Lobby) Get(id string) (protocol.TableInfo, bool) {
	if in, ok := l.own.Get(id); ok {
		return in, true
	}
	l.mu.RLock()
	defer l.mu.RUnlock()
	e, ok := l.others[id]
	return e.info, ok
}

// Owner is the node that last announced table id ("" if none has).
func (l *Lobby) Owner(id string) string {
	if _, ok := l.own.Get(id); ok {
		return l.node
	}
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.others[id].node
}

// List implements table.Lobby, over every node's tables.
func (l *Lobby) List(limit int) []protocol.TableInfo {
	all := l.own.Entries()
	l.mu.RLock()
	for id, e := range l.others {
		if _, mine := l.own.Get(id); !mine {
			all = append(all, table.LobbyEntry{Info: e.info, Created: e.created})
		}
	}
	l.mu.RUnlock()
	return table.Listed(all, limit)
}
