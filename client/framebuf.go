package client

import (
	"bytes"
	"context"
	"sync"

	"github.com/coder/websocket"
)

// readFrame reads ws's next message into a buffer of frameBuffers, which
// the caller puts back once done with the bytes. The library's own Read
// grows a new slice for every message, from 512 bytes up by doubling,
// which for a state of a few kilobytes is several allocations and copies;
// a client decodes every state its table sends, so the buffers are shared
// and kept.
func readFrame(ctx context.Context, ws *websocket.Conn) (websocket.MessageType, *bytes.Buffer, error) {
	typ, r, err := ws.Reader(ctx)
	if err != nil {
		return 0, nil, err
	}
	buf := frameBuffers.get()
	if _, err := buf.ReadFrom(r); err != nil {
		frameBuffers.put(buf)
		return 0, nil, err
	}
	return typ, buf, nil
}

// bufferPool keeps buffers for frames, up to a size: a rare large frame's
// buffer is left to the collector rather than kept.
type bufferPool struct{ pool sync.Pool }

// maxKeptBuffer bounds the buffers kept: late states with the score sheet
// are tens of kilobytes; the server's largest frame is far more.
const maxKeptBuffer = 256 << 10

var frameBuffers bufferPool

func (p *bufferPool) get() *bytes.Buffer {
	if b, ok := p.pool.Get().(*bytes.Buffer); ok {
		b.Reset()
		return b
	}
	return new(bytes.Buffer)
}

func (p *bufferPool) put(b *bytes.Buffer) {
	if b.Cap() <= maxKeptBuffer {
		p.pool.Put(b)
	}
}
