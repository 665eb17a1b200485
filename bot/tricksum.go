package bot

import sk "github.com/skullking-go/skullking"

// trickSum is what decides whether a card added to a trick in progress
// would be winning it, under the base rules (docs/rules.md §5): a few flags
// instead of resolving the whole trick once per candidate card.
type trickSum struct {
	n         int
	modules   bool // a Kraken or White Whale is in the trick: resolve it in full
	sk        bool
	mermaid   bool
	pirate    bool
	bestBlack int // rank of the highest black, 0 for none
	lead      sk.Lead
	bestLead  int // rank of the highest card of the suit led
}

func (t *trickSum) of(plays []sk.Played) {
	*t = trickSum{}
	for _, p := range plays {
		t.add(p)
	}
}

func (t *trickSum) add(p sk.Played) {
	t.n++
	switch p.Kind() {
	case sk.KindKraken, sk.KindWhale:
		t.modules = true
	case sk.KindSkullKing:
		t.sk = true
	case sk.KindMermaid:
		t.mermaid = true
	case sk.KindPirate:
		t.pirate = true
	case sk.KindNumber:
		r := p.Card.Rank()
		if p.Card.Suit() == sk.Black && r > t.bestBlack {
			t.bestBlack = r
		}
		if !t.lead.Set() || p.Card.Suit() == t.lead.Suit {
			t.bestLead = max(t.bestLead, r)
		}
	}
	t.lead = leadAfter(t.lead, p)
}

// wins reports whether p, added to a trick without Kraken or Whale, would
// be winning it, and by which rule.
func (t *trickSum) wins(p sk.Played) (bool, sk.Reason) {
	switch p.Kind() {
	case sk.KindMermaid:
		switch {
		case t.mermaid:
			return false, 0
		case t.sk:
			return true, sk.ByMermaidOverSkullKing
		case t.pirate:
			return false, 0
		}
		return true, sk.ByMermaid
	case sk.KindSkullKing:
		return !t.mermaid, sk.BySkullKing
	case sk.KindPirate:
		return !t.sk && !t.pirate, sk.ByPirate
	case sk.KindNumber:
		if t.sk || t.pirate || t.mermaid {
			return false, 0
		}
		c := p.Card
		r := c.Rank()
		if c.Suit() == sk.Black {
			return r > t.bestBlack, sk.ByTrump
		}
		if t.bestBlack > 0 {
			return false, 0
		}
		if !t.lead.Set() {
			return true, sk.BySuit
		}
		return c.Suit() == t.lead.Suit && r > t.bestLead, sk.BySuit
	}
	return t.n == 0, sk.ByFirstEscape
}
