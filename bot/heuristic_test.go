package bot

import (
	"testing"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/dealtest"
)

// dealt starts a 4-player game of one round with the given hands
// (dealtest.Dealt).
var dealt = dealtest.Dealt

// planned is the heuristic as the expert's searches play it.
func planned() *Heuristic { return newHeuristicWith(&expertRollout) }

// TestPlanKeepsSureWinners: needing one trick of six with the Skull King,
// the planning heuristic sheds its highest losing green and keeps the King
// for later; the plain heuristic wins at once and is left with cards that
// may take unwanted tricks.
func TestPlanKeepsSureWinners(t *testing.T) {
	g := dealt(t, []string{"G12 P1 P2 P3 P4 P5", "G2 G4 Y5 Y10 Y14 SK", "G1 G3 G5 G6 G7 G8", "Y1 Y2 Y3 Y4 Y6 Y7"},
		[]int{2, 1, 0, 0}, "G12")
	v := g.Seat(1)
	if a := planned().Act(v); a.Card != sk.NumberCard(sk.Green, 4) {
		t.Errorf("planning: %v, want G4", a)
	}
	if a := NewHeuristic(0).Act(v); a.Card != sk.SkullKing {
		t.Errorf("plain: %v, want SK", a)
	}
}

// TestPlanLeadsANumber: needing two tricks with one Pirate and no number
// likely to win, the planning heuristic leads a number and keeps the
// Pirate for following, where it can choose its trick.
func TestPlanLeadsANumber(t *testing.T) {
	g := dealt(t, []string{"G9 Y8 P7 B3 ROSIE G2", "G1 G3 G4 G5 G6 G7", "Y1 Y2 Y3 Y4 Y5 Y6", "P1 P2 P3 P4 P5 P6"},
		[]int{2, 1, 1, 1})
	v := g.Seat(0)
	if a := planned().Act(v); a.Card.Kind() != sk.KindNumber {
		t.Errorf("planning: %v, want a number", a)
	}
	if a := NewHeuristic(0).Act(v); a.Card != sk.Rosie {
		t.Errorf("plain: %v, want ROSIE", a)
	}
}

// TestPlanLeadsTheDangerousLoser: bidding zero, the planning heuristic
// leads its black 14 while three hands may hold a character to beat it,
// rather than keep it to the end; the plain heuristic leads its lowest
// card.
func TestPlanLeadsTheDangerousLoser(t *testing.T) {
	g := dealt(t, []string{"G2 Y13 ESC B14 P9 G6", "G1 G3 G4 G5 G7 G8", "Y1 Y2 Y3 Y4 Y5 Y6", "P1 P2 P3 P4 P5 P6"},
		[]int{0, 1, 1, 1})
	v := g.Seat(0)
	if a := planned().Act(v); a.Card != sk.NumberCard(sk.Black, 14) {
		t.Errorf("planning: %v, want B14", a)
	}
	if a := NewHeuristic(0).Act(v); a.Card != sk.NumberCard(sk.Green, 2) {
		t.Errorf("plain: %v, want G2", a)
	}
}

// TestSmoothSpreadInterpolates: the smooth bid model reads a hand as the
// stepped one does when the share of an opponent's hand it counts is a
// whole number of cards, and in between otherwise.
func TestSmoothSpreadInterpolates(t *testing.T) {
	g := dealt(t, []string{"B10 G3 Y7 P12 ESC", "G1 G2 G4 G5 G6", "Y1 Y2 Y3 Y4 Y5", "P1 P2 P3 P4 P5"}, nil)
	chance := func(spread float64, smooth bool) float64 {
		p := defaultHeurParams
		p.bidSpread, p.smoothSpread = spread, smooth
		h := newHeuristicWith(&p)
		h.st.load(g.Seat(0))
		return h.futureProb(sk.NumberCard(sk.Black, 10))
	}
	// Five cards: a spread of 0.25 counts two of each opponent's, 0.5
	// three, 0.375 two and a half.
	two, three := chance(0.25, false), chance(0.5, false)
	if got := chance(0.25, true); got != two {
		t.Errorf("smooth at two cards: %v, stepped %v", got, two)
	}
	if got := chance(0.375, true); !(got < two && got > three) {
		t.Errorf("smooth at two and a half cards: %v, want between %v and %v", got, three, two)
	}
}
