package table

import (
	"sort"
	"sync"
	"time"

	"github.com/skullking-go/skullking/protocol"
)

// Lobby is the index of tables the lobby lists and looks up. The local one
// is a map; a clustered one would be a query on the shared store.
type Lobby interface {
	// Put adds or refreshes a table's public summary.
	Put(info protocol.TableInfo, created time.Time)
	// Remove drops a table from the index.
	Remove(id string)
	// Get returns a table's summary, public or private.
	Get(id string) (protocol.TableInfo, bool)
	// List returns up to limit public tables not yet over, newest first.
	List(limit int) []protocol.TableInfo
}

// MemoryLobby is the in-process Lobby.
type MemoryLobby struct {
	mu     sync.RWMutex
	tables map[string]lobbyEntry
}

type lobbyEntry struct {
	info    protocol.TableInfo
	created time.Time
}

// NewMemoryLobby returns an empty lobby index.
func NewMemoryLobby() *MemoryLobby { return &MemoryLobby{tables: map[string]lobbyEntry{}} }

// Put implements Lobby.
func (l *MemoryLobby) Put(info protocol.TableInfo, created time.Time) {
	l.mu.Lock()
	l.tables[info.ID] = lobbyEntry{info: info, created: created}
	l.mu.Unlock()
}

// Remove implements Lobby.
func (l *MemoryLobby) Remove(id string) {
	l.mu.Lock()
	delete(l.tables, id)
	l.mu.Unlock()
}

// Get implements Lobby.
func (l *MemoryLobby) Get(id string) (protocol.TableInfo, bool) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	e, ok := l.tables[id]
	return e.info, ok
}

// List implements Lobby.
func (l *MemoryLobby) List(limit int) []protocol.TableInfo {
	l.mu.RLock()
	entries := make([]lobbyEntry, 0, len(l.tables))
	for _, e := range l.tables {
		if e.info.Public && e.info.Status != "over" {
			entries = append(entries, e)
		}
	}
	l.mu.RUnlock()
	sort.Slice(entries, func(i, j int) bool {
		if !entries[i].created.Equal(entries[j].created) {
			return entries[i].created.After(entries[j].created)
		}
		return entries[i].info.ID < entries[j].info.ID
	})
	if len(entries) > limit {
		entries = entries[:limit]
	}
	out := make([]protocol.TableInfo, len(entries))
	for i, e := range entries {
		out[i] = e.info
	}
	return out
}
