package webtest

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/skullking-go/skullking/internal/scorekeeper"
	"github.com/skullking-go/skullking/internal/scorekeeper/keeperapi"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// shownJS keeps, on every page the tab opens, each text the reader is
// shown — a visible text node, a visible element's aria-label, title,
// placeholder or alt, the tab's title — in window.__shown, looked at again
// whenever the page changes, so a toast or a line that is gone a moment
// later is read too. The language menu is left out: it names each
// language in itself on purpose; and so are key caps, which are the
// keyboard's.
const shownJS = `(() => {
	const shown = new Set();
	window.__shown = shown;
	const visible = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
	const look = () => {
		queued = false;
		if (!document.body) return;
		const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			const el = n.parentElement;
			if (!n.textContent.trim() || !el || el.closest('script, style, noscript, kbd, #lang') || !visible(el)) continue;
			// A sentence of the page's markup whose placeholders are
			// elements (a link, a bold word) is read whole.
			const whole = el.closest('[data-t]');
			shown.add((whole || n).textContent.trim());
		}
		for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
			if (el.closest('#lang') || !visible(el)) continue;
			for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
				const v = (el.getAttribute(a) || '').trim();
				if (v) shown.add(v);
			}
		}
		if (document.title.trim()) shown.add(document.title.trim());
	};
	let queued = false;
	const soon = () => { if (!queued) { queued = true; setTimeout(look, 30); } };
	new MutationObserver(soon).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
	addEventListener('DOMContentLoaded', soon);
})()`

// readingIn opens the tab as a browser whose reader's language is code,
// every text it shows kept (shownJS).
func (p *page) readingIn(code string) {
	p.t.Helper()
	p.do("a browser in "+code, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		ua, err := chromedp.Evaluate[string](`navigator.userAgent`)(ctx, tg)
		if err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: code}); err != nil {
			return err
		}
		_, err = cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: shownJS})
		return err
	}))
}

// shown is every text the page has shown since it was opened (shownJS),
// once the last change is read.
func (p *page) shown() []string {
	p.t.Helper()
	return eval[[]string](p, `new Promise((ok) => setTimeout(() => ok(window.__shown ? [...window.__shown] : []), 60))`)
}

// reader says what of a page's texts is not in one language.
type reader struct {
	code  string
	names []string        // players' names and the product's, which no language translates
	alien map[string]bool // words of English that the language's file never uses
}

// words are a text's words, lower-cased.
var wordRE = regexp.MustCompile(`\pL[\pL\pM'’]*`)

// catalogueWords are the words a language's file uses in its sentences
// (placeholders and translators' notes aside).
func catalogueWords(t *testing.T, code string) map[string]bool {
	t.Helper()
	all, ok := locale.Default().Sentences(code)
	if !ok {
		t.Fatalf("no catalogue file for %s", code)
	}
	out := map[string]bool{}
	for _, forms := range all {
		for _, s := range forms {
			for _, w := range wordRE.FindAllString(placeholderRE.ReplaceAllString(s, " "), -1) {
				out[strings.ToLower(w)] = true
			}
		}
	}
	return out
}

var placeholderRE = regexp.MustCompile(`\{\{\.[A-Za-z]+\}\}`)

// newReader reads in code: English for a language is any word English's
// file uses and code's never does; the pseudo-language and Korean are read
// by their script (bracketed; Hangul).
func newReader(t *testing.T, code string, names ...string) reader {
	// The product's name, and the names of the file formats a sheet is
	// exported in, are no language's.
	r := reader{code: code, names: append([]string{"Skull King", "JSON", "CSV"}, names...)}
	if code == locale.PseudoCode || code == "ko" {
		return r
	}
	theirs := catalogueWords(t, code)
	r.alien = map[string]bool{}
	for w := range catalogueWords(t, locale.Base) {
		if !theirs[w] && len([]rune(w)) > 1 {
			r.alien[w] = true
		}
	}
	for _, n := range r.names {
		for _, w := range wordRE.FindAllString(n, -1) {
			delete(r.alien, strings.ToLower(w))
		}
	}
	return r
}

var (
	bracketedRE   = regexp.MustCompile(`⟦[^⟦⟧]*⟧`)
	urlRE         = regexp.MustCompile(`https?://\S+`)
	intlEnglishRE = regexp.MustCompile(`\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b|\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b|\b[AP]M\b`)
	// A key or a card's corner may be one letter ("h", "K"); a word of a
	// language is two or more.
	latinWordRE = regexp.MustCompile(`^\p{Latin}{2,}$`)
	tokenRE     = regexp.MustCompile(`[\pL\pN]+`)
	unwordedRE  = regexp.MustCompile(`^[\p{N}\p{P}\p{S}\p{Z}\s]*(\pL[\p{N}\p{P}\p{S}\p{Z}\s]+)*\pL?[\p{N}\p{P}\p{S}\p{Z}\s]*$`)
)

// wholeWord finds name where it is a word of its own, not the start of
// another ("Ann" in "Annonce"); a Korean particle may cling to it
// ("Ann이").
func wholeWord(name string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^\p{Latin}])` + regexp.QuoteMeta(name) + `($|[^\p{Latin}])`)
}

// foreign is the texts not in the reader's language, each with why.
func (r reader) foreign(texts []string) []string {
	var out []string
	for _, s := range texts {
		rest := urlRE.ReplaceAllString(s, " ")
		for _, n := range r.names {
			rest = wholeWord(n).ReplaceAllString(rest, "$1 $2")
		}
		switch {
		case r.code == locale.PseudoCode:
			// A sentence may hold others (a list, a card's name) as its
			// placeholders: brackets within brackets, innermost first.
			left := rest
			for {
				next := bracketedRE.ReplaceAllString(left, " ")
				if next == left {
					break
				}
				left = next
			}
			// Dates are the browser's (Intl), which writes the
			// pseudo-language's as English's.
			left = intlEnglishRE.ReplaceAllString(left, " ")
			if !unwordedRE.MatchString(left) {
				out = append(out, fmt.Sprintf("%q is not the catalogue's", s))
			}
		case r.code == "ko":
			for _, w := range tokenRE.FindAllString(rest, -1) {
				// A code such as a table's mixes letters and digits.
				if latinWordRE.MatchString(w) {
					out = append(out, fmt.Sprintf("%q has %q", s, w))
					break
				}
			}
		default:
			for _, w := range wordRE.FindAllString(rest, -1) {
				if r.alien[strings.ToLower(w)] {
					out = append(out, fmt.Sprintf("%q has the English %q", s, w))
					break
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// readsOnly fails the test with every text the page showed that is not
// in the reader's language.
func (r reader) readsOnly(t *testing.T, where string, texts []string) {
	t.Helper()
	if len(texts) == 0 {
		t.Errorf("%s showed no text at all", where)
	}
	if bad := r.foreign(texts); len(bad) > 0 {
		t.Errorf("%s in %s shows %d texts in another language:\n  %s", where, r.code, len(bad), strings.Join(bad, "\n  "))
	}
}

// The reader finds what is not in its language, and lets names, numbers
// and the language itself be.
func TestTheReaderFindsAnotherLanguage(t *testing.T) {
	fr := newReader(t, "fr", "Ann")
	if got := fr.foreign([]string{"Ann", "3 · 40", fr.sample(t, "table.turn.bid")}); len(got) != 0 {
		t.Errorf("French reads as foreign: %q", got)
	}
	if got := fr.foreign([]string{"Annonce"}); len(got) != 0 {
		t.Errorf("a French word beginning with a player's name reads as foreign: %q", got)
	}
	if got := fr.foreign([]string{"Your turn to bid"}); len(got) != 1 {
		t.Errorf("English in a French page passes: %q", got)
	}
	ko := newReader(t, "ko", "Ann")
	if got := ko.foreign([]string{"Ann", "Ann이(가) 이겼어요.", "Skull King", "h", "k7qx2mpa9c", ko.sample(t, "table.turn.bid")}); len(got) != 0 {
		t.Errorf("Korean reads as foreign: %q", got)
	}
	if got := ko.foreign([]string{"Round 3"}); len(got) != 1 {
		t.Errorf("English in a Korean page passes: %q", got)
	}
	xa := newReader(t, locale.PseudoCode, "Ann")
	if got := xa.foreign([]string{"Ann: ⟦Ŕóúñð⟧ 3", "⟦Ţĥé⟧ · ⟦ɱáţçĥ⟧", "h", "+40", "10 / 10", "⟦Ann⟦, ⟧Ben ⟦áñð⟧ Cat⟧", "Dec 5, 2026", "http://127.0.0.1:1/sheet/ab12"}); len(got) != 0 {
		t.Errorf("the pseudo-language reads as foreign: %q", got)
	}
	for _, s := range []string{"Round 3", "⟦Ŕóúñð⟧ of 3", "Bid"} {
		if got := xa.foreign([]string{s}); len(got) != 1 {
			t.Errorf("%q passes as the pseudo-language", s)
		}
	}
}

// sample is a sentence of the catalogue in the reader's language.
func (r reader) sample(t *testing.T, id string) string {
	t.Helper()
	c, err := locale.Default().WithPseudo()
	if err != nil {
		t.Fatal(err)
	}
	l := c.For(r.code)
	if l.Code() != r.code {
		t.Fatalf("no %s", r.code)
	}
	return placeholderRE.ReplaceAllString(l.T(id, locale.Args{"Name": "Ann", "Count": 3, "Number": 3}), "")
}

// languageSite is a server dealing every game from seed, quick bots and
// the score keeper beside the tables.
func languageSite(t *testing.T, seed uint64, flags ...string) *testserver.Server {
	t.Helper()
	sk := keeperapi.NewHandler(scorekeeper.NewMemoryStore())
	return testserver.StartWith(t, func(c *server.Config) {
		c.Seed = func() uint64 { return seed }
		c.Mount = map[string]http.Handler{"/api/sheets": sk, "/api/sheets/": sk}
	}, append([]string{"--bot-delay", "15ms"}, flags...)...)
}

// everyModuleTable makes Ann's table of four — three bots — with every
// module on, rounds of 10 and 9 cards, and seats Ann's page at it. It
// returns the names at the table, and the table's code, which are no
// language's.
func everyModuleTable(t *testing.T, p *page, s *testserver.Server) []string {
	t.Helper()
	st := testserver.Settings(0)
	st.Options.ScheduleCards = []int{10, 9}
	st.Options.PirateAbilities = true
	st.Options.Loot = true
	st.Options.Kraken = true
	st.Options.WhiteWhale = true
	created := s.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random"), testserver.Bot("random"), testserver.Bot("random")}, st)
	eval[bool](p, `(localStorage.setItem('sk.seat.`+created.ID+`', JSON.stringify({seat: `+itoa(created.Seat)+`, token: `+quote(created.Token)+`})), true)`)
	names := []string{created.ID}
	for _, seat := range s.Info(created.ID).Seats {
		names = append(names, seat.Name)
	}
	p.nav(s.Base + "/t/" + created.ID)
	p.click("#start")
	p.waitVisible("#round-info")
	return names
}

// TestAWholeGameInOneLanguage plays a whole game with every module in a
// French, a Korean and a German browser — on a phone of 390 px, and of
// 360 px in German and Korean, whose words run longest and widest — and
// reads only that language on the lobby, the table at every moment of
// it, the game's end and the review, the players' names aside. At each
// moment the player acts, nothing the player needs is hidden or cut off
// (hiddenJS).
func TestAWholeGameInOneLanguage(t *testing.T) {
	for _, c := range []struct {
		code  string
		sizes []screenSize
	}{
		{"fr", []screenSize{{390, 844}}},
		{"ko", []screenSize{{390, 844}, {360, 800}}},
		{"de", []screenSize{{360, 800}}},
	} {
		t.Run(c.code, func(t *testing.T) {
			s := languageSite(t, 5)
			p := newPage(t, "Ann", c.sizes[0].w, c.sizes[0].h)
			p.readingIn(c.code)
			p.nav(s.Base + "/")
			p.waitVisible("#play-now")
			lobby := p.shown()
			r := newReader(t, c.code, everyModuleTable(t, p, s)...)
			r.readsOnly(t, "the lobby", lobby)
			if got := eval[string](p, `document.documentElement.lang`); got != c.code {
				t.Fatalf("<html lang=%q>, want %s", got, c.code)
			}
			checked, faults := playLaidOut(t, p, c.sizes, 3*time.Minute)
			t.Logf("%d moments laid out, %d at fault", checked, faults)
			p.waitVisible("#game-over")
			r.readsOnly(t, "the table", p.shown())
			p.click("#go-review")
			p.waitReview()
			r.readsOnly(t, "the review", p.shown())
		})
	}
}

// TestNothingEscapesTheCatalogue plays, in the pseudo-language (every
// sentence of the catalogue accented and bracketed), a whole game with
// every module, its review, the rules page and the score keeper's flows
// — a sheet made, an impossible round refused, three rounds with bonuses
// kept, the totals, the chart, the links, the home page — and finds no
// text on any of them outside the brackets but names and numbers: no
// word a player reads escapes the catalogue.
func TestNothingEscapesTheCatalogue(t *testing.T) {
	s := languageSite(t, 5, "--pseudo-locale")
	p := newPage(t, "Ann", 390, 844)
	// The impossible round is the server's 422, which the browser logs.
	t.Cleanup(func() { forgetLogged(p, "422") })
	p.readingIn(locale.PseudoCode)
	p.nav(s.Base + "/")
	p.waitVisible("#play-now")
	eval[bool](p, `([...document.querySelectorAll('details')].forEach((d) => d.open = true), true)`)
	lobby := p.shown()
	r := newReader(t, locale.PseudoCode, everyModuleTable(t, p, s)...)
	r.readsOnly(t, "the lobby", lobby)
	p.playUntil("", 3*time.Minute)
	p.waitVisible("#game-over")
	p.keys("t") // the tricks of the game, round by round
	p.waitVisible("dialog[open]")
	r.readsOnly(t, "the table", p.shown())
	eval[bool](p, `(document.querySelector('dialog[open]').close(), true)`)
	p.click("#go-review")
	p.waitReview()
	r.readsOnly(t, "the review", p.shown())

	p.nav(s.Base + "/rules")
	p.waitVisible("#options")
	r.readsOnly(t, "the rules page", p.shown())

	p.nav(s.Base + "/sheet")
	newThreeRoundSheet(p)
	keeper := newReader(t, locale.PseudoCode, "Ann", "Ben", "Cat")
	// Round 1, one card: no one won the trick, which cannot be, then Ann did.
	for i, b := range []int{1, 0, 0} {
		p.click(fmt.Sprintf(`[data-key="bid-%d-%d"]`, i, b))
	}
	p.click("#next:not([disabled])")
	for i := range 3 {
		p.click(fmt.Sprintf(`[data-key="won-%d-0"]`, i))
	}
	p.waitVisible("#tricks-check.bad")
	p.click(`[data-key="won-0-1"]`)
	nextStep(p, "#events-check")
	nextStep(p, "#preview table")
	p.click("#save-round:not([disabled])")
	p.waitVisible(`[data-key="bid-0-2"]`)
	enterRound(p, []int{0, 1, 0}, []int{0, 2, 0}, capture{1, "skull_king_took_pirates", "bc-1"})
	p.waitVisible(`[data-key="bid-0-3"]`)
	enterRound(p, []int{2, 0, 1}, []int{2, 0, 1}, capture{0, "skull_king_took_pirates", "bc-2"}, capture{2, "fourteen", "bs-green"})
	p.waitVisible("#game-over")
	p.click("#tab-totals")
	p.waitVisible("#score-chart")
	p.click("#tab-more")
	p.waitVisible("#follow-link")
	keeper.readsOnly(t, "the score keeper's sheet", p.shown())
	p.nav(s.Base + "/sheet")
	p.waitVisible("#new-sheet")
	keeper.readsOnly(t, "the score keeper's home", p.shown())
}
