package skullking

// dealMemo remembers the deals of one seed, round by round. The arena plays
// every deal set once per seat rotation with the same seed, so a Reset to
// the seed just played deals each round from memory instead of shuffling it
// again; the game that follows is the same to the last card.
type dealMemo struct {
	seed   uint64
	rounds []memoDeal // rounds[r−1] is round r's deal, for rounds dealt so far
}

// memoDeal is one round's deal as the seeded dealer left it: the deck, the
// hands, and the shuffle's state for Bendt's later draws.
type memoDeal struct {
	deck     [NumCards]Card
	hand     [maxHands]CardSet
	rand     Rand
	shuffled int
}

// forget empties the memo: the rules or the seed changed.
func (m *dealMemo) forget() { m.rounds = m.rounds[:0] }

// dealFromMemo deals the current round from the memo if it holds it.
func (g *Game) dealFromMemo() bool {
	m := g.memo
	if m == nil || m.seed != g.seed || g.round > len(m.rounds) {
		return false
	}
	d := &m.rounds[g.round-1]
	// One array a statement: assigned together, arrays go through
	// temporaries on the stack.
	g.deck = d.deck
	g.hand = d.hand
	g.dealRand, g.shuffled = d.rand, d.shuffled
	return true
}

// memorize keeps the round just dealt, when it is the next one the memo lacks.
func (g *Game) memorize() {
	if g.memo == nil {
		g.memo = &dealMemo{seed: g.seed}
	}
	m := g.memo
	if m.seed != g.seed {
		m.forget()
		m.seed = g.seed
	}
	if g.round != len(m.rounds)+1 {
		return
	}
	m.rounds = append(m.rounds, memoDeal{deck: g.deck, hand: g.hand, rand: g.dealRand, shuffled: g.shuffled})
}
