package scorekeeper

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
)

// SheetStore keeps sheets. Implementations must be safe for concurrent use
// and must store and return copies: a caller may change a sheet it got
// without changing the stored one.
type SheetStore interface {
	// Create stores a new sheet (its ID, Follow and Version set).
	Create(ctx context.Context, s *Sheet) error
	// Get returns the sheet with edit token id, or ErrNotFound.
	Get(ctx context.Context, id string) (*Sheet, error)
	// GetByFollow returns the sheet with read-only token follow, or
	// ErrNotFound.
	GetByFollow(ctx context.Context, follow string) (*Sheet, error)
	// Update replaces the sheet s.ID if its stored version is still
	// version; s carries the new version. It returns ErrConflict when
	// another edit came first, ErrNotFound when the sheet is gone.
	Update(ctx context.Context, s *Sheet, version int64) error
	// Delete removes sheet id if its stored version is version (ErrConflict,
	// ErrNotFound otherwise).
	Delete(ctx context.Context, id string, version int64) error
	// ListBook returns the sheets of book, most recently updated first.
	ListBook(ctx context.Context, book string) ([]*Sheet, error)
}

// Store errors.
var (
	ErrNotFound = errors.New("scorekeeper: no such sheet")
	ErrConflict = errors.New("scorekeeper: the sheet was changed meanwhile")
	ErrExists   = errors.New("scorekeeper: a sheet with this id exists")
)

// NewToken returns a random 128-bit token in hex: sheet ids, follow tokens
// and books. Knowing one is the permission it grants, so it must not be
// guessable.
func NewToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

// validToken reports whether s looks like a token NewToken made, so that a
// mistyped link is refused before any lookup.
func ValidToken(s string) bool {
	if len(s) != 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// MemoryStore is a SheetStore in memory, for tests and for a server run
// without a database.
type MemoryStore struct {
	mu     sync.Mutex
	sheets map[string]*Sheet
	follow map[string]string // follow token → id
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{sheets: map[string]*Sheet{}, follow: map[string]string{}}
}

// Create implements SheetStore.
func (m *MemoryStore) Create(_ context.Context, s *Sheet) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.sheets[s.ID]; ok {
		return ErrExists
	}
	if _, ok := m.follow[s.Follow]; ok {
		return ErrExists
	}
	m.sheets[s.ID] = s.Clone()
	m.follow[s.Follow] = s.ID
	return nil
}

// Get implements SheetStore.
func (m *MemoryStore) Get(_ context.Context, id string) (*Sheet, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sheets[id]
	if !ok {
		return nil, ErrNotFound
	}
	return s.Clone(), nil
}

// GetByFollow implements SheetStore.
func (m *MemoryStore) GetByFollow(_ context.Context, follow string) (*Sheet, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.follow[follow]
	if !ok {
		return nil, ErrNotFound
	}
	return m.sheets[id].Clone(), nil
}

// Update implements SheetStore.
func (m *MemoryStore) Update(_ context.Context, s *Sheet, version int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	cur, ok := m.sheets[s.ID]
	if !ok {
		return ErrNotFound
	}
	if cur.Version != version {
		return ErrConflict
	}
	next := s.Clone()
	// The tokens and the book are the sheet's identity, never edited.
	next.Follow, next.Book, next.Created, next.Game = cur.Follow, cur.Book, cur.Created, cur.Game
	m.sheets[s.ID] = next
	return nil
}

// Delete implements SheetStore.
func (m *MemoryStore) Delete(_ context.Context, id string, version int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	cur, ok := m.sheets[id]
	if !ok {
		return ErrNotFound
	}
	if cur.Version != version {
		return ErrConflict
	}
	delete(m.follow, cur.Follow)
	delete(m.sheets, id)
	return nil
}

// ListBook implements SheetStore.
func (m *MemoryStore) ListBook(_ context.Context, book string) ([]*Sheet, error) {
	m.mu.Lock()
	var out []*Sheet
	for _, s := range m.sheets {
		if book != "" && s.Book == book {
			out = append(out, s.Clone())
		}
	}
	m.mu.Unlock()
	return sortedByUpdate(out), nil
}
