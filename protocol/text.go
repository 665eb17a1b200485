package protocol

import (
	"errors"
	"strconv"
	"strings"

	"github.com/skullking-go/skullking"
)

// Capital starts a sentence.
func Capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// List joins phrases: "a", "a and b", "a, b and c".
func List(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

// Count is "1 trick", "2 tricks".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// some is "a Mermaid", "2 Mermaids".
func some(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return strconv.Itoa(n) + " " + many
}

// PlayPhrase names a card on the table: "the black 11", "the Tigress as a
// Pirate".
func PlayPhrase(p Play) string {
	switch p.As {
	case "pirate":
		return "the Tigress as a Pirate"
	case "escape":
		return "the Tigress as an Escape"
	}
	return p.CardRef.Phrase()
}

// reasonTexts word the reason codes.
var reasonTexts = map[string]string{
	ReasonMermaidTakesSkullKing: "a Mermaid takes the Skull King",
	ReasonSkullKing:             "the Skull King beats every Pirate and number",
	ReasonPirate:                "the first Pirate beats Mermaids and numbers",
	ReasonMermaid:               "the first Mermaid beats every number",
	ReasonTrump:                 "the highest black (trump) wins",
	ReasonSuit:                  "the highest card of the suit led wins",
	ReasonFirstEscape:           "only Escapes were played: the first one wins",
	ReasonWhaleHighest:          "the White Whale: the highest number wins, whatever its suit",
	ReasonKraken:                "the Kraken destroys the trick: nobody wins it",
	ReasonWhaleDiscard:          "the White Whale with no number played: the trick is discarded",
}

// Reason words a reason code.
func Reason(code string) string {
	if t, ok := reasonTexts[code]; ok {
		return t
	}
	return strings.ReplaceAll(code, "_", " ")
}

// Bonuses words bonus items: "2 Pirates and the black 14".
func Bonuses(items []BonusItem) string {
	var parts []string
	for _, b := range items {
		switch b.Kind {
		case "fourteen":
			parts = append(parts, some(b.Count, "a colour 14", "colour 14s"))
		case "black_fourteen":
			parts = append(parts, "the black 14")
		case "pirate_mermaid":
			parts = append(parts, some(b.Count, "a Mermaid", "Mermaids"))
		case "skull_king_pirate":
			parts = append(parts, some(b.Count, "a Pirate", "Pirates"))
		case "mermaid_skull_king":
			parts = append(parts, "the Skull King")
		default:
			parts = append(parts, strings.ReplaceAll(b.Kind, "_", " "))
		}
	}
	return List(parts, "and")
}

// Signed writes a number of points with its sign: "+20", "−10", "0".
func Signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}

// RulesProblem words the engine's refusal of a set of rules for the person
// who chose them: under the option's label, as a form shows it, never its
// record key or the engine's prefix. "Loot is never used with 2 players.",
// "Colour 14 captured: 5000: must be 0 to 1000."
func RulesProblem(err error) string {
	var oe *skullking.OptionError
	if !errors.As(err, &oe) {
		return Capital(strings.TrimPrefix(strings.TrimPrefix(err.Error(), skullking.ErrBadOptions.Error()+": "), "skullking: "))
	}
	if spec, ok := skullking.OptionSpecOf(oe.Key); ok && !oe.Alone {
		return spec.Label + ": " + oe.Detail + "."
	}
	return Capital(oe.Detail) + "."
}
