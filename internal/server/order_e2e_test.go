package server_test

import (
	"testing"

	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// Rule: a connection's answers come in the order of its messages, whoever
// answers them. The table welcomes the first hello; the connection itself
// refuses the second one and the frames after it — yet the welcome comes
// first, then each refusal in turn.
func TestAnswersComeInTheOrderOfTheMessages(t *testing.T) {
	ts := testserver.Start(t, "--chat-rate", "-1") // twenty chats in a row: order, not the chat limit
	created := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Open}, testserver.Settings(0))
	for round := range 20 {
		c := dialRaw(t, ts, created.ID, "Ann")
		hello := protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: created.Token}
		hello.ID = 1
		c.send(hello)
		hello.ID = 2
		c.send(hello)
		c.send(protocol.ClientMsg{ID: 3, Type: "dance"})
		c.sendRaw(`{"id": 4, "type": "hello", "v": 2, "token": "` + created.Token + `"}`)
		c.send(protocol.ClientMsg{ID: 5, Type: protocol.TypeChat, Text: "hi"})
		want := []string{protocol.TypeWelcome, protocol.TypeError, protocol.TypeError, protocol.TypeError, protocol.TypeChat}
		var got []protocol.ServerMsg
		for len(got) < len(want) {
			f := c.next(protocol.TypeWelcome, protocol.TypeError, protocol.TypeChat)
			got = append(got, f)
		}
		for i, f := range got {
			// The relayed chat line names no message; the others answer theirs.
			if f.Type != want[i] || (f.Type != protocol.TypeChat && f.ID != int64(i+1)) {
				t.Fatalf("round %d: answer %d is %s (id %d, %s), want %s to message %d", round, i+1, f.Type, f.ID, f.Message, want[i], i+1)
			}
		}
		c.ws.CloseNow()
	}
}
