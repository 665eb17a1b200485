//go:build !(js && wasm)

package scorekeeper

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
)

// The PostgreSQL store keeps sheets as the SQLite one does, one row each in
// scorekeeper_sheets, for a server whose store is PostgreSQL (serve
// --store): every node then sees the same sheets.

// pgMigrations are the PostgreSQL dialect of migrations/, under the same
// versions and names.
//
//go:embed migrations/pg/*.sql
var pgMigrations embed.FS

var pgSchema = migrate.Schema{Name: "scorekeeper", FS: pgMigrations, Dir: "migrations/pg"}

// MigratePostgres creates or upgrades the score keeper's tables in the
// pool's database, counted as the "scorekeeper" schema in schema_version as
// on SQLite. It is safe to call at every start, from several nodes at once.
func MigratePostgres(ctx context.Context, pool *pgxpool.Pool) error {
	if _, err := pgdb.Migrate(ctx, pool, pgSchema); err != nil {
		return fmt.Errorf("scorekeeper: %w", err)
	}
	return nil
}

// PostgresStore is a SheetStore in a PostgreSQL database migrated by
// MigratePostgres.
type PostgresStore struct {
	pool *pgxpool.Pool
}

// NewPostgresStore returns a store over pool, whose tables MigratePostgres
// must have created. The caller owns the pool.
func NewPostgresStore(pool *pgxpool.Pool) *PostgresStore { return &PostgresStore{pool: pool} }

// Create implements SheetStore.
func (st *PostgresStore) Create(ctx context.Context, s *Sheet) error {
	doc, err := encodeDoc(s)
	if err != nil {
		return err
	}
	_, err = st.pool.Exec(ctx, `INSERT INTO scorekeeper_sheets (id, follow, book, version, created_ns, updated_ns, doc)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, s.ID, s.Follow, s.Book, s.Version, s.Created.UnixNano(), s.Updated.UnixNano(), doc)
	if err != nil {
		if pgdb.IsUniqueViolation(err) {
			return ErrExists
		}
		return fmt.Errorf("scorekeeper: create sheet: %w", err)
	}
	return nil
}

// Get implements SheetStore.
func (st *PostgresStore) Get(ctx context.Context, id string) (*Sheet, error) {
	return scanSheet(st.pool.QueryRow(ctx, `SELECT `+sheetColumns+` FROM scorekeeper_sheets WHERE id = $1`, id))
}

// GetByFollow implements SheetStore.
func (st *PostgresStore) GetByFollow(ctx context.Context, follow string) (*Sheet, error) {
	return scanSheet(st.pool.QueryRow(ctx, `SELECT `+sheetColumns+` FROM scorekeeper_sheets WHERE follow = $1`, follow))
}

// Update implements SheetStore. The version check and the write are one
// statement, so two edits racing from two phones cannot both win.
func (st *PostgresStore) Update(ctx context.Context, s *Sheet, version int64) error {
	doc, err := encodeDoc(s)
	if err != nil {
		return err
	}
	tag, err := st.pool.Exec(ctx, `UPDATE scorekeeper_sheets SET version = $1, updated_ns = $2, doc = $3
		WHERE id = $4 AND version = $5`, s.Version, s.Updated.UnixNano(), doc, s.ID, version)
	if err != nil {
		return fmt.Errorf("scorekeeper: update sheet: %w", err)
	}
	return st.checkChanged(ctx, tag, s.ID)
}

// Delete implements SheetStore.
func (st *PostgresStore) Delete(ctx context.Context, id string, version int64) error {
	tag, err := st.pool.Exec(ctx, `DELETE FROM scorekeeper_sheets WHERE id = $1 AND version = $2`, id, version)
	if err != nil {
		return fmt.Errorf("scorekeeper: delete sheet: %w", err)
	}
	return st.checkChanged(ctx, tag, id)
}

// checkChanged tells a lost race (ErrConflict) from a missing sheet when a
// conditional write touched no row.
func (st *PostgresStore) checkChanged(ctx context.Context, tag pgconn.CommandTag, id string) error {
	if tag.RowsAffected() == 1 {
		return nil
	}
	var one int
	err := st.pool.QueryRow(ctx, `SELECT 1 FROM scorekeeper_sheets WHERE id = $1`, id).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("scorekeeper: write sheet: %w", err)
	}
	return ErrConflict
}

// ListBook implements SheetStore.
func (st *PostgresStore) ListBook(ctx context.Context, book string) ([]*Sheet, error) {
	if book == "" {
		return nil, nil
	}
	rows, err := st.pool.Query(ctx, `SELECT `+sheetColumns+` FROM scorekeeper_sheets WHERE book = $1
		ORDER BY updated_ns DESC, id`, book)
	if err != nil {
		return nil, fmt.Errorf("scorekeeper: list sheets: %w", err)
	}
	defer rows.Close()
	return readSheets(rows)
}
