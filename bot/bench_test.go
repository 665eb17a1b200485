package bot

import (
	"testing"

	sk "github.com/skullking-go/skullking"
)

// positions returns games stopped where some seat has a decision to make,
// taken from heuristic games of 4 players under opts.
func positions(tb testing.TB, opts sk.Options, games int, keep func(g *sk.Game) bool) []*sk.Game {
	tb.Helper()
	var out []*sk.Game
	bots := make([]Bot, 4)
	for i := range bots {
		bots[i] = NewHeuristic(0)
	}
	for seed := uint64(0); seed < uint64(games); seed++ {
		g, err := sk.NewGame(4, sk.WithSeed(seed), sk.WithOptions(opts))
		if err != nil {
			tb.Fatal(err)
		}
		for !g.Over() {
			for s := 0; s < 4; s++ {
				if g.Waiting(s) {
					if keep(g) {
						out = append(out, g.Clone())
					}
					g.ApplyUnchecked(bots[s].Act(g.Seat(s)))
					break
				}
			}
		}
	}
	return out
}

// waitingSeat is the first seat with a decision to make.
func waitingSeat(g *sk.Game) int {
	for s := 0; s < g.Players(); s++ {
		if g.Waiting(s) {
			return s
		}
	}
	return -1
}

func benchDecisions(b *testing.B, bot Bot, ps []*sk.Game) {
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := ps[i%len(ps)]
		bot.Act(g.Seat(waitingSeat(g)))
	}
}

// BenchmarkHeuristicDecision times one heuristic decision: bids and cards
// from every round of 4-player games.
func BenchmarkHeuristicDecision(b *testing.B) {
	ps := positions(b, sk.DefaultOptions(), 20, func(*sk.Game) bool { return true })
	benchDecisions(b, NewHeuristic(1), ps)
}

// BenchmarkSimulationDecision times one simulation decision.
func BenchmarkSimulationDecision(b *testing.B) {
	ps := positions(b, sk.DefaultOptions(), 4, func(*sk.Game) bool { return true })
	benchDecisions(b, NewSimulation(1), ps)
}

// BenchmarkExpertDecision times one expert decision on one core.
func BenchmarkExpertDecision(b *testing.B) {
	ps := positions(b, sk.DefaultOptions(), 2, func(*sk.Game) bool { return true })
	benchDecisions(b, NewExpert(1, WithWorkers(1)), ps)
}
