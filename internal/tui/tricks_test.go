package tui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/skullking-go/skullking"
)

// Rule: at eight players every trick of the round can be reached: the
// table says which earlier tricks it shows out of how many, and t opens
// them all, a page at a time, each page saying which it shows.
func TestEveryTrickReachableAtEightPlayers(t *testing.T) {
	sc := newScripted(t, 8, skullking.DefaultOptions(), 3, "Ann", "Ben", "Cat", "Dan", "Eve", "Finn", "Gus", "Hal")
	g := sc.g
	for g.Cards() < 8 {
		sc.bids(1, 1, 1, 1, 1, 1, 1, 1)
		sc.playRound()
	}
	sc.bids(1, 1, 1, 1, 1, 1, 1, 1)
	sc.playUntil(func() bool { return len(g.CompletedTricks()) == 7 && len(g.CurrentTrick()) == 1 })
	m := sc.m
	m.overlay = overlayNone
	out := plain(m)
	checkScreen(t, m)
	inline := regexp.MustCompile(`Earlier tricks this round: tricks? (\d+)(?:–(\d+))? of 7`).FindStringSubmatch(out)
	if inline == nil {
		t.Fatalf("the table does not say which earlier tricks it shows:\n%s", out)
	}
	if !strings.Contains(out, "t tricks") {
		t.Errorf("the keys line does not offer t:\n%s", out)
	}

	m.Update(keyMsg("t"))
	if m.overlay != overlayTricks {
		t.Fatal("t opened no panel")
	}
	title := regexp.MustCompile(`Round (\d+): tricks? (\d+)(?:–(\d+))? of 7 played`)
	seen := map[int]bool{}
	page := func() (first, last int) {
		t.Helper()
		out := plain(m)
		if m.h == 24 {
			checkScreen(t, m)
		}
		got := title.FindStringSubmatch(out)
		if got == nil {
			t.Fatalf("the panel does not say which tricks it shows:\n%s", out)
		}
		first, _ = strconv.Atoi(got[2])
		last = first
		if got[3] != "" {
			last, _ = strconv.Atoi(got[3])
		}
		for n := first; n <= last; n++ {
			if !strings.Contains(out, fmt.Sprintf(" %2d. ", n)) {
				t.Fatalf("trick %d is named in the title but not shown:\n%s", n, out)
			}
			seen[n] = true
		}
		return first, last
	}
	// At 80×24, and on a shorter screen where they take pages.
	for _, h := range []int{24, 14} {
		m.Update(tea.WindowSizeMsg{Width: 80, Height: h})
		m.Update(keyMsg("t"))
		m.Update(keyMsg("t"))
		clear(seen)
		first, last := page()
		if last != 7 {
			t.Errorf("%d rows: the panel opens on tricks %d–%d, want the latest", h, first, last)
		}
		if h < 24 && first == 1 {
			t.Fatalf("%d rows: all seven tricks fit on one page: the test pages nothing", h)
		}
		for i := 0; i < 10 && first > 1; i++ {
			m.Update(keyMsg("up"))
			first, _ = page()
		}
		for n := 1; n <= 7; n++ {
			if !seen[n] {
				t.Errorf("%d rows: trick %d was never shown", h, n)
			}
		}
	}
	m.Update(keyMsg("esc"))
	if m.overlay != overlayNone {
		t.Error("Esc left the panel open")
	}
}
