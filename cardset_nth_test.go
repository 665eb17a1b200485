package skullking

import "testing"

// TestNthAgreesWithCards checks the loop-free select against the set's cards
// in order, over random sets of every size.
func TestNthAgreesWithCards(t *testing.T) {
	r := NewRand(3)
	for i := 0; i < 20000; i++ {
		var s CardSet
		for j := r.IntN(NumCards + 1); j > 0; j-- {
			s = s.With(Card(r.IntN(NumCards)))
		}
		cards := s.Cards(nil)
		for n, c := range cards {
			if got := s.Nth(n); got != c {
				t.Fatalf("%v.Nth(%d) = %v, want %v", s, n, got, c)
			}
		}
		if s.Nth(len(cards)) != NoCard || s.Nth(-1) != NoCard {
			t.Fatalf("%v: out-of-range Nth is not NoCard", s)
		}
	}
}
