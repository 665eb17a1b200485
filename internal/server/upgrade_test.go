package server_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// TestTheLastReleasesDataUpgradesInPlace: a data directory written by the
// release before the tables and the score keeper's sheets shared one
// database (testdata/release-2026-12-05: skullking.db with tables waiting,
// playing and over, and scorekeeper.db with a sheet of one round) opens in
// place. Every table is there as it was, a finished game's record replays,
// the sheet is there with its round, and one database file is left in the
// directory, the old one kept aside under another name.
func TestTheLastReleasesDataUpgradesInPlace(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"skullking.db", "scorekeeper.db"} {
		b, err := os.ReadFile(filepath.Join("testdata", "release-2026-12-05", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	ts := testserver.StartWith(t, nil, "--data", dir)

	for id, status := range map[string]string{"8y7hc5rybf": "lobby", "qqzq7vvwew": "playing", "2vfk42z63a": "playing",
		"m2xpcev89t": "over", "qete6m69yp": "over"} {
		var in protocol.TableInfo
		code, b := httpGet(t, ts.Base+"/api/tables/"+id)
		if code != http.StatusOK || json.Unmarshal(b, &in) != nil || in.Status != status {
			t.Fatalf("table %s: %d %s, want it %s", id, code, b, status)
		}
	}
	code, b := httpGet(t, ts.Base+"/api/tables/m2xpcev89t/record")
	if code != http.StatusOK {
		t.Fatalf("the finished game's record: %d %s", code, b)
	}
	rec, err := skullking.ParseRecord(b)
	if err == nil {
		_, err = rec.Replay()
	}
	if err != nil {
		t.Fatalf("the finished game's record: %v", err)
	}
	open, err := ts.Running().Store().OpenTables(t.Context())
	if err != nil || len(open) != 3 {
		t.Fatalf("%d tables not over (%v), want the 3 the release left", len(open), err)
	}

	var sheet struct {
		Version int64             `json:"version"`
		Players []string          `json:"players"`
		Rounds  []json.RawMessage `json:"rounds"`
	}
	code, b = httpGet(t, ts.Base+"/api/sheets/2b1c3b751245ff3431bf873c5131abc2")
	if code != http.StatusOK || json.Unmarshal(b, &sheet) != nil || sheet.Version != 2 || len(sheet.Rounds) != 1 ||
		!slices.Equal(sheet.Players, []string{"Ann", "Ben", "Cat"}) {
		t.Fatalf("the sheet: %d %s", code, b)
	}

	files, err := filepath.Glob(filepath.Join(dir, "*.db"))
	if err != nil || len(files) != 1 || filepath.Base(files[0]) != "skullking.db" {
		t.Fatalf("--data holds %v, want skullking.db alone", files)
	}
	if _, err := os.Stat(filepath.Join(dir, "scorekeeper.db.merged")); err != nil {
		t.Fatalf("the old sheets' file is not kept aside: %v", err)
	}
}
