package table

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/store"
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

// BenchmarkBroadcast is one accepted action at a table of 4 or 8 players
// watched by 10 spectators, on the memory store: the engine's check, the
// append, the frame every connection is sent (each seat's view encoded
// once, the spectators' once for all of them) and the acting client's
// answer. The connections keep the last frame they were sent, as a
// socket's buffer would take it; finding the next action is not timed.
func BenchmarkBroadcast(b *testing.B) {
	for _, seats := range []int{4, 8} {
		b.Run(fmt.Sprintf("seats=%d+spectators=10", seats), func(b *testing.B) {
			benchBroadcast(b, seats, 10)
		})
	}
}

// benchTable is a table with a client in each seat and spectators, whose
// frames the benchmark reads between actions.
type benchTable struct {
	id    string
	seats []ClientID
	last  []atomic.Pointer[[]byte] // the last frame of each seat's client
	acked chan uint64              // the Req of each answer to a seat's client
}

func benchBroadcast(b *testing.B, seats, spectators int) {
	m := NewManager(Config{English: words.English{}, Store: store.NewMemory(), BotDelay: -1, Grace: time.Hour})
	defer m.Close()
	ctx := context.Background()
	open := func() *benchTable {
		specs := make([]SeatSpec, seats)
		for i := range specs {
			specs[i] = SeatSpec{Kind: "open"}
		}
		id, _, tok, err := m.Create(ctx, CreateRequest{Nickname: "P0", Seats: specs,
			Settings: protocol.Settings{Options: skullking.DefaultOptions(), Spectators: true}})
		if err != nil {
			b.Fatal(err)
		}
		bt := &benchTable{id: id, last: make([]atomic.Pointer[[]byte], seats), acked: make(chan uint64, 16)}
		toks := []string{tok}
		for s := 1; s < seats; s++ {
			j, err := m.Request(ctx, id, protocol.ClientMsg{Type: protocol.TypeJoin, Name: fmt.Sprintf("P%d", s)})
			if err != nil {
				b.Fatal(err)
			}
			toks = append(toks, j.Token)
		}
		for s, tk := range toks {
			cid := m.NewClientID()
			bt.seats = append(bt.seats, cid)
			m.Bus().Subscribe(cid, EndpointFunc(func(f Frame) bool {
				if f.Req != 0 {
					bt.acked <- f.Req
				}
				if bytes.HasPrefix(f.Data, []byte(`{"type":"state"`)) {
					bt.last[s].Store(&f.Data)
				}
				return true
			}))
			m.Bus().SendWait(ctx, id, Intent{Kind: IntentHello, Client: cid, Msg: protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: tk}, Req: 1})
			<-bt.acked
		}
		for range spectators {
			cid := m.NewClientID()
			m.Bus().Subscribe(cid, EndpointFunc(func(Frame) bool { return true }))
			m.Bus().SendWait(ctx, id, Intent{Kind: IntentHello, Client: cid, Msg: protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Spectate: true}})
		}
		m.Bus().SendWait(ctx, id, Intent{Kind: IntentMsg, Client: bt.seats[0], Msg: protocol.ClientMsg{Type: protocol.TypeStart}, Req: 1})
		<-bt.acked
		return bt
	}
	// next is the seat to act and its first legal action, from the frames
	// the seats were last sent; false when the game is over.
	next := func(bt *benchTable) (int, protocol.Action, bool) {
		for s := range bt.last {
			p := bt.last[s].Load()
			if p == nil {
				continue
			}
			msg, err := protocol.DecodeServer(*p)
			if err != nil {
				b.Fatal(err)
			}
			if msg.View == nil || msg.View.Phase == protocol.PhaseOver {
				return 0, protocol.Action{}, false
			}
			if len(msg.View.Legal) > 0 {
				return s, msg.View.Legal[0], true
			}
		}
		b.Fatal("no seat may act")
		return 0, protocol.Action{}, false
	}
	bt := open()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		s, a, ok := next(bt)
		for !ok {
			bt = open()
			s, a, ok = next(bt)
		}
		req := uint64(i + 2)
		b.StartTimer()
		m.Bus().SendWait(ctx, bt.id, Intent{Kind: IntentMsg, Client: bt.seats[s],
			Msg: protocol.ClientMsg{Type: protocol.TypeAct, Action: &a, ID: int64(i + 1)}, At: time.Now(), Req: req})
		if got := <-bt.acked; got != req {
			b.Fatalf("answer to message %d, want %d", got, req)
		}
	}
}
