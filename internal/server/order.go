package server

import (
	"sync"

	"github.com/skullking-go/skullking/internal/table"
)

// replyOrder writes a connection's answers in the order of the messages
// they answer. The connection answers some messages itself, at once (a
// second hello, a frame over the rate, a table too busy), while the table
// answers the others later, through the bus; without this, the
// connection's own answer to a second hello could overtake the table's
// welcome to the first, and a hint worked out in the background could
// arrive after the ack of a later action.
//
// Every frame read gets the next number, and exactly one answer: a frame,
// or nothing to say (an answer without data). An answer goes out once
// every earlier number's has; one that comes early waits. Frames that
// answer nothing (the table's broadcasts) go out as they come.
type replyOrder struct {
	mu    sync.Mutex
	next  uint64                 // the number of the next message read
	head  uint64                 // the oldest number not yet answered
	early map[uint64]table.Frame // answers waiting for an earlier one
	// limit bounds the answers waiting: a client whose answers pile up
	// behind a slow one is as slow as one that does not read.
	limit int
	// write queues a frame for the connection, without blocking; false
	// means the connection is gone or too slow.
	write func(table.Frame) bool
}

func newReplyOrder(limit int, write func(table.Frame) bool) *replyOrder {
	return &replyOrder{next: 1, head: 1, early: map[uint64]table.Frame{}, limit: limit, write: write}
}

// number gives the next message read its number.
func (o *replyOrder) number() uint64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := o.next
	o.next++
	return n
}

// deliver takes a frame for the connection: an answer in its turn, a
// broadcast at once.
func (o *replyOrder) deliver(f table.Frame) bool {
	if f.Req == 0 {
		return f.Data == nil || o.write(f)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	switch {
	case f.Req < o.head || f.Req >= o.next:
		// No message waits for it (a second word on a message already
		// answered, as after a recovered panic): it goes out as it comes.
		f.Req = 0
		return f.Data == nil || o.write(f)
	case f.Req > o.head:
		if len(o.early) >= o.limit {
			return false
		}
		o.early[f.Req] = f
		return true
	}
	ok := o.release(f)
	for {
		g, waiting := o.early[o.head]
		if !waiting {
			return ok
		}
		delete(o.early, o.head)
		ok = o.release(g) && ok
	}
}

// release writes the answer to the head message and moves on to the next.
func (o *replyOrder) release(f table.Frame) bool {
	o.head++
	return f.Data == nil || o.write(f)
}
