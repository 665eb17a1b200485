package review

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
)

// shortGame is a short schedule, so that a review takes a fraction of a
// second.
func shortGame() sk.Options {
	o := sk.DefaultOptions()
	o.Schedule, o.ScheduleCards = "custom", []int{3, 5, 7}
	return o
}

// The review's purpose: a seat played at random gives up more expected
// points than the expert's seat in the same game.
func TestReview_RandomSeatLosesMoreThanTheExpertsSeat(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		rec := playGame(t, seed, shortGame(), bot.NewRandom(seed), bot.NewExpert(seed, bot.WithBudget(0.1)),
			bot.NewHeuristic(seed), bot.NewHeuristic(seed+1))
		rs, err := Seats(rec, []int{0, 1}, WithBudget(0.1))
		if err != nil {
			t.Fatal(err)
		}
		random, expert := rs[0], rs[1]
		if random.Seat != 0 || expert.Seat != 1 {
			t.Fatalf("reviews of seats %d and %d, asked for 0 and 1", random.Seat, expert.Seat)
		}
		if random.TotalLoss <= expert.TotalLoss {
			t.Errorf("seed %d: the random seat lost %.1f expected points, the expert's %.1f", seed, random.TotalLoss, expert.TotalLoss)
		}
	}
}

// Every decision of the seat is judged, in the game's order, and each
// judgement adds up: loss = best − played points, never below 0, and 0
// where there was one choice; the total is the sum.
func TestReview_JudgesEveryDecisionOfTheSeat(t *testing.T) {
	o := shortGame()
	o.PirateAbilities, o.Scoring, o.CannonLoad = true, sk.RascalScoring, true
	o.Kraken, o.WhiteWhale, o.Loot = true, true, true
	rec := playGame(t, 11, o, bot.NewHeuristic(1), bot.NewRandom(2), bot.NewRandom(3), bot.NewRandom(4))
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	for seat := range 4 {
		r, err := Seat(rec, seat, WithBudget(0.05))
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, a := range g.Log() {
			if int(a.Seat) == seat {
				want = append(want, kindOf(a))
			}
		}
		var got []string
		sum := 0.0
		for i, d := range r.Decisions {
			got = append(got, d.Kind)
			switch {
			case d.Loss < 0:
				t.Errorf("seat %d, decision %d: loss %v below 0", seat, i, d.Loss)
			case d.Choices <= 1 && (d.Loss != 0 || d.Played != d.Best && !reflect.DeepEqual(d.Played, d.Best)):
				t.Errorf("seat %d, decision %d: one choice, judged %+v", seat, i, d)
			case d.Loss > 0 && d.Loss != round2(d.BestPoints-d.PlayedPoints):
				t.Errorf("seat %d, decision %d: loss %v, best %v − played %v", seat, i, d.Loss, d.BestPoints, d.PlayedPoints)
			case d.Loss == 0 && !reflect.DeepEqual(d.Played, d.Best):
				t.Errorf("seat %d, decision %d: no loss, but the best is another action: %+v", seat, i, d)
			}
			if d.Round < 1 || d.Kind == KindBid && d.Trick != 0 || d.Kind == KindCard && d.Trick < 1 {
				t.Errorf("seat %d, decision %d: %s in round %d, trick %d", seat, i, d.Kind, d.Round, d.Trick)
			}
			sum += d.Loss
		}
		if !slices.Equal(got, want) {
			t.Errorf("seat %d: decisions judged %v, the game's %v", seat, got, want)
		}
		if round2(sum) != r.TotalLoss {
			t.Errorf("seat %d: total loss %v, the decisions' sum %v", seat, r.TotalLoss, sum)
		}
	}
}

// A review is seeded: the same record gives the same review, whatever the
// number of goroutines searching.
func TestReview_IsDeterministic(t *testing.T) {
	rec := playGame(t, 5, shortGame(), bot.NewRandom(1), bot.NewHeuristic(2), bot.NewRandom(3))
	a, err := Seats(rec, nil, WithBudget(0.05), WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Seats(rec, nil, WithBudget(0.05), WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two reviews of one record differ")
	}
	if len(a) != 3 {
		t.Fatalf("%d reviews without seats named, for 3 players", len(a))
	}
}

// Bad input is refused with an error, before any work: a seat the record
// does not have, no record, an invalid record (the replay's own error).
func TestSeats_RefusesBadInput(t *testing.T) {
	rec := playGame(t, 5, shortGame(), bot.NewRandom(1), bot.NewRandom(2), bot.NewRandom(3))
	for _, seat := range []int{-1, 3} {
		if _, err := Seat(rec, seat); err == nil {
			t.Errorf("seat %d of 3 players reviewed", seat)
		}
	}
	if _, err := Seat(nil, 0); err == nil {
		t.Error("no record reviewed")
	}
	if _, err := Seat(rec, 0, WithBudget(0)); err == nil {
		t.Error("a review with no budget")
	}
	bad := *rec
	bad.Rounds = slices.Clone(rec.Rounds)
	bad.Rounds[0].Bids = sk.Bids{9, 0, 0}
	_, err := Seat(&bad, 0)
	var ae *sk.ActionError
	if !errors.As(err, &ae) {
		t.Errorf("a bid of 9 with 3 cards: %v, want the replay's *ActionError", err)
	}
}
