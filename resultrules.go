package skullking

import (
	"fmt"
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

// nobodyText says why tricks beyond the most that can go to nobody were
// refused: which cards can leave a trick without a winner, and how many.
func (o *Options) nobodyText() string {
	switch {
	case o.Kraken && o.WhiteWhale:
		return "only the Kraken's trick and the White Whale's can (two a round)"
	case o.Kraken:
		return "only the Kraken's trick can (one a round)"
	case o.WhiteWhale:
		return "only the White Whale's trick can, when no number was played to it (one a round)"
	}
	return "every trick has a winner (only the Kraken, the White Whale or Graybeard leave a trick to nobody)"
}

// checkTricks refuses tricks won that add up to more than were played, or
// to fewer than the tricks that can go to nobody allow.
func (g *Game) checkTricks(r *RoundResult, cards int) string {
	sum := 0
	for s := 0; s < g.players; s++ {
		sum += r.Won[s]
	}
	if sum > cards {
		return fmt.Sprintf("tricks won add up to %d, but only %s played", sum, pluralVerb(cards, "trick", "was", "were"))
	}
	if lost := cards - sum; lost > g.opts.TricksToNobody(g.players, cards) {
		return fmt.Sprintf("tricks won add up to %d of %d, so %s went to nobody, but %s", sum, cards,
			plural(lost, "trick"), g.opts.nobodyText())
	}
	return ""
}

// captureProblem says what makes captures c impossible for a seat that won
// won tricks of size cards each, or "" when some play gives them. A
// capture needs a trick won; a Pirate taking Mermaids, the Skull King
// taking Pirates and a Mermaid taking the Skull King each need a trick of
// their own (§5, §6), and a trick holds no more cards than its size.
func captureProblem(c Captures, won, size int) string {
	f, b, m, p, sk := c.Fourteens(), c.Black14(), c.Mermaids(), c.Pirates(), c.SkullKing()
	switch {
	case c.Empty():
		return ""
	case won == 0:
		return "has bonuses but won no tricks: bonuses come from tricks won"
	case f > deck.Colour14:
		return fmt.Sprintf("captured %s, but %s", plural(f, "colour 14"), thereAre(deck.Colour14, "colour 14"))
	case b > deck.Black14:
		return fmt.Sprintf("captured %s, but %s", plural(b, "black 14"), thereAre(deck.Black14, "black 14"))
	case sk > deck.SkullKings:
		return fmt.Sprintf("has a Mermaid taking the Skull King %s, but %s", times(sk), thereAre(deck.SkullKings, "Skull King"))
	case sk > 0 && p > 0:
		return "has the Skull King taking Pirates and a Mermaid taking the Skull King, but there is one Skull King: only one of these happened"
	case m+sk > deck.Mermaids:
		return fmt.Sprintf("has %s captured or taking the Skull King, but %s", plural(m+sk, "Mermaid"), thereAre(deck.Mermaids, "Mermaid"))
	case p > size-1:
		return fmt.Sprintf("has the Skull King taking %s, but a trick holds %s", plural(p, "Pirate"), plural(size, "card"))
	}
	pirateTricks := (m + size - 2) / (size - 1) // the fewest tricks a Pirate can take m Mermaids in
	if pirateTricks+p > deck.Pirates {
		return fmt.Sprintf("has %s winning Mermaids and the Skull King taking %s, but %s (5 and the Tigress)",
			plural(pirateTricks, "Pirate"), plural(p, "Pirate"), thereAre(deck.Pirates, "Pirate"))
	}
	own := pirateTricks + b2i(p > 0) + sk
	if own > won {
		return fmt.Sprintf("won %s, but these captures need %s of their own (a Pirate taking Mermaids, the Skull King taking Pirates, a Mermaid taking the Skull King)",
			plural(won, "trick"), plural(own, "trick"))
	}
	// The 14s fill the places the characters leave in the tricks won.
	free := (won-own)*size + pirateTricks*(size-1) - m + sk*(size-2)
	if p > 0 {
		free += size - 1 - p
	}
	if f+b > free {
		return fmt.Sprintf("captured %s, but in %s of %d cards these captures leave room for %s", fourteens(f+b), plural(won, "trick"), size, roomFor(free))
	}
	return ""
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
func (g *Game) checkCaptures(r *RoundResult) string {
	size := trickSize(g.players)
	var total struct{ f, b, m, skPirates, mermaidSK, pirates int }
	for s := 0; s < g.players; s++ {
		c := r.Captures[s]
		if why := captureProblem(c, r.Won[s], size); why != "" {
			return g.Name(s) + " " + why
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
		return fmt.Sprintf("%s captured, but %s", plural(total.f, "colour 14"), thereAre(deck.Colour14, "colour 14"))
	case total.b > deck.Black14:
		return fmt.Sprintf("%s captured, but %s", plural(total.b, "black 14"), thereAre(deck.Black14, "black 14"))
	case total.skPirates > 0 && total.mermaidSK > 0:
		return "the Skull King took Pirates and a Mermaid took the Skull King, but there is one Skull King: only one of these happened"
	case total.skPirates > deck.SkullKings:
		return fmt.Sprintf("the Skull King took Pirates %s, but %s", times(total.skPirates), thereAre(deck.SkullKings, "Skull King"))
	case total.mermaidSK > deck.SkullKings:
		return fmt.Sprintf("a Mermaid took the Skull King %s, but %s", times(total.mermaidSK), thereAre(deck.SkullKings, "Skull King"))
	case total.m > deck.Mermaids && total.mermaidSK > 0:
		return fmt.Sprintf("%s captured, the one that took the Skull King included, but %s", plural(total.m, "Mermaid"), thereAre(deck.Mermaids, "Mermaid"))
	case total.m > deck.Mermaids:
		return fmt.Sprintf("%s captured, but %s", plural(total.m, "Mermaid"), thereAre(deck.Mermaids, "Mermaid"))
	case total.pirates > deck.Pirates:
		return fmt.Sprintf("the captures need %s, but %s (5 and the Tigress)", plural(total.pirates, "Pirate"), thereAre(deck.Pirates, "Pirate"))
	}
	return ""
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
						if captureProblem(c, won, size) != "" {
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
func (g *Game) checkBonusPoints(r *RoundResult) string {
	for s := 0; s < g.players; s++ {
		v := r.Bonus[s]
		if v == 0 || !r.Captures[s].Empty() {
			continue
		}
		if r.Won[s] == 0 {
			return fmt.Sprintf("%s has %s but won no tricks: bonuses come from tricks won", g.Name(s), plural(v, "bonus point"))
		}
		sums := g.opts.BonusSums(g.players, r.Won[s])
		if !slices.Contains(sums, v) {
			return fmt.Sprintf("%s has %s, but no captures in %s make %d under these rules (the most is %d)",
				g.Name(s), plural(v, "bonus point"), plural(r.Won[s], "trick"), v, sums[len(sums)-1])
		}
	}
	return ""
}

// checkWagers refuses Rascal of Roatan's wagers that cannot be: without
// pirate abilities, of another amount than 0, 10 or 20, by a seat that won
// no trick, or by more seats than there are Rascals (§8.6).
func (g *Game) checkWagers(r *RoundResult) string {
	var wagered []int
	for s := 0; s < g.players; s++ {
		w := r.Wagers[s]
		switch {
		case w == 0:
			continue
		case !g.opts.PirateAbilities:
			return fmt.Sprintf("%s wagered %d with Rascal of Roatan, but pirate abilities are not in play", g.Name(s), w)
		case w != 10 && w != 20:
			return fmt.Sprintf("%s wagered %d: Rascal of Roatan wagers 0, 10 or 20", g.Name(s), w)
		case r.Won[s] == 0:
			return fmt.Sprintf("%s wagered %d but won no tricks: Rascal of Roatan wagers when he wins a trick", g.Name(s), w)
		}
		wagered = append(wagered, s)
		if len(wagered) > deck.Rascals {
			return fmt.Sprintf("%s and %s both wagered, but there is one Rascal of Roatan", g.Name(wagered[0]), g.Name(s))
		}
	}
	return ""
}

// checkAlliances refuses Loot alliances that cannot be: without the Loot
// module, more than the Loot cards, with oneself or with a seat that won
// no trick (§8.4).
func (g *Game) checkAlliances(r *RoundResult) string {
	if r.NAlliances < 0 || r.NAlliances > min(len(r.Alliances), deck.Loot) {
		return fmt.Sprintf("%s, but %s", plural(r.NAlliances, "Loot alliance"), thereAre(deck.Loot, "Loot card"))
	}
	for _, a := range r.Alliances[:r.NAlliances] {
		if !g.opts.Loot {
			return "a Loot alliance, but the Loot module is not in play"
		}
		if a.Looter < 0 || int(a.Looter) >= g.players || a.Winner < 0 || int(a.Winner) >= g.players {
			return fmt.Sprintf("the Loot alliance of seats %d and %d names no seat: seats are 0 to %d", a.Looter, a.Winner, g.players-1)
		}
		looter, winner := g.Name(int(a.Looter)), g.Name(int(a.Winner))
		if a.Looter == a.Winner {
			return fmt.Sprintf("%s won their own Loot: that forms no alliance", looter)
		}
		if r.Won[a.Winner] == 0 {
			return fmt.Sprintf("%s allied with %s through Loot, but %s won no tricks", looter, winner, winner)
		}
	}
	return ""
}
