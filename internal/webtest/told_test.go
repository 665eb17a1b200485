package webtest

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// toldJS records, from before the page's first script, every way the
// page tells its player of a turn: each notification made (its title,
// text and tag), each tone started and each vibration asked for. The
// real Notification, oscillator and vibration still run.
const toldJS = `window.__told = { notes: [], tones: 0, buzz: 0 };
(() => {
  const N = window.Notification;
  if (N) {
    window.Notification = class extends N {
      constructor(title, o) {
        super(title, o);
        window.__told.notes.push({ title, body: (o && o.body) || '', tag: (o && o.tag) || '' });
      }
    };
  }
  const AC = window.AudioContext;
  if (AC) {
    const make = AC.prototype.createOscillator;
    AC.prototype.createOscillator = function () {
      const osc = make.call(this);
      const start = osc.start;
      osc.start = function (...a) { window.__told.tones++; return start.apply(this, a); };
      return osc;
    };
  }
  if (typeof navigator.vibrate === 'function') {
    const buzz = navigator.vibrate.bind(navigator);
    navigator.vibrate = (p) => { window.__told.buzz++; return buzz(p); };
  }
})();`

// told is what the page has told its player so far.
type told struct {
	Notes []struct {
		Title string `json:"title"`
		Body  string `json:"body"`
		Tag   string `json:"tag"`
	} `json:"notes"`
	Tones int `json:"tones"`
	Buzz  int `json:"buzz"`
}

func toldSoFar(p *page) told {
	return eval[told](p, `window.__told`)
}

// showWindow minimizes the page's browser window, which hides its tab
// (document.visibilityState turns 'hidden', as when the player looks at
// another tab or application), or brings it back.
func showWindow(p *page, shown bool) {
	p.t.Helper()
	state := browser.WindowStateMinimized
	if shown {
		state = browser.WindowStateNormal
	}
	p.do("set the window "+string(state), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		b := chromedp.FromContext(ctx).Browser
		w, err := cdp.Call(ctx, b, browser.GetWindowForTarget, browser.GetWindowForTargetParams{TargetID: tg.TargetID})
		if err != nil {
			return err
		}
		_, err = cdp.Call(ctx, b, browser.SetWindowBounds, browser.SetWindowBoundsParams{WindowID: w.WindowID, Bounds: &browser.Bounds{WindowState: state}})
		return err
	}))
	want := "visible"
	if !shown {
		want = "hidden"
	}
	p.until("the tab "+want, `document.visibilityState === '`+want+`'`, 5*time.Second)
}

// actHidden takes the page's next action (a bid, a card, a decision, the
// end of a pause) until cond holds, with clicks made by the page's script:
// a minimized window takes no mouse.
func actHidden(p *page, cond string) {
	p.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		step := p.nextStep(cond)
		if step == "stop" {
			return
		}
		if len(step) > 6 && step[:6] == "click:" {
			eval[bool](p, `(() => { const e = document.querySelector(`+quote(step[6:])+`); if (e) e.click(); return true; })()`)
			for eval[bool](p, `document.body.hasAttribute('data-busy')`) && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
		} else {
			time.Sleep(25 * time.Millisecond)
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: waited for %s\n%s", p.name, cond, p.snapshot())
		}
	}
}

// switchTold sets one of the help window's switches of how the player is
// told of a turn, with the mouse, as a player does.
func switchTold(p *page, kind string, on bool) {
	p.t.Helper()
	p.click("#open-help")
	sel := "#told-" + kind
	p.waitVisible(sel)
	if eval[bool](p, `document.querySelector('`+sel+`').checked`) != on {
		p.click(sel)
	}
	want := "off"
	if on {
		want = "on"
	}
	p.until(kind+" switched "+want, `document.querySelector('`+sel+`').checked === `+map[bool]string{true: "true", false: "false"}[on]+
		` && localStorage.getItem('sk.told.`+kind+`') === '`+want+`'`, 5*time.Second)
	p.click("#help-dialog .close")
}

// TestToldOfTheTurnWhileTheTabIsHidden plays against bots: each turn is
// told with two tones, and with a notification when the tab is hidden
// and notifications are on; switched off, they tell nothing.
func TestToldOfTheTurnWhileTheTabIsHidden(t *testing.T) {
	s := startSeeded(t, 3)
	p := newPage(t, "Ann", 1280, 900)
	origin, err := url.Parse(s.Base)
	if err != nil {
		t.Fatal(err)
	}
	p.do("allow notifications and record them", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		c := chromedp.FromContext(ctx)
		if _, err := cdp.Call(ctx, c.Browser, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: string(browser.PermissionTypeNotifications)},
			Setting:    browser.PermissionSettingGranted, Origin: origin.Scheme + "://" + origin.Host, BrowserContextID: c.BrowserContextID,
		}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: toldJS})
		return err
	}))
	id := startQuickGame(t, p, s, "Ann")
	const round1Bid = `/Round 1\b/.test(document.querySelector('#round-info')?.textContent) && document.querySelector('#bid-confirm')`
	const round1Play = `/Round 1\b/.test(document.querySelector('#round-info')?.textContent) && document.querySelector('.hand.myturn')`
	const round2Bid = `/Round 2\b/.test(document.querySelector('#round-info')?.textContent) && document.querySelector('#bid-confirm')`
	const round2Play = `/Round 2\b/.test(document.querySelector('#round-info')?.textContent) && document.querySelector('.hand.myturn')`

	// Round 1's bid, in view: the tones, and no notification, which is
	// off until the player turns it on.
	p.until("round 1's bid", round1Bid, 15*time.Second)
	first := toldSoFar(p)
	if first.Tones != 2 || len(first.Notes) != 0 {
		t.Fatalf("at the first turn, in view, the page made %d tones and %d notifications, want 2 and 0", first.Tones, len(first.Notes))
	}
	if eval[string](p, `localStorage.getItem('sk.told.notify') || ''`) != "" {
		t.Fatal("notifications were switched before the player chose")
	}
	switchTold(p, "notify", true)
	p.click("#open-help")
	eval[bool](p, `(document.querySelector("#told").scrollIntoView(), true)`)
	p.screenshot("told-help", false)
	p.click("#help-dialog .close")

	// Round 1's card, in view: tones again, once for the turn however
	// often the page is redrawn, and still no notification.
	actHidden(p, round1Play)
	inView := toldSoFar(p)
	if inView.Tones != 4 || len(inView.Notes) != 0 {
		t.Fatalf("at the second turn, in view with notifications on, the page made %d tones and %d notifications in all, want 4 and 0", inView.Tones, len(inView.Notes))
	}

	// Round 2's bid comes while the tab is hidden: a notification too.
	showWindow(p, false)
	actHidden(p, round2Bid)
	hidden := toldSoFar(p)
	if hidden.Tones != 6 {
		t.Errorf("at the third turn, hidden, the page made %d tones in all, want 6", hidden.Tones)
	}
	if len(hidden.Notes) != 1 {
		t.Fatalf("at the third turn, hidden, the page made %d notifications, want 1: %+v", len(hidden.Notes), hidden.Notes)
	}
	name := eval[string](p, `fetch('/api/tables/`+id+`').then((r) => r.json()).then((j) => (j.table || j).name || '')`)
	wantTitle := "Your turn at table " + id
	if name != "" {
		wantTitle = "Your turn at " + name
	}
	n := hidden.Notes[0]
	if n.Title != wantTitle || n.Body != "Round 2: the table waits for your bid." || n.Tag != "sk-turn-"+id {
		t.Fatalf("the notification is %+v, want %q, %q, tag %q", n, wantTitle, "Round 2: the table waits for your bid.", "sk-turn-"+id)
	}

	// Sound and notifications off: the next turn, hidden, tells nothing
	// by them (the vibration, still on, shows that the turn was there).
	showWindow(p, true)
	switchTold(p, "sound", false)
	switchTold(p, "notify", false)
	showWindow(p, false)
	before := toldSoFar(p)
	actHidden(p, round2Play)
	after := toldSoFar(p)
	if after.Tones != before.Tones || len(after.Notes) != len(before.Notes) {
		t.Fatalf("switched off, the page still made %d tones and %d notifications", after.Tones-before.Tones, len(after.Notes)-len(before.Notes))
	}
	if eval[bool](p, `typeof navigator.vibrate === 'function'`) && after.Buzz != before.Buzz+1 {
		t.Errorf("the turn asked for %d vibrations, want 1", after.Buzz-before.Buzz)
	}
	showWindow(p, true)
}
