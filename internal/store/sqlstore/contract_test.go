package sqlstore

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
	"github.com/skullking-go/skullking/internal/store"
)

// The contract every store.Store keeps, run against each implementation: the
// embedded SQLite one and the memory one always, the PostgreSQL one on the cluster
// scripts/postgres started (pgtest).

// opened is a new, empty store, a way to open its database again once it
// is closed (a restart of the process), and a way to reach the same
// database as another node would while it is open.
type opened struct {
	s      store.Store
	reopen func(t testing.TB) store.Store
	peer   func(t testing.TB) store.Store
}

// backends open each store.Store implementation for a test.
var backends = []struct {
	name string
	open func(t testing.TB) opened
}{
	{"sqlite", func(t testing.TB) opened {
		s, dir := openTest(t)
		reopen := func(t testing.TB) store.Store {
			s, err := OpenSQLite(dir, SQLiteOptions{Durable: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		}
		// One process owns an SQLite file (exclusive locking): nodes
		// sharing it share the one store.
		return opened{s, reopen, func(testing.TB) store.Store { return s }}
	}},
	{"postgres", func(t testing.TB) opened {
		url := pgtest.URL(t)
		open := func(t testing.TB) store.Store {
			s, err := OpenPostgres(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		}
		return opened{open(t), open, open}
	}},
	{"memory", func(testing.TB) opened {
		// Memory outlives its Close: a reopen is the same store.
		s := store.NewMemory()
		same := func(testing.TB) store.Store { return s }
		return opened{s, same, same}
	}},
}

// eachStore runs f against every store.Store implementation.
func eachStore(t *testing.T, f func(t *testing.T, o opened)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { f(t, b.open(t)) })
	}
}

func TestTableRoundTrip(t *testing.T) {
	eachStore(t, func(t *testing.T, o opened) {
		s := o.s
		ctx := context.Background()
		now := time.UnixMilli(time.Now().UnixMilli())
		tab := &store.Table{ID: "abc", Status: store.StatusLobby, Public: true, Seed: 1<<63 + 5, Settings: []byte(`{"a":1}`),
			Seats: []byte(`[]`), CreatedAt: now, UpdatedAt: now}
		if err := s.CreateTable(ctx, tab); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateTable(ctx, tab); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("second create: %v, want store.ErrConflict", err)
		}
		lease, err := s.AcquireLease(ctx, "abc", "n1", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		tab.Status, tab.StartedAt, tab.Rematch = store.StatusPlaying, now, "next"
		if err := s.SaveTable(ctx, tab, lease); err != nil {
			t.Fatal(err)
		}
		got, log, err := s.LoadTable(ctx, "abc")
		if err != nil {
			t.Fatal(err)
		}
		if got.Seed != tab.Seed || got.Status != store.StatusPlaying || !got.Public || string(got.Settings) != `{"a":1}` ||
			string(got.Seats) != `[]` || got.Rematch != "next" || !got.StartedAt.Equal(now) || !got.CreatedAt.Equal(now) ||
			len(log) != 0 {
			t.Fatalf("loaded %+v, %d actions", got, len(log))
		}
		if _, _, err := s.LoadTable(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing table: %v", err)
		}
		if err := s.SaveTable(ctx, &store.Table{ID: "nope", Status: store.StatusLobby}, lease); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("saving a missing table: %v, want store.ErrNotFound", err)
		}
		over := &store.Table{ID: "done", Status: store.StatusOver, Settings: []byte("{}"), Seats: []byte("[]"), CreatedAt: now}
		if err := s.CreateTable(ctx, over); err != nil {
			t.Fatal(err)
		}
		ids, err := s.OpenTables(ctx)
		if err != nil || len(ids) != 1 || ids[0] != "abc" {
			t.Fatalf("open tables %v %v, want the one not over", ids, err)
		}
	})
}

func action(seq int64, act skullking.Action, by string) store.Action {
	return store.Action{Seq: seq, At: time.UnixMilli(time.Now().UnixMilli()), Action: act, By: by}
}

// The unique (table, seq) key is what makes two writers for one table
// impossible: the second append of a seq fails and appends nothing.
func TestAppendUniqueSeq(t *testing.T) {
	eachStore(t, func(t *testing.T, o opened) {
		s := o.s
		ctx := context.Background()
		if err := s.Append(ctx, "t", action(1, skullking.Bid(0, 1), "player"), action(2, skullking.Bid(1, 0), "bot")); err != nil {
			t.Fatal(err)
		}
		err := s.Append(ctx, "t", action(3, skullking.Play(0, skullking.Tigress), "player"), action(2, skullking.Bid(1, 1), "player"))
		if !errors.Is(err, store.ErrConflict) {
			t.Fatalf("duplicate seq: %v, want store.ErrConflict", err)
		}
		if err := s.Append(ctx, "t"); err != nil {
			t.Fatalf("appending nothing: %v", err)
		}
		if err := s.CreateTable(ctx, &store.Table{ID: "t", Status: store.StatusPlaying, Settings: []byte("{}"), Seats: []byte("[]")}); err != nil {
			t.Fatal(err)
		}
		_, log, err := s.LoadTable(ctx, "t")
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != 2 || log[1].Action != skullking.Bid(1, 0) || log[0].By != "player" || log[1].By != "bot" {
			t.Fatalf("log after failed batch: %+v", log)
		}
		// Every field of an action comes back as it went in.
		tigress := skullking.Action{Kind: skullking.ActionPlay, Seat: 7, Card: skullking.Tigress,
			ActionArgs: skullking.ActionArgs{Card2: skullking.NoCard, As: skullking.TigressAs(2), Value: -3}}
		want := action(3, tigress, "timer")
		if err := s.Append(ctx, "t", want); err != nil {
			t.Fatal(err)
		}
		_, log, err = s.LoadTable(ctx, "t")
		if err != nil || len(log) != 3 || log[2].Action != tigress || !log[2].At.Equal(want.At) || log[2].By != "timer" {
			t.Fatalf("log %+v %v, want %+v last", log, err, want)
		}
	})
}

// A stale owner — one whose lease another node has taken over while it
// paused — cannot write: the new owner's append took the next seq, and the
// stale owner's append of that seq fails on the unique key, leaving the new
// owner's action in the log (docs/scaling.md, one owner per table).
func TestStaleOwnerAppendFails(t *testing.T) {
	eachStore(t, func(t *testing.T, o opened) {
		s := o.s
		ctx := context.Background()
		old, err := s.AcquireLease(ctx, "t", "n1", time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, "t", action(1, skullking.Bid(0, 1), "player")); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
		other := o.peer(t) // another node on the same database
		l, err := other.AcquireLease(ctx, "t", "n2", time.Minute)
		if err != nil || l.Epoch != old.Epoch+1 {
			t.Fatalf("take-over: %+v %v", l, err)
		}
		if err := other.Append(ctx, "t", action(2, skullking.Bid(1, 2), "bot")); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, "t", action(2, skullking.Bid(1, 0), "player")); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("the stale owner's append: %v, want store.ErrConflict", err)
		}
		if _, err := s.RenewLease(ctx, old, time.Minute); !errors.Is(err, store.ErrLeaseLost) {
			t.Fatalf("the stale owner's renewal: %v, want store.ErrLeaseLost", err)
		}
		if err := s.CreateTable(ctx, &store.Table{ID: "t", Status: store.StatusPlaying, Settings: []byte("{}"), Seats: []byte("[]")}); err != nil {
			t.Fatal(err)
		}
		_, log, err := other.LoadTable(ctx, "t")
		if err != nil || len(log) != 2 || log[1].Action != skullking.Bid(1, 2) {
			t.Fatalf("log %+v %v, want the new owner's bid second", log, err)
		}
	})
}

func TestLeases(t *testing.T) {
	eachStore(t, func(t *testing.T, o opened) {
		s := o.s
		ctx := context.Background()
		l, err := s.AcquireLease(ctx, "t", "n1", time.Minute)
		if err != nil || l.Epoch != 1 || l.Table != "t" || l.Node != "n1" {
			t.Fatalf("acquire: %+v %v", l, err)
		}
		if _, err := s.AcquireLease(ctx, "t", "n2", time.Minute); !errors.Is(err, store.ErrLeased) {
			t.Fatalf("second node: %v, want store.ErrLeased", err)
		}
		// The same node restarting takes its own table back with a new
		// epoch (for a moment only here, so that it runs out below).
		l2, err := s.AcquireLease(ctx, "t", "n1", time.Millisecond)
		if err != nil || l2.Epoch != 2 {
			t.Fatalf("reacquire: %+v %v", l2, err)
		}
		if _, err := s.RenewLease(ctx, l, time.Minute); !errors.Is(err, store.ErrLeaseLost) {
			t.Fatalf("stale renew: %v, want store.ErrLeaseLost", err)
		}
		if _, err := s.RenewLease(ctx, l2, time.Millisecond); err != nil {
			t.Fatal(err)
		}
		// A renewal never shortens a lease: the heartbeat's and a table's
		// own may land in either order.
		long, err := s.AcquireLease(ctx, "long", "n1", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.RenewLease(ctx, long, time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RenewLeases(ctx, "n1", time.Millisecond); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
		l3, err := s.AcquireLease(ctx, "t", "n2", time.Minute)
		if err != nil || l3.Epoch != 3 {
			t.Fatalf("take over an expired lease: %+v %v", l3, err)
		}
		if _, err := s.AcquireLease(ctx, "long", "n2", time.Minute); !errors.Is(err, store.ErrLeased) {
			t.Fatalf("a lease renewed for less than it had left ran out: %v, want store.ErrLeased", err)
		}
		if err := s.ReleaseLease(ctx, l2); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AcquireLease(ctx, "t", "n1", time.Minute); !errors.Is(err, store.ErrLeased) {
			t.Fatalf("a stale release let the lease go: %v", err)
		}
		if err := s.ReleaseLease(ctx, l3); err != nil {
			t.Fatal(err)
		}
		if l, err := s.AcquireLease(ctx, "t", "n1", time.Minute); err != nil || l.Epoch != 1 {
			t.Fatalf("after a release: %+v %v", l, err)
		}
		// A node heartbeat renews all of its leases at once.
		for _, tab := range []string{"a", "b"} {
			if _, err := s.AcquireLease(ctx, tab, "n3", time.Millisecond); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.AcquireLease(ctx, "c", "n2", time.Minute); err != nil {
			t.Fatal(err)
		}
		ids, err := s.RenewLeases(ctx, "n3", time.Minute)
		if err != nil || len(ids) != 2 {
			t.Fatalf("renew leases: %v %v", ids, err)
		}
		time.Sleep(5 * time.Millisecond)
		if _, err := s.AcquireLease(ctx, "a", "n2", time.Minute); !errors.Is(err, store.ErrLeased) {
			t.Fatalf("a renewed lease was taken: %v", err)
		}
		if ids, err := s.RenewLeases(ctx, "nobody", time.Minute); err != nil || len(ids) != 0 {
			t.Fatalf("a node without leases renewed %v, %v", ids, err)
		}
	})
}

// Of nodes taking one free table at the same moment, exactly one gets it.
func TestLeaseRace(t *testing.T) {
	eachStore(t, func(t *testing.T, o opened) {
		ctx := context.Background()
		stores := []store.Store{o.s, o.peer(t)}
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for i := range 8 {
			wg.Go(func() {
				_, err := stores[i%len(stores)].AcquireLease(ctx, "t", "node"+string(rune('a'+i)), time.Minute)
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					won++
				} else if !errors.Is(err, store.ErrLeased) {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if won != 1 {
			t.Fatalf("%d nodes got the lease, want 1", won)
		}
	})
}

func TestRecordsAndReopen(t *testing.T) {
	eachStore(t, func(t *testing.T, o opened) {
		s := o.s
		ctx := context.Background()
		if _, err := s.Record(ctx, "x"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing record: %v", err)
		}
		if err := s.PutRecord(ctx, "x", []byte(`{"format":"skullking-record/0"}`)); err != nil {
			t.Fatal(err)
		}
		if err := s.PutRecord(ctx, "x", []byte(`{"format":"skullking-record/1"}`)); err != nil {
			t.Fatal(err)
		}
		if err := s.Ping(ctx); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s2 := o.reopen(t)
		b, err := s2.Record(ctx, "x")
		if err != nil || string(b) != `{"format":"skullking-record/1"}` {
			t.Fatalf("record after reopen: %q %v", b, err)
		}
	})
}

// A review is kept across a reopen, replaced by a later one, and dropped
// when the record it was computed from is replaced.
func TestReviewsKeptWithTheRecord(t *testing.T) {
	eachStore(t, func(t *testing.T, o opened) {
		s := o.s
		ctx := context.Background()
		if _, err := s.Review(ctx, "x"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing review: %v, want store.ErrNotFound", err)
		}
		if err := s.PutRecord(ctx, "x", []byte(`{"format":"skullking-record/1"}`)); err != nil {
			t.Fatal(err)
		}
		for _, r := range []string{`[{"seat":0}]`, `[{"seat":0},{"seat":1}]`} {
			if err := s.PutReview(ctx, "x", []byte(r)); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s2 := o.reopen(t)
		if b, err := s2.Review(ctx, "x"); err != nil || string(b) != `[{"seat":0},{"seat":1}]` {
			t.Fatalf("review after reopen: %q %v, want the later one", b, err)
		}
		if _, err := s2.Review(ctx, "y"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("another table's review: %v, want store.ErrNotFound", err)
		}
		if err := s2.PutRecord(ctx, "x", []byte(`{"format":"skullking-record/1","players":[]}`)); err != nil {
			t.Fatal(err)
		}
		if _, err := s2.Review(ctx, "x"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("review of a replaced record: %v, want it dropped", err)
		}
	})
}

// Unowned is what a node's sweep takes over: the open tables whose lease is
// missing, expired or its own, never another node's live one or a table
// that is over (docs/scaling.md, "One owner per table").
func TestUnownedTablesAreTheOnesANodeMayTakeOver(t *testing.T) {
	eachStore(t, func(t *testing.T, o opened) {
		s := o.s
		ctx := context.Background()
		now := time.UnixMilli(time.Now().UnixMilli())
		for i, id := range []string{"free", "expired", "mine", "theirs", "over"} {
			st := store.StatusPlaying
			if id == "over" {
				st = store.StatusOver
			}
			tab := &store.Table{ID: id, Status: st, Settings: []byte("{}"), Seats: []byte("[]"),
				CreatedAt: now.Add(time.Duration(i) * time.Millisecond), UpdatedAt: now}
			if err := s.CreateTable(ctx, tab); err != nil {
				t.Fatal(err)
			}
		}
		for _, l := range []struct {
			table, node string
			ttl         time.Duration
		}{{"expired", "n2", time.Millisecond}, {"mine", "n1", time.Minute}, {"theirs", "n2", time.Minute}, {"over", "n2", time.Millisecond}} {
			if _, err := s.AcquireLease(ctx, l.table, l.node, l.ttl); err != nil {
				t.Fatal(err)
			}
		}
		time.Sleep(5 * time.Millisecond)
		ids, err := s.Unowned(ctx, "n1")
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(ids, ","); got != "free,expired,mine" {
			t.Fatalf("n1 may take %s, want free,expired,mine", got)
		}
		ids, err = s.Unowned(ctx, "n2")
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(ids, ","); got != "free,expired,theirs" {
			t.Fatalf("n2 may take %s, want free,expired,theirs", got)
		}
	})
}

// Only the holder of a table's lease may change its row: the new owner's
// seats and seed must not be overwritten by a node that lost the table.
func TestSaveTableIsFencedByTheLease(t *testing.T) {
	eachStore(t, func(t *testing.T, o opened) {
		s := o.s
		ctx := context.Background()
		now := time.UnixMilli(time.Now().UnixMilli())
		tab := &store.Table{ID: "t", Status: store.StatusLobby, Settings: []byte("{}"), Seats: []byte(`["old"]`), CreatedAt: now, UpdatedAt: now}
		if err := s.CreateTable(ctx, tab); err != nil {
			t.Fatal(err)
		}
		stale, err := s.AcquireLease(ctx, "t", "n1", time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
		current, err := s.AcquireLease(ctx, "t", "n2", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		tab.Seats, tab.Seed = []byte(`["stale"]`), 7
		if err := s.SaveTable(ctx, tab, stale); !errors.Is(err, store.ErrLeaseLost) {
			t.Fatalf("the stale owner's save: %v, want store.ErrLeaseLost", err)
		}
		if got, _, err := s.LoadTable(ctx, "t"); err != nil || string(got.Seats) != `["old"]` || got.Seed != 0 {
			t.Fatalf("after the stale save the row is %+v (%v), want it unchanged", got, err)
		}
		tab.Seats = []byte(`["new"]`)
		if err := s.SaveTable(ctx, tab, current); err != nil {
			t.Fatal(err)
		}
		if got, _, err := s.LoadTable(ctx, "t"); err != nil || string(got.Seats) != `["new"]` {
			t.Fatalf("the owner's save left %+v (%v)", got, err)
		}
	})
}
