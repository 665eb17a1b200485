package locale

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

// TestPseudoSentencesAreBracketedAndKeepTheirPlaceholders: every form of
// every sentence is bracketed, with English's placeholders in English's
// order and no unaccented letter outside them, and no form is lost.
func TestPseudoSentencesAreBracketedAndKeepTheirPlaceholders(t *testing.T) {
	c, err := Default().WithPseudo()
	if err != nil {
		t.Fatal(err)
	}
	base := messages(t, c, Base)
	pseudo := messages(t, c, PseudoCode)
	if len(pseudo) != len(base) {
		t.Errorf("the pseudo-language has %d sentences, %s %d", len(pseudo), Base, len(base))
	}
	for id, want := range base {
		got := pseudo[id]
		for form, text := range want {
			p, ok := got[form]
			if !ok {
				t.Errorf("%s: no %q form", id, form)
				continue
			}
			if !strings.HasPrefix(p, "⟦") || !strings.HasSuffix(p, "⟧") {
				t.Errorf("%s (%s): %q is not bracketed", id, form, p)
			}
			if g, w := placeholder.FindAllString(p, -1), placeholder.FindAllString(text, -1); !slices.Equal(g, w) {
				t.Errorf("%s (%s): placeholders %v, English's %v", id, form, g, w)
			}
			for _, r := range placeholder.ReplaceAllString(p, "") {
				if r < unicode.MaxASCII && unicode.IsLetter(r) {
					t.Errorf("%s (%s): %q keeps the plain letter %q", id, form, p, r)
					break
				}
			}
		}
	}
}

// TestThePseudoLanguageIsALanguage: it passes what any translation must,
// is chosen only when asked for by its code, and renders as English
// does, accented.
func TestThePseudoLanguageIsALanguage(t *testing.T) {
	c, err := Default().WithPseudo()
	if err != nil {
		t.Fatal(err)
	}
	checkCatalogue(t, c)
	if got := c.For(PseudoCode).Code(); got != PseudoCode {
		t.Errorf("For(%s) = %s", PseudoCode, got)
	}
	for _, prefs := range [][]string{nil, {"en"}, {"en-US"}, {"en-GB,en;q=0.8"}, {"it"}, {"en-AU"}, {"en-001"}} {
		if got := c.For(prefs...).Code(); got != Base {
			t.Errorf("For(%q) = %s with the pseudo-language offered, want %s", prefs, got, Base)
		}
	}
	for _, n := range []int{1, 3, 1000} {
		want := pseudoText(c.For(Base).N("refusal.bid_out_of_range", n, nil))
		want = strings.ReplaceAll(strings.ReplaceAll(want, "⟦", ""), "⟧", "")
		if got := c.For(PseudoCode).N("refusal.bid_out_of_range", n, nil); got != "⟦"+want+"⟧" {
			t.Errorf("%d cards: %q, want ⟦%s⟧", n, got, want)
		}
	}
	if got := c.For(PseudoCode).T("refusal.already_bid", Args{"Name": "Ann"}); !strings.Contains(got, "Ann") || !strings.HasPrefix(got, "⟦") {
		t.Errorf("a name in the pseudo-language: %q", got)
	}
}
