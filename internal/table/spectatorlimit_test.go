package table

import (
	"context"
	"testing"
	"time"

	"github.com/skullking-go/skullking/protocol"
)

// TestSpectatorsPastTheLimitAreRefused: a table takes spectators up to
// the server's limit; one more is refused spectators_full, the table goes
// on for its players, and a place freed by a spectator who left is taken
// again.
func TestSpectatorsPastTheLimitAreRefused(t *testing.T) {
	m := newManagerWith(t, func(c *Config) { c.MaxSpectators = 2 })
	id, _, ann := startWithBot(t, m, DefaultSettings())
	first := spectate(t, m, id)
	spectate(t, m, id)

	late := attach(t, m, id, protocol.ClientMsg{Spectate: true})
	f := late.next(protocol.TypeError, protocol.TypeWelcome)
	if f.Type != protocol.TypeError || f.Code != protocol.ErrSpectatorsFull {
		t.Fatalf("the third spectator of a table allowing 2: %s %s %q", f.Type, f.Code, f.Message)
	}
	// The lobby learns of arrivals once an interval (presence.go).
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		in, ok := m.Lobby().Get(id)
		if ok && in.Watching == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table counts %d spectators (listed: %v), want 2", in.Watching, ok)
		}
	}

	// The players go on.
	ann.next(protocol.TypeState)
	if !ann.actOnLatest() {
		t.Fatal("Ann had nothing to do")
	}
	ann.chat("play on")
	if f := ann.heard(); f.Text != "play on" {
		t.Fatalf("Ann heard %q", f.Text)
	}

	// A spectator leaves; a newcomer gets the place.
	if err := m.Bus().SendWait(context.Background(), id, Intent{Kind: IntentDetach, Client: first.id, At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	again := attach(t, m, id, protocol.ClientMsg{Spectate: true})
	if f := again.next(protocol.TypeError, protocol.TypeWelcome); f.Type != protocol.TypeWelcome {
		t.Fatalf("a spectator after one left: %s %q", f.Code, f.Message)
	}
}
