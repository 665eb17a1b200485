package review

import (
	"reflect"
	"slices"
	"testing"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
)

// A seat is judged from what it knew: two records that differ only in
// cards of other hands that no one has played yet, so that everything
// seat 0 saw is the same, give seat 0 the same review.
func TestReview_SeesOnlyTheSeatsView(t *testing.T) {
	o := sk.DefaultOptions()
	o.Schedule, o.ScheduleCards = "custom", []int{7}
	full := playGame(t, 3, o, bot.NewHeuristic(1), bot.NewHeuristic(2), bot.NewHeuristic(3), bot.NewHeuristic(4))
	// The game stopped after its second trick.
	rec := *full
	round := rec.Rounds[0]
	round.Tricks = round.Tricks[:2]
	rec.Rounds = []sk.RecordRound{round}
	played := map[string]bool{}
	for _, t := range round.Tricks {
		for _, c := range t {
			played[c] = true
		}
	}
	// Seats 2 and 3 trade an unplayed card, as long as their plays stay
	// legal with the hands so changed.
	var other *sk.Record
	for i, a := range round.Hands[2] {
		for j, b := range round.Hands[3] {
			if other != nil || played[a] || played[b] || a == b {
				continue
			}
			swapped := round
			swapped.Hands = [][]string{round.Hands[0], round.Hands[1], slices.Clone(round.Hands[2]), slices.Clone(round.Hands[3])}
			swapped.Hands[2][i], swapped.Hands[3][j] = b, a
			try := rec
			try.Rounds = []sk.RecordRound{swapped}
			if _, err := try.Replay(); err == nil {
				other = &try
			}
		}
	}
	if other == nil {
		t.Fatal("no trade of unplayed cards keeps the record valid")
	}
	a, err := Seat(&rec, 0, WithBudget(0.1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Seat(other, 0, WithBudget(0.1))
	if err != nil {
		t.Fatal(err)
	}
	judged := 0
	for _, d := range a.Decisions {
		if d.Choices > 1 {
			judged++
		}
	}
	if judged < 2 {
		t.Fatalf("%d decisions of seat 0 judged; the test needs its bid and a card", judged)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("seat 0's review depends on cards it never saw:\n%+v\n%+v", a, b)
	}
}
