package tui

import (
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
)

// Rule: once a round is scored, the line telling its last trick says what
// the trick's bonus came to — counted, or lost with the missed bid — and
// no longer "if Ann's bid is exact" or "can no longer hold", which through
// the next round's bidding would speak of the new bid (issue 25). Checked
// on the round's summary and on the table after it, over whole games.
func TestBonusLineAfterTheRoundIsScored(t *testing.T) {
	counted, lost := 0, 0
	for seed := uint64(1); seed <= 12 && (counted == 0 || lost == 0); seed++ {
		sc := newScripted(t, 3, skullking.DefaultOptions(), seed, "Ann", "Ben", "Cat")
		g := sc.g
		for !g.Over() {
			round := g.Round()
			for s := 0; s < 3; s++ {
				sc.do(skullking.Bid(s, 1))
			}
			sc.playRound()
			told := sc.m.toldTrick()
			if told == nil || told.Round != round || told.Bonus == 0 || told.Winner < 0 {
				continue
			}
			for _, overlay := range []overlay{overlayRound, overlayNone} {
				sc.m.overlay = overlay
				screen := strings.Join(strings.Fields(plain(sc.m)), " ")
				if strings.Contains(screen, "bid is exact") || strings.Contains(screen, "can no longer hold") {
					t.Fatalf("seed %d, round %d scored: the bonus line still speaks of the bid to come:\n%s", seed, round, plain(sc.m))
				}
				want := sc.m.words.BonusScored(told)
				if !strings.Contains(screen, want) {
					t.Fatalf("seed %d, round %d scored: the screen does not say %q:\n%s", seed, round, want, plain(sc.m))
				}
			}
			if told.BonusLost {
				lost++
			} else {
				counted++
			}
		}
	}
	if counted == 0 || lost == 0 {
		t.Fatalf("the games showed %d counted and %d lost bonuses on a round's last trick: want both", counted, lost)
	}
}
