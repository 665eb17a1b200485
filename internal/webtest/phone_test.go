package webtest

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// sideways says how much wider than the screen the page is laid out — 0
// when nothing scrolls sideways — and, if it is, its widest elements.
func sideways(p *page) string {
	return eval[string](p, `(() => {
		const w = innerWidth, sw = document.documentElement.scrollWidth;
		if (sw === w) return '';
		const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + .5)
			.slice(0, 6).map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && e.className.baseVal === undefined ? '.' + e.className : ''));
		return sw + 'px for a screen of ' + w + 'px (' + wide.join(', ') + ')';
	})()`)
}

// overlap names the elements of sels whose boxes cross the box of sel.
func overlap(p *page, sel string, sels ...string) string {
	list, _ := json.Marshal(sels)
	return eval[string](p, `((sel, others) => {
		const a = document.querySelector(sel);
		if (!a) return sel + ' is not on the page';
		const r = a.getBoundingClientRect();
		return others.filter((o) => [...document.querySelectorAll(o)].some((b) => {
			const q = b.getBoundingClientRect();
			return r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom;
		})).join(', ');
	})(`+quote(sel)+`, `+string(list)+`)`)
}

// phoneWidths are the narrowest and widest phones the layout is for, and
// a common one between.
var phoneWidths = []int64{360, 390, 414}

// TestPhoneWidths lays the lobby, the create form and a table of eight out
// on phones from 360 to 414 px wide — one page, resized at each moment:
// nothing scrolls sideways, the dock under the trick never covers it, the
// hand reads normally through the bidding, and why a card waits is said in
// the line under the hand, which covers neither the Confirm-bid button nor
// the status line.
func TestPhoneWidths(t *testing.T) {
	s := startSite(t)
	p := newPage(t, "Ann", phoneWidths[0], 800)
	// each runs a check at every width, the page laid out anew for each.
	each := func(where string, check func(width int64)) {
		t.Helper()
		for _, width := range phoneWidths {
			p.do("resize", chromedp.EmulateViewport(width, 800))
			p.until("the new width", `innerWidth === `+itoa(int(width)), 5*time.Second)
			if w := sideways(p); w != "" {
				p.screenshot(fmt.Sprintf("sideways-%d", width), true)
				t.Errorf("%s at %dpx: the page is %s", where, width, w)
			}
			if check != nil {
				check(width)
			}
		}
	}
	p.nav(s.Base + "/")
	p.waitVisible("#create")
	p.do("type a nickname", clearAndType("#nick", "Ann"))
	each("the lobby", nil)
	// Eight seats, seven of them quick bots, on a schedule that deals the
	// most a table of eight holds from round 1.
	for range 4 {
		p.click(`#seat-list .row button`)
	}
	for i := 2; i <= 8; i++ {
		p.do("a bot", selectValue(fmt.Sprintf(`#seat-list select[aria-label="Seat %d"]`, i), "bot:random"))
	}
	p.do("Broadside", selectValue("#opt-schedule", "broadside"))
	p.click("#house-rules summary")
	each("the create form", nil)
	p.click(`#create button[type=submit]`)
	p.waitVisible("#start")
	each("the table before the start", nil)
	p.click("#start")
	p.waitVisible("#bid-confirm")
	p.until("eight cards dealt", `document.querySelectorAll('.hand .card').length === 8`, 10*time.Second)
	if n := eval[int](p, `document.querySelectorAll('.hand .card.refused').length`); n != 0 {
		t.Errorf("%d cards are greyed out through the bidding", n)
	}
	// A card tapped in the bidding says why it waits, under the hand.
	p.click(".hand .card")
	p.until("the reason under the hand", `document.querySelector('#whyline').textContent !== ''`, 5*time.Second)
	each("the bidding", func(width int64) {
		if o := overlap(p, "#whyline", "#bid-confirm", "#turnline", "[data-group=bid]", ".hand .card"); o != "" {
			t.Errorf("at %dpx the line of reasons covers %s", width, o)
		}
	})
	p.playUntil(myTurnMidTrick, 30*time.Second)
	refused := eval[bool](p, `!!document.querySelector('.hand .card.refused')`)
	if refused {
		// A card refused on the player's turn is greyed and says why.
		p.click(".hand .card.refused")
		p.until("the reason under the hand", `document.querySelector('#whyline').textContent !== ''`, 5*time.Second)
	}
	each("a trick", func(width int64) {
		if o := overlap(p, "#trick", ".dock"); o != "" {
			p.screenshot(fmt.Sprintf("covered-%d", width), false)
			t.Errorf("at %dpx the dock covers the trick", width)
		}
		if o := overlap(p, "#whyline", "#turnline", ".hand .card"); refused && o != "" {
			t.Errorf("at %dpx the line of reasons covers %s", width, o)
		}
		if width == 390 {
			p.screenshot("trick-eight-phone", false)
		}
	})
}
