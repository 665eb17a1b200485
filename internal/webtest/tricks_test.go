package webtest

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// TestBrowseTheRoundsTricks plays into the third trick of a round on a
// phone and presses t, as a player who forgot what was played: the
// window lists the round's two completed tricks, in order, each with a
// card from every seat, the winner marked and the sentence that says
// why — the last one word for word as the table said it — and nothing
// in it scrolls sideways. t again closes it; the Tricks button opens it.
func TestBrowseTheRoundsTricks(t *testing.T) {
	s := startSeeded(t, 7)
	st := testserver.Settings(0)
	st.Options.ScheduleCards = []int{6}
	created := s.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random"), testserver.Bot("random")}, st)
	p := newPage(t, "Ann", 390, 844)
	p.nav(s.Base + "/")
	eval[bool](p, `(localStorage.setItem('sk.seat.`+created.ID+`', JSON.stringify({seat: `+strconv.Itoa(created.Seat)+`, token: `+quote(created.Token)+`})), true)`)
	p.nav(s.Base + "/t/" + created.ID)
	p.click("#start")
	p.waitVisible("#round-info")
	const third = `document.querySelector('.felt[aria-label="Trick 3"]') && document.querySelector('#prior')`
	p.playUntil(third, time.Minute)
	last := eval[string](p, `document.querySelector('#prior').textContent.replace(/^Last trick: /, '')`)

	p.keys("t")
	p.until("the tricks window", `document.querySelector('#sheet-dialog[open][data-mode="tricks"]')`, 5*time.Second)
	tricks := eval[[]string](p, `[...document.querySelectorAll('#trick-list > li')].map((li) =>
		li.querySelector('h3').textContent + '|' + li.querySelectorAll('.trick > li[data-seat]').length + '|' +
		li.querySelectorAll('.trick > li.winning').length + '|' + li.querySelector('.outcome').textContent)`)
	if len(tricks) != 2 {
		t.Fatalf("the window lists %d tricks, want 2:\n%s", len(tricks), strings.Join(tricks, "\n"))
	}
	for i, tr := range tricks {
		f := strings.SplitN(tr, "|", 4)
		if f[0] != "Trick "+strconv.Itoa(i+1) || f[1] != "3" || f[2] != "1" || f[3] == "" {
			t.Errorf("trick %d reads %q: want its number, 3 cards, one marked winner and a sentence", i+1, tr)
		}
	}
	if got := strings.SplitN(tricks[1], "|", 4)[3]; got != last {
		t.Errorf("the window says of trick 2 %q; the table said %q", got, last)
	}
	if w := sideways(p); w != "" {
		t.Errorf("the tricks window on a phone: the page is %s", w)
	}
	p.keys("t")
	p.until("the window closed", `!document.querySelector('#sheet-dialog[open]')`, 5*time.Second)
	p.click("#open-tricks")
	p.until("the window open from its button", `document.querySelector('#sheet-dialog[open][data-mode="tricks"]')`, 5*time.Second)
}
