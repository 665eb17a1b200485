package sqlstore

import (
	"context"
	"fmt"
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
