package bot

import sk "github.com/skullking-go/skullking"

// Simulation is the sampled-deal bot (PIMC): it bids by trying every bid on
// a set of deals sampled consistently with what its seat has seen, and
// plays by trying each legal card on the same sampled deals, every deal
// finished by heuristic play; the action with the best mean score wins. It
// samples voids (a seat that failed to follow holds none of that suit) but
// reads nothing into the other seats' bids: that is the expert's job.
type Simulation struct {
	s *search
}

// simulationConfig is the simulation level's effort: about a millisecond or
// two a decision.
var simulationConfig = searchConfig{worlds: 40, bidWorlds: 40, oppWeight: 1, workers: 1}

// NewSimulation returns a simulation bot seeded with seed.
func NewSimulation(seed uint64) *Simulation {
	return &Simulation{s: newSearch(simulationConfig, seed)}
}

// Act decides for the seat of v.
func (b *Simulation) Act(v sk.SeatView) sk.Action { return b.s.act(v) }

// Reseed makes the bot as NewSimulation(seed) would.
func (b *Simulation) Reseed(seed uint64) { b.s.reseed(seed) }
