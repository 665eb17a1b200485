package skullking

import "testing"

// TestNthAgreesWithCards checks the loop-free select against the set's cards
// in order, over random sets of every size, and as many of the small sets
// of a hand in play, whose first four cards of a word Nth finds another way.
func TestNthAgreesWithCards(t *testing.T) {
	r := NewRand(3)
	for i := 0; i < 40000; i++ {
		size := r.IntN(NumCards + 1)
		if i%2 == 1 {
			size = r.IntN(9)
		}
		var s CardSet
		for j := size; j > 0; j-- {
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

// TestCardSetMembership checks Has, With and Without for every byte a card
// may hold: the cards of the deck behave as a set, and every other value,
// NoCard included, is in no set and changes none. A forged card number from
// the network reaches Has before anything else looks at it.
func TestCardSetMembership(t *testing.T) {
	var full CardSet
	for c := Card(0); c < NumCards; c++ {
		full = full.With(c)
	}
	for v := 0; v < 256; v++ {
		c := Card(v)
		for _, s := range []CardSet{{}, full, SetOf(Rosie, Escape1, Loot1)} {
			if !c.Valid() {
				if s.Has(c) || s.With(c) != s || s.Without(c) != s {
					t.Fatalf("card %d outside the deck acts on %v", v, s)
				}
				continue
			}
			if !s.With(c).Has(c) || s.Without(c).Has(c) || s.With(c).Len() != s.Without(c).Len()+1 {
				t.Fatalf("card %v on %v: With/Without/Has disagree", c, s)
			}
		}
	}
}

// A face's FirstIn is the lowest copy a set holds of the cards the code
// may mean, and NoCard when it holds none.
func TestFaceFirstIn(t *testing.T) {
	for _, tc := range []struct {
		code string
		set  CardSet
		want Card
	}{
		{"MER", SetOf(Mermaid2, SkullKing), Mermaid2},
		{"MER", SetOf(Mermaid1, Mermaid2), Mermaid1},
		{"PIR", SetOf(Harry, Rascal), Rascal},
		{"RASCAL", SetOf(Harry, Rosie), NoCard},
		{"G5", SetOf(NumberCard(Green, 5)), NumberCard(Green, 5)},
		{"ESC", CardSet{}, NoCard},
	} {
		p, err := ParseCode(tc.code)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.FirstIn(tc.set); got != tc.want {
			t.Errorf("%s in %v: %v, want %v", tc.code, tc.set, got, tc.want)
		}
	}
}
