package skullking

import (
	"reflect"
	"strings"
	"testing"
)

// Test fixtures are written with the card codes of docs/record.md, so that a test
// reads like the rulebook: "Y12 Y5 P14", "ESC PIR G2", "TIG-P MER".

// seatLetter names seat s the way docs/rules.md §10 does: A, B, C, …
func seatLetter(s int) string {
	if s < 0 {
		return "-"
	}
	return string(rune('A' + s))
}

// cardsOf parses space-separated card codes into distinct cards: a face that
// names several copies (MER, ESC, PIR, LOOT) takes the next unused copy, so
// "MER MER" is both Mermaids. used is updated; pass nil when one list stands
// alone.
func cardsOf(t testing.TB, codes string, used *CardSet) []Card {
	t.Helper()
	var local CardSet
	if used == nil {
		used = &local
	}
	var out []Card
	for _, code := range strings.Fields(codes) {
		p, err := ParseCode(code)
		if err != nil {
			t.Fatalf("fixture %q: %v", codes, err)
		}
		if p.As != Undeclared {
			t.Fatalf("fixture %q: %s is a played Tigress, not a card", codes, code)
		}
		c := SetOf(p.Cards()...).Minus(*used).First()
		if c == NoCard {
			t.Fatalf("fixture %q: no copy of %s left", codes, code)
		}
		*used = used.With(c)
		out = append(out, c)
	}
	return out
}

// playsOf parses a trick written in play order, seat i playing the i-th card
// (A, B, C, …). TIG-P and TIG-E declare the Tigress.
func playsOf(t testing.TB, codes string) []Played {
	t.Helper()
	var used CardSet
	var out []Played
	for i, code := range strings.Fields(codes) {
		p, err := ParseCode(code)
		if err != nil {
			t.Fatalf("fixture %q: %v", codes, err)
		}
		bare := code
		if p.As != Undeclared {
			bare = "TIG"
		}
		c := cardsOf(t, bare, &used)[0]
		out = append(out, Played{Card: c, Seat: int8(i), As: p.As})
	}
	return out
}

// deal is one round of a fixture table: each seat's hand, Graybeard's pile
// in flip order (two players only), and the first undealt cards in the order
// Bendt would draw them. A hand shorter than the round's card count is
// topped up from the unused cards, highest card number first (Whale, Kraken,
// Loot, Escapes, …) only when fill is set; otherwise a short hand fails the
// test.
type deal struct {
	hands   []string
	ghost   string
	undealt string
	fill    bool
}

// fixtureDealer deals the listed rounds as written and any other round with
// a fixed shuffle.
func fixtureDealer(t testing.TB, players int, rounds map[int]deal) Dealer {
	return DealerFunc(func(round, cards int, deck []Card) bool {
		d, ok := rounds[round]
		if !ok {
			r := NewRand(uint64(round) * 7919)
			for i := len(deck) - 1; i > 0; i-- {
				j := r.IntN(i + 1)
				deck[i], deck[j] = deck[j], deck[i]
			}
			return true
		}
		inUse := SetOf(deck...)
		var used CardSet
		lists := append([]string(nil), d.hands...)
		if players == 2 {
			lists = append(lists, d.ghost)
		}
		if len(d.hands) != players {
			t.Fatalf("round %d fixture has %d hands for %d players", round, len(d.hands), players)
		}
		parsed := make([][]Card, len(lists))
		for i, l := range lists {
			parsed[i] = cardsOf(t, l, &used)
		}
		und := cardsOf(t, d.undealt, &used)
		for _, c := range used.Cards(nil) {
			if !inUse.Has(c) {
				t.Fatalf("round %d fixture deals %v, not in the deck in use", round, c)
			}
		}
		spare := inUse.Minus(used).Cards(nil)
		var order []Card
		for i, h := range parsed {
			for len(h) < cards && d.fill && len(spare) > 0 {
				h = append(h, spare[len(spare)-1])
				spare = spare[:len(spare)-1]
			}
			if len(h) != cards {
				t.Fatalf("round %d fixture: hand %d has %d cards, the round deals %d", round, i, len(h), cards)
			}
			order = append(order, h...)
		}
		order = append(order, und...)
		order = append(order, spare...)
		if len(order) != len(deck) {
			t.Fatalf("round %d fixture lays out %d cards of %d", round, len(order), len(deck))
		}
		copy(deck, order)
		return true
	})
}

// newFixtureGame starts a game whose listed rounds are dealt as written.
func newFixtureGame(t testing.TB, players int, o Options, rounds map[int]deal) *Game {
	t.Helper()
	g := newGame(t, players, WithOptions(o), WithDealer(fixtureDealer(t, players, rounds)))
	return g
}

// oneRound returns options for a one-round game dealing cards cards.
func oneRound(cards int) Options {
	o := DefaultOptions()
	o.ScheduleCards = []int{cards}
	o.Schedule = "custom"
	return o
}

// bidAll bids for every seat in seat order.
func bidAll(t testing.TB, g *Game, bids ...int) {
	t.Helper()
	if len(bids) != g.Players() {
		t.Fatalf("%d bids for %d players", len(bids), g.Players())
	}
	for s, b := range bids {
		mustApply(t, g, Bid(s, b))
	}
}

func mustApply(t fataler, g *Game, a Action) {
	t.Helper()
	if err := g.Apply(a); err != nil {
		t.Fatalf("%v refused: %v", a, err)
	}
}

// actionFor turns a card code into the play of the seat whose turn it is,
// choosing the copy of a shared face that the seat holds.
func actionFor(t testing.TB, g *Game, code string) Action {
	t.Helper()
	p, err := ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Turn()
	if s < 0 {
		t.Fatalf("%s: nobody's turn in phase %v", code, g.Phase())
	}
	c := p.FirstIn(g.Hand(s))
	if c == NoCard {
		c = p.Cards()[0]
	}
	return Action{Kind: ActionPlay, Seat: int8(s), Card: c, ActionArgs: ActionArgs{Card2: NoCard, As: p.As}}
}

// playTrick plays one trick written in play order. Cards Graybeard flips
// himself are checked, not played.
func playTrick(t testing.TB, g *Game, codes string) {
	t.Helper()
	before := len(g.CompletedTricks())
	round := g.Round()
	for j, code := range strings.Fields(codes) {
		if cur := g.CurrentTrick(); j < len(cur) {
			p, _ := ParseCode(code)
			if !p.Matches(cur[j].Card) || cur[j].As != p.As && p.As != Undeclared {
				t.Fatalf("card %d of trick %q: the table shows %v", j+1, codes, cur[j])
			}
			continue
		}
		mustApply(t, g, actionFor(t, g, code))
	}
	if g.Round() == round && g.Phase() == PhasePlaying && len(g.CompletedTricks()) != before+1 {
		t.Fatalf("trick %q did not complete: %v on the table", codes, g.CurrentTrick())
	}
}

// lastTrick is the result of the trick just completed in this round.
func lastTrick(t testing.TB, g *Game) TrickResult {
	t.Helper()
	ts := g.CompletedTricks()
	if len(ts) == 0 {
		t.Fatal("no trick completed")
	}
	return ts[len(ts)-1].Result
}

// snapshot is everything observable of a game: every seat's view, the
// spectator's, and the log. A refused action must leave it unchanged.
type snapshot struct {
	views []View
	log   []Action
	phase Phase
	turn  int
}

func snap(g *Game) snapshot {
	s := snapshot{log: g.Log(), phase: g.Phase(), turn: g.Turn()}
	for seat := Spectator; seat < g.Players(); seat++ {
		s.views = append(s.views, g.View(seat))
	}
	return s
}

func (s snapshot) equal(o snapshot) bool { return reflect.DeepEqual(s, o) }
