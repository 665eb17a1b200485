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
	tables map[string]LobbyEntry
}

// LobbyEntry is a table's summary and when it was created, the order the
// lobby lists tables in.
type LobbyEntry struct {
	Info    protocol.TableInfo
	Created time.Time
}

// NewMemoryLobby returns an empty lobby index.
func NewMemoryLobby() *MemoryLobby { return &MemoryLobby{tables: map[string]LobbyEntry{}} }

// Put implements Lobby.
func (l *MemoryLobby) Put(info protocol.TableInfo, created time.Time) {
	l.mu.Lock()
	l.tables[info.ID] = LobbyEntry{Info: info, Created: created}
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
	return e.Info, ok
}

// Entries returns every entry, in no order.
func (l *MemoryLobby) Entries() []LobbyEntry {
	l.mu.RLock()
	defer l.mu.RUnlock()
	out := make([]LobbyEntry, 0, len(l.tables))
	for _, e := range l.tables {
		out = append(out, e)
	}
	return out
}

// List implements Lobby.
func (l *MemoryLobby) List(limit int) []protocol.TableInfo { return Listed(l.Entries(), limit) }

// Listed is what a lobby lists of entries: up to limit public tables not
// yet over, newest first. It reorders entries.
func Listed(entries []LobbyEntry, limit int) []protocol.TableInfo {
	listed := entries[:0]
	for _, e := range entries {
		if e.Info.Public && e.Info.Status != "over" {
			listed = append(listed, e)
		}
	}
	sort.Slice(listed, func(i, j int) bool {
		if !listed[i].Created.Equal(listed[j].Created) {
			return listed[i].Created.After(listed[j].Created)
		}
		return listed[i].Info.ID < listed[j].Info.ID
	})
	if len(listed) > limit {
		listed = listed[:limit]
	}
	out := make([]protocol.TableInfo, len(listed))
	for i, e := range listed {
		out[i] = e.Info
	}
	return out
}
