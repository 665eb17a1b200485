package skullking

import "math/bits"

// Rand is the small, fast, seedable generator the engine shuffles with. Its
// output is fixed by this file, not by the Go release, so a seed deals the
// same cards on every machine and every version: records and duplicate-deal
// evaluations depend on that.
type Rand struct{ state uint64 }

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) Rand { return Rand{state: seed} }

// Uint64 returns 64 random bits (wyrand).
func (r *Rand) Uint64() uint64 {
	r.state += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.state, r.state^0xe7037ed1a0b428db)
	return hi ^ lo
}

// IntN returns a uniform integer in [0, n); n must be positive.
func (r *Rand) IntN(n int) int {
	// Lemire's multiply-shift with rejection: unbiased, rarely loops. The
	// threshold, a division, is worked out only when a draw falls below n,
	// where rejection may apply (it is less than n); written as one loop,
	// IntN inlines.
	bound := uint64(n)
	for {
		hi, lo := bits.Mul64(r.Uint64(), bound)
		if lo >= bound || lo >= -bound%bound {
			return int(hi)
		}
	}
}

// mix derives an independent seed for a sub-stream (a round's deal, a seat's
// bot) from a seed and a label, so that streams never overlap in practice.
func mix(seed, label uint64) uint64 {
	z := seed ^ (label+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// DeriveSeed derives an independent seed from a seed and a label; callers use
// it to seed bots per seat or per deal set.
func DeriveSeed(seed, label uint64) uint64 { return mix(seed, label) }
