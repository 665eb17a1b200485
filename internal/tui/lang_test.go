package tui

import (
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/words"
)

// TestTheScreenSpeaksItsLanguage: in the pseudo-language the reason a
// card may not be played is the catalogue's sentence, bracketed, as
// `skullking play --lang en-XA` shows it.
func TestTheScreenSpeaksItsLanguage(t *testing.T) {
	cat, err := locale.Default().WithPseudo()
	if err != nil {
		t.Fatal(err)
	}
	sc := newScripted(t, 4, skullking.DefaultOptions(), 1, "Ann", "Ben", "Cat", "Dan")
	sc.m.cfg.Lang = cat.For(locale.PseudoCode)
	sc.toARefusedCard()
	out := strings.Join(strings.Fields(plain(sc.m)), " ") // as read, whatever the wrapping
	w := words.For(sc.m.v)
	w.Lang = cat.For(locale.PseudoCode)
	want := w.Refusal(sc.m.v.Hand[sc.m.cursor].Why)
	if !strings.HasPrefix(want, "⟦") || !strings.Contains(out, want) {
		t.Errorf("no %q on the screen:\n%s", want, plain(sc.m))
	}
}
