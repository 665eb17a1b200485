// Package goldenrecords finds the golden game records of testdata/records
// (docs/record.md) for the tests that check against them: the engine's,
// which replays and re-scores them, the protocol's, which checks the
// `skullking replay --json` output of each, and the command's, which runs
// the real command over them. valid/*.json are records with the expected
// output beside each (*.golden.json); invalid/*.json are records with the
// expected one-line error (*.err).
//
// It imports nothing of the module, so that the engine's own tests may use
// it.
package goldenrecords

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir is the folder of the golden records, found from the test's working
// directory (its package's folder) up to the module's root.
func Dir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata", "records")
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the working directory: the golden records are not found")
		}
		dir = up
	}
}

// File is the path of the record name (without .json) of kind, "valid" or
// "invalid".
func File(t testing.TB, kind, name string) string {
	t.Helper()
	return filepath.Join(Dir(t), kind, name+".json")
}

// List lists the records of kind, "valid" or "invalid": every .json file
// there but the expected outputs. None is a failure.
func List(t testing.TB, kind string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(Dir(t), kind, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, ".golden.json") {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %s records in %s", kind, Dir(t))
	}
	return out
}

// Golden is the file beside a valid record with what `skullking replay
// --json` prints for it.
func Golden(record string) string { return strings.TrimSuffix(record, ".json") + ".golden.json" }

// ErrorLine is the file beside an invalid record with the one line a replay
// of it fails with.
func ErrorLine(record string) string { return strings.TrimSuffix(record, ".json") + ".err" }
