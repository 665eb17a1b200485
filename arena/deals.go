package arena

import "github.com/skullking-go/skullking"

// dealCache keeps the seeded deals of the deal set a worker plays: a deal
// set is played once per seat rotation, and every rotation after the first
// deals each round from memory instead of shuffling it again. The game
// takes a deal only for the seed and round it was made for, so the games,
// Bendt's draws and the records are the seeded dealer's to the last card
// (TestCachedDealsAreTheSeededDeals).
type dealCache struct {
	seed uint64 // the deal set whose rounds are kept
	// rounds[r−1] is round r's deal; the first n were dealt. A deal set's
	// rounds are dealt in order, tiebreaks included.
	rounds []skullking.SeededDeal
	n      int
}

// KeepDeal keeps only the deal set being played: a new seed forgets the last.
func (c *dealCache) KeepDeal(seed uint64, round int) (*skullking.SeededDeal, bool) {
	if seed != c.seed {
		c.seed, c.n = seed, 0
	}
	if round <= c.n {
		return &c.rounds[round-1], true
	}
	if round != c.n+1 {
		return nil, false
	}
	if c.n == len(c.rounds) {
		c.rounds = append(c.rounds, skullking.SeededDeal{})
	}
	c.n++
	return &c.rounds[round-1], false
}
