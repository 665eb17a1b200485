package review

import (
	"testing"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
)

// playGame plays a seeded game with the bots given, seat by seat, and
// returns its record.
func playGame(t testing.TB, seed uint64, opts sk.Options, bots ...bot.Bot) *sk.Record {
	t.Helper()
	g, err := sk.NewGame(len(bots), sk.WithOptions(opts), sk.WithSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !g.Over(); steps++ {
		if steps > 10000 {
			t.Fatal("the game does not end")
		}
		seat := g.Turn()
		if seat < 0 {
			for seat = 0; !g.Waiting(seat); seat++ {
			}
		}
		if err := g.Apply(bots[seat].Act(g.Seat(seat))); err != nil {
			t.Fatal(err)
		}
	}
	return sk.RecordOf(g)
}
