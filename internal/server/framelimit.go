package server

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
)

// A frame over the limit must be refused when its header arrives. The
// WebSocket library's read limit counts the bytes of a message as they
// come: a header announcing 100 MB followed by a trickle of bytes keeps the
// reader waiting for the payload, with no pong read either, until the
// ping times out, half a minute later. So the server watches the frame
// headers itself, on the bytes the library reads from the connection, and
// fails the read as soon as a header announces more than the limit; the
// reader then closes the connection with status 1009, message too big.

// errFrameTooBig fails the library's read of a connection whose peer
// announced a frame over the limit.
var errFrameTooBig = errors.New("a frame over the limit")

// frameWatch is the connection the library reads a client's frames from:
// it passes the bytes through, parsing each frame's header on the way
// (RFC 6455 §5.2), and from a data frame whose length takes its message
// over limit on, fails every read. Without compression, which the server
// does not offer, a frame's length is the message's length in bytes.
//
// The library reads under its own lock, one read at a time, so the state
// needs none: it is touched by one read after another.
type frameWatch struct {
	net.Conn
	src   io.Reader
	early *bytes.Reader // what the HTTP server had read past the request, read first
	above *bufio.Reader // the library's buffer over the watch
	limit uint64

	hdr  [14]byte // the header so far
	hn   int      // its bytes read
	skip uint64   // payload bytes still to pass before the next header
	msg  uint64   // the bytes of the data message so far: fragments add up
	over uint64   // the message's length once a header took it over the limit
}

// Read passes on what the peer sent, up to the end of a header over the
// limit; after it, it fails.
func (w *frameWatch) Read(p []byte) (int, error) {
	if w.over > 0 {
		return 0, errFrameTooBig
	}
	n, err := w.src.Read(p)
	for i := 0; i < n; {
		if w.skip > 0 {
			k := min(uint64(n-i), w.skip)
			i += int(k)
			w.skip -= k
			continue
		}
		w.hdr[w.hn] = p[i]
		w.hn++
		i++
		if w.hn < w.headerLen() {
			continue
		}
		w.hn = 0
		length := w.length()
		switch op := w.hdr[0] & 0x0f; {
		case op >= 8: // a control frame, which may come between a message's fragments
		case op == 0 && length <= w.limit-w.msg: // a continuation (w.msg is at most w.limit)
			w.msg += length
		case op != 0 && length <= w.limit:
			w.msg = length
		default:
			w.over = length
			if op == 0 {
				w.over += min(w.msg, math.MaxUint64-length)
			}
			return i, nil // the library sees the header; its next read fails
		}
		w.skip = length
	}
	return n, err
}

// headerLen is the length of the header being read, as far as its first
// two bytes tell: the length field's size and the mask's.
func (w *frameWatch) headerLen() int {
	if w.hn < 2 {
		return 2
	}
	n := 2
	switch w.hdr[1] & 0x7f {
	case 126:
		n += 2
	case 127:
		n += 8
	}
	if w.hdr[1]&0x80 != 0 {
		n += 4
	}
	return n
}

// unread reports whether bytes the peer sent wait in the connection's
// buffers, where the socket cannot show them. Only one reader at a time
// may ask (conn.readerMayWait).
func (w *frameWatch) unread() bool {
	return (w.above != nil && w.above.Buffered() > 0) || (w.early != nil && w.early.Len() > 0)
}

// length is the payload length of the header just read.
func (w *frameWatch) length() uint64 {
	switch n := w.hdr[1] & 0x7f; n {
	case 126:
		return uint64(binary.BigEndian.Uint16(w.hdr[2:4]))
	case 127:
		return binary.BigEndian.Uint64(w.hdr[2:10])
	default:
		return uint64(n)
	}
}

// tooBig is the length announced of the message that went over the
// limit, 0 if none.
func (w *frameWatch) tooBig() uint64 { return w.over }

// tooBigReason is the close frame's reason for a message of n bytes.
func tooBigReason(n uint64, limit int) string {
	return fmt.Sprintf("a message of %d bytes: at most %d", n, limit)
}

// watchFrames is the ResponseWriter the WebSocket upgrade hijacks: the
// connection it hands over is a frameWatch.
type watchFrames struct {
	http.ResponseWriter
	limit uint64
	watch *frameWatch // once hijacked
	cork  *cork       // once hijacked: what the library writes goes through it
}

func (h *watchFrames) Unwrap() http.ResponseWriter { return h.ResponseWriter }

// readBuffer is the size of a WebSocket's read buffer. A client's frames
// are a few hundred bytes (a larger one is read past the buffer, straight
// into the message), and every connection keeps its buffer as long as it
// lives: the HTTP server's 4 KB would be most of it wasted.
const readBuffer = 512

// Hijack takes the connection over from the HTTP server, reading through
// a frameWatch. The bytes the HTTP server read past the request are the
// first of the WebSocket's, so they go through the watch too.
func (h *watchFrames) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	early, _ := brw.Reader.Peek(brw.Reader.Buffered())
	early = bytes.Clone(early)
	first := bytes.NewReader(early)
	h.watch = &frameWatch{Conn: nc, src: io.MultiReader(first, nc), early: first, limit: h.limit}
	// The HTTP server wrote the upgrade's answer before the hijack, so its
	// writer holds nothing: the library gets a small one over the cork
	// instead, and the connection keeps no 4 KB write buffer.
	h.cork = newCork(nc)
	h.watch.above = bufio.NewReaderSize(h.watch, readBuffer)
	return h.watch, bufio.NewReadWriter(h.watch.above, bufio.NewWriterSize(h.cork, libraryBuffer)), nil
}
