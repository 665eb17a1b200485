package webtest

import (
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/locale"
)

// unbracketedJS lists the words of the page's <main> (less what the
// selectors given name) that stand outside the pseudo-language's
// brackets: words not from the catalogue. A sentence's element placed at
// its placeholder is bracketed inside the sentence's brackets.
const unbracketedJS = `((skip) => {
	const main = document.querySelector('main').cloneNode(true);
	for (const el of main.querySelectorAll(skip)) el.remove();
	let s = main.textContent, before;
	do { before = s; s = s.replace(/⟦[^⟦⟧]*⟧/g, ' '); } while (s !== before);
	return s.split(/\s+/).filter((w) => /\p{L}/u.test(w));
})`

// TestRulesPageSpeaksTheReadersLanguage opens the rules page in the
// pseudo-language: its title and every word of its text are the
// catalogue's, sentences with a link, a key or a card inside included.
// Key caps are not words, and the options' entries and the cards' faces
// are written by other code, with tests of their own.
func TestRulesPageSpeaksTheReadersLanguage(t *testing.T) {
	s := startSite(t, "--pseudo-locale")
	p := newPage(t, "Ann", 1280, 900)
	p.nav(s.Base + "/rules")
	p.waitVisible("#lang")
	p.chooseLanguage(locale.PseudoCode)
	p.until("the options listed", `document.querySelectorAll('#options dt').length > 0`, 10*time.Second)
	if title := eval[string](p, `document.title`); !strings.HasPrefix(title, "⟦") || !strings.HasSuffix(title, "⟧") {
		t.Errorf("the page's title is %q", title)
	}
	if words := eval[[]string](p, unbracketedJS+`('kbd, .card, #options dl')`); len(words) > 0 {
		t.Errorf("words not from the catalogue: %q", words)
	}
	// A sentence keeps its link in place: the link to the modules stands
	// inside the bidding's sentence, between its words.
	link := eval[string](p, `(() => { const a = document.querySelector('[data-t="rules.bidding.text"] > a[href="#modules"]'); return a ? a.previousSibling.textContent.slice(-6) + '|' + a.textContent + '|' + a.nextSibling.textContent.slice(0, 2) : ''; })()`)
	if !strings.Contains(link, "|⟦Ṁóðúļéš⟧|)") {
		t.Errorf("the link in the bidding's sentence reads %q", link)
	}
	p.do("scroll to the cards", scrollTo(`[data-t="rules.cards.optional"]`))
	p.screenshot("rules-pseudo-language", false)
}
