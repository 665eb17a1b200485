package arena_test

import (
	"context"
	"fmt"
	"os"

	"github.com/skullking-go/skullking/arena"
)

// A heuristic bot against three random ones on 500 deal sets: 2,000 games,
// each deal set played in the four seat rotations.
func Example() {
	res, err := arena.Run(context.Background(), arena.Config{
		Lineup:   []string{"heuristic", "random", "random", "random"},
		Deals:    500,
		Seed:     1,
		Progress: os.Stderr,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range res.Bots {
		fmt.Printf("%-10s margin %+.1f [%+.1f, %+.1f], win rate %.0f %%, bids made %.0f %%\n",
			b.Level, b.Margin, b.MarginCI[0], b.MarginCI[1], 100*b.WinRate, 100*b.BidAccuracy)
	}
}
