package tui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
)

// waitingOnAnn is a status that waits for Ann, told to Ann herself.
var waitingOnAnn = regexp.MustCompile(`(?i)waiting for (you|[^.…]*\bAnn\b)|Ann +to play|Ann decides|for Ann\b`)

// Rule: the person is never told the table waits for them: their turn is
// "your turn", their bid or choice on its way is said so. Checked on every
// screen of a game with every module, and with each decision in flight.
func TestNeverWaitingForOneself(t *testing.T) {
	o := skullking.DefaultOptions()
	o.Loot, o.Kraken, o.WhiteWhale, o.PirateAbilities = true, true, true, true
	o.Rounds = 6
	sc := newScripted(t, 4, o, 8, "Ann", "Ben", "Cat", "Dan")
	g := sc.g
	turns := 0
	check := func() {
		t.Helper()
		sc.m.overlay = overlayNone
		for _, inflight := range []bool{false, true} {
			sc.m.inflight = inflight
			out := strings.Join(strings.Fields(plain(sc.m)), " ")
			if bad := waitingOnAnn.FindString(out); bad != "" {
				t.Fatalf("Ann is told %q:\n%s", bad, plain(sc.m))
			}
		}
		sc.m.inflight = false
		if g.Phase() == skullking.PhasePlaying && g.Turn() == 0 {
			turns++
			if !strings.Contains(strings.ToLower(plain(sc.m)), "your turn") {
				t.Fatalf("Ann's turn is not called hers:\n%s", plain(sc.m))
			}
		}
	}
	for !g.Over() {
		check()
		// Ann decides last, so the screen shows her the others' progress.
		for _, s := range []int{1, 2, 3, 0} {
			if legal := g.LegalActions(s, nil); len(legal) > 0 {
				sc.do(legal[len(legal)-1])
				break
			}
		}
	}
	if turns == 0 {
		t.Fatal("Ann never had a turn")
	}
}
