package protocol

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
)

var update = flag.Bool("update", false, "rewrite the expected `skullking replay --json` outputs in testdata/records/valid")

// TestGoldenReplayJSON checks what `skullking replay --json` prints for
// every valid record of the engine's golden set (docs/record.md): the
// summary of the replayed game, byte for byte. `go test -run
// TestGoldenReplayJSON -update ./protocol` rewrites the expected outputs.
func TestGoldenReplayJSON(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "records", "valid", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no records: %v", err)
	}
	for _, path := range files {
		if strings.HasSuffix(path, ".golden.json") {
			continue
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			rec, err := skullking.ReadRecord(f)
			if err != nil {
				t.Fatal(err)
			}
			g, err := rec.Replay()
			if err != nil {
				t.Fatal(err)
			}
			sum := SummaryOf(g)
			got, err := json.Marshal(sum)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := strings.TrimSuffix(path, ".json") + ".golden.json"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("replay --json of %s:\n got %s\nwant %s", path, got, want)
			}
			for _, r := range sum.Rounds {
				for s, sc := range r.Scores {
					if sc.Total != r.Points[s] {
						t.Errorf("round %d, seat %d: the breakdown %+v adds up to %d, not %d", r.Round, s, sc, sc.Total, r.Points[s])
					}
				}
			}
		})
	}
}
