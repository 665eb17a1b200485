package sqlstore

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/skullking-go/skullking/internal/store"
)

// groupCommit commits SQLite's appends in groups. An Append that finds
// no commit under way writes its request itself, on its own goroutine;
// requests that come meanwhile queue, and the store's writer goroutine
// commits what has queued in one transaction (group commit), again and
// again until the queue is empty.
//
// So an append with nothing in its way costs no hand-over: with the writer
// alone, each would cost two, to the writer and back, each a wake-up and,
// under load, a wait in the scheduler's queue behind every connection and
// table that is ready to run. Under load the writer keeps the lead and
// runs batch after batch without waiting for the scheduler, which a lead
// handed from caller to caller would have to do each time.
type groupCommit struct {
	// commit writes a batch in one transaction and sets each request's err.
	commit func(batch []*appendReq)

	mu      sync.Mutex
	queue   []*appendReq // waiting for the writer, in order
	leading bool         // a caller or the writer is committing
	closed  bool
	idle    *sync.Cond    // told when the lead ends
	work    chan struct{} // wakes the writer: the queue is its to commit
	stop    chan struct{} // closed by close: the writer ends
}

func newGroupCommit(commit func([]*appendReq)) *groupCommit {
	g := &groupCommit{commit: commit, work: make(chan struct{}, 1), stop: make(chan struct{})}
	g.idle = sync.NewCond(&g.mu)
	go g.writer()
	return g
}

// appendReq is one Append.
type appendReq struct {
	table   string
	actions []store.Action
	// state is reqQueued until the writer takes the request or its caller,
	// done waiting, withdraws it: whichever comes first decides whether it
	// is written.
	state atomic.Int32
	// done is told, once, that err holds the outcome of a queued request.
	done chan struct{}
	err  error
}

// The states of an appendReq.
const (
	reqQueued int32 = iota
	reqTaken
	reqWithdrawn
)

// take claims r for a commit, unless its caller withdrew it.
func (r *appendReq) take() bool { return r.state.CompareAndSwap(reqQueued, reqTaken) }

// maxBatch bounds one group commit.
const maxBatch = 256

// append writes r, itself or through the writer. An error means that
// nothing was written: a caller whose ctx has ended writes nothing, one
// whose ctx ends while its request is queued withdraws it, and one whose
// request is being written waits for the commit's outcome, so that a
// "nothing changed" told to a player is never a write that lands later.
func (g *groupCommit) append(ctx context.Context, r *appendReq) error {
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return ErrClosed
	}
	if !g.leading {
		g.leading = true
		g.mu.Unlock()
		defer g.passLead() // also if the commit panics
		if err := ctx.Err(); err != nil {
			return err // past its caller's time (its lease's, say): not written
		}
		g.commit([]*appendReq{r})
		return r.err
	}
	r.done = make(chan struct{}, 1)
	g.queue = append(g.queue, r)
	g.mu.Unlock()
	select {
	case <-r.done:
		return r.err
	case <-ctx.Done():
		if r.state.CompareAndSwap(reqQueued, reqWithdrawn) {
			return ctx.Err() // the writer will pass it by
		}
		<-r.done // taken: its outcome is the answer
		return r.err
	}
}

// passLead ends a caller's commit: what queued meanwhile goes to the writer,
// or the lead is free again.
func (g *groupCommit) passLead() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.queue) == 0 {
		g.leading = false
		g.idle.Broadcast()
		return
	}
	g.work <- struct{}{} // never waits: the writer was idle, as the lead was ours
}

// writer commits the queue, batch after batch, each time it is handed the
// lead, until the queue is empty; then the lead is free again.
func (g *groupCommit) writer() {
	for {
		select {
		case <-g.work:
		case <-g.stop:
			return
		}
		for g.writeBatch() {
		}
	}
}

// writeBatch commits the next batch of the queue; false when the queue was
// empty, and the lead is given up.
func (g *groupCommit) writeBatch() bool {
	batch := make([]*appendReq, 0, 16)
	g.mu.Lock()
	n := 0
	for n < len(g.queue) && len(batch) < maxBatch {
		r := g.queue[n]
		g.queue[n] = nil
		n++
		if r.take() {
			batch = append(batch, r)
		}
	}
	g.queue = g.queue[n:]
	if len(batch) == 0 {
		g.queue = nil
		g.leading = false
		g.idle.Broadcast()
		g.mu.Unlock()
		return false
	}
	g.mu.Unlock()
	g.commit(batch)
	for _, r := range batch {
		r.done <- struct{}{}
	}
	return true
}

// close refuses later appends, waits until the queued ones are written, and
// ends the writer.
func (g *groupCommit) close() {
	g.mu.Lock()
	first := !g.closed
	g.closed = true
	for g.leading {
		g.idle.Wait()
	}
	g.mu.Unlock()
	if first {
		close(g.stop)
	}
}

// Append implements store.Store. It returns once the actions are committed; a
// batch is all or nothing. An error means that nothing was written (see
// groupCommit.append).
func (s *SQLite) Append(ctx context.Context, table string, actions ...store.Action) error {
	if len(actions) == 0 {
		return nil
	}
	return s.appends.append(ctx, &appendReq{table: table, actions: actions})
}

// commit writes a group of appends in one transaction. If the group fails
// (one request's seq is taken, say), each request is retried alone so that
// one table's conflict never fails another table's append.
func (s *SQLite) commit(batch []*appendReq) {
	err := s.writeTx(batch)
	if err == nil || len(batch) == 1 {
		for _, r := range batch {
			r.err = err
		}
		return
	}
	for _, r := range batch {
		r.err = s.writeTx([]*appendReq{r})
	}
}

// writeTx writes a batch in one transaction. It has no deadline: with a
// context that can end, the driver starts a goroutine for every statement
// to watch it (two wake-ups an append, and a sixth of its time), and a
// commit on a local file has nothing to wait for but the disk and the
// store's one connection, which every other query holds only within its own
// caller's deadline.
func (s *SQLite) writeTx(batch []*appendReq) error {
	ctx := context.Background()
	if len(batch) == 1 && len(batch[0].actions) == 1 {
		// Alone, one autocommit statement costs a third of a transaction.
		r := batch[0]
		if _, err := s.insert.ExecContext(ctx, actionArgs(r.table, r.actions[0])...); err != nil {
			if unique(err) {
				return appendConflict(r.table, r.actions)
			}
			return fmt.Errorf("store: append: %w", err)
		}
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: append: %w", err)
	}
	defer tx.Rollback()
	stmt := tx.StmtContext(ctx, s.insert)
	for _, r := range batch {
		for _, a := range r.actions {
			if _, err := stmt.ExecContext(ctx, actionArgs(r.table, a)...); err != nil {
				if unique(err) {
					return appendConflict(r.table, r.actions)
				}
				return fmt.Errorf("store: append: %w", err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: append: %w", err)
	}
	return nil
}
