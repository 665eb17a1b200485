package pgdb

import (
	"context"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/skullking-go/skullking/internal/migrate"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
)

// files is a migration directory; each CREATE TABLE has no IF NOT EXISTS,
// so that running a migration twice fails.
func files(names ...string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for _, n := range names {
		table := strings.TrimSuffix(n[strings.Index(n, "_")+1:], ".sql")
		fsys["m/"+n] = &fstest.MapFile{Data: []byte("-- " + n + "\nCREATE TABLE " + table + " (x INTEGER);\n" +
			"INSERT INTO " + table + " (x) VALUES (1);\n")}
	}
	return fsys
}

func open(t *testing.T, url string) *pgxpool.Pool {
	t.Helper()
	pool, err := Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

func versions(t *testing.T, pool *pgxpool.Pool, schema string) []int {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT version FROM schema_version WHERE schema_name = $1 ORDER BY version`, schema)
	if err != nil {
		t.Fatal(err)
	}
	v, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The migration scheme on PostgreSQL: an empty database gets every
// migration, an older one only those it lacks, each exactly once.
func TestMigrateUpgrades(t *testing.T) {
	ctx := context.Background()
	pool := open(t, pgtest.URL(t))
	s := migrate.Schema{Name: "test", FS: files("001_a.sql", "002_b.sql"), Dir: "m"}
	for range 2 {
		if v, err := Migrate(ctx, pool, s); err != nil || v != 2 {
			t.Fatalf("version %d, %v; want 2", v, err)
		}
	}
	s.FS = files("001_a.sql", "002_b.sql", "003_c.sql")
	if v, err := Migrate(ctx, pool, s); err != nil || v != 3 {
		t.Fatalf("after adding 003: version %d, %v", v, err)
	}
	for _, table := range []string{"a", "b", "c"} {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM `+table).Scan(&n); err != nil || n != 1 {
			t.Fatalf("table %s: %d rows, %v; want 1 (each migration run once)", table, n, err)
		}
	}
	if got := versions(t, pool, "test"); len(got) != 3 {
		t.Fatalf("recorded versions %v, want 1..3", got)
	}
}

// A migration that fails leaves nothing of itself: PostgreSQL's DDL is
// transactional, so its first statement goes with the rest.
func TestMigrateFailureRollsBack(t *testing.T) {
	ctx := context.Background()
	pool := open(t, pgtest.URL(t))
	fsys := files("001_a.sql")
	fsys["m/002_b.sql"] = &fstest.MapFile{Data: []byte("CREATE TABLE b (x INTEGER);\nINSERT INTO nowhere VALUES (1);\n")}
	_, err := Migrate(ctx, pool, migrate.Schema{Name: "test", FS: fsys, Dir: "m"})
	if err == nil || !strings.Contains(err.Error(), "002_b.sql") {
		t.Fatalf("error %v, want one naming 002_b.sql", err)
	}
	var b *string
	if err := pool.QueryRow(ctx, `SELECT to_regclass('b')::text`).Scan(&b); err != nil || b != nil {
		t.Fatalf("the failed migration's table: %v %v, want none", b, err)
	}
	if got := versions(t, pool, "test"); len(got) != 1 || got[0] != 1 {
		t.Fatalf("recorded versions %v, want [1]", got)
	}
}

// Nodes starting on one database at once apply each migration once: the
// advisory lock makes them take turns, and the later ones find it done.
func TestMigrateConcurrent(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	s := migrate.Schema{Name: "test", FS: files("001_a.sql", "002_b.sql", "003_c.sql"), Dir: "m"}
	pools := make([]*pgxpool.Pool, 4)
	for i := range pools {
		pools[i] = open(t, url)
	}
	errs := make([]error, len(pools))
	var wg sync.WaitGroup
	for i := range pools {
		wg.Go(func() { _, errs[i] = Migrate(ctx, pools[i], s) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("node %d: %v", i, err)
		}
	}
	if got := versions(t, pools[0], "test"); len(got) != 3 {
		t.Fatalf("versions %v, want 1..3", got)
	}
}

func TestIsUniqueViolation(t *testing.T) {
	ctx := context.Background()
	pool := open(t, pgtest.URL(t))
	if _, err := pool.Exec(ctx, `CREATE TABLE u (k INTEGER PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO u VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	_, err := pool.Exec(ctx, `INSERT INTO u VALUES (1)`)
	if !IsUniqueViolation(err) {
		t.Fatalf("a duplicate key: %v, want a unique violation", err)
	}
	_, err = pool.Exec(ctx, `INSERT INTO nowhere VALUES (1)`)
	if err == nil || IsUniqueViolation(err) {
		t.Fatalf("a missing table: %v, want another error", err)
	}
}
