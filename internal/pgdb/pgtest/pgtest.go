// Package pgtest gives the tests that run against a real PostgreSQL a
// database of their own. The cluster is one that scripts/postgres started;
// the tests find it through SKULLKING_TEST_POSTGRES (its URL), which
// scripts/test sets. Without it they skip, except under CI (CI set), where
// a missing database is a failure rather than a silent gap. Proxy stands
// between a test's users and the database, to cut them off it.
package pgtest

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/skullking-go/skullking/internal/migrate"
)

// Env names the variable that holds the test cluster's URL.
const Env = "SKULLKING_TEST_POSTGRES"

// ClusterURL is the test cluster's URL; without one the test skips, or
// fails under CI.
func ClusterURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(Env)
	if u == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not set: under CI the PostgreSQL tests must run (scripts/test starts the cluster)", Env)
		}
		t.Skipf("%s is not set: start a cluster with scripts/postgres up and export its URL", Env)
	}
	return u
}

var schemas atomic.Int64

// URL is the URL of an empty schema of its own in the test cluster, dropped
// when the test ends: tests of several packages share the cluster at once,
// and each sees only its own tables (search_path names the schema).
func URL(t testing.TB) string {
	t.Helper()
	base := ClusterURL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("the test cluster at %s: %v", Env, err)
	}
	defer conn.Close(ctx)
	name := fmt.Sprintf("t_%d_%d_%d", os.Getpid(), time.Now().UnixNano(), schemas.Add(1))
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("dropping test schema %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, `DROP SCHEMA `+name+` CASCADE`); err != nil {
			t.Errorf("dropping test schema %s: %v", name, err)
		}
	})
	return withSchema(t, base, name)
}

// withSchema is url with its search_path set to schema.
func withSchema(t testing.TB, base, schema string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Cluster is a PostgreSQL cluster of the test's own, for a test that stops
// and starts the database under a running server; the shared one must keep
// running for the other tests.
type Cluster struct {
	URL    string
	t      testing.TB
	script string
	dir    string
}

// NewCluster starts a cluster of the test's own with scripts/postgres and
// removes it when the test ends. It runs where the shared test cluster is
// set up (ClusterURL), since the script needs the same machine.
func NewCluster(t testing.TB) *Cluster {
	t.Helper()
	ClusterURL(t)
	_, here, _, _ := runtime.Caller(0)
	c := &Cluster{t: t, script: filepath.Join(filepath.Dir(here), "..", "..", "..", "scripts", "postgres")}
	// Not t.TempDir: the postgres system user owns the cluster's directory
	// and must reach it.
	dir, err := os.MkdirTemp("", "skullking-pgtest-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(dir); err != nil { // the script makes it, owned by postgres
		t.Fatal(err)
	}
	c.dir = dir
	t.Cleanup(func() { c.run("down") })
	c.URL = c.run("up")
	return c
}

// Stop stops the cluster's server, keeping its data.
func (c *Cluster) Stop() { c.t.Helper(); c.run("stop") }

// Start starts the stopped server again on the same port.
func (c *Cluster) Start() { c.t.Helper(); c.run("start") }

func (c *Cluster) run(command string) string {
	c.t.Helper()
	cmd := exec.Command(c.script, command)
	cmd.Env = append(os.Environ(), "SKULLKING_POSTGRES_DIR="+c.dir)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		c.t.Fatalf("scripts/postgres %s: %v\n%s", command, err, stderr.String())
	}
	return strings.TrimSpace(string(out))
}

// DialectsAgree checks one scheme for both databases: each SQLite
// migration in lite/liteDir has its PostgreSQL dialect in pg/pgDir under
// the same version and name, so that a version means the same tables on
// either.
func DialectsAgree(t testing.TB, lite fs.FS, liteDir string, pg fs.FS, pgDir string) {
	t.Helper()
	l, err := migrate.Load(lite, liteDir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := migrate.Load(pg, pgDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(l) != len(p) {
		t.Fatalf("%d SQLite migrations, %d PostgreSQL ones", len(l), len(p))
	}
	for i := range l {
		if l[i].Name != p[i].Name {
			t.Errorf("version %d is %s on SQLite, %s on PostgreSQL", i+1, l[i].Name, p[i].Name)
		}
	}
}
