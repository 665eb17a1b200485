package bot

import (
	"reflect"
	"slices"
	"testing"

	sk "github.com/skullking-go/skullking"
)

// TestHintIsLegalExplainedAndDeterministic asks for hints at positions of
// heuristic games under every rule set and checks that each is legal, has a
// reason, and comes out the same when asked again.
func TestHintIsLegalExplainedAndDeterministic(t *testing.T) {
	all := sk.DefaultOptions()
	all.Kraken, all.WhiteWhale, all.PirateAbilities, all.Loot = true, true, true, true
	every := 7
	if testing.Short() || raceEnabled {
		every = 41
	}
	i := 0
	for _, opts := range []sk.Options{sk.DefaultOptions(), all} {
		ps := positions(t, opts, 1, func(g *sk.Game) bool { i++; return i%every == 0 })
		for _, g := range ps {
			v := g.Seat(waitingSeat(g))
			h := Hint(v, HintWith(WithBudget(0.25)))
			if !slices.Contains(v.Legal(nil), h.Action) {
				t.Fatalf("hint %v is not legal: %v", h, v.Legal(nil))
			}
			if h.Why == nil || h.Why.Code == "" {
				t.Fatalf("hint %v has no reason", h)
			}
			if again := Hint(v, HintWith(WithBudget(0.25))); !reflect.DeepEqual(again, h) {
				t.Fatalf("hint changed: %v, then %v", h, again)
			}
			if testing.Verbose() {
				t.Logf("round %d hand %v trick %v: %v", g.Round(), v.Hand(), v.Trick(), h)
			}
		}
	}
}

func TestHintWithoutADecision(t *testing.T) {
	g, err := sk.NewGame(4, sk.WithSeed(1))
	if err != nil {
		t.Fatal(err)
	}
	for s := 0; s < 4; s++ {
		g.ApplyUnchecked(sk.Bid(s, 0))
	}
	if h := Hint(g.Seat(1)); h != (Advice{}) {
		t.Fatalf("seat 1 is not to play, yet got %v", h)
	}
}
