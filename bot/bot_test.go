package bot

import (
	"fmt"
	"slices"
	"testing"
	"time"

	sk "github.com/skullking-go/skullking"
)

// tables lists the rule sets every bot must handle: the base game, every
// module with pirate abilities (Loot from 3 players), Rascal's scoring with
// cannon loads, and house rules on the Whirlpool schedule.
func tables(players int) map[string]sk.Options {
	base := sk.DefaultOptions()
	all := sk.DefaultOptions()
	all.Kraken, all.WhiteWhale, all.PirateAbilities = true, true, true
	all.Loot = players > 2
	rascal := all
	rascal.Scoring, rascal.CannonLoad = sk.RascalScoring, true
	// House rules and an odd schedule, with the legacy Kraken lead.
	house := all
	house.Schedule, house.ZeroScaling, house.KeepBonusOnMiss = "whirlpool", sk.ZeroByRound, true
	house.KrakenLead = sk.KrakenLeadLeftOfKraken
	return map[string]sk.Options{"base": base, "modules": all, "rascal": rascal, "house": house}
}

// testFactories are the levels under test, with the searching bots on small
// budgets: these tests check legality and determinism, not strength.
func testFactories() map[string]Factory {
	small := simulationConfig
	small.worlds, small.bidWorlds = 3, 3
	return map[string]Factory{
		"random":    func(seed uint64) Bot { return NewRandom(seed) },
		"heuristic": func(seed uint64) Bot { return NewHeuristic(seed) },
		// The expert's rollout policy, played out with its actions checked.
		"planned":    func(seed uint64) Bot { return planned() },
		"simulation": func(seed uint64) Bot { return &Simulation{s: newSearch(small, seed)} },
		"expert":     func(seed uint64) Bot { return NewExpert(seed, WithBudget(0.02)) },
	}
}

// gameWith plays a game with bots from f in every seat, or, with one set,
// in seat 0 only and the heuristic elsewhere.
func gameWith(t testing.TB, f Factory, players int, opts sk.Options, seed uint64, one bool) *sk.Game {
	t.Helper()
	g, err := sk.NewGame(players, sk.WithSeed(seed), sk.WithOptions(opts))
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]Bot, players)
	for s := range bots {
		if one && s > 0 {
			bots[s] = NewHeuristic(0)
			continue
		}
		bots[s] = f(sk.DeriveSeed(seed, uint64(s)))
	}
	playGame(t, g, bots, -1, nil)
	return g
}

// TestBotsPlayLegalGames plays complete games at every table size and rule
// set; playGame fails on the first illegal action.
func TestBotsPlayLegalGames(t *testing.T) {
	for name, f := range testFactories() {
		games := 2
		searching := name == "simulation" || name == "expert"
		if testing.Short() || raceEnabled || searching {
			games = 1
		}
		// Under the race detector a searching bot takes one seat of each
		// table, the heuristic the others.
		one := searching && (testing.Short() || raceEnabled)
		for n := 2; n <= 8; n++ {
			for tname, opts := range tables(n) {
				for i := 0; i < games; i++ {
					g := gameWith(t, f, n, opts, uint64(1000*n+i), one)
					if !g.Over() {
						t.Fatalf("%s %d players %s: game not over", name, n, tname)
					}
				}
			}
		}
	}
}

// TestBotsAreDeterministic checks that the same seeds replay the same game.
func TestBotsAreDeterministic(t *testing.T) {
	for name, f := range testFactories() {
		for _, n := range []int{2, 4, 6} {
			opts := tables(n)["modules"]
			one := raceEnabled || testing.Short()
			a := gameWith(t, f, n, opts, 77, one)
			b := gameWith(t, f, n, opts, 77, one)
			if !slices.Equal(a.Log(), b.Log()) {
				t.Fatalf("%s, %d players: two games from the same seeds differ", name, n)
			}
		}
	}
}

// TestExpertWorkersChangeNothing checks that the expert decides the same
// on one goroutine as on several, against heuristic seats it comes to
// model as the heuristic.
func TestExpertWorkersChangeNothing(t *testing.T) {
	opts := tables(4)["modules"]
	on := func(n int) Factory {
		return func(seed uint64) Bot { return NewExpert(seed, WithBudget(0.02), WithWorkers(n)) }
	}
	a := gameWith(t, on(1), 4, opts, 11, true)
	b := gameWith(t, on(3), 4, opts, 11, true)
	if !slices.Equal(a.Log(), b.Log()) {
		t.Fatal("the expert on one goroutine and on three played different games")
	}
}

func TestNewKnowsEveryLevel(t *testing.T) {
	for _, l := range Levels() {
		if _, err := New(l, 1); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := New("nonsense", 1); err == nil {
		t.Fatal("unknown level accepted")
	}
}

// TestHeuristicBeatsRandom is a strength smoke test on duplicate deals.
func TestHeuristicBeatsRandom(t *testing.T) {
	deals := 50
	if testing.Short() {
		deals = 20
	}
	r := duplicate(t, func(s uint64) Bot { return NewHeuristic(s) }, func(s uint64) Bot { return NewRandom(s) },
		4, deals, sk.DefaultOptions(), 2, 3)
	t.Logf("heuristic vs 3×random: margin %+.1f [%+.1f, %+.1f]", r.margin, r.lo, r.hi)
	if r.lo < 200 {
		t.Fatalf("heuristic beats random by only %+.1f [%+.1f, %+.1f] points a game", r.margin, r.lo, r.hi)
	}
}

// TestSimulationBeatsHeuristic is a strength smoke test on duplicate deals:
// the simulation level should beat three heuristic bots by a wide margin
// (about +230 points a game over many deals).
func TestSimulationBeatsHeuristic(t *testing.T) {
	deals := 12
	if testing.Short() || raceEnabled {
		deals = 4
	}
	r := duplicate(t, func(s uint64) Bot { return NewSimulation(s) }, func(s uint64) Bot { return NewHeuristic(s) },
		4, deals, sk.DefaultOptions(), 2, 9)
	t.Logf("simulation vs 3×heuristic: margin %+.1f [%+.1f, %+.1f]", r.margin, r.lo, r.hi)
	if r.margin < 100 {
		t.Fatalf("simulation beats the heuristic by only %+.1f [%+.1f, %+.1f] points a game", r.margin, r.lo, r.hi)
	}
}

func TestAliasesNameTheLadder(t *testing.T) {
	for alias, level := range map[string]string{"deckhand": "random", "bosun": "heuristic", "quartermaster": "simulation", "captain": "expert"} {
		a, err := New(alias, 1)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := New(level, 1)
		if fmt.Sprintf("%T", a) != fmt.Sprintf("%T", b) {
			t.Fatalf("%s makes a %T, %s a %T", alias, a, level, b)
		}
		if Aliases()[level] != alias {
			t.Fatalf("Aliases()[%q] = %q, want %q", level, Aliases()[level], alias)
		}
	}
	want := []string{"random", "heuristic", "simulation", "expert"}
	if got := Levels(); !slices.Equal(got[:4], want) {
		t.Fatalf("Levels() = %v, want the ladder %v first", got, want)
	}
}

// TestTimeLimit checks WithTimeLimit: a limit the search never reaches
// changes no decision, and a limit already past still yields legal play
// (decided on the fewest deals allowed).
func TestTimeLimit(t *testing.T) {
	opts := tables(4)["modules"]
	small := func(extra ...ExpertOption) Factory {
		return func(seed uint64) Bot { return NewExpert(seed, append([]ExpertOption{WithBudget(0.02)}, extra...)...) }
	}
	plain := gameWith(t, small(), 4, opts, 5, true)
	roomy := gameWith(t, small(WithTimeLimit(time.Hour)), 4, opts, 5, true)
	if !slices.Equal(plain.Log(), roomy.Log()) {
		t.Fatal("a time limit that was never reached changed the game")
	}
	rushed := gameWith(t, small(WithTimeLimit(time.Nanosecond)), 4, opts, 5, true)
	if !rushed.Over() {
		t.Fatal("the game with a spent time limit did not finish")
	}
	b, err := NewWithin("captain", 1, time.Nanosecond)
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := b.(*Expert); !ok || e.s.cfg.timeLimit != time.Nanosecond {
		t.Fatalf("NewWithin(captain) = %#v, want a time-limited expert", b)
	}
	if _, err := NewWithin("admiral", 1, time.Second); err == nil {
		t.Fatal("NewWithin accepted an unknown level")
	}
}
