package webtest

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/skullking-go/skullking/internal/scorekeeper"
	"github.com/skullking-go/skullking/internal/scorekeeper/keeperapi"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/internal/web"
	"github.com/skullking-go/skullking/locale"
)

// TestSiteInstallsAndOpensOffline: the lobby's first visit installs the
// site's service worker, which takes the page at once; Chromium then finds
// the site installable as an app, its manifest without a fault; and with
// the server gone, the lobby, the rules, the score keeper, a table's page
// and a game's on the device still open from the worker's cache, each
// with its header.
func TestSiteInstallsAndOpensOffline(t *testing.T) {
	srv := startKeeperServer(t)
	p := newProfilePage(t, "player", 420, 860)
	// What the pages' policy refuses is kept, to be none: the manifest, the
	// worker and the icons are all allowed.
	p.do("watch the policy", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.refused = []; document.addEventListener('securitypolicyviolation', (e) => window.refused.push(e.violatedDirective + ' ' + e.blockedURI));`})
		return err
	}))
	refused := func(path string) {
		t.Helper()
		if got := eval[[]string](p, `window.refused`); len(got) > 0 {
			t.Errorf("%s: the policy refused %v", path, got)
		}
	}
	p.nav(srv.Base + "/")
	p.until("the service worker in charge", `navigator.serviceWorker.controller`, 15*time.Second)

	var manifest cdppage.GetAppManifestResult
	var installable cdppage.GetInstallabilityErrorsResult
	p.do("ask Chromium whether the site installs", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		var err error
		if manifest, err = cdp.Call(ctx, tg, cdppage.GetAppManifest, cdppage.GetAppManifestParams{}); err != nil {
			return err
		}
		installable, err = cdp.Call(ctx, tg, cdppage.GetInstallabilityErrors, cdp.Empty{})
		return err
	}))
	if !strings.HasSuffix(manifest.URL, "/manifest.webmanifest") || len(manifest.Errors) > 0 {
		t.Errorf("the manifest at %q has errors:", manifest.URL)
		for _, e := range manifest.Errors {
			t.Errorf("  line %d: %s", e.Line, e.Message)
		}
	}
	for _, e := range installable.InstallabilityErrors {
		var args []string
		for _, a := range e.ErrorArguments {
			args = append(args, a.Name+"="+a.Value)
		}
		t.Errorf("Chromium will not install the site: %s %s", e.ErrorID, strings.Join(args, " "))
	}
	refused("/")

	srv.Stop()
	for _, c := range []struct{ path, header string }{
		{"/", "header.top a.brand"},
		{"/rules", "header.top a.brand"},
		{"/sheet", "header.top a.brand"},
		{"/sheet/new", "header.top a.brand"},
		{"/t/k7qx2mpa9c", "header.top a.brand"},
		{"/play/k7qx2mpa9c", "header.top a.brand"},
	} {
		p.nav(srv.Base + c.path)
		p.until(c.path+" drawn offline, its header in words", `document.querySelector('`+c.header+`').textContent.trim() !== ''
			&& document.querySelector('main').textContent.trim() !== ''`, 10*time.Second)
		refused(c.path)
	}
	// The rules are whole, not only their header.
	p.nav(srv.Base + "/rules")
	p.until("the rules' sections offline", `document.querySelectorAll('main.rules section').length > 5 && document.querySelector('h1').textContent.trim() !== ''`, 10*time.Second)
	p.nav(srv.Base + "/")
	p.screenshot("offline-lobby", false)
}

// TestSiteUpdatesOnTheReadersWord: a release comes out while a page of the
// previous one is open; on the next load the page says a new version is
// ready and keeps the version it runs, until its reader clicks Reload:
// then the new worker takes over and the page reloads, once.
func TestSiteUpdatesOnTheReadersWord(t *testing.T) {
	// The worker is served by a handler the test swaps for one that names
	// another version, as a new release would.
	var worker atomic.Value
	worker.Store(web.Handler())
	srv := testserver.StartWith(t, func(c *server.Config) {
		c.Mount = map[string]http.Handler{"/sw.js": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			worker.Load().(http.Handler).ServeHTTP(w, r)
		})}
	})
	p := newPage(t, "player", 420, 860)
	p.do("count the page's loads", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
			Source: `if (location.protocol === 'http:') sessionStorage.setItem('loads', String(Number(sessionStorage.getItem('loads') || 0) + 1));`})
		return err
	}))
	p.nav(srv.Base + "/")
	p.until("the service worker in charge", `navigator.serviceWorker.controller`, 15*time.Second)
	first := eval[[]string](p, `caches.keys()`)
	if len(first) != 1 || !strings.HasPrefix(first[0], "sk-site-") {
		t.Fatalf("the first version's caches: %v", first)
	}
	loads := `Number(sessionStorage.getItem('loads'))`
	if n := eval[float64](p, loads); n != 1 {
		t.Fatalf("the first visit loaded the page %v times: the first install must take it without a reload", n)
	}

	worker.Store(web.HandlerOptions(locale.Default(), web.Options{Version: "next"}))
	p.do("reload", chromedp.Reload())
	en := locale.For("en")
	p.until("the new version's banner", `document.querySelector('#update-banner') && document.querySelector('#update-banner').textContent.includes(`+
		quote(en.T("site.update.ready", nil))+`)`, 20*time.Second)
	p.screenshot("update-banner", false)
	if got := eval[string](p, `document.querySelector('#update-reload').textContent`); got != en.T("site.update.reload", nil) {
		t.Errorf("the banner's button reads %q", got)
	}
	// Until the reader says so, the page runs the version it was opened in.
	if n := eval[float64](p, loads); n != 2 {
		t.Fatalf("the page loaded %v times before its reader clicked Reload, want 2", n)
	}
	if !eval[bool](p, `navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)`) {
		t.Fatal("no new worker waits behind the banner")
	}

	p.click("#update-reload")
	p.until("the page reloaded under the new worker", loads+` === 3 && navigator.serviceWorker.controller && !document.querySelector('#update-banner')`, 15*time.Second)
	p.untilResolved("the previous version's cache gone", `caches.keys().then((k) => k.join() === 'sk-site-next')`, 10*time.Second)
	p.untilResolved("the new worker settled", `navigator.serviceWorker.getRegistration().then((r) => r.active && r.active.state === 'activated' && !r.waiting && !r.installing)`, 10*time.Second)
	if n := eval[float64](p, loads); n != 3 {
		t.Errorf("the page loaded %v times in all, want 3: one reload on the reader's click", n)
	}
	p.waitVisible("header.top a.brand")
}

// untilResolved is until for a condition that is a promise, such as the
// caches' or the worker's state. The page may be reloading meanwhile (the
// worker's doing): an evaluation the reload cut short is asked again.
func (p *page) untilResolved(what, js string, timeout time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("Promise.resolve("+js+").then(Boolean)", chromedp.EvalAwaitPromise))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: waited %v for %s (%s; %v)\n%s", p.name, timeout, what, js, err, p.snapshot())
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// formerKeeperWorker stands for the score keeper's own service worker of
// the releases before the site's (scope "/sheet", network first, its own
// cache), as a phone that installed it still has it.
const formerKeeperWorker = `const CACHE = 'sk-sheet-4';
self.addEventListener('install', (ev) => ev.waitUntil(caches.open(CACHE).then((c) => c.add('/sheet')).then(() => self.skipWaiting())));
self.addEventListener('activate', (ev) => ev.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (ev) => ev.respondWith(fetch(ev.request).catch(() => caches.match('/sheet'))));
`

// TestFormerKeeperWorkerGivesWay: a phone that installed the score keeper's
// former worker, at /sheet/sw.js for the scope "/sheet", fetches it again on
// its next visit and gets the one that steps aside: its registration and
// cache go, and the keeper's page is the site's worker's from then on.
func TestFormerKeeperWorkerGivesWay(t *testing.T) {
	var former atomic.Bool
	former.Store(true)
	site := web.Handler()
	sk := keeperapi.NewHandler(scorekeeper.NewMemoryStore())
	srv := testserver.StartWith(t, func(c *server.Config) {
		c.Mount = map[string]http.Handler{"/api/sheets": sk, "/api/sheets/": sk, "/sheet/sw.js": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !former.Load() {
				site.ServeHTTP(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/javascript")
			w.Header().Set("Cache-Control", "no-cache")
			w.Header().Set("Service-Worker-Allowed", "/sheet")
			w.Write([]byte(formerKeeperWorker))
		})}
	})
	p := newPage(t, "keeper", 420, 860)
	p.nav(srv.Base + "/sheet")
	// As the keeper's page of those releases did.
	eval[bool](p, `navigator.serviceWorker.register('/sheet/sw.js', { scope: '/sheet' }).then(() => true)`)
	p.until("the former worker in charge", `navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL.endsWith('/sheet/sw.js')`, 15*time.Second)
	p.untilResolved("the former worker's cache", `caches.has('sk-sheet-4')`, 10*time.Second)

	former.Store(false)
	p.do("reload", chromedp.Reload())
	p.untilResolved("the site's worker in charge of the keeper, the former one gone",
		`navigator.serviceWorker.getRegistrations().then((regs) => regs.map((r) => new URL(r.scope).pathname).join() === '/'
			&& navigator.serviceWorker.controller && new URL(navigator.serviceWorker.controller.scriptURL).pathname === '/sw.js')`, 20*time.Second)
	p.untilResolved("the former worker's cache gone", `caches.has('sk-sheet-4').then((has) => !has)`, 10*time.Second)
	p.waitVisible("header.top a.brand")
}
