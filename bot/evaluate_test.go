package bot

import (
	"reflect"
	"testing"

	sk "github.com/skullking-go/skullking"
)

// Expert.Evaluate scores every legal action, in Legal's order, names the
// one with the most expected points, and finds each action (and a copy of
// a card that plays alike) among them; a forced action is not searched.
// The same seed and decisions give the same values.
func TestEvaluate_ScoresEveryLegalAction(t *testing.T) {
	o := sk.DefaultOptions()
	o.Schedule, o.ScheduleCards = "custom", []int{4, 6}
	o.PirateAbilities, o.Scoring = true, sk.RascalScoring
	g, err := sk.NewGame(4, sk.WithOptions(o), sk.WithSeed(9))
	if err != nil {
		t.Fatal(err)
	}
	judge, again := NewExpert(3, WithBudget(0.05)), NewExpert(3, WithBudget(0.05))
	players := []Bot{NewRandom(1), NewRandom(2), NewRandom(3), NewRandom(4)}
	searched, forced := 0, 0
	for !g.Over() {
		seat := g.Turn()
		if seat < 0 {
			for seat = 0; !g.Waiting(seat); seat++ {
			}
		}
		v := g.Seat(seat)
		legal := v.Legal(nil)
		if seat == 0 {
			ev := judge.Evaluate(v)
			if !reflect.DeepEqual(ev, again.Evaluate(v)) {
				t.Fatal("two experts seeded alike value a decision differently")
			}
			if len(ev.Values) != len(legal) {
				t.Fatalf("%d values for %d legal actions", len(ev.Values), len(legal))
			}
			for i, a := range legal {
				val := ev.Values[i]
				if val.Action != a {
					t.Fatalf("value %d is of %v, Legal's action is %v", i, val.Action, a)
				}
				if got, ok := ev.Find(a); !ok || got != val {
					t.Fatalf("Find(%v) = %v, %v", a, got, ok)
				}
				if len(legal) > 1 && (val.Worlds == 0 || val.Points > ev.Values[ev.Best].Points) {
					t.Fatalf("%v: %v points on %d deals, the best %v", a, val.Points, val.Worlds, ev.Values[ev.Best])
				}
			}
			if len(legal) == 1 {
				forced++
				if ev.Values[0].Worlds != 0 || ev.Best != 0 {
					t.Fatalf("a forced action searched: %+v", ev)
				}
			} else {
				searched++
			}
		}
		if err := g.Apply(players[seat].Act(v)); err != nil {
			t.Fatal(err)
		}
	}
	if searched == 0 || forced == 0 {
		t.Fatalf("%d decisions searched, %d forced: the game tested neither", searched, forced)
	}
}

// Find matches a play by what it does: another Escape than the one Legal
// lists, Bendt's discards in either order.
func TestEvaluation_FindMatchesAlikePlays(t *testing.T) {
	esc, other := sk.Play(0, sk.Escape1), sk.Escape1+1
	ev := Evaluation{Values: []ActionValue{{Action: esc, Points: 3}, {Action: sk.Discard(0, sk.Escape1, sk.SkullKing), Points: 4}}}
	if v, ok := ev.Find(sk.Play(0, other)); !ok || v.Points != 3 {
		t.Errorf("another Escape: %v, %v", v, ok)
	}
	if v, ok := ev.Find(sk.Discard(0, sk.SkullKing, sk.Escape1)); !ok || v.Points != 4 {
		t.Errorf("the discards in the other order: %v, %v", v, ok)
	}
	if _, ok := ev.Find(sk.Bid(0, 1)); ok {
		t.Error("a bid found among plays")
	}
}
