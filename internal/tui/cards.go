package tui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/skullking-go/skullking/protocol"
)

// Cards are drawn as the codes the view gives them (a record's codes: the
// suit is the first letter, so a card reads the same without colour), in
// the colour of their kind and suit; sentences name them as the catalogue
// does ("the black 11", "Harry the Giant"). The screen keeps no table of
// cards of its own: the catalogue is protocol.Cards.
var catalogue = protocol.Cards()

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

// The colours of the catalogue's suits and kinds.
var (
	suitStyles = map[string]lipgloss.Style{"green": styleGreen, "yellow": styleYellow, "purple": stylePurple,
		"black": styleBlack}
	kindStyles = map[string]lipgloss.Style{"skull_king": styleKing, "pirate": stylePirate, "tigress": styleTigress,
		"mermaid": styleMermaid, "loot": styleLoot, "kraken": styleKraken, "whale": styleWhale}
)

// info is the catalogue's entry for a card, or a blank one for an id that
// names no card (a view that passed its checks holds none).
func info(r protocol.CardRef) protocol.CardInfo {
	ci, _ := r.Info()
	return ci
}

// cardStyle is the colour of a card's face.
func cardStyle(r protocol.CardRef) lipgloss.Style {
	ci := info(r)
	if s, ok := suitStyles[ci.Suit]; ok {
		return s
	}
	if s, ok := kindStyles[ci.Kind]; ok {
		return s
	}
	return styleEscape
}

// maxLabel bounds a card's code on the screen: the longest a record
// writes is a named Pirate's.
const maxLabel = 8

// label is a card's code as drawn.
func label(code string) string { return clean(code, maxLabel) }

// playText is a card on the table in its colour; a Tigress's code says how
// she was declared.
func playText(p protocol.Play) string { return cardStyle(p.CardRef).Render(label(p.Code)) }

// playsText is a trick's cards in their colours.
func playsText(ps []protocol.Play) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = playText(p)
	}
	return strings.Join(parts, " ")
}

// refsText is a list of cards in their colours.
func refsText(rs []protocol.CardRef) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = cardStyle(r).Render(label(r.Code))
	}
	return strings.Join(parts, " ")
}

// cardHelp says what a card does, from the catalogue, with a named
// Pirate's ability when the game plays them.
func (m *Model) cardHelp(r protocol.CardRef, named bool) string {
	return m.words.CardHelp(info(r), named)
}

// num writes a number of points as the view's sentences do: −10.
func num(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
