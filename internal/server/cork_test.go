package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// writeLog records each write that reaches it.
type writeLog struct {
	mu     sync.Mutex
	writes [][]byte
	err    error
}

func (w *writeLog) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return 0, w.err
	}
	w.writes = append(w.writes, bytes.Clone(p))
	return len(p), nil
}

func (w *writeLog) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.writes)
}

// Within a batch the cork holds what is written, another goroutine's
// writes included, and releases it in one write, in order; outside a
// batch a write goes straight through.
func TestCorkWritesABatchInOneWrite(t *testing.T) {
	sock := &writeLog{}
	k := newCork(sock)
	if _, err := k.Write([]byte("pong")); err != nil || sock.count() != 1 {
		t.Fatalf("a write outside a batch: %d writes, %v; want 1 straight through", sock.count(), err)
	}
	k.hold()
	k.Write([]byte("a"))
	done := make(chan struct{})
	go func() { k.Write([]byte("b")); close(done) }() // a ping, say, from the pinger
	<-done
	k.Write([]byte("c"))
	if n := sock.count(); n != 1 {
		t.Fatalf("%d writes reached the socket during the batch, want none", n-1)
	}
	if err := k.release(); err != nil {
		t.Fatal(err)
	}
	if n := sock.count(); n != 2 || string(sock.writes[1]) != "abc" {
		t.Fatalf("after the batch: %q, want one write of \"abc\"", sock.writes[1:])
	}
	if err := k.release(); err != nil || sock.count() != 2 {
		t.Fatalf("a second release wrote again (%d writes, %v)", sock.count(), err)
	}
	// An empty batch writes nothing; the socket's error is the batch's.
	k.hold()
	if err := k.release(); err != nil || sock.count() != 2 {
		t.Fatalf("an empty batch: %d writes, %v", sock.count(), err)
	}
	sock.err = errors.New("connection reset")
	k.hold()
	k.Write([]byte("d"))
	if err := k.release(); !errors.Is(err, sock.err) {
		t.Fatalf("release: %v, want the socket's error", err)
	}
}

// countingListener counts, per connection, the writes that reach the
// socket once counting is switched on.
type countingListener struct {
	net.Listener
	counting atomic.Bool
	writes   atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countedConn{Conn: c, l: l}, nil
}

type countedConn struct {
	net.Conn
	l *countingListener
}

func (c *countedConn) Write(p []byte) (int, error) {
	if c.l.counting.Load() {
		c.l.writes.Add(1)
	}
	return c.Conn.Write(p)
}

// Over a real socket, the frames waiting in a connection's outbox when its
// writer starts (a burst queued during a slow write, or an action's state
// and answer, handed over together) reach the kernel in one write, and the peer reads each of them,
// whole and in order. A lone frame is one write too, though the library
// writes it through a buffer smaller than the frame.
func TestAWaitingBatchGoesOutInOneWrite(t *testing.T) {
	s, err := New(Config{DataDir: t.TempDir(), Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Shutdown(context.Background()) })
	conns := make(chan *conn, 1)
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hw := &watchFrames{ResponseWriter: w, limit: protocol.MaxFrame}
		ws, err := websocket.Accept(hw, r, nil)
		if err != nil {
			t.Error(err)
			return
		}
		c := s.newConn("t1", ws)
		c.watch, c.cork = hw.watch, hw.cork
		conns <- c
	}))
	l := &countingListener{Listener: ts.Listener}
	ts.Listener = l
	ts.Start()
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	peer, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer peer.CloseNow()
	c := <-conns
	defer c.cancel()

	frame := func(i int) []byte { return fmt.Appendf(nil, `{"n":%d,"pad":"%s"}`, i, strings.Repeat("x", 2000)) }
	read := func(want ...int) {
		t.Helper()
		for _, i := range want {
			_, got, err := peer.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, frame(i)) {
				t.Fatalf("read %.20q…, want frame %d", got, i)
			}
		}
	}

	l.counting.Store(true)
	// Frames pile up while a write is under way.
	c.out.mu.Lock()
	c.out.writing = true
	c.out.mu.Unlock()
	for i := range 3 {
		if !c.queue(table.Frame{Data: frame(i)}) {
			t.Fatal("a frame was refused")
		}
	}
	// The write ends; the writer goes on with what waited.
	c.out.mu.Lock()
	c.out.tasks.Add(1)
	c.out.mu.Unlock()
	go func() { defer c.out.tasks.Done(); c.writer() }()
	read(0, 1, 2)
	if n := l.writes.Load(); n != 1 {
		t.Errorf("three frames waiting took %d writes, want 1", n)
	}

	waitIdle(t, c)
	l.writes.Store(0)
	c.queue(table.Frame{Data: frame(3)})
	read(3)
	if n := l.writes.Load(); n != 1 {
		t.Errorf("a lone frame took %d writes, want 1", n)
	}

	// Frames the table hands over together (an action's state and answer,
	// DeliverAll) wait for each other, though the writer is idle when the
	// first comes: no writer starts while they are being handed over.
	waitIdle(t, c)
	l.writes.Store(0)
	c.out.hold()
	c.Deliver(table.Frame{Data: frame(4)})
	time.Sleep(50 * time.Millisecond)
	if n := l.writes.Load(); n != 0 {
		t.Fatalf("%d writes while frames were being handed over", n)
	}
	c.Deliver(table.Frame{Data: frame(5)})
	c.release()
	read(4, 5)
	if n := l.writes.Load(); n != 1 {
		t.Errorf("two frames handed together took %d writes, want 1", n)
	}
	waitIdle(t, c)
	l.writes.Store(0)
	if !c.DeliverAll([]table.Frame{{Data: frame(6)}, {Data: frame(7)}}) {
		t.Fatal("frames handed together were refused")
	}
	read(6, 7)
	if n := l.writes.Load(); n != 1 {
		t.Errorf("DeliverAll's two frames took %d writes, want 1", n)
	}
}

// waitIdle waits until c's writer has ended.
func waitIdle(t *testing.T, c *conn) {
	t.Helper()
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		c.out.mu.Lock()
		writing := c.out.writing
		c.out.mu.Unlock()
		if !writing {
			return
		}
	}
	t.Fatal("the writer did not end")
}
