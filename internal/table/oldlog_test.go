package table

import (
	"context"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// Before Commit, the table checked a play as the copy the seat held but
// stored the card id the client sent: a seat holding one Escape could store
// the play of another. Such a log loads again: its actions are read as the
// engine reads a record's, the copy the seat held, so the table comes back
// where its players were, plays on, and keeps a record that replays.
func TestALogHoldingAnotherCopyOfAHeldCardLoads(t *testing.T) {
	s, _ := newStore(t)
	m := NewManager(Config{English: words.English{}, Store: s, BotDelay: -1, Grace: time.Hour, Seed: func() uint64 { return 20261204 }})
	ctx := context.Background()
	id, token, ann := startWithBot(t, m, Settings{Options: skullking.DefaultOptions()})
	// Play until it is Ann's turn to play a card while she holds an
	// Escape: held is her copy, other one she does not hold.
	held, other := skullking.NoCard, skullking.NoCard
	ann.next(protocol.TypeState)
	for held == skullking.NoCard {
		if v := ann.last.View; v.Phase == "playing" && v.Turn == 0 {
			mine := map[int]bool{}
			for _, h := range v.Hand {
				mine[h.Card] = true
			}
			for c := skullking.Escape1; c < skullking.Escape1+5; c++ {
				if mine[int(c)] && held == skullking.NoCard {
					held = c
				}
			}
			for c := skullking.Escape1; c < skullking.Escape1+5; c++ {
				if !mine[int(c)] && other == skullking.NoCard {
					other = c
				}
			}
			if held != skullking.NoCard {
				break
			}
		}
		if v := ann.last.View; v.Phase == "over" {
			t.Fatalf("the game ended before Ann held an Escape on her turn (seq %d)", ann.last.Seq)
		}
		if !ann.actOnLatest() {
			ann.next(protocol.TypeState)
		}
	}
	m.Close()
	// What the old table stored: the other copy's id.
	_, log, err := s.LoadTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	seq := int64(len(log) + 1)
	if err := s.Append(ctx, id, store.Action{Seq: seq, At: time.Now(), Action: skullking.Play(0, other), By: protocol.ByPlayer}); err != nil {
		t.Fatal(err)
	}

	m2 := newManager(t, s)
	if n, err := m2.Resume(ctx); err != nil || n != 1 {
		t.Fatalf("resume: %d tables, %v", n, err)
	}
	a2 := attach(t, m2, id, protocol.ClientMsg{Token: token})
	if f := a2.next(protocol.TypeWelcome, protocol.TypeError); f.Type != protocol.TypeWelcome {
		t.Fatalf("the table did not load: %+v", f)
	}
	st := a2.next(protocol.TypeState)
	if st.Seq < seq {
		t.Fatalf("loaded at seq %d, the log has %d", st.Seq, seq)
	}
	for _, h := range st.View.Hand {
		if h.Card == int(held) {
			t.Fatalf("Ann still holds the Escape %d she played as %d", held, other)
		}
	}
	over := a2.playOn()
	rec, err := s.Record(ctx, id)
	if err != nil {
		t.Fatalf("no record of the finished game: %v", err)
	}
	r, err := skullking.ParseRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Replay()
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	for seat, total := range g.Totals() {
		if want := over.View.Seats[seat].Total; total != want {
			t.Errorf("seat %d: the record gives %d, the table showed %d", seat, total, want)
		}
	}
}
