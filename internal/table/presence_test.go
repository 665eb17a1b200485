package table

import (
	"context"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// tableFrames drains c's frames for d and returns the table messages among
// them.
func (c *testClient) tableFrames(d time.Duration) []protocol.ServerMsg {
	var out []protocol.ServerMsg
	deadline := time.After(d)
	for {
		select {
		case f := <-c.frames:
			c.keep(f)
			if f.Type == protocol.TypeTable {
				out = append(out, f)
			}
		case <-deadline:
			return out
		}
	}
}

func spectatorTable(t *testing.T) (m *Manager, id string, ann *testClient) {
	t.Helper()
	s, _ := newStore(t)
	m = newManager(t, s)
	id, _, token, err := m.Create(context.Background(), CreateRequest{Nickname: "Ann",
		Seats:    []SeatSpec{{Kind: "open"}, {Kind: "bot", Level: "random"}},
		Settings: Settings{Options: skullking.DefaultOptions(), Spectators: true}})
	if err != nil {
		t.Fatal(err)
	}
	ann = attach(t, m, id, protocol.ClientMsg{Token: token})
	ann.next(protocol.TypeWelcome)
	ann.tableFrames(2 * PresenceEvery) // her own arrival
	return m, id, ann
}

// Rule: arrivals and departures are told in at most one table message per
// connection per interval, carrying the latest presence — not one message
// to everyone per arrival.
func TestArrivalsAreToldInOneMessageAnInterval(t *testing.T) {
	m, id, ann := spectatorTable(t)
	const crowd = 200
	start := time.Now()
	for range crowd {
		w := attach(t, m, id, protocol.ClientMsg{Spectate: true})
		if f := w.next(protocol.TypeWelcome); f.Table == nil || f.Table.ID != id {
			t.Fatalf("a spectator's welcome carries no table: %+v", f)
		}
	}
	joined := time.Since(start)
	got := ann.tableFrames(3 * PresenceEvery)
	// One at once (the table was quiet), then one an interval at most.
	most := 2 + int(joined/PresenceEvery)
	if len(got) == 0 || len(got) > most {
		t.Fatalf("%d spectators arriving over %v: Ann got %d table messages, want 1 to %d", crowd, joined, len(got), most)
	}
	if w := got[len(got)-1].Table.Watching; w != crowd {
		t.Fatalf("the last table message says %d watching, want %d", w, crowd)
	}
	if in, _ := m.cfg.Lobby.Get(id); in.Watching != crowd {
		t.Fatalf("the lobby index says %d watching, want %d", in.Watching, crowd)
	}
}

// Rule: a presence change at a quiet table is told at once.
func TestAQuietTableTellsAnArrivalAtOnce(t *testing.T) {
	m, id, ann := spectatorTable(t)
	time.Sleep(PresenceEvery)
	w := attach(t, m, id, protocol.ClientMsg{Spectate: true})
	w.next(protocol.TypeWelcome)
	start := time.Now()
	f := ann.next(protocol.TypeTable)
	if f.Table.Watching != 1 || time.Since(start) > PresenceEvery/2 {
		t.Fatalf("after %v: %+v", time.Since(start), f.Table)
	}
}

// Rule: what matters to the game is not held back behind presence: the
// host's change reaches everyone before its ack, with the presence
// waiting so far.
func TestAHostsChangeIsNotHeldBack(t *testing.T) {
	m, id, ann := spectatorTable(t)
	for range 3 {
		w := attach(t, m, id, protocol.ClientMsg{Spectate: true})
		w.next(protocol.TypeWelcome)
	}
	ask := ann.send(protocol.ClientMsg{Type: protocol.TypeAddSeat, Level: "random"})
	var last *protocol.TableInfo
	for {
		f := ann.next(protocol.TypeTable, protocol.TypeAck, protocol.TypeError)
		if f.Type == protocol.TypeTable {
			last = f.Table
			continue
		}
		if f.Type != protocol.TypeAck || f.ID != ask {
			t.Fatalf("add_seat answered %+v", f)
		}
		break
	}
	if last == nil || len(last.Seats) != 3 || last.Watching != 3 {
		t.Fatalf("the table message before the ack: %+v", last)
	}
}
