package review

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"testing"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/goldenrecords"
)

// The review judges the player: a decision the record says someone else
// made for the seat (docs/record.md, "Who decided") is judged and shown
// with who made it, but its loss is not in the seat's total.
func TestReview_OnlyThePlayersOwnDecisionsCountInTheTotal(t *testing.T) {
	f, err := os.Open(goldenrecords.File(t, "valid", "decided-by-4p"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := sk.ReadRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Seats(rec, nil, WithBudget(0.05))
	if err != nil {
		t.Fatal(err)
	}
	// Every decision the record's "by" names, as "seat kind round.trick by".
	var want []string
	for i, rr := range rec.Rounds {
		for _, e := range rr.By {
			want = append(want, fmt.Sprintf("%d %s %d.%d %s", e.Seat, e.Decision, i+1, e.Trick, e.By))
		}
	}
	decision := map[string]string{KindBid: sk.DecisionBid, KindCannon: sk.DecisionCannon, KindCard: sk.DecisionCard,
		KindTigress: sk.DecisionCard, KindDiscard: sk.DecisionDiscard}
	var got []string
	for _, r := range rs {
		own := 0.0
		for _, d := range r.Decisions {
			if d.By == "" {
				own += d.Loss
				continue
			}
			kind, ok := decision[d.Kind]
			if !ok {
				kind = sk.DecisionAbility
			}
			got = append(got, fmt.Sprintf("%d %s %d.%d %s", r.Seat, kind, d.Round, d.Trick, d.By))
		}
		if round2(own) != r.TotalLoss {
			t.Errorf("seat %d: total loss %v, the player's own decisions' %v", r.Seat, r.TotalLoss, round2(own))
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("decisions made for the seats:\n got %q\nwant %q", got, want)
	}

	// Without "by" every decision is the player's: the same judgements,
	// every loss in the total.
	plain := *rec
	plain.Rounds = slices.Clone(rec.Rounds)
	for i := range plain.Rounds {
		plain.Rounds[i].By = nil
	}
	all, err := Seats(&plain, nil, WithBudget(0.05))
	if err != nil {
		t.Fatal(err)
	}
	left := false
	for s, r := range all {
		left = left || r.TotalLoss > rs[s].TotalLoss
		sum := 0.0
		for i, d := range r.Decisions {
			sum += d.Loss
			d.By = rs[s].Decisions[i].By
			if !reflect.DeepEqual(d, rs[s].Decisions[i]) {
				t.Errorf("seat %d, decision %d: judged %+v with \"by\", %+v without", s, i, rs[s].Decisions[i], d)
			}
		}
		if round2(sum) != r.TotalLoss {
			t.Errorf("seat %d without \"by\": total loss %v, the decisions' sum %v", s, r.TotalLoss, round2(sum))
		}
	}
	// The review is seeded: a stand-in's decision in this record does give
	// up points, so the test sees a loss left out, not only zeros.
	if !left {
		t.Error("no decision made for a seat gave up points: the test shows nothing left out")
	}
}
