package store

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
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

func TestTableRoundTrip(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	now := time.UnixMilli(time.Now().UnixMilli())
	tab := &Table{ID: "abc", Status: StatusLobby, Public: true, Seed: 1<<63 + 5, Settings: []byte(`{"a":1}`),
		Seats: []byte(`[]`), CreatedAt: now, UpdatedAt: now}
	if err := s.CreateTable(ctx, tab); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(ctx, tab); !errors.Is(err, ErrConflict) {
		t.Fatalf("second create: %v, want ErrConflict", err)
	}
	tab.Status, tab.StartedAt = StatusPlaying, now
	if err := s.SaveTable(ctx, tab); err != nil {
		t.Fatal(err)
	}
	got, log, err := s.LoadTable(ctx, "abc")
	if err != nil {
		t.Fatal(err)
	}
	if got.Seed != tab.Seed || got.Status != StatusPlaying || !got.Public || string(got.Settings) != `{"a":1}` ||
		!got.StartedAt.Equal(now) || len(log) != 0 {
		t.Fatalf("loaded %+v, %d actions", got, len(log))
	}
	if _, _, err := s.LoadTable(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing table: %v", err)
	}
	ids, err := s.OpenTables(ctx)
	if err != nil || len(ids) != 1 || ids[0] != "abc" {
		t.Fatalf("open tables %v %v", ids, err)
	}
}

// The unique (table, seq) key is what makes two writers for one table
// impossible: the second append of a seq fails and appends nothing.
func TestAppendUniqueSeq(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	a := func(seq int64, act skullking.Action) Action {
		return Action{Seq: seq, At: time.Now(), Action: act, By: "player"}
	}
	if err := s.Append(ctx, "t", a(1, skullking.Bid(0, 1)), a(2, skullking.Bid(1, 0))); err != nil {
		t.Fatal(err)
	}
	err := s.Append(ctx, "t", a(3, skullking.Play(0, skullking.Tigress)), a(2, skullking.Bid(1, 1)))
	if !errors.Is(err, ErrConflict) {
		t.Fatalf("duplicate seq: %v, want ErrConflict", err)
	}
	if err := s.CreateTable(ctx, &Table{ID: "t", Status: StatusPlaying, Settings: []byte("{}"), Seats: []byte("[]")}); err != nil {
		t.Fatal(err)
	}
	_, log, err := s.LoadTable(ctx, "t")
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 2 || log[1].Action != skullking.Bid(1, 0) || log[0].By != "player" {
		t.Fatalf("log after failed batch: %+v", log)
	}
}

func TestLeases(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	l, err := s.AcquireLease(ctx, "t", "n1", time.Minute)
	if err != nil || l.Epoch != 1 {
		t.Fatalf("acquire: %+v %v", l, err)
	}
	if _, err := s.AcquireLease(ctx, "t", "n2", time.Minute); !errors.Is(err, ErrLeased) {
		t.Fatalf("second node: %v, want ErrLeased", err)
	}
	// The same node restarting takes its own table back with a new epoch.
	l2, err := s.AcquireLease(ctx, "t", "n1", time.Minute)
	if err != nil || l2.Epoch != 2 {
		t.Fatalf("reacquire: %+v %v", l2, err)
	}
	if _, err := s.RenewLease(ctx, l, time.Minute); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("stale renew: %v, want ErrLeaseLost", err)
	}
	if _, err := s.RenewLease(ctx, l2, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond)
	l3, err := s.AcquireLease(ctx, "t", "n2", time.Minute)
	if err != nil || l3.Epoch != 3 {
		t.Fatalf("take over an expired lease: %+v %v", l3, err)
	}
	if err := s.ReleaseLease(ctx, l3); err != nil {
		t.Fatal(err)
	}
	// A node heartbeat renews all of its leases at once.
	for _, tab := range []string{"a", "b"} {
		if _, err := s.AcquireLease(ctx, tab, "n1", time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.AcquireLease(ctx, "c", "n2", time.Minute); err != nil {
		t.Fatal(err)
	}
	ids, err := s.RenewLeases(ctx, "n1", time.Minute)
	if err != nil || len(ids) != 2 {
		t.Fatalf("renew leases: %v %v", ids, err)
	}
	time.Sleep(5 * time.Millisecond)
	if _, err := s.AcquireLease(ctx, "a", "n2", time.Minute); !errors.Is(err, ErrLeased) {
		t.Fatalf("a renewed lease was taken: %v", err)
	}
}

func TestRecordsAndReopen(t *testing.T) {
	s, dir := openTest(t)
	ctx := context.Background()
	if _, err := s.Record(ctx, "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing record: %v", err)
	}
	if err := s.PutRecord(ctx, "x", []byte(`{"format":"skullking-record/1"}`)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2, err := OpenSQLite(dir, SQLiteOptions{Durable: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	b, err := s2.Record(ctx, "x")
	if err != nil || string(b) != `{"format":"skullking-record/1"}` {
		t.Fatalf("record after reopen: %q %v", b, err)
	}
}

// A review is kept across a reopen, replaced by a later one, and dropped
// when the record it was computed from is replaced.
func TestReviewsKeptWithTheRecord(t *testing.T) {
	s, dir := openTest(t)
	ctx := context.Background()
	if _, err := s.Review(ctx, "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing review: %v, want ErrNotFound", err)
	}
	if err := s.PutRecord(ctx, "x", []byte(`{"format":"skullking-record/1"}`)); err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{`[{"seat":0}]`, `[{"seat":0},{"seat":1}]`} {
		if err := s.PutReview(ctx, "x", []byte(r)); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s2, err := OpenSQLite(dir, SQLiteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if b, err := s2.Review(ctx, "x"); err != nil || string(b) != `[{"seat":0},{"seat":1}]` {
		t.Fatalf("review after reopen: %q %v, want the later one", b, err)
	}
	if _, err := s2.Review(ctx, "y"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("another table's review: %v, want ErrNotFound", err)
	}
	if err := s2.PutRecord(ctx, "x", []byte(`{"format":"skullking-record/1","players":[]}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := s2.Review(ctx, "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("review of a replaced record: %v, want it dropped", err)
	}
}

func BenchmarkAppend(b *testing.B) {
	s, _ := openTest(b)
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		if err := s.Append(ctx, "t", Action{Seq: int64(i + 1), At: time.Now(), Action: skullking.Bid(0, 1), By: "bot"}); err != nil {
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
			if err := s.Append(ctx, table, Action{Seq: seq, At: time.Now(), Action: skullking.Bid(0, 1), By: "bot"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
