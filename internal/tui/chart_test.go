package tui

import (
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
)

// eightPlayerGame is a whole game of eight, scripted.
func eightPlayerGame(t *testing.T) *scripted {
	t.Helper()
	sc := newScripted(t, 8, skullking.DefaultOptions(), 3, "Ann", "Ben", "Cat", "Dan", "Eve", "Finn", "Gus", "Hal")
	for !sc.g.Over() {
		c := sc.g.Cards()
		sc.bids(1, 0, min(c, 2), min(c, 3), 0, 1, 1, 0)
		sc.playRound()
	}
	return sc
}

// The score chart of a game of eight, at 80×24.
func TestGoldenChart(t *testing.T) {
	sc := eightPlayerGame(t)
	sc.m.Update(keyMsg("esc"))
	sc.m.Update(keyMsg("g"))
	if sc.m.overlay != overlayChart {
		t.Fatal("g opened no chart")
	}
	checkGolden(t, "chart", sc.m)
}

// Rule: the chart draws every seat's total after every round on one scale
// running from the lowest total of the game to the highest: the legend
// names each seat's mark with its total, and after the last round each
// mark stands on its total's row; it fits 80×24 at eight players.
func TestChartPlotsTheTotals(t *testing.T) {
	sc := eightPlayerGame(t)
	m := sc.m
	m.overlay = overlayChart
	checkScreen(t, m)
	out := plain(m)
	rows := strings.Split(out, "\n")
	for s, seat := range m.v.Seats {
		entry := string(seatMarks[s].mark) + " " + seat.Name
		if s == 0 {
			entry += " (you)"
		}
		if !strings.Contains(out, entry+" "+num(seat.Total)) {
			t.Errorf("the legend lacks %q:\n%s", entry, out)
		}
	}
	totals := make([]int, m.v.Players)
	lo, hi := 0, 0
	for s := range totals {
		totals[s] = m.v.Seats[s].Total
		for _, r := range m.v.Results {
			lo, hi = min(lo, r.Totals[s]), max(hi, r.Totals[s])
		}
	}
	var plot []string
	for _, r := range rows {
		if strings.Contains(r, "┤") {
			plot = append(plot, r)
		}
	}
	if len(plot) < 5 {
		t.Fatalf("%d rows of plot:\n%s", len(plot), out)
	}
	col := 7 + len(m.v.Results)*((80-1-7-1)/len(m.v.Results)) // the last round's column
	rowOf := func(total int) int { return (hi - total) * (len(plot) - 1) / (hi - lo) }
	for seat, total := range totals {
		row := plot[rowOf(total)]
		want := seatMarks[seat].mark
		for other, t := range totals {
			if other != seat && rowOf(t) == rowOf(total) {
				want = several // another seat's total on the same row
			}
		}
		if got := []rune(row)[col]; got != want {
			t.Errorf("%s's mark after the last round is %q, want %q:\n%s", m.v.Seats[seat].Name, got, want, out)
		}
	}
	if !strings.HasPrefix(strings.TrimSpace(plot[0]), num(hi)) || !strings.HasPrefix(strings.TrimSpace(plot[len(plot)-1]), num(lo)) {
		t.Errorf("the scale does not run from %d to %d:\n%s", lo, hi, out)
	}
}
