package server_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// A seat whose connection closed while the other seat chatted is welcomed
// back with what was said: the table's latest protocol.ChatHistory lines,
// oldest first, numbered as they were relayed. A spectator's welcome
// carries them too, though the table keeps spectators from writing: they
// read the chat all the same.
func TestChatSaidWhileAwayComesWithTheWelcome(t *testing.T) {
	ts := testserver.Start(t, "--chat-rate", "-1", "--msg-rate", "-1") // more lines than the history, at once
	st := testserver.Settings(3)
	st.Spectators, st.SpectatorChat = true, false
	created := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Open}, st)
	ben := ts.Join(created.ID, "Ben")
	ann := sit(t, ts.Client(), created.ID, "Ann", created.Token)
	if len(ann.welcome.Chat) != 0 {
		t.Fatalf("a table nobody chatted at welcomes with %d lines", len(ann.welcome.Chat))
	}
	away := sit(t, ts.Client(), created.ID, "Ben", ben.Token)
	away.conn.Close()

	said := protocol.ChatHistory + 7
	var relayed []protocol.ServerMsg
	for i := range said {
		text := fmt.Sprintf("line %d", i+1)
		if err := ann.conn.Chat(testserver.Context(t, 10*time.Second), text); err != nil {
			t.Fatalf("Ann's chat: %v", err)
		}
		relayed = append(relayed, *ann.until("Ann's line relayed", func(ev client.Event) bool {
			return ev.Msg != nil && ev.Msg.Type == protocol.TypeChat && ev.Msg.Text == text
		}).Msg)
	}
	for i := 1; i < len(relayed); i++ {
		if relayed[i].Line <= relayed[i-1].Line {
			t.Fatalf("line %d is numbered %d after %d: numbers must grow", i+1, relayed[i].Line, relayed[i-1].Line)
		}
	}

	want := relayed[said-protocol.ChatHistory:]
	check := func(who string, got []protocol.ChatLine) {
		t.Helper()
		if len(got) != protocol.ChatHistory {
			t.Fatalf("%s is welcomed with %d lines of chat, want the latest %d", who, len(got), protocol.ChatHistory)
		}
		for i, l := range got {
			w := want[i]
			if l.Line != w.Line || l.Seat != *w.Seat || l.Name != w.Name || l.Text != w.Text {
				t.Fatalf("%s's history line %d is %+v, relayed as %+v", who, i, l, w)
			}
		}
	}
	back := sit(t, ts.Client(), created.ID, "Ben", ben.Token)
	check("Ben back", back.welcome.Chat)
	check("a spectator", sit(t, ts.Client(), created.ID, "spectator", "").welcome.Chat)
}
