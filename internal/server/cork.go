package server

import (
	"io"
	"sync"
)

// cork gathers what a connection's writer writes for a batch of frames
// and sends it to the socket in one write: an action's ack and state, or a
// burst of frames queued while a write was under way, cost the kernel one
// system call instead of one a frame. Outside a batch, bytes go straight
// through, so that a pong, a ping or a close frame written by another
// goroutine is never held back. It sits under the WebSocket library's
// buffered writer, which then needs no buffer of its own.
type cork struct {
	mu     sync.Mutex
	w      io.Writer // the socket
	corked bool
	held   *[]byte // while corked: a buffer from corkBuffers
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

func newCork(w io.Writer) *cork { return &cork{w: w} }

// Write holds p while corked and writes it through otherwise.
func (k *cork) Write(p []byte) (int, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.corked {
		*k.held = append(*k.held, p...)
		return len(p), nil
	}
	return k.w.Write(p)
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

// release ends the batch, writing what it held in one write.
func (k *cork) release() error {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.corked {
		return nil
	}
	k.corked = false
	held := k.held
	k.held = nil
	var err error
	if len(*held) > 0 {
		_, err = k.w.Write(*held)
	}
	if cap(*held) <= maxPooledCork {
		*held = (*held)[:0]
		corkBuffers.Put(held)
	}
	return err
}
