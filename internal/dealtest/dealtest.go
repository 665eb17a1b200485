// Package dealtest deals games of one round with chosen hands, for the
// tests of the bots and of the programs that play a seat.
package dealtest

import (
	"strings"
	"testing"

	sk "github.com/skullking-go/skullking"
)

// Dealt starts a 4-player game of one round with the given hands (card
// codes, seat by seat), takes bids and plays the cards of plays in turn.
func Dealt(t testing.TB, hands []string, bids []int, plays ...string) *sk.Game {
	t.Helper()
	var order []sk.Card
	var used sk.CardSet
	for _, h := range hands {
		for _, code := range strings.Fields(h) {
			p, err := sk.ParseCode(code)
			if err != nil {
				t.Fatal(err)
			}
			c := sk.SetOf(p.Cards()...).Minus(used).First()
			if c == sk.NoCard {
				t.Fatalf("no card %s left", code)
			}
			used = used.With(c)
			order = append(order, c)
		}
	}
	opts := sk.DefaultOptions()
	opts.Schedule, opts.ScheduleCards = "custom", []int{len(order) / len(hands)}
	deal := sk.DealerFunc(func(round, n int, deck []sk.Card) bool {
		rest := deck[:0:0]
		for _, c := range deck {
			if !used.Has(c) {
				rest = append(rest, c)
			}
		}
		copy(deck, append(append([]sk.Card(nil), order...), rest...))
		return true
	})
	g, err := sk.NewGame(len(hands), sk.WithOptions(opts), sk.WithDealer(deal))
	if err != nil {
		t.Fatal(err)
	}
	for s, b := range bids {
		if err := g.Apply(sk.Bid(s, b)); err != nil {
			t.Fatal(err)
		}
	}
	for _, code := range plays {
		p, err := sk.ParseCode(code)
		if err != nil {
			t.Fatal(err)
		}
		seat := g.Turn()
		c := g.Hand(seat).And(sk.SetOf(p.Cards()...)).First()
		if err := g.Apply(sk.Play(seat, c)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}
