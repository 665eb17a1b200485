package server

import (
	"errors"
	"net"
	"syscall"
)

// awaitPeer parks the calling goroutine until the peer's next bytes reach
// the socket, without reading them, or the socket closes. A connection's
// reader waits here between messages rather than deep in the WebSocket
// library: parked with a few frames on its stack, it lets the garbage
// collector shrink the stack its last message grew (8 KB to 2 KB), and
// every idle connection keeps the difference. Bytes already read into a
// buffer are the caller's to check first (watchFrames.unread): the socket
// does not show them.
func awaitPeer(c net.Conn) {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return
	}
	var b [1]byte
	_ = raw.Read(func(fd uintptr) bool {
		for {
			_, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
			if errors.Is(err, syscall.EINTR) {
				continue
			}
			// Bytes, the end of the stream or an error: the read that
			// follows finds them. Only "nothing yet" waits.
			return !errors.Is(err, syscall.EAGAIN)
		}
	})
}
