package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// FuzzClientFrame sends arbitrary frames to a real server over a real
// WebSocket, from a seated player in a running game. Whatever the frame,
// the server answers (an error, an ack, or — for a frame over the limit or
// one that is not UTF-8 — a closed connection), never panics, and keeps serving: a probe sent after
// the frame is always answered.
func FuzzClientFrame(f *testing.F) {
	for _, seed := range []string{
		`{"type":"act","action":{"kind":"bid","value":0}}`,
		`{"type":"act","action":{"kind":"play","card":61,"as":"pirate"}}`,
		`{"type":"act","action":{"kind":"discard","card":3,"card2":3}}`,
		`{"type":"act","action":{"kind":"harry","value":-128}}`,
		`{"type":"seat","seat":-1,"set":"remove"}`,
		`{"type":"configure","settings":{"options":{"schedule":[1,2,3]}}}`,
		`{"type":"hello","v":2,"token":"x"}`,
		`{"type":"chat","text":"\u0000"}`,
		`{"type":"act","id":-9223372036854775808,"action":null}`,
		`{"type":"leave"}`, `{"type":"rematch"}`, `{"type":"start"}`, `{"type":"add_seat","level":"expert"}`,
		`{"type":"act","action":{"kind":"play","card":1e300}}`,
		"\xff\xfe", `{"type":"act","action":{"kind":"BID","value":1.5}}`, `null`, ``, `{"type":null}`,
		`{"type":"chat","text":"\udc00"}`, `{"type":"chat","text":"\ud83d\ude00"}`, "{\"type\":\"chat\",\"text\":\"\xed\xa0\x80\"}",
	} {
		f.Add(seed)
	}
	ts := testserver.Start(f, "--msg-rate", "1000000")
	created := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random"), testserver.Bot("random")}, testserver.Settings(0))
	id, tok := created.ID, created.Token
	url := "ws" + strings.TrimPrefix(ts.Base, "http") + "/api/tables/" + id + "/ws"
	var ws *websocket.Conn
	connect := func(tb testing.TB) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		var err error
		ws, _, err = websocket.Dial(ctx, url, nil)
		if err != nil {
			tb.Fatal(err)
		}
		ws.SetReadLimit(1 << 20)
		ws.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","v":2,"token":"`+tok+`"}`))
		for {
			_, data, err := ws.Read(ctx)
			if err != nil {
				tb.Fatal(err)
			}
			if strings.Contains(string(data), `"welcome"`) {
				return
			}
		}
	}
	connect(f)
	ws.Write(context.Background(), websocket.MessageText, []byte(`{"type":"start"}`))
	f.Cleanup(func() { ws.CloseNow() })

	f.Fuzz(func(t *testing.T, frame string) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := ws.Write(ctx, websocket.MessageText, []byte(frame)); err != nil {
			connect(t)
			return
		}
		// The probe: an unknown type with an id nobody else uses.
		if err := ws.Write(ctx, websocket.MessageText, []byte(`{"type":"probe","id":424242}`)); err != nil {
			connect(t)
			return
		}
		for {
			_, data, err := ws.Read(ctx)
			if err != nil {
				if len(frame) > protocol.MaxFrame || !utf8.ValidString(frame) {
					connect(t) // over the limit, or no text: closing is the answer
					return
				}
				t.Fatalf("connection lost after %q: %v\n%s", frame, err, ts.Log())
			}
			var m protocol.ServerMsg
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatalf("the server sent a frame that is not JSON: %q", data)
			}
			if m.Type == protocol.TypeBye {
				connect(t)
				return
			}
			if m.Type == protocol.TypeError && m.ID == 424242 {
				if m.Code != protocol.ErrUnknownType {
					t.Fatalf("probe answered %+v", m)
				}
				break
			}
		}
		if strings.Contains(ts.Log(), "panicked") {
			t.Fatalf("the server panicked on %q:\n%s", frame, ts.Log())
		}
	})
}
