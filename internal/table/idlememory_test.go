package table

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/heaptest"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/protocol"
)

// idleTableBudget bounds what one loaded table that nobody talks to keeps
// on the heap. A server holds tens of thousands of them, so that what each
// holds up front, before anything happens at it, is most of its memory.
// An idle table held about 33 KB while its inbox buffered whole intents
// (128 of 200 bytes: 25.6 KB), and about 7 KB since the inbox buffers
// pointers to them: the bound sits between the two, with room for the
// table's own state to grow, and fails if the inbox goes back to holding
// intents.
const idleTableBudget = 16 << 10

// TestIdleTableMemory loads tables and checks what they hold while idle.
// The heap is read after a collection before and after loading them, so
// that only what the tables keep counts, not what loading them threw
// away; over many tables the noise of a few stray allocations elsewhere
// in the process is a few bytes a table.
func TestIdleTableMemory(t *testing.T) {
	const n = 200
	ctx := context.Background()
	s := store.NewMemory()
	ids := make([]string, n)
	// Created by one manager and loaded by another, as after a restart:
	// the store's rows exist before the measurement starts.
	creator := newManager(t, s)
	for i := range ids {
		id, _, _, err := creator.Create(ctx, CreateRequest{Nickname: "Ann", Seats: []SeatSpec{{Kind: KindOpen}, {Kind: KindOpen}, {Kind: KindOpen}, {Kind: KindOpen}}})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	creator.Close()

	m := newManager(t, s)
	before := heaptest.Live()
	for _, id := range ids {
		if _, err := m.Ensure(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	after := heaptest.Live()
	runtime.KeepAlive(m)
	per := (after - before) / n
	t.Logf("an idle table holds %d bytes (%d tables)", per, n)
	if per > idleTableBudget {
		t.Errorf("an idle table holds %d bytes, want at most %d", per, idleTableBudget)
	}
}

// waitingTableStack bounds the stack a table keeps while it waits for its
// next event. A goroutine that ran each event and then waited kept the
// 8 KB the events grew it to, 4 KB once collections had halved it (3.9-4.3
// KB a table here); a fresh goroutine waits after each event, on a stack
// of its own, whose frame only waits (Table.next): 2.3-2.4 KB a table.
const waitingTableStack = 3 << 10

// TestAWaitingTableKeepsASmallStack plays a few actions at many tables and
// reads the stacks the process holds once they wait, against those before
// the tables were made.
func TestAWaitingTableKeepsASmallStack(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector deepens every frame; scripts/test runs this test without it")
	}
	stacks := func() uint64 {
		for range 4 { // each collection halves a stack that uses a quarter of it
			runtime.GC()
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.StackInuse
	}
	m := newManager(t, store.NewMemory())
	before := stacks()
	const n = 600
	for range n {
		_, _, ann := startWithBot(t, m, Settings{Options: skullking.DefaultOptions()})
		ann.next(protocol.TypeState)
		for range 3 {
			if !ann.actOnLatest() {
				ann.next(protocol.TypeState)
			}
		}
	}
	time.Sleep(100 * time.Millisecond) // the bots' last moves
	after := stacks()
	per := (int64(after) - int64(before)) / n
	t.Logf("a waiting table keeps %d bytes of stack (%d tables)", per, n)
	if per > waitingTableStack {
		t.Errorf("a waiting table keeps %d bytes of stack, want at most %d", per, waitingTableStack)
	}
}
