package migrate

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	_ "modernc.org/sqlite"

	"github.com/skullking-go/skullking/internal/migrate/migratetest"
)

func openTemp(t *testing.T) *sql.DB {
	return migratetest.Open(t, filepath.Join(t.TempDir(), "test.db"))
}

// files is a migration directory; each CREATE TABLE has no IF NOT EXISTS,
// so that running a migration twice fails.
func files(names ...string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for _, n := range names {
		table := strings.TrimSuffix(n[strings.Index(n, "_")+1:], ".sql")
		fsys["m/"+n] = &fstest.MapFile{Data: []byte("-- " + n + "\nCREATE TABLE " + table + " (x INTEGER);\n" +
			"INSERT INTO " + table + " (x) VALUES (1);\n-- trailing comment\n")}
	}
	return fsys
}

func TestLoadOrder(t *testing.T) {
	fsys := files("002_b.sql", "010_j.sql", "001_a.sql", "003_c.sql", "004_d.sql", "005_e.sql", "006_f.sql",
		"007_g.sql", "008_h.sql", "009_i.sql")
	fsys["m/README.md"] = &fstest.MapFile{Data: []byte("not a migration")}
	ms, err := Load(fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 10 {
		t.Fatalf("%d migrations, want 10", len(ms))
	}
	for i, m := range ms {
		if m.Version != i+1 {
			t.Fatalf("migration %d is %s, version %d", i, m.Name, m.Version)
		}
	}
}

func TestLoadRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		fsys fstest.MapFS
		want string
	}{
		{"gap", files("001_a.sql", "003_c.sql"), "none has version 2"},
		{"no first", files("002_b.sql"), "none has version 1"},
		{"duplicate", files("001_a.sql", "01_b.sql"), "both have version 1"},
		{"zero", files("000_a.sql"), "from 1 up"},
		{"no number", files("init_a.sql"), "NNN_description.sql"},
		{"no description", fstest.MapFS{"m/001_.sql": {Data: []byte("SELECT 1")}}, "NNN_description.sql"},
		{"no underscore", fstest.MapFS{"m/001.sql": {Data: []byte("SELECT 1")}}, "NNN_description.sql"},
		{"sign", fstest.MapFS{"m/+1_a.sql": {Data: []byte("SELECT 1")}}, "NNN_description.sql"},
		{"empty", fstest.MapFS{"m/001_a.sql": {Data: []byte(" \n")}}, "is empty"},
		{"none", fstest.MapFS{"m/README.md": {Data: []byte("x")}}, "no migrations"},
		{"no directory", fstest.MapFS{}, "migrate:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(c.fsys, "m")
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "migrate: ") {
				t.Fatalf("error %v, want one with %q", err, c.want)
			}
		})
	}
}

func TestApply(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	s := Schema{Name: "test", FS: files("001_a.sql", "002_b.sql"), Dir: "m"}
	for range 2 { // the second time finds nothing to do
		v, err := s.Apply(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		if v != 2 {
			t.Fatalf("version %d, want 2", v)
		}
	}
	if got := migratetest.Versions(t, db, "test"); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Fatalf("recorded versions %v, want [1 2]", got)
	}
	// A later program adds a migration: only it runs.
	s.FS = files("001_a.sql", "002_b.sql", "003_c.sql")
	if v, err := s.Apply(ctx, db); err != nil || v != 3 {
		t.Fatalf("after adding 003: version %d, %v", v, err)
	}
	for _, table := range []string{"a", "b", "c"} {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil || n != 1 {
			t.Fatalf("table %s: %d rows, %v; want 1 (each migration run once)", table, n, err)
		}
	}
}

// A migration that fails leaves nothing of itself, recorded or not.
func TestApplyFailureRollsBack(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	fsys := files("001_a.sql")
	fsys["m/002_b.sql"] = &fstest.MapFile{Data: []byte("CREATE TABLE b (x INTEGER);\nINSERT INTO nowhere VALUES (1);\n")}
	_, err := Schema{Name: "test", FS: fsys, Dir: "m"}.Apply(ctx, db)
	if err == nil || !strings.Contains(err.Error(), "002_b.sql") {
		t.Fatalf("error %v, want one naming 002_b.sql", err)
	}
	if migratetest.HasTable(t, db, "b") {
		t.Error("the failed migration's first statement stayed")
	}
	if got := migratetest.Versions(t, db, "test"); len(got) != 1 || got[0] != 1 {
		t.Errorf("recorded versions %v, want [1]", got)
	}
}

func TestApplyRefusesNewerDatabase(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	if _, err := (Schema{Name: "test", FS: files("001_a.sql", "002_b.sql"), Dir: "m"}).Apply(ctx, db); err != nil {
		t.Fatal(err)
	}
	_, err := Schema{Name: "test", FS: files("001_a.sql"), Dir: "m"}.Apply(ctx, db)
	var newer *NewerError
	if !errors.As(err, &newer) || newer.Database != 2 || newer.Program != 1 {
		t.Fatalf("error %v, want a NewerError at 2 for 1", err)
	}
	if !strings.Contains(err.Error(), "version 2, newer than this program knows (1)") {
		t.Fatalf("message %q", err)
	}
}

func TestApplyRefusesEditedVersions(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	s := Schema{Name: "test", FS: files("001_a.sql"), Dir: "m"}
	if _, err := s.Apply(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO schema_version (schema_name, version) VALUES ('test', 3)`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, db); err == nil || !strings.Contains(err.Error(), "schema_version was edited") {
		t.Fatalf("error %v, want the edited table refused", err)
	}
}

// Schemas sharing a database count their versions apart.
func TestSchemasShareDatabase(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	if v, err := (Schema{Name: "one", FS: files("001_a.sql", "002_b.sql"), Dir: "m"}).Apply(ctx, db); err != nil || v != 2 {
		t.Fatalf("one: version %d, %v", v, err)
	}
	if v, err := (Schema{Name: "two", FS: files("001_c.sql"), Dir: "m"}).Apply(ctx, db); err != nil || v != 1 {
		t.Fatalf("two: version %d, %v", v, err)
	}
	if got := migratetest.Versions(t, db, "one"); len(got) != 2 {
		t.Fatalf("one: versions %v", got)
	}
}

func TestAdopt(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	// The older scheme had applied 001: its table exists, so running 001
	// again would fail.
	if _, err := db.Exec(`CREATE TABLE a (x INTEGER); CREATE TABLE old_versions (v INTEGER); INSERT INTO old_versions VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	calls := 0
	s := Schema{Name: "test", FS: files("001_a.sql", "002_b.sql"), Dir: "m",
		Adopt: func(ctx context.Context, tx *sql.Tx) (int, error) {
			calls++
			var v int
			if err := tx.QueryRowContext(ctx, `SELECT v FROM old_versions`).Scan(&v); err != nil {
				return 0, err
			}
			_, err := tx.ExecContext(ctx, `DROP TABLE old_versions`)
			return v, err
		}}
	if v, err := s.Apply(ctx, db); err != nil || v != 2 {
		t.Fatalf("version %d, %v; want 2", v, err)
	}
	if calls != 1 {
		t.Fatalf("Adopt called %d times, want 1", calls)
	}
	if migratetest.HasTable(t, db, "old_versions") {
		t.Error("the older scheme's table was kept")
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM a`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("table a: %d rows, %v; 001 must not run again", n, err)
	}
	if v, err := s.Apply(ctx, db); err != nil || v != 2 || calls != 1 {
		t.Fatalf("again: version %d, %v, %d calls of Adopt", v, err, calls)
	}
}

func TestAdoptNewer(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	s := Schema{Name: "test", FS: files("001_a.sql"), Dir: "m",
		Adopt: func(context.Context, *sql.Tx) (int, error) { return 5, nil }}
	_, err := s.Apply(ctx, db)
	var newer *NewerError
	if !errors.As(err, &newer) || newer.Database != 5 || newer.Program != 1 {
		t.Fatalf("error %v, want a NewerError at 5 for 1", err)
	}
	if got := migratetest.Versions(t, db, "test"); len(got) != 0 {
		t.Fatalf("versions %v recorded for a refused database", got)
	}
}

// Two processes starting on one database at once apply each migration
// once: the loser waits for the winner's transaction and finds it done.
func TestApplyConcurrent(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "test.db")
	s := Schema{Name: "test", FS: files("001_a.sql", "002_b.sql", "003_c.sql"), Dir: "m"}
	var wg sync.WaitGroup
	errs := make([]error, 4)
	dbs := make([]*sql.DB, len(errs))
	for i := range dbs {
		dbs[i] = migratetest.Open(t, file)
		// Each process has the file open, in WAL mode, before they race to
		// migrate it: opening a new file's WAL at once is SQLite's own
		// race (busy, now and then, whatever the busy timeout), not Apply's.
		if err := dbs[i].PingContext(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for i := range errs {
		wg.Go(func() { _, errs[i] = s.Apply(ctx, dbs[i]) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("process %d: %v", i, err)
		}
	}
	if got := migratetest.Versions(t, dbs[0], "test"); len(got) != 3 {
		t.Fatalf("versions %v, want 1..3", got)
	}
}
