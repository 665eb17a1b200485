// Package migratetest looks into the databases of the tests of package
// migrate and of the packages whose schemas it keeps (the store, the score
// keeper): it opens a file as the server does, and tells which versions of
// a schema are recorded and which tables there are.
package migratetest

import (
	"context"
	"database/sql"
	"testing"

	"github.com/skullking-go/skullking/internal/sqlitedb"
)

// Open opens the SQLite database file as the server opens its databases
// (sqlitedb.Open, by default, with the extra pragmas), without migrating
// it, and closes it when the test ends.
func Open(t testing.TB, file string, pragmas ...string) *sql.DB {
	t.Helper()
	db, err := sqlitedb.Open(file, sqlitedb.Options{}, pragmas...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Versions lists the versions of schema recorded in db's schema_version,
// in order.
func Versions(t testing.TB, db *sql.DB, schema string) []int {
	t.Helper()
	rows, err := db.Query(`SELECT version FROM schema_version WHERE schema_name = ? ORDER BY version`, schema)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// HasTable reports whether db has a table named name.
func HasTable(t testing.TB, db *sql.DB, name string) bool {
	t.Helper()
	ok, err := sqlitedb.HasTable(context.Background(), db, name)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}
