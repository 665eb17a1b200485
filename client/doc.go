// Package client is a Go program's seat at a `skullking serve` server: the
// lobby's HTTP API and a table's WebSocket, in the vocabulary of package
// protocol (docs/protocol.md). The terminal client, `skullking load` and the
// end-to-end tests all sit at tables through it.
//
// A Client names a server and makes its lobby calls: the server's
// description, the tables listed, one table, creating one, joining one, the
// record of a finished game, the option list and the card catalogue.
// ParseInvite reads an invite link into the server and the table.
//
// Dial connects to a table as a seat (with its token) or as a spectator
// and returns once the server has welcomed it, so that a refused token, a
// table closed to spectators or a table that does not exist is an error
// there and then. The Conn it returns keeps the seat: it pings the server,
// and when the connection drops it dials again, waiting 1 s, then twice as
// long after each failure up to 30 s, and says hello with the same token.
//
// A Conn sends in two ways. Request (and Act, Start, Rematch, Hint) numbers
// its message and waits for the ack, error or hint that answers it by that
// number; an illegal action's error is an *Error holding the engine's
// protocol.Refusal. Tell (and Chat) only writes. Everything else the server
// sends — the welcome, the table, each state, chat, a bye, an error that
// answers no request — arrives on Events in the order it was sent, each
// frame decoded and checked with protocol.DecodeServer, with news of the
// connection itself (dropped, retrying, reconnected, lost) in between. A
// state older than one already read is left out; Stale tells one that has
// been overtaken since (a later state, or the ack of a later action, has
// arrived), whose legal actions are the past's. Events must be read: they
// queue until they are.
//
// A seat at a table, from nothing, in a few lines:
//
//	c := client.New("http://localhost:8080")
//	t, err := c.Create(ctx, protocol.CreateRequest{Nickname: "Ann", Seats: seats})
//	conn, err := c.Dial(ctx, t.ID, client.Options{Token: t.Token})
//	defer conn.Close()
//	err = conn.Start(ctx)
//	for ev := range conn.Events() {
//		if v := ev.View(); v != nil && !conn.Stale(ev) && len(v.Legal) > 0 {
//			err = conn.Act(ctx, v.Legal[0])
//		}
//	}
package client
