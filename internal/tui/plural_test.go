package tui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/tui/local"
)

// badPlural is a count of one with a plural noun: "1 cards".
var badPlural = regexp.MustCompile(`(^|[^0-9.,])1 (card|trick|round|point|seat|player|level|character|bid|bonus)(s|es)\b`)

// Rule: every count on the screen agrees with its noun: a whole game of
// two (Graybeard's pile comes down to 1 card), every panel after every
// action.
func TestPluralsAgree(t *testing.T) {
	for _, bad := range []string{"ghost, 1 cards face down", "Round 1 scored (1 cards each)"} {
		if !badPlural.MatchString(bad) {
			t.Fatalf("the check misses %q", bad)
		}
	}
	sc := newScripted(t, 2, skullking.DefaultOptions(), 5, "Ann", "Ben")
	screens := 0
	check := func() {
		t.Helper()
		for _, o := range []overlay{overlayNone, overlaySheet, overlayRound, overlayTricks, overlayChart, overlayHelp} {
			sc.m.overlay = o
			out := strings.Join(strings.Fields(plain(sc.m)), " ")
			if bad := badPlural.FindString(out); bad != "" {
				t.Fatalf("%q on the screen:\n%s", bad, plain(sc.m))
			}
			screens++
		}
	}
	g := sc.g
	for !g.Over() {
		for s := 0; s < g.Players(); s++ {
			if legal := g.LegalActions(s, nil); len(legal) > 0 {
				sc.do(legal[0])
				check()
				break
			}
		}
	}
	if screens == 0 {
		t.Fatal("no screen checked")
	}
	// The local table's refusal counts its seats too.
	_, err := local.New(local.Config{Players: 2, Options: skullking.DefaultOptions(), Bots: []string{"random", "random"}})
	if err == nil || !strings.Contains(err.Error(), "2 bot levels for 1 bot seat:") {
		t.Errorf("two levels for one bot seat: %v", err)
	}
}

// Rule: Graybeard's pile is told with the right noun: 1 card, 2 cards.
func TestGraybeardPilePlural(t *testing.T) {
	sc := newScripted(t, 2, skullking.DefaultOptions(), 5, "Ann", "Ben")
	sc.m.overlay = overlayNone
	for _, c := range []struct {
		pile int
		want string
	}{{1, "ghost, 1 card face down"}, {2, "ghost, 2 cards face down"}} {
		sc.m.v.Seats[2].HandSize = c.pile
		if out := plain(sc.m); !strings.Contains(out, c.want) {
			t.Errorf("pile of %d: no %q:\n%s", c.pile, c.want, out)
		}
	}
}
