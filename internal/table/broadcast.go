package table

import (
	"encoding/json"
	"time"

	"github.com/skullking-go/skullking"

	"github.com/skullking-go/skullking/protocol"
)

// send encodes a message for one client and publishes it.
func (t *Table) send(to ClientID, msg protocol.ServerMsg, close bool) {
	b, err := json.Marshal(msg)
	if err != nil {
		t.log.Error("encode message", "type", msg.Type, "err", err)
		return
	}
	t.m.cfg.Bus.Publish(to, Frame{Data: b, Close: close})
}

// refuse tells one client its intent was refused; the table is unchanged.
func (t *Table) refuse(to ClientID, id int64, code, message string) {
	t.m.cfg.Observer.Refused(code)
	t.send(to, protocol.ServerMsg{Type: protocol.TypeError, ID: id, Code: code, Message: message}, false)
}

// refuseAction tells a seat why the engine refused its action: the
// refusal's code and facts, and the sentence for the person.
func (t *Table) refuseAction(to ClientID, id int64, seat int, r *skullking.Refusal) {
	t.m.cfg.Observer.Refused(protocol.ErrIllegal)
	w := protocol.RefusalOf(r, t.st.Options.PirateAbilities)
	words := protocol.Words{You: seat}
	seats := t.game.Players()
	if t.game.GhostSeat() >= 0 {
		seats++ // Graybeard's seat, named too
	}
	for s := range seats {
		words.Names = append(words.Names, t.game.Name(s))
	}
	t.send(to, protocol.ServerMsg{Type: protocol.TypeError, ID: id, Code: protocol.ErrIllegal, Refusal: w,
		Message: words.Refusal(w)}, false)
}

// refuseAndClose refuses and asks the connection to close: a client with
// no right to be here gets nothing more.
func (t *Table) refuseAndClose(to ClientID, code, message string) {
	t.m.cfg.Observer.Refused(code)
	t.send(to, protocol.ServerMsg{Type: protocol.TypeError, Code: code, Message: message}, true)
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
// and the lobby.
func (t *Table) broadcastTable() {
	in := t.info()
	t.m.cfg.Lobby.Put(in, t.row.CreatedAt)
	if len(t.clients) == 0 {
		return
	}
	b, err := json.Marshal(protocol.ServerMsg{Type: protocol.TypeTable, Table: &in})
	if err != nil {
		t.log.Error("encode table", "err", err)
		return
	}
	for id := range t.clients {
		t.m.cfg.Bus.Publish(id, Frame{Data: b})
	}
}

// broadcastState sends every client its own view of the game: each seat's
// frame is built from that seat's engine view only, and encoded once for
// all of that seat's connections.
func (t *Table) broadcastState(ev *protocol.Event) {
	if len(t.clients) == 0 {
		return
	}
	var frames [9][]byte // by seat+1: spectators first
	var enc *protocol.StateEncoder
	for id, c := range t.clients {
		k := c.seat + 1
		if frames[k] == nil {
			frames[k], enc = t.stateFrame(c.seat, ev, enc)
		}
		t.m.cfg.Bus.Publish(id, Frame{Data: frames[k]})
	}
}

// stateFrame builds the state message for seat (−1: a spectator), with
// the parts all seats share encoded once per broadcast by enc (nil: not
// yet), which it returns for the next seat.
func (t *Table) stateFrame(seat int, ev *protocol.Event, enc *protocol.StateEncoder) ([]byte, *protocol.StateEncoder) {
	g := t.game
	v := g.View(seat)
	var err error
	if enc == nil {
		if enc, err = protocol.NewStateEncoder(&v, int64(len(t.actions)), ev, t.deadline()); err != nil {
			t.log.Error("encode state", "err", err)
			return []byte(`{"type":"error","code":"internal","message":"could not encode the state"}`), nil
		}
	}
	b, err := enc.Encode(&v)
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
