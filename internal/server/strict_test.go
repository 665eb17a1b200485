package server_test

import (
	"bufio"
	"bytes"
	"context"
	bin "encoding/binary" // crash_test.go has a binary of its own
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// Strict input on the wire: what a client sends that is not text, or is
// bigger than the limit, is refused as the protocol says, and changes
// nothing at the table.

// lobbyOfTwo opens a table of Ann (the host), Ben and a bot, in its lobby,
// with Ann and Ben connected through raw WebSockets.
func lobbyOfTwo(t *testing.T, ts *testserver.Server) (id string, ann, ben *rawConn, annToken string) {
	t.Helper()
	created := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Open, testserver.Bot("random")}, short)
	joined := ts.Join(created.ID, "Ben")
	ann, ben = dialRaw(t, ts, created.ID, "Ann"), dialRaw(t, ts, created.ID, "Ben")
	ann.hello(created.Token)
	ben.hello(joined.Token)
	ann.drain()
	ben.drain()
	return created.ID, ann, ben, created.Token
}

// firstChatIs checks that the first chat line c hears is line: nothing
// refused before it was relayed.
func firstChatIs(t *testing.T, c *rawConn, line string) {
	t.Helper()
	if f := c.next(protocol.TypeChat); f.Text != line {
		t.Fatalf("%s heard %q before %q: a refused line was relayed", c.name, f.Text, line)
	}
}

// Rule: a string that holds a lone surrogate escape or U+FFFD, in any
// field of any message, is a bad_request answering the message's id and
// naming the field; nothing is relayed or changed, and the connection
// stays.
func TestLoneSurrogateInAnyTextFieldIsBadRequest(t *testing.T) {
	ts := testserver.Start(t)
	id, ann, ben, _ := lobbyOfTwo(t, ts)
	before := ts.Info(id)
	for _, c := range []struct{ frame, says string }{
		{`{"type":"chat","id":5,"text":"ahoy \udc00"}`,
			`the field "text" holds \udc00, half of a UTF-16 surrogate pair without its other half: no character`},
		{`{"type":"chat","id":6,"text":"\ud800 ahoy"}`, `the field "text" holds \ud800`},
		{`{"type":"chat","id":7,"text":"ahoy \ufffd"}`, `the field "text" holds U+FFFD, the mark of text that could not be read`},
		{"{\"type\":\"chat\",\"id\":8,\"text\":\"ahoy \ufffd\"}", `the field "text" holds U+FFFD`},
		{`{"type":"configure","id":9,"settings":{"name":"Friday \udfff"}}`, `the field "settings.name" holds \udfff`},
		{`{"type":"seat","id":10,"seat":2,"set":"bot","level":"expert\udc00"}`, `the field "level" holds \udc00`},
		{`{"type":"chat","id":11,"text":"ahoy","note":"\udc00"}`, `the field "note" holds \udc00`},
	} {
		ann.sendRaw(c.frame)
		f := ann.next(protocol.TypeError)
		var want struct{ ID int64 }
		_ = json.Unmarshal([]byte(c.frame), &want)
		if f.Code != protocol.ErrBadRequest || f.ID != want.ID || !strings.Contains(f.Message, c.says) {
			t.Fatalf("%s → %+v, want bad_request %d saying %q", c.frame, f, want.ID, c.says)
		}
	}
	ann.sendRaw(`{"type":"chat","text":"still here"}`)
	firstChatIs(t, ben, "still here")
	firstChatIs(t, ann, "still here")
	if after := ts.Info(id); after.Name != before.Name || after.Seats[2].Level != before.Seats[2].Level {
		t.Fatalf("the table after refused messages: %+v, before %+v", after, before)
	}
}

// Rule: a text frame whose bytes are not UTF-8 fails the connection with
// status 1007, invalid frame payload data (RFC 6455 §8.1); the line is
// relayed to nobody, and the seat comes back on a new connection.
func TestTextFrameNotUTF8ClosesWith1007(t *testing.T) {
	ts := testserver.Start(t)
	id, _, ben, annToken := lobbyOfTwo(t, ts)
	for _, frame := range []string{
		"{\"type\":\"chat\",\"text\":\"ahoy \xff\"}",
		"{\"type\":\"chat\",\"text\":\"\xed\xa0\x80\"}", // a surrogate written as bytes
		"\xc3",
	} {
		ctx := testserver.Context(t, 5*time.Second)
		url := "ws" + strings.TrimPrefix(ts.Base, "http") + "/api/tables/" + id + "/ws"
		ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{protocol.Subprotocol}})
		if err != nil {
			t.Fatal(err)
		}
		ws.SetReadLimit(protocol.MaxServerFrame)
		hello, _ := protocol.Encode(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: annToken})
		if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
			t.Fatal(err)
		}
		if err := ws.Write(ctx, websocket.MessageText, []byte(frame)); err != nil {
			t.Fatal(err)
		}
		for err == nil {
			_, _, err = ws.Read(ctx) // the welcome and the table, then the close
		}
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != websocket.StatusInvalidFramePayloadData || !strings.Contains(ce.Reason, "not UTF-8") {
			t.Fatalf("%q: the connection ended with %v, want status 1007 saying it is not UTF-8", frame, err)
		}
		ws.CloseNow()
	}
	ann := dialRaw(t, ts, id, "Ann again")
	ann.hello(annToken)
	ann.sendRaw(`{"type":"chat","text":"back"}`)
	firstChatIs(t, ben, "back")
}

// wire is a WebSocket spoken byte by byte over TCP, for frames no
// WebSocket library would send.
type wire struct {
	t  *testing.T
	c  net.Conn
	br *bufio.Reader
}

// dialWire upgrades a TCP connection to table id's WebSocket, sending
// early (frames) in the same write as the request.
func dialWire(t *testing.T, ts *testserver.Server, id string, early []byte) *wire {
	t.Helper()
	c, err := net.Dial("tcp", ts.Addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	req := "GET /api/tables/" + id + "/ws HTTP/1.1\r\nHost: " + ts.Addr + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
		"Sec-WebSocket-Protocol: " + protocol.Subprotocol + "\r\n\r\n"
	w := &wire{t: t, c: c, br: bufio.NewReader(c)}
	w.write(append([]byte(req), early...))
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(w.br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", resp, err)
	}
	return w
}

func (w *wire) write(b []byte) {
	w.t.Helper()
	if _, err := w.c.Write(b); err != nil {
		w.t.Fatalf("write: %v", err)
	}
}

// header is a client frame's header announcing n bytes, masked with the
// key 0, which leaves the payload as it is.
func header(op byte, fin bool, n uint64) []byte {
	b := []byte{op, 0x80 | 127}
	if fin {
		b[0] |= 0x80
	}
	b = bin.BigEndian.AppendUint64(b, n)
	return append(b, 0, 0, 0, 0)
}

// frame is a whole client frame.
func frame(op byte, fin bool, payload []byte) []byte {
	return append(header(op, fin, uint64(len(payload))), payload...)
}

// next reads the server's next frame.
func (w *wire) next() (op byte, payload []byte, err error) {
	var h [2]byte
	if _, err := io.ReadFull(w.br, h[:]); err != nil {
		return 0, nil, err
	}
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var l [2]byte
		_, err = io.ReadFull(w.br, l[:])
		n = uint64(bin.BigEndian.Uint16(l[:]))
	case 127:
		var l [8]byte
		_, err = io.ReadFull(w.br, l[:])
		n = bin.BigEndian.Uint64(l[:])
	}
	if err != nil {
		return 0, nil, err
	}
	payload = make([]byte, n)
	_, err = io.ReadFull(w.br, payload)
	return h[0] & 0x0f, payload, err
}

// until reads frames, answering none, until one holds want.
func (w *wire) until(want string) {
	w.t.Helper()
	w.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		_, p, err := w.next()
		if err != nil {
			w.t.Fatalf("no frame holding %s: %v", want, err)
		}
		if bytes.Contains(p, []byte(want)) {
			return
		}
	}
}

// closedWith waits, 5 seconds at most, for the server's close frame and
// the end of the connection, and checks the close's status and reason.
func (w *wire) closedWith(status websocket.StatusCode, reason string) {
	w.t.Helper()
	start := time.Now()
	w.c.SetReadDeadline(start.Add(5 * time.Second))
	for {
		op, p, err := w.next()
		if err != nil {
			w.t.Fatalf("no close frame after %v: %v", time.Since(start), err)
		}
		if op != 8 {
			continue
		}
		if len(p) < 2 || websocket.StatusCode(bin.BigEndian.Uint16(p)) != status || string(p[2:]) != reason {
			w.t.Fatalf("closed with %q, want status %d and %q", p, status, reason)
		}
		break
	}
	if _, err := w.br.ReadByte(); err == nil || errors.Is(err, context.DeadlineExceeded) || isTimeout(err) {
		w.t.Fatalf("the server kept the connection open after its close frame: %v", err)
	}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// Rule: a frame whose header announces more than protocol.MaxFrame bytes
// is refused when the header arrives: the server closes with 1009,
// message too big, at once, without waiting for a payload that may never
// come (it used to wait for the ping to time out, 34.5 seconds later).
func TestFrameOverTheLimitIsRefusedAtItsHeader(t *testing.T) {
	ts := testserver.Start(t)
	created := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random")}, short)
	hello := frame(0x1, true, []byte(`{"type":"hello","v":2,"token":"`+created.Token+`"}`))

	t.Run("after the hello", func(t *testing.T) {
		w := dialWire(t, ts, created.ID, nil)
		w.write(hello)
		w.until(`"welcome"`)
		w.write(header(0x1, true, 100_000_000))
		w.write(bytes.Repeat([]byte("a"), 1000))
		w.closedWith(websocket.StatusMessageTooBig, "a message of 100000000 bytes: at most 4096")
	})
	t.Run("with the handshake, in the same write", func(t *testing.T) {
		w := dialWire(t, ts, created.ID, append(header(0x2, true, 100_000_000), bytes.Repeat([]byte{0}, 1000)...))
		w.closedWith(websocket.StatusMessageTooBig, "a message of 100000000 bytes: at most 4096")
	})
	t.Run("fragments that add up to more", func(t *testing.T) {
		w := dialWire(t, ts, created.ID, nil)
		w.write(hello)
		w.until(`"welcome"`)
		w.write(frame(0x1, false, bytes.Repeat([]byte(" "), 3000)))
		w.write(frame(0x9, true, []byte("ping between fragments")))
		w.write(header(0x0, true, 3000))
		w.closedWith(websocket.StatusMessageTooBig, "a message of 6000 bytes: at most 4096")
	})
	t.Run("a frame of the limit is read", func(t *testing.T) {
		w := dialWire(t, ts, created.ID, nil)
		w.write(hello)
		w.until(`"welcome"`)
		chat := []byte(`{"type":"chat","text":"just fits"}`)
		chat = append(chat, bytes.Repeat([]byte(" "), protocol.MaxFrame-len(chat))...)
		w.write(frame(0x1, true, chat))
		w.until(`"just fits"`)
	})
	ann := sit(t, ts.Client(), created.ID, "Ann", created.Token)
	if _, err := ann.request(protocol.ClientMsg{Type: protocol.TypeStart}); err != nil {
		t.Fatalf("the table after the oversize frames: %v", err)
	}
}
