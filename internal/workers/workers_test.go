package workers

import (
	"bytes"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"
)

// goroutineID is the running goroutine's number, as its stack trace
// names it.
func goroutineID() int {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	f := bytes.Fields(buf[:n])
	id, _ := strconv.Atoi(string(f[1]))
	return id
}

// waitFor polls cond until it holds, or fails the test after a while.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("still not so after 5 s: %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// newPool returns a pool that the test's end closes, waiting for its
// workers to end so that the next test counts goroutines of its own.
func newPool(t *testing.T, maxIdle int) *Pool {
	p := New(maxIdle)
	t.Cleanup(func() {
		p.Close()
		waitFor(t, "the idle workers end", func() bool { return p.Idle() == 0 })
	})
	return p
}

// The call after one that ended runs on the same goroutine: its stack is
// the one the first call grew.
func TestACallRunsOnTheWorkerTheLastOneLeft(t *testing.T) {
	p := newPool(t, 4)
	ids := make(chan int)
	p.Go(func() { ids <- goroutineID() })
	first := <-ids
	waitFor(t, "the worker waits for a call", func() bool { return p.Idle() == 1 })
	p.Go(func() { ids <- goroutineID() })
	if second := <-ids; second != first {
		t.Fatalf("the second call ran on goroutine %d, the first on %d", second, first)
	}
}

// Go never waits for a running call: calls that block all run at once.
func TestGoNeverWaitsForARunningCall(t *testing.T) {
	p := newPool(t, 2)
	const calls = 50
	release := make(chan struct{})
	var started sync.WaitGroup
	started.Add(calls)
	for range calls {
		p.Go(func() {
			started.Done()
			<-release
		})
	}
	started.Wait() // every call runs while all the others block
	close(release)
}

// Once a burst is over, at most maxIdle workers stay.
func TestABurstLeavesAtMostMaxIdleWorkers(t *testing.T) {
	const maxIdle = 3
	before := runtime.NumGoroutine()
	p := newPool(t, maxIdle)
	release := make(chan struct{})
	var started sync.WaitGroup
	started.Add(20)
	for range 20 {
		p.Go(func() {
			started.Done()
			<-release
		})
	}
	started.Wait()
	close(release)
	waitFor(t, "the burst's extra workers end", func() bool {
		return p.Idle() == maxIdle && runtime.NumGoroutine() <= before+maxIdle
	})
}

// Close ends the idle workers, and calls after it still run.
func TestCloseEndsIdleWorkersAndCallsStillRun(t *testing.T) {
	before := runtime.NumGoroutine()
	p := New(8)
	var done sync.WaitGroup
	done.Add(5)
	for range 5 {
		p.Go(done.Done)
	}
	done.Wait()
	p.Close()
	waitFor(t, "the idle workers end", func() bool { return p.Idle() == 0 && runtime.NumGoroutine() <= before })
	ran := make(chan struct{})
	p.Go(func() { close(ran) })
	<-ran
	waitFor(t, "the call's goroutine ends", func() bool { return runtime.NumGoroutine() <= before })
}
