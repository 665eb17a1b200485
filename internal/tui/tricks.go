package tui

import (
	"fmt"

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// The t key opens every trick of the round, each with how it went in the
// view's words; ↑↓ page through them when they do not all fit, and the
// title says which are shown. At eight players the table leaves room for
// few earlier tricks, so this is where the rest are.

// roundTricks are the tricks t shows: this round's completed tricks, or
// while none is, the last round's last trick that the view still tells.
func (m *Model) roundTricks() []protocol.Trick {
	v := m.v
	if len(v.Tricks) == 0 && v.LastTrick != nil {
		return []protocol.Trick{*v.LastTrick}
	}
	return v.Tricks
}

// trickBlock is one trick in the panel: its cards and who took it, then
// what the engine reported of it.
func (m *Model) trickBlock(t *protocol.Trick) []string {
	lines := []string{" " + m.trickLine(t)}
	return append(lines, wrap("     "+m.trickWords(t), m.w-1, "     ")...)
}

// trickLine is a completed trick in a line: its number, its cards and
// who took it.
func (m *Model) trickLine(t *protocol.Trick) string {
	who := m.t("tui.trick.nobody", nil)
	if t.Outcome == protocol.OutcomeWon {
		who = m.name(t.Winner)
	}
	return fmt.Sprintf("%2d. %s → %s", t.Number, playsText(t.Plays), who)
}

// tricksRoom is the lines the panel has for tricks, below its title.
func (m *Model) tricksRoom() int { return max(1, m.h-4-2) }

// tricksFrom is how many tricks from first fit in the panel (one at least).
func (m *Model) tricksFrom(first int) int {
	tricks := m.roundTricks()
	used, n := 0, 0
	for i := first; i < len(tricks); i++ {
		used += len(m.trickBlock(&tricks[i]))
		if used > m.tricksRoom() && n > 0 {
			break
		}
		n++
	}
	return n
}

// lastTricksTop is the first trick of the last page: the latest tricks
// show when the panel opens.
func (m *Model) lastTricksTop() int {
	tricks := m.roundTricks()
	top := len(tricks)
	for top > 0 && top-1+m.tricksFrom(top-1) == len(tricks) {
		top--
	}
	return min(top, max(0, len(tricks)-1))
}

// tricksLines is the panel: a title saying which tricks show, then each.
func (m *Model) tricksLines() []string {
	tricks := m.roundTricks()
	if len(tricks) == 0 {
		return []string{styleBold.Render(m.t("tui.tricks.title", nil)), "", "  " + m.t("tui.tricks.none", nil)}
	}
	m.trickTop = max(0, min(m.trickTop, m.lastTricksTop()))
	n := m.tricksFrom(m.trickTop)
	first, last := tricks[m.trickTop].Number, tricks[m.trickTop+n-1].Number
	args := locale.Args{"Round": tricks[0].Round, "Number": first, "First": first, "Last": last, "Total": len(tricks)}
	title := m.t("tui.tricks.one", args)
	if last != first {
		title = m.t("tui.tricks.span", args)
	}
	if n < len(tricks) {
		title += " · " + m.t("tui.tricks.others", nil)
	}
	lines := []string{styleBold.Render(title), ""}
	for i := m.trickTop; i < m.trickTop+n; i++ {
		lines = append(lines, m.trickBlock(&tricks[i])...)
	}
	return lines
}
