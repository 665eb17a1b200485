package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/migrate"
	"github.com/skullking-go/skullking/internal/migrate/migratetest"
	"github.com/skullking-go/skullking/internal/store"
)

// oldSchemeDB builds skullking.db in dir as the store did before package
// migrate: schema_migrations holding the path of each file applied, each
// file split into statements at its semicolons. It is the old code, kept
// as a fixture so that data directories it made stay readable; the old
// store knew the first migration only.
func oldSchemeDB(t *testing.T, dir string) *sql.DB {
	t.Helper()
	db := migratetest.Open(t, filepath.Join(dir, "skullking.db"), "foreign_keys(ON)")
	if _, err := db.Exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(migrations, "migrations/001_*.sql")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	for _, name := range names {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM schema_migrations WHERE name = ?`, name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			continue
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		tx, err := db.Begin()
		if err != nil {
			t.Fatal(err)
		}
		for _, stmt := range strings.Split(string(body), ";") {
			if strings.TrimSpace(oldStripComments(stmt)) == "" {
				continue
			}
			if _, err := tx.Exec(stmt); err != nil {
				t.Fatalf("old scheme, %s: %v", name, err)
			}
		}
		if _, err := tx.Exec(`INSERT INTO schema_migrations (name) VALUES (?)`, name); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

func oldStripComments(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if i := strings.Index(line, "--"); i >= 0 {
			line = line[:i]
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// A data directory made before package migrate opens with version 1
// adopted, the later migrations applied, every row it held kept, and is
// not migrated again.
func TestOpenOldSchemeDatabase(t *testing.T) {
	dir := t.TempDir()
	old := oldSchemeDB(t, dir)
	var recorded []string
	rows, err := old.Query(`SELECT name FROM schema_migrations`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var n string
		rows.Scan(&n)
		recorded = append(recorded, n)
	}
	rows.Close()
	if len(recorded) != 1 || recorded[0] != "migrations/001_init.sql" {
		t.Fatalf("the fixture recorded %q, not what the old store recorded", recorded)
	}
	created := time.UnixMilli(1_700_000_000_000)
	expires := time.Now().Add(time.Hour).UnixMilli()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO tables (id, status, public, seed, settings, seats, rematch, created_at, updated_at, started_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			[]any{"t1", "playing", 1, int64(-5), `{"a":1}`, `[{"n":"Ann"}]`, "t2", created.UnixMilli(), created.UnixMilli() + 1, created.UnixMilli() + 2}},
		{insertAction, []any{"t1", 1, created.UnixMilli(), 0, int(skullking.ActionBid), 0, 0, 0, 1, "player"}},
		{insertAction, []any{"t1", 2, created.UnixMilli() + 5, 1, int(skullking.ActionBid), 0, 0, 0, 0, "bot"}},
		{`INSERT INTO leases (table_id, node, epoch, expires_at) VALUES (?, ?, ?, ?)`, []any{"t1", "old-node", 3, expires}},
		{`INSERT INTO records (table_id, created_at, record) VALUES (?, ?, ?)`, []any{"t0", created.UnixMilli(), []byte(`{"format":"skullking-record/1"}`)}},
	} {
		if _, err := old.Exec(q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	old.Close()

	ctx := context.Background()
	check := func(s *SQLite, actions int) {
		t.Helper()
		if got := migratetest.Versions(t, s.db, "store"); !slices.Equal(got, allVersions(t)) {
			t.Fatalf("recorded versions %v, want %v", got, allVersions(t))
		}
		if migratetest.HasTable(t, s.db, "schema_migrations") {
			t.Fatal("the old scheme's table is still there")
		}
		tab, log, err := s.LoadTable(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		if tab.Status != store.StatusPlaying || !tab.Public || tab.Seed != 1<<64-5 || string(tab.Settings) != `{"a":1}` ||
			string(tab.Seats) != `[{"n":"Ann"}]` || tab.Rematch != "t2" || !tab.CreatedAt.Equal(created) ||
			!tab.StartedAt.Equal(created.Add(2*time.Millisecond)) {
			t.Fatalf("table after the upgrade: %+v", tab)
		}
		if len(log) != actions || log[0].Action.Value != 1 || log[1].By != "bot" ||
			!log[1].At.Equal(created.Add(5*time.Millisecond)) {
			t.Fatalf("action log after the upgrade: %+v", log)
		}
		if _, err := s.AcquireLease(ctx, "t1", "new-node", time.Minute); !errors.Is(err, store.ErrLeased) {
			t.Fatalf("the old node's lease: %v, want store.ErrLeased", err)
		}
		if b, err := s.Record(ctx, "t0"); err != nil || string(b) != `{"format":"skullking-record/1"}` {
			t.Fatalf("record after the upgrade: %q %v", b, err)
		}
	}
	s, err := OpenSQLite(dir, SQLiteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	check(s, 2)
	if err := s.Append(ctx, "t1", store.Action{Seq: 3, At: created, By: "player"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Opened again, the database is the new scheme's alone.
	s, err = OpenSQLite(dir, SQLiteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	check(s, 3)
}

// The old scheme crashed between creating its table and the first
// migration: nothing was applied, so everything runs.
func TestOpenOldSchemeEmpty(t *testing.T) {
	dir := t.TempDir()
	db, err := sql.Open("sqlite", "file:"+filepath.ToSlash(filepath.Join(dir, "skullking.db")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE schema_migrations (name TEXT PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := OpenSQLite(dir, SQLiteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := migratetest.Versions(t, s.db, "store"); !slices.Equal(got, allVersions(t)) {
		t.Fatalf("recorded versions %v, want %v", got, allVersions(t))
	}
	if !migratetest.HasTable(t, s.db, "actions") || migratetest.HasTable(t, s.db, "schema_migrations") {
		t.Fatal("the first migration did not run, or the old table stayed")
	}
}

// A database the old scheme took past what this program knows is refused,
// and left as it was.
func TestOpenOldSchemeNewer(t *testing.T) {
	dir := t.TempDir()
	old := oldSchemeDB(t, dir)
	if _, err := old.Exec(`INSERT INTO schema_migrations (name) VALUES ('migrations/999_future.sql')`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	_, err := OpenSQLite(dir, SQLiteOptions{})
	if err == nil || !strings.HasPrefix(err.Error(), "store: ") || !strings.Contains(err.Error(), "999_future.sql") {
		t.Fatalf("error %v, want the unknown migration named", err)
	}
	old = oldSchemeDB(t, dir) // reopens: the old scheme finds its own table
	if !migratetest.HasTable(t, old, "schema_migrations") {
		t.Fatal("the refused database lost its table")
	}
}

func TestOpenNewerDatabase(t *testing.T) {
	s, dir := openTest(t)
	if _, err := s.db.Exec(`INSERT INTO schema_version (schema_name, version) VALUES ('store', ?)`, len(allVersions(t))+1); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err := OpenSQLite(dir, SQLiteOptions{})
	if err == nil || !strings.Contains(err.Error(), "newer than this program") {
		t.Fatalf("error %v, want a newer database refused", err)
	}
}

// allVersions is every migration version this program has, in order.
func allVersions(t *testing.T) []int {
	t.Helper()
	known, err := migrate.Load(migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	var out []int
	for _, m := range known {
		out = append(out, m.Version)
	}
	return out
}

// Migration 2 adds the reviews to a database at version 1, keeping its
// records.
func TestMigrationAddsReviews(t *testing.T) {
	dir := t.TempDir()
	old := oldSchemeDB(t, dir)
	if _, err := old.Exec(`INSERT INTO records (table_id, created_at, record) VALUES ('t0', 1, '{}')`); err != nil {
		t.Fatal(err)
	}
	if migratetest.HasTable(t, old, "reviews") {
		t.Fatal("the version-1 fixture has the reviews already")
	}
	old.Close()
	s, err := OpenSQLite(dir, SQLiteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if !migratetest.HasTable(t, s.db, "reviews") {
		t.Fatal("migration 2 did not add the reviews")
	}
	ctx := context.Background()
	if err := s.PutReview(ctx, "t0", []byte(`[]`)); err != nil {
		t.Fatal(err)
	}
	if b, err := s.Record(ctx, "t0"); err != nil || string(b) != `{}` {
		t.Fatalf("record after migration 2: %q %v", b, err)
	}
}
