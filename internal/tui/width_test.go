package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/locale"
)

// A Korean syllable takes two columns of a terminal: the tables' headings
// still stand over their columns, padded by the width they take on the
// screen, not by their count of characters.
func TestColumnsLineUpInKorean(t *testing.T) {
	sc := newScripted(t, 4, skullking.DefaultOptions(), 1, "Ann", "Ben", "Cat", "Dan")
	sc.m.cfg.Lang = locale.For("ko")
	sc.show()
	seats := sc.m.seatLines()
	if head := ansi.Strip(seats[0]); ansi.StringWidth(head) == len([]rune(head)) {
		t.Fatalf("the headings are not Korean: %q", head)
	}
	g := sc.g
	for len(g.Results()) == 0 {
		for s := 0; s < g.Players(); s++ {
			if legal := g.LegalActions(s, nil); len(legal) > 0 {
				sc.do(legal[0])
				break
			}
		}
	}
	for _, table := range []struct {
		name  string
		lines []string
	}{
		{"seats", seats},
		{"round", sc.m.roundLines()[2:7]}, // heading, four players
		{"sheet", sc.m.sheetLines()[1:4]}, // heading, round 1, total
	} {
		want := width(table.lines[0])
		for _, l := range table.lines[1:] {
			if got := width(l); got != want {
				t.Errorf("%s: a row %d columns wide under a heading of %d:\n%s\n%s", table.name, got, want,
					ansi.Strip(table.lines[0]), ansi.Strip(l))
			}
		}
	}
}

// width is the columns a line takes on the terminal, without its trailing
// spaces.
func width(line string) int { return ansi.StringWidth(strings.TrimRight(ansi.Strip(line), " ")) }
