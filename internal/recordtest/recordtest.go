// Package recordtest reads game records (docs/record.md) in tests: a test
// that has a record — saved by the terminal, served by the server, kept by
// a table's store — replays it with the engine here, and fails if it does
// not read or does not replay.
package recordtest

import (
	"os"
	"testing"

	"github.com/skullking-go/skullking"
)

// Replay reads a game's record and replays it with the engine.
func Replay(t testing.TB, record []byte) (*skullking.Record, *skullking.Game) {
	t.Helper()
	rec, err := skullking.ParseRecord(record)
	if err != nil {
		t.Fatalf("the record does not read: %v", err)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	return rec, g
}

// ReplayFile is Replay of the record saved at path.
func ReplayFile(t testing.TB, path string) (*skullking.Record, *skullking.Game) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return Replay(t, b)
}
