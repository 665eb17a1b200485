package table

import (
	"testing"

	"github.com/skullking-go/skullking"
)

// docs/record.md, "Who decided": the record a table keeps lists every
// decision the stand-in bot made for an absent person, and none of the
// person's own nor the bot seat's; it replays.
func TestRecordSaysWhatTheStandInDecided(t *testing.T) {
	m, id, _ := standInPlaysAnnsGame(t)
	rec := storedRecord(t, m, id)
	bids, cards := 0, 0
	for i, rr := range rec.Rounds {
		for _, e := range rr.By {
			if e.Seat != 0 || e.By != skullking.DecidedByBot {
				t.Fatalf("round %d lists a decision not the stand-in's for Ann: %+v", i+1, e)
			}
			switch e.Decision {
			case skullking.DecisionBid:
				if i == 0 {
					t.Fatal("Ann's own bid of round 1 is listed as the stand-in's")
				}
				bids++
			case skullking.DecisionCard:
				cards++
			}
		}
	}
	if wantBids, wantCards := standInsShare(t, m, id); bids != wantBids || cards != wantCards {
		t.Errorf("the record lists %d bids and %d cards by the stand-in, want %d and %d", bids, cards, wantBids, wantCards)
	}
}
