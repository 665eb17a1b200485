package skullking_test

import (
	"errors"
	"fmt"

	"github.com/skullking-go/skullking"
)

// A whole game with random legal actions: the loop every user of the engine
// writes, and a smoke test of the engine.
func Example() {
	g, err := skullking.NewGame(4, skullking.WithSeed(42))
	if err != nil {
		panic(err)
	}
	r := skullking.NewRand(7)
	var legal []skullking.Action
	for !g.Over() {
		for s := 0; s < g.Players(); s++ {
			legal = g.LegalActions(s, legal[:0])
			if len(legal) > 0 {
				if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
					panic(err)
				}
				break
			}
		}
	}
	fmt.Println("rounds:", len(g.Results()), "over:", g.Over(), "winners:", len(g.Winners()) > 0)
	// Output: rounds: 10 over: true winners: true
}

// An illegal card is refused with a typed error that says why, and the game
// is unchanged.
func ExampleGame_Apply() {
	g, _ := skullking.NewGame(3, skullking.WithSeed(1), skullking.WithNames("Ann", "Ben", "Cat"))
	err := g.Apply(skullking.Bid(0, 5))
	fmt.Println(errors.Is(err, skullking.ErrBidOutOfRange))
	fmt.Println(err)
	// Output:
	// true
	// skullking: round 1, seat 0 (Ann): bid 5 is out of range: 1 card dealt, bid 0 to 1
}
