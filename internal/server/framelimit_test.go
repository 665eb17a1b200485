package server

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"
	"testing/iotest"
)

// clientFrame is a masked client frame header announcing n bytes (the
// shortest length form, as RFC 6455 §5.2 asks), then payload.
func clientFrame(op byte, fin bool, n uint64, payload []byte) []byte {
	b := []byte{op}
	if fin {
		b[0] |= 0x80
	}
	switch {
	case n < 126:
		b = append(b, 0x80|byte(n))
	case n <= 0xffff:
		b = binary.BigEndian.AppendUint16(append(b, 0x80|126), uint16(n))
	default:
		b = binary.BigEndian.AppendUint64(append(b, 0x80|127), n)
	}
	b = append(b, 1, 2, 3, 4)
	return append(b, payload...)
}

// Rule: the watch passes frames within the limit through untouched, in
// all three length forms and with control frames between fragments, and
// fails the read right after a header that takes a message over the
// limit, however the bytes are split between reads.
func TestFrameWatchStopsAtTheHeader(t *testing.T) {
	const limit = 300
	var ok []byte
	ok = append(ok, clientFrame(0x1, true, 5, []byte("short"))...)
	ok = append(ok, clientFrame(0x1, true, 300, bytes.Repeat([]byte("a"), 300))...) // the 16-bit form, at the limit
	ok = append(ok, clientFrame(0x2, false, 100, bytes.Repeat([]byte("b"), 100))...)
	ok = append(ok, clientFrame(0x9, true, 4, []byte("ping"))...)
	ok = append(ok, clientFrame(0x0, true, 200, bytes.Repeat([]byte("c"), 200))...) // 300 in all
	for _, c := range []struct {
		rule string
		over []byte // the header over the limit
		size uint64 // the message's length it announces
	}{
		{"a frame over the limit, in the 64-bit form", clientFrame(0x1, true, 100_000_000, nil), 100_000_000},
		{"a frame one byte over, in the 16-bit form", clientFrame(0x1, true, limit+1, nil), limit + 1},
		{"a frame of 2^63 bytes and more", clientFrame(0x1, true, 1<<63+5, nil), 1<<63 + 5},
		{"a fragment that takes its message over", append(clientFrame(0x1, false, 250, bytes.Repeat([]byte("d"), 250)),
			clientFrame(0x0, true, 51, nil)...), 301},
	} {
		for split, wrap := range map[string]func(io.Reader) io.Reader{
			"whole":       func(r io.Reader) io.Reader { return r },
			"byte a read": iotest.OneByteReader,
		} {
			t.Run(c.rule+", "+split, func(t *testing.T) {
				in := append(append(append([]byte(nil), ok...), c.over...), bytes.Repeat([]byte("z"), 1000)...)
				w := &frameWatch{src: wrap(bytes.NewReader(in)), limit: limit}
				got, err := io.ReadAll(w)
				if !errors.Is(err, errFrameTooBig) || w.tooBig() != c.size {
					t.Fatalf("read %d bytes, then %v; over %d, want %v and %d", len(got), err, w.tooBig(), errFrameTooBig, c.size)
				}
				if want := len(ok) + len(c.over); !bytes.Equal(got, in[:want]) {
					t.Fatalf("passed %d bytes, want the %d up to the end of the header", len(got), want)
				}
			})
		}
	}
	w := &frameWatch{src: iotest.OneByteReader(bytes.NewReader(ok)), limit: limit}
	if got, err := io.ReadAll(w); err != nil || !bytes.Equal(got, ok) || w.tooBig() != 0 {
		t.Fatalf("frames within the limit: %d bytes of %d, %v, over %d", len(got), len(ok), err, w.tooBig())
	}
}
