package tui

import (
	"strconv"

	"charm.land/lipgloss/v2"

	"github.com/skullking-go/skullking"
)

// Cards are drawn as their record codes (Y9, B14, SK, TIG-P…): the suit is
// the first letter, so a card reads the same without colour, and the colour
// only helps the eye.
var (
	styleGreen   = lipgloss.NewStyle().Foreground(lipgloss.Color("#5FD75F")).Bold(true)
	styleYellow  = lipgloss.NewStyle().Foreground(lipgloss.Color("#FFD75F")).Bold(true)
	stylePurple  = lipgloss.NewStyle().Foreground(lipgloss.Color("#AF87FF")).Bold(true)
	styleBlack   = lipgloss.NewStyle().Foreground(lipgloss.Color("#FFFFFF")).Background(lipgloss.Color("#3A3A3A")).Bold(true)
	styleKing    = lipgloss.NewStyle().Foreground(lipgloss.Color("#FF5F5F")).Bold(true)
	stylePirate  = lipgloss.NewStyle().Foreground(lipgloss.Color("#FF875F")).Bold(true)
	styleTigress = lipgloss.NewStyle().Foreground(lipgloss.Color("#FFAF00")).Bold(true)
	styleMermaid = lipgloss.NewStyle().Foreground(lipgloss.Color("#5FD7FF")).Bold(true)
	styleEscape  = lipgloss.NewStyle().Foreground(lipgloss.Color("#BCBCBC"))
	styleLoot    = lipgloss.NewStyle().Foreground(lipgloss.Color("#D7AF00"))
	styleKraken  = lipgloss.NewStyle().Foreground(lipgloss.Color("#00AFAF")).Bold(true)
	styleWhale   = lipgloss.NewStyle().Foreground(lipgloss.Color("#EEEEEE")).Bold(true)

	styleDim   = lipgloss.NewStyle().Faint(true)
	styleBold  = lipgloss.NewStyle().Bold(true)
	styleTitle = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#FFD787"))
	styleWarn  = lipgloss.NewStyle().Foreground(lipgloss.Color("#FF8787"))
	styleTurn  = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#87FF87"))
)

// cardStyle is the colour of a card's face.
func cardStyle(c skullking.Card) lipgloss.Style {
	switch c.Suit() {
	case skullking.Green:
		return styleGreen
	case skullking.Yellow:
		return styleYellow
	case skullking.Purple:
		return stylePurple
	case skullking.Black:
		return styleBlack
	}
	switch c.Kind() {
	case skullking.KindSkullKing:
		return styleKing
	case skullking.KindPirate:
		return stylePirate
	case skullking.KindTigress:
		return styleTigress
	case skullking.KindMermaid:
		return styleMermaid
	case skullking.KindLoot:
		return styleLoot
	case skullking.KindKraken:
		return styleKraken
	case skullking.KindWhale:
		return styleWhale
	}
	return styleEscape
}

// cardCode is a card's code, the Pirates named when their names matter.
func cardCode(c skullking.Card, named bool) string {
	if named {
		return c.NamedCode()
	}
	return c.String()
}

// cardText is a card's code in its colour.
func cardText(c skullking.Card, named bool) string {
	return cardStyle(c).Render(cardCode(c, named))
}

// playedText is a played card in its colour; a Tigress shows how she was
// declared.
func playedText(p skullking.Played, named bool) string {
	return cardStyle(p.Card).Render(p.Code(named))
}

var suitNouns = [...]string{"", "parrot", "treasure chest", "treasure map", "Jolly Roger, trump"}

var pirateAbilities = map[skullking.Card]string{
	skullking.Rosie:   "choose who leads the next trick",
	skullking.Bendt:   "draw 2 undealt cards, then discard 2",
	skullking.Rascal:  "wager 0, 10 or 20 on your bid",
	skullking.Juanita: "look at the undealt cards",
	skullking.Harry:   "change your bid by -1, 0 or +1 at the round's end",
}

// cardInfo is one line about a card: what it is and how it plays.
func cardInfo(c skullking.Card, o *skullking.Options) string {
	abilities := o.PirateAbilities
	if c.IsNumber() {
		s := c.Suit()
		return c.Name() + " (" + suitNouns[s] + ")"
	}
	switch c.Kind() {
	case skullking.KindSkullKing:
		return "Skull King: beats every Pirate and number; a Mermaid takes him"
	case skullking.KindPirate:
		if abilities {
			return c.Name() + ", a Pirate: beats Mermaids and numbers; if she or he wins: " + pirateAbilities[c]
		}
		return "Pirate: beats Mermaids and numbers; loses to the Skull King"
	case skullking.KindTigress:
		return "Tigress: declare her a Pirate or an Escape as you play her"
	case skullking.KindMermaid:
		return "Mermaid: beats numbers; takes the Skull King; loses to Pirates"
	case skullking.KindEscape:
		return "Escape: loses, unless only Escapes are played"
	case skullking.KindLoot:
		return "Loot: an Escape that allies you with the winner (+" + strconv.Itoa(o.LootBonus) + " each if both bids hold)"
	case skullking.KindKraken:
		return "Kraken: nobody wins this trick"
	case skullking.KindWhale:
		return "White Whale: specials lose their power; the highest number wins"
	}
	return c.Name()
}

// signed writes n with its sign: +20, -10, 0.
func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
