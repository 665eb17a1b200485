package skullking

// normalize maps a card the seat does not hold to a held copy of the same
// face when the copies play identically (Mermaids, Escapes, Loots, unnamed
// Pirates). Card codes name faces, not copies, so a client or a record that
// says MER means whichever Mermaid the seat holds.
func (g *Game) normalize(a Action) Action {
	if a.Seat < 0 || int(a.Seat) >= g.players {
		return a
	}
	hand := g.hand[a.Seat]
	// fix reads c as a held copy other than other: Bendt's two discards of
	// one face, "ESC ESC", name two of the seat's Escapes, not one twice.
	fix := func(c, other Card) Card {
		if !c.Valid() || hand.Has(c) && c != other || !g.interchangeable(c) {
			return c
		}
		k := c.Kind()
		for w := hand; !w.Empty(); {
			d := w.First()
			w = w.Without(d)
			if d.Kind() == k && d != other {
				return d
			}
		}
		return c
	}
	switch a.Kind {
	case ActionPlay:
		a.Card = fix(a.Card, NoCard)
	case ActionDiscard:
		a.Card = fix(a.Card, a.Card2)
		if a.Card2 != NoCard {
			a.Card2 = fix(a.Card2, a.Card)
		}
	}
	return a
}
