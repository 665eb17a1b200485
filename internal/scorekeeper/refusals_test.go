package scorekeeper_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	sk "github.com/skullking-go/skullking/internal/scorekeeper"
	"github.com/skullking-go/skullking/internal/scorekeeper/sheettest"
)

// TestImpossibleEntriesAreRefused checks each refusal's message and that the
// sheet is left as it was.
func TestImpossibleEntriesAreRefused(t *testing.T) {
	base := sheettest.RefusalBase(t)
	for _, tc := range sheettest.StandardRefusals() {
		t.Run(tc.Name, func(t *testing.T) {
			before := base.Clone()
			_, _, err := base.WithRound(tc.Round)
			if err == nil {
				t.Fatal("accepted")
			}
			var ie *sk.InvalidError
			if !errors.As(err, &ie) || !errors.Is(err, sk.ErrInvalid) || ie.Round != 3 {
				t.Fatalf("error %T %v, want an InvalidError about round 3", err, err)
			}
			if !strings.Contains(err.Error(), tc.Want) {
				t.Fatalf("error %q, want it to say %q", err, tc.Want)
			}
			if len(base.Rounds) != len(before.Rounds) {
				t.Fatal("the refused round changed the sheet")
			}
		})
	}
}

func TestModules(t *testing.T) {
	s := sheettest.ModuleBase(t)
	// Round 2: Ben's Loot went to Ann's trick and both made their bids (+20
	// each); Ann's Rascal won a trick and she wagered 20 on her bid.
	_, sc := sheettest.Add(t, s, sk.Round{Bids: []int{2, 0, 0}, Won: []int{2, 0, 0}, Loot: [][]int{{1, 0}}, Wagers: []int{20, 0, 0}})
	if got, want := sc.Rounds[1].Points, []int{40 + 20 + 20, 20 + 20, 20}; !slices.Equal(got, want) {
		t.Fatalf("points %v, want %v", got, want)
	}
	for _, tc := range sheettest.ModuleRefusals() {
		t.Run(tc.Name, func(t *testing.T) {
			_, _, err := s.WithRound(tc.Round)
			if err == nil || !strings.Contains(err.Error(), tc.Want) {
				t.Fatalf("error %v, want %q", err, tc.Want)
			}
		})
	}
}
