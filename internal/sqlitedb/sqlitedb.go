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

// Open opens the database file at path as every database of the server is
// opened: WAL, so that readers (followers' long polls) do not wait on the
// writer; a busy timeout rather than instant SQLITE_BUSY errors; immediate
// transactions, so that a version check and its write cannot interleave;
// and one connection, because SQLite has one writer anyway. pragmas are
// added to these, e.g. "synchronous(NORMAL)".
func Open(path string, pragmas ...string) (*sql.DB, error) {
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
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
