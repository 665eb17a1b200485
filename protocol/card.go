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
	if c.IsNumber() {
		ci.Suit, ci.Rank, ci.Trump = c.Suit().String(), c.Rank(), c.Suit() == skullking.Black
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
