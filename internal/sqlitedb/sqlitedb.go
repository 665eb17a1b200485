// Package sqlitedb opens the SQLite database files the server keeps, the
// tables' store and the score keeper's sheets, one way, and answers what
// their migrations ask of a database's tables. It uses database/sql alone:
// the program registers the driver (modernc.org/sqlite) under "sqlite".
package sqlitedb

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
)

// Options are what the server's configuration decides about every database
// file it opens (serve's --durable).
type Options struct {
	// Durable makes every commit wait until the disk has it
	// (synchronous=FULL): an acknowledged write survives a power cut or an
	// operating system crash. Without it (synchronous=NORMAL), a commit in
	// WAL mode is written to the log but not synced: it survives the
	// process being killed at any instant, and a power cut or an OS crash
	// may undo the last commits before the log's next sync (at a
	// checkpoint). The database stays consistent either way.
	Durable bool
}

// synchronous is the synchronous pragma the options ask for.
func (o Options) synchronous() string {
	if o.Durable {
		return "synchronous(FULL)"
	}
	return "synchronous(NORMAL)"
}

// Open opens the database file at path as every database of the server is
// opened: WAL, so that readers (followers' long polls) do not wait on the
// writer; synchronous as o says; a busy timeout rather than instant
// SQLITE_BUSY errors; immediate transactions, so that a version check and
// its write cannot interleave; and one connection, because SQLite has one
// writer anyway. pragmas are added to these, e.g. "foreign_keys(ON)".
func Open(path string, o Options, pragmas ...string) (*sql.DB, error) {
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", o.synchronous())
	q.Add("_pragma", "busy_timeout(10000)")
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+filepath.ToSlash(path)+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open: %w", err)
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	return db, nil
}

// Settings are how a connection commits, as SQLite reports them.
type Settings struct {
	JournalMode string // "wal"
	Synchronous int    // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
}

// ReadSettings asks q's connection for its journal mode and synchronous
// level. Both belong to the connection, so q must be the one that writes.
func ReadSettings(ctx context.Context, q Querier) (Settings, error) {
	var s Settings
	if err := q.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&s.JournalMode); err != nil {
		return Settings{}, fmt.Errorf("journal_mode: %w", err)
	}
	if err := q.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&s.Synchronous); err != nil {
		return Settings{}, fmt.Errorf("synchronous: %w", err)
	}
	return s, nil
}

// Querier is a database or a transaction.
type Querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// HasTable reports whether the database has a table named name.
func HasTable(ctx context.Context, q Querier, name string) (bool, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, name).Scan(&n); err != nil {
		return false, err
	}
	return n == 1, nil
}
