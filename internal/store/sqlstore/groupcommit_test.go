package sqlstore

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// commits records the batches a groupCommit writes; a commit waits while
// the gate is shut.
type commits struct {
	mu      sync.Mutex
	batches [][]string
	gate    chan struct{} // closed: commits go through
	entered chan struct{} // told as each commit starts
	panics  bool          // the next commit panics
}

func newCommits() *commits {
	return &commits{gate: make(chan struct{}), entered: make(chan struct{}, 64)}
}

func (c *commits) commit(batch []*appendReq) {
	c.entered <- struct{}{}
	<-c.gate
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.panics {
		c.panics = false
		panic("the disk is gone")
	}
	var tables []string
	for _, r := range batch {
		tables = append(tables, r.table)
	}
	c.batches = append(c.batches, tables)
}

// newTestGroup is a groupCommit over c, closed when the test ends.
func newTestGroup(t *testing.T, c *commits) *groupCommit {
	g := newGroupCommit(c.commit)
	t.Cleanup(g.close)
	return g
}

// queued waits until n requests wait in g's queue.
func queued(t *testing.T, g *groupCommit, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		g.mu.Lock()
		k := len(g.queue)
		g.mu.Unlock()
		if k == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d requests queued, want %d", k, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// An append with nothing in its way is written by its own caller, and the
// appends that queue meanwhile share the writer's next commit, in order.
func TestQueuedAppendsShareTheNextCommit(t *testing.T) {
	c := newCommits()
	g := newTestGroup(t, c)
	ctx := context.Background()
	errs := make(chan error, 11)
	go func() { errs <- g.append(ctx, &appendReq{table: "first"}) }()
	<-c.entered
	for i, table := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"} {
		go func() { errs <- g.append(ctx, &appendReq{table: table}) }()
		queued(t, g, i+1)
	}
	close(c.gate)
	for range 11 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if len(c.batches) != 2 || len(c.batches[0]) != 1 || len(c.batches[1]) != 10 || c.batches[1][0] != "a" {
		t.Fatalf("commits %v, want [first] then the ten queued, in order", c.batches)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.leading || len(g.queue) != 0 {
		t.Fatalf("after the commits: leading %v, %d queued; want the lead ended", g.leading, len(g.queue))
	}
}

// A request whose caller stops waiting while it is queued is passed by: it
// is never written.
func TestAWithdrawnAppendIsPassedBy(t *testing.T) {
	c := newCommits()
	g := newTestGroup(t, c)
	ctx := context.Background()
	first := make(chan error, 1)
	go func() { first <- g.append(ctx, &appendReq{table: "first"}) }()
	<-c.entered
	gone, cancel := context.WithCancel(ctx)
	withdrawn := make(chan error, 1)
	go func() { withdrawn <- g.append(gone, &appendReq{table: "withdrawn"}) }()
	queued(t, g, 1)
	later := make(chan error, 1)
	go func() { later <- g.append(ctx, &appendReq{table: "later"}) }()
	queued(t, g, 2)
	cancel()
	if err := <-withdrawn; !errors.Is(err, context.Canceled) {
		t.Fatalf("the withdrawn append returned %v, want context.Canceled", err)
	}
	close(c.gate)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if err := <-later; err != nil {
		t.Fatal(err)
	}
	if len(c.batches) != 2 || len(c.batches[1]) != 1 || c.batches[1][0] != "later" {
		t.Fatalf("commits %v, want [first] then [later]", c.batches)
	}
}

// A caller's commit that panics still hands the queue to the writer: the
// appends behind it are written, and the lead is free again after.
func TestACommitThatPanicsHandsTheLeadOn(t *testing.T) {
	c := newCommits()
	c.panics = true
	g := newTestGroup(t, c)
	ctx := context.Background()
	panicked := make(chan any, 1)
	go func() {
		defer func() { panicked <- recover() }()
		_ = g.append(ctx, &appendReq{table: "first"})
	}()
	<-c.entered
	queuedErr := make(chan error, 1)
	go func() { queuedErr <- g.append(ctx, &appendReq{table: "queued"}) }()
	queued(t, g, 1)
	close(c.gate)
	if p := <-panicked; p == nil {
		t.Fatal("the leader's panic was swallowed")
	}
	// The request queued during the panicking commit is the writer's.
	if err := <-queuedErr; err != nil {
		t.Fatalf("the append queued behind the panic: %v", err)
	}
	if len(c.batches) != 1 || c.batches[0][0] != "queued" {
		t.Fatalf("commits %v, want [queued]", c.batches)
	}
	if err := g.append(ctx, &appendReq{table: "after"}); err != nil {
		t.Fatalf("an append after the panic: %v", err)
	}
}

// Close waits for the appends queued before it and refuses those after.
func TestCloseWaitsForTheQueue(t *testing.T) {
	c := newCommits()
	g := newTestGroup(t, c)
	ctx := context.Background()
	errs := make(chan error, 2)
	go func() { errs <- g.append(ctx, &appendReq{table: "first"}) }()
	<-c.entered
	go func() { errs <- g.append(ctx, &appendReq{table: "queued"}) }()
	queued(t, g, 1)
	closed := make(chan struct{})
	go func() { g.close(); close(closed) }()
	// Once close holds the store shut, appends are refused.
	for {
		g.mu.Lock()
		shut := g.closed
		g.mu.Unlock()
		if shut {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err := g.append(ctx, &appendReq{table: "late"}); !errors.Is(err, ErrClosed) {
		t.Fatalf("an append after the close: %v, want ErrClosed", err)
	}
	select {
	case <-closed:
		t.Fatal("close returned while a commit was under way")
	case <-time.After(50 * time.Millisecond):
	}
	close(c.gate)
	<-closed
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if len(c.batches) != 2 {
		t.Fatalf("commits %v, want the first and the queued one", c.batches)
	}
}

// An append whose caller's time is already up (a table's lease, say) is not
// written, even with nothing in its way.
func TestAnAppendPastItsTimeIsNotWritten(t *testing.T) {
	c := newCommits()
	close(c.gate)
	g := newTestGroup(t, c)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := g.append(ctx, &appendReq{table: "late"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("an append past its time: %v, want context.Canceled", err)
	}
	if len(c.batches) != 0 {
		t.Fatalf("commits %v, want none", c.batches)
	}
	if err := g.append(context.Background(), &appendReq{table: "next"}); err != nil {
		t.Fatalf("the next append: %v", err)
	}
}
