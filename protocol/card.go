package protocol

import (
	"fmt"
	"strings"

	"github.com/skullking-go/skullking"
)

// CardRef is a card on the wire: its engine id (0–73) and the code a record
// writes for it (the Pirates named only when their names matter). The id is
// what a client sends back; the code is for display and logs.
type CardRef struct {
	Card int    `json:"card"`
	Code string `json:"code"`
}

// CardInfo is one card of the catalogue: everything a client needs to draw
// the card and name it, so that no client keeps a table of cards of its
// own (GET /api/cards). It holds codes only: a client names the card from
// the locale catalogue by its kind, suit and rank, or its Pirate.
type CardInfo struct {
	Card int    `json:"card"`
	Code string `json:"code"` // without pirate abilities: PIR for every Pirate
	// NamedCode is the code with pirate abilities on: ROSIE, BENDT, …
	NamedCode string `json:"named_code"`
	// Kind is number, pirate, tigress, skull_king, mermaid, escape, loot,
	// kraken or whale.
	Kind string `json:"kind"`
	Suit string `json:"suit,omitempty"` // green, yellow, purple or black, for a number
	Rank int    `json:"rank,omitempty"` // 1–14, for a number
	// Pirate names a named Pirate (rosie, bendt, rascal, juanita, harry):
	// its name is the catalogue's pirate.<Pirate>.
	Pirate string `json:"pirate,omitempty"`
	Trump  bool   `json:"trump,omitempty"` // black numbers beat every other number
	// Help says in one line what the card does; Ability, for a named
	// Pirate, what its ability does when pirate abilities are played.
	Help    string `json:"help"`
	Ability string `json:"ability,omitempty"`
}

// cardHelp says what each kind of card does (docs/rules.md §4, §5, §8).
var cardHelp = map[skullking.Kind]string{
	skullking.KindPirate:    "Beats every number and Mermaid; among Pirates, the first played wins.",
	skullking.KindTigress:   "Played as a Pirate or as an Escape: you choose as you play her.",
	skullking.KindSkullKing: "Beats every Pirate and number, but a Mermaid in the same trick takes him.",
	skullking.KindMermaid:   "Beats every number; takes the Skull King when both are in a trick.",
	skullking.KindEscape:    "Loses, unless every card in the trick is one like it: then the first wins.",
	skullking.KindLoot: "Plays as an Escape and allies you with the trick's winner: if both of you make your bids, " +
		"each scores the Loot reward.",
	skullking.KindKraken: "Destroys the trick: nobody wins it; who would have won leads next.",
	skullking.KindWhale:  "Takes the power from special cards: the highest number wins, whatever its suit.",
}

// abilityHelp says what each named Pirate's ability does (docs/rules.md §8).
var abilityHelp = map[skullking.Card]string{
	skullking.Rosie:   "When she wins a trick, choose who leads the next one.",
	skullking.Bendt:   "When he wins a trick, draw two undealt cards, then discard two.",
	skullking.Rascal:  "When he wins a trick, wager 0, 10 or 20 on making your bid exactly.",
	skullking.Juanita: "When she wins a trick, look at the cards not dealt this round.",
	skullking.Harry:   "When he wins a trick, the last one included, move your bid by one, up or down, or keep it.",
}

var kindCodes = map[skullking.Kind]string{
	skullking.KindNumber: "number", skullking.KindPirate: "pirate", skullking.KindTigress: "tigress",
	skullking.KindSkullKing: "skull_king", skullking.KindMermaid: "mermaid", skullking.KindEscape: "escape",
	skullking.KindLoot: "loot", skullking.KindKraken: "kraken", skullking.KindWhale: "whale",
}

// Cards is the catalogue of every card, in id order.
func Cards() []CardInfo {
	out := make([]CardInfo, 0, skullking.NumCards)
	for c := skullking.Card(0); c < skullking.NumCards; c++ {
		out = append(out, cardInfo(c))
	}
	return out
}

func cardInfo(c skullking.Card) CardInfo {
	ci := CardInfo{Card: int(c), Code: c.String(), NamedCode: c.NamedCode(), Kind: kindCodes[c.Kind()]}
	if ci.NamedCode != ci.Code {
		ci.Pirate = strings.ToLower(ci.NamedCode)
	}
	ci.Help, ci.Ability = cardHelp[c.Kind()], abilityHelp[c]
	if c.IsNumber() {
		ci.Suit, ci.Rank, ci.Trump = c.Suit().String(), c.Rank(), c.Suit() == skullking.Black
		ci.Help = "A number of " + ci.Suit + ": follow the suit led if you can."
		if ci.Trump {
			ci.Help = "Black is trump: a black number beats every number of the other suits."
		}
	}
	return ci
}

// Info returns the catalogue entry of the card r names, or false for an id
// that names no card.
func (r CardRef) Info() (CardInfo, bool) {
	if r.Card < 0 || r.Card >= skullking.NumCards {
		return CardInfo{}, false
	}
	return cardInfo(skullking.Card(r.Card)), true
}

// Named reports whether the code names a Pirate by name: a sentence then
// names the Pirate by name, else as any Pirate.
func (r CardRef) Named() bool {
	ci, ok := r.Info()
	return ok && ci.Kind == "pirate" && strings.EqualFold(r.Code, ci.NamedCode)
}

// refOf writes a card for the wire.
func refOf(c skullking.Card, named bool) CardRef {
	if named {
		return CardRef{Card: int(c), Code: c.NamedCode()}
	}
	return CardRef{Card: int(c), Code: c.String()}
}

// card reads a card id from the wire.
func card(id int) (skullking.Card, error) {
	if id < 0 || id >= skullking.NumCards {
		return skullking.NoCard, fmt.Errorf("no card has id %d (ids are 0 to %d)", id, skullking.NumCards-1)
	}
	return skullking.Card(id), nil
}
