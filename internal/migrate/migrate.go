// Package migrate brings a database's schema up to date from numbered SQL
// files, the one scheme for every database the server keeps.
//
// A Schema is a named set of migrations: files NNN_description.sql in one
// directory of an fs.FS (embedded with the package that owns the tables),
// where NNN is the version, 1, 2, 3… with no gaps and no duplicates. A file
// that has shipped is never edited: a change is a new file. Each file runs
// as one Exec, which SQLite and PostgreSQL drivers run statement by
// statement.
//
// Each database keeps one table, schema_version, with a row (schema_name,
// version) per migration applied; a schema's version is the highest of its
// rows. Several schemas can therefore share a database, each counting its
// own versions. A migration runs in its own transaction together with the
// insertion of its row, so a crash leaves it either applied and recorded or
// neither, and two processes migrating at once cannot both apply it: the
// second insertion of a row violates the primary key and rolls its
// transaction back. A database whose schema is newer than the program knows
// is refused, since the program could misread tables it does not know.
// Schema.Adopt lets a database kept by an older bookkeeping scheme join
// this one at the version it had reached, without running again what that
// scheme applied.
//
// The package uses database/sql alone and its own statements are plain
// CREATE TABLE, INSERT and SELECT with $N parameters, so that the same code
// can drive PostgreSQL; the caller opens the database and owns it.
package migrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// Migration is one embedded file.
type Migration struct {
	Version int
	Name    string // the file name, for messages
	SQL     string
}

// Schema is one set of migrations and where its files are.
type Schema struct {
	// Name identifies the schema in schema_version, e.g. "store".
	Name string
	// FS and Dir hold the NNN_description.sql files; other files in Dir
	// are ignored.
	FS  fs.FS
	Dir string
	// Adopt, when set, is how a database kept by an older scheme joins
	// this one. It runs in a transaction on a database with no row for
	// the schema yet, returns the version that scheme had reached (0: none
	// or nothing applied) and may remove that scheme's tables; the versions
	// up to it are then recorded as applied, in the same transaction, and
	// not run.
	Adopt func(ctx context.Context, tx *sql.Tx) (int, error)
	// Lock, when set, runs first in every transaction Apply opens, to
	// serialize processes migrating one database at once where the
	// database's transactions do not (a PostgreSQL advisory lock; SQLite's
	// immediate transactions already do).
	Lock func(ctx context.Context, tx *sql.Tx) error
}

// Load reads the migrations in dir, in version order, and refuses a
// set whose versions are not exactly 1..n.
func Load(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	byVersion := map[int]Migration{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".sql") {
			continue
		}
		v, err := parseName(name)
		if err != nil {
			return nil, err
		}
		if prev, ok := byVersion[v]; ok {
			return nil, fmt.Errorf("migrate: %s and %s both have version %d", prev.Name, name, v)
		}
		body, err := fs.ReadFile(fsys, path.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("migrate: %w", err)
		}
		if strings.TrimSpace(string(body)) == "" {
			return nil, fmt.Errorf("migrate: %s is empty", name)
		}
		byVersion[v] = Migration{Version: v, Name: name, SQL: string(body)}
	}
	if len(byVersion) == 0 {
		return nil, fmt.Errorf("migrate: no migrations in %s", dir)
	}
	ms := make([]Migration, 0, len(byVersion))
	for v := 1; v <= len(byVersion); v++ {
		m, ok := byVersion[v]
		if !ok {
			return nil, fmt.Errorf("migrate: %s: %d migrations but none has version %d: versions run 1, 2, 3… without gaps", dir, len(byVersion), v)
		}
		ms = append(ms, m)
	}
	return ms, nil
}

// parseName is the version of a migration file named NNN_description.sql.
func parseName(name string) (int, error) {
	digits, desc, ok := strings.Cut(strings.TrimSuffix(name, ".sql"), "_")
	if !ok || desc == "" || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, fmt.Errorf("migrate: %s: a migration is named NNN_description.sql", name)
	}
	v, err := strconv.Atoi(digits)
	if err != nil || v < 1 {
		return 0, fmt.Errorf("migrate: %s: the version must be a number from 1 up", name)
	}
	return v, nil
}

// NewerError is the refusal of a database whose schema is newer than the
// program's migrations.
type NewerError struct {
	Schema   string
	Database int // the version the database is at
	Program  int // the newest version the program knows
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("migrate: the database's %s schema is at version %d, newer than this program knows (%d): run a newer program",
		e.Schema, e.Database, e.Program)
}

// Apply brings db's schema s up to date and returns its version.
func (s Schema) Apply(ctx context.Context, db *sql.DB) (int, error) {
	if s.Name == "" {
		return 0, errors.New("migrate: a schema needs a name")
	}
	ms, err := Load(s.FS, s.Dir)
	if err != nil {
		return 0, err
	}
	if err := s.createVersionTable(ctx, db); err != nil {
		return 0, fmt.Errorf("migrate: create schema_version: %w", err)
	}
	for {
		v, done, err := s.step(ctx, db, ms)
		if err != nil || done {
			return v, err
		}
	}
}

// createVersionTable makes schema_version if the database has none yet.
func (s Schema) createVersionTable(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() // after a commit, a no-op
	if s.Lock != nil {
		if err := s.Lock(ctx, tx); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		schema_name TEXT NOT NULL,
		version     INTEGER NOT NULL,
		PRIMARY KEY (schema_name, version)
	)`); err != nil {
		return err
	}
	return tx.Commit()
}

// step takes the schema one transaction further: it adopts an older
// scheme's database or applies the next migration. The version is read in
// the transaction that acts on it, so that a process migrating at the same
// time is seen.
func (s Schema) step(ctx context.Context, db *sql.DB, ms []Migration) (version int, done bool, err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, false, fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback() // after a commit, a no-op
	if s.Lock != nil {
		if err := s.Lock(ctx, tx); err != nil {
			return 0, false, fmt.Errorf("migrate: lock: %w", err)
		}
	}
	var rows int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(MAX(version), 0) FROM schema_version WHERE schema_name = $1`,
		s.Name).Scan(&rows, &version); err != nil {
		return 0, false, fmt.Errorf("migrate: read the version: %w", err)
	}
	if rows != version {
		return 0, false, fmt.Errorf("migrate: the database's %s schema records %d migrations up to version %d: schema_version was edited", s.Name, rows, version)
	}
	if version == 0 && s.Adopt != nil {
		old, err := s.Adopt(ctx, tx)
		if err != nil {
			return 0, false, fmt.Errorf("migrate: adopt the older scheme: %w", err)
		}
		if old > len(ms) {
			return 0, false, &NewerError{Schema: s.Name, Database: old, Program: len(ms)}
		}
		if old > 0 {
			for v := 1; v <= old; v++ {
				if err := record(ctx, tx, s.Name, v); err != nil {
					return 0, false, err
				}
			}
			if err := tx.Commit(); err != nil {
				return 0, false, fmt.Errorf("migrate: adopt the older scheme: %w", err)
			}
			return old, old == len(ms), nil
		}
	}
	if version > len(ms) {
		return 0, false, &NewerError{Schema: s.Name, Database: version, Program: len(ms)}
	}
	if version == len(ms) {
		return version, true, nil
	}
	m := ms[version]
	if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
		return 0, false, fmt.Errorf("migrate: %s: %w", m.Name, err)
	}
	if err := record(ctx, tx, s.Name, m.Version); err != nil {
		return 0, false, err
	}
	if err := tx.Commit(); err != nil {
		return 0, false, fmt.Errorf("migrate: %s: %w", m.Name, err)
	}
	return m.Version, m.Version == len(ms), nil
}

func record(ctx context.Context, tx *sql.Tx, schema string, v int) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (schema_name, version) VALUES ($1, $2)`, schema, v); err != nil {
		return fmt.Errorf("migrate: record version %d: %w", v, err)
	}
	return nil
}
