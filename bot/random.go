package bot

import "github.com/skullking-go/skullking"

// Random picks a uniformly random legal action: a baseline, and a
// throughput test of the engine.
type Random struct {
	rng skullking.Rand
	buf []skullking.Action
}

// NewRandom returns a random bot seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: skullking.NewRand(seed), buf: make([]skullking.Action, 0, 80)}
}

// Act picks one legal action uniformly.
func (b *Random) Act(v skullking.SeatView) skullking.Action {
	b.buf = v.Legal(b.buf[:0])
	if len(b.buf) == 0 {
		return skullking.Action{}
	}
	return b.buf[b.rng.IntN(len(b.buf))]
}
