package sqlstore

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
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
	return &Postgres{pool: pool}, nil
}

// CreateTable implements store.Store.
func (p *Postgres) CreateTable(ctx context.Context, t *store.Table) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO tables
		(id, status, public, seed, settings, seats, rematch, created_at, updated_at, started_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		t.ID, string(t.Status), t.Public, int64(t.Seed), string(t.Settings), string(t.Seats), t.Rematch,
		ms(t.CreatedAt), ms(t.UpdatedAt), ms(t.StartedAt))
	if err != nil {
		if pgdb.IsUniqueViolation(err) {
			return fmt.Errorf("%w: table %s exists", store.ErrConflict, t.ID)
		}
		return fmt.Errorf("store: create table: %w", err)
	}
	return nil
}

// SaveTable implements store.Store.
func (p *Postgres) SaveTable(ctx context.Context, t *store.Table, l store.Lease) error {
	tag, err := p.pool.Exec(ctx, `UPDATE tables SET status = $1, public = $2, seed = $3, settings = $4, seats = $5,
		rematch = $6, updated_at = $7, started_at = $8 WHERE id = $9
		AND EXISTS (SELECT 1 FROM leases WHERE table_id = $9 AND node = $10 AND epoch = $11)`,
		string(t.Status), t.Public, int64(t.Seed), string(t.Settings), string(t.Seats), t.Rematch,
		ms(t.UpdatedAt), ms(t.StartedAt), t.ID, l.Node, l.Epoch)
	if err != nil {
		return fmt.Errorf("store: save table: %w", err)
	}
	if tag.RowsAffected() == 0 {
		var one int
		switch err := p.pool.QueryRow(ctx, `SELECT 1 FROM tables WHERE id = $1`, t.ID).Scan(&one); {
		case errors.Is(err, pgx.ErrNoRows):
			return fmt.Errorf("%w: table %s", store.ErrNotFound, t.ID)
		case err != nil:
			return fmt.Errorf("store: save table: %w", err)
		}
		return fmt.Errorf("%w: table %s is no longer %s's (epoch %d)", store.ErrLeaseLost, t.ID, l.Node, l.Epoch)
	}
	return nil
}

// LoadTable implements store.Store. The row and the log are read in one
// repeatable-read transaction, so that they are of one moment.
func (p *Postgres) LoadTable(ctx context.Context, id string) (*store.Table, []store.Action, error) {
	var t *store.Table
	var log []store.Action
	var loadErr error
	err := pgx.BeginTxFunc(ctx, p.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly},
		func(tx pgx.Tx) error {
			t, log, loadErr = loadTable(ctx, tx, id)
			return loadErr
		})
	if loadErr != nil {
		return nil, nil, loadErr
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: load table: %w", err)
	}
	return t, log, nil
}

func loadTable(ctx context.Context, tx pgx.Tx, id string) (*store.Table, []store.Action, error) {
	t := &store.Table{ID: id}
	var status, settings, seats string
	var seed, created, updated, started int64
	err := tx.QueryRow(ctx, `SELECT status, public, seed, settings, seats, rematch, created_at, updated_at,
		started_at FROM tables WHERE id = $1`, id).
		Scan(&status, &t.Public, &seed, &settings, &seats, &t.Rematch, &created, &updated, &started)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, fmt.Errorf("%w: table %s", store.ErrNotFound, id)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: load table: %w", err)
	}
	t.Status, t.Seed = store.Status(status), uint64(seed)
	t.Settings, t.Seats = []byte(settings), []byte(seats)
	t.CreatedAt, t.UpdatedAt, t.StartedAt = fromMS(created), fromMS(updated), fromMS(started)
	rows, err := tx.Query(ctx, `SELECT `+actionColumns+` FROM actions WHERE table_id = $1 ORDER BY seq`, id)
	if err != nil {
		return nil, nil, fmt.Errorf("store: load actions: %w", err)
	}
	defer rows.Close()
	log, err := readLog(id, rows)
	if err != nil {
		return nil, nil, err
	}
	return t, log, nil
}

// OpenTables implements store.Store.
func (p *Postgres) OpenTables(ctx context.Context) ([]string, error) {
	return p.tableIDs(ctx, "open tables", `SELECT id FROM tables WHERE status IN ($1, $2) ORDER BY created_at, id`,
		string(store.StatusLobby), string(store.StatusPlaying))
}

// Unowned implements store.Store.
func (p *Postgres) Unowned(ctx context.Context, node string) ([]string, error) {
	return p.tableIDs(ctx, "unowned tables", `SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id
		WHERE t.status IN ($1, $2) AND (l.table_id IS NULL OR l.node = $3 OR l.expires_at <= $4) ORDER BY t.created_at, t.id`,
		string(store.StatusLobby), string(store.StatusPlaying), node, time.Now().UnixMilli())
}

// tableIDs runs a query whose rows are table ids; what names it in errors.
func (p *Postgres) tableIDs(ctx context.Context, what, query string, args ...any) ([]string, error) {
	rows, err := p.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	return ids, nil
}

const pgInsertAction = `INSERT INTO actions (table_id, seq, at, seat, kind, card, card2, tas, value, by)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`

// Append implements Store: the actions go in one transaction, all or
// nothing. It returns once PostgreSQL has committed them.
func (p *Postgres) Append(ctx context.Context, table string, actions ...store.Action) error {
	if len(actions) == 0 {
		return nil
	}
	// A batch is one round trip and one implicit transaction: all of its
	// inserts or none. BEGIN and COMMIT around it would be two more round
	// trips for every action every table plays, while each waits for its
	// append.
	b := &pgx.Batch{}
	for _, a := range actions {
		x := a.Action
		b.Queue(pgInsertAction, table, a.Seq, ms(a.At), int16(x.Seat), int16(x.Kind), int16(x.Card),
			int16(x.Card2), int16(x.As), int16(x.Value), a.By)
	}
	err := p.pool.SendBatch(ctx, b).Close()
	if err != nil {
		if pgdb.IsUniqueViolation(err) {
			return fmt.Errorf("%w: table %s, one of seq %d to %d", store.ErrConflict, table, actions[0].Seq, actions[len(actions)-1].Seq)
		}
		return fmt.Errorf("store: append: %w", err)
	}
	return nil
}

// AcquireLease implements store.Store. It is one statement, so that two nodes
// taking a free table at once cannot both get it: the insert of the second
// meets the first's row and updates it only if that lease is this node's
// own or has expired.
func (p *Postgres) AcquireLease(ctx context.Context, table, node string, ttl time.Duration) (store.Lease, error) {
	now := time.Now()
	l := store.Lease{Table: table, Node: node, Expires: now.Add(ttl)}
	err := p.pool.QueryRow(ctx, `INSERT INTO leases AS l (table_id, node, epoch, expires_at) VALUES ($1, $2, 1, $3)
		ON CONFLICT (table_id) DO UPDATE SET node = excluded.node, epoch = l.epoch + 1, expires_at = excluded.expires_at
		WHERE l.node = excluded.node OR l.expires_at <= $4
		RETURNING epoch`, table, node, ms(l.Expires), now.UnixMilli()).Scan(&l.Epoch)
	if err == nil {
		return l, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return store.Lease{}, fmt.Errorf("store: lease: %w", err)
	}
	var holder string
	var expires int64
	if err := p.pool.QueryRow(ctx, `SELECT node, expires_at FROM leases WHERE table_id = $1`, table).
		Scan(&holder, &expires); err != nil {
		return store.Lease{}, fmt.Errorf("%w: %s (holder unknown: %v)", store.ErrLeased, table, err)
	}
	return store.Lease{}, fmt.Errorf("%w: %s holds %s until %s", store.ErrLeased, holder, table, fromMS(expires).Format(time.RFC3339))
}

// RenewLease implements store.Store. A renewal never shortens the lease: the
// heartbeat's and a table's own may be under way at once and land in either
// order, and the holder counts on the later of the two.
func (p *Postgres) RenewLease(ctx context.Context, l store.Lease, ttl time.Duration) (store.Lease, error) {
	l.Expires = time.Now().Add(ttl)
	tag, err := p.pool.Exec(ctx, `UPDATE leases SET expires_at = GREATEST(expires_at, $1)
		WHERE table_id = $2 AND node = $3 AND epoch = $4`,
		ms(l.Expires), l.Table, l.Node, l.Epoch)
	if err != nil {
		return store.Lease{}, fmt.Errorf("store: renew lease: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return store.Lease{}, fmt.Errorf("%w: %s epoch %d", store.ErrLeaseLost, l.Table, l.Epoch)
	}
	return l, nil
}

// RenewLeases implements store.Store; like RenewLease, it never shortens a lease.
func (p *Postgres) RenewLeases(ctx context.Context, node string, ttl time.Duration) ([]string, error) {
	return p.tableIDs(ctx, "renew leases", `UPDATE leases SET expires_at = GREATEST(expires_at, $1) WHERE node = $2
		RETURNING table_id`,
		ms(time.Now().Add(ttl)), node)
}

// ReleaseLease implements store.Store.
func (p *Postgres) ReleaseLease(ctx context.Context, l store.Lease) error {
	_, err := p.pool.Exec(ctx, `DELETE FROM leases WHERE table_id = $1 AND node = $2 AND epoch = $3`,
		l.Table, l.Node, l.Epoch)
	if err != nil {
		return fmt.Errorf("store: release lease: %w", err)
	}
	return nil
}

// PutRecord implements store.Store.
func (p *Postgres) PutRecord(ctx context.Context, table string, record []byte) error {
	// The table's review, computed from the record this replaces, goes in
	// the same transaction.
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("store: put record: %w", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO records (table_id, created_at, record) VALUES ($1, $2, $3)
		ON CONFLICT (table_id) DO UPDATE SET record = excluded.record`, table, ms(time.Now()), record); err != nil {
		return fmt.Errorf("store: put record: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM reviews WHERE table_id = $1`, table); err != nil {
		return fmt.Errorf("store: put record: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("store: put record: %w", err)
	}
	return nil
}

// PutReview implements store.Store.
func (p *Postgres) PutReview(ctx context.Context, table string, review []byte) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO reviews (table_id, created_at, review) VALUES ($1, $2, $3)
		ON CONFLICT (table_id) DO UPDATE SET review = excluded.review, created_at = excluded.created_at`,
		table, ms(time.Now()), review)
	if err != nil {
		return fmt.Errorf("store: put review: %w", err)
	}
	return nil
}

// Review implements store.Store.
func (p *Postgres) Review(ctx context.Context, table string) ([]byte, error) {
	return p.document(ctx, "review", `SELECT review FROM reviews WHERE table_id = $1`, table)
}

// Record implements store.Store.
func (p *Postgres) Record(ctx context.Context, table string) ([]byte, error) {
	return p.document(ctx, "record", `SELECT record FROM records WHERE table_id = $1`, table)
}

// document reads the one stored document (a record, a review) query finds
// for table; what names it in errors.
func (p *Postgres) document(ctx context.Context, what, query, table string) ([]byte, error) {
	var b []byte
	err := p.pool.QueryRow(ctx, query, table).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s of %s", store.ErrNotFound, what, table)
	}
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	return b, nil
}

// Ping implements store.Store.
func (p *Postgres) Ping(ctx context.Context) error { return p.pool.Ping(ctx) }

// Close implements Store: PostgreSQL has committed everything already, so
// closing only ends the connections.
func (p *Postgres) Close() error {
	p.pool.Close()
	return nil
}
