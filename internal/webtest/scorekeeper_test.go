package webtest

import (
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/skullking-go/skullking/internal/scorekeeper"
	"github.com/skullking-go/skullking/internal/scorekeeper/keeperapi"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
)

// startKeeperSite is the real server with the score keeper mounted as
// `skullking serve` mounts it (cmd/skullking/serve.go), on a memory store:
// the test is about the page, and the command's own test covers SQLite.
func startKeeperSite(t *testing.T) string {
	t.Helper()
	return startKeeperSiteGate(t, nil)
}

// startKeeperSiteGate is startKeeperSite whose score keeper API drops every
// connection while down is set: to the page, the server is unreachable.
func startKeeperSiteGate(t *testing.T, down *atomic.Bool) string {
	t.Helper()
	if down == nil {
		return startKeeperSiteCut(t, nil)
	}
	return startKeeperSiteCut(t, func(*http.Request) bool { return down.Load() })
}

// startKeeperSiteCut is startKeeperSite whose score keeper API is out of
// reach for the requests cut picks, as for a phone that lost the network:
// such a request is dropped, and so is the answer to one held open (a long
// poll) if it comes while cut picks it, since the phone would not hear it.
func startKeeperSiteCut(t *testing.T, cut func(*http.Request) bool) string {
	t.Helper()
	var sk http.Handler = keeperapi.NewHandler(scorekeeper.NewMemoryStore())
	if cut != nil {
		api := sk
		sk = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			dropped := func() bool {
				if !cut(r) {
					return false
				}
				if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
					c.Close()
				}
				return true
			}
			if dropped() {
				return
			}
			// The answer is held back until it is known to reach the phone.
			rec := httptest.NewRecorder()
			api.ServeHTTP(rec, r)
			if dropped() {
				return
			}
			maps.Copy(w.Header(), rec.Header())
			w.WriteHeader(rec.Code)
			w.Write(rec.Body.Bytes())
		})
	}
	return testserver.StartWith(t, func(c *server.Config) {
		c.Mount = map[string]http.Handler{"/api/sheets": sk, "/api/sheets/": sk}
	}).Base
}

// startKeeperServer is startKeeperSite, with the serve command's flags,
// as a server the test may stop and restart: to the page, the whole site
// is out of reach while it is down, and the score keeper's sheets are
// there again once it is back.
func startKeeperServer(t *testing.T, flags ...string) *testserver.Server {
	t.Helper()
	sk := keeperapi.NewHandler(scorekeeper.NewMemoryStore())
	return testserver.StartWith(t, func(c *server.Config) {
		c.Mount = map[string]http.Handler{"/api/sheets": sk, "/api/sheets/": sk}
	}, flags...)
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
	p.click("#next:not([disabled])")
	for i, w := range won {
		p.click(fmt.Sprintf(`[data-key="won-%d-%d"]`, i, w))
	}
	nextStep(p, "#events-check")
	for _, c := range captures {
		p.click(fmt.Sprintf(`[data-key="bw-%d"]`, c.seat))
		p.click(`[data-key="bk-` + c.kind + `"]`)
		if c.detail != "" {
			p.click(`[data-key="` + c.detail + `"]`)
		}
	}
	p.until("the captures to be listed", fmt.Sprintf(`document.querySelectorAll('#events li button').length === %d`, len(captures)), 10*time.Second)
	p.click("#next:not([disabled])")
	p.waitVisible("#preview table, #stale")
	p.click("#save-round:not([disabled])")
}

// nextStep taps the step's button and waits for the next step (its
// element sel): the button waits for the engine's word on the step, and a
// tap before the next step shows would land on the same button again.
func nextStep(p *page, sel string) {
	p.t.Helper()
	p.click("#next:not([disabled])")
	p.waitVisible(sel)
}

// newSheetWithRules opens the new-sheet form for Ann, Ben and Cat on a
// phone, its own rules chosen, and returns the page. The
// refusals such tests ask for are 422s of the check, which the browser
// logs; they are forgotten before the page's reports are read (cleanups
// run last first).
func newSheetWithRules(t *testing.T) *page {
	t.Helper()
	base := startKeeperSite(t)
	p := newPage(t, "keeper", 420, 860)
	t.Cleanup(func() { forgetLogged(p, "422") })
	p.nav(base + "/sheet/new")
	addPlayers(p, "Ann", "Ben", "Cat")
	p.click("#rules-custom")
	return p
}

// addPlayers types each name into the new sheet's form and adds it.
func addPlayers(p *page, names ...string) {
	p.t.Helper()
	for _, n := range names {
		p.do("name "+n, clearAndType("#player-name", n))
		p.click("#add-player")
	}
}

// enterOfflineRound enters round 1 of Ann and Ben's sheet kept on the
// phone while the server is out of reach — 1 card: Ann bid 1 and won it
// (20), Ben bid 0 (10) — scored by the engine on the phone, then brings the
// server back: the sheet is made there with the round scored the same.
func enterOfflineRound(p *page, down *atomic.Bool) {
	p.t.Helper()
	for i, b := range []int{1, 0} {
		p.click(fmt.Sprintf(`[data-key="bid-%d-%d"]`, i, b))
	}
	p.click("#next:not([disabled])")
	for i, w := range []int{1, 0} {
		p.click(fmt.Sprintf(`[data-key="won-%d-%d"]`, i, w))
	}
	nextStep(p, "#events-check")
	nextStep(p, "#preview")
	p.waitVisible("#scored-here")
	p.click("#save-round:not([disabled])")
	p.until("round 2, scored on the phone", `/^Round 2/.test(document.querySelector('#round-h').textContent) && /will sync when online/.test(document.querySelector('#sync-status').textContent) && !document.querySelector('#totals .sk-pending')`, 10*time.Second)
	if got := totals(p); got != "20 10" {
		p.t.Fatalf("totals on the phone %s, want 20 10", got)
	}
	down.Store(false)
	eval[bool](p, `window.dispatchEvent(new Event('online')) || true`)
	p.until("the sheet on the server", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname)`, 10*time.Second)
	savedThen(p, `!document.querySelector('#totals .sk-pending')`)
	if got := totals(p); got != "20 10" {
		p.t.Fatalf("totals %s, want 20 10", got)
	}
}

// newThreeRoundSheet starts a sheet for Ann, Ben and Cat, of 3 rounds, from
// the score keeper's home.
func newThreeRoundSheet(p *page) {
	p.t.Helper()
	p.click("#new-sheet")
	addPlayers(p, "Ann", "Ben", "Cat")
	p.until("three players", `document.querySelectorAll('#players li').length === 3`, 5*time.Second)
	p.click("#rules-custom")
	p.do("rounds", clearAndType("#opt-rounds", "3"))
	p.click("#create")
	p.until("the sheet on the server", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname)`, 10*time.Second)
}

// savedThen waits until the server has the sheet and cond holds.
func savedThen(p *page, cond string) {
	p.t.Helper()
	p.until("the sheet saved", `document.querySelector('#sync-status') && document.querySelector('#sync-status').textContent === 'Saved.' && `+cond, 10*time.Second)
}

func totals(p *page) string {
	return eval[string](p, `[...document.querySelectorAll('#totals .total')].map((e) => e.textContent).join(' ')`)
}

// TestScoreKeeperShortGame keeps the score of a 3-round game of 3 players
// through the page, corrects a round by tapping it, follows it on a second
// phone, and checks the totals against docs/rules.md §6 worked by hand.
func TestScoreKeeperShortGame(t *testing.T) {
	base := startKeeperSite(t)
	p := newPage(t, "keeper", 420, 860) // a phone
	p.nav(base + "/")
	p.click("#keep-score")
	newThreeRoundSheet(p)
	saved := func(next string) { p.t.Helper(); savedThen(p, next) }

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
	nextStep(p, "#tricks-check")
	nextStep(p, "#events-check")
	nextStep(p, "#preview table")
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

	// The next game offers the players of this one.
	p.nav(base + "/sheet/new")
	p.until("the remembered players", `[...document.querySelectorAll('#roster button')].map((b) => b.textContent).sort().join(' ') === 'Ann Ben Cat'`, 10*time.Second)
}

// TestScoreKeeperOfflineAndRuleChanges enters a round with the server
// stopped — the page, the engine and the round's points come from the
// phone, the engine compiled to WebAssembly scoring it — closes the tab,
// syncs when the server is back to the same points, then changes a house
// rule from the next round on and for the whole game, and exports the
// sheet.
func TestScoreKeeperOfflineAndRuleChanges(t *testing.T) {
	srv := startKeeperServer(t)
	base := srv.Base
	p := newPage(t, "keeper", 1280, 900) // a desktop this time
	p.nav(base + "/sheet")
	newThreeRoundSheet(p)

	// Round 1, 1 card: Ann bid 1 and won it (20); Ben and Cat bid 0 (10 each).
	enterRound(p, []int{1, 0, 0}, []int{1, 0, 0})
	savedThen(p, `/^Round 2/.test(document.querySelector('#round-h').textContent)`)

	// The service worker keeps the page and the engine: then the server stops.
	p.until("the service worker in charge", `navigator.serviceWorker.controller`, 10*time.Second)
	for kept := time.Now().Add(10 * time.Second); !eval[bool](p, `caches.match('/sheet/assets/engine.wasm').then(Boolean)`); {
		if time.Now().After(kept) {
			t.Fatal("the service worker did not keep the engine")
		}
		time.Sleep(40 * time.Millisecond)
	}
	srv.Stop()

	// Round 2 offline, 2 cards: Ann bid 0 (+20), Ben bid 1 won 2 (−10), Cat
	// bid 0 (+20), as the engine on the phone scores it.
	for i, b := range []int{0, 1, 0} {
		p.click(fmt.Sprintf(`[data-key="bid-%d-%d"]`, i, b))
	}
	p.click("#next:not([disabled])")
	// One trick of two to nobody, with no module to take it: the engine on
	// the phone stops the step with its sentence, as the server would.
	for _, key := range []string{"won-0-0", "won-2-0", "won-1-1"} {
		p.click(`[data-key="` + key + `"]`)
	}
	p.until("the offline engine's word at the tricks step",
		`/went to nobody/.test((document.querySelector('#tricks-check.bad') || {}).textContent) && document.querySelector('#next').getAttribute('aria-disabled') === 'true'`, 10*time.Second)
	p.click(`[data-key="won-1-2"]`)
	p.until("the tricks accepted offline", `document.querySelector('#tricks-check.good') && document.querySelector('#next').getAttribute('aria-disabled') !== 'true'`, 10*time.Second)
	nextStep(p, "#events-check")
	nextStep(p, "#scored-here")
	points := `[...document.querySelectorAll('#preview [data-points]')].map((e) => e.firstChild.textContent).join(' ')`
	if got := eval[string](p, points); got != "+20 −10 +20" {
		t.Fatalf("points worked out on the phone: %s, want +20 −10 +20", got)
	}
	started := eval[float64](p, `performance.getEntriesByName('sk-engine-start')[0].duration`)
	t.Logf("the engine started in %.0f ms (fetch from the service worker's cache to the function ready)", started)
	p.click("#save-round:not([disabled])")
	p.until("the round kept offline", `/^Round 3/.test(document.querySelector('#round-h').textContent) && document.querySelector('#sync-status').textContent === 'Saved on this device; will sync when online.' && !document.querySelector('#totals .sk-pending')`, 10*time.Second)
	if got := totals(p); got != "40 0 30" {
		t.Fatalf("totals on the phone after round 2: %s", got)
	}

	// The tab is closed and opened again, still offline: the page opens
	// from the service worker's cache, with the round and its points.
	p.do("reload", chromedp.Reload())
	p.until("the round after a reload", `document.querySelector('#round-h') && /^Round 3/.test(document.querySelector('#round-h').textContent) && !document.querySelector('#totals .sk-pending')`, 10*time.Second)
	if got := totals(p); got != "40 0 30" {
		t.Fatalf("totals on the phone after a reload: %s", got)
	}
	srv.Restart()
	eval[bool](p, `window.dispatchEvent(new Event('online')) || true`)
	savedThen(p, `!document.querySelector('#totals .sk-pending')`)
	if got := totals(p); got != "40 0 30" {
		t.Fatalf("the server's totals after syncing round 2: %s, the phone's were 40 0 30", got)
	}

	// From the next round on, a zero bid scores a flat 10: rounds 1 and 2 keep
	// their points.
	changeRules := func(apply string) {
		p.t.Helper()
		p.click("#tab-more")
		p.click("#rules-custom")
		p.do("flat zero", selectValue("#opt-zero_scaling", "flat"))
		p.click("#apply-" + apply)
		p.click("#apply-rules")
		savedThen(p, "true")
		p.click("#tab-totals")
	}
	changeRules("next")
	if got := totals(p); got != "40 0 30" {
		t.Fatalf("after a change from the next round: %s", got)
	}
	// The form keeps the choice of the rounds it applies to.
	p.click("#tab-more")
	if !eval[bool](p, `document.querySelector('#apply-next').checked`) {
		t.Error("the rules form went back to the whole game")
	}
	p.click("#tab-totals")
	// Round 3, 3 cards: Ann and Ben bid 0 (flat +10 each), Cat bid 3 and won
	// them all (+60).
	p.click("#tab-round")
	enterRound(p, []int{0, 0, 3}, []int{0, 0, 3})
	p.until("the game over", `document.querySelector('#game-over') && document.querySelector('#sync-status').textContent === 'Saved.'`, 10*time.Second)
	if got := totals(p); got != "50 10 90" {
		t.Fatalf("after round 3 under the flat zero: %s", got)
	}
	// Round 3 says the rule it was scored under; rounds 1 and 2 say none.
	p.click("#tab-totals")
	if got := eval[string](p, `[...document.querySelectorAll('#rounds-table [data-rules]')].map((e) => e.dataset.rules + ': ' + e.textContent).join('; ')`); got != "3: Zero bid scaling: flat (×1)" {
		t.Errorf("the rounds' own rules: %q", got)
	}
	// The whole game rescored with the flat zero: round 1 20/10/10, round 2
	// 10/−10/10, round 3 10/10/60.
	changeRules("whole")
	if got := totals(p); got != "40 10 80" {
		t.Fatalf("after rescoring the whole game: %s", got)
	}

	// Both exports download from the sheet's links.
	p.click("#tab-more")
	csv := eval[string](p, `fetch(document.querySelector('#export-csv').href).then((r) => r.text())`)
	if !strings.Contains(csv, "Ann total") || !strings.Contains(csv, "Cat total") {
		t.Fatalf("CSV export:\n%s", csv)
	}
	rec := eval[string](p, `fetch(document.querySelector('#export-json').href).then((r) => r.text())`)
	if !strings.Contains(rec, "skullking-record/1") {
		t.Fatalf("record export:\n%s", rec)
	}
	p.click("#tab-totals")
	p.waitVisible("#score-chart")
	p.screenshot("scorekeeper-desktop", false)

	// The exported record comes back in as the same game: kept as a second
	// sheet only when asked, with the same totals.
	first := eval[string](p, `location.pathname`)
	file := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(file, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	p.nav(base + "/sheet")
	p.do("import", chromedp.SetUploadFiles(chromedp.CSS("#import-file"), []string{file}))
	p.waitVisible("#import-duplicate")
	forgetLogged(p, "409")
	p.click("#import-both")
	p.until("the imported sheet", `location.pathname !== '`+first+`' && /^\/sheet\/[0-9a-f]{32}$/.test(location.pathname) && document.querySelector('#game-over')`, 10*time.Second)
	if got := totals(p); got != "40 10 80" {
		t.Fatalf("imported totals: %s", got)
	}
}

// TestScoreKeeperModules keeps a one-round game with Loot and the Kraken: a
// deal that differed from the schedule, a trick the Kraken left to nobody,
// and a Loot alliance worth the reward set on the page. What the engine
// refuses shows at the step where it is entered, in the engine's words:
// two tricks to nobody at the tricks step (docs/rules.md §8.1), a Loot won
// by its own player at the captures step (§8.4).
func TestScoreKeeperModules(t *testing.T) {
	p := newSheetWithRules(t)
	p.do("rounds", clearAndType("#opt-rounds", "1"))
	p.click("#opt-loot")
	p.click("#opt-kraken")
	p.do("the Loot reward", clearAndType("#opt-loot_bonus", "30"))
	p.click("#create")
	p.until("the sheet on the server", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname)`, 10*time.Second)

	// 2 cards dealt instead of the schedule's 1. Ann bid 1 and won 1, the
	// Kraken took the other trick away; Ben and Cat bid 0 and took nothing.
	p.do("cards dealt", selectValue("#cards-dealt", "2"))
	for i, b := range []int{1, 0, 0} {
		p.click(fmt.Sprintf(`[data-key="bid-%d-%d"]`, i, b))
	}
	p.click("#next:not([disabled])")
	// Nobody won a trick: the Kraken takes one of the two, not both.
	for i := range 3 {
		p.click(fmt.Sprintf(`[data-key="won-%d-0"]`, i))
	}
	p.until("the engine's sentence at the tricks step",
		`/so 2 tricks went to nobody, but only the Kraken's trick can \(one a round\)/.test((document.querySelector('#tricks-check.bad') || {}).textContent) && document.querySelector('#next').getAttribute('aria-disabled') === 'true'`, 5*time.Second)
	p.click("#next")
	if !eval[bool](p, `!!document.querySelector('#tricks-check')`) {
		t.Fatal("the refused tricks went on to the captures")
	}
	p.click(`[data-key="won-0-1"]`)
	p.until("a trick to nobody accepted", `/went to nobody/.test((document.querySelector('#tricks-check.good') || {}).textContent)`, 5*time.Second)
	p.click("#next:not([disabled])")
	// Ann's Loot with Ann, then Ben's Loot that went to Ann's trick.
	p.do("own looter", selectValue("#loot-looter", "0"))
	p.click("#loot-add")
	p.until("the engine's sentence at the captures step",
		`/Ann won their own Loot: that forms no alliance/.test((document.querySelector('#events-check.bad') || {}).textContent) && document.querySelector('#next').getAttribute('aria-disabled') === 'true'`, 5*time.Second)
	p.click(`#loot li button`)
	p.do("looter", selectValue("#loot-looter", "1"))
	p.click("#loot-add")
	p.until("the alliance listed", `document.querySelectorAll('#loot li').length === 1`, 5*time.Second)
	p.click("#next:not([disabled])")
	p.waitVisible("#preview table")
	p.click("#save-round:not([disabled])")
	// Ann: 20 × 1 + 30 for the alliance; Ben: 10 × 2 cards + 30 for the
	// alliance; Cat: 10 × 2 cards. Ann and Ben tie at the top, so the game
	// goes on with a tiebreak round (docs/rules.md §7).
	savedThen(p, `/^Round 2 \(tiebreak\)/.test(document.querySelector('#round-h').textContent)`)
	if got := totals(p); got != "50 50 20" {
		t.Fatalf("totals %s, want 50 50 20", got)
	}
	// The reward set on the page is the rule in force on the Rules tab.
	p.click("#tab-more")
	p.waitVisible(`#rules-in-force dd[data-option="loot_bonus"]`)
	if v := eval[string](p, `document.querySelector('#rules-in-force dd[data-option="loot_bonus"]').textContent`); v != "30 points (standard: 20 points)" {
		t.Fatalf("the rules in force give the Loot reward %q", v)
	}
	// A value set through the API, for the whole game, shows there too once
	// the page reads the sheet again, and rescores the round.
	status := eval[int](p, `(async () => {
		const id = location.pathname.slice(7);
		const sh = await (await fetch('/api/sheets/' + id)).json();
		const r = await fetch('/api/sheets/' + id + '/rules', { method: 'PUT', headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ version: sh.version, options: { ...sh.options, loot_bonus: 40 }, apply: 'whole_game' }) });
		return r.status;
	})()`)
	if status != 200 {
		t.Fatalf("PUT …/rules: %d", status)
	}
	p.do("reload", chromedp.Reload())
	p.click("#tab-more")
	p.until("the API's value in force", `(document.querySelector('#rules-in-force dd[data-option="loot_bonus"]') || {}).textContent === '40 points (standard: 20 points)'`, 10*time.Second)
	p.click("#tab-totals")
	if got := totals(p); got != "60 60 20" {
		t.Fatalf("totals %s after the API's Loot reward of 40, want 60 60 20", got)
	}
}

// forgetLogged drops the page's reports that hold what, once the test has
// asked for them (a refusal the browser logs as a failed request).
func forgetLogged(p *page, what string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	kept := p.errors[:0]
	for _, e := range p.errors {
		if !strings.Contains(e, what) {
			kept = append(kept, e)
		}
	}
	p.errors = kept
}

// TestScoreKeeperStartedOffline starts a sheet and enters a round with the
// server out of reach: once it is back, the whole sheet is created there,
// and the page moves to the address the server gave it.
func TestScoreKeeperStartedOffline(t *testing.T) {
	var down atomic.Bool
	base := startKeeperSiteGate(t, &down)
	p := newPage(t, "keeper", 420, 860)
	p.nav(base + "/sheet")
	// The page keeps the option table it was served, for the rounds entered
	// offline (TestScoreKeeperOfflineBeforeTheRules has a page without it).
	p.until("the option table kept", `localStorage.getItem('sk.score.rules')`, 10*time.Second)
	down.Store(true)
	p.click("#new-sheet")
	addPlayers(p, "Ann", "Ben")
	p.click("#create")
	p.until("a sheet kept on the phone", `/^\/sheet\/local-[0-9a-f]+$/.test(location.pathname) && /will sync when online/.test(document.querySelector('#sync-status').textContent)`, 10*time.Second)
	enterOfflineRound(p, &down)
}

// TestScoreKeeperKeyboard enters a round with the keyboard alone: Tab
// moves between the choices, Enter takes one.
func TestScoreKeeperKeyboard(t *testing.T) {
	base := startKeeperSite(t)
	p := newPage(t, "keeper", 1280, 900)
	p.nav(base + "/sheet/new")
	for _, n := range []string{"Ann", "Ben"} {
		p.do("name "+n, clearAndType("#player-name", n))
		p.keys("\r") // Enter in the name adds the player
	}
	p.until("two players", `document.querySelectorAll('#players li').length === 2`, 5*time.Second)
	p.click("#create")
	p.until("the first bid focused", `document.activeElement && document.activeElement.dataset.key === 'bid-0-0'`, 10*time.Second)
	focused := func() string {
		return eval[string](p, `document.activeElement.id || document.activeElement.dataset.key || ''`)
	}
	press := func(keys ...string) {
		t.Helper()
		for _, k := range keys {
			p.keys(k)
		}
	}
	// Round 1, 1 card: Ann bids 1 (Tab to "1", Enter), Ben 0.
	press("\t", "\r", "\t", "\r")
	press("\t", "\t", "\t") // past Ben's 1 and the cards dealt
	if f := focused(); f != "next" {
		t.Fatalf("focus on %q, want the Tricks button", f)
	}
	press("\r")
	p.until("the tricks step", `document.activeElement && document.activeElement.dataset.key === 'won-0-0'`, 5*time.Second)
	// Ann won 1, Ben 0; then on to the captures, none, and the points.
	press("\t", "\r", "\t", "\r", "\t", "\t", "\t") // past Ben's 1 and Back
	if f := focused(); f != "next" {
		t.Fatalf("focus on %q, want the Captures button", f)
	}
	press("\r")
	p.until("the captures step", `document.querySelector('#events')`, 5*time.Second)
	p.do("focus the Points button", chromedp.Focus(chromedp.CSS("#next")))
	press("\r")
	p.waitVisible("#preview table")
	p.do("focus Save", chromedp.Focus(chromedp.CSS("#save-round")))
	press("\r")
	savedThen(p, `/^Round 2/.test(document.querySelector('#round-h').textContent)`)
	// Ann 20 × 1, Ben 10 × 1 card.
	if got := totals(p); got != "20 10" {
		t.Fatalf("totals %s, want 20 10", got)
	}
}
