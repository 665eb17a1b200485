package scorekeeper

import (
	"fmt"
	"slices"
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
			TricksMayGoToNobody: tricksMayGoToNobody(&ro, n)})
	}
	if !g.Over() {
		sc.Next = &NextRound{Round: g.Round(), Cards: g.Cards(), Tiebreak: g.Round() > g.ScheduledRounds(),
			MaxCards: o.MaxHand(n), TricksMayGoToNobody: tricksMayGoToNobody(&o, n), Rules: cloneOptions(o),
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
		return nil, nil, invalid(0, "rules: %s", optionsText(err))
	}
	rulesFrom := make([]int, 0, len(s.Rounds)+1)
	from, next := 1, 0
	change := func(rn int) error {
		if next >= len(s.Changes) || s.Changes[next].FromRound != rn {
			return nil
		}
		if g.Over() {
			return invalid(rn, "the rules change from here, but the game was over after round %d (%s)", g.Round(), s.winnersText(g))
		}
		if err := g.SetOptions(cloneOptions(s.Changes[next].Options)); err != nil {
			return invalid(rn, "the rules changed here: %s", optionsText(err))
		}
		next++
		from = rn
		return nil
	}
	for i := range s.Rounds {
		rn := i + 1
		if g.Over() {
			return nil, nil, invalid(rn, "the game was over after round %d (%s)", g.Round(), s.winnersText(g))
		}
		if err := change(rn); err != nil {
			return nil, nil, err
		}
		res, err := s.Rounds[i].result(rn, g, s.Players)
		if err != nil {
			return nil, nil, err
		}
		if err := g.EnterResults(res); err != nil {
			return nil, nil, invalid(rn, "%s", resultsText(err, rn))
		}
		rulesFrom = append(rulesFrom, from)
	}
	if err := change(len(s.Rounds) + 1); err != nil {
		return nil, nil, err
	}
	rulesFrom = append(rulesFrom, from)
	return g, rulesFrom, nil
}

// winnersText names the winners of a finished game for a message.
func (s *Sheet) winnersText(g *skullking.Game) string {
	w := g.Winners()
	names := make([]string, len(w))
	for i, seat := range w {
		names[i] = s.Players[seat]
	}
	if len(names) == 1 {
		return names[0] + " won"
	}
	return strings.Join(names, " and ") + " share the win"
}

func tricksMayGoToNobody(o *skullking.Options, players int) bool {
	return o.Kraken || o.WhiteWhale || players == 2
}

// resultsText is an engine refusal of a round without its prefix.
func resultsText(err error, round int) string {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, skullking.ErrBadResults.Error()+": ")
	return strings.TrimPrefix(msg, fmt.Sprintf("round %d: ", round))
}

// Suits of the 14s, in the order a client should offer them.
var fourteenSuits = []string{"green", "yellow", "purple", "black"}

// The characters a bonus event counts, as many as the engine's deck holds:
// the Mermaids, and the Pirates with the Tigress (who counts as one when
// the Skull King takes her).
var (
	deckMermaids = countKinds(skullking.KindMermaid)
	deckPirates  = countKinds(skullking.KindPirate, skullking.KindTigress)
	deckLoot     = countKinds(skullking.KindLoot)
)

func countKinds(kinds ...skullking.Kind) int {
	n := 0
	for c := skullking.Card(0); c < skullking.NumCards; c++ {
		if slices.Contains(kinds, c.Kind()) {
			n++
		}
	}
	return n
}

// result checks round r, round number rn, against the rules in force in g
// and turns it into the engine's RoundResult. The engine checks bids,
// tricks and modules again; the checks here come first so that each
// refusal names the players and says what cannot be.
func (r *Round) result(rn int, g *skullking.Game, names []string) (skullking.RoundResult, error) {
	var res skullking.RoundResult
	o := g.Options()
	n := g.Players()
	cards := g.Cards()
	if r.Cards != 0 {
		if maxHand := o.MaxHand(n); r.Cards < 1 || r.Cards > maxHand {
			return res, invalid(rn, "%d cards dealt: a hand holds 1 to %d cards at %d players", r.Cards, maxHand, n)
		}
		cards = r.Cards
		res.Cards = r.Cards
	}
	sum := 0
	for s := range n {
		if b := r.Bids[s]; b < 0 || b > cards {
			return res, invalid(rn, "%s bid %d, but %s: a bid is 0 to %d", names[s], b, dealtText(cards), cards)
		}
		if w := r.Won[s]; w < 0 || w > cards {
			return res, invalid(rn, "%s won %d tricks, but %s: 0 to %d", names[s], w, dealtText(cards), cards)
		}
		sum += r.Won[s]
		res.Bids[s], res.Won[s] = r.Bids[s], r.Won[s]
	}
	if sum > cards {
		return res, invalid(rn, "tricks won add up to %d, but only %d tricks were played", sum, cards)
	}
	if sum < cards && !tricksMayGoToNobody(&o, n) {
		return res, invalid(rn, "tricks won add up to %d, but %d tricks were played and every trick has a winner (only the Kraken, the White Whale or Graybeard leave a trick to nobody)", sum, cards)
	}
	if err := r.bonuses(rn, names, &res); err != nil {
		return res, err
	}
	if err := r.modules(rn, &o, names, &res); err != nil {
		return res, err
	}
	return res, nil
}

func dealtText(cards int) string {
	if cards == 1 {
		return "1 card was dealt"
	}
	return fmt.Sprintf("%d cards were dealt", cards)
}

// bonuses checks the round's bonus events (or imported bonus points) and
// writes them into res: the events as each seat's captures, which the
// engine prices with the rules in force (so that a later change of a
// bonus's value rescores the round), imported points as they are.
func (r *Round) bonuses(rn int, names []string, res *skullking.RoundResult) error {
	n := len(names)
	if r.BonusPoints != nil {
		if len(r.Bonuses) > 0 {
			return invalid(rn, "a round has bonus events or imported bonus points, not both")
		}
		for s, p := range r.BonusPoints {
			if p < 0 || p > maxBonusPts {
				return invalid(rn, "%s's bonus points %d: 0 to %d", names[s], p, maxBonusPts)
			}
			if p > 0 && r.Won[s] == 0 {
				return invalid(rn, "%s has %d bonus points but won no tricks: bonuses come from tricks won", names[s], p)
			}
			res.Bonus[s] = p
		}
		return nil
	}
	var (
		caught       [8]struct{ fourteens, black14, mermaids, pirates, skullKing int }
		fourteenBy   = map[string]int{}
		mermaids     int // Mermaids accounted for by the events
		pirateTricks int // tricks a Pirate won with Mermaids in them
		skPirates    int // Pirates the Skull King took
		skTook       int // "the Skull King took Pirates" events
		mermaidTook  int // "a Mermaid took the Skull King" events
		captured     [8]bool
		ownTricks    [8]int // captures that each need a trick of their own
	)
	for _, b := range r.Bonuses {
		if b.Seat < 0 || b.Seat >= n {
			return invalid(rn, "a bonus for seat %d: seats are 0 to %d", b.Seat, n-1)
		}
		name := names[b.Seat]
		if b.Kind != Fourteen && b.Suit != "" {
			return invalid(rn, "%s's %s: only a 14 has a suit", name, b.Kind)
		}
		switch b.Kind {
		case Fourteen:
			if b.Count != 0 && b.Count != 1 {
				return invalid(rn, "%s captured %d of the %s 14: there is one", name, b.Count, b.Suit)
			}
			if !validSuit(b.Suit) {
				return invalid(rn, "%s captured a 14 of suit %q: the suits are green, yellow, purple and black", name, b.Suit)
			}
			if prev, dup := fourteenBy[b.Suit]; dup {
				if prev == b.Seat {
					return invalid(rn, "%s captured the %s 14 twice, but there is one %s 14", name, b.Suit, b.Suit)
				}
				return invalid(rn, "both %s and %s captured the %s 14, but there is one %s 14", names[prev], name, b.Suit, b.Suit)
			}
			fourteenBy[b.Suit] = b.Seat
			if b.Suit == "black" {
				caught[b.Seat].black14++
			} else {
				caught[b.Seat].fourteens++
			}
		case PirateTookMermaids:
			if b.Count < 1 || b.Count > deckMermaids {
				return invalid(rn, "%s's Pirate took %d Mermaids: a trick holds 1 to %d (there are %d Mermaids)", name, b.Count, deckMermaids, deckMermaids)
			}
			mermaids += b.Count
			pirateTricks++
			ownTricks[b.Seat]++
			caught[b.Seat].mermaids += b.Count
		case SkullKingTookPirates:
			if b.Count < 1 || b.Count > deckPirates {
				return invalid(rn, "%s's Skull King took %d Pirates: there are %d (5 Pirates and the Tigress)", name, b.Count, deckPirates)
			}
			skTook++
			skPirates += b.Count
			ownTricks[b.Seat]++
			caught[b.Seat].pirates += b.Count
		case MermaidTookSkullKing:
			if b.Count != 0 && b.Count != 1 {
				return invalid(rn, "%s's Mermaid took the Skull King %d times: there is one Skull King", name, b.Count)
			}
			mermaidTook++
			mermaids++
			ownTricks[b.Seat]++
			caught[b.Seat].skullKing++
		default:
			return invalid(rn, "unknown bonus %q for %s: the bonuses are %s, %s, %s and %s", b.Kind, name,
				Fourteen, PirateTookMermaids, SkullKingTookPirates, MermaidTookSkullKing)
		}
		captured[b.Seat] = true
	}
	switch {
	case skTook > 0 && mermaidTook > 0:
		return invalid(rn, "the Skull King took Pirates and a Mermaid took the Skull King, but there is one Skull King: only one of these happened")
	case skTook > 1:
		return invalid(rn, "the Skull King took Pirates %d times, but there is one Skull King", skTook)
	case mermaidTook > 1:
		return invalid(rn, "a Mermaid took the Skull King %d times, but there is one Skull King", mermaidTook)
	}
	if mermaids > deckMermaids {
		return invalid(rn, "%d Mermaids captured, but there are %d Mermaids", mermaids, deckMermaids)
	}
	if pirateTricks+skPirates > deckPirates {
		return invalid(rn, "Pirates won %d tricks with Mermaids and the Skull King took %d Pirates: that is %d Pirates, but there are %d (5 Pirates and the Tigress)",
			pirateTricks, skPirates, pirateTricks+skPirates, deckPirates)
	}
	for s := range n {
		if captured[s] && r.Won[s] == 0 {
			return invalid(rn, "%s has bonuses but won no tricks: bonuses come from tricks won", names[s])
		}
		if ownTricks[s] > r.Won[s] {
			return invalid(rn, "%s won %d tricks but has %d captures that each need a trick of their own (a Pirate taking Mermaids, the Skull King taking Pirates, a Mermaid taking the Skull King)",
				names[s], r.Won[s], ownTricks[s])
		}
		c := caught[s]
		res.Captures[s] = skullking.NewCaptures(c.fourteens, c.black14, c.mermaids, c.pirates, c.skullKing)
	}
	return nil
}

func validSuit(s string) bool {
	for _, v := range fourteenSuits {
		if s == v {
			return true
		}
	}
	return false
}

// modules checks and copies the round's module details: Loot alliances,
// Rascal's wagers and cannon loads. Entries that say "nothing" (a wager of
// 0, all grapeshot) are accepted whatever the rules, so that a client may
// always send full lists.
func (r *Round) modules(rn int, o *skullking.Options, names []string, res *skullking.RoundResult) error {
	n := len(names)
	if len(r.Loot) > 0 && !o.Loot {
		return invalid(rn, "a Loot alliance, but the Loot module is not in play")
	}
	for i, l := range r.Loot {
		looter, winner := l[0], l[1]
		if looter < 0 || looter >= n || winner < 0 || winner >= n {
			return invalid(rn, "the Loot alliance %v names no seat: seats are 0 to %d", l, n-1)
		}
		if looter == winner {
			return invalid(rn, "%s won their own Loot: that forms no alliance", names[looter])
		}
		if r.Won[winner] == 0 {
			return invalid(rn, "%s allied with %s through Loot, but %s won no tricks", names[looter], names[winner], names[winner])
		}
		res.Alliances[i] = skullking.Alliance{Looter: int8(looter), Winner: int8(winner)}
	}
	res.NAlliances = len(r.Loot)
	wagered := -1
	for s, w := range r.Wagers {
		if w == 0 {
			continue
		}
		if !o.PirateAbilities {
			return invalid(rn, "%s wagered %d with Rascal of Roatan, but pirate abilities are not in play", names[s], w)
		}
		if w != 10 && w != 20 {
			return invalid(rn, "%s wagered %d: Rascal of Roatan wagers 0, 10 or 20", names[s], w)
		}
		if wagered >= 0 {
			return invalid(rn, "%s and %s both wagered, but there is one Rascal of Roatan", names[wagered], names[s])
		}
		if r.Won[s] == 0 {
			return invalid(rn, "%s wagered %d but won no tricks: Rascal of Roatan wagers when he wins a trick", names[s], w)
		}
		wagered = s
		res.Wagers[s] = w
	}
	for s, c := range r.Cannon {
		switch c {
		case "grapeshot":
			res.Cannon[s] = skullking.Grapeshot
		case "cannonball":
			if !o.CannonLoad {
				return invalid(rn, "%s loaded a cannonball, but the rules are not Rascal's scoring with cannon loads", names[s])
			}
			res.Cannon[s] = skullking.Cannonball
		default:
			return invalid(rn, "%s's cannon load %q: \"grapeshot\" or \"cannonball\"", names[s], c)
		}
	}
	return nil
}
