package table

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// send encodes a message for one client and publishes it, as no answer
// (a goodbye, a notice).
func (t *Table) send(to ClientID, msg protocol.ServerMsg, close bool) {
	b, err := json.Marshal(msg)
	if err != nil {
		t.log.Error("encode message", "type", msg.Type, "err", err)
		return
	}
	t.publish(to, Frame{Data: b, Close: close})
}

// info is the table as everyone may see it.
func (t *Table) info() protocol.TableInfo {
	in := protocol.NewTableInfo(t.id, t.st.Options)
	in.Name, in.Status, in.Public, in.Spectators = t.st.Name, string(t.row.Status), t.st.Public, t.st.Spectators
	in.TurnSeconds, in.Standin, in.AutoLast = t.st.TurnSeconds, t.st.Standin, t.st.AutoLast
	in.SpectatorChat = t.st.SpectatorChat
	in.Watching, in.Rematch = t.watching, t.row.Rematch
	playing := t.game != nil && !t.game.Over()
	for i, s := range t.seats.Seats {
		p := t.pres[i]
		sp := protocol.SeatPresence{Seat: i, Kind: s.Kind, Name: s.Name, Level: s.Level}
		switch s.Kind {
		case KindPerson:
			sp.Connected = p.conns > 0
			sp.BotPlays = playing && p.standin
			if p.conns == 0 && !p.awaySince.IsZero() {
				sp.AwaySince = p.awaySince.UnixMilli()
			}
		case KindOpen:
			sp.BotPlays = playing
		}
		if s.Kind == KindPerson && sameHash(s.TokenHash, t.seats.HostHash) {
			in.Host = i
		}
		in.Seats = append(in.Seats, sp)
	}
	return in
}

// announce refreshes the lobby index.
func (t *Table) announce() {
	t.m.cfg.Lobby.Put(t.info(), t.row.CreatedAt)
}

// broadcastTable sends the table's settings and presence to every client
// and the lobby now: for what matters to the game (a seat changed, the
// game started or ended). It carries any presence change still waiting
// (presence.go) too.
func (t *Table) broadcastTable() { t.tellTable(true) }

// tellTable puts the table's summary in the lobby index and sends it to
// every client, encoded once; unless always, not when it says what the
// last one said.
func (t *Table) tellTable(always bool) {
	in := t.info()
	t.m.cfg.Lobby.Put(in, t.row.CreatedAt)
	b, err := json.Marshal(protocol.ServerMsg{Type: protocol.TypeTable, Table: &in})
	if err != nil {
		t.log.Error("encode table", "err", err)
		return
	}
	same := bytes.Equal(b, t.lastTable)
	t.tableStale, t.tableSent, t.lastTable = false, time.Now(), b
	if same && !always {
		return
	}
	for id := range t.clients {
		t.publish(id, Frame{Data: b})
	}
}

// broadcastState sends every client its own view of the game: each seat's
// frame is built from that seat's engine view only, and encoded once for
// all of that seat's connections; a connection that has the score sheet
// already and asked for it once (results_once) gets the frame without it.
func (t *Table) broadcastState(ev *protocol.Event) {
	if len(t.clients) == 0 {
		return
	}
	var frames [9][2][]byte // by seat+1 (spectators first), then with results
	var enc *protocol.StateEncoder
	rounds := t.game.ResultCount()
	for id, c := range t.clients {
		k, r := c.seat+1, 1
		if c.resultsOnce && c.sent == rounds {
			r = 0
		}
		if frames[k][r] == nil {
			frames[k][r], enc = t.stateFrame(c.seat, r == 1, ev, enc)
		}
		c.sent = rounds
		t.publish(id, Frame{Data: frames[k][r]})
	}
}

// stateFrame builds the state message for seat (−1: a spectator), with
// or without the score sheet, the parts all seats share encoded once per
// broadcast by enc (nil: not yet), which it returns for the next seat.
func (t *Table) stateFrame(seat int, results bool, ev *protocol.Event, enc *protocol.StateEncoder) ([]byte, *protocol.StateEncoder) {
	g := t.game
	var v skullking.View
	if enc == nil {
		v = g.View(seat) // the first viewer's whole, for the parts all share
	} else {
		v = g.OwnView(seat)
	}
	var err error
	if enc == nil {
		if enc, err = protocol.NewStateEncoder(&v, int64(len(t.actions)), ev, t.deadline()); err != nil {
			t.log.Error("encode state", "err", err)
			return []byte(`{"type":"error","code":"internal","message":"could not encode the state"}`), nil
		}
	}
	b, err := enc.Encode(&v, results)
	if err != nil {
		t.log.Error("encode state", "err", err)
		return []byte(`{"type":"error","code":"internal","message":"could not encode the state"}`), enc
	}
	return b, enc
}

// deadline is when the turn timer runs out, in Unix ms, or 0.
func (t *Table) deadline() int64 {
	if t.st.TurnSeconds <= 0 || t.game == nil || t.game.Over() {
		return 0
	}
	return t.turnSince.Add(time.Duration(t.st.TurnSeconds) * time.Second).UnixMilli()
}
