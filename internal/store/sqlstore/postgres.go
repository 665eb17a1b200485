package sqlstore

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"slices"
	"time"

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
// that nothing was written (or store.ErrOutcomeUnknown): a batch whose
// answer was lost is settled before Append returns.
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
	case answered(err, sent):
		return fmt.Errorf("store: append: %w", err)
	}
	return p.settle(sent, table, actions, err)
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

// settleTimeout bounds the wait to learn what became of a batch whose answer
// was lost. pgx gives a closed connection's server 15 s to end.
const settleTimeout = 20 * time.Second

// settle learns whether the batch sent on conn, whose answer was lost
// (cause), landed: nil if its actions are in the log, cause if nothing is,
// ErrConflict if another writer's are. The log can say only once the
// server process that ran the batch has ended, having committed it or not:
// pgx, closing the connection, asks the server to cancel what runs and to
// end the session, and reads until the server hangs up.
func (p *Postgres) settle(conn *pgconn.PgConn, table string, actions []store.Action, cause error) error {
	ctx, cancel := context.WithTimeout(context.Background(), settleTimeout)
	defer cancel()
	unknown := func(why any) error {
		return fmt.Errorf("store: append: %w: %v, and then %v", store.ErrOutcomeUnknown, cause, why)
	}
	select {
	case <-conn.CleanupDone():
	case <-ctx.Done():
		return unknown("its connection did not end")
	}
	// The wait above also ends when pgx gives up on the server; the server's
	// own list of its processes says whether that one is gone.
	var running bool
	if err := p.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)`, int32(conn.PID())).Scan(&running); err != nil {
		return unknown(err)
	}
	if running {
		return unknown("its server process still runs")
	}
	rows, err := p.pool.Query(ctx, `SELECT `+actionColumns+` FROM actions WHERE table_id = $1 AND seq BETWEEN $2 AND $3 ORDER BY seq`,
		table, actions[0].Seq, actions[len(actions)-1].Seq)
	if err != nil {
		return unknown(err)
	}
	defer rows.Close()
	var found []store.Action
	for rows.Next() {
		a, err := scanAction(rows)
		if err != nil {
			return unknown(err)
		}
		found = append(found, a)
	}
	if err := rows.Err(); err != nil {
		return unknown(err)
	}
	switch {
	case len(found) == 0:
		return fmt.Errorf("store: append: %w", cause)
	case sameActions(table, found, actions):
		return nil
	default:
		return appendConflict(table, actions)
	}
}

// sameActions says whether the log's rows found are actions, as stored.
func sameActions(table string, found, actions []store.Action) bool {
	return len(found) == len(actions) && slices.EqualFunc(found, actions, func(a, b store.Action) bool {
		return slices.Equal(actionArgs(table, a), actionArgs(table, b))
	})
}

// Ping implements store.Store.
func (p *Postgres) Ping(ctx context.Context) error { return p.pool.Ping(ctx) }

// Close implements Store: PostgreSQL has committed everything already, so
// closing only ends the connections.
func (p *Postgres) Close() error {
	p.pool.Close()
	return nil
}
