package webtest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// TestReviewPage plays a two-round game against quick bots on a phone,
// opens the captain's review from the game-over screen and checks it: one
// entry for every decision the record holds for the player's seat, the
// three costliest first; each decision shown at the table, every hand
// around it, stepped through with the arrow keys; no engine code in any
// text; nothing wider than the screen. Without the seat's token the page
// asks whose review to show. (review_layout_test.go checks the table, the
// list, whose decisions are offered and who words them.)
func TestReviewPage(t *testing.T) {
	s := testserver.StartWith(t, func(c *server.Config) { c.ReviewBudget = 0.05 }, "--bot-delay", "5ms")
	created := s.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random"), testserver.Bot("random"),
		testserver.Bot("random")}, testserver.Settings(2))
	id := created.ID
	p := newPage(t, "Ann", 390, 844)
	p.nav(s.Base + "/")
	eval[bool](p, `(localStorage.setItem('sk.pause', 'off'), localStorage.setItem('sk.seat.`+id+`',
		JSON.stringify({seat: `+strconv.Itoa(created.Seat)+`, token: `+quote(created.Token)+`})), true)`)
	p.nav(s.Base + "/t/" + id)
	p.click("#start")
	p.playUntil(`document.querySelector('#game-over')`, time.Minute)
	eval[bool](p, watchTextsJS+`('Ann')`)
	p.click("#go-review")
	p.until("the review", `document.querySelector('#review-decisions')`, 20*time.Second)

	rec, _ := s.Record(id)
	want := 0
	if _, err := rec.Walk(func(v skullking.SeatView, a skullking.Action) {
		if int(a.Seat) == created.Seat {
			want++
		}
	}); err != nil {
		t.Fatal(err)
	}
	if got := eval[int](p, `document.querySelectorAll('#review-decisions > li').length`); got != want || want < 5 {
		t.Fatalf("the review lists %d decisions; the record has %d for the seat (2 bids and 3 cards at least)\n%s", got, want, p.snapshot())
	}
	if n := eval[int](p, `document.querySelectorAll('#review-costliest > li').length`); n > 3 {
		t.Fatalf("%d costliest decisions, want 3 at most", n)
	}
	total := eval[string](p, `document.querySelector('#review-total').textContent`)
	if !strings.HasPrefix(total, "Your decisions gave up ") {
		t.Fatalf("total line %q", total)
	}

	// Every decision of the player's in turn, stepped through with the
	// arrow keys: the four hands around the table, and the decision beside
	// the trick, the player's own.
	for i := range want {
		heading := fmt.Sprintf("(%d of %d)", i+1, want)
		if i > 0 {
			p.keys(kb.ArrowRight)
		}
		p.until(heading, `document.querySelector('#step-h').textContent.endsWith(`+quote(heading)+`)`, 5*time.Second)
		if n := eval[int](p, `document.querySelectorAll('#review-table .review-hand').length`); n != 4 {
			t.Fatalf("%s: %d hands shown, want 4", heading, n)
		}
		if mine := eval[string](p, `document.querySelector('#review-decision .did > span')?.textContent || ''`); !strings.HasPrefix(mine, "You chose ") {
			t.Fatalf("%s: the decision beside the table reads %q", heading, mine)
		}
	}
	p.keys(kb.ArrowLeft)
	back := fmt.Sprintf("(%d of %d)", want-1, want)
	p.until("back a decision", `document.querySelector('#step-h').textContent.endsWith(`+quote(back)+`)`, 5*time.Second)
	p.screenshot("review-phone", true)
	if w := sideways(p); w != "" {
		t.Fatalf("the review scrolls sideways: %s", w)
	}
	if bad := eval[[]string](p, `window.__bad`); len(bad) > 0 {
		t.Fatalf("the review wrote:\n%s", strings.Join(bad, "\n"))
	}

	// Without the seat's token: a seat picker, and the picked seat's review.
	eval[bool](p, `(localStorage.removeItem('sk.seat.`+id+`'), true)`)
	p.nav(s.Base + "/t/" + id + "/review")
	p.waitReview()
	if eval[bool](p, `!!document.querySelector('#review-decisions')`) {
		t.Fatal("a review is shown before a seat is picked")
	}
	p.do("pick a bot's seat", selectValue("#review-seat", "1"))
	p.until("the bot's review", `document.querySelector('#review-decisions > li')`, 5*time.Second)
}
