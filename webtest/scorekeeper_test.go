package webtest

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/skullking-go/skullking/scorekeeper"
	"github.com/skullking-go/skullking/server"
)

// startKeeperSite is the real server with the score keeper mounted as
// `skullking serve` mounts it (cmd/skullking/serve.go), on a memory store:
// the test is about the page, and the command's own test covers SQLite.
func startKeeperSite(t *testing.T) string {
	t.Helper()
	m := &server.Main{Stderr: io.Discard}
	if err := m.ParseFlags([]string{"--addr", "127.0.0.1:0", "--data", t.TempDir(), "--http-rate", "-1", "--log-level", "error"}); err != nil {
		t.Fatal(err)
	}
	sk := scorekeeper.NewHandler(scorekeeper.NewMemoryStore())
	m.Config.Mount = map[string]http.Handler{"/api/sheets": sk, "/api/sheets/": sk}
	if err := m.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Close() })
	return "http://" + m.Addr()
}

// capture is one bonus event as the keeper taps it: who, what, and the
// detail button (a suit or a count), if any.
type capture struct {
	seat   int
	kind   string
	detail string
}

// enterRound taps one round through the entry screens: every bid, every
// trick count, the captures, then saves once the server's points show.
func enterRound(p *page, bids, won []int, captures ...capture) {
	p.t.Helper()
	for i, b := range bids {
		p.click(fmt.Sprintf(`[data-key="bid-%d-%d"]`, i, b))
	}
	p.click("#next")
	for i, w := range won {
		p.click(fmt.Sprintf(`[data-key="won-%d-%d"]`, i, w))
	}
	p.click("#next:not([disabled])")
	for _, c := range captures {
		p.click(fmt.Sprintf(`[data-key="bw-%d"]`, c.seat))
		p.click(`[data-key="bk-` + c.kind + `"]`)
		if c.detail != "" {
			p.click(`[data-key="` + c.detail + `"]`)
		}
	}
	p.until("the captures to be listed", fmt.Sprintf(`document.querySelectorAll('#events li button').length === %d`, len(captures)), 10*time.Second)
	p.click("#next")
	p.waitVisible("#preview table")
	p.click("#save-round:not([disabled])")
}

func totals(p *page) string {
	return eval[string](p, `[...document.querySelectorAll('#totals .total')].map((e) => e.textContent).join(' ')`)
}

// TestScoreKeeperShortGame keeps the score of a 3-round game of 3 players
// through the page, corrects a round by tapping it, follows it on a second
// phone, and checks the totals against RULES.md §6 worked by hand.
func TestScoreKeeperShortGame(t *testing.T) {
	base := startKeeperSite(t)
	p := newPage(t, "keeper", 420, 860) // a phone
	p.nav(base + "/")
	p.click("#keep-score")
	p.click("#new-sheet")
	for _, n := range []string{"Ann", "Ben", "Cat"} {
		p.do("name "+n, clearAndType("#player-name", n))
		p.click("#add-player")
	}
	p.until("three players", `document.querySelectorAll('#players li').length === 3`, 5*time.Second)
	p.click("#rules-custom")
	p.do("rounds", clearAndType("#opt-rounds", "3"))
	p.click("#create")
	p.until("the sheet on the server", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname)`, 10*time.Second)

	saved := func(next string) {
		p.t.Helper()
		p.until("the round saved", `document.querySelector('#sync-status') && document.querySelector('#sync-status').textContent === 'Saved.' && `+next, 10*time.Second)
	}

	// Round 1, 1 card: Ann bids 1 and wins it with the black 14 in it: 20 + 20.
	// Ben and Cat bid 0 and take nothing: +10 × 1 card each.
	enterRound(p, []int{1, 0, 0}, []int{1, 0, 0}, capture{0, "fourteen", "bs-black"})
	saved(`/^Round 2/.test(document.querySelector('#round-h').textContent)`)
	if got := totals(p); got != "40 10 10" {
		t.Fatalf("after round 1: %s", got)
	}

	// Round 2, 2 cards, entered with a slip — Ann's bid as 0 — then
	// corrected from the rounds table to 1. Ann bid 1, won 0: −10. Ben bid 1,
	// won 2: −10, and his Skull King's Pirate is forfeited with the bid. Cat
	// bid 0 and took nothing: +10 × 2 cards.
	enterRound(p, []int{0, 1, 0}, []int{0, 2, 0}, capture{1, "skull_king_took_pirates", "bc-1"})
	saved(`/^Round 3/.test(document.querySelector('#round-h').textContent)`)
	if got := totals(p); got != "60 0 30" {
		t.Fatalf("after round 2 with the slip: %s", got)
	}
	p.click("#tab-totals")
	p.click(`#rounds-table tr[data-round="2"]`)
	p.waitVisible(`[data-key="bid-0-1"]`)
	p.click(`[data-key="bid-0-1"]`)
	p.click("#next")
	p.click("#next:not([disabled])")
	p.click("#next")
	p.waitVisible("#preview table")
	p.click("#save-round:not([disabled])")
	saved(`/^Round 3/.test(document.querySelector('#round-h').textContent)`)
	if got := totals(p); got != "30 0 30" {
		t.Fatalf("after correcting round 2: %s", got)
	}

	// A second phone follows the sheet through the read-only link.
	link := eval[string](p, `(async () => { document.querySelector('#tab-more').click(); await new Promise((ok) => setTimeout(ok, 50)); return document.querySelector('#follow-link').textContent; })()`)
	if !strings.Contains(link, "/sheet/") {
		t.Fatalf("follow link %q", link)
	}
	f := newPage(t, "follower", 420, 860)
	f.nav(link)
	f.until("the follower's totals", `document.querySelector('#following') && [...document.querySelectorAll('#totals .total')].map((e) => e.textContent).join(' ') === '30 0 30'`, 10*time.Second)
	if n := eval[int](f, `document.querySelectorAll('#save-round, #next, [data-key^="bid-"]').length`); n != 0 {
		t.Fatalf("the follow link offers %d editing controls", n)
	}

	// Round 3, 3 cards: Ann bids 2, wins 2, her Skull King took 2 Pirates:
	// 40 + 60. Ben bid 0, took nothing: +30. Cat bid 1, won 1 with the green
	// 14: 20 + 10.
	p.click("#tab-round")
	enterRound(p, []int{2, 0, 1}, []int{2, 0, 1},
		capture{0, "skull_king_took_pirates", "bc-2"}, capture{2, "fourteen", "bs-green"})
	p.until("the game over", `document.querySelector('#game-over') && document.querySelector('#sync-status').textContent === 'Saved.'`, 10*time.Second)
	want := "130 30 60"
	if got := totals(p); got != want {
		t.Fatalf("final totals %s, want %s", got, want)
	}
	if w := eval[string](p, `document.querySelector('#game-over').textContent`); !strings.Contains(w, "Ann wins") {
		t.Fatalf("game over says %q", w)
	}
	// The follower sees it through the long poll, without a reload.
	f.until("the follower's final totals", `[...document.querySelectorAll('#totals .total')].map((e) => e.textContent).join(' ') === '`+want+`'`, 40*time.Second)

	// The sheet survives a closed tab: a fresh load reads it from the phone.
	p.do("reload", chromedp.Reload())
	p.until("the totals after a reload", `[...document.querySelectorAll('#totals .total')].map((e) => e.textContent).join(' ') === '`+want+`'`, 10*time.Second)
	p.click("#tab-totals")
	p.waitVisible("#score-chart")
	p.screenshot("scorekeeper-phone", true)
}
