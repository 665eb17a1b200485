package webtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
)

const chromiumPath = "/usr/bin/chromium"

// browser is the one Chromium of the test run; each page gets a browser
// context of its own (its own local storage), so two pages are two players.
var (
	browserOnce  sync.Once
	browserCtx   context.Context
	browserErr   error
	browserClose = func() {}
)

func TestMain(m *testing.M) {
	code := m.Run()
	browserClose()
	os.Exit(code)
}

// shortSmoke names the browser tests -short still runs: one that opens the
// lobby, creates a table against bots and plays a short game to its end,
// so that a quick run still sees Chromium load the pages and play. The
// others take minutes together; the full suite and CI run every one.
var shortSmoke = map[string]bool{"TestEmojiNickname": true}

// needBrowser starts Chromium once, or skips (fails under CI) without it.
// Under -short it skips every test but the smoke ones.
func needBrowser(t *testing.T) context.Context {
	t.Helper()
	if top, _, _ := strings.Cut(t.Name(), "/"); testing.Short() && !shortSmoke[top] {
		t.Skip("a browser test: the full suite (go test without -short) runs it")
	}
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("Chromium is not installed at %s and CI is set: run scripts/install-chromium", chromiumPath)
		}
		t.Skipf("Chromium is not installed at %s: run scripts/install-chromium (as root) to run the browser tests", chromiumPath)
	}
	browserOnce.Do(func() {
		dir, err := os.MkdirTemp("", "skullking-chromium-")
		if err != nil {
			browserErr = err
			return
		}
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(chromiumPath),
			chromedp.UserDataDir(dir),
			chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.Flag("disable-extensions", true),
			chromedp.Flag("disable-background-timer-throttling", true),
			chromedp.Flag("disable-renderer-backgrounding", true),
			chromedp.Flag("disable-backgrounding-occluded-windows", true),
			chromedp.WindowSize(1280, 900),
		}
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(alloc)
		// Start the browser now, on a context with no deadline: a
		// deadline on the first run would stop the whole browser.
		if err := chromedp.Do(ctx); err != nil {
			browserErr = fmt.Errorf("starting Chromium: %w", err)
		}
		browserCtx = ctx
		browserClose = func() {
			cancel()
			cancelAlloc()
			os.RemoveAll(dir)
		}
	})
	if browserErr != nil {
		t.Fatal(browserErr)
	}
	return browserCtx
}

// startSite is the real server whose bots pause 15 ms before each move,
// so that the page draws their moves one at a time, as a person sees them.
func startSite(t *testing.T, flags ...string) *testserver.Server {
	t.Helper()
	return startSeeded(t, 0, flags...)
}

// startSeeded is startSite dealing every game from seed (unless 0), so
// that a test whose player clicks the same way each time plays the same
// game.
func startSeeded(t *testing.T, seed uint64, flags ...string) *testserver.Server {
	t.Helper()
	var deal func(*server.Config)
	if seed != 0 {
		deal = func(c *server.Config) { c.Seed = func() uint64 { return seed } }
	}
	return testserver.StartWith(t, deal, append([]string{"--bot-delay", "15ms"}, flags...)...)
}

// page is one tab in a browser context of its own: one player.
type page struct {
	t    *testing.T
	name string
	ctx  context.Context

	mu     sync.Mutex
	errors []string // exceptions and console errors the page reported

	random bool // playUntil picks bids and cards at random
}

func newPage(t *testing.T, name string, width, height int64) *page {
	t.Helper()
	return openPage(t, name, width, height, chromedp.WithNewBrowserContext())
}

// newProfilePage is newPage in the browser's own profile rather than a
// context of its own: Chromium installs no app from an incognito context,
// which a new browser context is. The test's server has a port, so an
// origin, of its own: nothing of another test's is there.
func newProfilePage(t *testing.T, name string, width, height int64) *page {
	t.Helper()
	return openPage(t, name, width, height)
}

// openPage opens a tab with opts, whose exceptions and console errors
// fail the test.
func openPage(t *testing.T, name string, width, height int64, opts ...chromedp.ContextOption) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(needBrowser(t), opts...)
	t.Cleanup(cancel)
	p := &page{t: t, name: name, ctx: ctx}
	// The dark sea is the client's own theme; headless Chromium would
	// otherwise ask for the light one.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height), colorScheme("dark")); err != nil {
		t.Fatalf("%s: opening a tab: %v", name, err)
	}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.IsException() || m.Type == chromedp.ConsoleError {
				// A reload or a stopped server closes sockets on purpose.
				if strings.Contains(m.Text, "WebSocket") || strings.Contains(m.Text, "net::ERR") {
					continue
				}
				p.mu.Lock()
				p.errors = append(p.errors, m.String())
				p.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, e := range p.errors {
			t.Errorf("%s: the page reported: %s", name, e)
		}
	})
	return p
}

// do runs steps with a deadline, failing the test with what was going on.
func (p *page) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.t.Fatalf("%s: %s: %v\n%s", p.name, what, err, p.snapshot())
	}
}

func (p *page) nav(url string) {
	p.t.Helper()
	p.do("open "+url, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("main > *")))
}

// click clicks the middle of the element with the mouse, as a person
// does. It looks the element up and clicks in one go, rather than holding
// on to a DOM node: the page redraws on every move at the table, and a
// node found a moment ago may have been replaced by an identical one.
func (p *page) click(sel string) {
	p.t.Helper()
	p.waitVisible(sel)
	if err := p.tryClick(sel); err != nil {
		p.t.Fatalf("%s: click %s: %v\n%s", p.name, sel, err, p.snapshot())
	}
}

func (p *page) tryClick(sel string) error {
	q, _ := json.Marshal(sel)
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		const e = document.querySelector(`+string(q)+`);
		if (!e) return [];
		e.scrollIntoView({block: 'nearest'});
		const r = e.getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2];
	})()`))
	if err != nil {
		return err
	}
	if len(xy) != 2 {
		return fmt.Errorf("no element matches %s", sel)
	}
	return chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1]))
}

func (p *page) waitVisible(sel string) {
	p.t.Helper()
	p.do("wait for "+sel, chromedp.WaitVisible(chromedp.CSS(sel)))
}

// waitReview waits for the captain's review to be drawn: the server
// reviews every decision of the game first, which on a busy machine, under
// the race detector, takes far longer than a page takes to draw.
func (p *page) waitReview() {
	p.t.Helper()
	p.until("the captain's review", `document.querySelector('#review-seat') && document.querySelector('#review-seat').checkVisibility()`, 2*time.Minute)
}

func (p *page) keys(k string) {
	p.t.Helper()
	p.do("type "+fmt.Sprintf("%q", k), chromedp.KeyEvent(k))
}

// eval evaluates a JavaScript expression and returns its value.
func eval[T any](p *page, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: evaluating %s: %v", p.name, js, err)
	}
	return v
}

// until polls a JavaScript condition until it holds.
func (p *page) until(what, js string, timeout time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		if eval[bool](p, "!!("+js+")") {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: waited %v for %s (%s)\n%s", p.name, timeout, what, js, p.snapshot())
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// snapshot is the page's visible text, for failure messages.
func (p *page) snapshot() string {
	ctx, cancel := context.WithTimeout(p.ctx, 3*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string]("document.body.innerText"))
	if err != nil {
		return "(no snapshot: " + err.Error() + ")"
	}
	if len(s) > 3000 {
		s = s[:3000] + "…"
	}
	return "--- page text ---\n" + s
}

// screenshot saves the viewport (or the whole page) as test-output/name.png.
func (p *page) screenshot(name string, full bool) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
	defer cancel()
	var b []byte
	var err error
	if full {
		b, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	} else {
		b, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
	}
	if err != nil {
		p.t.Fatalf("screenshot %s: %v", name, err)
	}
	dir := filepath.Join("..", "..", "test-output") // the repository's, which git ignores
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// stepJS says what the page offers its player now, read from the DOM:
// the element to click, "over" or "wait". pick chooses among the bids or
// the playable cards: the first, or one at random.
const stepJS = `((random) => {
  const pick = (list) => list[random ? Math.floor(Math.random() * list.length) : 0];
  const seen = (window.__seen = window.__seen || new Set());
  if (document.querySelector('#game-over')) return 'over';
  // A completed trick held on the table: a player skips the pause.
  if (document.querySelector('#skip-pause')) return 'click:#skip-pause';
  if (document.querySelector('#tigress')) { seen.add('tigress'); return 'click:[data-key="tig-' + pick(['pirate', 'escape']) + '"]'; }
  const confirm = document.querySelector('#bid-confirm');
  if (confirm) {
    if (confirm.disabled) {
      const bids = [...document.querySelectorAll('[data-group="bid"]')];
      const b = random ? pick(bids.slice(0, 3)) : bids[Math.min(1, bids.length - 1)];
      return 'click:[data-key="' + b.dataset.key + '"]';
    }
    return 'click:#bid-confirm';
  }
  const dec = document.querySelector('#decision');
  if (dec) {
    seen.add(dec.getAttribute('aria-label'));
    const ok = [...dec.querySelectorAll('button:not([disabled])')];
    if (ok.length) return 'click:[data-key="' + pick(ok).dataset.key + '"]';
    // Bendt's discard: pick cards from the hand first.
    const c = document.querySelector('.hand .card[aria-pressed="false"]');
    if (c) return 'click:[data-key="' + c.dataset.key + '"]';
  }
  const cards = [...document.querySelectorAll('.hand.myturn .card[aria-disabled="false"]')];
  if (cards.length) return 'click:[data-key="' + pick(cards).dataset.key + '"]';
  return 'wait';
})`

// nextStep is "stop" when stop (a script's condition; none when empty)
// holds, and otherwise stepJS's answer, both read in one evaluation: a
// move that arrives between two reads would otherwise have the player
// act past the moment it was to stop at.
func (p *page) nextStep(stop string) string {
	p.t.Helper()
	cond := "false"
	if stop != "" {
		cond = "!!(" + stop + ")"
	}
	return eval[string](p, "("+cond+") ? 'stop' : "+stepJS+"("+strconv.FormatBool(p.random)+")")
}

// playUntil plays this page's seat by clicking — a middling bid, the first
// playable card, the first choice of any decision — until stop holds.
func (p *page) playUntil(stop string, timeout time.Duration) int {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	clicks := 0
	for {
		step := p.nextStep(stop)
		switch {
		case step == "stop":
			return clicks
		case step == "over":
			if stop == "" {
				return clicks
			}
		case strings.HasPrefix(step, "click:"):
			// The page may redraw between the look and the click (a
			// bot's move arrives); a click that misses is tried again.
			if err := p.tryClick(step[len("click:"):]); err == nil {
				clicks++
				// An action's answer is about to redraw the page: the
				// stop condition must not be read on the view it replaces.
				for eval[bool](p, `document.body.hasAttribute('data-busy')`) && time.Now().Before(deadline) {
					time.Sleep(10 * time.Millisecond)
				}
			}
		default:
			time.Sleep(25 * time.Millisecond)
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: the game did not get there within %v (%s)\n%s", p.name, timeout, stop, p.snapshot())
		}
	}
}
