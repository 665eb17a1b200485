package table

import (
	"encoding/json"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/wire"
)

// send encodes a message for one client and publishes it.
func (t *Table) send(to ClientID, msg wire.ServerMsg, close bool) {
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
	t.send(to, wire.ServerMsg{Type: wire.TypeError, ID: id, Code: code, Message: message}, false)
}

// refuseAndClose refuses and asks the connection to close: a client with
// no right to be here gets nothing more.
func (t *Table) refuseAndClose(to ClientID, code, message string) {
	t.m.cfg.Observer.Refused(code)
	t.send(to, wire.ServerMsg{Type: wire.TypeError, Code: code, Message: message}, true)
}

// info is the table as everyone may see it.
func (t *Table) info() wire.TableInfo {
	in := wire.TableInfo{ID: t.id, Name: t.st.Name, Status: string(t.row.Status), Public: t.st.Public,
		Spectators: t.st.Spectators, TurnSeconds: t.st.TurnSeconds, Standin: t.st.Standin, AutoLast: t.st.AutoLast,
		Options: t.st.Options, Rules: t.st.Options.Summary(), Host: -1, Watching: t.watching, Rematch: t.row.Rematch}
	playing := t.game != nil && !t.game.Over()
	for i, s := range t.seats.Seats {
		p := t.pres[i]
		sp := wire.SeatPresence{Seat: i, Kind: s.Kind, Name: s.Name, Level: s.Level}
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
	b, err := json.Marshal(wire.ServerMsg{Type: wire.TypeTable, Table: &in})
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
func (t *Table) broadcastState(ev *wire.Event) {
	if len(t.clients) == 0 {
		return
	}
	var frames [9][]byte // by seat+1: spectators first
	var enc *wire.StateEncoder
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
func (t *Table) stateFrame(seat int, ev *wire.Event, enc *wire.StateEncoder) ([]byte, *wire.StateEncoder) {
	g := t.game
	v := g.View(seat)
	var check func(skullking.Card) string
	if seat >= 0 {
		check = func(c skullking.Card) string {
			a := skullking.Play(seat, c)
			if c == skullking.Tigress {
				a = skullking.PlayTigress(seat, skullking.AsPirate)
			}
			if err := g.Check(a); err != nil {
				return wire.Why(err)
			}
			return ""
		}
	}
	var err error
	if enc == nil {
		if enc, err = wire.NewStateEncoder(&v, int64(len(t.actions)), ev, t.deadline()); err != nil {
			t.log.Error("encode state", "err", err)
			return []byte(`{"type":"error","code":"internal","message":"could not encode the state"}`), nil
		}
	}
	b, err := enc.Encode(&v, check)
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
