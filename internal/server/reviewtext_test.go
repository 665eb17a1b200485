package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/review"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// The server tells the review, the one place its sentences are chosen:
// each seat's review comes with what it says, as the catalogue's ids,
// addressed to the reader the page names with ?you=S ("Your decisions…"
// for their own seat, the name for the others), to nobody without it;
// every decision is said once, in the player's own list or apart. A
// reader that is no seat is refused.
func TestReviewWordedForTheReader(t *testing.T) {
	ts := testserver.StartWith(t, quickReviews(nil))
	id, clients, _, _ := seatGame(t, ts, 1, []string{"random", "random"}, testserver.Settings(1))
	playAll(t, players(clients, 3), 30*time.Second)
	ts.WaitOver(id, 10*time.Second)
	waitReview(t, ts, id)
	read := func(query string) []review.Review {
		t.Helper()
		status, body := httpGet(t, ts.Base+"/api/tables/"+id+"/review"+query)
		var out []review.Review
		if err := json.Unmarshal(body, &out); status != http.StatusOK || err != nil {
			t.Fatalf("review%s: %d %s", query, status, body)
		}
		return out
	}
	for _, c := range []struct {
		query string
		you   int
	}{{"", -1}, {"?you=0", 0}, {"?you=1", 1}} {
		for s, r := range read(c.query) {
			if r.Said == nil || len(r.Said.Summary) == 0 {
				t.Fatalf("review%s: seat %d's review comes without what it says", c.query, s)
			}
			summary := words.Words{You: c.you}.Sentence(r.Said.Summary[0])
			whose := r.Name + "'s decisions"
			if s == c.you {
				whose = "Your decisions"
			}
			if !strings.HasPrefix(summary, whose) {
				t.Errorf("review%s: seat %d's summary %q, want it to begin %q", c.query, s, summary, whose)
			}
			said := len(r.Said.Every.Items)
			for _, a := range r.Said.Apart {
				said += len(a.Items)
			}
			if said != len(r.Decisions) {
				t.Errorf("review%s: seat %d: %d decisions said, %d judged", c.query, s, said, len(r.Decisions))
			}
		}
	}
	status, body := httpGet(t, ts.Base+"/api/tables/"+id+"/review?you=ann")
	var e protocol.ErrorBody
	if json.Unmarshal(body, &e); status != http.StatusBadRequest || e.Code != protocol.ErrBadRequest {
		t.Fatalf("review?you=ann: %d %s, want 400 %s", status, body, protocol.ErrBadRequest)
	}
}
