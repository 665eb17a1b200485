package protocol

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/skullking-go/skullking/internal/goldenrecords"
	"github.com/skullking-go/skullking/internal/recordtest"
)

var update = flag.Bool("update", false, "rewrite the expected `skullking replay --json` outputs in testdata/records/valid")

// TestGoldenReplayJSON checks what `skullking replay --json` prints for
// every valid record of the engine's golden set (docs/record.md): the
// summary of the replayed game, byte for byte. `go test -run
// TestGoldenReplayJSON -update ./protocol` rewrites the expected outputs.
func TestGoldenReplayJSON(t *testing.T) {
	for _, path := range goldenrecords.List(t, "valid") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			_, g := recordtest.ReplayFile(t, path)
			sum := SummaryOf(g)
			got, err := json.Marshal(sum)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := goldenrecords.Golden(path)
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
