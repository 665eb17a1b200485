package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/skullking-go/skullking/internal/store"
)

// tables is the store.Store code both engines share: every method but
// Append, whose way to commit is each engine's own (a group commit on
// SQLite's one writer, a batch on PostgreSQL), and Ping and Close. Queries
// are written once, with $N parameters; greatest is the one word the two
// dialects spell differently.
type tables struct {
	c conn
	// greatest is the larger of two values: MAX in SQLite, GREATEST in
	// PostgreSQL.
	greatest string
}

// CreateTable implements store.Store.
func (s tables) CreateTable(ctx context.Context, t *store.Table) error {
	_, err := s.c.exec(ctx, `INSERT INTO tables
		(id, status, public, seed, settings, seats, rematch, created_at, updated_at, started_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		t.ID, string(t.Status), t.Public, int64(t.Seed), string(t.Settings), string(t.Seats), t.Rematch,
		ms(t.CreatedAt), ms(t.UpdatedAt), ms(t.StartedAt))
	if err != nil {
		if unique(err) {
			return fmt.Errorf("%w: table %s exists", store.ErrConflict, t.ID)
		}
		return fmt.Errorf("store: create table: %w", err)
	}
	return nil
}

// SaveTable implements store.Store.
func (s tables) SaveTable(ctx context.Context, t *store.Table, l store.Lease) error {
	n, err := s.c.exec(ctx, `UPDATE tables SET status = $1, public = $2, seed = $3, settings = $4, seats = $5,
		rematch = $6, updated_at = $7, started_at = $8 WHERE id = $9
		AND EXISTS (SELECT 1 FROM leases WHERE table_id = $9 AND node = $10 AND epoch = $11)`,
		string(t.Status), t.Public, int64(t.Seed), string(t.Settings), string(t.Seats), t.Rematch,
		ms(t.UpdatedAt), ms(t.StartedAt), t.ID, l.Node, l.Epoch)
	if err != nil {
		return fmt.Errorf("store: save table: %w", err)
	}
	if n == 0 {
		var one int
		switch err := s.c.queryRow(ctx, `SELECT 1 FROM tables WHERE id = $1`, t.ID).Scan(&one); {
		case noRows(err):
			return fmt.Errorf("%w: table %s", store.ErrNotFound, t.ID)
		case err != nil:
			return fmt.Errorf("store: save table: %w", err)
		}
		return fmt.Errorf("%w: table %s is no longer %s's (epoch %d)", store.ErrLeaseLost, t.ID, l.Node, l.Epoch)
	}
	return nil
}

// LoadTable implements store.Store. The row and the log are read as of
// one moment (conn.snapshot).
func (s tables) LoadTable(ctx context.Context, id string) (*store.Table, []store.Action, error) {
	var t *store.Table
	var log []store.Action
	var loadErr error
	err := s.c.snapshot(ctx, func(c conn) error {
		t, log, loadErr = loadTable(ctx, c, id)
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

func loadTable(ctx context.Context, c conn, id string) (*store.Table, []store.Action, error) {
	t := &store.Table{ID: id}
	var status, settings, seats string
	var seed, created, updated, started int64
	err := c.queryRow(ctx, `SELECT status, public, seed, settings, seats, rematch, created_at, updated_at,
		started_at FROM tables WHERE id = $1`, id).
		Scan(&status, &t.Public, &seed, &settings, &seats, &t.Rematch, &created, &updated, &started)
	if noRows(err) {
		return nil, nil, fmt.Errorf("%w: table %s", store.ErrNotFound, id)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: load table: %w", err)
	}
	t.Status, t.Seed = store.Status(status), uint64(seed)
	t.Settings, t.Seats = []byte(settings), []byte(seats)
	t.CreatedAt, t.UpdatedAt, t.StartedAt = fromMS(created), fromMS(updated), fromMS(started)
	rs, err := c.query(ctx, `SELECT `+actionColumns+` FROM actions WHERE table_id = $1 ORDER BY seq`, id)
	if err != nil {
		return nil, nil, fmt.Errorf("store: load actions: %w", err)
	}
	defer rs.Close()
	log, err := readLog(id, rs)
	if err != nil {
		return nil, nil, err
	}
	return t, log, nil
}

// OpenTables implements store.Store.
func (s tables) OpenTables(ctx context.Context) ([]string, error) {
	return s.tableIDs(ctx, "open tables", `SELECT id FROM tables WHERE status IN ($1, $2) ORDER BY created_at, id`,
		string(store.StatusLobby), string(store.StatusPlaying))
}

// Unowned implements store.Store.
func (s tables) Unowned(ctx context.Context, node string) ([]string, error) {
	return s.tableIDs(ctx, "unowned tables", `SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id
		WHERE t.status IN ($1, $2) AND (l.table_id IS NULL OR l.node = $3 OR l.expires_at <= $4) ORDER BY t.created_at, t.id`,
		string(store.StatusLobby), string(store.StatusPlaying), node, time.Now().UnixMilli())
}

// tableIDs runs a query whose rows are table ids; what names it in errors.
func (s tables) tableIDs(ctx context.Context, what, query string, args ...any) ([]string, error) {
	rs, err := s.c.query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	defer rs.Close()
	var ids []string
	for rs.Next() {
		var id string
		if err := rs.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: %s: %w", what, err)
		}
		ids = append(ids, id)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	return ids, nil
}

// insertAction is one action of a log; Append's of each engine run it.
const insertAction = `INSERT INTO actions (table_id, seq, at, seat, kind, card, card2, tas, value, by)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`

// actionArgs are insertAction's arguments for action a of table.
func actionArgs(table string, a store.Action) []any {
	x := a.Action
	return []any{table, a.Seq, ms(a.At), int(x.Seat), int(x.Kind), int(x.Card), int(x.Card2), int(x.As), int(x.Value), a.By}
}

// appendConflict is the error of an append whose seq was taken.
func appendConflict(table string, actions []store.Action) error {
	return fmt.Errorf("%w: table %s, one of seq %d to %d", store.ErrConflict, table, actions[0].Seq, actions[len(actions)-1].Seq)
}

// AcquireLease implements store.Store. It is one statement, so that two
// nodes taking a free table at once cannot both get it: the insert of the
// second meets the first's row and updates it only if that lease is this
// node's own or has expired.
func (s tables) AcquireLease(ctx context.Context, table, node string, ttl time.Duration) (store.Lease, error) {
	now := time.Now()
	l := store.Lease{Table: table, Node: node, Expires: now.Add(ttl)}
	err := s.c.queryRow(ctx, `INSERT INTO leases AS l (table_id, node, epoch, expires_at) VALUES ($1, $2, 1, $3)
		ON CONFLICT (table_id) DO UPDATE SET node = excluded.node, epoch = l.epoch + 1, expires_at = excluded.expires_at
		WHERE l.node = excluded.node OR l.expires_at <= $4
		RETURNING epoch`, table, node, ms(l.Expires), now.UnixMilli()).Scan(&l.Epoch)
	if err == nil {
		return l, nil
	}
	if !noRows(err) {
		return store.Lease{}, fmt.Errorf("store: lease: %w", err)
	}
	var holder string
	var expires int64
	if err := s.c.queryRow(ctx, `SELECT node, expires_at FROM leases WHERE table_id = $1`, table).
		Scan(&holder, &expires); err != nil {
		return store.Lease{}, fmt.Errorf("%w: %s (holder unknown: %v)", store.ErrLeased, table, err)
	}
	return store.Lease{}, fmt.Errorf("%w: %s holds %s until %s", store.ErrLeased, holder, table, fromMS(expires).Format(time.RFC3339))
}

// RenewLease implements store.Store. A renewal never shortens the lease:
// the heartbeat's and a table's own may be under way at once and land in
// either order, and the holder counts on the later of the two.
func (s tables) RenewLease(ctx context.Context, l store.Lease, ttl time.Duration) (store.Lease, error) {
	l.Expires = time.Now().Add(ttl)
	n, err := s.c.exec(ctx, `UPDATE leases SET expires_at = `+s.greatest+`(expires_at, $1)
		WHERE table_id = $2 AND node = $3 AND epoch = $4`,
		ms(l.Expires), l.Table, l.Node, l.Epoch)
	if err != nil {
		return store.Lease{}, fmt.Errorf("store: renew lease: %w", err)
	}
	if n == 0 {
		return store.Lease{}, fmt.Errorf("%w: %s epoch %d", store.ErrLeaseLost, l.Table, l.Epoch)
	}
	return l, nil
}

// RenewLeases implements store.Store; like RenewLease, it never shortens a
// lease.
func (s tables) RenewLeases(ctx context.Context, node string, ttl time.Duration) ([]string, error) {
	return s.tableIDs(ctx, "renew leases", `UPDATE leases SET expires_at = `+s.greatest+`(expires_at, $1) WHERE node = $2
		RETURNING table_id`, ms(time.Now().Add(ttl)), node)
}

// ReleaseLease implements store.Store.
func (s tables) ReleaseLease(ctx context.Context, l store.Lease) error {
	if _, err := s.c.exec(ctx, `DELETE FROM leases WHERE table_id = $1 AND node = $2 AND epoch = $3`,
		l.Table, l.Node, l.Epoch); err != nil {
		return fmt.Errorf("store: release lease: %w", err)
	}
	return nil
}

// PutRecord implements store.Store. The table's review, computed from the
// record this replaces, goes in the same transaction.
func (s tables) PutRecord(ctx context.Context, table string, record []byte) error {
	err := s.c.tx(ctx, func(c conn) error {
		if _, err := c.exec(ctx, `INSERT INTO records (table_id, created_at, record) VALUES ($1, $2, $3)
			ON CONFLICT (table_id) DO UPDATE SET record = excluded.record`, table, ms(time.Now()), record); err != nil {
			return err
		}
		_, err := c.exec(ctx, `DELETE FROM reviews WHERE table_id = $1`, table)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: put record: %w", err)
	}
	return nil
}

// PutReview implements store.Store.
func (s tables) PutReview(ctx context.Context, table string, review []byte) error {
	if _, err := s.c.exec(ctx, `INSERT INTO reviews (table_id, created_at, review) VALUES ($1, $2, $3)
		ON CONFLICT (table_id) DO UPDATE SET review = excluded.review, created_at = excluded.created_at`,
		table, ms(time.Now()), review); err != nil {
		return fmt.Errorf("store: put review: %w", err)
	}
	return nil
}

// Review implements store.Store.
func (s tables) Review(ctx context.Context, table string) ([]byte, error) {
	return s.document(ctx, "review", `SELECT review FROM reviews WHERE table_id = $1`, table)
}

// Record implements store.Store.
func (s tables) Record(ctx context.Context, table string) ([]byte, error) {
	return s.document(ctx, "record", `SELECT record FROM records WHERE table_id = $1`, table)
}

// document reads the one stored document (a record, a review) query finds
// for table; what names it in errors.
func (s tables) document(ctx context.Context, what, query, table string) ([]byte, error) {
	var b []byte
	err := s.c.queryRow(ctx, query, table).Scan(&b)
	if noRows(err) {
		return nil, fmt.Errorf("%w: %s of %s", store.ErrNotFound, what, table)
	}
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	return b, nil
}

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v)
}
