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

// Reread writes rec, reads it back as `skullking replay` does and replays
// it: the record read back, its game, and what was written.
func Reread(t testing.TB, rec *skullking.Record) (*skullking.Record, *skullking.Game, []byte) {
	t.Helper()
	b, err := rec.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := skullking.ParseRecord(b)
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	g, err := back.Replay()
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	return back, g, b
}

// RandomGame plays a whole game with random legal actions and returns its
// record.
func RandomGame(t testing.TB, players int, o skullking.Options, seed uint64) *skullking.Record {
	t.Helper()
	names := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}[:players]
	g, err := skullking.NewGame(players, skullking.WithSeed(seed), skullking.WithOptions(o), skullking.WithNames(names...))
	if err != nil {
		t.Fatal(err)
	}
	r := skullking.NewRand(seed + 1)
	var legal []skullking.Action
	for !g.Over() {
		moved := false
		for s := 0; s < players; s++ {
			legal = g.LegalActions(s, legal[:0])
			if len(legal) > 0 {
				if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				moved = true
				break
			}
		}
		if !moved {
			t.Fatalf("nobody can move in phase %v", g.Phase())
		}
	}
	return skullking.RecordOf(g)
}
