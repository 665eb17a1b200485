package arena

import (
	"context"
	"testing"
)

// BenchmarkRandomGame is the arena's hot loop: one iteration is one 4-player
// game of random bots on one worker, rotations and bookkeeping included.
func BenchmarkRandomGame(b *testing.B) {
	r, err := newRun(Config{Lineup: lineup("random", 4), Deals: 1, Workers: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer r.closeBots()
	w := r.workers[0]
	out := make([]dealStats, 1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := w.playGame(uint64(i/4), uint64(i/4)+1, i%4, out); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkRun measures a whole run through the public API on one worker:
// one iteration is one deal set (4 games).
func BenchmarkRun(b *testing.B) {
	b.ReportAllocs()
	res, err := Run(context.Background(), Config{Lineup: lineup("random", 4), Deals: b.N, Workers: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(res.Games)/b.Elapsed().Seconds(), "games/s")
}
