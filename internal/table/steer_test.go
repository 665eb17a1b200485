package table

import (
	"context"
	"testing"

	"github.com/skullking-go/skullking/protocol"
)

// A node that advertises its address sends a client of another node that
// says it follows here, by a bye naming the address, once its hello would
// be welcomed; a client of this node, one that does not follow, or any
// client of a node that does not advertise is welcomed as before. The bye
// closes the connection and changes nothing at the table.
func TestAFollowingClientOfAnotherNodeIsSentHere(t *testing.T) {
	const here = "https://node1.example.org"
	m := newManagerWith(t, func(c *Config) { c.Node, c.Advertise = "node1", here })
	id, token, ann := lobbyTable(t, m, Settings{Spectators: true})

	for _, tc := range []struct {
		name  string
		hello protocol.ClientMsg
	}{
		{"a seat", protocol.ClientMsg{Token: token, Follow: true}},
		{"a spectator", protocol.ClientMsg{Spectate: true, Follow: true}},
	} {
		c := attachAs(t, m, id, "node2/7", tc.hello)
		bye := c.next(protocol.TypeBye, protocol.TypeWelcome)
		if bye.Type != protocol.TypeBye || !bye.Reconnect || bye.Server != here || bye.Problem == nil ||
			bye.Problem.Code != protocol.ProblemTableMoved {
			t.Errorf("%s: %+v", tc.name, bye)
		}
		if c.closes.Load() != 1 {
			t.Errorf("%s: the bye does not close the connection", tc.name)
		}
	}

	// A refusal is told where it was asked.
	bad := attachAs(t, m, id, "node2/8", protocol.ClientMsg{Token: "not-a-token", Follow: true})
	if f := bad.next(protocol.TypeBye, protocol.TypeError); f.Type != protocol.TypeError || f.Code != protocol.ErrBadToken {
		t.Errorf("a bad token: %+v", f)
	}
	// Nobody sent away counts as here: with Ann gone, her seat is away
	// and the one spectator is the one that comes now.
	if err := m.Bus().SendWait(context.Background(), id, Intent{Kind: IntentDetach, Client: ann.id}); err != nil {
		t.Fatal(err)
	}
	w := attach(t, m, id, protocol.ClientMsg{Spectate: true}).next(protocol.TypeWelcome)
	if w.Table.Seats[0].Connected || w.Table.Watching != 1 {
		t.Errorf("the table counts the clients sent away: %+v", w.Table)
	}

	// Welcomed where they are: a client that does not follow, one of this node.
	for _, c := range []*testClient{
		attachAs(t, m, id, "node2/9", protocol.ClientMsg{Token: token}),
		attachAs(t, m, id, "node1/99", protocol.ClientMsg{Token: token, Follow: true}),
	} {
		if f := c.next(protocol.TypeBye, protocol.TypeWelcome); f.Type != protocol.TypeWelcome {
			t.Errorf("%s: %+v", c.id, f)
		}
	}

	// A node that does not advertise relays everyone.
	quiet := newManagerWith(t, func(c *Config) { c.Node = "node1" })
	id2, token2, _ := lobbyTable(t, quiet, Settings{})
	c := attachAs(t, quiet, id2, "node2/1", protocol.ClientMsg{Token: token2, Follow: true})
	if f := c.next(protocol.TypeBye, protocol.TypeWelcome); f.Type != protocol.TypeWelcome {
		t.Errorf("without an address: %+v", f)
	}
}
