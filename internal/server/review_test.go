package server_test

import (
	"encoding/json"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/review"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// quickReviews is a server configuration whose reviews take little time
// and are counted as they start.
func quickReviews(started func(string)) func(*server.Config) {
	return func(c *server.Config) {
		c.ReviewBudget = 0.02
		c.ReviewStarted = started
	}
}

// finishedGame plays a one-round game of a person and two random bots to
// its end and returns the table's id.
func finishedGame(t *testing.T, ts *testserver.Server, seed uint64) string {
	t.Helper()
	id, clients, _, _ := seatGame(t, ts, 1, []string{"random", "random"}, testserver.Settings(1))
	playAll(t, players(clients, seed), 30*time.Second)
	ts.WaitOver(id, 10*time.Second)
	return id
}

// getReview asks for table id's review.
func getReview(t *testing.T, ts *testserver.Server, id string) (int, []byte, http.Header) {
	t.Helper()
	resp, err := http.Get(ts.Base + "/api/tables/" + id + "/review")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&b); err != nil {
		t.Fatalf("review of %s: %v", id, err)
	}
	return resp.StatusCode, b, resp.Header
}

// waitReview asks for table id's review until it is ready.
func waitReview(t *testing.T, ts *testserver.Server, id string) []review.Review {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		status, body, _ := getReview(t, ts, id)
		switch status {
		case http.StatusOK:
			var out []review.Review
			if err := json.Unmarshal(body, &out); err != nil {
				t.Fatal(err)
			}
			return out
		case http.StatusAccepted:
		default:
			t.Fatalf("review of %s: %d %s", id, status, body)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the review of %s was not ready in time", id)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// decisions counts each seat's decisions in the record, as the engine walks
// them.
func decisions(t *testing.T, rec *skullking.Record) []int {
	t.Helper()
	n := make([]int, len(rec.Players))
	if _, err := rec.Walk(func(v skullking.SeatView, a skullking.Action) { n[a.Seat]++ }); err != nil {
		t.Fatal(err)
	}
	return n
}

// A review waits for the end of the game (409 not_over), is computed once
// (202 working meanwhile), judges every decision of every seat, and is kept:
// a restarted server serves it from the store without computing it again.
func TestReviewComputedOnceAndKept(t *testing.T) {
	var computed atomic.Int32
	ts := testserver.StartWith(t, quickReviews(func(string) { computed.Add(1) }))
	id, clients, _, _ := seatGame(t, ts, 1, []string{"random", "random"}, testserver.Settings(1))
	status, body, _ := getReview(t, ts, id)
	var e protocol.ErrorBody
	if json.Unmarshal(body, &e); status != http.StatusConflict || e.Code != protocol.ErrNotOver {
		t.Fatalf("review while the game plays: %d %s, want 409 %s", status, body, protocol.ErrNotOver)
	}
	if status, body := httpGet(t, ts.Base+"/api/tables/"+id+"/replay"); status != http.StatusConflict {
		t.Fatalf("replay while the game plays: %d %s, want 409", status, body)
	}
	playAll(t, players(clients, 3), 30*time.Second)
	ts.WaitOver(id, 10*time.Second)
	checkReplay(t, ts, id)

	status, body, hdr := getReview(t, ts, id)
	var st protocol.ReviewStatus
	if json.Unmarshal(body, &st); status != http.StatusAccepted || st.Status != protocol.ReviewWorking || hdr.Get("Retry-After") == "" {
		t.Fatalf("first request for the review: %d %s, want 202 working with Retry-After", status, body)
	}
	got := waitReview(t, ts, id)
	rec, _ := ts.Record(id)
	want := decisions(t, rec)
	if len(got) != len(rec.Players) {
		t.Fatalf("%d seats reviewed, the game had %d", len(got), len(rec.Players))
	}
	for s, r := range got {
		if r.Seat != s || r.Name != rec.Players[s] || len(r.Decisions) != want[s] {
			t.Fatalf("seat %d's review: seat %d %q with %d decisions, want %q with %d", s, r.Seat, r.Name, len(r.Decisions), rec.Players[s], want[s])
		}
	}
	waitReview(t, ts, id)
	if n := computed.Load(); n != 1 {
		t.Fatalf("the review was computed %d times for two requests, want once", n)
	}
	ts.Stop()
	ts.Restart()
	if status, body, _ := getReview(t, ts, id); status != http.StatusOK {
		t.Fatalf("review after a restart: %d %s, want 200 from the store", status, body)
	}
	if n := computed.Load(); n != 1 {
		t.Fatalf("the review was computed %d times across a restart, want once", n)
	}
}

// With one worker and a queue of one, a third game's review is refused
// with 503 and Retry-After while the first is computed and the second
// waits; a crowd of requests is answered at once, adds no goroutine that
// stays, and the refused review is computed once the workers are free.
func TestReviewBoundedWorkers(t *testing.T) {
	gate := make(chan struct{})
	started := make(chan string, 8)
	ts := testserver.StartWith(t, func(c *server.Config) {
		quickReviews(func(id string) { started <- id; <-gate })(c)
		c.ReviewWorkers, c.ReviewQueue = 1, 1
	})
	ids := []string{finishedGame(t, ts, 1), finishedGame(t, ts, 2), finishedGame(t, ts, 3)}
	released := false
	release := func() {
		if !released {
			released = true
			close(gate)
		}
	}
	defer release()

	if status, body, _ := getReview(t, ts, ids[0]); status != http.StatusAccepted {
		t.Fatalf("first game: %d %s, want 202", status, body)
	}
	select {
	case <-started: // the worker holds the first game
	case <-time.After(10 * time.Second):
		t.Fatal("the first review did not start")
	}
	if status, body, _ := getReview(t, ts, ids[1]); status != http.StatusAccepted {
		t.Fatalf("second game, queued: %d %s, want 202", status, body)
	}
	before := runtime.NumGoroutine()
	var wg sync.WaitGroup
	var refused, waiting atomic.Int32
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, body, hdr := getReview(t, ts, ids[1+i%2])
			var e protocol.ErrorBody
			switch json.Unmarshal(body, &e); {
			case status == http.StatusServiceUnavailable && e.Code == protocol.ErrOverloaded && hdr.Get("Retry-After") != "":
				refused.Add(1)
			case status == http.StatusAccepted:
				waiting.Add(1)
			default:
				t.Errorf("a request of the crowd: %d %s", status, body)
			}
		}()
	}
	wg.Wait() // every answer came while the worker is still held
	if refused.Load() != 20 || waiting.Load() != 20 {
		t.Fatalf("%d refused and %d working, want the third game's 20 refused and the queued second's 20 working",
			refused.Load(), waiting.Load())
	}
	http.DefaultClient.CloseIdleConnections()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before+5 {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after the crowd, %d before", runtime.NumGoroutine(), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
	release()
	for _, id := range ids {
		if got := waitReview(t, ts, id); len(got) != 3 {
			t.Fatalf("%s: %d seats reviewed, want 3", id, len(got))
		}
	}
}

// checkReplay checks that a finished game's replay shows each of its
// tricks with every seat's hand holding the card the seat played.
func checkReplay(t *testing.T, ts *testserver.Server, id string) {
	t.Helper()
	status, body := httpGet(t, ts.Base+"/api/tables/"+id+"/replay")
	if status != http.StatusOK {
		t.Fatalf("replay of a finished game: %d %s", status, body)
	}
	var rp protocol.Replay
	if err := json.Unmarshal(body, &rp); err != nil {
		t.Fatal(err)
	}
	rec, _ := ts.Record(id)
	tricks := 0
	for _, rr := range rec.Rounds {
		tricks += len(rr.Tricks)
	}
	if len(rp.Tricks) != tricks || len(rp.Players) != len(rec.Players) {
		t.Fatalf("replay of %d tricks for %v, the record has %d for %v", len(rp.Tricks), rp.Players, tricks, rec.Players)
	}
	for _, tr := range rp.Tricks {
		for _, p := range tr.Trick.Plays {
			held := false
			for _, c := range tr.Hands[p.Seat] {
				held = held || c.Card == p.Card
			}
			if !held {
				t.Fatalf("trick %d.%d: seat %d played %s, which the replay's hand %v lacks", tr.Round, tr.Number, p.Seat, p.Code, tr.Hands[p.Seat])
			}
		}
	}
}
