package sqlstore

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sync"
	"time"

	"modernc.org/sqlite" // the pure-Go SQLite driver keeps the binary static
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/skullking-go/skullking/internal/migrate"
	"github.com/skullking-go/skullking/internal/sqlitedb"
	"github.com/skullking-go/skullking/internal/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// SQLite is the embedded Store: one file, no server to run. Writes go
// through a single connection because SQLite has a single writer anyway;
// WAL mode lets the process be killed at any instant without losing a
// committed action.
type SQLite struct {
	db     *sql.DB
	insert *sql.Stmt

	// Appends go through one writer goroutine that commits whatever has
	// queued up in one transaction (group commit): under load a thousand
	// tables share a few commits instead of queueing for one each.
	appends chan *appendReq
	stop    chan struct{}
	stopped chan struct{}
	close1  sync.Once
}

// appendReq is one Append waiting for the writer.
type appendReq struct {
	table   string
	actions []store.Action
	done    chan error // buffered: the writer never waits for the caller
}

// maxBatch bounds one group commit.
const maxBatch = 256

// ErrClosed: the store is closed.
var ErrClosed = errors.New("store: closed")

// SQLiteOptions tune OpenSQLite.
type SQLiteOptions struct {
	// Durable makes every commit wait for the disk (synchronous=FULL). The
	// default (NORMAL) survives a killed process, which is what restarts
	// need; FULL also survives a power cut, at a cost per action. It means
	// what sqlitedb.Options.Durable says, for this database as for the
	// score keeper's.
	Durable bool
}

// OpenSQLite opens (creating if needed) the database in dir and brings its
// schema up to date.
func OpenSQLite(dir string, o SQLiteOptions) (*SQLite, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	// One process owns the database: exclusive locking keeps the
	// write-ahead log's index in memory instead of a shared file and saves
	// two file-lock system calls per transaction. (Other tools can read the
	// file once the server has stopped.)
	db, err := sqlitedb.Open(filepath.Join(dir, "skullking.db"), sqlitedb.Options{Durable: o.Durable},
		"foreign_keys(ON)", "locking_mode(EXCLUSIVE)")
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	s := &SQLite{db: db, appends: make(chan *appendReq, 4*maxBatch), stop: make(chan struct{}),
		stopped: make(chan struct{})}
	if err := s.migrate(context.Background()); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.adoptSheets(context.Background(), dir); err != nil {
		db.Close()
		return nil, err
	}
	s.insert, err = db.Prepare(insertAction)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: prepare: %w", err)
	}
	go s.writer()
	return s, nil
}

// oldSheetsFile is the score keeper's own database of releases before
// its sheets joined this one.
const oldSheetsFile = "scorekeeper.db"

// adoptSheets merges the score keeper's database of an older release,
// scorekeeper.db in dir, into this one: its sheets are copied over (one
// already here is left as it is, so that a merge cut short is simply done
// again), and the file is renamed scorekeeper.db.merged, kept for its owner
// to delete. A data directory then holds one database.
func (s *SQLite) adoptSheets(ctx context.Context, dir string) error {
	old := filepath.Join(dir, oldSheetsFile)
	if _, err := os.Stat(old); errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return fmt.Errorf("store: the score keeper's old database: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, `ATTACH DATABASE $1 AS old`, old); err != nil {
		return fmt.Errorf("store: opening the score keeper's old database: %w", err)
	}
	err := func() error {
		var has int
		err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM old.sqlite_master WHERE type = 'table' AND name = 'scorekeeper_sheets'`).Scan(&has)
		if err != nil {
			return err
		}
		if has > 0 {
			if _, err := s.db.ExecContext(ctx, `INSERT OR IGNORE INTO main.scorekeeper_sheets (`+sheetColumns+`)
				SELECT `+sheetColumns+` FROM old.scorekeeper_sheets`); err != nil {
				return err
			}
		}
		// Its log goes into the file before the file is put aside.
		_, err = s.db.ExecContext(ctx, `PRAGMA old.wal_checkpoint(TRUNCATE)`)
		return err
	}()
	if _, derr := s.db.ExecContext(ctx, `DETACH DATABASE old`); err == nil && derr != nil {
		err = derr
	}
	if err != nil {
		return fmt.Errorf("store: merging the score keeper's old database: %w", err)
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(old + suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("store: %w", err)
		}
	}
	if err := os.Rename(old, old+".merged"); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

const insertAction = `INSERT INTO actions (table_id, seq, at, seat, kind, card, card2, tas, value, by)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

// schema is the tables and the action log, kept by package migrate.
var schema = migrate.Schema{Name: "store", FS: migrations, Dir: "migrations", Adopt: adoptSchemaMigrations}

// migrate brings the database's tables up to date.
func (s *SQLite) migrate(ctx context.Context) error {
	if _, err := schema.Apply(ctx, s.db); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// adoptSchemaMigrations takes over a database from the scheme before
// package migrate, which recorded each file applied by its path in the
// embedded tree ("migrations/001_init.sql") in schema_migrations. Its
// table is dropped once its versions are recorded the new way, in the same
// transaction, so that one scheme is left.
func adoptSchemaMigrations(ctx context.Context, tx *sql.Tx) (int, error) {
	if old, err := sqlitedb.HasTable(ctx, tx, "schema_migrations"); err != nil || !old {
		return 0, err
	}
	known, err := migrate.Load(migrations, "migrations")
	if err != nil {
		return 0, err
	}
	version := map[string]int{}
	for _, m := range known {
		version[path.Join("migrations", m.Name)] = m.Version
	}
	rows, err := tx.QueryContext(ctx, `SELECT name FROM schema_migrations`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	applied := map[int]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return 0, err
		}
		v, ok := version[name]
		if !ok {
			return 0, fmt.Errorf("schema_migrations records %s, which this program does not have: the database is newer than the program", name)
		}
		applied[v] = true
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	for v := 1; v <= len(applied); v++ {
		if !applied[v] {
			return 0, fmt.Errorf("schema_migrations records %d migrations but not version %d", len(applied), v)
		}
	}
	if _, err := tx.ExecContext(ctx, `DROP TABLE schema_migrations`); err != nil {
		return 0, err
	}
	return len(applied), nil
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

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// CreateTable implements store.Store.
func (s *SQLite) CreateTable(ctx context.Context, t *store.Table) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO tables
		(id, status, public, seed, settings, seats, rematch, created_at, updated_at, started_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.ID, string(t.Status), boolInt(t.Public), int64(t.Seed), string(t.Settings), string(t.Seats), t.Rematch,
		ms(t.CreatedAt), ms(t.UpdatedAt), ms(t.StartedAt))
	if err != nil {
		if isConstraint(err) {
			return fmt.Errorf("%w: table %s exists", store.ErrConflict, t.ID)
		}
		return fmt.Errorf("store: create table: %w", err)
	}
	return nil
}

// SaveTable implements store.Store.
func (s *SQLite) SaveTable(ctx context.Context, t *store.Table, l store.Lease) error {
	res, err := s.db.ExecContext(ctx, `UPDATE tables SET status = ?, public = ?, seed = ?, settings = ?, seats = ?,
		rematch = ?, updated_at = ?, started_at = ? WHERE id = ?
		AND EXISTS (SELECT 1 FROM leases WHERE table_id = ? AND node = ? AND epoch = ?)`,
		string(t.Status), boolInt(t.Public), int64(t.Seed), string(t.Settings), string(t.Seats), t.Rematch,
		ms(t.UpdatedAt), ms(t.StartedAt), t.ID, t.ID, l.Node, l.Epoch)
	if err != nil {
		return fmt.Errorf("store: save table: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		var one int
		switch err := s.db.QueryRowContext(ctx, `SELECT 1 FROM tables WHERE id = ?`, t.ID).Scan(&one); {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("%w: table %s", store.ErrNotFound, t.ID)
		case err != nil:
			return fmt.Errorf("store: save table: %w", err)
		}
		return fmt.Errorf("%w: table %s is no longer %s's (epoch %d)", store.ErrLeaseLost, t.ID, l.Node, l.Epoch)
	}
	return nil
}

// LoadTable implements store.Store.
func (s *SQLite) LoadTable(ctx context.Context, id string) (*store.Table, []store.Action, error) {
	t := &store.Table{ID: id}
	var status, settings, seats string
	var public int
	var seed, created, updated, started int64
	err := s.db.QueryRowContext(ctx, `SELECT status, public, seed, settings, seats, rematch, created_at, updated_at,
		started_at FROM tables WHERE id = ?`, id).
		Scan(&status, &public, &seed, &settings, &seats, &t.Rematch, &created, &updated, &started)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("%w: table %s", store.ErrNotFound, id)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: load table: %w", err)
	}
	t.Status, t.Public, t.Seed = store.Status(status), public != 0, uint64(seed)
	t.Settings, t.Seats = []byte(settings), []byte(seats)
	t.CreatedAt, t.UpdatedAt, t.StartedAt = fromMS(created), fromMS(updated), fromMS(started)
	rows, err := s.db.QueryContext(ctx, `SELECT `+actionColumns+` FROM actions WHERE table_id = ? ORDER BY seq`, id)
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
func (s *SQLite) OpenTables(ctx context.Context) ([]string, error) {
	return s.tableIDs(ctx, "open tables", `SELECT id FROM tables WHERE status IN (?, ?) ORDER BY created_at`,
		string(store.StatusLobby), string(store.StatusPlaying))
}

// Unowned implements store.Store.
func (s *SQLite) Unowned(ctx context.Context, node string) ([]string, error) {
	return s.tableIDs(ctx, "unowned tables", `SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id
		WHERE t.status IN (?, ?) AND (l.table_id IS NULL OR l.node = ? OR l.expires_at <= ?) ORDER BY t.created_at`,
		string(store.StatusLobby), string(store.StatusPlaying), node, time.Now().UnixMilli())
}

// tableIDs runs a query whose rows are table ids; what names it in errors.
func (s *SQLite) tableIDs(ctx context.Context, what, query string, args ...any) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: %s: %w", what, err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	return ids, nil
}

// Append implements store.Store. It returns once the actions are committed; a
// batch is all or nothing.
func (s *SQLite) Append(ctx context.Context, table string, actions ...store.Action) error {
	if len(actions) == 0 {
		return nil
	}
	req := &appendReq{table: table, actions: actions, done: make(chan error, 1)}
	select {
	case s.appends <- req:
	case <-s.stop:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-req.done:
		return err
	case <-ctx.Done():
		// The write may still land; the caller treats it as failed and a
		// retry of the same seq then fails on the unique key, never twice.
		return ctx.Err()
	}
}

// writer commits queued appends in groups until the store closes.
func (s *SQLite) writer() {
	defer close(s.stopped)
	for {
		var first *appendReq
		select {
		case first = <-s.appends:
		case <-s.stop:
			// Write what was queued before the close, then stop.
			for {
				select {
				case r := <-s.appends:
					s.commit([]*appendReq{r})
				default:
					return
				}
			}
		}
		batch := []*appendReq{first}
	collect:
		for len(batch) < maxBatch {
			select {
			case r := <-s.appends:
				batch = append(batch, r)
			default:
				break collect
			}
		}
		s.commit(batch)
	}
}

// commit writes a group of appends in one transaction. If the group fails
// (one request's seq is taken, say), each request is retried alone so that
// one table's conflict never fails another table's append.
func (s *SQLite) commit(batch []*appendReq) {
	err := s.writeTx(batch)
	if err == nil || len(batch) == 1 {
		for _, r := range batch {
			r.done <- err
		}
		return
	}
	for _, r := range batch {
		r.done <- s.writeTx([]*appendReq{r})
	}
}

func (s *SQLite) writeTx(batch []*appendReq) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if len(batch) == 1 && len(batch[0].actions) == 1 {
		// Alone, one autocommit statement costs a third of a transaction.
		r, a := batch[0], batch[0].actions[0]
		x := a.Action
		_, err := s.insert.ExecContext(ctx, r.table, a.Seq, ms(a.At), int(x.Seat), int(x.Kind), int(x.Card),
			int(x.Card2), int(x.As), int(x.Value), a.By)
		if err != nil {
			if isConstraint(err) {
				return fmt.Errorf("%w: table %s seq %d", store.ErrConflict, r.table, a.Seq)
			}
			return fmt.Errorf("store: append: %w", err)
		}
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: append: %w", err)
	}
	defer tx.Rollback()
	stmt := tx.StmtContext(ctx, s.insert)
	for _, r := range batch {
		for _, a := range r.actions {
			x := a.Action
			_, err := stmt.ExecContext(ctx, r.table, a.Seq, ms(a.At), int(x.Seat), int(x.Kind), int(x.Card), int(x.Card2),
				int(x.As), int(x.Value), a.By)
			if err != nil {
				if isConstraint(err) {
					return fmt.Errorf("%w: table %s seq %d", store.ErrConflict, r.table, a.Seq)
				}
				return fmt.Errorf("store: append: %w", err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: append: %w", err)
	}
	return nil
}

// AcquireLease implements store.Store.
func (s *SQLite) AcquireLease(ctx context.Context, table, node string, ttl time.Duration) (store.Lease, error) {
	now := time.Now()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return store.Lease{}, fmt.Errorf("store: lease: %w", err)
	}
	defer tx.Rollback()
	var holder string
	var epoch, expires int64
	err = tx.QueryRowContext(ctx, `SELECT node, epoch, expires_at FROM leases WHERE table_id = ?`, table).
		Scan(&holder, &epoch, &expires)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		epoch = 0
	case err != nil:
		return store.Lease{}, fmt.Errorf("store: lease: %w", err)
	case holder != node && expires > now.UnixMilli():
		return store.Lease{}, fmt.Errorf("%w: %s holds %s until %s", store.ErrLeased, holder, table, fromMS(expires).Format(time.RFC3339))
	}
	l := store.Lease{Table: table, Node: node, Epoch: epoch + 1, Expires: now.Add(ttl)}
	if _, err := tx.ExecContext(ctx, `INSERT INTO leases (table_id, node, epoch, expires_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (table_id) DO UPDATE SET node = excluded.node, epoch = excluded.epoch, expires_at = excluded.expires_at`,
		table, node, l.Epoch, ms(l.Expires)); err != nil {
		return store.Lease{}, fmt.Errorf("store: lease: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return store.Lease{}, fmt.Errorf("store: lease: %w", err)
	}
	return l, nil
}

// RenewLease implements store.Store. A renewal never shortens the lease: the
// heartbeat's and a table's own may be under way at once and land in either
// order, and the holder counts on the later of the two.
func (s *SQLite) RenewLease(ctx context.Context, l store.Lease, ttl time.Duration) (store.Lease, error) {
	l.Expires = time.Now().Add(ttl)
	res, err := s.db.ExecContext(ctx, `UPDATE leases SET expires_at = MAX(expires_at, ?) WHERE table_id = ? AND node = ? AND epoch = ?`,
		ms(l.Expires), l.Table, l.Node, l.Epoch)
	if err != nil {
		return store.Lease{}, fmt.Errorf("store: renew lease: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.Lease{}, fmt.Errorf("%w: %s epoch %d", store.ErrLeaseLost, l.Table, l.Epoch)
	}
	return l, nil
}

// RenewLeases implements store.Store; like RenewLease, it never shortens a lease.
func (s *SQLite) RenewLeases(ctx context.Context, node string, ttl time.Duration) ([]string, error) {
	return s.tableIDs(ctx, "renew leases", `UPDATE leases SET expires_at = MAX(expires_at, ?) WHERE node = ? RETURNING table_id`,
		ms(time.Now().Add(ttl)), node)
}

// ReleaseLease implements store.Store.
func (s *SQLite) ReleaseLease(ctx context.Context, l store.Lease) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM leases WHERE table_id = ? AND node = ? AND epoch = ?`,
		l.Table, l.Node, l.Epoch)
	if err != nil {
		return fmt.Errorf("store: release lease: %w", err)
	}
	return nil
}

// PutRecord implements store.Store. The table's review, computed from the
// record it replaces, goes in the same transaction.
func (s *SQLite) PutRecord(ctx context.Context, table string, record []byte) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: put record: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO records (table_id, created_at, record) VALUES (?, ?, ?)
		ON CONFLICT (table_id) DO UPDATE SET record = excluded.record`, table, ms(time.Now()), record); err != nil {
		return fmt.Errorf("store: put record: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM reviews WHERE table_id = ?`, table); err != nil {
		return fmt.Errorf("store: put record: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: put record: %w", err)
	}
	return nil
}

// PutReview implements store.Store.
func (s *SQLite) PutReview(ctx context.Context, table string, review []byte) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO reviews (table_id, created_at, review) VALUES (?, ?, ?)
		ON CONFLICT (table_id) DO UPDATE SET review = excluded.review, created_at = excluded.created_at`,
		table, ms(time.Now()), review)
	if err != nil {
		return fmt.Errorf("store: put review: %w", err)
	}
	return nil
}

// Review implements store.Store.
func (s *SQLite) Review(ctx context.Context, table string) ([]byte, error) {
	return s.document(ctx, "review", `SELECT review FROM reviews WHERE table_id = ?`, table)
}

// Record implements store.Store.
func (s *SQLite) Record(ctx context.Context, table string) ([]byte, error) {
	return s.document(ctx, "record", `SELECT record FROM records WHERE table_id = ?`, table)
}

// document reads the one stored document (a record, a review) query finds
// for table; what names it in errors.
func (s *SQLite) document(ctx context.Context, what, query, table string) ([]byte, error) {
	var b []byte
	err := s.db.QueryRowContext(ctx, query, table).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s of %s", store.ErrNotFound, what, table)
	}
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	return b, nil
}

// Settings reports how the database's connection commits (its journal
// mode and synchronous level), as SQLite itself says.
func (s *SQLite) Settings(ctx context.Context) (sqlitedb.Settings, error) {
	st, err := sqlitedb.ReadSettings(ctx, s.db)
	if err != nil {
		return sqlitedb.Settings{}, fmt.Errorf("store: %w", err)
	}
	return st, nil
}

// Ping implements store.Store.
func (s *SQLite) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// Close implements Store: it checkpoints the write-ahead log into the main
// file so a stopped server leaves one tidy database behind.
func (s *SQLite) Close() error {
	var err error
	s.close1.Do(func() {
		close(s.stop)
		<-s.stopped
		_, _ = s.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
		s.insert.Close()
		err = s.db.Close()
	})
	return err
}

// isConstraint reports a uniqueness or primary-key violation.
func isConstraint(err error) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	return e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY || e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE
}
