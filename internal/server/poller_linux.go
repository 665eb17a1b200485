package server

import (
	"cmp"
	"errors"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
)

// poller watches the sockets of idle connections, so that a connection
// between messages keeps no goroutine: its reader parks the connection here
// and returns, and the poller starts a reader again when the peer's next
// bytes arrive (or the socket closes). Tens of thousands of players wait
// between moves far longer than they act; each kept a parked goroutine and
// its stack, which the collector also counts towards its next goal.
//
// The sockets are registered, one shot at a time, with an epoll instance
// of the poller's own, and that instance is itself watched by Go's network
// poller: the poller's goroutine parks as any reader does, and no thread
// waits in a system call.
type poller struct {
	epfd  int
	file  *os.File // epfd, as the network poller sees it
	raw   syscall.RawConn
	mu    sync.Mutex
	conns map[uint64]*conn // by the serial their registration carries
	next  uint64
	// broken is why the poller stopped, if it failed: connections then
	// wait on their own goroutines.
	broken  error
	closing atomic.Bool // the server stops: the poller's end is no failure
	done    chan struct{}
}

// newPoller starts a poller.
func newPoller() (*poller, error) {
	epfd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return nil, os.NewSyscallError("epoll_create1", err)
	}
	if err := syscall.SetNonblock(epfd, true); err != nil {
		syscall.Close(epfd)
		return nil, os.NewSyscallError("setnonblock", err)
	}
	// A non-blocking descriptor is registered with the network poller.
	file := os.NewFile(uintptr(epfd), "epoll")
	raw, err := file.SyscallConn()
	if err != nil {
		file.Close()
		return nil, err
	}
	p := &poller{epfd: epfd, file: file, raw: raw, conns: map[uint64]*conn{}, done: make(chan struct{})}
	go p.run()
	return p, nil
}

// run wakes the readers of the connections whose sockets have something,
// until the poller is closed.
func (p *poller) run() {
	defer close(p.done)
	events := make([]syscall.EpollEvent, 128)
	var woken []*conn
	var waitErr error
	err := p.raw.Read(func(fd uintptr) bool {
		for {
			n, err := syscall.EpollWait(int(fd), events, 0)
			switch {
			case errors.Is(err, syscall.EINTR):
				continue
			case err != nil:
				waitErr = err
				return true
			case n == 0:
				// Drained: the network poller wakes this goroutine when
				// the instance has events again.
				return false
			}
			woken = p.take(events[:n], woken[:0])
			for _, c := range woken {
				c.resume()
			}
			clear(woken)
		}
	})
	if waitErr != nil {
		err = os.NewSyscallError("epoll_wait", waitErr)
	}
	if !p.closing.Load() {
		// Not the poller's close: the connections it holds would never
		// be read again, so each is woken to read (and wait) itself.
		p.fail(cmp.Or(err, errors.New("poller stopped")))
	}
}

// fail gives up polling: every connection parked here, and every one that
// would park later, reads on its own goroutine.
func (p *poller) fail(err error) {
	p.mu.Lock()
	p.broken = err
	parked := p.conns
	p.conns = map[uint64]*conn{}
	p.mu.Unlock()
	for _, c := range parked {
		c.resume()
	}
}

// take looks up the connections events name, each taken off the poller.
func (p *poller) take(events []syscall.EpollEvent, into []*conn) []*conn {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range events {
		serial := uint64(uint32(e.Fd)) | uint64(uint32(e.Pad))<<32
		if c, ok := p.conns[serial]; ok {
			delete(p.conns, serial)
			into = append(into, c)
		}
	}
	return into
}

// watch registers c's socket for one wake-up at its next bytes, its end or
// an error. Bytes that are already there wake it at once.
func (p *poller) watch(c *conn, sock net.Conn) error {
	if c.raw == nil {
		sc, ok := sock.(syscall.Conn)
		if !ok {
			return errors.New("not a socket")
		}
		raw, err := sc.SyscallConn()
		if err != nil {
			return err
		}
		c.raw = raw
	}
	p.mu.Lock()
	if p.broken != nil {
		p.mu.Unlock()
		return p.broken
	}
	p.next++
	serial := p.next
	p.conns[serial] = c
	c.serial = serial
	p.mu.Unlock()
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP | syscall.EPOLLONESHOT,
		Fd: int32(uint32(serial)), Pad: int32(uint32(serial >> 32))}
	op := syscall.EPOLL_CTL_MOD
	if !c.polled {
		op = syscall.EPOLL_CTL_ADD
	}
	// The registration may wake another reader at once, which owns the
	// connection from then on: nothing of it is written after.
	c.polled = true
	var ctlErr error
	// Control holds the descriptor open meanwhile: it cannot be closed
	// and its number given to another socket under this call.
	err := c.raw.Control(func(fd uintptr) {
		ctlErr = syscall.EpollCtl(p.epfd, op, int(fd), &ev)
		if errors.Is(ctlErr, syscall.ENOENT) && op == syscall.EPOLL_CTL_MOD {
			ctlErr = syscall.EpollCtl(p.epfd, syscall.EPOLL_CTL_ADD, int(fd), &ev)
		}
	})
	if err == nil {
		err = ctlErr
	}
	if err != nil {
		p.mu.Lock()
		delete(p.conns, serial)
		p.mu.Unlock()
		return os.NewSyscallError("epoll_ctl", err)
	}
	return nil
}

// close stops the poller, once no connection is left to wake.
func (p *poller) close() {
	p.closing.Store(true)
	p.file.Close()
	<-p.done
}

// forget takes c off the poller, if it is there: its socket is closed, so
// no event will ever name it.
func (p *poller) forget(c *conn) {
	p.mu.Lock()
	if p.conns[c.serial] == c {
		delete(p.conns, c.serial)
	}
	p.mu.Unlock()
}
