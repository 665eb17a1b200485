package skullking

import (
	"slices"
	"strconv"
)

// The rules a results-only round is checked against beyond the ranges of
// its numbers: what the deck's cards and the round's tricks make possible.
// A score sheet kept at a real table is refused here rather than in each
// client, so that the API, the page and `skullking replay` agree.

// DeckCounts is how many of the cards a round's results speak of the deck
// holds (docs/rules.md §1): what captures, Loot alliances and Rascal's
// wagers are counted against.
type DeckCounts struct {
	Colour14   int // the green, yellow and purple 14s
	Black14    int
	Mermaids   int
	Pirates    int // the five Pirates and the Tigress, who counts as one when played as a Pirate
	SkullKings int
	Loot       int
	Rascals    int // Rascal of Roatan, whose win allows a wager (§8.6)
}

// Deck is the deck's DeckCounts, counted from the engine's cards.
func Deck() DeckCounts { return deck }

var deck = countDeck()

func countDeck() DeckCounts {
	var d DeckCounts
	for c := Card(0); c < NumCards; c++ {
		switch k := c.Kind(); {
		case k == KindNumber && c.Rank() == 14 && c.Suit() == Black:
			d.Black14++
		case k == KindNumber && c.Rank() == 14:
			d.Colour14++
		case k == KindMermaid:
			d.Mermaids++
		case k == KindPirate || k == KindTigress:
			d.Pirates++
		case k == KindSkullKing:
			d.SkullKings++
		case k == KindLoot:
			d.Loot++
		}
		if c == Rascal {
			d.Rascals++
		}
	}
	return d
}

// TricksToNobody is the most tricks of a round dealing cards that can go
// to nobody at a table of players under these options: every trick
// Graybeard wins at two players (§9), the one trick the Kraken destroys
// (§8.1), the one trick the White Whale discards when no number was
// played to it (§8.2).
func (o *Options) TricksToNobody(players, cards int) int {
	if players == 2 {
		return cards
	}
	n := 0
	if o.Kraken {
		n++
	}
	if o.WhiteWhale {
		n++
	}
	return min(n, cards)
}

// trickSize is the cards in one trick: one a hand, Graybeard's included.
func trickSize(players int) int {
	if players == 2 {
		return 3
	}
	return players
}

// nobodyCode is the refusal of tricks beyond the most that can go to
// nobody, which says which cards can leave a trick without a winner, and
// its English reason.
func (o *Options) nobodyCode() (ResultCode, string) {
	switch {
	case o.Kraken && o.WhiteWhale:
		return ResultToNobodyBoth, "only the Kraken's trick and the White Whale's can (two a round)"
	case o.Kraken:
		return ResultToNobodyKraken, "only the Kraken's trick can (one a round)"
	case o.WhiteWhale:
		return ResultToNobodyWhale, "only the White Whale's trick can, when no number was played to it (one a round)"
	}
	return ResultToNobody, "every trick has a winner (only the Kraken, the White Whale or Graybeard leave a trick to nobody)"
}

// checkTricks refuses tricks won that add up to more than were played, or
// to fewer than the tricks that can go to nobody allow.
func (g *Game) checkTricks(r *RoundResult, cards int) *problem {
	sum := 0
	for s := 0; s < g.players; s++ {
		sum += r.Won[s]
	}
	if sum > cards {
		return refuse(ResultTricksOver, facts{"Sum": sum, "Count": cards},
			"tricks won add up to %d, but only %s played", sum, pluralVerb(cards, "trick", "was", "were"))
	}
	if lost := cards - sum; lost > g.opts.TricksToNobody(g.players, cards) {
		code, why := g.opts.nobodyCode()
		return refuse(code, facts{"Sum": sum, "Cards": cards, "Count": lost},
			"tricks won add up to %d of %d, so %s went to nobody, but %s", sum, cards, plural(lost, "trick"), why)
	}
	return nil
}

// captureProblem says what makes captures c impossible for seat name that
// won won tricks of size cards each, or nil when some play gives them. A
// capture needs a trick won; a Pirate taking Mermaids, the Skull King
// taking Pirates and a Mermaid taking the Skull King each need a trick of
// their own (§5, §6), and a trick holds no more cards than its size.
func captureProblem(c Captures, won, size int, name string) *problem {
	f, b, m, p, sk := c.Fourteens(), c.Black14(), c.Mermaids(), c.Pirates(), c.SkullKing()
	say := func(code ResultCode, args facts, format string, a ...any) *problem {
		args["Name"] = name
		return refuse(code, args, "%s "+format, append([]any{name}, a...)...)
	}
	switch {
	case c.Empty():
		return nil
	case won == 0:
		return say(ResultBonusNoTricks, facts{}, "has bonuses but won no tricks: bonuses come from tricks won")
	case f > deck.Colour14:
		return say(ResultColour14s, facts{"Count": f, "Deck": deck.Colour14},
			"captured %s, but %s", plural(f, "colour 14"), thereAre(deck.Colour14, "colour 14"))
	case b > deck.Black14:
		return say(ResultBlack14s, facts{"Count": b}, "captured %s, but %s", plural(b, "black 14"), thereAre(deck.Black14, "black 14"))
	case sk > deck.SkullKings:
		return say(ResultMermaidSKTimes, facts{"Count": sk},
			"has a Mermaid taking the Skull King %s, but %s", times(sk), thereAre(deck.SkullKings, "Skull King"))
	case sk > 0 && p > 0:
		return say(ResultSKBoth, facts{},
			"has the Skull King taking Pirates and a Mermaid taking the Skull King, but there is one Skull King: only one of these happened")
	case m+sk > deck.Mermaids:
		return say(ResultMermaids, facts{"Count": m + sk, "Deck": deck.Mermaids},
			"has %s captured or taking the Skull King, but %s", plural(m+sk, "Mermaid"), thereAre(deck.Mermaids, "Mermaid"))
	case p > size-1:
		return say(ResultSKPiratesTrick, facts{"Count": p, "Size": size},
			"has the Skull King taking %s, but a trick holds %s", plural(p, "Pirate"), plural(size, "card"))
	}
	pirateTricks := (m + size - 2) / (size - 1) // the fewest tricks a Pirate can take m Mermaids in
	if pirateTricks+p > deck.Pirates {
		return say(ResultPirates, facts{"Count": pirateTricks, "Taken": p, "Deck": deck.Pirates},
			"has %s winning Mermaids and the Skull King taking %s, but %s (5 and the Tigress)",
			plural(pirateTricks, "Pirate"), plural(p, "Pirate"), thereAre(deck.Pirates, "Pirate"))
	}
	own := pirateTricks + b2i(p > 0) + sk
	if own > won {
		return say(ResultOwnTricks, facts{"Count": won, "Need": own},
			"won %s, but these captures need %s of their own (a Pirate taking Mermaids, the Skull King taking Pirates, a Mermaid taking the Skull King)",
			plural(won, "trick"), plural(own, "trick"))
	}
	// The 14s fill the places the characters leave in the tricks won.
	free := (won-own)*size + pirateTricks*(size-1) - m + sk*(size-2)
	if p > 0 {
		free += size - 1 - p
	}
	if f+b > free {
		args := facts{"Fourteens": Counted{Of: "fourteens", Count: f + b}, "Tricks": Counted{Of: "tricks", Count: won}, "Size": size}
		code := ResultFourteensNoRoom
		if free > 0 {
			code, args["Room"] = ResultFourteensRoom, free
		}
		return say(code, args, "captured %s, but in %s of %d cards these captures leave room for %s",
			fourteens(f+b), plural(won, "trick"), size, roomFor(free))
	}
	return nil
}

// fourteens counts 14s: "a 14", "2 14s".
func fourteens(n int) string {
	if n == 1 {
		return "a 14"
	}
	return plural(n, "14")
}

// roomFor says how many more 14s fit: "none", "1", "2".
func roomFor(n int) string {
	if n <= 0 {
		return "none"
	}
	return strconv.Itoa(n)
}

// checkCaptures refuses captures no play can give: a seat's own (see
// captureProblem), then the table's together, each card being captured
// once at most.
func (g *Game) checkCaptures(r *RoundResult) *problem {
	size := trickSize(g.players)
	var total struct{ f, b, m, skPirates, mermaidSK, pirates int }
	for s := 0; s < g.players; s++ {
		c := r.Captures[s]
		if why := captureProblem(c, r.Won[s], size, g.Name(s)); why != nil {
			return why
		}
		total.f += c.Fourteens()
		total.b += c.Black14()
		total.m += c.Mermaids() + c.SkullKing()
		total.skPirates += b2i(c.Pirates() > 0)
		total.mermaidSK += c.SkullKing()
		total.pirates += (c.Mermaids()+size-2)/(size-1) + c.Pirates()
	}
	switch {
	case total.f > deck.Colour14:
		return refuse(ResultTableColour14s, facts{"Count": total.f, "Deck": deck.Colour14},
			"%s captured, but %s", plural(total.f, "colour 14"), thereAre(deck.Colour14, "colour 14"))
	case total.b > deck.Black14:
		return refuse(ResultTableBlack14s, facts{"Count": total.b},
			"%s captured, but %s", plural(total.b, "black 14"), thereAre(deck.Black14, "black 14"))
	case total.skPirates > 0 && total.mermaidSK > 0:
		return refuse(ResultTableSKBoth, facts{},
			"the Skull King took Pirates and a Mermaid took the Skull King, but there is one Skull King: only one of these happened")
	case total.skPirates > deck.SkullKings:
		return refuse(ResultTableSKPirates, facts{"Count": total.skPirates},
			"the Skull King took Pirates %s, but %s", times(total.skPirates), thereAre(deck.SkullKings, "Skull King"))
	case total.mermaidSK > deck.SkullKings:
		return refuse(ResultTableMermaidSK, facts{"Count": total.mermaidSK},
			"a Mermaid took the Skull King %s, but %s", times(total.mermaidSK), thereAre(deck.SkullKings, "Skull King"))
	case total.m > deck.Mermaids && total.mermaidSK > 0:
		return refuse(ResultTableMermaidsSK, facts{"Count": total.m, "Deck": deck.Mermaids},
			"%s captured, the one that took the Skull King included, but %s", plural(total.m, "Mermaid"), thereAre(deck.Mermaids, "Mermaid"))
	case total.m > deck.Mermaids:
		return refuse(ResultTableMermaids, facts{"Count": total.m, "Deck": deck.Mermaids},
			"%s captured, but %s", plural(total.m, "Mermaid"), thereAre(deck.Mermaids, "Mermaid"))
	case total.pirates > deck.Pirates:
		return refuse(ResultTablePirates, facts{"Count": total.pirates, "Deck": deck.Pirates},
			"the captures need %s, but %s (5 and the Tigress)", plural(total.pirates, "Pirate"), thereAre(deck.Pirates, "Pirate"))
	}
	return nil
}

// BonusSums is every bonus a seat that won won tricks at a table of
// players can capture under these options: the sums of the captures some
// play gives (see captureProblem), smallest first.
func (o *Options) BonusSums(players, won int) []int {
	size := trickSize(players)
	seen := map[int]bool{}
	var out []int
	for f := 0; f <= deck.Colour14; f++ {
		for b := 0; b <= deck.Black14; b++ {
			for m := 0; m <= deck.Mermaids; m++ {
				for p := 0; p <= deck.Pirates; p++ {
					for sk := 0; sk <= deck.SkullKings; sk++ {
						c := NewCaptures(f, b, m, p, sk)
						if captureProblem(c, won, size, "") != nil {
							continue
						}
						if v := o.CaptureBonus(c); !seen[v] {
							seen[v] = true
							out = append(out, v)
						}
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// checkBonusPoints refuses a bonus given as points that no captures in the
// seat's tricks make under the rules in force.
func (g *Game) checkBonusPoints(r *RoundResult) *problem {
	for s := 0; s < g.players; s++ {
		v := r.Bonus[s]
		if v == 0 || !r.Captures[s].Empty() {
			continue
		}
		if r.Won[s] == 0 {
			return refuse(ResultBonusPointsNoWin, facts{"Name": g.Name(s), "Count": v},
				"%s has %s but won no tricks: bonuses come from tricks won", g.Name(s), plural(v, "bonus point"))
		}
		sums := g.opts.BonusSums(g.players, r.Won[s])
		if !slices.Contains(sums, v) {
			most := sums[len(sums)-1]
			return refuse(ResultBonusPoints, facts{"Name": g.Name(s), "Count": v, "Tricks": Counted{Of: "tricks", Count: r.Won[s]}, "Most": most},
				"%s has %s, but no captures in %s make %d under these rules (the most is %d)",
				g.Name(s), plural(v, "bonus point"), plural(r.Won[s], "trick"), v, most)
		}
	}
	return nil
}

// checkWagers refuses Rascal of Roatan's wagers that cannot be: without
// pirate abilities, of another amount than 0, 10 or 20, by a seat that won
// no trick, or by more seats than there are Rascals (§8.6).
func (g *Game) checkWagers(r *RoundResult) *problem {
	var wagered []int
	for s := 0; s < g.players; s++ {
		w := r.Wagers[s]
		switch {
		case w == 0:
			continue
		case !g.opts.PirateAbilities:
			return refuse(ResultWagerNoAbilities, facts{"Name": g.Name(s), "Wager": w}, "%s wagered %d with Rascal of Roatan, but pirate abilities are not in play", g.Name(s), w)
		case w != 10 && w != 20:
			return refuse(ResultWagerAmount, facts{"Name": g.Name(s), "Wager": w}, "%s wagered %d: Rascal of Roatan wagers 0, 10 or 20", g.Name(s), w)
		case r.Won[s] == 0:
			return refuse(ResultWagerNoTricks, facts{"Name": g.Name(s), "Wager": w}, "%s wagered %d but won no tricks: Rascal of Roatan wagers when he wins a trick", g.Name(s), w)
		}
		wagered = append(wagered, s)
		if len(wagered) > deck.Rascals {
			first, second := g.Name(wagered[0]), g.Name(s)
			return refuse(ResultWagerTwice, facts{"First": first, "Second": second}, "%s and %s both wagered, but there is one Rascal of Roatan", first, second)
		}
	}
	return nil
}

// checkAlliances refuses Loot alliances that cannot be: without the Loot
// module, more than the Loot cards, with oneself or with a seat that won
// no trick (§8.4).
func (g *Game) checkAlliances(r *RoundResult) *problem {
	if r.NAlliances < 0 || r.NAlliances > min(len(r.Alliances), deck.Loot) {
		return refuse(ResultLootCount, facts{"Count": r.NAlliances, "Deck": deck.Loot},
			"%s, but %s", plural(r.NAlliances, "Loot alliance"), thereAre(deck.Loot, "Loot card"))
	}
	for _, a := range r.Alliances[:r.NAlliances] {
		if !g.opts.Loot {
			return refuse(ResultLootOff, facts{}, "a Loot alliance, but the Loot module is not in play")
		}
		if a.Looter < 0 || int(a.Looter) >= g.players || a.Winner < 0 || int(a.Winner) >= g.players {
			return refuse(ResultLootSeats, facts{"Looter": int(a.Looter), "Winner": int(a.Winner), "Last": g.players - 1}, "the Loot alliance of seats %d and %d names no seat: seats are 0 to %d", a.Looter, a.Winner, g.players-1)
		}
		looter, winner := g.Name(int(a.Looter)), g.Name(int(a.Winner))
		if a.Looter == a.Winner {
			return refuse(ResultLootOwn, facts{"Name": looter}, "%s won their own Loot: that forms no alliance", looter)
		}
		if r.Won[a.Winner] == 0 {
			return refuse(ResultLootNoTricks, facts{"Looter": looter, "Winner": winner}, "%s allied with %s through Loot, but %s won no tricks", looter, winner, winner)
		}
	}
	return nil
}
