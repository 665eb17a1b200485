package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
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
	if _, err := k.release(); err != nil {
		t.Fatal(err)
	}
	if n := sock.count(); n != 2 || string(sock.writes[1]) != "abc" {
		t.Fatalf("after the batch: %q, want one write of \"abc\"", sock.writes[1:])
	}
	if _, err := k.release(); err != nil || sock.count() != 2 {
		t.Fatalf("a second release wrote again (%d writes, %v)", sock.count(), err)
	}
	// An empty batch writes nothing; the socket's error is the batch's.
	k.hold()
	if _, err := k.release(); err != nil || sock.count() != 2 {
		t.Fatalf("an empty batch: %d writes, %v", sock.count(), err)
	}
	sock.err = errors.New("connection reset")
	k.hold()
	k.Write([]byte("d"))
	if _, err := k.release(); !errors.Is(err, sock.err) {
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

// SyscallConn lets the cork write to the socket without waiting, as it
// does to the connection the HTTP server hands over; those writes are
// counted too.
func (c *countedConn) SyscallConn() (syscall.RawConn, error) {
	raw, err := c.Conn.(syscall.Conn).SyscallConn()
	if err != nil {
		return nil, err
	}
	return countedRaw{RawConn: raw, l: c.l}, nil
}

type countedRaw struct {
	syscall.RawConn
	l *countingListener
}

func (r countedRaw) Write(f func(fd uintptr) bool) error {
	if r.l.counting.Load() {
		r.l.writes.Add(1)
	}
	return r.RawConn.Write(f)
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
	var l *countingListener
	c, peer := wiredConn(t, func(inner net.Listener) net.Listener {
		l = &countingListener{Listener: inner}
		return l
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if !c.cork.canTry() {
		t.Fatal("the cork cannot write to this socket without waiting")
	}

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
	// The socket took the frame at once: it was written by the goroutine
	// that queued it, which started no writer.
	if n := l.writes.Load(); n != 1 {
		t.Errorf("a lone frame took %d writes before queue returned, want 1", n)
	}
	if c.out.mu.Lock(); c.out.writing {
		t.Error("a writer runs after a lone frame was written")
	}
	c.out.mu.Unlock()
	read(3)

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

// socketPair returns the two ends of a loopback TCP connection.
func socketPair(t *testing.T) (near, far net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			t.Error(err)
		}
		accepted <- c
	}()
	far, err = net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	near = <-accepted
	if near == nil {
		t.FailNow()
	}
	t.Cleanup(func() { near.Close(); far.Close() })
	return near, far
}

// Over a socket whose peer does not read, every write to the cork returns
// at once: what the kernel does not take waits, in order, and a drain
// sends it when the peer reads again. A write outside a batch that leaves
// bytes waiting says so (stalled), for a drain to be started.
func TestCorkNeverWaitsForThePeer(t *testing.T) {
	sock, peer := socketPair(t)
	k := newCork(sock)
	if !k.canTry() {
		t.Fatal("the cork cannot write to a TCP socket without waiting")
	}
	var stalls atomic.Int64
	k.stalled = func() { stalls.Add(1) }
	var want bytes.Buffer
	chunk := func(i int) []byte {
		return bytes.Repeat([]byte(fmt.Sprintf("%08d", i)), 8<<10) // 64 KB
	}
	returned := make(chan struct{})
	go func() {
		// A write that waits for the peer would never return: this one
		// does not read until the cork is done.
		select {
		case <-returned:
		case <-time.After(30 * time.Second):
			panic("a write to the cork waited for the peer")
		}
	}()
	i := 0
	for waiting := false; !waiting; i++ {
		if i == 2000 {
			t.Fatal("128 MB went into the socket: it never filled")
		}
		k.hold()
		k.Write(chunk(i))
		want.Write(chunk(i))
		var err error
		if waiting, err = k.release(); err != nil {
			t.Fatal(err)
		}
	}
	if !k.Waiting() || stalls.Load() != 0 {
		t.Fatalf("a full socket: waiting %v, %d stalls; want waiting and none (the batch's writer drains)", k.Waiting(), stalls.Load())
	}
	k.Write([]byte("pong")) // behind what waits
	want.WriteString("pong")
	if stalls.Load() != 0 {
		t.Fatal("a write behind waiting bytes said it stalled")
	}
	close(returned)

	got := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(peer)
		got <- b
	}()
	if err := k.drain(); err != nil {
		t.Fatal(err)
	}
	if k.Waiting() {
		t.Fatal("bytes wait after a drain")
	}
	// Outside a batch, with nothing waiting, a write larger than the
	// socket takes at once is taken whole, and says it stalled.
	big := bytes.Repeat([]byte("z"), 32<<20)
	if n, err := k.Write(big); n != len(big) || err != nil {
		t.Fatalf("Write: %d, %v", n, err)
	}
	want.Write(big)
	if stalls.Load() != 1 || !k.Waiting() {
		t.Fatalf("after 32 MB: %d stalls, waiting %v; want 1 stall and bytes waiting", stalls.Load(), k.Waiting())
	}
	if err := k.drain(); err != nil {
		t.Fatal(err)
	}
	sock.Close()
	if b := <-got; !bytes.Equal(b, want.Bytes()) {
		t.Fatalf("the peer read %d bytes, not the %d written in order", len(b), want.Len())
	}
}

// A client that stops reading never holds up the goroutine that sends it
// frames (the table's): its frames wait on a writer goroutine, and once
// OutQueue of them pile up it is dropped as too slow.
func TestAClientThatStopsReadingIsDroppedNotWaitedFor(t *testing.T) {
	c, _ := wiredConn(t, nil) // whose peer never reads
	s := c.s

	frame := table.Frame{Data: []byte(`{"pad":"` + strings.Repeat("x", 60<<10) + `"}`)}
	returned := make(chan struct{})
	defer close(returned)
	go func() {
		select {
		case <-returned:
		case <-time.After(30 * time.Second):
			panic("queue waited for a peer that does not read")
		}
	}()
	sent := 0
	for c.queue(frame) {
		if sent++; sent == 10000 {
			t.Fatal("600 MB queued to a peer that does not read, and it was not dropped")
		}
	}
	if c.ctx.Err() == nil {
		t.Fatal("a frame was refused, but the connection goes on")
	}
	c.out.mu.Lock()
	waited := len(c.out.frames)
	c.out.mu.Unlock()
	if waited != 0 && waited != s.cfg.OutQueue {
		t.Errorf("%d frames waited when the client was dropped, want %d", waited, s.cfg.OutQueue)
	}
	if sent <= s.cfg.OutQueue {
		t.Errorf("dropped after %d frames: the socket's buffers took none", sent)
	}
}

// wiredConn serves one WebSocket with a connection of a new server, which
// the test drives (nothing reads for it), and dials it: peer is the other
// end. wrap, if not nil, wraps the server's listener.
func wiredConn(t *testing.T, wrap func(net.Listener) net.Listener) (c *conn, peer *websocket.Conn) {
	t.Helper()
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
		c.watch = hw.watch
		c.setCork(hw.cork)
		conns <- c
	}))
	if wrap != nil {
		ts.Listener = wrap(ts.Listener)
	}
	ts.Start()
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	peer, _, err = websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { peer.CloseNow() })
	c = <-conns
	t.Cleanup(c.cancel)
	return c, peer
}
