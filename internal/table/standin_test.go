package table

import (
	"testing"
	"time"

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
	// Ten rounds: Ann bid the first herself; the stand-in bid the other
	// nine and played all her 55 cards.
	if bids != 9 {
		t.Errorf("the report holds %d bids, want 9 (rounds 2 to 10)", bids)
	}
	if plays != 55 {
		t.Errorf("the report holds %d cards played, want 55", plays)
	}

	again := attach(t, m, id, protocol.ClientMsg{Token: token})
	if w := again.next(protocol.TypeWelcome); len(w.StoodIn) != 0 {
		t.Errorf("a second connection is told the report again: %d decisions", len(w.StoodIn))
	}
}
