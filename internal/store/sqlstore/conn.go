package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"
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

// sqlConn is a database/sql database (SQLite's).
type sqlConn struct{ db *sql.DB }

func (c sqlConn) exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := c.db.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (c sqlConn) queryRow(ctx context.Context, query string, args ...any) scanner {
	return c.db.QueryRowContext(ctx, query, args...)
}

func (c sqlConn) query(ctx context.Context, query string, args ...any) (rows, error) {
	rs, err := c.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{rs}, nil
}

// tx implements conn.
func (c sqlConn) tx(ctx context.Context, f func(conn) error) error {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }() // after Commit, a no-op
	if err := f(sqlTx{tx}); err != nil {
		return err
	}
	return tx.Commit()
}

// snapshot implements conn. SQLite's store has one connection, which the
// table being read does not write to while it loads (it has no owner
// yet): the reads need no transaction of their own.
func (c sqlConn) snapshot(_ context.Context, f func(conn) error) error { return f(c) }

// sqlTx is a database/sql transaction; a transaction in it is itself.
type sqlTx struct{ t *sql.Tx }

func (c sqlTx) exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := c.t.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (c sqlTx) queryRow(ctx context.Context, query string, args ...any) scanner {
	return c.t.QueryRowContext(ctx, query, args...)
}

func (c sqlTx) query(ctx context.Context, query string, args ...any) (rows, error) {
	rs, err := c.t.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{rs}, nil
}

func (c sqlTx) tx(_ context.Context, f func(conn) error) error       { return f(c) }
func (c sqlTx) snapshot(_ context.Context, f func(conn) error) error { return f(c) }

// sqlRows are database/sql's rows, whose Close error is the one Err
// reports.
type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { _ = r.Rows.Close() }

// pgConn is a PostgreSQL pool.
type pgConn struct{ pool *pgxpool.Pool }

func (c pgConn) exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := c.pool.Exec(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (c pgConn) queryRow(ctx context.Context, query string, args ...any) scanner {
	return c.pool.QueryRow(ctx, query, args...)
}

func (c pgConn) query(ctx context.Context, query string, args ...any) (rows, error) {
	return c.pool.Query(ctx, query, args...)
}

// tx implements conn.
func (c pgConn) tx(ctx context.Context, f func(conn) error) error {
	return pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error { return f(pgTx{tx}) })
}

// snapshot implements conn: a read-only, repeatable-read transaction.
func (c pgConn) snapshot(ctx context.Context, f func(conn) error) error {
	return pgx.BeginTxFunc(ctx, c.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly},
		func(tx pgx.Tx) error { return f(pgTx{tx}) })
}

// pgTx is a PostgreSQL transaction; a transaction in it is itself.
type pgTx struct{ t pgx.Tx }

func (c pgTx) exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := c.t.Exec(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (c pgTx) queryRow(ctx context.Context, query string, args ...any) scanner {
	return c.t.QueryRow(ctx, query, args...)
}

func (c pgTx) query(ctx context.Context, query string, args ...any) (rows, error) {
	return c.t.Query(ctx, query, args...)
}

func (c pgTx) tx(_ context.Context, f func(conn) error) error       { return f(c) }
func (c pgTx) snapshot(_ context.Context, f func(conn) error) error { return f(c) }
