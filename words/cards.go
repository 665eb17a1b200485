package words

import (
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// A card has two names in the catalogue: its name alone, as its face and
// a trick's winner say it (card.name.*: "black 11", "Skull King"), and
// how a sentence names it (card.phrase.*: "the black 11", "a Mermaid").
// A named Pirate is its name in both (pirate.*), when the game's rules
// make the names matter. assets/cards.js names them the same way.

// CardName is a card's name alone: "black 11", "Skull King", "Harry the
// Giant" when named, else "Pirate".
func (w Words) CardName(ci protocol.CardInfo, named bool) string {
	return w.Lang.T(cardID("name", ci, named))
}

// CardPhrase names a card in a sentence: "the black 11", "a Mermaid",
// "Harry the Giant" when named, else "a Pirate".
func (w Words) CardPhrase(ci protocol.CardInfo, named bool) string {
	return w.Lang.T(cardID("phrase", ci, named))
}

// CardHelp says in one line what a card does ("Beats every number and
// Mermaid; …"), and with named what a named Pirate's ability does.
func (w Words) CardHelp(ci protocol.CardInfo, named bool) string {
	l := w.Lang
	id := "card.help." + ci.Kind
	if ci.Kind == "number" {
		id = "card.help." + ci.Suit
	}
	if !l.Has(id) {
		return ""
	}
	help := l.T(id, nil)
	if named && ci.Pirate != "" {
		help += " " + l.T("card.ability."+ci.Pirate, nil)
	}
	return help
}

// cardID is the catalogue's id of a card's name or phrase (form), and
// its placeholders.
func cardID(form string, ci protocol.CardInfo, named bool) (string, locale.Args) {
	switch {
	case ci.Kind == "":
		return "card.unknown", nil
	case ci.Kind == "number":
		return "card." + form + "." + ci.Suit, locale.Args{"Rank": ci.Rank}
	case named && ci.Pirate != "":
		return "pirate." + ci.Pirate, nil
	}
	return "card." + form + "." + ci.Kind, nil
}

// Card names the card ref in a sentence ("the black 11"), a Pirate by
// name only when its code names it.
func (w Words) Card(ref protocol.CardRef) string {
	ci, _ := ref.Info()
	return w.CardPhrase(ci, ref.Named())
}

// cardName is Card's name alone, as trick.won says it.
func (w Words) cardName(ref protocol.CardRef) string {
	ci, _ := ref.Info()
	return w.CardName(ci, ref.Named())
}
