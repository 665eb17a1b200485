package store

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// Memory is a Store that keeps everything in the process's memory: for a
// table that lives on one device (the browser's local table, compiled to
// WebAssembly, where no database runs) and for tests. It keeps the
// contract of the SQL stores (contract_test.go in package sqlstore), and
// loses everything when the process ends; a caller that must keep a table
// wraps it and writes what changes elsewhere.
type Memory struct {
	mu      sync.Mutex
	tables  map[string]*Table
	logs    map[string][]Action
	leases  map[string]Lease
	records map[string][]byte
	reviews map[string][]byte
}

// NewMemory returns an empty memory store.
func NewMemory() *Memory {
	return &Memory{tables: map[string]*Table{}, logs: map[string][]Action{}, leases: map[string]Lease{},
		records: map[string][]byte{}, reviews: map[string][]byte{}}
}

// copyTable is t with its own copies of the JSON it holds, so that neither
// the caller nor the store changes the other's.
func copyTable(t *Table) *Table {
	c := *t
	c.Settings, c.Seats = slices.Clone(t.Settings), slices.Clone(t.Seats)
	return &c
}

// CreateTable implements Store.
func (m *Memory) CreateTable(_ context.Context, t *Table) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.tables[t.ID]; ok {
		return fmt.Errorf("%w: table %s exists", ErrConflict, t.ID)
	}
	m.tables[t.ID] = copyTable(t)
	return nil
}

// SaveTable implements Store.
func (m *Memory) SaveTable(_ context.Context, t *Table, l Lease) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	old, ok := m.tables[t.ID]
	if !ok {
		return fmt.Errorf("%w: table %s", ErrNotFound, t.ID)
	}
	if cur, ok := m.leases[t.ID]; !ok || cur.Node != l.Node || cur.Epoch != l.Epoch {
		return fmt.Errorf("%w: table %s is no longer %s's (epoch %d)", ErrLeaseLost, t.ID, l.Node, l.Epoch)
	}
	c := copyTable(t)
	c.CreatedAt = old.CreatedAt
	m.tables[t.ID] = c
	return nil
}

// LoadTable implements Store.
func (m *Memory) LoadTable(_ context.Context, id string) (*Table, []Action, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.tables[id]
	if !ok {
		return nil, nil, fmt.Errorf("%w: table %s", ErrNotFound, id)
	}
	return copyTable(t), slices.Clone(m.logs[id]), nil
}

// OpenTables implements Store.
func (m *Memory) OpenTables(context.Context) ([]string, error) {
	return m.ids(func(*Table) bool { return true }), nil
}

// Unowned implements Store.
func (m *Memory) Unowned(_ context.Context, node string) ([]string, error) {
	now := time.Now()
	return m.ids(func(t *Table) bool {
		l, ok := m.leases[t.ID]
		return !ok || l.Node == node || !l.Expires.After(now)
	}), nil
}

// ids lists the tables not over that keep, oldest first.
func (m *Memory) ids(keep func(*Table) bool) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var open []*Table
	for _, t := range m.tables {
		if t.Status != StatusOver && keep(t) {
			open = append(open, t)
		}
	}
	slices.SortFunc(open, func(a, b *Table) int { return a.CreatedAt.Compare(b.CreatedAt) })
	ids := make([]string, len(open))
	for i, t := range open {
		ids[i] = t.ID
	}
	return ids
}

// Append implements Store: all of actions or none.
func (m *Memory) Append(_ context.Context, table string, actions ...Action) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	taken := map[int64]bool{}
	for _, a := range m.logs[table] {
		taken[a.Seq] = true
	}
	for _, a := range actions {
		if taken[a.Seq] {
			return fmt.Errorf("%w: table %s seq %d", ErrConflict, table, a.Seq)
		}
		taken[a.Seq] = true
	}
	log := append(m.logs[table], actions...)
	slices.SortStableFunc(log, func(a, b Action) int { return int(a.Seq - b.Seq) })
	m.logs[table] = log
	return nil
}

// AcquireLease implements Store.
func (m *Memory) AcquireLease(_ context.Context, table, node string, ttl time.Duration) (Lease, error) {
	now := time.Now()
	m.mu.Lock()
	defer m.mu.Unlock()
	cur, ok := m.leases[table]
	if ok && cur.Node != node && cur.Expires.After(now) {
		return Lease{}, fmt.Errorf("%w: %s holds %s until %s", ErrLeased, cur.Node, table, cur.Expires.Format(time.RFC3339))
	}
	l := Lease{Table: table, Node: node, Epoch: cur.Epoch + 1, Expires: now.Add(ttl)}
	m.leases[table] = l
	return l, nil
}

// RenewLease implements Store.
func (m *Memory) RenewLease(_ context.Context, l Lease, ttl time.Duration) (Lease, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	cur, ok := m.leases[l.Table]
	if !ok || cur.Node != l.Node || cur.Epoch != l.Epoch {
		return Lease{}, fmt.Errorf("%w: %s epoch %d", ErrLeaseLost, l.Table, l.Epoch)
	}
	if until := time.Now().Add(ttl); until.After(cur.Expires) {
		cur.Expires = until
	}
	m.leases[l.Table] = cur
	l.Expires = time.Now().Add(ttl)
	return l, nil
}

// RenewLeases implements Store.
func (m *Memory) RenewLeases(_ context.Context, node string, ttl time.Duration) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	until := time.Now().Add(ttl)
	var ids []string
	for id, l := range m.leases {
		if l.Node != node {
			continue
		}
		if until.After(l.Expires) {
			l.Expires = until
			m.leases[id] = l
		}
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids, nil
}

// ReleaseLease implements Store.
func (m *Memory) ReleaseLease(_ context.Context, l Lease) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if cur, ok := m.leases[l.Table]; ok && cur.Node == l.Node && cur.Epoch == l.Epoch {
		delete(m.leases, l.Table)
	}
	return nil
}

// PutRecord implements Store; the table's review goes with the record it
// was made from.
func (m *Memory) PutRecord(_ context.Context, table string, record []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.records[table] = slices.Clone(record)
	delete(m.reviews, table)
	return nil
}

// Record implements Store.
func (m *Memory) Record(_ context.Context, table string) ([]byte, error) {
	return m.document(m.records, "record", table)
}

// PutReview implements Store.
func (m *Memory) PutReview(_ context.Context, table string, review []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reviews[table] = slices.Clone(review)
	return nil
}

// Review implements Store.
func (m *Memory) Review(_ context.Context, table string) ([]byte, error) {
	return m.document(m.reviews, "review", table)
}

// document is table's entry in docs, or ErrNotFound.
func (m *Memory) document(docs map[string][]byte, what, table string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := docs[table]
	if !ok {
		return nil, fmt.Errorf("%w: %s of table %s", ErrNotFound, what, table)
	}
	return slices.Clone(b), nil
}

// Ping implements Store: memory always answers.
func (m *Memory) Ping(context.Context) error { return nil }

// Close implements Store; what is kept stays readable.
func (m *Memory) Close() error { return nil }
