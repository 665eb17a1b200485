package server_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// A peer that sent a frame within the ping interval is alive, as a pong
// would say: the server pings only a connection quiet for the whole
// interval. Over the wire, a spectator that speaks every 40 ms gets no
// ping in a second of a 200 ms interval; one that is quiet gets them, and
// answers them, and both stay connected.
func TestOnlyAQuietPeerIsPinged(t *testing.T) {
	ts := testserver.StartWith(t, func(c *server.Config) { c.PingInterval = 200 * time.Millisecond })
	created := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random")},
		protocol.Settings{Options: testserver.Settings(1).Options, Spectators: true})
	url := "ws" + strings.TrimPrefix(ts.Base, "http") + "/api/tables/" + created.ID + "/ws"
	watch := func(name string) (*websocket.Conn, *atomic.Int64) {
		pings := &atomic.Int64{}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{protocol.Subprotocol},
			OnPingReceived: func(context.Context, []byte) bool { pings.Add(1); return true }})
		if err != nil {
			t.Fatalf("dial %s: %v", name, err)
		}
		t.Cleanup(func() { ws.CloseNow() })
		hello, _ := protocol.Encode(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Spectate: true})
		if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
			t.Fatal(err)
		}
		go func() { // read, so that pings are answered
			for {
				if _, _, err := ws.Read(context.Background()); err != nil {
					return
				}
			}
		}()
		return ws, pings
	}
	talking, talkingPings := watch("talking")
	_, quietPings := watch("quiet")
	// A second hello is refused, and proves the peer alive all the same.
	again, _ := protocol.Encode(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Spectate: true, ID: 1})
	for end := time.Now().Add(time.Second); time.Now().Before(end); time.Sleep(40 * time.Millisecond) {
		if err := talking.Write(context.Background(), websocket.MessageText, again); err != nil {
			t.Fatalf("the talking peer was dropped: %v", err)
		}
	}
	if n := talkingPings.Load(); n != 0 {
		t.Errorf("the peer that spoke every 40 ms was pinged %d times", n)
	}
	if n := quietPings.Load(); n < 2 {
		t.Errorf("the quiet peer was pinged %d times in a second of a 200 ms interval", n)
	}
	if got := ts.Info(created.ID).Watching; got != 2 {
		t.Errorf("%d spectators watching, want both", got)
	}
}
