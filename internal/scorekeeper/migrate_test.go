package scorekeeper

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/migrate/migratetest"
)

// oldMigrateSQLite is the scheme before package migrate, kept as a fixture
// so that databases it made stay readable: the migrations a Go slice (the
// one it had became migrations/001_sheets.sql, unchanged), their count the
// one row of scorekeeper_schema.
func oldMigrateSQLite(ctx context.Context, db *sql.DB) error {
	first, err := migrations.ReadFile("migrations/001_sheets.sql")
	if err != nil {
		return err
	}
	oldSQLiteMigrations := []string{string(first)}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS scorekeeper_schema (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var version int
	err = tx.QueryRowContext(ctx, `SELECT version FROM scorekeeper_schema`).Scan(&version)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if _, err := tx.ExecContext(ctx, `INSERT INTO scorekeeper_schema (version) VALUES (0)`); err != nil {
			return err
		}
	case err != nil:
		return err
	}
	if version > len(oldSQLiteMigrations) {
		return errors.New("newer")
	}
	for i := version; i < len(oldSQLiteMigrations); i++ {
		if _, err := tx.ExecContext(ctx, oldSQLiteMigrations[i]); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE scorekeeper_schema SET version = ?`, len(oldSQLiteMigrations)); err != nil {
		return err
	}
	return tx.Commit()
}

// A database made before package migrate opens at version 1 with its
// sheets, and is not migrated again.
func TestMigrateOldSchemeDatabase(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "scorekeeper.db")
	old := migratetest.Open(t, file)
	if err := oldMigrateSQLite(ctx, old); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)
	s := storedSheet(t, NewToken(), at)
	if err := NewSQLiteStore(old).Create(ctx, s); err != nil {
		t.Fatal(err)
	}
	old.Close()

	for range 2 { // the second time, the database is the new scheme's alone
		db := migratetest.Open(t, file)
		if err := MigrateSQLite(ctx, db); err != nil {
			t.Fatal(err)
		}
		versions := migratetest.Versions(t, db, "scorekeeper")
		if len(versions) != 1 || versions[0] != 1 {
			t.Fatalf("recorded versions %v, want [1]", versions)
		}
		if migratetest.HasTable(t, db, "scorekeeper_schema") {
			t.Fatal("the old scheme's table is still there")
		}
		st := NewSQLiteStore(db)
		got, err := st.Get(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		same(t, got, s)
		list, err := st.ListBook(ctx, s.Book)
		if err != nil || len(list) != 1 {
			t.Fatalf("the book after the upgrade: %d sheets, %v", len(list), err)
		}
		db.Close()
	}
}

// A database the old scheme took past what this program knows is refused,
// and left as it was.
func TestMigrateOldSchemeNewer(t *testing.T) {
	ctx := context.Background()
	db := migratetest.Open(t, filepath.Join(t.TempDir(), "scorekeeper.db"))
	if err := oldMigrateSQLite(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE scorekeeper_schema SET version = 2`); err != nil {
		t.Fatal(err)
	}
	err := MigrateSQLite(ctx, db)
	if err == nil || !strings.HasPrefix(err.Error(), "scorekeeper: ") || !strings.Contains(err.Error(), "at version 2, newer than this program knows (1)") {
		t.Fatalf("error %v, want the newer database refused", err)
	}
	if !migratetest.HasTable(t, db, "scorekeeper_schema") {
		t.Fatal("the refused database lost its version table")
	}
}
