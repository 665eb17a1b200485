package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// stateFrames dials table id as a spectator, with results_once or
// without, and returns the raw state frames it reads until the game is
// over.
func stateFrames(ctx context.Context, t *testing.T, url string, resultsOnce bool) chan [][]byte {
	t.Helper()
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{protocol.Subprotocol}})
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(protocol.MaxServerFrame)
	hello, _ := protocol.Encode(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Spectate: true, ResultsOnce: resultsOnce})
	if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
		t.Fatal(err)
	}
	out := make(chan [][]byte, 1)
	go func() {
		defer ws.CloseNow()
		var states [][]byte
		for {
			_, data, err := ws.Read(ctx)
			if err != nil {
				out <- states
				return
			}
			m, err := protocol.DecodeServer(data)
			if err != nil || m.Type != protocol.TypeState {
				continue
			}
			states = append(states, data)
			if m.View.Phase == protocol.PhaseOver {
				out <- states
				return
			}
		}
	}()
	return out
}

// A connection that says results_once is sent the score sheet in its
// first state and then only when a round is scored (docs/protocol.md §3,
// "The score sheet once"); with the sheet kept from the state before, its
// states are exactly those of a connection that did not ask.
func TestResultsOnceSendsTheSheetWhenItChanges(t *testing.T) {
	ts := testserver.Start(t)
	id, clients, _, _ := seatGame(t, ts, 1, []string{"random", "random"}, short)
	ctx := testserver.Context(t, time.Minute)
	url := ts.Client().SocketURL(id)
	once, whole := stateFrames(ctx, t, url, true), stateFrames(ctx, t, url, false)
	// Both spectators are welcomed before the person's first action.
	ts.WaitInfo(id, 10*time.Second, "two spectators", func(in protocol.TableInfo) bool { return in.Watching >= 3 })
	playAll(t, players(clients[:1], 7), time.Minute)
	a, b := <-once, <-whole
	// The bots bid as soon as the game starts, so one spectator may be
	// welcomed a state or two before the other: the two streams are the
	// same from the later welcome on, and both end with the game.
	early, later := max(len(a)-len(b), 0), max(len(b)-len(a), 0)
	if min(len(a), len(b)) < 10 || early+later > 3 {
		t.Fatalf("%d states with results_once, %d without: want as many, give or take a bid, and a game's worth", len(a), len(b))
	}
	var sheet *protocol.View
	sent, shorter := 0, 0
	for i := range a {
		ma, _ := protocol.DecodeServer(a[i])
		// Before the other spectator is welcomed no round is scored.
		var mb protocol.ServerMsg
		if i >= early {
			mb, _ = protocol.DecodeServer(b[i-early+later])
		}
		has := bytes.Contains(a[i], []byte(`"results":`))
		changed := sheet == nil || i >= early && len(mb.View.Results) != len(sheet.Results)
		switch {
		case has != changed:
			t.Fatalf("state %d (seq %d): results sent %v, sheet changed %v", i, ma.Seq, has, changed)
		case has:
			sent++
		default:
			shorter++
			if ma.View.Results != nil {
				t.Fatalf("state %d: results absent but decoded as %v", i, ma.View.Results)
			}
		}
		ma.View.KeepResults(sheet)
		sheet = ma.View
		if i < early {
			continue
		}
		if i == early && early+later > 0 {
			// One side's welcome: the same state, told as no event.
			ma.Event, mb.Event = nil, nil
		}
		ja, _ := json.Marshal(ma)
		jb, _ := json.Marshal(mb)
		if !bytes.Equal(ja, jb) {
			t.Fatalf("state %d with the sheet kept:\n%s\nwithout results_once:\n%s", i, ja, jb)
		}
	}
	// The first state, and one a scored round (three, and any tiebreaks).
	if rounds := len(sheet.Results); sent != 1+rounds || rounds < 3 || shorter == 0 {
		t.Fatalf("the sheet of %d rounds was sent in %d states and left out of %d: want 1+%d and the rest",
			rounds, sent, shorter, rounds)
	}
	// Package client keeps the sheet for its program: every state it
	// delivers is whole.
	if got := clients[0].last.View.Results; len(got) != len(sheet.Results) {
		t.Fatalf("the client's last view holds %d scored rounds, want %d", len(got), len(sheet.Results))
	}
}
