package table

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/protocol"
)

// A table that stops with intents still queued answers each of them: a
// hello or a message by its id and number, that it was never read and
// the client must reconnect; a join request with a bye, so that it
// retries elsewhere; a detach needs no answer.
func TestAStoppingTableAnswersWhatItNeverRead(t *testing.T) {
	ctx := context.Background()
	s := store.NewMemory()
	creator := newManager(t, s)
	id, _, _, err := creator.Create(ctx, CreateRequest{Nickname: "Ann", Seats: []SeatSpec{{Kind: KindOpen}, {Kind: KindOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	creator.Close()

	m := newManager(t, s)
	tb, err := m.load(ctx, id) // owned on the bus, its actor not started
	if err != nil {
		t.Fatal(err)
	}
	got := map[ClientID][]Frame{}
	for _, c := range []ClientID{"talker", "joiner", "leaver"} {
		defer m.Bus().Subscribe(c, EndpointFunc(func(f Frame) bool { got[c] = append(got[c], f); return true }))()
	}
	for _, in := range []Intent{
		{Kind: IntentHello, Client: "talker", Msg: protocol.ClientMsg{Type: protocol.TypeHello, ID: 1, V: protocol.Version}, Req: 1},
		{Kind: IntentMsg, Client: "talker", Msg: protocol.ClientMsg{Type: protocol.TypeChat, ID: 2, Text: "hi"}, Req: 2},
		{Kind: IntentDetach, Client: "leaver"},
		{Kind: IntentJoin, Client: "joiner", Msg: protocol.ClientMsg{Type: protocol.TypeJoin, Name: "Ben"}},
	} {
		if err := m.Bus().Send(id, in); err != nil {
			t.Fatal(err)
		}
	}
	tb.done = true // put away before its first event, as an evicted table is after its last
	ended := make(chan struct{})
	tb.run(func() { close(ended) })
	<-ended // the actor's last event runs on a worker of the manager's

	for i, f := range got["talker"] {
		var msg protocol.ServerMsg
		if err := json.Unmarshal(f.Data, &msg); err != nil {
			t.Fatal(err)
		}
		want := int64(i + 1)
		if f.Req != uint64(want) || msg.ID != want || msg.Type != protocol.TypeError || msg.Code != protocol.ErrNoTable ||
			msg.Problem == nil || msg.Problem.Code != protocol.ProblemPutAwayUnread || !f.Close {
			t.Errorf("answer %d: %s req=%d close=%v, want no_table for message %d, unread", i+1, f.Data, f.Req, f.Close, want)
		}
	}
	if len(got["talker"]) != 2 {
		t.Errorf("the talker got %d answers, want one for its hello and one for its message", len(got["talker"]))
	}
	if len(got["joiner"]) != 1 {
		t.Fatalf("the join request got %d frames, want a bye", len(got["joiner"]))
	}
	var bye protocol.ServerMsg
	if err := json.Unmarshal(got["joiner"][0].Data, &bye); err != nil {
		t.Fatal(err)
	}
	if bye.Type != protocol.TypeBye || bye.Problem == nil || bye.Problem.Code != protocol.ProblemPutAway || !bye.Reconnect {
		t.Errorf("the join request got %s, want a bye: put away, reconnect", got["joiner"][0].Data)
	}
	if len(got["leaver"]) != 0 {
		t.Errorf("the detach got %d frames, want none", len(got["leaver"]))
	}
	if err := m.Bus().Send(id, Intent{Kind: IntentMsg, Client: "talker"}); !errors.Is(err, ErrNoTable) {
		t.Errorf("send to the stopped table: %v, want ErrNoTable", err)
	}
}
