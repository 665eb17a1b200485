// Package store keeps what must outlive a server process: each table's
// settings and seats, its append-only log of accepted actions, ownership
// leases and finished game records. The action log is the truth (docs/scaling.md):
// a table is rebuilt by replaying its log through the engine, so nothing else
// about a game needs saving. Store is the interface the packages above
// need; its SQL implementations (embedded SQLite, PostgreSQL) live in
// sqlstore, so that a table can run where no database does (Memory, the
// browser's own table) without carrying a database driver.
package store

import (
	"context"
	"errors"
	"time"

	"github.com/skullking-go/skullking"
)

// Errors a Store returns, for errors.Is.
var (
	// ErrNotFound: no such table or record.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict: an action with this (table, seq) is already in the log.
	// A second writer for one table fails here, so a game can never fork.
	ErrConflict = errors.New("store: conflict: sequence number already taken")
	// ErrLeased: another node holds an unexpired lease on the table.
	ErrLeased = errors.New("store: table leased by another node")
	// ErrLeaseLost: the lease was taken over or expired and renewed by another node.
	ErrLeaseLost = errors.New("store: lease lost")
	// ErrOutcomeUnknown: an append was sent and its answer lost (its
	// context ended, its connection broke). Its actions may be in the log
	// or not; only the log can say, once it can be read.
	ErrOutcomeUnknown = errors.New("store: the append's outcome is unknown")
)

// Status is where a table is in its life.
type Status string

// Table statuses.
const (
	StatusLobby   Status = "lobby"   // seats filling, not started
	StatusPlaying Status = "playing" // a game in progress
	StatusOver    Status = "over"    // the game has ended
)

// Table is a table's row: everything about it except its action log. The
// store treats Settings and Seats as opaque JSON owned by package table.
type Table struct {
	ID        string
	Status    Status
	Public    bool
	Seed      uint64 // the engine's deal seed, set when the game starts
	Settings  []byte // JSON
	Seats     []byte // JSON, token hashes included
	Rematch   string // the table offered as a rematch, if any
	CreatedAt time.Time
	UpdatedAt time.Time
	StartedAt time.Time // zero until the game starts
}

// Action is one accepted action in a table's log.
type Action struct {
	Seq    int64 // 1-based, dense: the n-th accepted action has Seq n
	At     time.Time
	Action skullking.Action
	// By says who decided: "player", "bot" (a bot seat or a bot standing in
	// for an absent player) or "timer" (a bot acting when the turn timer ran
	// out). Audit only; replay does not need it.
	By string
}

// Lease is a node's claim to run a table. Epoch grows every time the table
// changes hands, so a stale owner can be told apart from the current one.
type Lease struct {
	Table   string
	Node    string
	Epoch   int64
	Expires time.Time
}

// Store is the persistence every table relies on. Implementations must be
// safe for concurrent use.
type Store interface {
	// CreateTable inserts a new table row.
	CreateTable(ctx context.Context, t *Table) error
	// SaveTable updates a table row (status, seats, settings, rematch…)
	// for the holder of lease l, in one statement with the lease's check:
	// ErrLeaseLost, and the row unchanged, if l is no longer the table's
	// lease. A stale owner could otherwise overwrite the new owner's seats,
	// or start the game again with another seed under its log.
	SaveTable(ctx context.Context, t *Table, l Lease) error
	// LoadTable returns a table's row and its whole action log in order.
	LoadTable(ctx context.Context, id string) (*Table, []Action, error)
	// OpenTables lists the tables not yet over, to resume after a restart.
	OpenTables(ctx context.Context) ([]string, error)
	// Unowned lists the tables not yet over that node may run now: those
	// with no lease, an expired one, or one node itself holds. A node
	// sweeps for them to take over the tables of a node that died
	// (docs/scaling.md, "One owner per table").
	Unowned(ctx context.Context, node string) ([]string, error)
	// Append adds actions to a table's log; seqs must continue the log.
	// Nothing is appended (ErrConflict) if any seq is already taken. On
	// any other error nothing was written, but for ErrOutcomeUnknown:
	// SQLite's waits for a write under way to end, whatever ctx says;
	// PostgreSQL's returns ErrOutcomeUnknown when the answer to a batch it
	// sent is lost (ctx ended, the connection broke), as the batch may have
	// committed all the same.
	Append(ctx context.Context, table string, actions ...Action) error

	// AcquireLease takes table for node unless another node holds an
	// unexpired lease (ErrLeased). A lease granted (here or renewed below)
	// runs to the node's clock at the call's start plus ttl, or later: its
	// holder counts from the moment it asked, never from the answer, so
	// that it lets the table go before the store lets another node take it
	// (docs/scaling.md, "One owner per table").
	AcquireLease(ctx context.Context, table, node string, ttl time.Duration) (Lease, error)
	// RenewLease extends l; ErrLeaseLost if l is no longer current. A
	// renewal never shortens a lease: renewals under way at once may land
	// in any order.
	RenewLease(ctx context.Context, l Lease, ttl time.Duration) (Lease, error)
	// RenewLeases extends every lease node holds, in one write, and returns
	// the tables they cover: a node heartbeat, so that a thousand tables do
	// not each write a renewal. A table missing from the answer was taken
	// over by another node. Like RenewLease, it never shortens a lease.
	RenewLeases(ctx context.Context, node string, ttl time.Duration) ([]string, error)
	// ReleaseLease gives l up so that another node need not wait for expiry.
	ReleaseLease(ctx context.Context, l Lease) error

	// PutRecord stores a finished game's record (skullking-record/1 JSON).
	PutRecord(ctx context.Context, table string, record []byte) error
	// Record returns a stored record, or ErrNotFound.
	Record(ctx context.Context, table string) ([]byte, error)

	// PutReview keeps the review of a finished game's record (JSON, as the
	// server computed it), replacing any earlier one; Review returns it, or
	// ErrNotFound. A review belongs to the record stored when it was
	// computed: PutRecord drops the table's review. An implementation
	// needs one more table keyed by the table's id (store migration 2,
	// "reviews": table_id, created_at, review).
	PutReview(ctx context.Context, table string, review []byte) error
	Review(ctx context.Context, table string) ([]byte, error)

	// Ping checks that the store answers.
	Ping(ctx context.Context) error
	// Close flushes and closes the store.
	Close() error
}
