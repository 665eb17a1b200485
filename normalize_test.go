package skullking

import "testing"

// TestApplyTakesAnyCopyOfAFace checks that playing "a Mermaid" plays the
// Mermaid the seat holds, whichever copy the action names.
func TestApplyTakesAnyCopyOfAFace(t *testing.T) {
	// Three players, round 1: seat 0 holds the second Mermaid.
	deal := DealerFunc(func(round, cards int, deck []Card) bool {
		order := []Card{Mermaid2, NumberCard(Green, 3), NumberCard(Green, 4)}
		rest := SetOf(deck...).Minus(SetOf(order...)).Cards(nil)
		copy(deck, append(order, rest...))
		return true
	})
	g := newGame(t, 3, WithDealer(deal))
	for s := 0; s < 3; s++ {
		if err := g.Apply(Bid(s, 0)); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Apply(Play(0, Mermaid1)); err != nil {
		t.Fatalf("playing the Mermaid held as Mermaid2: %v", err)
	}
	if got := g.CurrentTrick()[0].Card; got != Mermaid2 {
		t.Fatalf("played %v, want the held Mermaid2", got)
	}
	// A card with no interchangeable copy is still refused.
	if err := g.Apply(Play(1, NumberCard(Green, 4))); err == nil {
		t.Fatal("seat 1 played seat 2's card")
	}
}
