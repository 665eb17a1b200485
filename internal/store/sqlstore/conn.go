package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/skullking-go/skullking/internal/pgdb"
)

// conn is a database as the stores' queries use it, whichever its engine:
// database/sql for SQLite, pgx for PostgreSQL. A query is written once,
// with $N parameters, which both engines read; where the dialects differ,
// the query's text does, never the Go around it.
type conn interface {
	// exec runs a statement and says how many rows it changed.
	exec(ctx context.Context, query string, args ...any) (int64, error)
	queryRow(ctx context.Context, query string, args ...any) scanner
	query(ctx context.Context, query string, args ...any) (rows, error)
	// tx runs f in one transaction: all of its writes or none.
	tx(ctx context.Context, f func(conn) error) error
	// snapshot runs f's reads as of one moment.
	snapshot(ctx context.Context, f func(conn) error) error
}

// scanner is one row of an answer.
type scanner interface{ Scan(dest ...any) error }

// rows is an answer's rows, read in turn.
type rows interface {
	scanner
	Next() bool
	Err() error
	Close()
}

// noRows reports whether err says a query found no row, as either engine
// says it.
func noRows(err error) bool { return errors.Is(err, sql.ErrNoRows) || errors.Is(err, pgx.ErrNoRows) }

// unique reports whether err is a unique key's refusal, in either engine.
func unique(err error) bool { return isConstraint(err) || pgdb.IsUniqueViolation(err) }

// sqlRunner is what a database/sql database and a transaction in it
// both run.
type sqlRunner interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// sqlOn runs the queries of a conn on a database/sql runner.
type sqlOn struct{ r sqlRunner }

func (c sqlOn) exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := c.r.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (c sqlOn) queryRow(ctx context.Context, query string, args ...any) scanner {
	return c.r.QueryRowContext(ctx, query, args...)
}

func (c sqlOn) query(ctx context.Context, query string, args ...any) (rows, error) {
	rs, err := c.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{rs}, nil
}

// sqlRows are database/sql's rows, whose Close error is the one Err
// reports.
type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { _ = r.Rows.Close() }

// sqlConn is a database/sql database (SQLite's).
type sqlConn struct {
	sqlOn
	db *sql.DB
}

func sqlConnOf(db *sql.DB) sqlConn { return sqlConn{sqlOn{db}, db} }

// tx implements conn.
func (c sqlConn) tx(ctx context.Context, f func(conn) error) error {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }() // after Commit, a no-op
	if err := f(sqlTx{sqlOn{tx}}); err != nil {
		return err
	}
	return tx.Commit()
}

// snapshot implements conn. SQLite's store has one connection, which the
// table being read does not write to while it loads (it has no owner
// yet): the reads need no transaction of their own.
func (c sqlConn) snapshot(_ context.Context, f func(conn) error) error { return f(c) }

// sqlTx is a database/sql transaction; a transaction in it is itself.
type sqlTx struct{ sqlOn }

func (c sqlTx) tx(_ context.Context, f func(conn) error) error       { return f(c) }
func (c sqlTx) snapshot(_ context.Context, f func(conn) error) error { return f(c) }

// pgRunner is what a PostgreSQL pool and a transaction in it both run.
type pgRunner interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// pgOn runs the queries of a conn on a pgx runner.
type pgOn struct{ r pgRunner }

func (c pgOn) exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := c.r.Exec(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (c pgOn) queryRow(ctx context.Context, query string, args ...any) scanner {
	return c.r.QueryRow(ctx, query, args...)
}

func (c pgOn) query(ctx context.Context, query string, args ...any) (rows, error) {
	return c.r.Query(ctx, query, args...)
}

// pgConn is a PostgreSQL pool.
type pgConn struct {
	pgOn
	pool *pgxpool.Pool
}

func pgConnOf(pool *pgxpool.Pool) pgConn { return pgConn{pgOn{pool}, pool} }

// tx implements conn.
func (c pgConn) tx(ctx context.Context, f func(conn) error) error {
	return pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error { return f(pgTx{pgOn{tx}}) })
}

// snapshot implements conn: a read-only, repeatable-read transaction.
func (c pgConn) snapshot(ctx context.Context, f func(conn) error) error {
	return pgx.BeginTxFunc(ctx, c.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly},
		func(tx pgx.Tx) error { return f(pgTx{pgOn{tx}}) })
}

// pgTx is a PostgreSQL transaction; a transaction in it is itself.
type pgTx struct{ pgOn }

func (c pgTx) tx(_ context.Context, f func(conn) error) error       { return f(c) }
func (c pgTx) snapshot(_ context.Context, f func(conn) error) error { return f(c) }
