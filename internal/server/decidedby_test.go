package server_test

import (
	"encoding/json"
	"math"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// docs/record.md, "Who decided", through a real server: Ben leaves as the
// game starts and, after the grace period, a stand-in bot plays his seat to
// the end. The record the server gives says so for each of his decisions
// and replays; the review shows those decisions with who made them, but
// judges the players on their own alone: Ben made none, so his total is 0.
func TestStandInsDecisionsAreRecordedAndNotReviewed(t *testing.T) {
	ts := testserver.StartWith(t, func(c *server.Config) {
		c.Grace = 50 * time.Millisecond
		c.ReviewBudget = 0.02
	})
	id, clients, _, _ := seatGame(t, ts, 2, []string{"random"}, testserver.Settings(2))
	ann, ben := clients[0], clients[1]
	ben.conn.Close()
	waitTable(t, ann, func(in *protocol.TableInfo) bool { return in.Seats[1].BotPlays })
	playAll(t, players([]*seat{ann}, 4), time.Minute)
	ts.WaitOver(id, 10*time.Second)

	// The record as the API serves it lists every decision of Ben's seat
	// as the stand-in's, and no other.
	status, body := httpGet(t, ts.Base+"/api/tables/"+id+"/record")
	if status != http.StatusOK {
		t.Fatalf("the record: %d %s", status, body)
	}
	var served struct {
		Rounds []struct {
			By []skullking.DecidedBy `json:"by"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal(body, &served); err != nil {
		t.Fatal(err)
	}
	listed := 0
	for i, rr := range served.Rounds {
		for _, e := range rr.By {
			if e.Seat != 1 || e.By != skullking.DecidedByBot {
				t.Errorf("round %d lists a decision not the stand-in's for Ben: %+v", i+1, e)
			}
			listed++
		}
	}
	rec, _ := ts.Record(id) // replays it, or fails
	mine := decisions(t, rec)
	if listed != mine[1] || listed == 0 {
		t.Fatalf("the record lists %d of Ben's decisions as the stand-in's; he had %d, all the stand-in's", listed, mine[1])
	}

	// Each reviewed decision says who made it, as the record does, and
	// only the player's own are in the total.
	by := make([][]string, len(rec.Players))
	if _, err := rec.Walk(func(v skullking.SeatView, a skullking.Action) {
		by[a.Seat] = append(by[a.Seat], rec.DecidedBy(v, a))
	}); err != nil {
		t.Fatal(err)
	}
	for s, r := range waitReview(t, ts, id) {
		var got []string
		own := 0.0
		for _, d := range r.Decisions {
			got = append(got, d.By)
			if d.By == "" {
				own += d.Loss
			}
		}
		if !slices.Equal(got, by[s]) {
			t.Errorf("seat %d: the review's deciders %q, the record's %q", s, got, by[s])
		}
		if math.Round(own*100)/100 != r.TotalLoss {
			t.Errorf("seat %d: total loss %v, the player's own decisions' %v", s, r.TotalLoss, own)
		}
	}
}
