package sqlstore

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
)

// One scheme for both databases (pgtest.DialectsAgree).
func TestMigrationDialectsAgree(t *testing.T) {
	pgtest.DialectsAgree(t, migrations, "migrations", pgMigrations, "migrations/pg")
}

// An empty database gets the schema at the first start and is left alone
// at the next; one newer than the program is refused.
func TestOpenPostgresMigrates(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	for range 2 {
		s, err := OpenPostgres(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		var versions []int
		rows, err := s.pool.Query(ctx, `SELECT version FROM schema_version WHERE schema_name = 'store' ORDER BY version`)
		if err == nil {
			versions, err = pgx.CollectRows(rows, pgx.RowTo[int])
		}
		if want := allVersions(t); err != nil || !slices.Equal(versions, want) {
			t.Fatalf("recorded versions %v %v, want %v", versions, err, want)
		}
		s.Close()
	}
	s, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO schema_version (schema_name, version) VALUES ('store', $1)`, len(allVersions(t))+1); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := OpenPostgres(ctx, url); err == nil || !strings.Contains(err.Error(), "newer than this program") {
		t.Fatalf("error %v, want a newer database refused", err)
	}
}

// A database that does not answer is a clear error at start, naming where
// it was looked for and never the password.
func TestOpenPostgresUnreachable(t *testing.T) {
	_, err := OpenPostgres(context.Background(), "postgres://ann:secret@127.0.0.1:1/games?sslmode=disable&connect_timeout=5")
	if err == nil || !strings.HasPrefix(err.Error(), "store: cannot reach PostgreSQL at 127.0.0.1:1/games") ||
		strings.Contains(err.Error(), "secret") {
		t.Fatalf("error %v, want the unreachable database named", err)
	}
	if _, err := OpenPostgres(context.Background(), "postgres://[::1"); err == nil || !strings.Contains(err.Error(), "not a PostgreSQL URL") {
		t.Fatalf("error %v, want a bad URL refused", err)
	}
}
