package webtest

import (
	"encoding/json"
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
// three costliest first; every hand shown at each trick, stepped through
// with the arrow keys; no engine code in any text; nothing wider than the
// screen. Without the seat's token the page asks whose review to show.
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

	// Every hand at every trick, as the server's replay has them: four
	// seats, one card each in round 1, two each at round 2's first trick,
	// one fewer at its second (and a tiebreak round's, if the top tied).
	var rp protocol.Replay
	if err := json.Unmarshal([]byte(eval[string](p, `fetch('/api/tables/`+id+`/replay').then((r) => r.text())`)), &rp); err != nil {
		t.Fatal(err)
	}
	if len(rp.Tricks) < 3 {
		t.Fatalf("the replay has %d tricks, want 3 or more", len(rp.Tricks))
	}
	hands := func() []int {
		return eval[[]int](p, `[...document.querySelectorAll('#review-hands > li')].map((li) => li.querySelectorAll('.card').length)`)
	}
	for i, tr := range rp.Tricks {
		heading := fmt.Sprintf("Round %d, trick %d (%d of %d)", tr.Round, tr.Number, i+1, len(rp.Tricks))
		if i > 0 {
			p.keys(kb.ArrowRight)
		}
		p.until(heading, `document.querySelector('#step-h').textContent === `+quote(heading), 5*time.Second)
		h := hands()
		if len(h) != 4 {
			t.Fatalf("%s: %d hands shown, want 4", heading, len(h))
		}
		for s, n := range h {
			if want := tr.Round + 1 - tr.Number; tr.Round <= 2 && n != want || n != len(tr.Hands[s]) {
				t.Fatalf("%s: seat %d shows %d cards, the replay %d", heading, s, n, len(tr.Hands[s]))
			}
		}
		if eval[int](p, `document.querySelectorAll('#review-hands .card.played').length`) != 4 {
			t.Fatalf("%s: the cards played are not marked in the hands", heading)
		}
		if mine := eval[string](p, `document.querySelector('#review-mine')?.textContent || ''`); !strings.Contains(mine, "You chose to ") {
			t.Fatalf("%s: your decisions there read %q", heading, mine)
		}
	}
	p.keys(kb.ArrowLeft)
	back := rp.Tricks[len(rp.Tricks)-2]
	p.until("back a trick", `document.querySelector('#step-h').textContent.startsWith('Round `+itoa(back.Round)+`, trick `+itoa(back.Number)+` ')`, 5*time.Second)
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
	p.waitVisible("#review-seat")
	if eval[bool](p, `!!document.querySelector('#review-decisions')`) {
		t.Fatal("a review is shown before a seat is picked")
	}
	p.do("pick a bot's seat", selectValue("#review-seat", "1"))
	p.until("the bot's review", `document.querySelector('#review-decisions > li')`, 5*time.Second)

	// A decision a stand-in bot or the timer made for the player is listed
	// apart, out of the player's own and their count (the server's answer
	// is marked as a record with "by" would have it).
	eval[bool](p, `(localStorage.setItem('sk.seat.`+id+`', JSON.stringify({seat: `+strconv.Itoa(created.Seat)+`, token: `+quote(created.Token)+`})),
		(() => {
			const send = window.fetch;
			window.fetch = async (url, init) => {
				const res = await send(url, init);
				if (!String(url).endsWith('/review') || res.status !== 200) return res;
				const rs = await res.json();
				for (const r of rs) {
					r.decisions[0].by = 'bot';
					r.decisions[1].by = 'timer';
					r.total_loss = r.decisions.filter((d) => !d.by).reduce((t, d) => t + d.loss, 0);
				}
				return new Response(JSON.stringify(rs), { status: 200 });
			};
		})(), dispatchEvent(new PopStateEvent('popstate')), true)`)
	p.until("the review with decisions made for the player", `document.querySelector('.review-by')`, 10*time.Second)
	if got := eval[int](p, `document.querySelectorAll('#review-decisions > li').length`); got != want-2 {
		t.Fatalf("the player's own decisions list %d, want %d\n%s", got, want-2, p.snapshot())
	}
	apart := eval[[]string](p, `[...document.querySelectorAll('.review-by')].map((ol) => ol.previousElementSibling.textContent + ': ' + ol.textContent)`)
	if len(apart) != 2 || !strings.HasPrefix(apart[0], "Played for you while away: Round 1, before the first trick: A bot standing in for you chose to bid ") ||
		!strings.HasPrefix(apart[1], "By the timer: ") || !strings.Contains(apart[1], "When the time ran out, the game chose to ") {
		t.Fatalf("the decisions made for the player read %q", apart)
	}
	total = eval[string](p, `document.querySelector('#review-total').textContent`)
	if !strings.Contains(total, " over "+itoa(want-2)+" decisions. 2 decisions made for you are listed apart and not counted.") {
		t.Fatalf("total line %q", total)
	}
}
