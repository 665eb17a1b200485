package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// overlayLines draws the open panel.
func (m *Model) overlayLines() []string {
	switch m.overlay {
	case overlayHelp:
		lines := m.helpLines()
		room := m.h - 4 // header, keys
		m.helpTop = max(0, min(m.helpTop, len(lines)-room))
		return lines[m.helpTop:]
	case overlaySheet:
		return m.sheetLines()
	case overlayRound:
		return m.roundLines()
	case overlayTricks:
		return m.tricksLines()
	case overlayChart:
		return m.chartPanel()
	}
	return nil
}

// helpLines is the game in brief, the table's rules as the table states
// them, the cards as the catalogue describes them, and the keys; ↑↓
// scroll what the screen does not hold.
func (m *Model) helpLines() []string {
	w := m.w - 1
	lines := []string{styleBold.Render(m.t("tui.help.title", nil))}
	if m.rules != "" {
		lines = append(lines, wrap(m.t("tui.help.table", locale.Args{"Rules": m.rules}), w, "  ")...)
	}
	lines = append(lines, wrap(m.t("tui.help.game", nil), w, "  ")...)
	for _, s := range m.v.Seats {
		if s.Graybeard {
			lines = append(lines, wrap(m.t("tui.help.graybeard", nil), w, "  ")...)
			break
		}
	}
	lines = append(lines, m.helpKeys()...)
	lines = append(lines, wrap(styleDim.Render(m.t("tui.help.unofficial", nil)), w, "  ")...)
	return append(lines, m.cardLegend()...)
}

// helpScrolls reports whether the help is longer than the screen.
func (m *Model) helpScrolls() bool { return len(m.helpLines()) > m.h-4 }

// cardLegend is an entry per kind of card, from the catalogue: its code,
// its name and what it does.
func (m *Model) cardLegend() []string {
	w := m.w - 1
	var suits []string
	var trump string
	seen := map[string]bool{}
	var lines []string
	for i := range catalogue {
		ci := &catalogue[i]
		switch {
		case ci.Suit != "" && !seen[ci.Suit]:
			seen[ci.Suit] = true
			last := ci
			for j := i; j < len(catalogue) && catalogue[j].Suit == ci.Suit; j++ {
				last = &catalogue[j]
			}
			span := ci.Code + "–" + last.Code + " " + m.t("suit."+ci.Suit, nil)
			if ci.Trump {
				trump = span + ": " + m.words.CardHelp(*ci, false)
			} else {
				suits = append(suits, span)
			}
		case ci.Suit == "" && !seen[ci.Kind]:
			seen[ci.Kind] = true
			lines = append(lines, wrap(ci.Code+" "+m.words.CardName(*ci, false)+": "+m.words.CardHelp(*ci, false), w, "  ")...)
		}
	}
	head := wrap(m.t("tui.help.suits", locale.Args{"Suits": strings.Join(suits, " · ")}), w, "  ")
	if trump != "" {
		head = append(head, wrap(trump, w, "  ")...)
	}
	return append(head, lines...)
}

// helpKeys lists the keys, with a server table's own: chat, and the
// rematch the host may offer (with r) once the game is over.
func (m *Model) helpKeys() []string {
	_, server := m.table.(Chatter)
	var lines, keys []string
	if m.spectating() {
		lines = wrap(m.t("tui.help.watching", nil), m.w-1, "  ")
		keys = []string{"sheet", "chart", "tricks", "help", "close", "save", "quit_now", "chat", "watch_rematch"}
	} else {
		lines = wrap(m.t("tui.help.hand", nil), m.w-1, "  ")
		keys = []string{"choose", "enter", "bid", "hint", "sheet", "score_chart", "tricks", "help", "close", "save"}
		if server {
			keys = append(keys, "chat", "rematch")
		}
		keys = append(keys, "quit")
	}
	for i, k := range keys {
		keys[i] = m.t("tui.help.key."+k, nil)
	}
	return append(lines, wrap(m.t("tui.help.keys", nil)+" "+strings.Join(keys, " · "), m.w-1, "  ")...)
}

// scrollKey moves the round the sheet breaks down, or scrolls the help.
func (m *Model) scrollKey(s string) {
	if m.overlay == overlayTricks {
		switch s {
		case "up":
			m.trickTop = max(0, m.trickTop-1)
		case "down":
			m.trickTop++ // tricksLines keeps it in range
		}
		return
	}
	if m.overlay == overlayHelp {
		switch s {
		case "up":
			m.helpTop = max(0, m.helpTop-1)
		case "down":
			m.helpTop++ // overlayLines keeps it in range
		}
		return
	}
	switch n := len(m.v.Results); s {
	case "up":
		m.sheet = min(m.sheet+1, max(0, n-1))
	case "down":
		m.sheet = max(m.sheet-1, 0)
	}
}

// sheetLines is the score sheet: a row per round, a column per player with
// bid/won and the round's points, the totals; then one round part by part
// (the last, or the one chosen with ↑↓), and a chart of the totals over
// the rounds when there is room.
func (m *Model) sheetLines() []string {
	v := m.v
	players := v.Players
	cols := m.sheetColumns()
	cw := min(16, (m.w-3-cols.widths[0]-cols.widths[1])/max(1, players))
	wide := cw >= 11
	title := m.t("tui.sheet.title.wide", nil)
	if !wide {
		title = m.t("tui.sheet.title", nil)
	}
	if m.cfg.Seed != 0 {
		title += " · " + m.t("tui.sheet.seed", locale.Args{"Seed": strconv.FormatUint(m.cfg.Seed, 10)})
	}
	lines := []string{styleBold.Render(cut(title, m.w-1))}
	head := " " + cols.row(m.t("tui.col.round", nil), m.t("tui.col.cards", nil)) + " "
	for s := 0; s < players; s++ {
		head += padLeft(cut(m.name(s), cw-1), cw)
	}
	lines = append(lines, styleDim.Render(head))
	if len(v.Results) == 0 {
		return append(lines, m.totalRow(cols, cw), "", "  "+m.t("tui.sheet.none", nil))
	}
	chosen := len(v.Results) - 1 - min(m.sheet, len(v.Results)-1)
	detail := m.scoreLines(chosen)
	room := m.h - 4 - 3 - 1 - len(detail) // header, keys; title, head, total; the gap
	results, first := v.Results, 0
	if len(results) > room && room > 0 {
		// Keep the chosen round in the window.
		first = min(max(0, chosen-room+1), len(results)-room)
		results = results[first : first+room]
	}
	for i, r := range results {
		label := strconv.Itoa(r.Round)
		if r.Tiebreak {
			label = m.t("tui.sheet.tiebreak", locale.Args{"Round": r.Round})
		}
		row := " " + cols.row(label, strconv.Itoa(r.Cards)) + " "
		for s := 0; s < players; s++ {
			cell := m.cfg.Lang.Signed(r.Points[s])
			if wide {
				cell = fmt.Sprintf("%d/%d %4s", r.Bids[s], r.Won[s], cell)
			}
			row += padLeft(cell, cw)
		}
		if first+i == chosen && len(v.Results) > 1 {
			row = styleTurn.Render(row)
		}
		lines = append(lines, row)
	}
	lines = append(lines, m.totalRow(cols, cw), "")
	lines = append(lines, detail...)
	if chart := m.chartLines(); len(lines)+1+len(chart) <= m.h-4 {
		lines = append(lines, "")
		lines = append(lines, chart...)
	}
	return lines
}

// sheetColumns are the sheet's first columns, the round and its cards,
// as wide as their headings.
func (m *Model) sheetColumns() columns {
	cols := columns{widths: []int{5, 5}, right: []bool{false, true}}
	cols.fitHeadings([]string{m.t("tui.col.round", nil), m.t("tui.col.cards", nil)})
	return cols
}

// totalRow is the sheet's last row: everyone's total, under the columns
// of players cw wide.
func (m *Model) totalRow(cols columns, cw int) string {
	total := " " + padRight(m.t("tui.col.total", nil), cols.widths[0]+1+cols.widths[1]) + " "
	for s := 0; s < m.v.Players; s++ {
		total += padLeft(num(m.v.Seats[s].Total), cw)
	}
	return styleBold.Render(total)
}

// scoreLines breaks result i down seat by seat, in the view's words.
func (m *Model) scoreLines(i int) []string {
	r := &m.v.Results[i]
	lines := []string{styleDim.Render(m.t("tui.sheet.parts", locale.Args{"Round": r.Round}))}
	for s := 0; s < m.v.Players && s < len(r.Scores); s++ {
		lines = append(lines, cut("  "+m.nameCell(s)+" "+m.words.Score(&r.Scores[s]), m.w-1))
	}
	return lines
}

// chartLines draws each player's running total over the rounds as a line
// of block heights, all on one scale, so the race reads at a glance.
func (m *Model) chartLines() []string {
	v := m.v
	lo, hi := 0, 0
	for _, r := range v.Results {
		for s := 0; s < v.Players; s++ {
			lo, hi = min(lo, r.Totals[s]), max(hi, r.Totals[s])
		}
	}
	blocks := []rune("▁▂▃▄▅▆▇█")
	lines := []string{styleDim.Render(m.t("tui.sheet.totals", locale.Args{"Low": num(lo), "High": num(hi)}))}
	for s := 0; s < v.Players; s++ {
		var b strings.Builder
		for _, r := range v.Results {
			i := 0
			if hi > lo {
				i = (r.Totals[s] - lo) * (len(blocks) - 1) / (hi - lo)
			}
			b.WriteRune(blocks[i])
		}
		lines = append(lines, "  "+m.nameCell(s)+" "+b.String()+" "+num(v.Seats[s].Total))
	}
	return lines
}

// bonusCell is the bonus a seat captured and what of it counted: "+30",
// "(30)" when a missed bid forfeited it, "+15/30" when half counted.
func bonusCell(l *locale.Lang, sc *protocol.SeatScore) string {
	switch {
	case sc.Bonus == 0 && sc.BonusPoints == 0:
		return "0"
	case sc.BonusPoints == sc.Bonus:
		return l.Signed(sc.BonusPoints)
	case sc.BonusPoints == 0:
		return "(" + strconv.Itoa(sc.Bonus) + ")"
	}
	return l.Signed(sc.BonusPoints) + "/" + strconv.Itoa(sc.Bonus)
}

// roundLines is the summary of the round just scored, seat by seat and
// part by part as the engine scored it: the bid's points, the bonus that
// counted, a wager's and the Loot's, the round's points and the total; and
// how the last trick went.
func (m *Model) roundLines() []string {
	v := m.v
	if len(v.Results) == 0 {
		return nil
	}
	r := &v.Results[len(v.Results)-1]
	lines := []string{styleBold.Render(m.n("tui.round.title", r.Cards, locale.Args{"Round": r.Round})), ""}
	extra, forfeited := false, false
	var cannons []string
	for s := 0; s < v.Players && s < len(r.Scores); s++ {
		sc := &r.Scores[s]
		extra = extra || sc.WagerPoints != 0 || sc.LootPoints != 0 || sc.Wager != 0 || len(sc.Loot) > 0
		forfeited = forfeited || (sc.Bonus > 0 && sc.BonusPoints < sc.Bonus)
	}
	ids := []string{"player", "bid", "won", "bid_points", "bonus", "wager", "loot", "points", "total"}
	cols := columns{widths: []int{14, 4, 4, 8, 7, 7, 7, 7, 6}, right: []bool{false, true, true, true, true, true, true, true, true}}
	if !extra {
		ids = slices.Delete(ids, 5, 7)
		cols.widths, cols.right = slices.Delete(cols.widths, 5, 7), slices.Delete(cols.right, 5, 7)
	}
	heads := make([]string, len(ids))
	for i, id := range ids {
		heads[i] = m.t("tui.col."+id, nil)
	}
	heads[0] = cut(heads[0], 14) // a long name is cut: so is the heading over the names
	cols.fitHeadings(heads)
	lines = append(lines, styleDim.Render("   "+cols.row(heads...)))
	for s := 0; s < v.Players; s++ {
		name := m.name(s)
		if s == m.Seat() {
			name = m.t("tui.name.you", locale.Args{"Name": name})
		}
		var sc protocol.SeatScore
		if s < len(r.Scores) {
			sc = r.Scores[s]
		}
		cells := []string{cut(name, 14), strconv.Itoa(r.Bids[s]), strconv.Itoa(r.Won[s]), m.cfg.Lang.Signed(sc.BidPoints),
			bonusCell(m.cfg.Lang, &sc)}
		if extra {
			cells = append(cells, m.cfg.Lang.Signed(sc.WagerPoints), m.cfg.Lang.Signed(sc.LootPoints))
		}
		row := "   " + cols.row(append(cells, m.cfg.Lang.Signed(r.Points[s]), num(r.Totals[s]))...)
		if sc.Cannon != "" {
			cannons = append(cannons, m.t("tui.round.cannon", locale.Args{"Name": m.name(s),
				"Load": m.t("table.seat.cannon."+sc.Cannon, nil)}))
		}
		if s == m.Seat() {
			row = styleBold.Render(row)
		}
		lines = append(lines, row)
	}
	if len(cannons) > 0 {
		lines = append(lines, cut("   "+m.t("tui.round.cannons", locale.Args{"Loads": strings.Join(cannons, m.t("list.comma", nil))}), m.w-1))
	}
	if forfeited {
		lines = append(append(lines, ""), wrap(styleDim.Render("   "+m.t("tui.round.forfeited", nil)), m.w-1, "   ")...)
	}
	lines = append(lines, "")
	lines = append(lines, m.lastTrickLines()...)
	if v.Phase == protocol.PhaseOver {
		lines = append(lines, "", styleTitle.Render(m.gameOverText()))
		lines = append(lines, wrap(m.t("tui.round.over_keys", nil), m.w-1, "  ")...)
	} else {
		lines = append(lines, "", m.t("tui.round.next", locale.Args{"Round": v.Round}))
	}
	if chart := m.chartLines(); len(v.Results) > 1 && len(lines)+1+len(chart) <= m.h-4 {
		lines = append(lines, "")
		lines = append(lines, chart...)
	}
	return lines
}
