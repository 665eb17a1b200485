package webtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestScoreKeeperOfflineEditsMerge: two phones keep one sheet through its
// edit link and both lose the server; one renames a player, the other
// enters round 1. Back online, both edits survive on the server and on both
// phones: the sync merges rather than overwrites.
func TestScoreKeeperOfflineEditsMerge(t *testing.T) {
	var down atomic.Bool
	base := startKeeperSiteGate(t, &down)
	a := newPage(t, "Ann's phone", 420, 860)
	a.nav(base + "/sheet")
	newThreeRoundSheet(a)
	edit := eval[string](a, `location.href`)
	id := eval[string](a, `location.pathname.slice(7)`)
	b := newPage(t, "Ben's phone", 420, 860)
	b.nav(edit)
	b.waitVisible(`[data-key="bid-0-0"]`)

	down.Store(true)
	// Ann's phone fixes a name.
	a.click("#rename")
	a.do("Anne", clearAndType("#rename-player-0", "Anne"))
	a.click("#rename-save")
	a.until("the rename kept offline", `/will sync when online/.test(document.querySelector('#sync-status').textContent)`, 10*time.Second)
	// Ben's phone enters round 1: Ann bid 1 and won it (20), Ben and Cat bid 0 (10).
	for i, v := range []int{1, 0, 0} {
		b.click(fmt.Sprintf(`[data-key="bid-%d-%d"]`, i, v))
	}
	b.click("#next")
	for i, v := range []int{1, 0, 0} {
		b.click(fmt.Sprintf(`[data-key="won-%d-%d"]`, i, v))
	}
	nextStep(b, "#events-check")
	nextStep(b, "#preview")
	b.click("#save-round:not([disabled])")
	b.until("the round kept offline", `/^Round 2/.test(document.querySelector('#round-h').textContent) && /will sync when online/.test(document.querySelector('#sync-status').textContent)`, 10*time.Second)

	// Both come back at once.
	down.Store(false)
	for _, p := range []*page{a, b} {
		eval[bool](p, `window.dispatchEvent(new Event('online')) || true`)
	}
	for _, p := range []*page{a, b} {
		savedThen(p, "true")
	}
	version, _, players := serverSheet(a, id)
	if version != 3 || strings.Join(players, " ") != "Anne Ben Cat" {
		t.Fatalf("the server has version %d, players %v: want version 3 with the rename", version, players)
	}
	for _, p := range []*page{a, b} {
		p.nav(edit)
		p.until("both edits on "+p.name, `document.querySelector('#sync-status').textContent === 'Saved.' && `+
			`[...document.querySelectorAll('#totals .total')].map((e) => e.textContent).join(' ') === '20 10 10' && `+
			`[...document.querySelectorAll('#totals [data-seat] > span:first-child')].map((e) => e.textContent).join(' ') === 'Anne Ben Cat'`, 10*time.Second)
	}
}

// exportOf is the sheet document the page offers to export, as the server
// sends it.
func exportOf(p *page) string {
	p.t.Helper()
	p.click("#tab-more")
	p.waitVisible("#export-sheet")
	return eval[string](p, `fetch(document.querySelector('#export-sheet').href).then((r) => r.text())`)
}

// fitsOrShowsItScrolls says, in JavaScript, that the box around sel fits the
// screen, or is marked as scrolling with its line saying so in sight.
func fitsOrShowsItScrolls(sel string) string {
	return `(() => { const b = document.querySelector('` + sel + `').closest('.sk-scroll');
		if (b.scrollWidth <= b.clientWidth) return true;
		const hint = b.previousElementSibling;
		return b.classList.contains('scrolls') && hint && hint.classList.contains('sk-scroll-hint') && hint.getBoundingClientRect().height > 0; })()`
}

// TestScoreKeeperPhoneEightPlayersAndFaithfulExport keeps a one-round game
// of eight on a 390×844 phone: the bid step fits the screen with its
// buttons labelled, the Tricks step shows the bids, the wide tables show
// that they scroll. The sheet exported, imported (a game already kept:
// both kept knowingly) and exported again is the same document, and the
// statistics count the game once.
func TestScoreKeeperPhoneEightPlayersAndFaithfulExport(t *testing.T) {
	base := startKeeperSite(t)
	p := newPage(t, "phone", 390, 844)
	p.nav(base + "/sheet")
	players := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	p.click("#new-sheet")
	addPlayers(p, players...)
	p.until("eight players", `document.querySelectorAll('#players li').length === 8`, 5*time.Second)
	p.do("title", clearAndType("#title", "Friday"))
	p.click("#rules-custom")
	p.do("rounds", clearAndType("#opt-rounds", "1"))
	p.click("#create")
	p.until("the sheet on the server", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname)`, 10*time.Second)

	// The most cards eight can be dealt: the tallest bid step there is.
	cards := eval[int](p, `(() => { const s = document.querySelector('#cards-dealt'); s.value = s.options[s.options.length - 1].value;
		s.dispatchEvent(new Event('change')); return Number(s.value); })()`)
	p.waitVisible(fmt.Sprintf(`[data-key="bid-7-%d"]`, cards))
	height := eval[float64](p, `document.querySelector('#round-h').closest('section').getBoundingClientRect().height`)
	if height > 900 {
		t.Errorf("the bid step of 8 players with %d cards is %.0f px tall, want at most 900", cards, height)
	}
	if got := eval[string](p, `document.querySelector('[data-key="bid-0-2"]').getAttribute('aria-label')`); got != "Ann bids 2 tricks" {
		t.Errorf("a bid button is labelled %q", got)
	}
	if !eval[bool](p, `(() => { const s = document.querySelector('[data-key="bid-0-0"]').parentElement;
		return s.scrollWidth <= s.clientWidth || s.classList.contains('more-right'); })()`) {
		t.Error("the counts are wider than the phone and do not show that they scroll")
	}
	p.screenshot("scorekeeper-phone-bids-8", false)

	// Ann bids and wins every trick, taking the green 14; the others bid 0.
	p.click(fmt.Sprintf(`[data-key="bid-0-%d"]`, cards))
	for i := 1; i < 8; i++ {
		p.click(fmt.Sprintf(`[data-key="bid-%d-0"]`, i))
	}
	p.click("#next")
	p.waitVisible(`[data-key="won-0-0"]`)
	if got := eval[string](p, `[...document.querySelectorAll('.sk-bid')].map((e) => e.getBoundingClientRect().height > 0 ? e.textContent : '').join(',')`); got != fmt.Sprintf("bid %d,bid 0,bid 0,bid 0,bid 0,bid 0,bid 0,bid 0", cards) {
		t.Errorf("the bids on the Tricks step: %q", got)
	}
	if got := eval[string](p, `document.querySelector('[data-key="won-3-1"]').getAttribute('aria-label')`); got != "Dan won 1 trick" {
		t.Errorf("a trick button is labelled %q", got)
	}
	p.click(fmt.Sprintf(`[data-key="won-0-%d"]`, cards))
	for i := 1; i < 8; i++ {
		p.click(fmt.Sprintf(`[data-key="won-%d-0"]`, i))
	}
	p.click("#next:not([disabled])")
	p.click(`[data-key="bw-0"]`)
	p.click(`[data-key="bk-fourteen"]`)
	p.click(`[data-key="bs-green"]`)
	p.until("the capture", `document.querySelectorAll('#events li button').length === 1`, 5*time.Second)
	p.click("#next")
	p.waitVisible("#preview table")
	p.click("#save-round:not([disabled])")
	p.until("game over", `document.querySelector('#game-over')`, 10*time.Second)
	p.click("#tab-totals")
	p.waitVisible("#rounds-table")
	if !eval[bool](p, fitsOrShowsItScrolls("#rounds-table")) {
		t.Error("the rounds table of 8 players is wider than the phone and does not show it scrolls")
	}

	exported := exportOf(p)
	for _, want := range []string{`"title": "Friday"`, `"kind": "fourteen"`, `"format": "skullking-sheet/1"`} {
		if !strings.Contains(exported, want) {
			t.Fatalf("the export lacks %s:\n%s", want, exported)
		}
	}
	file := filepath.Join(t.TempDir(), "friday.json")
	if err := os.WriteFile(file, []byte(exported), 0o644); err != nil {
		t.Fatal(err)
	}
	first := eval[string](p, `location.pathname`)
	p.nav(base + "/sheet")
	p.do("import", chromedp.SetUploadFiles(chromedp.CSS("#import-file"), []string{file}))
	p.waitVisible("#import-duplicate")
	forgetLogged(p, "409")
	if got := eval[string](p, `document.querySelector('#import-open').getAttribute('href')`); got != first {
		t.Errorf("the duplicate offers to open %s, want %s", got, first)
	}
	p.click("#import-both")
	p.until("the second copy", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname) && location.pathname !== '`+first+`' && document.querySelector('#totals')`, 10*time.Second)
	if again := exportOf(p); again != exported {
		t.Fatalf("exported, imported and exported again:\n%s\nwant\n%s", again, exported)
	}

	openHistory(p, base, "From the server")
	if n := eval[int](p, `document.querySelectorAll('#games li').length`); n != 2 {
		t.Errorf("%d games listed, want the 2 copies", n)
	}
	if n := eval[int](p, `document.querySelectorAll('#games .sk-copy').length`); n != 1 {
		t.Errorf("%d games marked as a copy counted once, want 1", n)
	}
	if got := eval[string](p, `document.querySelector('#stats-h').nextElementSibling.textContent`); !strings.HasPrefix(got, "Over 1 finished game.") {
		t.Errorf("the statistics say %q, want them over 1 finished game", got)
	}
	games := eval[[]string](p, `[...document.querySelectorAll('#stats tbody tr td[data-stat="games"]')].map((e) => e.textContent)`)
	if len(games) != 8 || strings.Join(games, "") != "11111111" {
		t.Errorf("games counted per player %v, want 1 each: the two copies are one game", games)
	}
	if !eval[bool](p, fitsOrShowsItScrolls("#stats")) {
		t.Error("the statistics table is wider than the phone and does not show it scrolls")
	}
	p.screenshot("scorekeeper-phone-stats-8", false)
}
