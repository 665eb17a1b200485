package table

import (
	"sync"
	"time"
)

// workers run the tables' events on goroutines that every table shares. A
// table's own goroutine waits between events far longer than it works, and
// an event (the engine's check, every seat's view, the append) grows a
// stack to 8 KB or more, which the waiting goroutine kept: thousands of
// tables each kept it, and the collector counted it towards its goal. The
// table's goroutine now hands each event to a worker and waits for it, so
// that it never grows past its first stack, and the grown stacks are as
// many as the events running at once.
type workers struct {
	jobs chan job // unbuffered: a job is taken only by an idle worker
	quit chan struct{}
	wg   sync.WaitGroup
	once sync.Once
	idle time.Duration // how long a worker waits for an event before it ends
}

// job is one event to run, and where to say it is done.
type job struct {
	run  func()
	done chan<- struct{}
}

// workerIdle is how long a worker with nothing to do waits for an event
// before it ends.
const workerIdle = 2 * time.Second

func newWorkers() *workers {
	return &workers{jobs: make(chan job), quit: make(chan struct{}), idle: workerIdle}
}

// do runs f on a worker and returns once it has run. done is the caller's
// own channel, with room for one signal, reused from call to call.
func (w *workers) do(f func(), done chan struct{}) {
	j := job{run: f, done: done}
	select {
	case w.jobs <- j:
	default:
		// Every worker is busy: one more, which stays while there is work.
		w.wg.Add(1)
		go w.work(j)
	}
	<-done
}

// work runs jobs until none has come for w.idle, or the workers stop.
func (w *workers) work(j job) {
	defer w.wg.Done()
	idle := time.NewTimer(w.idle)
	defer idle.Stop()
	for {
		j.run()
		j.done <- struct{}{}
		idle.Reset(w.idle)
		select {
		case j = <-w.jobs:
		case <-idle.C:
			return
		case <-w.quit:
			return
		}
	}
}

// stop ends the idle workers, once no table is left to give them work.
func (w *workers) stop() {
	w.once.Do(func() { close(w.quit) })
	w.wg.Wait()
}
