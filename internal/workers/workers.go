// Package workers runs short calls that go deep on goroutines kept from
// one call to the next.
//
// A goroutine starts on a small stack and copies it each time a call
// needs more; a table's step or a connection's frame goes deep enough
// (encoding, the store, the socket) to grow it several times. Run on a
// kept worker, the next call finds the stack already grown: the copies
// are paid once per worker instead of once per call, while whatever waits
// between calls (an idle table, a silent connection) still waits on a
// small stack of its own.
package workers

import (
	"sync"
	"sync/atomic"
)

// Pool runs calls on its idle workers, or on a new goroutine when none is
// idle, so a call never waits for another to end. A worker that finds
// as many others idle as New allowed ends instead of waiting.
type Pool struct {
	maxIdle int32
	idle    atomic.Int32
	calls   chan func() // unbuffered: a send succeeds only to a worker waiting for it
	closed  chan struct{}
	close1  sync.Once
}

// New returns a pool that keeps up to maxIdle workers waiting.
func New(maxIdle int) *Pool {
	return &Pool{maxIdle: int32(maxIdle), calls: make(chan func()), closed: make(chan struct{})}
}

// Go runs f on a worker and returns without waiting for it.
func (p *Pool) Go(f func()) {
	select {
	case p.calls <- f:
	default:
		go p.work(f)
	}
}

// work runs f, then the calls handed to it while it waits.
func (p *Pool) work(f func()) {
	for {
		f()
		f = nil // nothing of the call stays reachable while the worker waits
		if p.idle.Add(1) > p.maxIdle {
			p.idle.Add(-1)
			return
		}
		select {
		case f = <-p.calls:
			p.idle.Add(-1)
		case <-p.closed:
			p.idle.Add(-1)
			return
		}
	}
}

// Idle reports how many workers wait for a call.
func (p *Pool) Idle() int { return int(p.idle.Load()) }

// Close ends the idle workers; a worker running a call ends after it. Go
// still runs calls after Close, each on a goroutine that then ends.
func (p *Pool) Close() { p.close1.Do(func() { close(p.closed) }) }
