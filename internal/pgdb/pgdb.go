// Package pgdb opens the PostgreSQL database the server keeps when it runs
// on one (serve --store postgres://…), the tables' store and the score
// keeper's sheets, one way, and migrates their schemas with package migrate,
// the scheme SQLite uses too. It is the PostgreSQL counterpart of package
// sqlitedb; the connection pool is pgx's own (pgxpool), which dials again by
// itself when the database comes back after an outage.
package pgdb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/skullking-go/skullking/internal/migrate"
)

// DefaultMaxConns is the size of a pool whose URL does not set
// pool_max_conns. Connections open only as needed: a node's table pool
// fills under load, its score sheets' pool seldom holds more than one or
// two, so PostgreSQL's default of 100 connections serves five busy nodes.
const DefaultMaxConns = 16

// reachTimeout bounds the first contact at start: a database that does not
// answer by then is reported rather than waited on.
const reachTimeout = 10 * time.Second

// Open connects a pool to the database at url (postgres://user@host:port/db?…)
// and checks that it answers, so that a server pointed at a database it
// cannot reach says so at start instead of refusing its first action.
func Open(ctx context.Context, url string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// pgx's message quotes no password: it reports the URL's syntax.
		return nil, fmt.Errorf("not a PostgreSQL URL: %w", err)
	}
	if !strings.Contains(url, "pool_max_conns=") {
		// pgx's default, four connections on a small machine, makes a
		// thousand tables' appends queue for a connection (README,
		// "Measured": a p50 of 5.6 ms against 2.8 ms with sixteen). The
		// URL's pool_max_conns sets another.
		cfg.MaxConns = DefaultMaxConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL: %w", err)
	}
	pctx, cancel := context.WithTimeout(ctx, reachTimeout)
	defer cancel()
	if err := pool.Ping(pctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("cannot reach PostgreSQL at %s: %w", where(cfg.ConnConfig), err)
	}
	return pool, nil
}

// where names the database a configuration points at, without its
// password, for messages.
func where(c *pgx.ConnConfig) string {
	return fmt.Sprintf("%s:%d/%s", c.Host, c.Port, c.Database)
}

// migrationLock is the advisory lock key under which migrations run, the
// same for every schema: nodes starting at once migrate one after another.
const migrationLock = 0x736b756c6c6b // "skullk"

// Migrate brings schema s up to date in the pool's database with package
// migrate. Each of migrate's transactions first takes a transaction-scoped
// advisory lock: SQLite's immediate transactions serialize two processes
// migrating at once, and this does the same on PostgreSQL, where the second
// node would otherwise read the old version and run a migration again.
func Migrate(ctx context.Context, pool *pgxpool.Pool, s migrate.Schema) (int, error) {
	s.Lock = func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock))
		return err
	}
	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	return s.Apply(ctx, db)
}

// IsUniqueViolation reports an insert that a primary key or a unique
// constraint refused.
func IsUniqueViolation(err error) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && e.Code == "23505"
}
