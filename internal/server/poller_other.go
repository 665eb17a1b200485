//go:build !linux

package server

import (
	"errors"
	"net"
)

// poller is not built here: every connection's reader waits between
// messages on a goroutine of its own.
type poller struct{}

func newPoller() (*poller, error) { return nil, errors.New("no poller on this system") }

func (*poller) watch(*conn, net.Conn) error { return errors.New("no poller on this system") }
func (*poller) forget(*conn)                {}
func (*poller) close()                      {}
