package words

import (
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// Every card has its name, its phrase and its help in every language, and
// English says them as the game always has.
func TestCardNamesComeFromTheCatalogue(t *testing.T) {
	for _, code := range locale.Codes() {
		w := Words{Lang: locale.For(code)}
		for _, ci := range protocol.Cards() {
			for _, named := range []bool{false, true} {
				for _, s := range []string{w.CardName(ci, named), w.CardPhrase(ci, named), w.CardHelp(ci, named)} {
					if s == "" || s[0] == '[' {
						t.Errorf("%s: card %s (named %v) is %q", code, ci.NamedCode, named, s)
					}
				}
			}
		}
	}
	en := Words{}
	black11 := protocol.CardRef{Card: int(skullking.NumberCard(skullking.Black, 11)), Code: "B11"}
	harry := protocol.CardRef{Card: int(skullking.Harry), Code: "HARRY"}
	pirate := protocol.CardRef{Card: int(skullking.Harry), Code: "PIR"}
	mermaid := protocol.CardRef{Card: int(skullking.Mermaid1), Code: "MER"}
	for ref, want := range map[protocol.CardRef][2]string{
		black11: {"black 11", "the black 11"}, harry: {"Harry the Giant", "Harry the Giant"},
		pirate: {"Pirate", "a Pirate"}, mermaid: {"Mermaid", "a Mermaid"},
		{Card: -1}: {"an unknown card", "an unknown card"},
	} {
		if name, phrase := en.cardName(ref), en.Card(ref); name != want[0] || phrase != want[1] {
			t.Errorf("%v: %q, %q, want %q, %q", ref, name, phrase, want[0], want[1])
		}
	}
}

// Graybeard is named in the reader's language, whatever the server calls
// his seat.
func TestGraybeardIsNamedByTheCatalogue(t *testing.T) {
	w := Words{Names: []string{"Ann", "Ben", "Graybeard"}, You: 0, Ghost: 2, Lang: locale.For("fr")}
	if got := w.Name(2); got != "Barbe Grise" {
		t.Errorf("Graybeard is %q in French", got)
	}
}
