package skullking

import (
	"strconv"
	"strings"
)

// ExplainTrick says in one sentence who won a complete trick, why, and what
// it carries if the winner's bid holds: "Ben's Skull King wins: the Skull
// King beats every Pirate and number. +60 for 2 Pirates if Ben's bid is
// exact." name gives a seat's name (Game.Name does).
func ExplainTrick(plays []Played, res TrickResult, name func(seat int) string) string {
	if len(plays) == 0 || res.Index < 0 || res.Index >= len(plays) {
		return ""
	}
	p := plays[res.Index]
	card := p.Card.Name()
	if p.Card == Tigress {
		card = "Tigress (as " + strings.ToLower(p.Kind().String()) + ")"
	}
	var b strings.Builder
	switch res.Outcome {
	case Destroyed:
		b.WriteString("The Kraken destroys the trick: nobody wins it. ")
		b.WriteString(name(res.Leader))
		b.WriteString(" would have won and leads next.")
		return b.String()
	case Discarded:
		b.WriteString("The White Whale with no number played: the trick is discarded and ")
		b.WriteString(name(res.Leader))
		b.WriteString(" leads next.")
		return b.String()
	}
	winner := name(res.Winner)
	b.WriteString(winner)
	b.WriteString("'s ")
	b.WriteString(card)
	b.WriteString(" wins: ")
	b.WriteString(res.Reason.String())
	b.WriteString(".")
	var parts []string
	if res.SkullKing {
		parts = append(parts, "the Skull King")
	}
	if res.Pirates > 0 {
		parts = append(parts, count(res.Pirates, "Pirate"))
	}
	if res.Mermaids > 0 {
		parts = append(parts, count(res.Mermaids, "Mermaid"))
	}
	if res.Fourteens > 0 {
		parts = append(parts, count(res.Fourteens, "colour 14"))
	}
	if res.Black14 {
		parts = append(parts, "the black 14")
	}
	if res.Bonus > 0 {
		b.WriteString(" +")
		b.WriteString(strconv.Itoa(res.Bonus))
		b.WriteString(" for ")
		b.WriteString(strings.Join(parts, " and "))
		b.WriteString(" if ")
		b.WriteString(winner)
		b.WriteString("'s bid is exact.")
	}
	for _, a := range res.Alliances[:res.NAlliances] {
		b.WriteString(" ")
		b.WriteString(name(int(a.Looter)))
		b.WriteString("'s Loot allies with ")
		b.WriteString(winner)
		b.WriteString(".")
	}
	return b.String()
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
