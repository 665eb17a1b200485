package webtest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/skullking-go/skullking/locale"
)

// inLanguage is the condition of a page shown in code: its <html lang>
// and its menu say so.
func inLanguage(code string) string {
	return `document.documentElement.lang === '` + code + `' && document.querySelector('#lang')?.value === '` + code + `'`
}

// chooseLanguage picks code from the header's menu, as a person does,
// and waits for the page shown again in it.
func (p *page) chooseLanguage(code string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
	defer cancel()
	if _, err := chromedp.RunResponse(ctx, selectValue("#lang", code)); err != nil {
		p.t.Fatalf("%s: choosing %s: %v\n%s", p.name, code, err, p.snapshot())
	}
	p.until("the page again, in "+code, inLanguage(code), 10*time.Second)
}

// TestChoosingALanguage: with the pseudo-language served, the header's
// menu lists each language in its own name; choosing one shows the page
// again in it — the catalogue's sentences bracketed — and every page
// remembers it, the rules and the score keeper too.
func TestChoosingALanguage(t *testing.T) {
	s := startKeeperServer(t, "--pseudo-locale")
	p := newPage(t, "Ann", 1280, 900)
	p.nav(s.Base + "/")
	p.waitVisible("#lang")
	got := eval[[]string](p, `[...document.querySelectorAll('#lang option')].map((o) => o.value + ' ' + o.textContent)`)
	if !slices.Contains(got, "en English") || !slices.Contains(got, locale.PseudoCode+" ⟦Éñĝļíšĥ⟧") {
		t.Fatalf("the menu offers %q", got)
	}
	if name := eval[string](p, `document.querySelector('#lang').labels[0].textContent`); name == "" {
		t.Error("the menu has no label")
	}
	if !eval[bool](p, inLanguage(locale.Base)) {
		t.Fatal("a page in an English browser is not in English")
	}
	p.chooseLanguage(locale.PseudoCode)

	// A card tapped while the bids are made says why it waits: the
	// catalogue's sentence, bracketed.
	startQuickGame(t, p, s, "Ann")
	p.waitVisible("#bid-confirm")
	p.click(".hand .card")
	p.until("the reason under the hand, bracketed", `/^⟦[^⟦⟧]+⟧$/.test(document.querySelector('#whyline').textContent)`, 5*time.Second)

	for _, path := range []string{"/rules", "/sheet"} {
		p.nav(s.Base + path)
		p.until(path+" in the pseudo-language", inLanguage(locale.PseudoCode), 10*time.Second)
	}
	p.chooseLanguage(locale.Base)
	p.nav(s.Base + "/")
	p.until("the lobby in English", inLanguage(locale.Base), 10*time.Second)
}

// TestABrowserInAnotherLanguageReadsEnglish: a browser that asks for a
// language the catalogue lacks (Italian) is shown English — never the
// pseudo-language, English's closest kin to a matcher.
func TestABrowserInAnotherLanguageReadsEnglish(t *testing.T) {
	if slices.Contains(locale.Codes(), "it") {
		t.Fatal("the catalogue speaks Italian now: choose a language it lacks")
	}
	s := startSite(t, "--pseudo-locale")
	p := newPage(t, "Alessia", 1280, 900)
	p.do("an Italian browser", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		ua, err := chromedp.Evaluate[string](`navigator.userAgent`)(ctx, tg)
		if err != nil {
			return err
		}
		_, err = cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: "it"})
		return err
	}))
	startQuickGame(t, p, s, "Alessia")
	if got := eval[[]string](p, `navigator.languages`); !slices.Equal(got, []string{"it"}) {
		t.Fatalf("the browser asks for %q", got)
	}
	p.until("the page in English", inLanguage(locale.Base), 10*time.Second)
	p.waitVisible("#bid-confirm")
	p.click(".hand .card")
	p.until("the reason under the hand, in English", `/^[A-Z][^⟦⟧]+\.$/.test(document.querySelector('#whyline').textContent)`, 5*time.Second)
}
