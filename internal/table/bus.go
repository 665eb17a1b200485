package table

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/skullking-go/skullking/protocol"
)

// ClientID names one client connection (or one lobby request awaiting a
// reply). A clustered bus would prefix it with the node's name.
type ClientID string

// IntentKind says what an Intent carries.
type IntentKind uint8

// Intent kinds: a client arriving (hello) or leaving (detach), a protocol
// message, and a seat request from the HTTP lobby.
const (
	IntentHello IntentKind = iota + 1
	IntentDetach
	IntentMsg
	IntentJoin
)

// Intent is one unit of work for a table's actor. It is plain data so that
// a network bus can carry it between nodes.
type Intent struct {
	Kind   IntentKind
	Client ClientID
	Msg    protocol.ClientMsg
	At     time.Time // when the server received it, for latency figures
	// Req is the connection's number for the message (1, 2, … in the
	// order read; 0: none). The table's answer carries it back in
	// Frame.Req, so that the connection can write its answers in the order
	// of the messages they answer.
	Req uint64
}

// Frame is one message for one client. Close asks the client's connection
// to close once the frame is written (a refused token, a removed seat).
type Frame struct {
	Data  []byte
	Close bool
	// Req, when not 0, says this frame answers the client's message of
	// that number (Intent.Req): the one answer it gets. An answer without
	// Data says the message was handled with nothing to tell. A frame with
	// Req 0 answers nothing (a broadcast) and goes out as it comes.
	Req uint64
}

// Endpoint receives a client's frames. Deliver must not block: it queues
// the frame or reports false, and a client that cannot keep up is dropped
// by its own connection, never waited for.
type Endpoint interface {
	Deliver(Frame) bool
}

// BatchEndpoint is an Endpoint that takes several frames at once, to
// write them together. Like Deliver, DeliverAll never blocks; it reports
// false if any frame was refused.
type BatchEndpoint interface {
	Endpoint
	DeliverAll([]Frame) bool
}

// EndpointFunc adapts a function to Endpoint.
type EndpointFunc func(Frame) bool

// Deliver implements Endpoint.
func (f EndpointFunc) Deliver(fr Frame) bool { return f(fr) }

// Errors from a Bus.
var (
	// ErrOverloaded: the table's inbound queue is full. The intent is
	// refused, never queued behind the table's back.
	ErrOverloaded = errors.New("table: overloaded, try again")
	// ErrNoTable: no actor owns the table (not loaded, or closing).
	ErrNoTable = errors.New("table: no such table running")
)

// Bus carries a table's traffic between the actor that owns it and the
// connections of its clients: intents in, frames out. The local bus does it
// in memory; a clustered one (NATS subjects per table and per client) can
// replace it without changing either side.
type Bus interface {
	// Own makes inbox the destination of table's intents until release.
	// The inbox holds pointers, each intent queued in its own copy: its
	// buffer, allocated whole with every table, costs 8 bytes a slot
	// rather than an Intent's size, whether or not anything is queued.
	Own(table string, inbox chan<- *Intent) (release func(), err error)
	// Send offers an intent to the table without waiting: ErrOverloaded when
	// its queue is full, ErrNoTable when nobody owns it.
	Send(table string, in Intent) error
	// SendWait waits for room in the table's queue. Connections use it for
	// lifecycle notices (hello, detach) that must not be lost; it blocks the
	// sender, never the table.
	SendWait(ctx context.Context, table string, in Intent) error
	// Subscribe attaches a client's endpoint until cancel.
	Subscribe(id ClientID, ep Endpoint) (cancel func())
	// Publish delivers frames to a client, in order and, where its
	// endpoint takes them so (BatchEndpoint), together: false if it is
	// gone or full. It does not keep fs.
	Publish(to ClientID, fs ...Frame) bool
}

// LocalBus is the in-process Bus of a single node.
type LocalBus struct {
	mu      sync.RWMutex
	owners  map[string]chan<- *Intent
	clients map[ClientID]*subscription
}

// subscription wraps an endpoint so that cancel removes only its own
// subscription (endpoints themselves may be funcs, which do not compare).
type subscription struct{ ep Endpoint }

// NewLocalBus returns an empty in-process bus.
func NewLocalBus() *LocalBus {
	return &LocalBus{owners: map[string]chan<- *Intent{}, clients: map[ClientID]*subscription{}}
}

// ErrOwned: another actor already owns the table on this bus.
var ErrOwned = errors.New("table: already owned")

// Own implements Bus.
func (b *LocalBus) Own(table string, inbox chan<- *Intent) (func(), error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.owners[table]; ok {
		return nil, ErrOwned
	}
	b.owners[table] = inbox
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.owners[table] == inbox {
			delete(b.owners, table)
		}
	}, nil
}

// offer puts in into table's queue if it has room, under the lock that
// release takes: an intent is never queued after the owner let go, when
// the table, which answers what it holds as it stops, has stopped
// looking. It returns the queue (nil: no owner), the copy of in it
// offered, and whether that went in.
func (b *LocalBus) offer(table string, in Intent) (chan<- *Intent, *Intent, bool) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	ch := b.owners[table]
	if ch == nil {
		return nil, nil, false
	}
	// The copy is made only for a table that runs here: the clustered
	// bus asks this one first for every table, most of them elsewhere.
	p := new(Intent)
	*p = in
	select {
	case ch <- p:
		return ch, p, true
	default:
		return ch, p, false
	}
}

// Send implements Bus.
func (b *LocalBus) Send(table string, in Intent) error {
	ch, _, ok := b.offer(table, in)
	switch {
	case ch == nil:
		return ErrNoTable
	case !ok:
		return ErrOverloaded
	}
	return nil
}

// SendWait implements Bus.
func (b *LocalBus) SendWait(ctx context.Context, table string, in Intent) error {
	ch, p, ok := b.offer(table, in)
	switch {
	case ch == nil:
		return ErrNoTable
	case ok:
		return nil
	}
	// A full queue is waited on without the lock, which release needs.
	select {
	case ch <- p:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Subscribe implements Bus.
func (b *LocalBus) Subscribe(id ClientID, ep Endpoint) func() {
	sub := &subscription{ep}
	b.mu.Lock()
	b.clients[id] = sub
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.clients[id] == sub {
			delete(b.clients, id)
		}
	}
}

// Publish implements Bus.
func (b *LocalBus) Publish(to ClientID, fs ...Frame) bool {
	b.mu.RLock()
	sub := b.clients[to]
	b.mu.RUnlock()
	if sub == nil {
		return false
	}
	if be, ok := sub.ep.(BatchEndpoint); ok && len(fs) > 1 {
		return be.DeliverAll(fs)
	}
	for _, f := range fs {
		if !sub.ep.Deliver(f) {
			return false
		}
	}
	return true
}

// Has reports whether client id is subscribed.
func (b *LocalBus) Has(id ClientID) bool {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return b.clients[id] != nil
}
