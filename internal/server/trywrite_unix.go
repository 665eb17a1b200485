//go:build unix

package server

import (
	"errors"
	"syscall"
)

// tryWrite writes to a socket what its buffer takes at once: the socket is
// non-blocking (Go's runtime makes it so), and a full buffer ends the write
// short instead of waiting for the peer.
func tryWrite(raw syscall.RawConn) func([]byte) (int, error) {
	return func(p []byte) (n int, err error) {
		werr := raw.Write(func(fd uintptr) bool {
			for n < len(p) {
				m, err1 := syscall.Write(int(fd), p[n:])
				switch {
				case errors.Is(err1, syscall.EINTR):
					continue
				case errors.Is(err1, syscall.EAGAIN):
					return true
				case err1 != nil:
					err = err1
					return true
				}
				n += m
			}
			return true
		})
		if err == nil {
			err = werr
		}
		return n, err
	}
}
