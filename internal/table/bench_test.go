package table

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// BenchmarkAction is one accepted action at a four-player table: check,
// append to SQLite, apply, and a view for each of the four clients.
func BenchmarkAction(b *testing.B) {
	s, err := openBenchStore(b)
	if err != nil {
		b.Fatal(err)
	}
	m := NewManager(Config{English: words.English{}, Store: s, BotDelay: -1, Grace: time.Hour})
	defer m.Close()
	ctx := context.Background()
	newGame := func() (string, []ClientID, chan protocol.ServerMsg) {
		id, _, tok, err := m.Create(ctx, CreateRequest{Nickname: "Ann", Seats: []SeatSpec{{Kind: "open"}, {Kind: "open"}, {Kind: "open"}, {Kind: "open"}}})
		if err != nil {
			b.Fatal(err)
		}
		toks := []string{tok}
		for _, n := range []string{"Ben", "Cat", "Dan"} {
			j, err := m.Request(ctx, id, protocol.ClientMsg{Type: protocol.TypeJoin, Name: n})
			if err != nil {
				b.Fatal(err)
			}
			toks = append(toks, j.Token)
		}
		// Every client's frames are decoded only for the seat that acts
		// next; the others are counted and dropped, as a network would.
		states := make(chan protocol.ServerMsg, 64)
		var ids []ClientID
		for seat, tk := range toks {
			cid := m.NewClientID()
			ids = append(ids, cid)
			m.Bus().Subscribe(cid, EndpointFunc(func(f Frame) bool {
				var msg struct {
					Type string
					View *struct {
						Phase string
						Legal []protocol.Action
					}
				}
				json.Unmarshal(f.Data, &msg)
				if msg.Type == protocol.TypeState && msg.View != nil && (len(msg.View.Legal) > 0 || msg.View.Phase == "over" && seat == 0) {
					var full protocol.ServerMsg
					json.Unmarshal(f.Data, &full)
					full.Seat = &seat
					states <- full
				}
				return true
			}))
			m.Bus().SendWait(ctx, id, Intent{Kind: IntentHello, Client: cid, Msg: protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: tk}})
		}
		m.Bus().SendWait(ctx, id, Intent{Kind: IntentMsg, Client: ids[0], Msg: protocol.ClientMsg{Type: protocol.TypeStart}})
		return id, ids, states
	}
	id, ids, states := newGame()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := <-states
		if st.View.Phase == "over" {
			id, ids, states = newGame()
			st = <-states
		}
		a := st.View.Legal[0]
		m.Bus().SendWait(ctx, id, Intent{Kind: IntentMsg, Client: ids[*st.Seat], Msg: protocol.ClientMsg{Type: protocol.TypeAct, Action: &a}, At: time.Now()})
	}
}
