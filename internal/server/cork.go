package server

import (
	"io"
	"sync"
	"syscall"
)

// cork gathers what a connection's writer writes for a batch of frames
// and sends it to the socket in one write: an action's ack and state, or a
// burst of frames queued while a write was under way, cost the kernel one
// system call instead of one a frame. Outside a batch, bytes go straight
// through, so that a pong, a ping or a close frame written by another
// goroutine is never held back. It sits under the WebSocket library's
// buffered writer, which then needs no buffer of its own.
//
// Over a socket, the cork never waits for the peer: it writes what the
// kernel takes at once, and keeps the rest pending, for the connection's
// writer goroutine to drain (writer.go). So the goroutine that queues a
// frame, the table's, can write it itself whenever nothing waits, and a
// goroutine starts only for a client that does not keep up.
type cork struct {
	mu     sync.Mutex
	w      io.Writer // the socket
	corked bool
	held   *[]byte // while corked: a buffer from corkBuffers
	// try writes what the socket takes without waiting; nil where the
	// socket cannot be written so (every write then waits, as w's do).
	try func(p []byte) (int, error)
	// pending holds what was written to the cork but not yet to the
	// socket, in order; draining, that a drain is writing what it took.
	// Either one makes every later write wait behind them.
	pending  *[]byte
	draining bool
	// stalled is told, outside the lock, that a write outside a batch (a
	// pong, a ping) left bytes pending, for a drain to be started.
	stalled func()
}

// corkBuffers keeps the buffers of batches being written: an idle
// connection holds none.
var corkBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// maxPooledCork is the largest buffer put back: one kept for a rare long
// batch would hold its memory for good.
const maxPooledCork = 64 << 10

// libraryBuffer is the size of the buffered writer the WebSocket library
// writes through, over the cork. A frame larger than it goes past it to the
// cork in a piece; a control frame fits in it whole.
const libraryBuffer = 128

func newCork(w io.Writer) *cork {
	k := &cork{w: w}
	if sc, ok := w.(syscall.Conn); ok {
		if raw, err := sc.SyscallConn(); err == nil {
			k.try = tryWrite(raw)
		}
	}
	return k
}

// canTry reports whether a write to the cork never waits for the peer.
func (k *cork) canTry() bool { return k != nil && k.try != nil }

// Write holds p while corked or while earlier bytes wait, and writes it
// through otherwise.
func (k *cork) Write(p []byte) (int, error) {
	k.mu.Lock()
	if k.corked {
		*k.held = append(*k.held, p...)
		k.mu.Unlock()
		return len(p), nil
	}
	stalled, err := k.send(p)
	k.mu.Unlock()
	if err != nil {
		return 0, err
	}
	if stalled && k.stalled != nil {
		k.stalled()
	}
	return len(p), nil
}

// send writes p behind whatever waits, keeping what the socket does not
// take at once; stalled: p (or part of it) is pending where nothing was.
// k.mu is held.
func (k *cork) send(p []byte) (stalled bool, err error) {
	if k.waiting() {
		*k.pending = append(*k.pending, p...)
		return false, nil
	}
	if k.try == nil {
		_, err = k.w.Write(p)
		return false, err
	}
	n, err := k.try(p)
	if err != nil {
		return false, err
	}
	if n == len(p) {
		return false, nil
	}
	k.pending = corkBuffers.Get().(*[]byte)
	*k.pending = append(*k.pending, p[n:]...)
	return true, nil
}

// waiting reports whether bytes wait for a drain. k.mu is held.
func (k *cork) waiting() bool { return k.draining || k.pending != nil }

// Waiting reports whether bytes wait for a drain.
func (k *cork) Waiting() bool {
	if k == nil {
		return false
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.waiting()
}

// hold starts a batch: writes are kept until release.
func (k *cork) hold() {
	if k == nil {
		return
	}
	k.mu.Lock()
	k.corked = true
	k.held = corkBuffers.Get().(*[]byte)
	k.mu.Unlock()
}

// release ends the batch, writing what it held in one write. waiting: some
// of it (or what came before) still waits for a drain.
func (k *cork) release() (waiting bool, err error) {
	if k == nil {
		return false, nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.corked {
		return k.waiting(), nil
	}
	k.corked = false
	held := k.held
	k.held = nil
	if len(*held) > 0 {
		_, err = k.send(*held)
	}
	putCorkBuffer(held)
	return k.waiting(), err
}

// drain writes what waits, waiting for the socket as long as it takes
// (the connection's write timeout closes a socket that takes too long), until
// nothing does. Bytes written meanwhile wait behind it and are drained too.
func (k *cork) drain() error {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	for k.pending != nil {
		p := k.pending
		k.pending, k.draining = nil, true
		k.mu.Unlock()
		_, err := k.w.Write(*p)
		k.mu.Lock()
		k.draining = false
		putCorkBuffer(p)
		if err != nil {
			if k.pending != nil {
				putCorkBuffer(k.pending)
				k.pending = nil
			}
			return err
		}
	}
	return nil
}

// putCorkBuffer empties b and puts it back for another batch, unless it
// grew too large to keep.
func putCorkBuffer(b *[]byte) {
	if cap(*b) <= maxPooledCork {
		*b = (*b)[:0]
		corkBuffers.Put(b)
	}
}
