package webtest

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"
)

// TestScoreKeeperEditLinkIsLive has two phones on one sheet's edit link.
// A round entered on one shows on the other at once, while the other
// keeps the round it was typing: entered there too, it is shown beside
// the first phone's to choose from, never entered a second time. Then
// the second phone loses the network: it says it is offline, keeps its
// own round 2 while the first enters another, and once back its stale
// write is refused with both round 2s side by side — the server keeps one.
func TestScoreKeeperEditLinkIsLive(t *testing.T) {
	var benCut atomic.Bool
	base := startKeeperSiteCut(t, func(r *http.Request) bool {
		c, err := r.Cookie("phone")
		return benCut.Load() && err == nil && c.Value == "ben"
	})
	a := newPage(t, "Ann's phone", 390, 844)
	a.nav(base + "/sheet")
	newThreeRoundSheet(a)
	edit := eval[string](a, `location.href`)
	id := eval[string](a, `location.pathname.slice(7)`)
	b := newPage(t, "Ben's phone", 390, 844)
	b.nav(edit)
	eval[bool](b, `(document.cookie = 'phone=ben; path=/') && true`) // names Ben's phone to the network cut
	savedThen(b, `document.querySelector('[data-key="bid-0-0"]')`)

	// Ben's phone starts round 1 its own way (Cat bid 1) when Ann's phone
	// enters it (Ann bid 1 and won it: 20, 10, 10).
	for i, v := range []int{0, 0, 1} {
		b.click(fmt.Sprintf(`[data-key="bid-%d-%d"]`, i, v))
	}
	enterRound(a, []int{1, 0, 0}, []int{1, 0, 0})
	b.until("Ann's round 1 on Ben's phone, beside Ben's own",
		reads(`totalsAre('20 10 10') && /Round 1 was entered on another phone/.test(text('#clash-h')) && `+
			`cells('#clash-mine-side td:nth-child(2)') === '0 0 1' && cells('#clash-theirs-side td:nth-child(2)') === '1 0 0' && text('#sync-status') === 'Saved.'`),
		2*time.Second)

	b.screenshot("scorekeeper-phone-clash", false)

	// Ben keeps his: it corrects round 1 rather than becoming round 2, and
	// Ann's phone shows the correction as soon.
	b.click("#clash-mine")
	b.waitVisible(`[data-key="bid-2-1"][aria-pressed="true"]`)
	if h := eval[string](b, `document.querySelector('#round-h').textContent`); h != "Correct round 1 · 1 card each" {
		t.Fatalf("Ben's phone goes on with %q", h)
	}
	nextStep(b, "#tricks-check")
	for i, v := range []int{0, 0, 1} {
		b.click(fmt.Sprintf(`[data-key="won-%d-%d"]`, i, v))
	}
	nextStep(b, "#events-check")
	nextStep(b, "#preview table")
	b.click("#save-round:not([disabled])")
	a.until("Ben's correction on Ann's phone", reads(`totalsAre('10 10 20') && text('#sync-status') === 'Saved.'`), 2*time.Second)
	if n := serverRounds(a, id); n != 1 {
		t.Fatalf("the server has %d rounds, want round 1 once", n)
	}

	// Ben's phone loses the network; Ann's enters round 2 (2 cards: Ann
	// and Ben bid 1 and won it, Cat bid 0: 20, 20, 20). Ben's phone, whose
	// question about it goes unanswered, says so rather than "Saved.".
	benCut.Store(true)
	enterRound(a, []int{1, 1, 0}, []int{1, 1, 0})
	savedThen(a, reads(`totalsAre('30 30 40')`))
	b.until("Ben's phone offline", reads(`/^Offline/.test(text('#sync-status'))`), 10*time.Second)
	// It enters its own round 2 (Cat bid 2 and won them), kept on the phone.
	enterRound(b, []int{0, 0, 2}, []int{0, 0, 2})
	b.until("Ben's round 2 kept on the phone", reads(`text('#sync-status') === 'Saved on this device; will sync when online.'`), 10*time.Second)

	// Back online, its write made on version 3 is refused: both round 2s,
	// side by side, for Ben to keep one.
	benCut.Store(false)
	eval[bool](b, `window.dispatchEvent(new Event('online')) || true`)
	b.until("both round 2s side by side", `document.querySelectorAll('#conflict li[data-part="round"] .sk-side table').length === 2`, 10*time.Second)
	forgetLogged(b, "409")
	if n := serverRounds(a, id); n != 2 {
		t.Fatalf("the server has %d rounds while Ben's phone chooses, want 2", n)
	}
	b.click("#keep-theirs")
	savedThen(b, reads(`totalsAre('30 30 40')`))
	if n := serverRounds(a, id); n != 2 {
		t.Fatalf("the server has %d rounds, want 2: round 2 once", n)
	}
}

// reads is the condition js with the helpers it reads the page with:
// text(sel), the cells(sel) of a table column joined, totalsAre(want).
func reads(js string) string {
	return `(() => { const text = (sel) => (document.querySelector(sel) || {}).textContent;
		const cells = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent).join(' ');
		const totalsAre = (want) => cells('#totals .total') === want;
		return ` + js + `; })()`
}

// serverRounds is how many rounds the server has of sheet id.
func serverRounds(p *page, id string) int {
	p.t.Helper()
	return eval[int](p, `fetch('/api/sheets/`+id+`').then((r) => r.json()).then((s) => s.rounds.length)`)
}
