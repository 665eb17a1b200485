package skullking

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// docs/record.md, "A game in progress": a record written at any point of a
// game replays to exactly that game's state — the same hands, the same seat
// to act, the same decision awaited.

// recordStop is where a random game is stopped to be written as a record.
type recordStop struct {
	name string
	// at reports whether the game is at such a point.
	at func(g *Game) bool
	// edit makes the options able to reach the point.
	edit func(o *Options)
}

func abilitiesOn(o *Options) { o.PirateAbilities = true }

// recordStops are the points of a game the property test stops at. Each but
// "anywhere" and "end" is sought from a random step on; a game that ends
// first is checked at its end.
var recordStops = []recordStop{
	{name: "anywhere", at: func(*Game) bool { return true }},
	{name: "mid-bidding", at: func(g *Game) bool {
		in := 0
		for s := 0; s < g.Players(); s++ {
			if _, ok := g.Bid(s); ok {
				in++
			}
		}
		return g.Phase() == PhaseBidding && in > 0
	}},
	{name: "mid-cannon", at: func(g *Game) bool {
		in := 0
		for s := 0; s < g.Players(); s++ {
			if !g.Waiting(s) {
				in++
			}
		}
		return g.Phase() == PhaseCannon && in > 0
	}, edit: func(o *Options) { o.Scoring, o.CannonLoad = RascalScoring, true }},
	{name: "ability", at: func(g *Game) bool { return g.Phase() == PhaseAbility }, edit: abilitiesOn},
	{name: "harry after the last trick", at: func(g *Game) bool {
		kind, seat := g.Pending()
		return kind == ActionHarry && g.Hand(seat).Empty()
	}, edit: abilitiesOn},
	{name: "bendt between draw and discard", at: func(g *Game) bool {
		kind, _ := g.Pending()
		return kind == ActionDiscard
	}, edit: abilitiesOn},
	{name: "between tricks", at: func(g *Game) bool {
		return g.Phase() == PhasePlaying && len(g.CurrentTrick()) == 0 && g.TrickNumber() > 1
	}},
	{name: "end", at: func(*Game) bool { return false }},
}

func TestProperty_RecordOfAnyPointReplaysToTheGame(t *testing.T) {
	reached := map[string]int{}
	for n := 2; n <= 8; n++ {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) {
				stop := rapid.SampledFrom(recordStops).Draw(rt, "stop")
				o := drawOptions(rt, n)
				if rapid.Bool().Draw(rt, "abilities and cannon") {
					o.PirateAbilities = true
					o.Scoring, o.CannonLoad = RascalScoring, true
				}
				if stop.edit != nil {
					stop.edit(&o)
				}
				seed := uint64(rapid.Uint32().Draw(rt, "seed"))
				from := rapid.IntRange(0, 400).Draw(rt, "from step")
				g := playToStop(rt, n, o, seed, from, stop)
				if g.Over() == (stop.name == "end") {
					reached[stop.name]++
				}
				checkRecordReplaysTo(rt, g)
			})
		})
	}
	// TestRecord_EveryStopReplays makes sure of every stop; this says how
	// often the random games got there.
	t.Logf("stops reached: %v", reached)
}

// Every stop of recordStops, at every table size, with every module, pirate
// abilities and Rascal's scoring with cannon loads: the first seeded game
// that gets there is written and replayed. However rapid draws, each point
// is checked.
func TestRecord_EveryStopReplays(t *testing.T) {
	for n := 2; n <= 8; n++ {
		o := DefaultOptions()
		withModules(&o, "all", n)
		o.Scoring, o.CannonLoad = RascalScoring, true
		for _, stop := range recordStops {
			t.Run(fmt.Sprintf("%d players %s", n, stop.name), func(t *testing.T) {
				for seed := uint64(0); ; seed++ {
					if seed == 1000 {
						t.Fatalf("no game of seeds 0 to 999 is stopped at %q", stop.name)
					}
					g := playToStop(t, n, o, seed, int(seed%50), stop)
					if g.Over() == (stop.name == "end") {
						checkRecordReplaysTo(t, g)
						return
					}
				}
			})
		}
	}
}

// playToStop plays a seeded game of random legal actions until, from step
// from on, it is at stop, or it ends.
func playToStop(c fataler, n int, o Options, seed uint64, from int, stop recordStop) *Game {
	c.Helper()
	g := newGame(c, n, WithOptions(o), WithSeed(seed), WithNames(goldenNames[:n]...))
	r := NewRand(DeriveSeed(seed, 2))
	steps := 0
	playUntil(c, g, &r, func(g *Game) bool {
		steps++
		return steps > from && stop.at(g)
	})
	return g
}

// checkRecordReplaysTo writes g's record, marshals, parses and replays it,
// and checks the replayed game is g: the same log, phase, round, turn,
// results, totals, and the same view for every seat and the spectator.
func checkRecordReplaysTo(c interface {
	Helper()
	Fatalf(format string, args ...any)
}, g *Game) {
	c.Helper()
	b, _, g2, err := rereadRecord(RecordOf(g))
	if err != nil {
		c.Fatalf("phase %v, round %d: %v\n%s", g.Phase(), g.Round(), err, b)
	}
	named := g.Options().PirateAbilities
	differ := func(what string, want, got any) {
		c.Fatalf("phase %v, round %d, trick %d: the replayed game's %s differs:\n got %+v\nwant %+v\n%s",
			g.Phase(), g.Round(), g.TrickNumber(), what, got, want, b)
	}
	if want, got := sameFaces(sortedDecisions(g.Log()), named), sameFaces(sortedDecisions(g2.Log()), named); !reflect.DeepEqual(want, got) {
		// An action prints without its seat: say where and what.
		i := 0
		for i < min(len(want), len(got)) && want[i] == got[i] {
			i++
		}
		at := func(log []Action) string {
			if i < len(log) {
				return fmt.Sprintf("seat %d: %v", log[i].Seat, log[i])
			}
			return "nothing"
		}
		differ(fmt.Sprintf("log (at action %d of %d, %s; want %s)", i, len(want), at(got), at(want)), want, got)
	}
	if g.Phase() != g2.Phase() {
		differ("phase", g.Phase(), g2.Phase())
	}
	if g.Round() != g2.Round() {
		differ("round", g.Round(), g2.Round())
	}
	if g.Turn() != g2.Turn() {
		differ("turn", g.Turn(), g2.Turn())
	}
	if !reflect.DeepEqual(g.Results(), g2.Results()) {
		differ("results", g.Results(), g2.Results())
	}
	if !reflect.DeepEqual(g.Totals(), g2.Totals()) {
		differ("totals", g.Totals(), g2.Totals())
	}
	for s := Spectator; s < g.Players(); s++ {
		want, got := g.View(s), g2.View(s)
		sameFaces(&want, named)
		sameFaces(&got, named)
		if !reflect.DeepEqual(want, got) {
			differ(fmt.Sprintf("view of seat %d", s), want, got)
		}
	}
}

// What is normalised before comparing, because it cannot matter:
//
//   - Which copy of an interchangeable face a seat holds or plays (the two
//     Mermaids, the Escapes, the Loots, and the Pirates when their names do
//     not matter). A record names faces, not copies (docs/record.md, card
//     codes), so the replay deals and plays whichever copy comes first; the
//     copies play identically (legal.go, interchangeable).
//   - The order of the simultaneous decisions of one bidding or one round of
//     cannon loads. They are secret and made at once (docs/rules.md §3); the
//     record keeps one per seat, and the replay makes them in seat order.
//
// Nothing else is: the undealt cards' order, which the replay cannot know,
// shows in no view.

// sameFaces replaces, in place, every Card inside v (a pointer, or a slice
// of actions) by the first copy of its face, and returns v.
func sameFaces[T any](v T, named bool) T {
	faceAll(reflect.ValueOf(v), named)
	return v
}

func faceAll(v reflect.Value, named bool) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			faceAll(v.Elem(), named)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				faceAll(v.Field(i), named)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			faceAll(v.Index(i), named)
		}
	default:
		if v.Type() == cardType && v.CanSet() {
			v.Set(reflect.ValueOf(firstCopy(Card(v.Uint()), named)))
		}
	}
}

// firstCopy is the lowest card of c's face.
func firstCopy(c Card, named bool) Card {
	if !c.Valid() {
		return c
	}
	switch c.Kind() {
	case KindMermaid:
		return Mermaid1
	case KindEscape:
		return Escape1
	case KindLoot:
		return Loot1
	case KindPirate:
		if !named {
			return Rosie
		}
	}
	return c
}

// sortedDecisions sorts every run of bids, and every run of cannon loads,
// by seat.
func sortedDecisions(log []Action) []Action {
	for i := 0; i < len(log); {
		j := i + 1
		if k := log[i].Kind; k == ActionBid || k == ActionCannon {
			for j < len(log) && log[j].Kind == k {
				j++
			}
			slices.SortStableFunc(log[i:j], func(a, b Action) int { return int(a.Seat) - int(b.Seat) })
		}
		i = j
	}
	return log
}
