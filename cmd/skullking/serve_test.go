package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/internal/pgdb"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
	"github.com/skullking-go/skullking/internal/sqlitedb"
)

// TestServeScorekeeper starts serve as the command does, on port 0, and
// keeps a sheet through /api/sheets: the score keeper is mounted, its
// sheets live in the data directory's one database, beside the tables,
// and they survive a restart.
func TestServeScorekeeper(t *testing.T) {
	dir := t.TempDir()
	serveKeepsSheets(t, []string{"--data", dir}, func() {
		files, err := filepath.Glob(filepath.Join(dir, "*.db"))
		if err != nil || len(files) != 1 || filepath.Base(files[0]) != "skullking.db" {
			t.Fatalf("--data holds %v (%v), want skullking.db alone", files, err)
		}
	})
}

// With --store, the score keeper's sheets are on PostgreSQL beside the
// tables, and the data directory is not used.
func TestServeScorekeeperOnPostgres(t *testing.T) {
	url := pgtest.URL(t)
	dir := filepath.Join(t.TempDir(), "unused")
	serveKeepsSheets(t, []string{"--store", url, "--data", dir}, func() {
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Fatalf("the data directory was made: %v", err)
		}
		pool, err := pgdb.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer pool.Close()
		var n int
		if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM scorekeeper_sheets`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d sheets on PostgreSQL, %v; want 1", n, err)
		}
	})
}

// A database that cannot be reached at start is a clear error, and serve
// exits non-zero without serving.
func TestServeStoreUnreachable(t *testing.T) {
	var stderr strings.Builder
	code := runServe([]string{"--addr", "127.0.0.1:0", "--store", "postgres://skullking@127.0.0.1:1/games?sslmode=disable"},
		strings.NewReader(""), io.Discard, &stderr)
	if code == 0 || !strings.Contains(stderr.String(), "cannot reach PostgreSQL at 127.0.0.1:1/games") {
		t.Fatalf("exit %d, stderr %q; want a non-zero exit naming the database", code, stderr.String())
	}
}

// serveKeepsSheets starts serve with flags, keeps a sheet through
// /api/sheets, restarts it and reads the sheet back; stopped runs while the
// server is down.
func serveKeepsSheets(t *testing.T, flags []string, stopped func()) {
	start := func() (string, func()) { return startServe(t, flags...) }
	base, stop := start()
	res, err := http.Post(base+"/api/sheets", "application/json",
		strings.NewReader(`{"title":"Friday","players":["Ann","Ben","Cat"],"options":{"rounds":3}}`))
	if err != nil {
		t.Fatal(err)
	}
	var sheet struct {
		ID, Follow string
		Version    int
		Score      struct {
			ScheduledRounds int `json:"scheduled_rounds"`
		}
	}
	err = json.NewDecoder(res.Body).Decode(&sheet)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusCreated || sheet.ID == "" || sheet.Version != 1 || sheet.Score.ScheduledRounds != 3 {
		t.Fatalf("create: %d %+v %v", res.StatusCode, sheet, err)
	}
	res, err = http.Post(base+"/api/sheets/"+sheet.ID+"/rounds", "application/json",
		strings.NewReader(`{"version":1,"round":{"bids":[1,0,0],"won":[1,0,0],"bonuses":[{"seat":0,"kind":"fourteen","suit":"black"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("round 1: %d", res.StatusCode)
	}
	stop()
	stopped()

	base, stop = start()
	defer stop()
	res, err = http.Get(base + "/api/sheets/" + sheet.Follow)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Version  int
		ReadOnly bool `json:"read_only"`
		Score    struct{ Totals []int }
	}
	err = json.NewDecoder(res.Body).Decode(&got)
	res.Body.Close()
	// Round 1: Ann bid 1 and took it with the black 14 (20 + 20), the others bid 0 in a 1-card round (10 each).
	if err != nil || got.Version != 2 || !got.ReadOnly || len(got.Score.Totals) != 3 ||
		got.Score.Totals[0] != 40 || got.Score.Totals[1] != 10 || got.Score.Totals[2] != 10 {
		t.Fatalf("after restart: %+v %v", got, err)
	}
}

// The review workers' settings are checked before anything is served: a
// pool of no workers would leave every review request waiting.
func TestServeRefusesReviewSettingsThatCannotWork(t *testing.T) {
	for _, flags := range [][]string{{"--review-workers", "0"}, {"--review-queue", "-1"}, {"--review-budget", "0"}} {
		var stderr strings.Builder
		code := runServe(append([]string{"--addr", "127.0.0.1:0", "--data", t.TempDir()}, flags...), strings.NewReader(""), io.Discard, &stderr)
		if code == 0 || !strings.Contains(stderr.String(), "--review-workers and --review-queue take 1 or more") {
			t.Errorf("%v: exit %d, stderr %q; want a refusal naming the settings", flags, code, stderr.String())
		}
	}
}

// startServe starts serve as the command does, on port 0, and returns its
// address and what stops it.
func startServe(t *testing.T, flags ...string) (string, func()) {
	t.Helper()
	s, err := newServe(append([]string{"--addr", "127.0.0.1:0", "--log-level", "error"}, flags...), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	return "http://" + s.Addr(), func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	}
}

// TestServeDurable starts serve as the command does, without and with
// --durable, and asks the connection of the SQLite database it writes how
// it commits: WAL either way, synchronous NORMAL (1) by default and FULL (2)
// with --durable. The tables and the score keeper's sheets share it: a
// second database file in --data fails the test.
func TestServeDurable(t *testing.T) {
	for _, c := range []struct {
		flags []string
		want  int
	}{
		{nil, 1},
		{[]string{"--durable"}, 2},
	} {
		dir := t.TempDir()
		s, err := newServe(append([]string{"--addr", "127.0.0.1:0", "--log-level", "error", "--data", dir}, c.flags...), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Start(); err != nil {
			t.Fatal(err)
		}
		dbs := map[string]any{"skullking.db": s.Server().Store()}
		files, err := filepath.Glob(filepath.Join(dir, "*.db"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) != len(dbs) {
			t.Errorf("%v: --data holds %v; want %d databases, each checked here", c.flags, files, len(dbs))
		}
		for _, f := range files {
			st, ok := dbs[filepath.Base(f)].(interface {
				Settings(context.Context) (sqlitedb.Settings, error)
			})
			if !ok {
				t.Errorf("%v: %s: no store of serve's reports its settings", c.flags, filepath.Base(f))
				continue
			}
			got, err := st.Settings(context.Background())
			if err != nil {
				t.Fatalf("%v: %s: %v", c.flags, filepath.Base(f), err)
			}
			if got.JournalMode != "wal" || got.Synchronous != c.want {
				t.Errorf("%v: %s: journal_mode %q, synchronous %d; want wal, %d", c.flags, filepath.Base(f), got.JournalMode, got.Synchronous, c.want)
			}
		}
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	}
}
