package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

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
	lines := []string{styleBold.Render("The rules in brief")}
	if m.rules != "" {
		lines = append(lines, wrap("This table: "+m.rules+".", w, "  ")...)
	}
	lines = append(lines, wrap("Each round everyone bids, secretly and at once, how many tricks they will take; "+
		"an exact bid scores, a missed one costs (the round's summary shows each part).", w, "  ")...)
	for _, s := range m.v.Seats {
		if s.Graybeard {
			lines = append(lines, "Two players: Graybeard flips his top card into every trick; his tricks count",
				"  for nobody.")
			break
		}
	}
	lines = append(lines, m.helpKeys()...)
	lines = append(lines, styleDim.Render("Unofficial fan implementation, not affiliated with Grandpa Beck's Games."))
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
			span := ci.Code + "–" + last.Code + " " + ci.Suit
			if ci.Trump {
				trump = span + ": " + ci.Help
			} else {
				suits = append(suits, span)
			}
		case ci.Suit == "" && !seen[ci.Kind]:
			seen[ci.Kind] = true
			lines = append(lines, wrap(ci.Code+" "+m.words.CardName(*ci, false)+": "+ci.Help, w, "  ")...)
		}
	}
	head := wrap(strings.Join(suits, " · ")+": follow the suit led if you can.", w, "  ")
	if trump != "" {
		head = append(head, wrap(trump, w, "  ")...)
	}
	return append(head, lines...)
}

// helpKeys lists the keys, with a server table's own: chat, and the
// rematch the host may offer (with r) once the game is over.
func (m *Model) helpKeys() []string {
	_, server := m.table.(Chatter)
	more := ""
	if server {
		more = "c chat · r rematch · "
	}
	if m.spectating() {
		return []string{
			"You are watching: the hands stay hidden and the game is the players' to play.",
			"Keys: s score sheet · g chart · t every trick of the round · ? these rules",
			"  Esc close · w save the record · q quit",
			"  c chat · r watch the rematch the host offers once the game is over",
		}
	}
	return []string{
		"Hand: [card] playable · card not now · >card< under the cursor · *card* marked.",
		"Keys: ←→ choose · Enter play/confirm · 0-9 bid · h hint · s score sheet",
		"  g score chart · t every trick of the round · ? these rules · Esc close",
		"  w save the record · " + more + "q quit (asks first in a game)",
	}
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
	cw := min(16, (m.w-13)/max(1, players))
	wide := cw >= 11
	title := "Score sheet — each cell: bid/won and the round's points"
	if !wide {
		title = "Score sheet — each cell: the round's points"
	}
	if m.cfg.Seed != 0 {
		title += " · seed " + strconv.FormatUint(m.cfg.Seed, 10)
	}
	lines := []string{styleBold.Render(ansi.Truncate(title, m.w-1, "…"))}
	head := fmt.Sprintf(" %-5s %5s ", "Round", "Cards")
	for s := 0; s < players; s++ {
		head += fmt.Sprintf("%*s", cw, ansi.Truncate(m.name(s), cw-1, "…"))
	}
	lines = append(lines, styleDim.Render(head))
	if len(v.Results) == 0 {
		return append(lines, m.totalRow(cw), "", "  No round scored yet.")
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
			label += "tb"
		}
		row := fmt.Sprintf(" %-5s %5d ", label, r.Cards)
		for s := 0; s < players; s++ {
			cell := protocol.Signed(r.Points[s])
			if wide {
				cell = fmt.Sprintf("%d/%d %4s", r.Bids[s], r.Won[s], cell)
			}
			row += fmt.Sprintf("%*s", cw, cell)
		}
		if first+i == chosen && len(v.Results) > 1 {
			row = styleTurn.Render(row)
		}
		lines = append(lines, row)
	}
	lines = append(lines, m.totalRow(cw), "")
	lines = append(lines, detail...)
	if chart := m.chartLines(); len(lines)+1+len(chart) <= m.h-4 {
		lines = append(lines, "")
		lines = append(lines, chart...)
	}
	return lines
}

// totalRow is the sheet's last row: everyone's total.
func (m *Model) totalRow(cw int) string {
	total := fmt.Sprintf(" %-11s ", "Total")
	for s := 0; s < m.v.Players; s++ {
		total += fmt.Sprintf("%*s", cw, num(m.v.Seats[s].Total))
	}
	return styleBold.Render(total)
}

// scoreLines breaks result i down seat by seat, in the view's words.
func (m *Model) scoreLines(i int) []string {
	r := &m.v.Results[i]
	lines := []string{styleDim.Render(fmt.Sprintf("Round %d part by part", r.Round))}
	for s := 0; s < m.v.Players && s < len(r.Scores); s++ {
		lines = append(lines, ansi.Truncate(fmt.Sprintf("  %-14s %s", ansi.Truncate(m.name(s), 14, "…"),
			m.words.Score(&r.Scores[s])), m.w-1, "…"))
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
	lines := []string{styleDim.Render(fmt.Sprintf("Totals over the rounds (from %s to %s)", num(lo), num(hi)))}
	for s := 0; s < v.Players; s++ {
		var b strings.Builder
		for _, r := range v.Results {
			i := 0
			if hi > lo {
				i = (r.Totals[s] - lo) * (len(blocks) - 1) / (hi - lo)
			}
			b.WriteRune(blocks[i])
		}
		lines = append(lines, fmt.Sprintf("  %-14s %s %s", ansi.Truncate(m.name(s), 14, "…"), b.String(), num(v.Seats[s].Total)))
	}
	return lines
}

// bonusCell is the bonus a seat captured and what of it counted: "+30",
// "(30)" when a missed bid forfeited it, "+15/30" when half counted.
func bonusCell(sc *protocol.SeatScore) string {
	switch {
	case sc.Bonus == 0 && sc.BonusPoints == 0:
		return "0"
	case sc.BonusPoints == sc.Bonus:
		return protocol.Signed(sc.BonusPoints)
	case sc.BonusPoints == 0:
		return "(" + strconv.Itoa(sc.Bonus) + ")"
	}
	return protocol.Signed(sc.BonusPoints) + "/" + strconv.Itoa(sc.Bonus)
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
	title := fmt.Sprintf("Round %d scored (%s each)", r.Round, plural(r.Cards, "card"))
	lines := []string{styleBold.Render(title), ""}
	extra, forfeited := false, false
	var cannons []string
	for s := 0; s < v.Players && s < len(r.Scores); s++ {
		sc := &r.Scores[s]
		extra = extra || sc.WagerPoints != 0 || sc.LootPoints != 0 || sc.Wager != 0 || len(sc.Loot) > 0
		forfeited = forfeited || (sc.Bonus > 0 && sc.BonusPoints < sc.Bonus)
	}
	head := fmt.Sprintf("   %-14s %4s %4s %8s %7s", "Player", "Bid", "Won", "Bid pts", "Bonus")
	if extra {
		head += fmt.Sprintf(" %7s %7s", "Wager", "Loot")
	}
	head += fmt.Sprintf(" %7s %6s", "Points", "Total")
	lines = append(lines, styleDim.Render(head))
	for s := 0; s < v.Players; s++ {
		name := m.name(s)
		if s == m.Seat() {
			name += " (you)"
		}
		var sc protocol.SeatScore
		if s < len(r.Scores) {
			sc = r.Scores[s]
		}
		row := fmt.Sprintf("   %-14s %4d %4d %8s %7s", ansi.Truncate(name, 14, "…"), r.Bids[s], r.Won[s],
			protocol.Signed(sc.BidPoints), bonusCell(&sc))
		if extra {
			row += fmt.Sprintf(" %7s %7s", protocol.Signed(sc.WagerPoints), protocol.Signed(sc.LootPoints))
		}
		row += fmt.Sprintf(" %7s %6s", protocol.Signed(r.Points[s]), num(r.Totals[s]))
		if sc.Cannon != "" {
			cannons = append(cannons, m.name(s)+" "+sc.Cannon)
		}
		if s == m.Seat() {
			row = styleBold.Render(row)
		}
		lines = append(lines, row)
	}
	if len(cannons) > 0 {
		lines = append(lines, ansi.Truncate("   Cannons: "+strings.Join(cannons, ", ")+".", m.w-1, "…"))
	}
	if forfeited {
		lines = append(lines, "", styleDim.Render("   A bonus in (brackets) was captured but lost with a missed bid."))
	}
	lines = append(lines, "")
	lines = append(lines, m.lastTrickLines()...)
	if v.Phase == protocol.PhaseOver {
		lines = append(lines, "", styleTitle.Render(m.gameOverText()), "g draws the score chart, s shows the sheet.")
	} else {
		lines = append(lines, "", "Press Enter for round "+strconv.Itoa(v.Round)+".")
	}
	if chart := m.chartLines(); len(v.Results) > 1 && len(lines)+1+len(chart) <= m.h-4 {
		lines = append(lines, "")
		lines = append(lines, chart...)
	}
	return lines
}
