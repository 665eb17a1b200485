package skullking

import (
	"errors"
	"fmt"
)

// ErrBadResults is wrapped by every refusal of a results-only round, a
// *ResultError that says why by its code.
var ErrBadResults = errors.New("skullking: bad round results")

// NoDeal is a dealer that deals nothing: every round's results are entered
// with EnterResults, as on a score sheet kept at a real table.
var NoDeal Dealer = DealerFunc(func(int, int, []Card) bool { return false })

// EnterResults scores the current round from what happened at a real table:
// bids, tricks won and bonus points captured (and the module details), in r.
// A seat's bonus may be given as Captures instead of points: the engine then
// works the points out with the rules in force, so that a change of a
// bonus's value rescores it.
// r.Cards may differ from the schedule when the deal did (0 keeps the
// schedule's). The round must not have been dealt by the engine. Points and
// totals are computed; r's are ignored. Bad results change nothing and
// return a *ResultError.
func (g *Game) EnterResults(r RoundResult) error {
	bad := func(why *problem) error {
		return &ResultError{Round: g.round, Code: why.code, Args: why.args, Text: why.text}
	}
	if g.phase == PhaseOver {
		return bad(refuse(ResultGameOver, facts{}, "the game is over"))
	}
	if g.dealt {
		return bad(refuse(ResultDealt, facts{}, "this round was dealt and is played card by card"))
	}
	cards := g.cards
	if r.Cards != 0 {
		cards = r.Cards
		if most := g.opts.MaxHand(g.players); cards < 1 || cards > most {
			return bad(refuse(ResultCardsRange, facts{"Count": cards, "Max": most, "Players": g.players},
				"%s dealt: a hand holds 1 to %d cards at %d players", plural(cards, "card"), most, g.players))
		}
	}
	for s := 0; s < g.players; s++ {
		name := g.Name(s)
		if r.Bids[s] < 0 || r.Bids[s] > cards {
			return bad(refuse(ResultBidRange, facts{"Name": name, "Bid": r.Bids[s], "Count": cards},
				"%s bid %d: %s", name, r.Bids[s], bidRange(cards)))
		}
		if r.Won[s] < 0 || r.Won[s] > cards {
			return bad(refuse(ResultWonRange, facts{"Name": name, "Won": r.Won[s], "Count": cards},
				"%s won %s, but the round deals %s", name, plural(r.Won[s], "trick"), plural(cards, "card")))
		}
		if r.Bonus[s] < 0 {
			return bad(refuse(ResultNegativeBonus, facts{"Name": name}, "%s has a negative bonus", name))
		}
		if !r.Captures[s].Empty() && r.Bonus[s] != 0 {
			return bad(refuse(ResultBonusTwice, facts{"Name": name}, "%s's bonus is given both as points and as captures", name))
		}
		if c := r.Cannon[s]; c != Grapeshot && (!g.opts.CannonLoad || c != Cannonball) {
			return bad(refuse(ResultCannonball, facts{"Name": name},
				"%s loaded a cannonball, but the rules are not Rascal's scoring with cannon loads", name))
		}
	}
	// What the cards and the tricks make impossible (resultrules.go).
	for _, check := range []func() *problem{
		func() *problem { return g.checkTricks(&r, cards) },
		func() *problem { return g.checkCaptures(&r) },
		func() *problem { return g.checkBonusPoints(&r) },
		func() *problem { return g.checkWagers(&r) },
		func() *problem { return g.checkAlliances(&r) },
	} {
		if why := check(); why != nil {
			return bad(why)
		}
	}
	for s := 0; s < g.players; s++ {
		if !r.Captures[s].Empty() {
			r.Bonus[s] = g.opts.CaptureBonus(r.Captures[s])
		}
	}
	out := RoundResult{Round: g.round, Cards: cards, Players: g.players, Bids: r.Bids, Won: r.Won, Bonus: r.Bonus,
		Captures: r.Captures, Alliances: r.Alliances, NAlliances: r.NAlliances, Wagers: r.Wagers, Cannon: r.Cannon}
	for s := g.players; s < 8; s++ {
		out.Bids[s], out.Won[s], out.Bonus[s], out.Wagers[s], out.Cannon[s] = 0, 0, 0, 0, 0
		out.Captures[s] = 0
	}
	g.addResult(out)
	return nil
}

// SetOptions changes the rules from the current round on, for a score sheet
// whose table changed a house rule mid-game. The current round must be a
// results-only round with nothing entered yet; earlier rounds keep the points
// they scored. Bad options change nothing.
func (g *Game) SetOptions(o Options) error {
	if g.phase == PhaseOver {
		return fmt.Errorf("%w: the game is over", ErrBadOptions)
	}
	if g.dealt || g.bidsIn > 0 {
		return fmt.Errorf("%w: rules change only between rounds of a score sheet", ErrBadOptions)
	}
	if err := o.Validate(g.players); err != nil {
		return err
	}
	maxHand := o.MaxHand(g.players)
	schedule := o.appendSchedule(nil)
	for i, n := range schedule {
		schedule[i] = min(n, maxHand)
	}
	tiebreak := g.round > len(g.schedule)
	if (!tiebreak && len(schedule) < g.round) || (tiebreak && len(schedule) != len(g.schedule)) {
		return fmt.Errorf("%w: a schedule of %s, but round %d is under way", ErrBadOptions, plural(len(schedule), "round"), g.round)
	}
	if n := len(g.starts); n > 0 {
		if g.starts[0].opts == nil {
			first := g.opts
			g.starts[0].opts = &first
		}
		changed := o
		g.starts[n-1].changed = &changed
	}
	g.opts = o
	g.applyRules()
	g.cards = g.cardsForRound(g.round)
	if n := len(g.starts); n > 0 {
		g.starts[n-1].cards = g.cards
	}
	return nil
}
