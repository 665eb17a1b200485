package webtest

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestFullGameAgainstBots plays a whole standard game from the lobby's
// one-click start, by clicking: bids, cards, the Tigress, to the end, the
// score sheet and the chart.
func TestFullGameAgainstBots(t *testing.T) {
	s := startSite(t)
	p := newPage(t, "Ann", 1280, 900)
	p.nav(s.Base + "/")
	p.waitVisible("#play-now")
	p.until("public tables listed", `document.querySelector('#public-tables li')`, 15*time.Second)
	p.do("type a nickname", clearAndType("#nick", "Ann"))
	p.screenshot("lobby", false)
	p.click("#play-now")

	// The table starts by itself: you and three bots, standard rules.
	p.waitVisible("#round-info")
	info := eval[string](p, `document.querySelector('#round-info').textContent`)
	if !strings.Contains(info, "Round 1 of 10") {
		t.Fatalf("round line %q", info)
	}
	if n := eval[int](p, `document.querySelectorAll('.seat').length`); n != 4 {
		t.Fatalf("%d seats, want 4", n)
	}

	// Play to the middle of a trick in round 3 and look at it.
	p.playUntil(`(() => { const r = document.querySelector('#round-info'); return r && /Round [3-9]/.test(r.textContent) &&
		document.querySelectorAll('#trick:not(.last) li[data-seat]').length >= 2 && document.querySelector('.hand.myturn'); })()`, time.Minute)
	if eval[int](p, `document.querySelectorAll('#trick:not(.last) li.winning').length`) != 1 {
		t.Fatalf("no card marked as winning in a trick of two or more\n%s", p.snapshot())
	}
	p.screenshot("trick-desktop", false)
	// The bids line compares bids with the round's cards once they are
	// revealed (the deal decides in which round the trick above came).
	line := eval[string](p, `document.querySelector('#round-info').textContent`)
	m := regexp.MustCompile(`Round (\d+) of 10 · (\d+) cards · bids \d+ / (\d+) \((over by \d+|under by \d+|even)\)`).FindStringSubmatch(line)
	if m == nil || m[1] != m[2] || m[2] != m[3] {
		t.Fatalf("bids line: %q", line)
	}

	// The rest of the game.
	clicks := p.playUntil(`document.querySelector('#game-over')`, 3*time.Minute)
	t.Logf("game over after %d more clicks", clicks)
	winner := eval[string](p, `document.querySelector('#winner').textContent`)
	if !regexp.MustCompile(`wins? with -?\d+ points|share the win`).MatchString(winner) {
		t.Fatalf("winner line %q", winner)
	}
	if rows := eval[int](p, `document.querySelectorAll('#game-over table.sheet tbody tr').length`); rows < 10 {
		t.Fatalf("the sheet has %d rounds, want 10 or more", rows)
	}
	if lines := eval[int](p, `document.querySelectorAll('#game-over svg.chart polyline').length`); lines != 4 {
		t.Fatalf("the chart has %d lines, want 4", lines)
	}
	href := eval[string](p, `document.querySelector('#download-record').getAttribute('href')`)
	if !strings.HasSuffix(href, "/record") {
		t.Fatalf("record link %q", href)
	}
	status := eval[int](p, `fetch(document.querySelector('#download-record').href).then(r => r.status)`)
	if status != 200 {
		t.Fatalf("the record answers %d", status)
	}
	p.do("scroll to the chart", scrollTo("#game-over svg.chart"))
	p.screenshot("final-chart", false)

	// A rematch: same settings and seats, and Ann's token takes her seat
	// there.
	first := eval[string](p, `location.pathname`)
	p.click("#rematch")
	p.click("#go-rematch")
	p.waitVisible("#table-lobby")
	if next := eval[string](p, `location.pathname`); next == first {
		t.Fatalf("the rematch is the same table %s", next)
	}
	if me := eval[string](p, `document.querySelector('#lobby-seats li').textContent`); !strings.Contains(me, "Ann (you)") {
		t.Fatalf("in the rematch seat 1 is %q", me)
	}
	p.click("#start")
	p.waitVisible("#bid-confirm")
}
