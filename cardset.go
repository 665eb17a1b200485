package skullking

import (
	"math/bits"
	"strings"
)

// CardSet is a set of cards as a 74-bit mask: a hand, the cards of one suit,
// the legal cards of a turn. Set operations are a few instructions each, which
// is what lets bots and simulations play millions of cards a second.
type CardSet struct{ lo, hi uint64 }

// SetOf returns the set holding the given cards.
func SetOf(cards ...Card) CardSet {
	var s CardSet
	for _, c := range cards {
		s = s.With(c)
	}
	return s
}

// Has reports whether c is in the set.
//
// Has, With and Without are branch-free: the word is chosen with a
// conditional move and shifted by the card's place in it. Simulations call
// them for every card played, and a branch on which word holds a random card
// is a branch mispredicted. Cards past the set's range (NoCard among them)
// are in no set, and With and Without leave the set as it is for them.
func (s CardSet) Has(c Card) bool {
	w := s.lo
	if c >= 64 {
		w = s.hi // holds no bit past the last card
	}
	if c >= 128 {
		w = 0
	}
	return w>>(c&63)&1 != 0
}

// With returns the set plus c.
func (s CardSet) With(c Card) CardSet {
	lo, hi := bitOf(c)
	s.lo |= lo
	s.hi |= hi
	return s
}

// Without returns the set minus c.
func (s CardSet) Without(c Card) CardSet {
	lo, hi := bitOf(c)
	s.lo &^= lo
	s.hi &^= hi
	return s
}

// bitOf is c's bit in each word of a set: none for a card past the set's
// range.
func bitOf(c Card) (lo, hi uint64) {
	lo = 1 << (c & 63)
	if c >= 64 {
		lo, hi = 0, lo&hiMask
	}
	if c >= 128 {
		hi = 0
	}
	return lo, hi
}

// hiMask is the part of the high word that holds cards.
const hiMask = 1<<(NumCards-64) - 1

// And is the intersection.
func (s CardSet) And(t CardSet) CardSet { return CardSet{s.lo & t.lo, s.hi & t.hi} }

// Or is the union.
func (s CardSet) Or(t CardSet) CardSet { return CardSet{s.lo | t.lo, s.hi | t.hi} }

// Minus is the difference s \ t.
func (s CardSet) Minus(t CardSet) CardSet { return CardSet{s.lo &^ t.lo, s.hi &^ t.hi} }

// Empty reports whether the set has no card.
func (s CardSet) Empty() bool { return s.lo|s.hi == 0 }

// Len is the number of cards in the set.
func (s CardSet) Len() int { return bits.OnesCount64(s.lo) + bits.OnesCount64(s.hi) }

// First is the lowest card in the set, or NoCard.
func (s CardSet) First() Card {
	if s.lo != 0 {
		return Card(bits.TrailingZeros64(s.lo))
	}
	if s.hi != 0 {
		return Card(64 + bits.TrailingZeros64(s.hi))
	}
	return NoCard
}

// Nth is the n-th lowest card (0-based) in the set, or NoCard when n is out of
// range. With a uniform n it draws a uniform card from the set.
func (s CardSet) Nth(n int) Card {
	// Which word a random draw falls in is chosen with conditional moves
	// from the low word's count (a branch the processor would guess
	// wrong). The draws of a simulation are mostly among a few cards: the
	// k-th of a word is its lowest once the k lowest are cleared, three
	// clearings chosen among without a branch, a shorter chain than the
	// byte sums of nthByBytes. It is over the compiler's default budget for
	// inlining; the profile-guided build of skullking (default.pgo) inlines
	// it where the random bot draws (TestInliningClaims).
	k, lo := uint(n), uint(bits.OnesCount64(s.lo)) // a negative n is out of range as a uint
	w, base := s.lo, uint(0)
	if k >= lo {
		w, base = s.hi, 64
	}
	if k >= lo {
		k -= lo
	}
	if k >= 4 {
		return nthByBytes(w, k, base)
	}
	w1 := w & (w - 1)
	w2 := w1 & (w1 - 1)
	x := w
	if k == 1 {
		x = w1
	}
	if k == 2 {
		x = w2
	}
	if k == 3 {
		x = w2 & (w2 - 1)
	}
	if x == 0 {
		return NoCard
	}
	return Card(base + uint(bits.TrailingZeros64(x)))
}

// nthByBytes is the k-th lowest card of word w of a set (base 0 or 64), or
// NoCard, found from the word's byte sums.
func nthByBytes(w uint64, k, base uint) Card {
	p := bytePrefix(w)
	if k >= uint(p>>56) {
		return NoCard
	}
	return Card(base + selectIn(w, p, k))
}

// bytePrefix returns, in byte i, the number of bits of x set in bytes 0..i:
// its top byte is the popcount of x.
//
// Selection works from these sums without a popcount instruction, which a Go
// binary built for any amd64 processor (GOAMD64=v1, the default) may only
// use after a check that it exists, three times in every draw.
func bytePrefix(x uint64) uint64 {
	s := x - x>>1&0x5555555555555555
	s = s&0x3333333333333333 + s>>2&0x3333333333333333
	return (s + s>>4) & 0x0F0F0F0F0F0F0F0F * 0x0101010101010101
}

// selectIn returns the position of the k-th set bit of x (k below its
// popcount) from x's byte sums p, without a loop: random draws from a hand
// make a loop's exit unpredictable, and that misprediction cost more than
// everything else in choosing a card. The bytes whose sums are at most k
// come first; the first one past them holds the bit, which a table finds.
func selectIn(x, p uint64, k uint) uint {
	const l8, h8 = 0x0101010101010101, 0x8080808080808080
	past := ^(uint64(k)*l8 | h8 - p) & h8 // the high bit of each byte whose sum exceeds k
	// The shifts are masked to the word: b is below 64 (the top byte's
	// sum is the popcount, above k), and Go shifts by b without the test
	// for 64 and more that an unmasked shift needs.
	b := uint(bits.TrailingZeros64(past)-7) & 63
	return b + uint(selectInByte[x>>b&0xFF][(k-uint(p<<8>>b&0xFF))&7])
}

// selectInByte[v][k] is the position of the k-th set bit of byte v.
var selectInByte = func() (t [256][8]uint8) {
	for v := 0; v < 256; v++ {
		k := 0
		for i := 0; i < 8; i++ {
			if v&(1<<i) != 0 {
				t[v][k] = uint8(i)
				k++
			}
		}
	}
	return t
}()

// Cards appends the cards of the set, lowest first, to buf.
func (s CardSet) Cards(buf []Card) []Card {
	for w := s.lo; w != 0; w &= w - 1 {
		buf = append(buf, Card(bits.TrailingZeros64(w)))
	}
	for w := s.hi; w != 0; w &= w - 1 {
		buf = append(buf, Card(64+bits.TrailingZeros64(w)))
	}
	return buf
}

// String lists the codes, e.g. "{G3 Y14 SK}".
func (s CardSet) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for i, c := range s.Cards(nil) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	b.WriteByte('}')
	return b.String()
}

// SuitSet is the set of the 14 numbered cards of suit s.
func SuitSet(s Suit) CardSet { return suitSets[s] }

var suitSets = func() (out [5]CardSet) {
	for c := Card(0); c < Rosie; c++ {
		out[c.Suit()] = out[c.Suit()].With(c)
	}
	return out
}()

// specialSet is every card without a number.
var specialSet = func() (s CardSet) {
	for c := Rosie; c < NumCards; c++ {
		s = s.With(c)
	}
	return s
}()

// SpecialSet is the set of every card without a number.
func SpecialSet() CardSet { return specialSet }
