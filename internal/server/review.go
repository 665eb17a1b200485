package server

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/review"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// Reviews are computed on the first request for them, not when a game
// ends: most finished games are never reviewed, and a review is seconds of
// the expert's search that would otherwise be taken from the live tables'
// bots at every game's end. Once computed, a review is kept in the store
// with the record and served from there.
//
// The work is done off every table's actor, by a fixed pool of workers fed
// by a bounded queue: a request that finds the queue full is answered 503
// at once instead of waiting, so a crowd asking for reviews costs the
// server no more than its workers' share of the processors and no
// goroutine per request.

// Review defaults (Config.ReviewWorkers, ReviewQueue, ReviewBudget).
const (
	DefaultReviewWorkers = 1
	DefaultReviewQueue   = 4
)

// reviewState is what a review request finds.
type reviewState int

const (
	reviewQueued reviewState = iota // queued now, or already queued or under way
	reviewBusy                      // the queue is full
	reviewFailed                    // the record could not be reviewed
)

// reviewer computes the reviews of finished games' records.
type reviewer struct {
	store  store.Store
	log    *slog.Logger
	budget float64
	// started, when set, is told of each computation as it begins.
	started func(table string)

	jobs chan string
	stop chan struct{}
	done sync.WaitGroup

	mu      sync.Mutex
	pending map[string]bool   // queued or under way
	failed  map[string]string // why a record could not be reviewed
}

func newReviewer(st store.Store, log *slog.Logger, workers, queue int, budget float64, started func(string)) *reviewer {
	r := &reviewer{store: st, log: log, budget: budget, started: started, jobs: make(chan string, queue),
		stop: make(chan struct{}), pending: map[string]bool{}, failed: map[string]string{}}
	for range workers {
		r.done.Add(1)
		go r.work()
	}
	return r
}

// request queues the review of table unless it is queued or under way
// already.
func (r *reviewer) request(table string) (reviewState, string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if why, ok := r.failed[table]; ok {
		return reviewFailed, why
	}
	if r.pending[table] {
		return reviewQueued, ""
	}
	select {
	case r.jobs <- table:
		r.pending[table] = true
		return reviewQueued, ""
	default:
		return reviewBusy, ""
	}
}

// close stops the workers once each has finished the review it is
// computing, before the store closes under them.
func (r *reviewer) close() {
	close(r.stop)
	r.done.Wait()
}

func (r *reviewer) work() {
	defer r.done.Done()
	for {
		select {
		case <-r.stop:
			return
		case table := <-r.jobs:
			err := r.compute(table)
			var bad *badRecord
			r.mu.Lock()
			delete(r.pending, table)
			if errors.As(err, &bad) {
				// Asking again would fail again: say so instead.
				r.failed[table] = bad.Error()
			}
			r.mu.Unlock()
			if err != nil {
				r.log.Error("review failed", "table", table, "err", err)
			}
		}
	}
}

// badRecord is a record that cannot be reviewed, as opposed to a store
// that did not answer this time.
type badRecord struct{ err error }

func (e *badRecord) Error() string { return e.err.Error() }

// compute reviews every seat of table's record and keeps the review.
func (r *reviewer) compute(table string) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &badRecord{errors.New("the review panicked")}
			r.log.Error("review panicked", "table", table, "panic", v)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := r.store.Review(ctx, table); err == nil {
		return nil // kept by a request that came just before
	}
	data, err := r.store.Record(ctx, table)
	if err != nil {
		return err
	}
	rec, err := skullking.ParseRecord(data)
	if err != nil {
		return &badRecord{err}
	}
	if r.started != nil {
		r.started(table)
	}
	reviews, err := review.Seats(rec, nil, review.WithBudget(r.budget), review.WithWorkers(1))
	if err != nil {
		return &badRecord{err}
	}
	b, err := json.Marshal(reviews)
	if err != nil {
		return &badRecord{err}
	}
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return r.store.PutReview(ctx, table, b)
}

// finishedRecord answers 409 (or the lookup's error) unless table id's game
// is over, and returns its record otherwise.
func (s *Server) finishedRecord(w http.ResponseWriter, r *http.Request, id, what string) ([]byte, bool) {
	in, err := s.info(r.Context(), id)
	if err != nil {
		s.tableError(w, err)
		return nil, false
	}
	if in.Status != string(store.StatusOver) {
		// A running game's record holds every hand: it waits for the end.
		writeError(w, http.StatusConflict, protocol.ErrNotOver, what+"_not_over")
		return nil, false
	}
	b, err := s.store.Record(r.Context(), id)
	if err != nil {
		s.tableError(w, err)
		return nil, false
	}
	return b, true
}

// getReview serves every seat's review of a finished game: from the store
// once computed, else 202 while a worker computes it.
func (s *Server) getReview(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	you := -1
	if q := r.URL.Query().Get("you"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, protocol.ErrBadRequest, protocol.ProblemBadViewer, "Value", q)
			return
		}
		you = n
	}
	data, ok := s.finishedRecord(w, r, id, "review")
	if !ok {
		return
	}
	b, err := s.store.Review(r.Context(), id)
	if err == nil {
		s.tellReview(w, id, data, b, you)
		return
	}
	if !errors.Is(err, store.ErrNotFound) {
		s.tableError(w, err)
		return
	}
	switch state, why := s.reviews.request(id); state {
	case reviewQueued:
		w.Header().Set("Retry-After", "1")
		writeJSON(w, http.StatusAccepted, protocol.ReviewStatus{Status: protocol.ReviewWorking})
	case reviewBusy:
		w.Header().Set("Retry-After", "5")
		s.metrics.refused.WithLabelValues(protocol.ErrOverloaded).Inc()
		writeError(w, http.StatusServiceUnavailable, protocol.ErrOverloaded, protocol.ProblemReviewBusy)
	default:
		writeError(w, http.StatusInternalServerError, protocol.ErrInternal, protocol.ProblemReviewFailed, "Detail", why)
	}
}

// tellReview serves the stored review b of the record data with each
// seat's review told to the reader at seat you (−1: no seat of it): the
// server chooses its sentences (review.Said), as the catalogue's ids and
// their placeholders, and the page words them in its reader's language.
func (s *Server) tellReview(w http.ResponseWriter, id string, data, b []byte, you int) {
	var reviews []review.Review
	rec, err := skullking.ParseRecord(data)
	if err == nil {
		err = json.Unmarshal(b, &reviews)
	}
	var words words.Words
	if err == nil {
		words, err = review.WordsFor(rec, you)
	}
	if err != nil {
		s.log.Error("telling a stored review failed", "table", id, "err", err)
		writeError(w, http.StatusInternalServerError, protocol.ErrInternal, protocol.ProblemInternal)
		return
	}
	if you >= len(rec.Players) {
		words.You = -1 // no seat of this game: nobody is "you"
	}
	for i := range reviews {
		said := reviews[i].Tell(words)
		reviews[i].Said = &said
	}
	writeJSON(w, http.StatusOK, reviews)
}

// getReplay serves a finished game trick by trick with every hand, built
// by the engine from the record: what the review page steps through.
func (s *Server) getReplay(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	b, ok := s.finishedRecord(w, r, id, "replay")
	if !ok {
		return
	}
	rec, err := skullking.ParseRecord(b)
	var rp *protocol.Replay
	if err == nil {
		rp, err = protocol.ReplayOf(rec)
	}
	if err != nil {
		s.log.Error("replay of a stored record failed", "table", id, "err", err)
		writeError(w, http.StatusInternalServerError, protocol.ErrInternal, protocol.ProblemInternal)
		return
	}
	writeJSON(w, http.StatusOK, rp)
}
