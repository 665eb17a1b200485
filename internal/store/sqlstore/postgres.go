package sqlstore

import (
	"context"
	"embed"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/skullking-go/skullking/internal/migrate"
	"github.com/skullking-go/skullking/internal/pgdb"
	"github.com/skullking-go/skullking/internal/store"
)

// pgMigrations are the PostgreSQL dialect of migrations/: the same versions
// under the same names, applied by package migrate as the SQLite ones are.
//
//go:embed migrations/pg/*.sql
var pgMigrations embed.FS

// pgSchema is the tables and the action log on PostgreSQL. It shares the
// schema name with the SQLite one: one scheme, one version count.
var pgSchema = migrate.Schema{Name: "store", FS: pgMigrations, Dir: "migrations/pg"}

// Postgres is the store.Store on PostgreSQL, for several nodes sharing one
// database (docs/scaling.md). Its tables are those of the SQLite store; the
// action log's primary key (table_id, seq) is the fence that fails a stale
// owner's append. The pool dials again by itself, so after an outage the
// store works again without a restart; meanwhile every call fails and
// nothing is acknowledged.
type Postgres struct {
	tables
	pool *pgxpool.Pool
}

// OpenPostgres connects to the database at url, refusing one it cannot
// reach, and brings its schema up to date.
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	pool, err := pgdb.Open(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if _, err := pgdb.Migrate(ctx, pool, pgSchema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	return &Postgres{tables: tables{c: pgConnOf(pool), greatest: "GREATEST"}, pool: pool}, nil
}

// Append implements Store: the actions go in one transaction, all or
// nothing. It returns once PostgreSQL has committed them. An error means
// that nothing was written, but for store.ErrOutcomeUnknown: the batch was
// sent and its answer lost, and it may have committed.
func (p *Postgres) Append(ctx context.Context, table string, actions ...store.Action) error {
	if len(actions) == 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err // past its caller's time (its lease's, say): not sent
	}
	// A batch is one round trip and one implicit transaction: all of its
	// inserts or none. BEGIN and COMMIT around it would be two more round
	// trips for every action every table plays, while each waits for its
	// append.
	b := &pgx.Batch{}
	for _, a := range actions {
		b.Queue(insertAction, actionArgs(table, a)...)
	}
	c, err := p.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("store: append: %w", err)
	}
	err = c.SendBatch(ctx, b).Close()
	sent := c.Conn().PgConn()
	c.Release()
	switch {
	case err == nil:
		return nil
	case unique(err):
		return appendConflict(table, actions)
	case !answered(err, sent):
		// Learning what became of it would mean waiting for the server
		// process that ran it to end, which a network split can hold for as
		// long as it lasts, while the table's time is up already: the log
		// says, once it can be read.
		return fmt.Errorf("%w: %w", store.ErrOutcomeUnknown, err)
	}
	return fmt.Errorf("store: append: %w", err)
}

// answered says whether an append's error is its whole outcome: the
// database refused the batch (its transaction rolled back), nothing was
// sent, or the connection is still open, so the batch's answer was read.
// Otherwise the connection closed with the batch perhaps committed: pgx
// closes a connection whose context ends during a call, and that may be
// after PostgreSQL committed and before its answer came.
func answered(err error, sent *pgconn.PgConn) bool {
	var refused *pgconn.PgError
	return errors.As(err, &refused) || pgconn.SafeToRetry(err) || !sent.IsClosed()
}

// Ping implements store.Store.
func (p *Postgres) Ping(ctx context.Context) error { return p.pool.Ping(ctx) }

// Close implements Store: PostgreSQL has committed everything already, so
// closing only ends the connections.
func (p *Postgres) Close() error {
	p.pool.Close()
	return nil
}
