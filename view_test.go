package skullking

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"
)

var (
	cardType    = reflect.TypeOf(Card(0))
	actionType  = reflect.TypeOf(Action{})
	cardSetType = reflect.TypeOf(CardSet{})
)

// viewCards returns every card a view mentions, by identity, walking the
// view's structure so that any field added later is covered too. Fields named
// in skip (at any depth) are left out. An Action mentions cards only when it
// plays or discards: a bid's Card field is unused.
func viewCards(v any, skip ...string) CardSet {
	var out CardSet
	var walk func(reflect.Value)
	walk = func(x reflect.Value) {
		switch {
		case x.Type() == cardType:
			if c := Card(x.Uint()); c != NoCard {
				out = out.With(c)
			}
			return
		case x.Type() == cardSetType:
			out = out.Or(CardSet{lo: x.Field(0).Uint(), hi: x.Field(1).Uint()})
			return
		case x.Type() == actionType:
			if k := ActionKind(x.FieldByName("Kind").Uint()); k != ActionPlay && k != ActionDiscard {
				return
			}
		}
		if !mayHoldCards(x.Type()) {
			return
		}
		switch x.Kind() {
		case reflect.Struct:
		fields:
			for i := 0; i < x.NumField(); i++ {
				for _, s := range skip {
					if x.Type().Field(i).Name == s {
						continue fields
					}
				}
				walk(x.Field(i))
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < x.Len(); i++ {
				walk(x.Index(i))
			}
		case reflect.Pointer, reflect.Interface:
			if !x.IsNil() {
				walk(x.Elem())
			}
		case reflect.Map:
			it := x.MapRange()
			for it.Next() {
				walk(it.Key())
				walk(it.Value())
			}
		}
	}
	walk(reflect.ValueOf(v))
	return out
}

var holdsCards sync.Map // reflect.Type → bool

// mayHoldCards reports whether a value of type t can mention a card, so that
// the walk skips the scores and options that make up most of a view.
func mayHoldCards(t reflect.Type) bool {
	if v, ok := holdsCards.Load(t); ok {
		return v.(bool)
	}
	holdsCards.Store(t, true) // a recursive type is assumed to hold cards
	r := false
	switch t.Kind() {
	case reflect.Struct:
		if t == cardSetType || t == actionType {
			r = true
		}
		for i := 0; i < t.NumField() && !r; i++ {
			r = mayHoldCards(t.Field(i).Type)
		}
	case reflect.Slice, reflect.Array, reflect.Pointer:
		r = mayHoldCards(t.Elem())
	case reflect.Map:
		r = mayHoldCards(t.Key()) || mayHoldCards(t.Elem())
	case reflect.Interface:
		r = true
	default:
		r = t == cardType
	}
	holdsCards.Store(t, r)
	return r
}

// The walker itself must find cards wherever they are, or the hidden
// information checks built on it prove nothing.
func TestViewCards_FindsCardsEverywhere(t *testing.T) {
	c := cardsOf(t, "G7 SK MER MER Y2 KRAKEN B14", nil)
	v := View{
		Hand:        []Card{c[0]},
		Trick:       []Played{{Card: c[1]}},
		Tricks:      []TrickLog{{Plays: []Played{{Card: c[2]}}}},
		Legal:       []Action{Play(0, c[3]), {Kind: ActionDiscard, Card: c[4], ActionArgs: ActionArgs{Card2: c[5]}}, Bid(0, 1)},
		UndealtSeen: []Card{c[6]},
	}
	if got, want := viewCards(v), SetOf(c...); got != want {
		t.Fatalf("found %v, want %v", got, want)
	}
	if got, want := viewCards(v, "UndealtSeen"), SetOf(c[:6]...); got != want {
		t.Fatalf("skipping UndealtSeen: found %v, want %v", got, want)
	}
	if got := viewCards(Bid(0, 3)); !got.Empty() {
		t.Fatalf("a bid mentions %v", got)
	}
}

// §3: nobody sees any bid before all bids are in; then all are revealed
// together.
func TestView_BidsSecretUntilAllIn(t *testing.T) {
	play := func(bid0 int) *Game {
		g := newGame(t, 4, WithSeed(5), WithOptions(oneRound(3)))
		mustApply(t, g, Bid(0, bid0))
		mustApply(t, g, Bid(2, 1))
		return g
	}
	g1, g2 := play(0), play(3)
	for _, seat := range []int{Spectator, 1, 3} {
		v1, v2 := g1.View(seat), g2.View(seat)
		if !reflect.DeepEqual(v1, v2) {
			t.Errorf("seat %d's view depends on seat 0's secret bid", seat)
		}
		for s, info := range v1.Seats {
			if info.Bid != -1 {
				t.Errorf("seat %d sees seat %d's bid %d before all are in", seat, s, info.Bid)
			}
		}
		if !v1.Seats[0].HasBid || v1.Seats[1].HasBid {
			t.Errorf("who has bid is public: %+v", v1.Seats)
		}
	}
	// A seat may know its own bid.
	if b := g2.View(0).Seats[0].Bid; b != 3 && b != -1 {
		t.Errorf("seat 0 sees its own bid as %d", b)
	}
	mustApply(t, g2, Bid(1, 2))
	mustApply(t, g2, Bid(3, 0))
	for seat := Spectator; seat < 4; seat++ {
		var got []int
		for _, info := range g2.View(seat).Seats {
			got = append(got, info.Bid)
		}
		if !reflect.DeepEqual(got, []int{3, 2, 1, 0}) {
			t.Errorf("seat %d sees bids %v once all are in, want [3 2 1 0]", seat, got)
		}
	}
}

// A spectator sees no hand and has nothing to do; a seat sees its own hand.
func TestView_SpectatorHasNoHand(t *testing.T) {
	g := newGame(t, 3, WithSeed(11))
	r := NewRand(11)
	playUntil(t, g, &r, func(g *Game) bool { return g.Round() == 4 && g.Phase() == PhasePlaying })
	v := g.View(Spectator)
	if v.Seat != Spectator || len(v.Hand) != 0 || len(v.Legal) != 0 || len(v.UndealtSeen) != 0 {
		t.Fatalf("spectator view: seat %d, hand %v, legal %v", v.Seat, v.Hand, v.Legal)
	}
	if got := viewCards(v); !got.And(g.Hand(0).Or(g.Hand(1)).Or(g.Hand(2))).Empty() {
		t.Fatalf("the spectator sees held cards %v", got)
	}
	for s := 0; s < 3; s++ {
		if got := SetOf(g.View(s).Hand...); got != g.Hand(s) {
			t.Errorf("seat %d sees hand %v, holds %v", s, got, g.Hand(s))
		}
	}
	if v := g.View(7); v.Seat != Spectator || len(v.Hand) != 0 {
		t.Errorf("a seat that does not exist gets %d with hand %v", v.Seat, v.Hand)
	}
}

// Views go on the wire: every view of every phase encodes as JSON and reads
// back with the same cards.
func TestView_EncodesAsJSON(t *testing.T) {
	o := DefaultOptions()
	o.PirateAbilities, o.Kraken, o.WhiteWhale, o.Loot = true, true, true, true
	g := newGame(t, 4, WithSeed(3), WithOptions(o))
	r := NewRand(3)
	phases := map[Phase]bool{}
	for steps := 0; !g.Over() && steps < 400; steps++ {
		phases[g.Phase()] = true
		for seat := Spectator; seat < 4; seat++ {
			v := g.View(seat)
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("round %d, phase %v, seat %d: %v", g.Round(), g.Phase(), seat, err)
			}
			var back View
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatalf("reading back a view: %v\n%s", err, b)
			}
			// Copies of a face (MER, ESC, LOOT, PIR) share a code: compare faces.
			if fmt.Sprint(back.Hand) != fmt.Sprint(v.Hand) || fmt.Sprint(back.Legal) != fmt.Sprint(v.Legal) ||
				fmt.Sprint(back.Trick) != fmt.Sprint(v.Trick) {
				t.Fatalf("view changed on the wire:\n%+v\n%+v", v, back)
			}
		}
		stepRandom(t, g, &r)
	}
	if !phases[PhaseBidding] || !phases[PhasePlaying] {
		t.Fatalf("phases seen: %v", phases)
	}
}

func TestCardText_RoundTrip(t *testing.T) {
	for c := Card(0); c < NumCards; c++ {
		b, err := c.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Card
		if err := back.UnmarshalText(b); err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		if p, _ := ParseCode(string(b)); !p.Matches(c) || !p.Matches(back) {
			t.Errorf("%d encodes as %q and reads back as %v", c, b, back)
		}
		// Only true copies (Mermaids, Escapes, Loots) may lose their identity;
		// a Pirate's name matters with pirate abilities.
		if k := c.Kind(); back != c && k != KindMermaid && k != KindEscape && k != KindLoot {
			t.Errorf("%v encodes as %q and reads back as %v", c.NamedCode(), b, back.NamedCode())
		}
	}
	b, err := NoCard.MarshalText()
	if err != nil || len(b) != 0 {
		t.Fatalf("NoCard encodes as %q, %v", b, err)
	}
	var back Card
	if err := back.UnmarshalText(b); err != nil || back != NoCard {
		t.Fatalf("empty text reads as %v, %v", back, err)
	}
	if _, err := Card(200).MarshalText(); err == nil {
		t.Error("card 200 encodes")
	}
}

// Non-interference: two deals that give seat 0 the same hand but place every
// other card differently (other hands, Graybeard's pile, the undealt cards)
// show seat 0 and a spectator the very same view.
func TestView_DoesNotDependOnHiddenCards(t *testing.T) {
	for _, n := range []int{2, 4, 8} {
		o := DefaultOptions()
		o.PirateAbilities, o.Kraken, o.WhiteWhale = true, true, true
		o.Schedule, o.ScheduleCards = "custom", []int{5}
		mine := "SK G3 Y14 ROSIE ESC"
		deal := func(seed uint64) *Game {
			dealer := DealerFunc(func(round, cards int, deck []Card) bool {
				hand := cardsOf(t, mine, nil)
				rest := SetOf(deck...).Minus(SetOf(hand...)).Cards(nil)
				r := NewRand(seed)
				for i := len(rest) - 1; i > 0; i-- {
					j := r.IntN(i + 1)
					rest[i], rest[j] = rest[j], rest[i]
				}
				copy(deck, append(hand, rest...))
				return true
			})
			g := newGame(t, n, WithOptions(o), WithDealer(dealer))
			return g
		}
		g1, g2 := deal(1), deal(2)
		if g1.Hand(1) == g2.Hand(1) {
			t.Fatal("the two deals should differ outside seat 0")
		}
		for _, seat := range []int{0, Spectator} {
			if !reflect.DeepEqual(g1.View(seat), g2.View(seat)) {
				t.Errorf("%d players: seat %d's view depends on cards it cannot see:\n%+v\n%+v", n, seat, g1.View(seat), g2.View(seat))
			}
		}
		if n == 2 {
			continue // two bids are all the bids
		}
		// Still so once seat 0 has bid and others are bidding.
		mustApply(t, g1, Bid(0, 2))
		mustApply(t, g2, Bid(0, 2))
		mustApply(t, g1, Bid(1, 1))
		mustApply(t, g2, Bid(1, 4))
		if !reflect.DeepEqual(g1.View(0), g2.View(0)) {
			t.Errorf("%d players: seat 0's view depends on another seat's secret bid", n)
		}
	}
}

// OwnView is View but for the parts every viewer shares, at every moment
// of games with every module, for every seat and a spectator.
func TestOwnView_IsViewWithoutTheSharedParts(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		o := DefaultOptions()
		o.PirateAbilities, o.Kraken, o.WhiteWhale, o.Loot = true, true, true, true
		if seed%2 == 0 {
			o.Scoring, o.CannonLoad = RascalScoring, true
		}
		n := 3 + int(seed%6)
		g := newGame(t, n, WithOptions(o), WithSeed(seed))
		r := NewRand(seed)
		for !g.Over() {
			for seat := Spectator; seat < n; seat++ {
				want := g.View(seat)
				want.Results, want.RoundRules, want.Tricks, want.LastTrick = nil, nil, nil, nil
				if got := g.OwnView(seat); !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d, seat %d: OwnView\n%+v\nwant\n%+v", seed, seat, got, want)
				}
			}
			stepRandom(t, g, &r)
		}
	}
}
