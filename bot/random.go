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

// Reseed restarts the bot's generator, as NewRandom(seed) would: an arena
// reuses one bot for many games without allocating.
func (b *Random) Reseed(seed uint64) { b.rng = skullking.NewRand(seed) }

// randomBelowTigress is every card listed before the Tigress: numbers and
// Pirates.
var randomBelowTigress = func() (s skullking.CardSet) {
	for c := skullking.Card(0); c < skullking.Tigress; c++ {
		s = s.With(c)
	}
	return s
}()

// Act picks one legal action uniformly.
//
// Bids and cards take a fast path that draws exactly what a uniform pick
// from v.Legal would, with the same generator calls, without building the
// list: millions of simulated games a minute depend on it.
func (b *Random) Act(v skullking.SeatView) skullking.Action {
	switch v.Phase() {
	case skullking.PhaseBidding:
		if v.Waiting() {
			return skullking.Bid(v.Seat(), b.rng.IntN(v.Cards()+1))
		}
		return skullking.Action{}
	case skullking.PhasePlaying:
		choices := v.DistinctPlays()
		if choices.Empty() {
			return skullking.Action{}
		}
		if choices.Has(skullking.Tigress) {
			return b.playWithTigress(v, choices)
		}
		return skullking.Play(v.Seat(), choices.Nth(b.rng.IntN(choices.Len())))
	}
	return b.pickFromList(v)
}

// playWithTigress draws one of choices, which hold the Tigress: she is two
// choices, as Pirate, then as Escape, where the list puts her. It is apart
// from Act, which the profile-guided build of skullking (default.pgo)
// inlines where the arena asks for a decision, through the bot.Bot
// interface (TestInliningClaims in the engine); the rare Tigress need not
// be inlined with it.
func (b *Random) playWithTigress(v skullking.SeatView, choices skullking.CardSet) skullking.Action {
	i := b.rng.IntN(choices.Len() + 1)
	at := choices.And(randomBelowTigress).Len()
	switch {
	case i == at:
		return skullking.PlayTigress(v.Seat(), skullking.AsPirate)
	case i == at+1:
		return skullking.PlayTigress(v.Seat(), skullking.AsEscape)
	case i > at:
		i-- // the Tigress took two places in the list
	}
	return skullking.Play(v.Seat(), choices.Nth(i))
}

// pickFromList draws one of the seat's legal actions from the list.
func (b *Random) pickFromList(v skullking.SeatView) skullking.Action {
	b.buf = v.Legal(b.buf[:0])
	if len(b.buf) == 0 {
		return skullking.Action{}
	}
	return b.buf[b.rng.IntN(len(b.buf))]
}
