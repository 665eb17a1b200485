package server

import (
	"context"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/internal/table"
)

// outbox holds a connection's frames until they are written, and the
// goroutines that write them and ping the peer. Neither goroutine lives
// longer than its work: a writer runs while frames wait and ends when the
// outbox is empty, a ping is a timer until it is due. A server with tens
// of thousands of connections, each sent a frame every second or so, then
// keeps one parked goroutine per connection (its reader) instead of three,
// and no queue allocated in advance.
type outbox struct {
	mu      sync.Mutex
	frames  []table.Frame // waiting for the writer, oldest first
	writing bool          // a writer is running
	held    int           // frames are being handed over together: no writer starts yet
	closed  bool          // the connection is over: nothing more starts
	ping    *time.Timer   // the next ping
	// late drops the connection when a write takes longer than
	// WriteTimeout: one timer for the connection's life, set at each write,
	// rather than a context and a timer made for every frame.
	late *time.Timer
	// tasks counts the writer and the ping running, for close to wait.
	tasks sync.WaitGroup
}

// start counts a task about to run, unless the connection is over.
// o.mu is held.
func (o *outbox) start() bool {
	if o.closed {
		return false
	}
	o.tasks.Add(1)
	return true
}

// close stops anything new from starting and waits for what runs.
func (o *outbox) close() {
	o.mu.Lock()
	o.closed = true
	o.frames = nil
	if o.ping != nil {
		o.ping.Stop()
	}
	if o.late != nil {
		o.late.Stop()
	}
	o.mu.Unlock()
	o.tasks.Wait()
}

// queue puts a frame in the outbox, starting a writer if none runs, or
// drops a client too slow to keep OutQueue frames from piling up.
func (c *conn) queue(f table.Frame) bool {
	if c.ctx.Err() != nil {
		return false
	}
	o := &c.out
	o.mu.Lock()
	if o.closed {
		o.mu.Unlock()
		return false
	}
	if len(o.frames) >= c.s.cfg.OutQueue {
		o.mu.Unlock()
		c.drop("slow")
		return false
	}
	o.frames = append(o.frames, f)
	spawn := o.spawn()
	o.mu.Unlock()
	if spawn {
		c.startWriter()
	}
	return true
}

// spawn reports whether a writer must start for the frames waiting, and
// counts it as started. o.mu is held.
func (o *outbox) spawn() bool {
	if o.writing || o.held > 0 || len(o.frames) == 0 || !o.start() {
		return false
	}
	o.writing = true
	return true
}

// startWriter runs a writer, which spawn has counted.
func (c *conn) startWriter() {
	o := &c.out
	go func() {
		defer o.tasks.Done()
		c.guard("writer", c.writer)
	}()
}

// hold keeps a writer from starting until release: the frames queued in
// between wait for it together.
func (o *outbox) hold() {
	o.mu.Lock()
	o.held++
	o.mu.Unlock()
}

// release ends a hold, starting a writer for what waits.
func (c *conn) release() {
	o := &c.out
	o.mu.Lock()
	o.held--
	spawn := o.spawn()
	o.mu.Unlock()
	if spawn {
		c.startWriter()
	}
}

// next takes every frame waiting, oldest first, or ends the writer when
// there is none: the next frame queued starts another.
func (c *conn) next() ([]table.Frame, bool) {
	o := &c.out
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.frames) == 0 || c.ctx.Err() != nil {
		o.writing = false
		o.frames = nil // an idle connection keeps no buffer
		return nil, false
	}
	batch := o.frames
	o.frames = nil
	return batch, true
}

// writer writes the outbox's frames in order until it is empty, each batch
// that waited together in one write to the socket (cork.go). A batch that
// takes longer than WriteTimeout drops the connection, which closes its
// socket and so ends the write (serve).
func (c *conn) writer() {
	o := &c.out
	for {
		batch, ok := c.next()
		if !ok {
			return
		}
		o.late.Reset(c.s.cfg.WriteTimeout)
		c.cork.hold()
		written, closing := 0, false
		var err error
		for _, f := range batch {
			if err = c.ws.Write(context.Background(), websocket.MessageText, f.Data); err != nil {
				break
			}
			written++
			if f.Close {
				closing = true
				break
			}
		}
		if ferr := c.cork.release(); err == nil {
			err = ferr
		}
		o.late.Stop()
		if err != nil {
			c.drop("write")
			return
		}
		c.s.metrics.frames.Add(float64(written))
		if closing {
			c.closing.Lock()
			_ = c.ws.Close(websocket.StatusNormalClosure, "see the last message")
			c.closing.Unlock()
			c.cancel()
			return
		}
	}
}

// pingLater sets the next ping, d from now.
func (c *conn) pingLater(d time.Duration) {
	o := &c.out
	o.mu.Lock()
	defer o.mu.Unlock()
	switch {
	case o.closed:
	case o.ping == nil:
		o.ping = time.AfterFunc(d, c.pingNow)
	default:
		o.ping.Reset(d)
	}
}

// pingNow checks that the peer is alive: a peer that does not answer a
// ping in time is dropped, and its seat starts its grace period. A peer
// that sent a frame within the interval is alive already: it is pinged
// once it has been quiet for the whole interval, so that players, who
// send every few seconds, cost no pings, and a crowd of tens of
// thousands half the frames.
func (c *conn) pingNow() {
	if quiet := time.Since(time.Unix(0, c.heard.Load())); quiet < c.s.cfg.PingInterval {
		c.pingLater(c.s.cfg.PingInterval - quiet)
		return
	}
	o := &c.out
	o.mu.Lock()
	ok := o.start()
	o.mu.Unlock()
	if !ok {
		return
	}
	defer o.tasks.Done()
	c.guard("pinger", func() {
		ctx, cancel := context.WithTimeout(c.ctx, c.s.cfg.PingTimeout)
		err := c.ws.Ping(ctx)
		cancel()
		if err != nil {
			c.drop("ping")
			return
		}
		c.pingLater(c.s.cfg.PingInterval)
	})
}
