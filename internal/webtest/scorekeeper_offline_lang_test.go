package webtest

import (
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/locale"
)

// TestScoreKeeperOfflineSpeaksGerman: the keeper, its reader having chosen
// German, is opened again with the server out of reach; the service worker
// gives it the page, the engine and the catalogue, and the engine on the
// phone refuses an impossible round with the catalogue's German sentence,
// not the English one.
func TestScoreKeeperOfflineSpeaksGerman(t *testing.T) {
	srv := startKeeperServer(t)
	p := newPage(t, "keeper", 420, 860)
	p.nav(srv.Base + "/sheet")
	eval[bool](p, `localStorage.setItem('sk.lang', 'de') || true`)
	p.nav(srv.Base + "/sheet")
	p.until("the page in German", `document.documentElement.lang === 'de'`, 10*time.Second)
	newThreeRoundSheet(p)

	// The service worker keeps the engine and every language of the catalogue.
	p.until("the service worker in charge", `navigator.serviceWorker.controller`, 10*time.Second)
	var files []string
	for _, code := range locale.Codes() {
		files = append(files, "'/locale/"+code+".json'")
	}
	keptAll := `Promise.all(['/sheet/assets/engine.wasm', '/locale/index.json', ` + strings.Join(files, ", ") +
		`].map((f) => caches.match(f))).then((hits) => hits.every(Boolean))`
	for kept := time.Now().Add(10 * time.Second); !eval[bool](p, keptAll); {
		if time.Now().After(kept) {
			t.Fatalf("the service worker did not keep the engine and the catalogue's %s", strings.Join(files, ", "))
		}
		time.Sleep(40 * time.Millisecond)
	}
	sheet := eval[string](p, `location.pathname`)
	srv.Stop()

	// Opened again offline: the worker's page, catalogue and engine.
	p.nav(srv.Base + sheet)
	p.until("the sheet opened offline, in German", `document.documentElement.lang === 'de' && document.querySelector('[data-key="bid-0-1"]')`, 10*time.Second)

	// Round 1 deals 1 card, and Ann and Ben each won it.
	for _, key := range []string{"bid-0-1", "bid-1-0", "bid-2-0"} {
		p.click(`[data-key="` + key + `"]`)
	}
	p.click("#next:not([disabled])")
	for _, key := range []string{"won-0-1", "won-1-1", "won-2-0"} {
		p.click(`[data-key="` + key + `"]`)
	}
	de := locale.For("de")
	want := de.T("result.in_round", locale.Args{"Round": 1,
		"Reason": de.N("result.tricks_over", 1, locale.Args{"Sum": 2})})
	english := "tricks won add up to 2, but only 1 trick was played"
	p.until("the engine's refusal",
		`document.querySelector('#tricks-check.bad') && document.querySelector('#next').getAttribute('aria-disabled') === 'true'`, 10*time.Second)
	if got := eval[string](p, `document.querySelector('#tricks-check').textContent`); got != want {
		t.Errorf("the refusal offline reads %q, want %q", got, want)
	}
	if page := eval[string](p, `document.body.textContent`); strings.Contains(strings.ToLower(page), english) {
		t.Errorf("the page shows the English refusal %q", english)
	}
}
