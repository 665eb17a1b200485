package tui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/skullking-go/skullking/locale"
)

// The g key draws the score chart: every seat's running total after each
// round, as the score sheet's totals give them, on one scale — a mark per
// seat and round, joined by dots — with a legend naming the marks. It fits
// 80×24 at eight players: a column per round, a row per step of the scale.

// seatMarks are the seats' marks, in their colours.
var seatMarks = []struct {
	mark  rune
	style lipgloss.Style
}{
	{'1', lipgloss.NewStyle().Foreground(lipgloss.Color("#FF5F5F")).Bold(true)},
	{'2', lipgloss.NewStyle().Foreground(lipgloss.Color("#5FD75F")).Bold(true)},
	{'3', lipgloss.NewStyle().Foreground(lipgloss.Color("#FFD75F")).Bold(true)},
	{'4', lipgloss.NewStyle().Foreground(lipgloss.Color("#5FAFFF")).Bold(true)},
	{'5', lipgloss.NewStyle().Foreground(lipgloss.Color("#D787FF")).Bold(true)},
	{'6', lipgloss.NewStyle().Foreground(lipgloss.Color("#5FD7D7")).Bold(true)},
	{'7', lipgloss.NewStyle().Foreground(lipgloss.Color("#FFAF5F")).Bold(true)},
	{'8', lipgloss.NewStyle().Foreground(lipgloss.Color("#EEEEEE")).Bold(true)},
}

// several marks a point where more than one seat stands.
const several = '*'

// chartCell is one character of the plot: a mark, a dot of a seat's line,
// or nothing; seat −1 for several.
type chartCell struct {
	r    rune
	seat int
}

// chartPanel is the chart in the lines the panel has.
func (m *Model) chartPanel() []string {
	v := m.v
	if len(v.Results) == 0 {
		return []string{styleBold.Render(m.t("table.chart.title", nil)), "", "  " + m.t("tui.sheet.none", nil)}
	}
	legend := m.chartLegend()
	height := max(3, m.h-4-1-2-len(legend)) // header and keys; title; axis and round numbers
	lines := []string{styleBold.Render(m.n("tui.chart.title", len(v.Results), nil))}
	lines = append(lines, m.plot(height)...)
	return append(lines, legend...)
}

// plot draws the totals: the scale on the left, a column per round from
// the start (everyone at 0), the rounds numbered under the axis.
func (m *Model) plot(height int) []string {
	v := m.v
	players := min(v.Players, len(seatMarks))
	lo, hi := 0, 0
	for _, r := range v.Results {
		for s := 0; s < players; s++ {
			lo, hi = min(lo, r.Totals[s]), max(hi, r.Totals[s])
		}
	}
	if hi == lo {
		hi = lo + 1
	}
	const label = 7 // the scale's numbers and the axis
	n := len(v.Results)
	step := max(1, (m.w-1-label-1)/n)
	width := step*n + 1
	row := func(total int) int { return (hi - total) * (height - 1) / (hi - lo) }
	grid := make([][]chartCell, height)
	for i := range grid {
		grid[i] = make([]chartCell, width)
	}
	totalAt := func(s, i int) int { // after round i, 0 the start
		if i == 0 {
			return 0
		}
		return v.Results[i-1].Totals[s]
	}
	// The lines first, so that the marks stand over them.
	for s := 0; s < players; s++ {
		for i := 0; i < n; i++ {
			y0, y1 := row(totalAt(s, i)), row(totalAt(s, i+1))
			for c := 1; c < step; c++ {
				y := y0 + (y1-y0)*c/step
				if cell := &grid[y][i*step+c]; cell.r == 0 {
					*cell = chartCell{'·', s}
				}
			}
		}
	}
	for s := 0; s < players; s++ {
		for i := 0; i <= n; i++ {
			cell := &grid[row(totalAt(s, i))][i*step]
			switch {
			case cell.r == 0 || cell.r == '·':
				*cell = chartCell{seatMarks[s].mark, s}
			case cell.seat != s:
				*cell = chartCell{several, -1}
			}
		}
	}
	zero := row(0)
	var lines []string
	for y, cells := range grid {
		scale := ""
		switch y {
		case 0:
			scale = num(hi)
		case height - 1:
			scale = num(lo)
		case zero:
			scale = "0"
		}
		var b strings.Builder
		b.WriteString(fmt.Sprintf("%*s ┤", label-2, scale))
		for _, c := range cells {
			switch {
			case c.r == 0 && y == zero:
				b.WriteString(styleDim.Render("─"))
			case c.r == 0:
				b.WriteByte(' ')
			case c.seat < 0:
				b.WriteString(styleBold.Render(string(c.r)))
			case c.r == '·':
				b.WriteString(seatMarks[c.seat].style.Faint(true).Render("·"))
			default:
				b.WriteString(seatMarks[c.seat].style.Render(string(c.r)))
			}
		}
		lines = append(lines, b.String())
	}
	axis := strings.Repeat(" ", label-1) + "└" + strings.Repeat("─", width)
	numbers := []byte(strings.Repeat(" ", label+width+2))
	every := 1
	if step < 3 {
		every = 2 // two-digit numbers need room
	}
	for i := 1; i <= n; i++ {
		if i%every != 0 && i != n {
			continue
		}
		at := label + i*step
		copy(numbers[at:], strconv.Itoa(v.Results[i-1].Round))
	}
	return append(lines, styleDim.Render(axis), styleDim.Render(strings.TrimRight(string(numbers), " ")+"  "+m.t("tui.chart.axis", nil)))
}

// chartLegend names each seat's mark, with its total, as many to a line as
// fit.
func (m *Model) chartLegend() []string {
	v := m.v
	var entries []string
	for s := 0; s < min(v.Players, len(seatMarks)); s++ {
		name := cut(m.name(s), 12)
		if s == m.Seat() {
			name = m.t("tui.name.you", locale.Args{"Name": name})
		}
		entries = append(entries, seatMarks[s].style.Render(string(seatMarks[s].mark))+" "+name+" "+num(v.Seats[s].Total))
	}
	entries = append(entries, styleBold.Render(string(several))+" "+m.t("tui.chart.several", nil))
	var lines []string
	line := " "
	for _, e := range entries {
		if lipgloss.Width(line)+lipgloss.Width(e)+3 > m.w-1 && line != " " {
			lines = append(lines, line)
			line = " "
		}
		if line != " " {
			line += "   "
		}
		line += e
	}
	return append(lines, line)
}
