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

	"modernc.org/sqlite" // the pure-Go SQLite driver keeps the binary static
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/skullking-go/skullking/internal/migrate"
	"github.com/skullking-go/skullking/internal/sqlitedb"
)

//go:embed migrations/*.sql
var migrations embed.FS

// SQLite is the embedded Store: one file, no server to run. Writes go
// through a single connection because SQLite has a single writer anyway;
// WAL mode lets the process be killed at any instant without losing a
// committed action.
type SQLite struct {
	tables
	db     *sql.DB
	insert *sql.Stmt

	appends *groupCommit
	close1  sync.Once
}

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
	s := &SQLite{tables: tables{c: sqlConnOf(db), greatest: "MAX"}, db: db}
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
	s.appends = newGroupCommit(s.commit)
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
		s.appends.close()
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
