package protocol

import (
	"github.com/skullking-go/skullking"
)

// Result is one scored round: what each seat bid and won, the bonus it
// captured, its points and running total, and Scores, its points part by
// part, which add up to Points (the engine's Options.Score). It is the one
// shape of a scored round: in a view, in `skullking replay --json`, in a
// score sheet and to an external bot.
type Result struct {
	Round    int   `json:"round"`
	Cards    int   `json:"cards"`
	Tiebreak bool  `json:"tiebreak,omitempty"`
	Bids     []int `json:"bids"`
	Won      []int `json:"won"`
	Bonus    []int `json:"bonus"` // bonus points captured (they count only where the rules say)
	Points   []int `json:"points"`
	Totals   []int `json:"totals"`
	// Scores breaks each seat's points down.
	Scores []SeatScore `json:"scores"`
	// Loot lists the round's Loot alliances.
	Loot []Alliance `json:"loot,omitempty"`
	// Rules, on a score sheet whose rules changed mid-game, are the rules
	// this round was scored with, as a record's options object.
	Rules *skullking.Options `json:"rules,omitempty"`
}

// SeatScore is one seat's points for a round, part by part.
type SeatScore struct {
	Bid   int  `json:"bid"`
	Won   int  `json:"won"`
	Exact bool `json:"exact"`
	// BidPoints is what the bid made or missed scores.
	BidPoints int `json:"bid_points"`
	// Bonus is the bonus points captured, BonusPoints the part that counts
	// (a missed bid forfeits them; half under Rascal's scoring one off),
	// Bonuses the captures, where known.
	Bonus       int         `json:"bonus"`
	BonusPoints int         `json:"bonus_points"`
	Bonuses     []BonusItem `json:"bonuses,omitempty"`
	// Wager is Rascal of Roatan's wager and WagerPoints what it won or lost.
	Wager       int `json:"wager,omitempty"`
	WagerPoints int `json:"wager_points,omitempty"`
	// Loot is the seat's Loot alliances, LootPoints what they paid.
	Loot       []LootShare `json:"loot,omitempty"`
	LootPoints int         `json:"loot_points,omitempty"`
	Cannon     string      `json:"cannon,omitempty"` // grapeshot or cannonball, with cannon loads
	Total      int         `json:"total"`
}

// LootShare is a Loot alliance as one of its seats sees it.
type LootShare struct {
	Ally   int  `json:"ally"`
	Looter bool `json:"looter"` // this seat played the Loot
	Paid   bool `json:"paid"`   // both bids were exact
}

// ResultOf writes scored round r, scored under options o, in a game of
// scheduled rounds (later rounds are tiebreak rounds).
func ResultOf(r *skullking.RoundResult, o *skullking.Options, scheduled int) Result {
	n := r.Players
	out := Result{Round: r.Round, Cards: r.Cards, Tiebreak: r.Round > scheduled,
		Bids: clone(r.Bids[:n]), Won: clone(r.Won[:n]), Bonus: clone(r.Bonus[:n]), Points: clone(r.Points[:n]),
		Totals: clone(r.Totals[:n]), Scores: make([]SeatScore, n)}
	for s := range n {
		sc := o.Score(r, s)
		ws := SeatScore{Bid: sc.Bid, Won: sc.Won, Exact: sc.Exact, BidPoints: sc.BidPoints, Bonus: sc.Bonus,
			BonusPoints: sc.BonusPoints, Bonuses: bonusItems(sc.Captures, o), Wager: sc.Wager,
			WagerPoints: sc.WagerPoints, LootPoints: sc.LootPoints, Total: sc.Total}
		if sc.Cannon >= 0 {
			ws.Cannon = cannonName(sc.Cannon)
		}
		for _, l := range sc.Loot {
			ws.Loot = append(ws.Loot, LootShare{Ally: l.Ally, Looter: l.Looter, Paid: l.Paid})
		}
		out.Scores[s] = ws
	}
	for _, a := range r.Alliances[:r.NAlliances] {
		out.Loot = append(out.Loot, Alliance{Looter: int(a.Looter), Winner: int(a.Winner)})
	}
	return out
}

func clone(s []int) []int { return append([]int{}, s...) }

// Summary is a scored game as `skullking replay --json` prints it
// (docs/record.md): the players, every scored round, the totals, whether the
// game is over and who won.
type Summary struct {
	Players  []string `json:"players"`
	Rounds   []Result `json:"rounds"`
	Totals   []int    `json:"totals"`
	Complete bool     `json:"complete"`
	Winners  []int    `json:"winners"`
}

// SummaryOf scores game g for output.
func SummaryOf(g *skullking.Game) Summary {
	n := g.Players()
	names := make([]string, n)
	for s := range names {
		names[s] = g.Name(s)
	}
	sum := Summary{Players: names, Rounds: []Result{}, Totals: g.Totals(), Complete: g.Over(), Winners: []int{}}
	first := g.RulesOf(0)
	for i, r := range g.Results() {
		o := g.RulesOf(i)
		res := ResultOf(&r, &o, g.ScheduledRounds())
		if i > 0 && !sameRules(o, first) {
			res.Rules = &o
		}
		sum.Rounds = append(sum.Rounds, res)
	}
	if w := g.Winners(); w != nil {
		sum.Winners = w
	}
	return sum
}

// sameRules compares two sets of rules as a record writes them.
func sameRules(a, b skullking.Options) bool {
	ja, _ := a.MarshalJSON()
	jb, _ := b.MarshalJSON()
	return string(ja) == string(jb)
}
