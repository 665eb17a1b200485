package client

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// pipe is a WebSocket from a test server that writes frames as told.
func pipe(t testing.TB, frames <-chan []byte) *websocket.Conn {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		for f := range frames {
			if ws.Write(context.Background(), websocket.MessageText, f) != nil {
				return
			}
		}
		ws.Close(websocket.StatusNormalClosure, "")
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+srv.URL[len("http"):], nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	t.Cleanup(func() { ws.CloseNow() })
	return ws
}

// Frames read into shared buffers come back whole and in order, whatever
// their sizes, a buffer too large to keep included; a frame over the
// read limit is the read's error, as with the library's own Read.
func TestReadFrameReadsEachFrameWhole(t *testing.T) {
	frames := make(chan []byte, 10)
	ws := pipe(t, frames)
	sizes := []int{10, 5000, maxKeptBuffer + 1, 20, 3000, 1 << 20}
	for i, n := range sizes {
		frames <- bytes.Repeat([]byte{byte('a' + i)}, n)
	}
	frames <- make([]byte, 1<<20+1)
	close(frames)
	for i, n := range sizes {
		typ, buf, err := readFrame(context.Background(), ws)
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		if typ != websocket.MessageText || !bytes.Equal(buf.Bytes(), bytes.Repeat([]byte{byte('a' + i)}, n)) {
			t.Fatalf("frame %d of %d bytes read as %d bytes", i, n, buf.Len())
		}
		frameBuffers.put(buf)
	}
	if _, _, err := readFrame(context.Background(), ws); err == nil || !strings.Contains(err.Error(), "message too big") {
		t.Fatalf("a frame over the limit: %v", err)
	}
}

// BenchmarkReadFrame reads a state-sized frame through the shared buffers,
// and BenchmarkReadFrameLibrary through the library's Read, which grows a
// new slice each time.
func BenchmarkReadFrame(b *testing.B)        { benchmarkRead(b, true) }
func BenchmarkReadFrameLibrary(b *testing.B) { benchmarkRead(b, false) }

func benchmarkRead(b *testing.B, shared bool) {
	frames := make(chan []byte, 64)
	ws := pipe(b, frames)
	state := bytes.Repeat([]byte("x"), 3000)
	go func() {
		for range b.N {
			frames <- state
		}
		close(frames)
	}()
	b.ReportAllocs()
	b.SetBytes(int64(len(state)))
	for range b.N {
		if shared {
			_, buf, err := readFrame(context.Background(), ws)
			if err != nil {
				b.Fatal(err)
			}
			frameBuffers.put(buf)
		} else if _, _, err := ws.Read(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
