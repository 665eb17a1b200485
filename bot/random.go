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

// randomFaces are the groups of cards that play identically, of which the
// legal-action list offers only the lowest (see skullking.Game.LegalActions);
// the Pirates last, since they count as one face only without abilities.
var randomFaces = [...]skullking.CardSet{
	skullking.SetOf(skullking.Mermaid1, skullking.Mermaid2),
	skullking.SetOf(skullking.Escape1, skullking.Escape1+1, skullking.Escape1+2, skullking.Escape1+3,
		skullking.Escape1+4),
	skullking.SetOf(skullking.Loot1, skullking.Loot2),
	skullking.SetOf(skullking.Rosie, skullking.Bendt, skullking.Rascal, skullking.Juanita, skullking.Harry),
}

// randomSpecials is every card of randomFaces: most legal sets hold none.
var randomSpecials = randomFaces[0].Or(randomFaces[1]).Or(randomFaces[2]).Or(randomFaces[3])

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
		legal := v.LegalCards()
		if legal.Empty() {
			return skullking.Action{}
		}
		choices := legal
		if !legal.And(randomSpecials).Empty() {
			choices = oneOfFace(choices, randomFaces[0])
			choices = oneOfFace(choices, randomFaces[1])
			choices = oneOfFace(choices, randomFaces[2])
			if choices.And(randomFaces[3]).Len() > 1 && !v.Options().PirateAbilities {
				choices = oneOfFace(choices, randomFaces[3])
			}
		}
		n := choices.Len()
		tigress := choices.Has(skullking.Tigress)
		if tigress {
			n++ // the Tigress is two choices: as Pirate, then as Escape
		}
		i := b.rng.IntN(n)
		if tigress {
			at := choices.And(randomBelowTigress).Len()
			switch {
			case i == at:
				return skullking.PlayTigress(v.Seat(), skullking.AsPirate)
			case i == at+1:
				return skullking.PlayTigress(v.Seat(), skullking.AsEscape)
			case i > at:
				i-- // the Tigress took two places in the list
			}
		}
		return skullking.Play(v.Seat(), choices.Nth(i))
	}
	b.buf = v.Legal(b.buf[:0])
	if len(b.buf) == 0 {
		return skullking.Action{}
	}
	return b.buf[b.rng.IntN(len(b.buf))]
}

// oneOfFace removes from set every card of group but the lowest.
func oneOfFace(set, group skullking.CardSet) skullking.CardSet {
	in := set.And(group)
	if in.Len() < 2 {
		return set
	}
	return set.Minus(in).With(in.First())
}
