package scorekeeper

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/skullking-go/skullking/internal/migrate"
	"github.com/skullking-go/skullking/internal/pgdb"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
)

// openPostgres opens a schema of the test's own on the test cluster as the
// server does (pgdb.Open) and migrates it.
func openPostgres(t *testing.T) *pgxpool.Pool {
	t.Helper()
	pool, err := pgdb.Open(context.Background(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := MigratePostgres(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	return pool
}

// One scheme for both databases: each SQLite migration has its PostgreSQL
// dialect under the same version and name.
func TestMigrationDialectsAgree(t *testing.T) {
	lite, err := migrate.Load(migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := migrate.Load(pgMigrations, "migrations/pg")
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) != len(pg) {
		t.Fatalf("%d SQLite migrations, %d PostgreSQL ones", len(lite), len(pg))
	}
	for i := range lite {
		if lite[i].Name != pg[i].Name {
			t.Errorf("version %d is %s on SQLite, %s on PostgreSQL", i+1, lite[i].Name, pg[i].Name)
		}
	}
}

// Migrating twice does nothing the second time; a database newer than the
// program is refused.
func TestMigratePostgresTwice(t *testing.T) {
	ctx := context.Background()
	pool := openPostgres(t)
	if err := MigratePostgres(ctx, pool); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.Query(ctx, `SELECT version FROM schema_version WHERE schema_name = 'scorekeeper'`)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := pgx.CollectRows(rows, pgx.RowTo[int]); err != nil || len(v) != 1 || v[0] != 1 {
		t.Fatalf("recorded versions %v %v, want [1]", v, err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO schema_version (schema_name, version) VALUES ('scorekeeper', 2)`); err != nil {
		t.Fatal(err)
	}
	if err := MigratePostgres(ctx, pool); err == nil || !strings.Contains(err.Error(), "newer than this program") {
		t.Fatalf("a newer schema: %v, want it refused", err)
	}
}
