package webtest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// screenSize is a screen the table is laid out for.
type screenSize struct{ w, h int64 }

func (s screenSize) String() string { return fmt.Sprintf("%d×%d", s.w, s.h) }

// layoutSizes are the phones from 360 to 414 px wide, at their usual
// heights, and a laptop's screen.
var layoutSizes = []screenSize{{360, 800}, {390, 844}, {414, 896}, {1280, 800}}

// hiddenJS lists what the player cannot see or reach at this moment
// without scrolling: a control to act on, the trick and the sentence that
// says who won it, the player's own seat, the round just scored, each
// wholly on the screen with nothing over it; what only this seat knows
// (Juanita's look) with nothing over it wherever it shows; no page wider
// than the screen; and no text cut off. A point of an element is covered
// when the element found there is neither it nor inside it.
const hiddenJS = `(() => {
	const out = [];
	const w = innerWidth, vh = innerHeight;
	if (document.documentElement.scrollWidth > w) out.push('the page is ' + document.documentElement.scrollWidth + 'px wide');
	const name1 = (e) => e.id ? '#' + e.id : e.dataset && e.dataset.key ? '[data-key=' + e.dataset.key + ']' :
		e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className ? '.' + e.className.split(' ')[0] : '');
	const name = (e) => { const at = e.parentElement && e.parentElement.closest('[id]'); return name1(e) + (at && !e.id ? ' in #' + at.id : ''); };
	const corners = [[.5, .5], [.1, .1], [.9, .1], [.1, .9], [.9, .9]];
	// Eight seats on a phone leave room for the round just scored at the
	// top of the table through the bidding, not for the last trick beside
	// it too: that trick is then a scroll of the table away, but never
	// under anything.
	const crowded = document.querySelectorAll('#seats > .seat').length >= 5 && w <= 600;
	const check = (sel, whole, points) => {
		for (const e of document.querySelectorAll(sel)) {
			const r = e.getBoundingClientRect();
			if (r.width === 0 || r.height === 0) continue;
			// What the table's own box (the stage) scrolls is seen through it.
			const box = e.closest('#stage') ? e.closest('#stage').getBoundingClientRect() : { top: 0, bottom: vh };
			const top = Math.max(0, box.top), bottom = Math.min(vh, box.bottom);
			if (whole && !(crowded && e.closest('.recap') && !e.closest('#round-summary')) &&
				(r.top < top - .5 || r.bottom > bottom + .5 || r.left < -.5 || r.right > w + .5)) {
				out.push(name(e) + ' is out of view: ' + Math.round(r.top) + ' to ' + Math.round(r.bottom) + ', the screen shows ' + Math.round(top) + ' to ' + Math.round(bottom));
				continue;
			}
			for (const [fx, fy] of points || corners) {
				const x = r.left + r.width * fx, y = r.top + r.height * fy;
				if (x < 0 || y < top || x >= w || y >= bottom) continue;
				const hit = document.elementFromPoint(x, y);
				if (hit && !e.contains(hit)) {
					out.push(name(e) + ' is covered by ' + name(hit) + ' at ' + Math.round(x) + ',' + Math.round(y));
					break;
				}
			}
		}
	};
	check('#turnline', true);
	check('.dock .mine-seat .seat', true);
	check('[data-group=bid], #bid-confirm, #decision button, #tigress button, #skip-pause', true);
	// A card in a hand of nine or ten overlaps the next: its corner, with
	// the rank, is what shows and is tapped.
	check('.hand .card', true, [[.15, .2]]);
	check('#trick, #outcome, #lead', true);
	check('#round-summary', true);
	check('#secrets .card', false);
	// No word cut off: a label, a button or a line whose text is wider
	// than its box, which hides the rest.
	for (const e of document.querySelectorAll('button, label, summary, h1, h2, h3, th, td, .seat, #turnline, #whyline, p, li')) {
		// What only a screen reader reads is a pixel wide on purpose; a
		// name, which a player may make as long as they like, and a crowded
		// phone's seat lines end in an ellipsis on purpose.
		if (!e.checkVisibility() || e.closest('.sr-only, .who, .brand, table.summary th[scope=row], #round-breakdown th.l') ||
			crowded && e.closest('.seat .st')) continue;
		const cs = getComputedStyle(e);
		if ((cs.overflowX === 'hidden' || cs.overflowX === 'clip') && e.scrollWidth > e.clientWidth + 1) {
			out.push(name(e) + ' cuts off its text ("' + e.textContent.trim().slice(0, 40) + '"): ' + e.scrollWidth + 'px in ' + e.clientWidth + 'px');
		}
	}
	return out;
})()`

// TestLayoutEveryPhase plays games of 4 and 8 players with every module,
// on rounds of the most cards a table deals, laying the table out anew
// at each moment the player acts — at 360, 390 and 414 px wide and on a
// laptop, in turn — and finds nothing the player needs covered or off
// the screen: no control, no trick, no sentence of who won it, not the
// player's own seat during a decision, not the round just scored.
// At the end the review and the rematch are in view with the winner, and
// the game's end is said once. The deals are seeded, and the player
// plays the first card it may, so that each game brings the decisions
// it names.
func TestLayoutEveryPhase(t *testing.T) {
	for _, c := range []struct {
		players  int
		seed     uint64
		schedule []int
		cannons  bool // Rascal's scoring with cannon loads
		brings   []string
	}{
		{4, 5, []int{10, 9}, false, []string{"Rosie D'Laney's choice of leader", "Bendt the Bandit's draw", "Bendt the Bandit's discard",
			"what only you know", "tigress", "Rascal of Roatan's wager"}},
		{4, 12, []int{10, 9}, false, []string{"Harry the Giant's bid change"}},
		{8, 3, []int{8}, true, []string{"Rosie D'Laney's choice of leader", "cannon load"}},
	} {
		t.Run(fmt.Sprintf("%d players, seed %d", c.players, c.seed), func(t *testing.T) {
			s := startSeeded(t, c.seed)
			st := testserver.Settings(0)
			st.Options.ScheduleCards = c.schedule
			st.Options.PirateAbilities = true
			st.Options.Loot = true
			st.Options.Kraken = true
			st.Options.WhiteWhale = true
			if c.cannons {
				st.Options.Scoring = skullking.RascalScoring
				st.Options.CannonLoad = true
			}
			seats := []protocol.SeatSpec{testserver.Open}
			for range c.players - 1 {
				seats = append(seats, testserver.Bot("random"))
			}
			created := s.Create("Ann", seats, st)
			p := newPage(t, "Ann", 390, 844)
			p.nav(s.Base + "/")
			eval[bool](p, `(localStorage.setItem('sk.seat.`+created.ID+`', JSON.stringify({seat: `+itoa(created.Seat)+`, token: `+quote(created.Token)+`})), true)`)
			p.nav(s.Base + "/t/" + created.ID)
			p.click("#start")
			p.waitVisible("#round-info")
			checked, faults := playLaidOut(t, p, layoutSizes, 3*time.Minute)
			seen := eval[[]string](p, `window.__seen ? [...window.__seen] : []`)
			t.Logf("%d moments checked; seen: %s", checked, strings.Join(seen, ", "))
			for _, d := range c.brings {
				if !slices.Contains(seen, d) {
					t.Errorf("the game brought no %q to lay out (seen: %s)", d, strings.Join(seen, ", "))
				}
			}
			if faults > 0 {
				return
			}
			resize(p, screenSize{1280, 800})
			p.waitVisible("#game-over")
			eval[bool](p, `(scrollTo(0, 0), true)`)
			for _, sel := range []string{"#winner", "#go-review", "#rematch", "#download-record"} {
				inView(t, p, sel)
			}
			if n := eval[int](p, `document.querySelector('main').innerText.split('Game over').length - 1`); n != 1 {
				t.Errorf("the page says the game is over %d times:\n%s", n, p.snapshot())
			}
			// The game's chart reads on a phone as the score keeper's does.
			resize(p, screenSize{390, 844})
			if got := eval[string](p, chartProblems); got != "" {
				t.Errorf("on a phone the game's chart is hard to read: %s", got)
			}
		})
	}
}

// resize lays the page out for a screen size.
func resize(p *page, size screenSize) {
	p.t.Helper()
	p.do("resize to "+size.String(), chromedp.EmulateViewport(size.w, size.h))
	p.until("the new size", fmt.Sprintf(`innerWidth === %d && innerHeight === %d`, size.w, size.h), 5*time.Second)
}

// playLaidOut plays the page's seat to the end of the game as playUntil
// does, checking before each action, at the next of sizes in turn,
// that nothing the player needs is hidden (hiddenJS). It returns how
// many moments it checked and how many it found at fault; after the
// fifth fault it stops checking.
func playLaidOut(t *testing.T, p *page, sizes []screenSize, timeout time.Duration) (checked, faults int) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		step := eval[string](p, stepJS+"("+fmt.Sprint(p.random)+")")
		switch {
		case step == "over":
			return checked, faults
		case strings.HasPrefix(step, "click:"):
			if faults < 5 {
				size := sizes[checked%len(sizes)]
				resize(p, size)
				// The moment may have passed while the page was laid out
				// anew: check the one on screen now.
				if hidden := eval[[]string](p, hiddenJS); len(hidden) > 0 {
					faults++
					shot := fmt.Sprintf("hidden-%d-%dpx", faults, size.w)
					p.screenshot(shot, false)
					t.Errorf("at %v, %s (test-output/%s.png):\n  %s\n%s", size, eval[string](p, `document.querySelector('#round-info') ? document.querySelector('#round-info').textContent : ''`),
						shot, strings.Join(hidden, "\n  "), p.snapshot())
				}
				checked++
				eval[bool](p, `(document.querySelector('#secrets') && window.__seen && window.__seen.add('what only you know'), true)`)
			}
			if err := p.tryClick(step[len("click:"):]); err == nil {
				for eval[bool](p, `document.body.hasAttribute('data-busy')`) && time.Now().Before(deadline) {
					time.Sleep(10 * time.Millisecond)
				}
			}
		default:
			time.Sleep(25 * time.Millisecond)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end within %v\n%s", timeout, p.snapshot())
		}
	}
}
