package table

import (
	"context"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/recordtest"
	"github.com/skullking-go/skullking/protocol"
)

// standInPlaysAnnsGame starts Ann against a bot with a grace of a
// millisecond: Ann bids round 1 herself and leaves, and the stand-in plays
// her seat to the end of the game, which a spectator sees.
func standInPlaysAnnsGame(t *testing.T) (m *Manager, id, token string) {
	t.Helper()
	m = newManagerWith(t, func(c *Config) { c.Grace = time.Millisecond })
	id, token, ann := startWithBot(t, m, DefaultSettings())
	watcher := spectate(t, m, id)
	for {
		f := ann.next(protocol.TypeState)
		if len(f.View.Legal) > 0 && f.View.Legal[0].Kind == "bid" {
			break
		}
	}
	ann.actOnLatest()
	ann.detach()
	for {
		if f := watcher.next(protocol.TypeState); f.View.Phase == protocol.PhaseOver {
			return m, id, token
		}
	}
}

// standInsShare is what the stand-in decided for Ann in the game of
// standInPlaysAnnsGame, as its kept record counts the rounds: Ann bid
// round 1 herself, so every later bid, and every card (one a trick).
// Ten rounds at least: a game tied after the tenth goes on to a tiebreak
// round of ten cards, so the rounds are counted, not assumed.
// storedRecord is table id's record as its store keeps it, read and
// replayed (recordtest.Replay).
func storedRecord(t *testing.T, m *Manager, id string) *skullking.Record {
	t.Helper()
	b, err := m.cfg.Store.Record(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := recordtest.Replay(t, b)
	return rec
}

func standInsShare(t *testing.T, m *Manager, id string) (bids, cards int) {
	t.Helper()
	rec := storedRecord(t, m, id)
	if len(rec.Rounds) < 10 {
		t.Fatalf("the game ended after %d rounds, want 10 or more", len(rec.Rounds))
	}
	for _, rr := range rec.Rounds {
		cards += len(rr.Tricks)
	}
	return len(rec.Rounds) - 1, cards
}

// A player who comes back after the stand-in bot played for them hears,
// in the welcome, every decision it made in their name — their own bids
// included — and nothing they decided themselves; the report is told once.
func TestComingBackTellsWhatTheStandInDid(t *testing.T) {
	m, id, token := standInPlaysAnnsGame(t)
	back := attach(t, m, id, protocol.ClientMsg{Token: token})
	welcome := back.next(protocol.TypeWelcome)
	if len(welcome.StoodIn) == 0 {
		t.Fatal("the welcome after a game played by the stand-in reports nothing")
	}
	bids, plays := 0, 0
	for _, e := range welcome.StoodIn {
		if e.Seat != 0 || e.By != protocol.ByBot {
			t.Fatalf("the report holds a decision not made for Ann by the stand-in: %+v", e)
		}
		switch e.Kind {
		case "bid":
			bids++
			if e.Value == nil {
				t.Fatalf("a bid made for Ann does not say how much: %+v", e)
			}
		case "play":
			plays++
			if e.Card == nil {
				t.Fatalf("a card played for Ann is not named: %+v", e)
			}
		}
	}
	wantBids, wantPlays := standInsShare(t, m, id)
	if bids != wantBids {
		t.Errorf("the report holds %d bids, want %d (every round but the first)", bids, wantBids)
	}
	if plays != wantPlays {
		t.Errorf("the report holds %d cards played, want all %d of Ann's", plays, wantPlays)
	}

	again := attach(t, m, id, protocol.ClientMsg{Token: token})
	if w := again.next(protocol.TypeWelcome); len(w.StoodIn) != 0 {
		t.Errorf("a second connection is told the report again: %d decisions", len(w.StoodIn))
	}
}
