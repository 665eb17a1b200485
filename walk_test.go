package skullking

import (
	"fmt"
	"slices"
	"testing"
)

// Record.Walk shows every decision a seat made, in the game's order, each
// with the deciding seat's view just before it: the game's log without
// Graybeard's flips, every action legal where it is shown (the copy of a
// card that plays alike may differ: a record names faces). Bids and cannon
// loads are secret and made at once; a record keeps them in seat order.
func TestWalk_ShowsEveryDecisionOfTheLog(t *testing.T) {
	for _, n := range []int{2, 4, 5} {
		for i, set := range moduleSets(n) {
			o := DefaultOptions()
			withModules(&o, set, n)
			if set == "all" || set == "pirate_abilities" {
				o.Scoring, o.CannonLoad = RascalScoring, n%2 == 0
			}
			o.Schedule, o.ScheduleCards = "custom", []int{3, 6, 4}
			seed := uint64(7000*n + i)
			t.Run(fmt.Sprintf("%d players %s", n, set), func(t *testing.T) {
				g := newGame(t, n, WithOptions(o), WithSeed(seed))
				r := NewRand(seed)
				playRandom(t, g, &r)
				var want []Action
				for _, a := range g.Log() {
					if int(a.Seat) != g.GhostSeat() {
						want = append(want, a)
					}
				}
				bySeatAtOnce(want)
				var got []Action
				_, err := RecordOf(g).Walk(func(v SeatView, a Action) {
					if v.Seat() != int(a.Seat) || !v.Waiting() {
						t.Fatalf("decision %d (%v) shown to seat %d, waiting %v", len(got), a, v.Seat(), v.Waiting())
					}
					if err := v.Check(a); err != nil {
						t.Fatalf("decision %d (%v) is not legal where it is shown: %v", len(got), a, err)
					}
					got = append(got, a)
				})
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != len(want) {
					t.Fatalf("%d decisions shown, the log has %d", len(got), len(want))
				}
				for k := range want {
					if !playsAlike(g, got[k], want[k]) {
						t.Fatalf("decision %d: shown %v, the log has %v", k, got[k], want[k])
					}
				}
			})
		}
	}
}

// playsAlike reports whether a and b are the same decision, up to which
// copy of a card that plays alike (a record names faces, not copies).
func playsAlike(g *Game, a, b Action) bool {
	same := func(c, d Card) bool { return c == d || g.interchangeable(c) && c.Kind() == d.Kind() }
	return a.Kind == b.Kind && a.Seat == b.Seat && a.Value == b.Value && a.As == b.As &&
		same(a.Card, b.Card) && same(a.Card2, b.Card2)
}

// bySeatAtOnce puts each run of bids, and of cannon loads, in seat order.
func bySeatAtOnce(log []Action) {
	for i := 0; i < len(log); {
		j := i + 1
		if k := log[i].Kind; k == ActionBid || k == ActionCannon {
			for j < len(log) && log[j].Kind == k {
				j++
			}
			slices.SortFunc(log[i:j], func(a, b Action) int { return int(a.Seat) - int(b.Seat) })
		}
		i = j
	}
}

// An invalid record is not walked: Walk returns Replay's error and shows
// nothing, not even the decisions before the bad one.
func TestWalk_InvalidRecordShowsNothing(t *testing.T) {
	g := newGame(t, 3, WithSeed(5))
	r := NewRand(5)
	playRandom(t, g, &r)
	rec := RecordOf(g)
	last := &rec.Rounds[len(rec.Rounds)-1]
	last.Tricks[0][0], last.Tricks[0][1] = last.Tricks[0][1], last.Tricks[0][0] // out of turn
	_, want := rec.Replay()
	if want == nil {
		t.Fatal("the spoilt record replays")
	}
	shown := 0
	_, err := rec.Walk(func(SeatView, Action) { shown++ })
	if err == nil || err.Error() != want.Error() {
		t.Fatalf("Walk: %v, Replay: %v", err, want)
	}
	if shown > 0 {
		t.Fatalf("%d decisions shown for an invalid record", shown)
	}
}
