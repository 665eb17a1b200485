//go:build !linux

package server

import "net"

// awaitPeer returns at once where the peek it needs is not built: the
// reader then waits in the WebSocket library, on a deeper stack.
func awaitPeer(net.Conn) {}
