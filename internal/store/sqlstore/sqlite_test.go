package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/store"
)

func openTest(t testing.TB) (*SQLite, string) {
	t.Helper()
	dir := t.TempDir()
	s, err := OpenSQLite(dir, SQLiteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir
}

func BenchmarkAppend(b *testing.B) {
	s, _ := openTest(b)
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		if err := s.Append(ctx, "t", store.Action{Seq: int64(i + 1), At: time.Now(), Action: skullking.Bid(0, 1), By: "bot"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendParallel is many tables appending at once, as under load:
// group commit shares transactions between them.
func BenchmarkAppendParallel(b *testing.B) {
	s, _ := openTest(b)
	ctx := context.Background()
	var next atomic.Int64
	b.SetParallelism(256)
	b.RunParallel(func(pb *testing.PB) {
		table := fmt.Sprintf("t%d", next.Add(1))
		seq := int64(0)
		for pb.Next() {
			seq++
			if err := s.Append(ctx, table, store.Action{Seq: seq, At: time.Now(), Action: skullking.Bid(0, 1), By: "bot"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// An append that reports failure was never written: the table tells its
// player "nothing changed, try again" on that error. A request whose
// caller stops waiting while it is still queued is withdrawn, and the
// commit passes it by; one already being committed is waited for, and its
// outcome is the answer, however long the caller meant to wait.
func TestAnAppendThatFailsWasNotWritten(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	// The store's one connection is held, so that the first append, which
	// leads the commit, waits for it, and the second waits in the queue
	// behind.
	held, err := s.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { held.Close() }) // before the store's close, which waits for the commit
	act := func(seq int64) store.Action {
		return store.Action{Seq: seq, At: time.Now(), Action: skullking.Bid(0, 1), By: "player"}
	}
	taken := make(chan error, 1)
	go func() {
		c, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		taken <- s.Append(c, "t", act(1))
	}()
	// The first request leads and waits for the connection; the second is
	// queued behind it until its caller gives up.
	for s.db.Stats().WaitCount == 0 {
		time.Sleep(time.Millisecond)
	}
	c, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if err := s.Append(c, "t", act(2)); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("an append queued behind a stuck commit returned %v, want the deadline", err)
	}
	select {
	case err := <-taken:
		t.Fatalf("the append being written returned %v before its write ended", err)
	case <-time.After(400 * time.Millisecond): // its caller's deadline has passed
	}
	held.Close()
	if err := <-taken; err != nil {
		t.Fatalf("the append being written, once its commit could go on: %v", err)
	}
	// Seq 2 is free: the withdrawn request was never written.
	if err := s.Append(ctx, "t", act(2)); err != nil {
		t.Fatalf("appending seq 2 after the withdrawn one: %v", err)
	}
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM actions WHERE table_id = 't'").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Fatalf("the log holds %d actions, want 2", n)
	}
}

// An append after the close is refused at once.
func TestAnAppendAfterTheCloseIsRefused(t *testing.T) {
	s, _ := openTest(t)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for seq := int64(1); seq <= 50; seq++ {
		err := s.Append(context.Background(), "t", store.Action{Seq: seq, At: time.Now(), Action: skullking.Bid(0, 1), By: "player"})
		if !errors.Is(err, ErrClosed) {
			t.Fatalf("append %d after the close: %v, want ErrClosed", seq, err)
		}
	}
}

// Many tables appending at once, as under load: every append lands once, in
// its table's order, whether its caller wrote it or the writer did in a
// group; and a conflict in a group fails only its own table's append.
func TestAppendsAtOnceAllLandOnce(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	const tables, each = 48, 40
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for k := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			table := fmt.Sprintf("t%d", k)
			for seq := int64(1); seq <= each; seq++ {
				if err := s.Append(ctx, table, store.Action{Seq: seq, At: time.Now(), Action: skullking.Bid(0, int(seq%3)), By: "player"}); err != nil {
					errs <- fmt.Errorf("%s seq %d: %w", table, seq, err)
					return
				}
				if seq%10 == 0 {
					// A stale writer's seq, taken: refused, and nothing else.
					err := s.Append(ctx, table, store.Action{Seq: seq, At: time.Now(), Action: skullking.Bid(1, 0), By: "player"})
					if !errors.Is(err, store.ErrConflict) {
						errs <- fmt.Errorf("%s seq %d again: %v, want store.ErrConflict", table, seq, err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT table_id, COUNT(*), MIN(seq), MAX(seq), SUM(seat) FROM actions GROUP BY table_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var table string
		var count, first, last, seats int
		if err := rows.Scan(&table, &count, &first, &last, &seats); err != nil {
			t.Fatal(err)
		}
		if count != each || first != 1 || last != each || seats != 0 {
			t.Errorf("%s: %d actions, seq %d to %d, seats summing to %d; want %d, 1 to %d, 0", table, count, first, last, seats, each, each)
		}
		n++
	}
	if n != tables {
		t.Fatalf("%d tables in the log, want %d", n, tables)
	}
}
