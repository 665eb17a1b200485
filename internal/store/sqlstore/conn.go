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
