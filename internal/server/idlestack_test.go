package server_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// idleStackBudget bounds the goroutine stack an idle connection keeps: its
// reader's, waiting between messages. Waiting deep in the WebSocket
// library it kept the 8 KB its messages grew it to; waiting on the socket,
// a few frames deep, 4 KB once collections had halved it; a fresh reader
// waits after each message (conn.read), on about 2 KB.
const idleStackBudget = 3 << 10

// TestAnIdleConnectionKeepsASmallStack opens connections that say hello
// and then wait, as players between moves do, and reads the stacks the
// server's goroutines hold once collections have run. The peers are bare
// sockets, which keep no goroutine of their own in this process.
func TestAnIdleConnectionKeepsASmallStack(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector deepens every frame; scripts/test runs this test without it")
	}
	ts := testserver.Start(t)
	created := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Open},
		protocol.Settings{Options: testserver.Settings(1).Options, Spectators: true})
	host := strings.TrimPrefix(ts.Base, "http://")
	hello, _ := protocol.Encode(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Spectate: true, ID: 1})
	if len(hello) > 125 {
		t.Fatalf("a hello of %d bytes needs a longer frame header than this test writes", len(hello))
	}
	stacks := func() (uint64, int) {
		for range 4 { // each collection halves a stack that uses a quarter of it
			runtime.GC()
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.StackInuse, runtime.NumGoroutine()
	}
	before, goroutines := stacks()
	const n = 150
	for range n {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		fmt.Fprintf(c, "GET /api/tables/%s/ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
			"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: %s\r\n\r\n",
			created.ID, host, protocol.Subprotocol)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
			t.Fatalf("upgrade: %v %v", resp, err)
		}
		// A masked text frame with a zero key: the payload as it is.
		frame := append([]byte{0x81, 0x80 | byte(len(hello)), 0, 0, 0, 0}, hello...)
		if _, err := c.Write(frame); err != nil {
			t.Fatal(err)
		}
	}
	// The hellos are answered and the writers end; what stays is a reader
	// a connection.
	deadline := time.Now().Add(10 * time.Second)
	for ; ts.Info(created.ID).Watching < n; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d spectators watching after 10 s, want %d", ts.Info(created.ID).Watching, n)
		}
	}
	time.Sleep(200 * time.Millisecond)
	after, now := stacks()
	per := (int64(after) - int64(before)) / n
	t.Logf("an idle connection keeps %d bytes of stack (%d goroutines more for %d connections)", per, now-goroutines, n)
	if per > idleStackBudget {
		t.Errorf("an idle connection keeps %d bytes of stack, want at most %d", per, idleStackBudget)
	}
}
