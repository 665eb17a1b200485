package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"pgregory.net/rapid"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/natsbus"
	"github.com/skullking-go/skullking/internal/natsbus/natstest"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// The rule (issue 24): an action a seat sends is checked, kept and applied
// in one and the same form. A card id names one copy, a card code alone the
// copy of its face the seat holds; whatever else a seat sends — another
// copy of a card it holds, another seat's card, an undealt one, a card out
// of turn, a second bid, a stale action, a decision at the wrong time, a
// message that cannot be read — is refused (illegal or bad_request) and
// changes nothing, and every game's record replays to what each client was
// shown. Random games at random tables (2 to 8 seats, people and bots, the
// rules drawn from GET /api/options) are played by real clients over real
// WebSockets to check it.
func TestWireActionsAreCheckedKeptAndAppliedInOneForm(t *testing.T) {
	deals := new(dealSeed)
	ts := testserver.StartWith(t, deals.configure)
	w := newWireHarness(t, []*testserver.Server{ts}, deals)
	setRapidChecks(t, 20, 3)
	rapid.Check(t, func(rt *rapid.T) { w.playOne(rt, w.draw(rt, 1)) })
	w.report(t)
}

// The same rule on two nodes sharing PostgreSQL and NATS: the table runs
// on the node that made it, and half its people (and the spectator) reach
// it through the other node, whose relay must neither lose a refusal nor
// turn one into an action.
func TestWireTwoNodesCheckKeepAndApplyActionsInOneForm(t *testing.T) {
	storeURL, nats := pgtest.URL(t), natstest.Start(t)
	deals := new(dealSeed)
	n1 := wireNode(t, "n1", storeURL, nats.URL(), deals)
	n2 := wireNode(t, "n2", storeURL, nats.URL(), deals)
	w := newWireHarness(t, []*testserver.Server{n1, n2}, deals)
	setRapidChecks(t, 4, 1)
	rapid.Check(t, func(rt *rapid.T) { w.playOne(rt, w.draw(rt, 2)) })
	w.report(t)
}

// The report behind the rule, as it was sent: a seat holding an Escape
// plays another Escape's id. It is refused card_not_held, naming that
// card, and the seat's hand and the log stay as they were; the same play
// by the code ESC is accepted as the Escape the seat holds; the record
// replays.
func TestWireAnEscapeNotHeldIsRefusedAndESCPlaysTheOneHeld(t *testing.T) {
	deals := new(dealSeed)
	ts := testserver.StartWith(t, deals.configure)
	w := newWireHarness(t, []*testserver.Server{ts}, deals)
	st := testserver.Settings(6)
	su := wireSetup{seats: []protocol.SeatSpec{testserver.Open, testserver.Open, testserver.Open, testserver.Open},
		settings: st, seed: 24}
	g := w.open(t, su)
	defer g.close()
	g.fuzz = false
	done := false
	g.hook = func(g *wireGame, p *wireSeat) bool {
		v := p.view()
		if done || v.Phase != protocol.PhasePlaying || v.Turn != p.seat {
			return false
		}
		// The Escape 65, the report's, while the seat holds another.
		other := int(skullking.Escape1)
		var held []int
		for id := other + 1; id < other+5; id++ {
			if holds(v, id) {
				held = append(held, id)
			}
		}
		if holds(v, other) || len(held) == 0 {
			return false
		}
		done = true
		before, seq := handIDs(v), p.seq()
		_, err := p.send(&protocol.Action{Kind: protocol.KindPlay, Card: &other})
		var e *client.Error
		if !errors.As(err, &e) || e.Code != protocol.ErrIllegal || e.Refusal == nil || e.Refusal.Code != "card_not_held" ||
			e.Refusal.Card == nil || e.Refusal.Card.Card != other || e.Refusal.Card.Code != "ESC" {
			t.Fatalf("%s, holding the Escapes %v, played the Escape %d: %v (%+v), want illegal, card_not_held naming %d",
				p.name, held, other, err, e, other)
		}
		p.watches = append(p.watches, refusalWatch{from: seq, what: "Escape not held", round: v.Round, hand: before,
			hasBid: v.Seats[p.seat].HasBid, bid: v.Seats[p.seat].Bid})
		g.expectNext = seq + 1 // nobody else may move: it is this seat's turn, and every seat is the test's
		g.actAs(p, &protocol.Action{Kind: protocol.KindPlay, Code: "ESC"}, "code")
		st := p.stateAt(seq + 1)
		if got := handIDs(st.View); !slices.Equal(got, slices.DeleteFunc(slices.Clone(before), func(id int) bool { return id == held[0] })) {
			t.Fatalf("%s held %v and played ESC: the hand is now %v, want the Escape %d gone and nothing else", p.name, before, got, held[0])
		}
		t.Logf("%s, holding the Escapes %v: the Escape %d refused (%s), ESC played the Escape %d at seq %d",
			p.name, held, other, e.Message, st.Event.Card.Card, seq+1)
		return true
	}
	g.play()
	if !done {
		t.Fatal("no seat ever held an Escape but the 65 on its turn")
	}
	g.finish()
}

// wireHarness is what a test's wire games share: the nodes, the card
// catalogue and option list they serve, the deal of the next game, and the
// counts.
type wireHarness struct {
	nodes   []*testserver.Server
	cards   []protocol.CardInfo
	options []protocol.OptionInfo
	levels  []string
	deals   *dealSeed
	stats   *wireStats
}

// dealSeed is the seed the servers deal the next game from: the game's
// own, drawn with the rest of it, so that a failing game is dealt again
// the same way as rapid looks for a smaller one.
type dealSeed struct{ atomic.Uint64 }

func (d *dealSeed) configure(c *server.Config) { c.Seed = d.Load }

// wireNode is node, a node of a cluster, dealing from deals.
func wireNode(t *testing.T, name, storeURL, busURL string, deals *dealSeed) *testserver.Server {
	t.Helper()
	return testserver.StartWith(t, func(c *server.Config) {
		deals.configure(c)
		bus, err := natsbus.Connect(busURL, name, natsbus.Options{Logger: c.Logger})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(bus.Close)
		c.Cluster = bus
	}, "--store", storeURL, "--bus", busURL, "--node", name)
}

// open opens the table of su, dealt from its seed.
func (w *wireHarness) open(t wireT, su wireSetup) *wireGame {
	w.deals.Store(su.seed)
	return openWireGame(t, w.nodes, w.cards, w.stats, su)
}

// quickLevels are the bot levels the games seat: the searching bots take
// seconds a move under the race detector.
var quickLevels = []string{"random", "heuristic"}

func newWireHarness(t *testing.T, nodes []*testserver.Server, deals *dealSeed) *wireHarness {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wireWait)
	defer cancel()
	c := nodes[0].Client()
	w := &wireHarness{nodes: nodes, deals: deals, stats: newWireStats()}
	var err error
	if w.cards, err = c.Cards(ctx); err != nil {
		t.Fatal(err)
	}
	if w.options, err = c.Options(ctx); err != nil {
		t.Fatal(err)
	}
	info, err := c.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range info.Bots {
		if slices.Contains(quickLevels, l) {
			w.levels = append(w.levels, l)
		}
	}
	if len(w.levels) == 0 {
		t.Fatalf("the server has none of the bot levels %v: %v", quickLevels, info.Bots)
	}
	return w
}

// playOne plays one game to its end and checks it.
func (w *wireHarness) playOne(rt *rapid.T, su wireSetup) {
	g := w.open(rt, su)
	defer g.close()
	g.play()
	g.finish()
}

// report logs the counts and checks that the games did what they are for.
func (w *wireHarness) report(t *testing.T) {
	t.Helper()
	t.Logf("%s", w.stats)
	switch {
	case w.stats.alternativesAccepted > 0:
		t.Errorf("%d of %d alternative plays accepted", w.stats.alternativesAccepted, w.stats.alternatives)
	case w.stats.games > 0 && w.stats.alternatives == 0:
		t.Error("no alternative play was sent")
	case w.stats.records != w.stats.games:
		t.Errorf("%d games, %d records replayed", w.stats.games, w.stats.records)
	}
}

// draw draws a table: its size, which seats are people (people of them at
// least) and which bots (and of what level), the rules from the option
// list the server serves, its pace settings, a spectator or not.
func (w *wireHarness) draw(rt *rapid.T, people int) wireSetup {
	n := rapid.IntRange(max(2, people), 8).Draw(rt, "seats")
	host := rapid.IntRange(0, n-1).Draw(rt, "the creator's seat")
	su := wireSetup{seed: rapid.Uint64().Draw(rt, "seed")}
	for s := range n {
		if s != host && s >= people && rapid.Bool().Draw(rt, "bot "+strconv.Itoa(s)) {
			su.seats = append(su.seats, testserver.Bot(rapid.SampledFrom(w.levels).Draw(rt, "level "+strconv.Itoa(s))))
		} else {
			su.seats = append(su.seats, testserver.Open)
		}
	}
	su.settings = testserver.Settings(0)
	su.settings.Options = w.drawOptions(rt, n)
	su.settings.AutoLast = rapid.Bool().Draw(rt, "auto_last")
	su.settings.SpectatorChat = rapid.Bool().Draw(rt, "spectator_chat")
	su.settings.Public = rapid.Bool().Draw(rt, "public")
	su.spectator = rapid.Bool().Draw(rt, "spectator")
	// The turn timer stays off: a timer, like an absent player's stand-in,
	// decides for a person, and the test must know that only its own
	// people and the bots decide.
	return su
}

// drawOptions draws the rules as a form would set them from the option
// list: every option of "in": "options", in order, left at its default or
// set to a value the list allows while the option it needs holds. The
// games stay short: a standard schedule of at most 4 rounds, a preset of
// at most 25 cards a seat, or a list of at most 3 rounds.
func (w *wireHarness) drawOptions(rt *rapid.T, players int) skullking.Options {
	values := map[string]any{}
	value := func(key string) any {
		if v, ok := values[key]; ok {
			return v
		}
		for _, o := range w.options {
			if o.Key == key {
				return o.Default
			}
		}
		return nil
	}
	for _, o := range w.options {
		if o.In != protocol.InOptions {
			continue
		}
		if o.Needs != nil && value(o.Needs.Key) != o.Needs.Value {
			continue
		}
		switch o.Type {
		case string(skullking.OptionBool):
			values[o.Key] = rapid.Bool().Draw(rt, o.Key)
		case string(skullking.OptionInt):
			lo, hi, step := *o.Min, *o.Max, *o.Step
			if o.Unit == string(skullking.UnitRounds) {
				// A number of rounds, the standard schedule's or a
				// rule's, stays short.
				values[o.Key] = rapid.IntRange(lo, min(hi, 4)).Draw(rt, o.Key)
				continue
			}
			if rapid.Bool().Draw(rt, o.Key+" set") {
				values[o.Key] = lo + step*rapid.IntRange(0, (hi-lo)/step).Draw(rt, o.Key)
			}
		case string(skullking.OptionChoice):
			if rapid.Bool().Draw(rt, o.Key+" set") {
				values[o.Key] = rapid.SampledFrom(o.Choices).Draw(rt, o.Key).Value
			}
		case string(skullking.OptionSchedule):
			short := []any{"standard"}
			for _, c := range o.Choices {
				total := 0
				for _, n := range c.Cards {
					total += n
				}
				if c.Value != "standard" && total <= 25 {
					short = append(short, c.Value)
				}
			}
			if rapid.IntRange(0, 3).Draw(rt, "custom schedule") == 0 {
				short = []any{rapid.SliceOfN(rapid.IntRange(1, 6), 1, 3).Draw(rt, "schedule cards")}
			}
			values[o.Key] = rapid.SampledFrom(short).Draw(rt, o.Key)
		}
	}
	if players == 2 {
		values["loot"] = false // never with two players
	}
	b, err := json.Marshal(values)
	if err != nil {
		rt.Fatalf("options %v: %v", values, err)
	}
	var o skullking.Options
	if err := json.Unmarshal(b, &o); err != nil {
		rt.Fatalf("options %s: %v", b, err)
	}
	if err := o.Validate(players); err != nil {
		rt.Fatalf("options %s for %d players: %v", b, players, err)
	}
	return o
}

// rapidChecksSet reports whether the run names its own number of rapid
// checks, which then holds for every property.
var rapidChecksSet = sync.OnceValue(func() bool {
	set := os.Getenv("RAPID_CHECKS") != ""
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.checks" })
	return set
})

// setRapidChecks makes n the number of games a property plays, short
// under -short, unless the run names its own number (-rapid.checks or
// RAPID_CHECKS). Rapid plays a fifth of its number under -short.
func setRapidChecks(t *testing.T, n, short int) {
	t.Helper()
	if rapidChecksSet() {
		return
	}
	if testing.Short() {
		n = 5 * short
	}
	f := flag.Lookup("rapid.checks")
	old := f.Value.String()
	if err := f.Value.Set(strconv.Itoa(n)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Value.Set(old) })
}
