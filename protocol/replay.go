package protocol

import (
	"cmp"
	"slices"

	"github.com/skullking-go/skullking"
)

// Replay is a finished game trick by trick with every hand shown (GET
// /api/tables/{id}/replay): what a review page steps through. The engine
// replays the record to build it, so a client draws it and works out no
// rule.
type Replay struct {
	Players []string `json:"players"`
	// Named is whether the Pirates' names matter (pirate abilities), as in
	// a view: the cards' codes name them then.
	Named  bool          `json:"named"`
	Tricks []ReplayTrick `json:"tricks"`
}

// ReplayTrick is one trick of a replay.
type ReplayTrick struct {
	Round  int `json:"round"`
	Number int `json:"number"` // 1-based within the round
	// Hands holds every seat's hand as it was when the seat played to the
	// trick, by seat; the Graybeard's (a seat nobody holds) is empty.
	Hands [][]CardRef `json:"hands"`
	// Bids are the round's bids by seat, as they were made (Harry's change
	// at the end of the round is the results' business).
	Bids  []int `json:"bids"`
	Trick Trick `json:"trick"` // the trick as the table reported it
}

// ReviewStatus answers a review still being computed (202): Status is
// ReviewWorking.
type ReviewStatus struct {
	Status string `json:"status"`
}

// ReviewWorking is the status of a review being computed: ask again.
const ReviewWorking = "working"

// ReplayOf replays rec's decisions with the engine (Record.Walk) and keeps
// each trick with the hands the seats held when they played to it. An
// invalid record returns the engine's error; an unfinished one replays as
// far as it goes, which is why only a finished game's is ever served. A
// played round followed by results-only rounds (a score sheet's record,
// never a table's) loses its last trick, which no view reports.
func ReplayOf(rec *skullking.Record) (*Replay, error) {
	type key struct{ round, number int }
	hands := map[key][][]CardRef{}
	tricks := map[key]Trick{}
	bids := map[int][]int{}
	keep := func(v *skullking.View) {
		logs := v.Tricks
		if v.LastTrick != nil {
			logs = append(logs[:len(logs):len(logs)], *v.LastTrick)
		}
		// The latest report of a trick wins: a pirate ability is
		// reported offered while its winner decides, and what became of
		// it (used, declined, with its value) only in the views after.
		// Nothing else of a completed trick changes.
		for i := range logs {
			tricks[key{logs[i].Round, logs[i].Number}] = TrickOf(&logs[i], &v.Options)
		}
	}
	g, err := rec.Walk(func(sv skullking.SeatView, a skullking.Action) {
		v := sv.View()
		keep(&v)
		seats, seat := len(v.Seats), int(a.Seat) // the Graybeard too, when he sits in
		switch a.Kind {
		case skullking.ActionBid:
			if bids[sv.Round()] == nil {
				bids[sv.Round()] = make([]int, seats)
			}
			bids[sv.Round()][seat] = int(a.Value)
		case skullking.ActionPlay:
			k := key{sv.Round(), sv.TrickNumber()}
			if hands[k] == nil {
				hands[k] = make([][]CardRef, seats)
				for s := range hands[k] {
					hands[k][s] = []CardRef{}
				}
			}
			named := v.Options.PirateAbilities
			for _, c := range sv.Hand().Cards(nil) {
				hands[k][seat] = append(hands[k][seat], refOf(c, named))
			}
		}
	})
	if err != nil {
		return nil, err
	}
	final := g.View(skullking.Spectator)
	keep(&final)
	out := &Replay{Players: append([]string{}, rec.Players...), Named: final.Options.PirateAbilities, Tricks: []ReplayTrick{}}
	for k, t := range tricks {
		h := hands[k]
		if h == nil {
			continue // a trick no seat played to: not one of this record's
		}
		b := bids[k.round]
		if b == nil {
			b = []int{}
		}
		out.Tricks = append(out.Tricks, ReplayTrick{Round: k.round, Number: k.number, Hands: h, Bids: b, Trick: t})
	}
	slices.SortFunc(out.Tricks, func(a, b ReplayTrick) int {
		return cmp.Or(cmp.Compare(a.Round, b.Round), cmp.Compare(a.Number, b.Number))
	})
	return out, nil
}
