package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// Limits on a connection's misbehaviour before it is closed: a client that
// sends garbage or floods is told why each time, and dropped only when it
// keeps on.
const (
	maxBadFrames   = 20 // consecutive frames that are not valid messages
	maxRateRefused = 50 // consecutive messages over the rate limit
)

// conn is one client's WebSocket to one table. One goroutine at a time
// reads it, the reader (the first started by the HTTP handler, which then
// returns); between messages the reader hands the connection to a fresh
// one, which waits for the peer on a new stack (read). A writer runs only
// while frames wait in its outbox, and a ping only when one is due
// (writer.go), so that an idle connection costs one small goroutine, not
// three. The table never waits for any of them.
type conn struct {
	s     *Server
	ws    *websocket.Conn
	watch *frameWatch // the bytes ws reads, watched for a frame over the limit
	cork  *cork       // gathers a batch of frames into one write (cork.go)
	table string
	id    table.ClientID
	log   *slog.Logger
	out   outbox
	// closing is held while the writer closes the connection: the close
	// handshake reads the buffers the reader looks into (readerMayWait).
	closing sync.Mutex

	ctx    context.Context
	cancel context.CancelFunc
	drop1  sync.Once
	order  *replyOrder // answers in the order of the messages (order.go)

	// heard is when the peer's last frame was read, in Unix nanoseconds:
	// it proves the peer alive as a pong would (pingNow).
	heard atomic.Int64

	// ended runs once the connection is over: the handler's share of the
	// cleanup (the counts and the address's slot).
	ended       func()
	stopClose   func() bool // stops the close on c.ctx's end
	unsubscribe func()

	// reader goroutine only (one at a time: each hands over to the next)
	hello   bool
	msgs    *rate.Limiter
	bad     int
	limited int
}

func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := s.info(r.Context(), id); err != nil {
		s.tableError(w, err)
		return
	}
	// Refused before the upgrade: a refusal costs no connection, and the
	// 429 tells a client to come back later, when one of its others ends.
	release := func() {}
	if ip := clientIP(r); !s.exempt(ip) {
		var ok bool
		if release, ok = s.wsConns.acquire(ip); !ok {
			w.Header().Set("Retry-After", "5")
			s.metrics.refused.WithLabelValues(protocol.ErrTooManyConns).Inc()
			writeError(w, http.StatusTooManyRequests, protocol.ErrTooManyConns, protocol.ProblemTooManyConns, "Count", s.cfg.MaxConnsPerIP)
			return
		}
	}
	hw := &watchFrames{ResponseWriter: w, limit: protocol.MaxFrame}
	ws, err := websocket.Accept(hw, r, &websocket.AcceptOptions{Subprotocols: []string{protocol.Subprotocol}})
	if err != nil {
		release()
		s.log.Debug("websocket accept", "err", err)
		return // Accept has answered the request
	}
	// The library's own limit stays as a second bound: it counts a
	// message's bytes as they arrive, where the watch reads the headers.
	ws.SetReadLimit(protocol.MaxFrame)
	s.conns.Add(1)
	s.metrics.connections.Inc()
	c := s.newConn(id, ws)
	c.watch = hw.watch
	c.setCork(hw.cork)
	// The connection is served by a goroutine of its own and the handler
	// returns: the HTTP server then lets go of everything it kept for the
	// request, and the reader's stack is not the handler's, which the
	// server's calls below it had grown. Tens of thousands of connections
	// each spend a stack and a request less.
	c.ended = func() {
		release()
		s.metrics.connections.Dec()
		s.conns.Done()
	}
	go c.serve()
}

// newConn prepares a new client's connection to table id.
func (s *Server) newConn(id string, ws *websocket.Conn) *conn {
	c := &conn{s: s, ws: ws, table: id, id: s.mgr.NewClientID(), msgs: newMsgLimiter(s.cfg.MsgRate, s.cfg.MsgBurst)}
	c.log = s.log.With("table", id, "client", string(c.id))
	c.ctx, c.cancel = context.WithCancel(s.ctx)
	c.order = newReplyOrder(s.cfg.OutQueue, c.queue)
	c.heard.Store(time.Now().UnixNano())
	c.out.late = time.AfterFunc(time.Hour, func() { c.drop("write") })
	c.out.late.Stop()
	return c
}

// setCork makes k the connection's cork: bytes it could not write at once
// start a writer, which drains them.
func (c *conn) setCork(k *cork) {
	c.cork = k
	if k != nil {
		k.stalled = c.stalled
	}
}

// serve starts serving the connection, until either side ends it.
func (c *conn) serve() {
	// The end of c.ctx closes the socket, which ends a read or a write
	// waiting on it: reads and writes then need no context of their own,
	// which the library would watch with one more callback each time.
	c.stopClose = context.AfterFunc(c.ctx, func() { c.ws.CloseNow() })
	c.unsubscribe = c.s.mgr.Bus().Subscribe(c.id, c)
	c.pingLater(c.s.cfg.PingInterval)
	c.read(false)
}

// read runs a reader until the connection ends, then cleans up; or until
// the reader hands the connection to the next one, between messages.
// awaited: the peer's next bytes are there (await), read them at once.
//
// Each message grows the reader's stack to about 8 KB, and the collector
// gives a stack back only a half at a time, so a reader that waited on its
// own kept most of it through the wait. Between messages a fresh
// goroutine waits instead (await), on a new stack a few frames deep, and
// most connections are waiting at any time; the message itself is read on
// a kept worker, whose stack an earlier one grew.
func (c *conn) read(awaited bool) {
	handed := false
	c.guard("reader", func() { handed = c.reader(awaited) })
	if handed {
		return
	}
	c.cancel()
	c.unsubscribe()
	if c.hello {
		c.detach()
	}
	c.out.close()
	c.stopClose()
	c.ws.CloseNow()
	c.ended()
}

// detach tells the table that this client left, or the seat would look
// connected forever; waiting here blocks only this goroutine. It is a
// function of its own, never inlined, so that its intent does not sit in
// read's frame under the reader's, deepening the stack every idle
// connection keeps (awaitPeer).
//
//go:noinline
func (c *conn) detach() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	err := c.s.mgr.Bus().SendWait(ctx, c.table, table.Intent{Kind: table.IntentDetach, Client: c.id, At: time.Now()})
	cancel()
	if err != nil && !errors.Is(err, table.ErrNoTable) {
		c.log.Warn("detach", "err", err)
	}
}

// guard runs one of the connection's goroutines, turning a panic into a
// log line and a closed connection.
func (c *conn) guard(name string, f func()) {
	defer func() {
		if v := recover(); v != nil {
			c.log.Error("connection goroutine panicked", "goroutine", name, "panic", fmt.Sprint(v),
				"stack", string(debug.Stack()))
			c.drop("panic")
		}
	}()
	f()
}

// Deliver implements table.Endpoint: it queues a frame without ever
// blocking the table, an answer in the order of the messages. A client
// whose queue is full is too slow and is dropped; it can reconnect and
// will get the whole state again.
func (c *conn) Deliver(f table.Frame) bool {
	if !c.order.deliver(f) {
		c.drop("slow")
		return false
	}
	return true
}

// DeliverAll implements table.BatchEndpoint: it queues frames as Deliver
// does, and the writer starts only once all of them wait, so that they go
// out in one write.
func (c *conn) DeliverAll(fs []table.Frame) bool {
	c.out.hold()
	defer c.release()
	for _, f := range fs {
		if !c.Deliver(f) {
			return false
		}
	}
	return true
}

// drop ends the connection for reason (counted once).
func (c *conn) drop(reason string) {
	c.dropped(reason)
	c.cancel()
}

// dropped counts the connection's end, once, for reason.
func (c *conn) dropped(reason string) {
	c.drop1.Do(func() {
		if c.ctx.Err() == nil {
			c.s.metrics.dropped.WithLabelValues(reason).Inc()
			c.log.Info("connection dropped", "reason", reason)
		}
	})
}

// failFrame ends the connection with a WebSocket status for what the peer
// sent that is not a frame of the protocol (RFC 6455 §7.4.1): the status
// and why, in the close frame, are the answer. The close frame is written
// before the connection is cancelled, which would cut it short.
func (c *conn) failFrame(code websocket.StatusCode, why, reason string) {
	c.dropped(reason)
	_ = c.ws.Close(code, trim(why, 120)) // a close frame's reason: at most 123 bytes
	c.cancel()
}

// await waits, between messages, for the peer's next bytes on a shallow
// stack, then hands the connection to a worker to read them.
func (c *conn) await() {
	awaitPeer(c.watch.Conn)
	c.s.workers.Go(func() { c.read(true) })
}

// readerMayWait reports whether nothing the peer sent waits in the
// connection's buffers, so that the reader may wait on the socket.
func (c *conn) readerMayWait() bool {
	if c.watch == nil {
		return false
	}
	c.closing.Lock()
	defer c.closing.Unlock()
	return !c.watch.unread()
}

// reader reads client frames until the connection ends (false), or until
// it hands the connection to the next reader between messages (true).
// awaited: the peer's next bytes are there.
func (c *conn) reader(awaited bool) (handed bool) {
	for ; ; awaited = false {
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		switch {
		case !c.hello:
			ctx, cancel = context.WithTimeout(c.ctx, c.s.cfg.HelloTimeout)
		case awaited:
		case c.readerMayWait():
			// The next reader owns the connection from here on: nothing
			// of it is touched after the go statement.
			go c.await()
			return true
		}
		typ, data, err := c.ws.Read(ctx)
		cancel()
		if err == nil {
			c.heard.Store(time.Now().UnixNano())
		}
		if err != nil {
			switch {
			case c.watch != nil && c.watch.tooBig() > 0:
				c.failFrame(websocket.StatusMessageTooBig, tooBigReason(c.watch.tooBig(), protocol.MaxFrame), "oversize")
			case websocket.CloseStatus(err) == websocket.StatusMessageTooBig:
				c.drop("oversize")
			case !c.hello && ctx.Err() != nil && c.ctx.Err() == nil:
				c.drop("no_hello")
			}
			return false
		}
		req := c.order.number()
		if !c.msgs.Allow() {
			c.limited++
			if c.limited > maxRateRefused {
				c.fail(req, messageID(typ, data), protocol.ErrRateLimited, protocol.NewProblem(protocol.ProblemRateClosing), "rate")
				return false
			}
			c.refuse(req, messageID(typ, data), protocol.ErrRateLimited,
				protocol.NewProblem(protocol.ProblemRateLimited, "Rate", float64(c.s.cfg.MsgRate)))
			continue
		}
		c.limited = 0
		if !c.frame(req, typ, data) {
			return false
		}
	}
}

// messageID is the id of a frame that will not be handled, so that its
// refusal answers it: a client waiting for that message's ack must learn it
// was dropped. 0 for a frame that is no message.
func messageID(typ websocket.MessageType, data []byte) int64 {
	if typ != websocket.MessageText {
		return 0
	}
	var m struct {
		ID int64 `json:"id"`
	}
	if json.Unmarshal(data, &m) != nil {
		return 0
	}
	return m.ID
}

// frame handles one client frame, number req; false ends the connection.
func (c *conn) frame(req uint64, typ websocket.MessageType, data []byte) bool {
	if typ != websocket.MessageText {
		return c.badFrame(req, protocol.NewProblem(protocol.ProblemBadFrameBinary))
	}
	m, err := protocol.DecodeClient(data)
	var notText *protocol.UTF8Error
	if errors.As(err, &notText) {
		// A text frame must be UTF-8 (RFC 6455 §8.1): the peer is failed
		// with 1007, never answered with its bytes repaired.
		c.failFrame(websocket.StatusInvalidFramePayloadData, err.Error(), "not_utf8")
		return false
	}
	var badText *protocol.TextError
	if errors.As(err, &badText) {
		// A well-formed message with a string that is no text: its sender
		// waits for an answer to its id, and learns which field it was.
		c.refuse(req, messageID(typ, data), protocol.ErrBadRequest, protocol.NewProblem(protocol.ProblemBadText, "Detail", trim(err.Error(), 200)))
		return true
	}
	if errors.Is(err, skullking.ErrBadOptions) {
		// A well-formed message whose rules the engine refuses: its sender
		// waits for an answer to its id.
		c.refuse(req, messageID(typ, data), protocol.ErrBadRequest,
			protocol.NewProblem(protocol.ProblemBadOption, "Detail", trim(protocol.RulesProblem(err), 200)))
		return true
	}
	if err != nil {
		return c.badFrame(req, protocol.NewProblem(protocol.ProblemBadFrame, "Detail", trim(err.Error(), 120)))
	}
	c.bad = 0
	switch m.Type {
	case protocol.TypeHello:
		if c.hello {
			c.refuse(req, m.ID, protocol.ErrNeedHello, protocol.NewProblem(protocol.ProblemHelloAgain))
			return true
		}
		c.hello = true
		return c.forward(table.Intent{Kind: table.IntentHello, Client: c.id, Msg: m, At: time.Now(), Req: req}, true)
	case protocol.TypeAct, protocol.TypeStart, protocol.TypeSeat, protocol.TypeAddSeat, protocol.TypeConfigure, protocol.TypeRematch,
		protocol.TypeChat, protocol.TypeLeave, protocol.TypeHint:
		if !c.hello {
			c.refuse(req, m.ID, protocol.ErrNeedHello, protocol.NewProblem(protocol.ProblemSayHello))
			return true
		}
		return c.forward(table.Intent{Kind: table.IntentMsg, Client: c.id, Msg: m, At: time.Now(), Req: req}, false)
	default:
		c.refuse(req, m.ID, protocol.ErrUnknownType, protocol.NewProblem(protocol.ProblemUnknownType, "Type", trim(m.Type, 40)))
		return true
	}
}

// forward hands an intent to the table. Hellos wait for room in its queue;
// everything else follows the overload policy: refused at once when the
// queue is full, so a flood never blocks the table or this reader.
func (c *conn) forward(in table.Intent, wait bool) bool {
	bus := c.s.mgr.Bus()
	send := func() error {
		if !wait {
			return bus.Send(c.table, in)
		}
		ctx, cancel := context.WithTimeout(c.ctx, 5*time.Second)
		defer cancel()
		return bus.SendWait(ctx, c.table, in)
	}
	err := send()
	if errors.Is(err, table.ErrNoTable) && wait {
		err = c.reopen(send)
	}
	switch {
	case err == nil:
		return true
	case errors.Is(err, table.ErrOverloaded):
		c.refuse(in.Req, in.Msg.ID, protocol.ErrOverloaded, protocol.NewProblem(protocol.ProblemTableBusy))
		return true
	default:
		c.fail(in.Req, in.Msg.ID, protocol.ErrNoTable, protocol.NewProblem(protocol.ProblemNotRunning), "no_table")
		return false
	}
}

// moveWait bounds how long a hello waits for its table to come back on
// some node: an owner that died holds its lease until it runs out.
const moveWait = 20 * time.Second

// reopen brings back a table nobody runs, for a hello: the table was put
// away since the upgrade, or its node died. While another node still
// holds its lease, the hello waits, asking again, until the table runs
// somewhere (here or on the node that took it over), so that the client
// need not reconnect to find it.
func (c *conn) reopen(send func() error) error {
	ctx, cancel := context.WithTimeout(c.ctx, moveWait)
	defer cancel()
	for {
		_, err := c.s.mgr.Ensure(ctx, c.table)
		if err == nil || !errors.Is(err, store.ErrLeased) {
			if err == nil {
				err = send()
			}
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(200 * time.Millisecond):
		}
		if err := send(); !errors.Is(err, table.ErrNoTable) {
			return err // another node took it over
		}
	}
}

// refuse answers client message number req (id: the client's) with an
// error; the connection stays.
func (c *conn) refuse(req uint64, id int64, code string, p *protocol.Problem) {
	c.s.metrics.refused.WithLabelValues(code).Inc()
	c.Deliver(table.Frame{Data: errorFrame(id, code, p), Req: req})
}

// errorFrame is the error answering message id, encoded, with the
// problem's English for logs and tools.
func errorFrame(id int64, code string, p *protocol.Problem) []byte {
	msg := table.ErrorMsg(id, code, p)
	msg.Message = words.Problem(p)
	b, _ := json.Marshal(msg)
	return b
}

// badFrame refuses frame number req, which is not a message, and closes
// the connection after too many in a row.
func (c *conn) badFrame(req uint64, p *protocol.Problem) bool {
	c.bad++
	if c.bad > maxBadFrames {
		c.fail(req, 0, protocol.ErrBadFrame, protocol.NewProblem(protocol.ProblemBadFrames), "bad_frames")
		return false
	}
	c.refuse(req, 0, protocol.ErrBadFrame, p)
	return true
}

// fail answers message number req (id: the client's) with a last error
// and closes the connection once it is written. The id tells the client
// which of its messages the error answers: it must not wait for another.
func (c *conn) fail(req uint64, id int64, code string, p *protocol.Problem, reason string) {
	c.s.metrics.refused.WithLabelValues(code).Inc()
	if c.Deliver(table.Frame{Data: errorFrame(id, code, p), Close: true, Req: req}) {
		select {
		case <-c.ctx.Done():
		case <-time.After(c.s.cfg.WriteTimeout):
		}
	}
	c.drop(reason)
}

func trim(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
