package scorekeeper

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

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

// One scheme for both databases (pgtest.DialectsAgree).
func TestMigrationDialectsAgree(t *testing.T) {
	pgtest.DialectsAgree(t, migrations, "migrations", pgMigrations, "migrations/pg")
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
