package bot

import (
	"testing"

	sk "github.com/skullking-go/skullking"
)

// equilibriumBid is the exact equilibrium of round 1 at 4 players under the
// base rules (docs/bots.md): bid 1 exactly with a black 5–14, a Pirate, the
// Tigress, the Skull King or a Mermaid.
func equilibriumBid(c sk.Card) int {
	switch c.Kind() {
	case sk.KindPirate, sk.KindTigress, sk.KindSkullKing, sk.KindMermaid:
		return 1
	case sk.KindNumber:
		if c.Suit() == sk.Black && c.Rank() >= 5 {
			return 1
		}
	}
	return 0
}

// roundOneAgreement deals hands round-1 hands (4 players, base rules), one
// seat of each deal bidding with a fresh bot from f, and returns the share
// of bids that follow the equilibrium rule and the hands that do not.
func roundOneAgreement(t testing.TB, f Factory, hands int) (float64, []sk.Card) {
	t.Helper()
	agree := 0
	var wrong []sk.Card
	for i := 0; i < hands; i++ {
		g, err := sk.NewGame(4, sk.WithSeed(uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		seat := i % 4
		v := g.Seat(seat)
		c := v.Hand().First()
		a := f(sk.DeriveSeed(uint64(i), 7)).Act(v)
		if a.Kind != sk.ActionBid {
			t.Fatalf("hand %d: %v is not a bid", i, a)
		}
		if int(a.Value) == equilibriumBid(c) {
			agree++
		} else {
			wrong = append(wrong, c)
		}
	}
	return float64(agree) / float64(hands), wrong
}

func TestHeuristicRoundOneBids(t *testing.T) {
	share, wrong := roundOneAgreement(t, func(s uint64) Bot { return NewHeuristic(s) }, 2000)
	if share < 0.99 {
		t.Fatalf("heuristic follows the round-1 equilibrium on %.1f %% of hands; wrong on %v", 100*share, wrong)
	}
}

// TestExpertRoundOneBids checks the expert's round-1 bids against the
// equilibrium rule on 2,000 seeded hands (fewer with -short or -race).
// A handful of hands with a black 4 or 5 sit within a point of expected
// score of the boundary; the rest are clear-cut.
func TestExpertRoundOneBids(t *testing.T) {
	hands := 2000
	switch {
	case raceEnabled:
		hands = 40 // the race detector makes each bid ten times slower
	case testing.Short():
		hands = 200
	}
	share, wrong := roundOneAgreement(t, func(s uint64) Bot { return NewExpert(s) }, hands)
	t.Logf("expert follows the round-1 equilibrium on %.2f %% of %d hands; differs on %v", 100*share, hands, wrong)
	if share < 0.99 {
		t.Fatalf("expert follows the round-1 equilibrium on only %.1f %% of hands", 100*share)
	}
}
