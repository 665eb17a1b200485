package scorekeeper

import (
	"errors"
	"strings"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// Score is a sheet's computed state: every round's points and running
// totals, and what comes next.
type Score struct {
	Rounds []ScoredRound `json:"rounds"`
	Totals []int         `json:"totals"`
	// Over is the engine's verdict: the schedule is played out and, with
	// tiebreak rounds, the top total is not tied.
	Over bool `json:"over"`
	// Winners are the seats with the top total once over, else empty.
	Winners         []int `json:"winners"`
	ScheduledRounds int   `json:"scheduled_rounds"`
	// Schedule is the cards each scheduled round deals at this table, under
	// the rules of the last round entered or waiting: what a phone that
	// lost the network deals the rounds to come with.
	Schedule []int `json:"schedule"`
	// Next is the round to enter next; nil once the game is over.
	Next *NextRound `json:"next"`
}

// ScoredRound is one entered round, scored: the protocol's Result, the one
// shape of a scored round everywhere (each seat's points part by part, as
// the engine's Options.Score breaks them down, under the rules this round
// was scored with), and what the sheet's screens need beside it.
type ScoredRound struct {
	protocol.Result
	// RulesFrom is the round from which the rules scoring this round apply
	// (1, or the round of the last rule change before it).
	RulesFrom int `json:"rules_from"`
	// MaxCards and TricksMayGoToNobody bound a correction of this round
	// under its rules, as NextRound's bound the next one.
	MaxCards            int  `json:"max_cards"`
	TricksMayGoToNobody bool `json:"tricks_may_go_to_nobody"`
}

// NextRound describes the round a client should ask for next.
type NextRound struct {
	Round    int  `json:"round"`
	Cards    int  `json:"cards"`
	Tiebreak bool `json:"tiebreak"`
	// MaxCards is the most cards a hand may hold at this table, the bound
	// of a deal that differed from the schedule.
	MaxCards int `json:"max_cards"`
	// TricksMayGoToNobody is true when the Kraken, the White Whale or
	// Graybeard (two players) can leave a trick without a winner, so that
	// tricks won may add up to less than the cards dealt.
	TricksMayGoToNobody bool `json:"tricks_may_go_to_nobody"`
	// Rules are the rules the next round is scored with, and RulesFrom the
	// round they apply from.
	Rules     skullking.Options `json:"rules"`
	RulesFrom int               `json:"rules_from"`
}

// Score checks every round and scores the sheet through the engine: a game
// dealt by skullking.NoDeal, each round entered with EnterResults, the rules
// changed with SetOptions where the sheet says so. The first impossible
// entry is returned as an *InvalidError naming its round.
func (s *Sheet) Score() (*Score, error) {
	g, rulesFrom, err := s.play()
	if err != nil {
		return nil, err
	}
	n := len(s.Players)
	sum := protocol.SummaryOf(g)
	o := g.Options()
	sc := &Score{Totals: sum.Totals, Over: sum.Complete, Winners: sum.Winners, ScheduledRounds: g.ScheduledRounds(),
		Schedule: schedule(&o, n), Rounds: make([]ScoredRound, 0, len(sum.Rounds))}
	for i, r := range sum.Rounds {
		ro := g.RulesOf(i)
		sc.Rounds = append(sc.Rounds, ScoredRound{Result: r, RulesFrom: rulesFrom[i], MaxCards: ro.MaxHand(n),
			TricksMayGoToNobody: ro.TricksToNobody(n, r.Cards) > 0})
	}
	if !g.Over() {
		sc.Next = &NextRound{Round: g.Round(), Cards: g.Cards(), Tiebreak: g.Round() > g.ScheduledRounds(),
			MaxCards: o.MaxHand(n), TricksMayGoToNobody: o.TricksToNobody(n, max(1, g.Cards())) > 0, Rules: cloneOptions(o),
			RulesFrom: rulesFrom[len(rulesFrom)-1]}
	}
	return sc, nil
}

// schedule is the cards each scheduled round deals under rules o at a
// table of n players: the schedule, capped for the table.
func schedule(o *skullking.Options, n int) []int {
	cards := o.ScheduledCards()
	for i, c := range cards {
		cards[i] = o.CardsPerHand(c, n)
	}
	return cards
}

// play runs the sheet through the engine. It returns the game and, for each
// entered round and then for the next one, the round its rules apply from.
func (s *Sheet) play() (*skullking.Game, []int, error) {
	if err := s.Check(); err != nil {
		return nil, nil, err
	}
	n := len(s.Players)
	g, err := skullking.NewGame(n, skullking.WithDealer(skullking.NoDeal), skullking.WithNames(s.Players...),
		skullking.WithOptions(cloneOptions(s.Options)))
	if err != nil {
		return nil, nil, Invalid(0, "rules: %s", optionsText(err))
	}
	rulesFrom := make([]int, 0, len(s.Rounds)+1)
	from, next := 1, 0
	change := func(rn int) error {
		if next >= len(s.Changes) || s.Changes[next].FromRound != rn {
			return nil
		}
		if g.Over() {
			return Invalid(rn, "the rules change from here, but the game was over after round %d (%s)", g.Round(), s.winnersText(g)).
				worded(s.overWording("result.rules_after_over", g))
		}
		if err := g.SetOptions(cloneOptions(s.Changes[next].Options)); err != nil {
			return Invalid(rn, "the rules changed here: %s", optionsText(err))
		}
		next++
		from = rn
		return nil
	}
	for i := range s.Rounds {
		rn := i + 1
		if g.Over() {
			return nil, nil, Invalid(rn, "the game was over after round %d (%s)", g.Round(), s.winnersText(g)).
				worded(s.overWording("result.over_after", g))
		}
		if err := change(rn); err != nil {
			return nil, nil, err
		}
		res, err := s.Rounds[i].result(rn, g, s.Players)
		if err != nil {
			return nil, nil, err
		}
		if err := g.EnterResults(res); err != nil {
			return nil, nil, resultsInvalid(err, rn)
		}
		rulesFrom = append(rulesFrom, from)
	}
	if err := change(len(s.Rounds) + 1); err != nil {
		return nil, nil, err
	}
	rulesFrom = append(rulesFrom, from)
	return g, rulesFrom, nil
}

// winners are the names of a finished game's winners.
func (s *Sheet) winners(g *skullking.Game) []string {
	w := g.Winners()
	names := make([]string, len(w))
	for i, seat := range w {
		names[i] = s.Players[seat]
	}
	return names
}

// overWording is the catalogue's sentence id of a refusal because the game
// was over, with the round it ended after and who won (Count of them).
func (s *Sheet) overWording(id string, g *skullking.Game) Wording {
	names := s.winners(g)
	return Wording{Reason: id, Args: map[string]any{"After": g.Round(), "Winners": Listed{Names: names}, "Count": len(names)}}
}

// winnersText names the winners of a finished game for a message.
func (s *Sheet) winnersText(g *skullking.Game) string {
	names := s.winners(g)
	if len(names) == 1 {
		return names[0] + " won"
	}
	return strings.Join(names, " and ") + " share the win"
}

// resultsInvalid is the engine's refusal of round rn: its sentence, and
// the catalogue's id of it with its facts for a client to word.
func resultsInvalid(err error, rn int) error {
	var re *skullking.ResultError
	if !errors.As(err, &re) {
		return Invalid(rn, "%s", strings.TrimPrefix(err.Error(), skullking.ErrBadResults.Error()+": "))
	}
	return &InvalidError{Round: rn, Msg: re.Text, Wording: Wording{Reason: "result." + string(re.Code), Args: re.Args}}
}

// Suits of the 14s, in the order a client should offer them.
var FourteenSuits = []string{"green", "yellow", "purple", "black"}

// The characters a bonus event counts, as many as the engine's deck holds:
// the Mermaids, and the Pirates with the Tigress (who counts as one when
// the Skull King takes her).
var (
	DeckMermaids = skullking.Deck().Mermaids
	DeckPirates  = skullking.Deck().Pirates
	DeckLoot     = skullking.Deck().Loot
)

// result turns round r, round number rn, into the engine's RoundResult.
// What a round's entries cannot be, the engine's EnterResults says; the
// checks here are of what only the entries know: the events a capture was
// entered as, and the shape of the lists.
func (r *Round) result(rn int, g *skullking.Game, names []string) (skullking.RoundResult, error) {
	var res skullking.RoundResult
	res.Cards = r.Cards
	copy(res.Bids[:], r.Bids)
	copy(res.Won[:], r.Won)
	if err := r.bonuses(rn, names, &res); err != nil {
		return res, err
	}
	if err := r.modules(rn, names, &res); err != nil {
		return res, err
	}
	return res, nil
}

// bonuses checks the round's bonus events (or imported bonus points) and
// writes them into res: the events as each seat's captures, which the
// engine prices with the rules in force (so that a later change of a
// bonus's value rescores the round), imported points as they are.
func (r *Round) bonuses(rn int, names []string, res *skullking.RoundResult) error {
	n := len(names)
	if r.BonusPoints != nil {
		if len(r.Bonuses) > 0 {
			return Invalid(rn, "a round has bonus events or imported bonus points, not both")
		}
		for s, p := range r.BonusPoints {
			if p < 0 || p > maxBonusPts {
				return Invalid(rn, "%s's bonus points %d: 0 to %d", names[s], p, maxBonusPts)
			}
			res.Bonus[s] = p
		}
		return nil
	}
	var (
		caught     [8]struct{ fourteens, black14, mermaids, pirates, skullKing int }
		fourteenBy = map[string]int{}
		skTook     int    // "the Skull King took Pirates" events
		ownTricks  [8]int // captures that each need a trick of their own
	)
	for _, b := range r.Bonuses {
		if b.Seat < 0 || b.Seat >= n {
			return Invalid(rn, "a bonus for seat %d: seats are 0 to %d", b.Seat, n-1)
		}
		name := names[b.Seat]
		if b.Kind != Fourteen && b.Suit != "" {
			return Invalid(rn, "%s's %s: only a 14 has a suit", name, b.Kind)
		}
		switch b.Kind {
		case Fourteen:
			if b.Count != 0 && b.Count != 1 {
				return Invalid(rn, "%s captured %d of the %s 14: there is one", name, b.Count, b.Suit)
			}
			if !validSuit(b.Suit) {
				return Invalid(rn, "%s captured a 14 of suit %q: the suits are green, yellow, purple and black", name, b.Suit)
			}
			if prev, dup := fourteenBy[b.Suit]; dup {
				card := Wording{Args: map[string]any{"Name": name, "Card": fourteenPhrase(b.Suit), "Suit": Phrase{ID: "suit." + b.Suit}}}
				if prev == b.Seat {
					card.Reason = "result.events.fourteen_twice"
					return Invalid(rn, "%s captured the %s 14 twice, but there is one %s 14", name, b.Suit, b.Suit).worded(card)
				}
				card.Reason, card.Args["First"] = "result.events.fourteen_both", names[prev]
				return Invalid(rn, "both %s and %s captured the %s 14, but there is one %s 14", names[prev], name, b.Suit, b.Suit).worded(card)
			}
			fourteenBy[b.Suit] = b.Seat
			if b.Suit == "black" {
				caught[b.Seat].black14++
			} else {
				caught[b.Seat].fourteens++
			}
		case PirateTookMermaids:
			if b.Count < 1 || b.Count > DeckMermaids {
				return Invalid(rn, "%s's Pirate took %d Mermaids: a trick holds 1 to %d (there are %d Mermaids)", name, b.Count, DeckMermaids, DeckMermaids)
			}
			ownTricks[b.Seat]++
			caught[b.Seat].mermaids += b.Count
		case SkullKingTookPirates:
			if b.Count < 1 || b.Count > DeckPirates {
				return Invalid(rn, "%s's Skull King took %d Pirates: there are %d (5 Pirates and the Tigress)", name, b.Count, DeckPirates)
			}
			skTook++
			ownTricks[b.Seat]++
			caught[b.Seat].pirates += b.Count
		case MermaidTookSkullKing:
			if b.Count != 0 && b.Count != 1 {
				return Invalid(rn, "%s's Mermaid took the Skull King %d times: there is one Skull King", name, b.Count)
			}
			ownTricks[b.Seat]++
			caught[b.Seat].skullKing++
		default:
			return Invalid(rn, "unknown bonus %q for %s: the bonuses are %s, %s, %s and %s", b.Kind, name,
				Fourteen, PirateTookMermaids, SkullKingTookPirates, MermaidTookSkullKing)
		}
	}
	// The captures' counts are the engine's to check (EnterResults); the
	// events say more than the counts: how many tricks a Pirate took
	// Mermaids in, and how many times the Skull King was entered.
	if skTook > 1 {
		return Invalid(rn, "the Skull King took Pirates %d times, but there is one Skull King", skTook).
			worded(Wording{Reason: "result." + string(skullking.ResultTableSKPirates), Args: map[string]any{"Count": skTook}})
	}
	for s := range n {
		if r.Won[s] > 0 && ownTricks[s] > r.Won[s] {
			return Invalid(rn, "%s won %s but has %d captures that each need a trick of their own (a Pirate taking Mermaids, the Skull King taking Pirates, a Mermaid taking the Skull King)",
				names[s], protocol.Count(r.Won[s], "trick", "tricks"), ownTricks[s]).
				worded(Wording{Reason: "result.events.own_tricks", Args: map[string]any{"Name": names[s], "Count": r.Won[s], "Need": ownTricks[s]}})
		}
		c := caught[s]
		res.Captures[s] = skullking.NewCaptures(c.fourteens, c.black14, c.mermaids, c.pirates, c.skullKing)
	}
	return nil
}

func validSuit(s string) bool {
	for _, v := range FourteenSuits {
		if s == v {
			return true
		}
	}
	return false
}

// modules copies the round's module details: Loot alliances, Rascal's
// wagers and cannon loads, for the engine to check against the rules in
// force. Entries that say "nothing" (a wager of 0, all grapeshot) are
// accepted whatever the rules, so that a client may always send full
// lists.
func (r *Round) modules(rn int, names []string, res *skullking.RoundResult) error {
	n := len(names)
	for i, l := range r.Loot {
		looter, winner := l[0], l[1]
		if looter < 0 || looter >= n || winner < 0 || winner >= n {
			return Invalid(rn, "the Loot alliance %v names no seat: seats are 0 to %d", l, n-1)
		}
		if i < len(res.Alliances) {
			res.Alliances[i] = skullking.Alliance{Looter: int8(looter), Winner: int8(winner)}
		}
	}
	res.NAlliances = len(r.Loot) // the engine refuses more than the Loot cards
	copy(res.Wagers[:], r.Wagers)
	for s, c := range r.Cannon {
		switch c {
		case "grapeshot":
			res.Cannon[s] = skullking.Grapeshot
		case "cannonball":
			res.Cannon[s] = skullking.Cannonball
		default:
			return Invalid(rn, "%s's cannon load %q: \"grapeshot\" or \"cannonball\"", names[s], c)
		}
	}
	return nil
}
