package table

import (
	"context"
	"testing"

	"github.com/skullking-go/skullking/protocol"
)

// answer returns the ack or error that answers message id.
func (c *testClient) answer(id int64) protocol.ServerMsg {
	c.t.Helper()
	for {
		f := c.next(protocol.TypeAck, protocol.TypeError)
		if f.ID == id {
			return f
		}
	}
}

// detach tells the table this client's connection closed.
func (c *testClient) detach() {
	c.t.Helper()
	if err := c.m.Bus().SendWait(context.Background(), c.table, Intent{Kind: IntentDetach, Client: c.id}); err != nil {
		c.t.Fatal(err)
	}
}

// hostAndBen seats Ann (the host) and Ben at a table with a bot, both
// connected, and returns the table and the two clients.
func hostAndBen(t *testing.T, m *Manager) (id string, ann, ben *testClient) {
	t.Helper()
	ctx := context.Background()
	id, _, annToken, err := m.Create(ctx, CreateRequest{Nickname: "Ann",
		Seats: []SeatSpec{{Kind: "open"}, {Kind: "open"}, {Kind: "bot", Level: "random"}}, Settings: DefaultSettings()})
	if err != nil {
		t.Fatal(err)
	}
	joined, err := m.Request(ctx, id, protocol.ClientMsg{Type: protocol.TypeJoin, Name: "Ben"})
	if err != nil || joined.Type != protocol.TypeJoined {
		t.Fatalf("Ben's join: %+v, %v", joined, err)
	}
	ann = attach(t, m, id, protocol.ClientMsg{Token: annToken})
	ann.next(protocol.TypeWelcome)
	ben = attach(t, m, id, protocol.ClientMsg{Token: joined.Token})
	ben.next(protocol.TypeWelcome)
	return id, ann, ben
}

// During a game the host may not give a connected player's seat to a bot,
// nor open it: the refusal is player_present and the seat stays his.
func TestHostCannotReplaceAPresentPlayer(t *testing.T) {
	s, _ := newStore(t)
	m := newManager(t, s)
	id, ann, ben := hostAndBen(t, m)
	if a := ann.answer(ann.send(protocol.ClientMsg{Type: protocol.TypeStart})); a.Type != protocol.TypeAck {
		t.Fatalf("start: %+v", a)
	}
	for _, set := range []string{protocol.SetBot, protocol.SetOpen} {
		a := ann.answer(ann.send(protocol.ClientMsg{Type: protocol.TypeSeat, Seat: intp(1), Set: set, Level: "random"}))
		if a.Type != protocol.TypeError || a.Code != protocol.ErrPlayerPresent {
			t.Fatalf("set %s on Ben's seat while he plays: %+v, want player_present", set, a)
		}
	}
	in, _ := m.Lobby().Get(id)
	if s := in.Seats[1]; s.Kind != KindPerson || s.Name != "Ben" || !s.Connected {
		t.Fatalf("Ben's seat after refusals: %+v", s)
	}
	// Ben is still seated: his own request is answered, not a bye.
	if a := ben.answer(ben.send(protocol.ClientMsg{Type: protocol.TypeLeave})); a.Type != protocol.TypeError || a.Code != protocol.ErrBadRequest {
		t.Fatalf("Ben's leave mid-game: %+v", a)
	}
}

// Once the player is away (no connection) the host gives his seat to a
// bot, which keeps the seat's name.
func TestHostReplacesAnAwayPlayer(t *testing.T) {
	s, _ := newStore(t)
	m := newManager(t, s)
	id, ann, ben := hostAndBen(t, m)
	ann.answer(ann.send(protocol.ClientMsg{Type: protocol.TypeStart}))
	ben.detach()
	a := ann.answer(ann.send(protocol.ClientMsg{Type: protocol.TypeSeat, Seat: intp(1), Set: protocol.SetBot, Level: "random"}))
	if a.Type != protocol.TypeAck {
		t.Fatalf("give away Ben's seat: %+v", a)
	}
	in, _ := m.Lobby().Get(id)
	if s := in.Seats[1]; s.Kind != KindBot || s.Name != "Ben" || s.Level != "random" {
		t.Fatalf("Ben's seat after the host gave it to a bot: %+v", s)
	}
}

// In the lobby the seats are the host's to arrange: a connected person's
// seat goes to a bot, and he hears why.
func TestHostArrangesTheLobby(t *testing.T) {
	s, _ := newStore(t)
	m := newManager(t, s)
	id, ann, ben := hostAndBen(t, m)
	a := ann.answer(ann.send(protocol.ClientMsg{Type: protocol.TypeSeat, Seat: intp(1), Set: protocol.SetBot, Level: "random"}))
	if a.Type != protocol.TypeAck {
		t.Fatalf("give Ben's seat to a bot in the lobby: %+v", a)
	}
	if bye := ben.next(protocol.TypeBye); bye.Reconnect || bye.Reason != "the host gave your seat to a bot" {
		t.Fatalf("Ben's bye: %+v", bye)
	}
	in, _ := m.Lobby().Get(id)
	if s := in.Seats[1]; s.Kind != KindBot || s.Name != botName(1) {
		t.Fatalf("seat 1 after the host gave it to a bot: %+v", s)
	}
}
