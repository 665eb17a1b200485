//go:build !(js && wasm)

package scorekeeper

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/migrate"
	"github.com/skullking-go/skullking/internal/sqlitedb"
)

// The SQLite store keeps each sheet as one row: the tokens, book, version
// and times as columns (what lookups and the optimistic update need), the
// content as a JSON document (what only this package reads). It uses
// database/sql alone, so the server chooses and registers the driver
// (modernc.org/sqlite, pure Go) and owns the *sql.DB.

// migrations are the score keeper's tables, files NNN_description.sql
// applied in order by package migrate. Never edit one that has shipped: add
// another.
//
//go:embed migrations/*.sql
var migrations embed.FS

var schema = migrate.Schema{Name: "scorekeeper", FS: migrations, Dir: "migrations", Adopt: adoptScorekeeperSchema}

// MigrateSQLite creates or upgrades the score keeper's tables in db (named
// scorekeeper_*, its version kept as the "scorekeeper" schema in
// schema_version, so that they can live beside the server's own). It is
// safe to call at every start.
func MigrateSQLite(ctx context.Context, db *sql.DB) error {
	if _, err := schema.Apply(ctx, db); err != nil {
		return fmt.Errorf("scorekeeper: %w", err)
	}
	return nil
}

// adoptScorekeeperSchema takes over a database from the scheme before
// package migrate, which kept the number of migrations applied as the one
// row of scorekeeper_schema. Its table is dropped once that version is
// recorded the new way, in the same transaction, so that one scheme is
// left.
func adoptScorekeeperSchema(ctx context.Context, tx *sql.Tx) (int, error) {
	if old, err := sqlitedb.HasTable(ctx, tx, "scorekeeper_schema"); err != nil || !old {
		return 0, err
	}
	var version int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM scorekeeper_schema`).Scan(&version); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `DROP TABLE scorekeeper_schema`); err != nil {
		return 0, err
	}
	return version, nil
}

// SQLiteStore is a SheetStore in an SQLite database migrated by
// MigrateSQLite.
type SQLiteStore struct {
	db *sql.DB
}

// NewSQLiteStore returns a store over db, whose tables MigrateSQLite must
// have created.
func NewSQLiteStore(db *sql.DB) *SQLiteStore { return &SQLiteStore{db: db} }

// Settings reports how the database's connection commits (its journal
// mode and synchronous level), as SQLite itself says: what sqlitedb.Open
// gave it, when the server opened it so.
func (st *SQLiteStore) Settings(ctx context.Context) (sqlitedb.Settings, error) {
	s, err := sqlitedb.ReadSettings(ctx, st.db)
	if err != nil {
		return sqlitedb.Settings{}, fmt.Errorf("scorekeeper: %w", err)
	}
	return s, nil
}

// storedDoc is the content column: what a sheet holds beyond its identity.
type storedDoc struct {
	Game    string            `json:"game,omitempty"`
	Title   string            `json:"title,omitempty"`
	Players []string          `json:"players"`
	Options skullking.Options `json:"options"`
	Changes []RuleChange      `json:"rule_changes,omitempty"`
	Rounds  []Round           `json:"rounds"`
}

func encodeDoc(s *Sheet) (string, error) {
	b, err := json.Marshal(storedDoc{Game: s.Game, Title: s.Title, Players: s.Players, Options: s.Options, Changes: s.Changes, Rounds: s.Rounds})
	if err != nil {
		return "", fmt.Errorf("scorekeeper: encode sheet: %w", err)
	}
	return string(b), nil
}

// Create implements SheetStore.
func (st *SQLiteStore) Create(ctx context.Context, s *Sheet) error {
	doc, err := encodeDoc(s)
	if err != nil {
		return err
	}
	_, err = st.db.ExecContext(ctx, `INSERT INTO scorekeeper_sheets (id, follow, book, version, created_ns, updated_ns, doc)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, s.ID, s.Follow, s.Book, s.Version, s.Created.UnixNano(), s.Updated.UnixNano(), doc)
	if err != nil {
		if strings.Contains(strings.ToLower(err.Error()), "unique") {
			return ErrExists
		}
		return fmt.Errorf("scorekeeper: create sheet: %w", err)
	}
	return nil
}

const sheetColumns = `id, follow, book, version, created_ns, updated_ns, doc`

type rowScanner interface{ Scan(dest ...any) error }

// sheetRows is a query's rows of sheetColumns as both databases' drivers
// hand them over (database/sql's and pgx's).
type sheetRows interface {
	rowScanner
	Next() bool
	Err() error
}

// readSheets reads every sheet of rows.
func readSheets(rows sheetRows) ([]*Sheet, error) {
	var out []*Sheet
	for rows.Next() {
		s, err := scanSheet(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("scorekeeper: list sheets: %w", err)
	}
	return out, nil
}

func scanSheet(row rowScanner) (*Sheet, error) {
	var s Sheet
	var created, updated int64
	var doc string
	if err := row.Scan(&s.ID, &s.Follow, &s.Book, &s.Version, &created, &updated, &doc); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("scorekeeper: read sheet: %w", err)
	}
	d := storedDoc{Options: skullking.DefaultOptions()}
	if err := json.Unmarshal([]byte(doc), &d); err != nil {
		return nil, fmt.Errorf("scorekeeper: sheet %s: stored document: %w", s.ID, err)
	}
	s.Created, s.Updated = time.Unix(0, created).UTC(), time.Unix(0, updated).UTC()
	s.Game, s.Title, s.Players, s.Options, s.Changes, s.Rounds = d.Game, d.Title, d.Players, d.Options, d.Changes, d.Rounds
	return &s, nil
}

// Get implements SheetStore.
func (st *SQLiteStore) Get(ctx context.Context, id string) (*Sheet, error) {
	return scanSheet(st.db.QueryRowContext(ctx, `SELECT `+sheetColumns+` FROM scorekeeper_sheets WHERE id = ?`, id))
}

// GetByFollow implements SheetStore.
func (st *SQLiteStore) GetByFollow(ctx context.Context, follow string) (*Sheet, error) {
	return scanSheet(st.db.QueryRowContext(ctx, `SELECT `+sheetColumns+` FROM scorekeeper_sheets WHERE follow = ?`, follow))
}

// Update implements SheetStore. The version check and the write are one
// statement, so two edits racing from two phones cannot both win.
func (st *SQLiteStore) Update(ctx context.Context, s *Sheet, version int64) error {
	doc, err := encodeDoc(s)
	if err != nil {
		return err
	}
	res, err := st.db.ExecContext(ctx, `UPDATE scorekeeper_sheets SET version = ?, updated_ns = ?, doc = ?
		WHERE id = ? AND version = ?`, s.Version, s.Updated.UnixNano(), doc, s.ID, version)
	if err != nil {
		return fmt.Errorf("scorekeeper: update sheet: %w", err)
	}
	return st.checkChanged(ctx, res, s.ID)
}

// Delete implements SheetStore.
func (st *SQLiteStore) Delete(ctx context.Context, id string, version int64) error {
	res, err := st.db.ExecContext(ctx, `DELETE FROM scorekeeper_sheets WHERE id = ? AND version = ?`, id, version)
	if err != nil {
		return fmt.Errorf("scorekeeper: delete sheet: %w", err)
	}
	return st.checkChanged(ctx, res, id)
}

// checkChanged tells a lost race (ErrConflict) from a missing sheet when a
// conditional write touched no row.
func (st *SQLiteStore) checkChanged(ctx context.Context, res sql.Result, id string) error {
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("scorekeeper: write sheet: %w", err)
	}
	if n == 1 {
		return nil
	}
	var one int
	err = st.db.QueryRowContext(ctx, `SELECT 1 FROM scorekeeper_sheets WHERE id = ?`, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("scorekeeper: write sheet: %w", err)
	}
	return ErrConflict
}

// ListBook implements SheetStore.
func (st *SQLiteStore) ListBook(ctx context.Context, book string) ([]*Sheet, error) {
	if book == "" {
		return nil, nil
	}
	rows, err := st.db.QueryContext(ctx, `SELECT `+sheetColumns+` FROM scorekeeper_sheets WHERE book = ?
		ORDER BY updated_ns DESC, id`, book)
	if err != nil {
		return nil, fmt.Errorf("scorekeeper: list sheets: %w", err)
	}
	defer rows.Close()
	return readSheets(rows)
}
