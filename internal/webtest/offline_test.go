package webtest

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/skullking-go/skullking/protocol"
)

// TestAWholeGameOfflineAgainstBots: the site, installed by a first visit,
// opens with its server gone; its one-click game starts on the device,
// and it plays a whole game of ten rounds on the
// device — every module on, against an expert, a simulation and a
// heuristic bot — in the game's engine, which runs in the page's worker.
// A reload in the middle of the game takes it up where it was. At the end
// the record downloads, and `skullking replay` scores it as the page
// showed; back online, the record goes to the server on the player's word
// and the captain's review of it opens.
func TestAWholeGameOfflineAgainstBots(t *testing.T) {
	srv := startSite(t)
	p := newProfilePage(t, "Ann", 1280, 900)
	downloads := t.TempDir()
	p.do("downloads go to a folder", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads})
		return err
	}))
	p.nav(srv.Base + "/")
	p.until("the service worker in charge", `navigator.serviceWorker.controller`, 15*time.Second)
	// The bots move at once, as the server's do in these tests.
	eval[bool](p, `(localStorage.setItem('sk.local.bot_delay', '0'), true)`)

	srv.Stop()
	p.nav(srv.Base + "/")
	p.waitVisible("#create-local")
	p.do("a nickname", clearAndType("#nick", "Ann"))
	// "Play now" with no server in reach plays on the device; the game
	// left unfinished is listed in the lobby, to go on with.
	p.click("#play-now")
	p.until("the one-click game on the device", `location.pathname.startsWith('/play/') && document.querySelector('#round-info')`, 30*time.Second)
	first := eval[string](p, `location.pathname`)
	p.nav(srv.Base + "/")
	p.until("the game kept on the device", `document.querySelector('#device-games li a[href="`+first+`"]')`, 10*time.Second)
	p.until("the bot levels offline", `[...document.querySelectorAll('#seat-list select option')].some((o) => o.value === 'bot:expert')`, 10*time.Second)
	p.do("an expert", selectValue("#seat-list .seatrow:nth-child(2) select", "bot:expert"))
	p.do("a simulation", selectValue("#seat-list .seatrow:nth-child(3) select", "bot:simulation"))
	for _, module := range everyModule() {
		if eval[bool](p, `document.querySelector('#opt-`+module+`').checked`) {
			t.Fatalf("%s is on by default", module)
		}
		p.click("#opt-" + module)
	}
	p.click("#create-local")
	p.waitVisible("#round-info")
	path := eval[string](p, `location.pathname`)
	if !strings.HasPrefix(path, "/play/") {
		t.Fatalf("the game offline is at %s", path)
	}
	// The expert's hint, as online: asked of the table, worded by the page.
	p.until("Ann's bid due", `document.querySelector('#ask-hint') && document.querySelector('#bid-confirm')`, 30*time.Second)
	p.click("#ask-hint")
	p.until("the expert's hint", `(() => { const el = document.querySelector('#toast.hint'); return el && !el.hidden && /\S/.test(el.textContent); })()`, 30*time.Second)

	p.playUntil(`/Round [4-9]/.test(document.querySelector('#round-info').textContent)`, 4*time.Minute)
	before := eval[string](p, `document.querySelector('#round-info').textContent`)
	p.nav(srv.Base + path)
	p.waitVisible("#round-info")
	after := eval[string](p, `document.querySelector('#round-info').textContent`)
	if round := func(s string) string { return strings.Fields(s)[1] }; round(after) != round(before) {
		t.Fatalf("after a reload: %q, before it %q", after, before)
	}

	p.playUntil(`document.querySelector('#game-over')`, 8*time.Minute)
	shown := sheetTotals(t, p)
	if rows := eval[int](p, `document.querySelectorAll('#game-over table.sheet tbody tr').length`); rows < 10 {
		t.Fatalf("the sheet has %d rounds, want 10 or more", rows)
	}
	var thinking []struct {
		Level     string  `json:"level"`
		Decisions int     `json:"decisions"`
		P50       float64 `json:"p50_ms"`
		P99       float64 `json:"p99_ms"`
		Max       float64 `json:"max_ms"`
	}
	if err := json.Unmarshal([]byte(eval[string](p, `import('/assets/local.js').then((m) => m.thinking()).then(JSON.stringify)`)), &thinking); err != nil {
		t.Fatal(err)
	}
	for _, th := range thinking {
		t.Logf("%s in the browser: %d decisions, p50 %.1f ms, p99 %.1f ms, max %.1f ms", th.Level, th.Decisions, th.P50, th.P99, th.Max)
	}
	if start := eval[float64](p, `(performance.getEntriesByName('sk-local-start')[0] || {}).duration || -1`); start > 0 {
		t.Logf("the engine started in the worker in %.0f ms (fetched from the service worker, compiled, the kept table restored)", start)
	}

	p.click("#download-record")
	file := filepath.Join(downloads, "skullking-"+strings.TrimPrefix(path, "/play/")+".json")
	deadline := time.Now().Add(10 * time.Second)
	for {
		if b, err := os.ReadFile(file); err == nil && json.Valid(b) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no record downloaded to %s", file)
		}
		time.Sleep(50 * time.Millisecond)
	}
	out, err := exec.Command("go", "run", "../../cmd/skullking", "replay", "--json", file).CombinedOutput()
	if err != nil {
		t.Fatalf("skullking replay: %v\n%s", err, out)
	}
	var sum protocol.Summary
	if err := json.Unmarshal(out, &sum); err != nil {
		t.Fatalf("skullking replay --json: %v\n%s", err, out)
	}
	for i, name := range sum.Players {
		if got, ok := shown[name]; !ok || got != sum.Totals[i] {
			t.Fatalf("%s: the page showed %d (%v), skullking replay scores %d", name, got, ok, sum.Totals[i])
		}
	}
	if !sum.Complete || len(shown) != len(sum.Players) {
		t.Fatalf("replay: complete %v, %d players; the page showed %v", sum.Complete, len(sum.Players), shown)
	}

	// Back online: the record goes to the server for the captain's review.
	srv.Restart()
	p.click("#send-review")
	p.until("the review page", `/^\/t\/[a-z0-9]+\/review$/.test(location.pathname)`, 30*time.Second)
	p.waitReview()
	p.do("Ann's decisions", selectValue("#review-seat", "0"))
	p.until("the captain's word on Ann's decisions", `document.querySelector('#review-decisions > li')`, 30*time.Second)
}

// sheetTotals reads the final totals off the game's score sheet, by name.
func sheetTotals(t *testing.T, p *page) map[string]int {
	t.Helper()
	var cells struct {
		Names  []string `json:"names"`
		Totals []string `json:"totals"`
	}
	raw := eval[string](p, `(() => {
		const sheet = [...document.querySelectorAll('#game-over table.sheet')].find((x) => x.tFoot);
		return JSON.stringify({
			names: [...sheet.querySelectorAll('thead th')].slice(1).map((th) => th.textContent.trim()),
			totals: [...sheet.querySelectorAll('tfoot td')].slice(1).map((td) => td.textContent.trim())});
	})()`)
	if err := json.Unmarshal([]byte(raw), &cells); err != nil || len(cells.Names) != len(cells.Totals) || len(cells.Names) == 0 {
		t.Fatalf("the sheet's names and totals: %s (%v)", raw, err)
	}
	out := map[string]int{}
	for i, name := range cells.Names {
		v, err := strconv.Atoi(strings.NewReplacer("−", "-", ",", "", " ", "", "\u202f", "").Replace(cells.Totals[i]))
		if err != nil {
			t.Fatalf("total %q of %s: %v", cells.Totals[i], name, err)
		}
		out[name] = v
	}
	return out
}
