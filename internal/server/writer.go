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

// queue puts a frame in the outbox and writes it, or drops a client too
// slow to keep OutQueue frames from piling up. Where the socket can be
// written without waiting (cork.go), the frame is written on the caller's
// goroutine when nothing else is being written; otherwise, or when the
// socket does not take all of it at once, a writer goroutine goes on.
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
		c.write()
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

// write writes what waits, spawn having counted it: here, if that cannot
// wait for the peer, or on a writer goroutine.
func (c *conn) write() {
	if c.cork.canTry() {
		c.writeNow()
		return
	}
	c.startWriter()
}

// startWriter runs a writer, which spawn has counted.
func (c *conn) startWriter() {
	o := &c.out
	go func() {
		defer o.tasks.Done()
		c.guard("writer", c.writer)
	}()
}

// writeNow writes the frames waiting on the caller's goroutine, without
// waiting for the socket, and hands over to a writer goroutine what must
// wait: bytes the socket did not take at once, or a close, whose handshake
// waits for the peer. Frames queued meanwhile by another goroutine are
// written here too.
func (c *conn) writeNow() {
	o := &c.out
	for {
		batch, ok := c.next()
		if !ok {
			o.tasks.Done()
			return
		}
		if len(batch) == 0 { // bytes wait in the cork, for a drain
			c.startWriter()
			return
		}
		closing, waiting, err := c.writeBatch(batch)
		switch {
		case err != nil:
			c.drop("write")
			o.tasks.Done()
			return
		case closing:
			go func() {
				defer o.tasks.Done()
				c.guard("writer", c.closeAfterLast)
			}()
			return
		case waiting:
			c.startWriter()
			return
		}
	}
}

// hold keeps a writer from starting until release: the frames queued in
// between wait for it together.
func (o *outbox) hold() {
	o.mu.Lock()
	o.held++
	o.mu.Unlock()
}

// release ends a hold, writing what waits.
func (c *conn) release() {
	o := &c.out
	o.mu.Lock()
	o.held--
	spawn := o.spawn()
	o.mu.Unlock()
	if spawn {
		c.write()
	}
}

// stalled starts a writer for bytes a write outside a batch (a pong, a
// ping) left waiting in the cork, unless one runs: its next finds them.
func (c *conn) stalled() {
	o := &c.out
	o.mu.Lock()
	start := !o.writing && o.start()
	if start {
		o.writing = true
	}
	o.mu.Unlock()
	if start {
		c.startWriter()
	}
}

// next takes every frame waiting, oldest first, or ends the writer when
// nothing waits, neither frames nor bytes in the cork: the next frame
// queued starts another.
func (c *conn) next() ([]table.Frame, bool) {
	o := &c.out
	o.mu.Lock()
	defer o.mu.Unlock()
	if c.ctx.Err() != nil || len(o.frames) == 0 && !c.cork.Waiting() {
		o.writing = false
		o.frames = nil // an idle connection keeps no buffer
		return nil, false
	}
	batch := o.frames
	o.frames = nil
	return batch, true
}

// writer writes what waits in order until nothing does: the bytes the
// cork could not write at once first, then each batch of frames that
// waited together, in one write to the socket (cork.go). A write that
// takes longer than WriteTimeout drops the connection, which closes its
// socket and so ends the write (serve).
func (c *conn) writer() {
	o := &c.out
	for {
		o.late.Reset(c.s.cfg.WriteTimeout)
		err := c.cork.drain()
		o.late.Stop()
		if err != nil {
			c.drop("write")
			return
		}
		batch, ok := c.next()
		if !ok {
			return
		}
		o.late.Reset(c.s.cfg.WriteTimeout)
		closing, _, err := c.writeBatch(batch)
		o.late.Stop()
		if err != nil {
			c.drop("write")
			return
		}
		if closing {
			c.closeAfterLast()
			return
		}
	}
}

// writeBatch writes a batch of frames through the cork in one write, up
// to and with a frame that closes the connection (closing). waiting: the
// socket did not take all of it at once, and the rest waits for a drain.
func (c *conn) writeBatch(batch []table.Frame) (closing, waiting bool, err error) {
	c.cork.hold()
	written := 0
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
	waiting, ferr := c.cork.release()
	if err == nil {
		err = ferr
	}
	if err == nil {
		c.s.metrics.frames.Add(float64(written))
	}
	return closing, waiting, err
}

// closeAfterLast closes the connection after the frame that says why,
// once the cork has sent it: the close handshake waits for the peer.
func (c *conn) closeAfterLast() {
	o := &c.out
	o.late.Reset(c.s.cfg.WriteTimeout)
	err := c.cork.drain()
	o.late.Stop()
	if err == nil {
		c.closing.Lock()
		_ = c.ws.Close(websocket.StatusNormalClosure, "see the last message")
		c.closing.Unlock()
	}
	c.cancel()
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
