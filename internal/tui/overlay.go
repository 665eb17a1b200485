package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/skullking-go/skullking"
)

// overlayLines draws the open panel.
func (m *Model) overlayLines() []string {
	switch m.overlay {
	case overlayHelp:
		return m.helpLines()
	case overlaySheet:
		return m.sheetLines()
	case overlayRound:
		return m.roundLines()
	}
	return nil
}

// helpLines is the rules in brief, with the modules in play, and the keys.
func (m *Model) helpLines() []string {
	o := &m.v.Options
	lines := []string{
		styleBold.Render("The rules in brief"),
		"Each round everyone bids, secretly and at once, how many tricks they will take.",
		"Follow the suit led if you can; a special card may always be played. Black (B)",
		"  is trump. A Pirate, Mermaid or Skull King led sets the trick free.",
		"Who takes a trick: a Mermaid with the Skull King in it; else the Skull King;",
		"  else the first Pirate; the first Mermaid; the highest black; the highest of",
		"  the suit led. Escapes win only if all escape. Tigress: Pirate or Escape.",
	}
	if o.Scoring == skullking.RascalScoring {
		lines = append(lines, "Rascal's scoring: exact bid 10 × cards and the bonuses, off by one half, more 0.")
		if o.CannonLoad {
			lines = append(lines, "  Cannonball: 15 × cards if exact, else 0.")
		}
	} else {
		lines = append(lines, fmt.Sprintf("Score: bid n made +%d × n, missed -%d per trick off; bid 0: ±%d × cards.",
			o.PointsPerTrick, o.MissPenalty, o.ZeroPoints))
	}
	if o.Bonuses {
		lines = append(lines, fmt.Sprintf("Bonuses only on an exact bid: a 14 taken +%d (black +%d), Pirate takes",
			o.BonusFourteen, o.BonusBlackFourteen),
			fmt.Sprintf("  Mermaid +%d, Skull King takes Pirate +%d, Mermaid takes Skull King +%d.",
				o.BonusPirateMermaid, o.BonusSkullKingPirate, o.BonusMermaidSkullKing))
	}
	var mods []string
	if o.Kraken {
		mods = append(mods, "Kraken: nobody takes the trick")
	}
	if o.WhiteWhale {
		mods = append(mods, "White Whale: highest number wins")
	}
	if o.Loot {
		mods = append(mods, "Loot: ally with the winner")
	}
	if o.PirateAbilities {
		mods = append(mods, "named Pirates have abilities")
	}
	if len(mods) > 0 {
		lines = append(lines, wrap("Modules: "+strings.Join(mods, "; ")+".", m.w-1, "  ")...)
	}
	if m.v.Players == 2 {
		lines = append(lines, "Two players: Graybeard flips his top card into every trick; his tricks count",
			"  for nobody.")
	}
	lines = append(lines,
		"Cards: G green parrot · Y yellow chest · P purple map · B black Jolly Roger;",
		"  SK Skull King · PIR Pirate · TIG Tigress · MER Mermaid · ESC Escape.",
	)
	lines = append(lines, m.helpKeys()...)
	return append(lines, styleDim.Render("Unofficial fan implementation, not affiliated with Grandpa Beck's Games."))
}

// helpKeys lists the keys, with a server table's own: chat, and the
// rematch the host may offer (with r) once the game is over.
func (m *Model) helpKeys() []string {
	_, server := m.table.(Chatter)
	more := ""
	if server {
		more = " · c chat · r rematch"
	}
	if m.spectating() {
		return []string{
			"You are watching: the hands stay hidden and the game is the players' to play.",
			"Keys: s score sheet · ? these rules · Esc close · w save the record · q quit",
			"  c chat · r watch the rematch the host offers once the game is over",
		}
	}
	return []string{
		"Hand: [Y3] playable · Y3 not now · >Y3< under the cursor · *Y3* marked.",
		"Keys: ←→ choose · Enter play/confirm · 0-9 bid · h hint · s score sheet",
		"  ? these rules · Esc close · w save the record" + more + " · q quit",
	}
}

// sheetLines is the score sheet: a row per round, a column per player with
// bid/won and the round's points, the totals, and a chart of the totals
// over the rounds when there is room.
func (m *Model) sheetLines() []string {
	v := &m.v
	players := v.Players
	cw := min(16, (m.w-13)/players)
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
		head += fmt.Sprintf("%*s", cw, ansi.Truncate(v.Seats[s].Name, cw-1, "…"))
	}
	lines = append(lines, styleDim.Render(head))
	results := v.Results
	room := m.h - 4 - 3 // header, rules, keys; title, head, total
	if len(results) > room && room > 0 {
		results = results[len(results)-room:]
	}
	for _, r := range results {
		label := strconv.Itoa(r.Round)
		if r.Round > v.ScheduledRounds {
			label += "tb"
		}
		row := fmt.Sprintf(" %-5s %5d ", label, r.Cards)
		for s := 0; s < players; s++ {
			cell := signed(r.Points[s])
			if wide {
				cell = fmt.Sprintf("%d/%d %4s", r.Bids[s], r.Won[s], cell)
			}
			row += fmt.Sprintf("%*s", cw, cell)
		}
		lines = append(lines, row)
	}
	total := fmt.Sprintf(" %-11s ", "Total")
	for s := 0; s < players; s++ {
		total += fmt.Sprintf("%*d", cw, v.Seats[s].Total)
	}
	lines = append(lines, styleBold.Render(total))
	if len(v.Results) == 0 {
		return append(lines, "", "  No round scored yet.")
	}
	if chart := m.chartLines(); len(lines)+1+len(chart) <= m.h-4 {
		lines = append(lines, "")
		lines = append(lines, chart...)
	}
	return lines
}

// chartLines draws each player's running total over the rounds as a line
// of block heights, all on one scale, so the race reads at a glance.
func (m *Model) chartLines() []string {
	v := &m.v
	lo, hi := 0, 0
	for _, r := range v.Results {
		for s := 0; s < v.Players; s++ {
			lo, hi = min(lo, r.Totals[s]), max(hi, r.Totals[s])
		}
	}
	blocks := []rune("▁▂▃▄▅▆▇█")
	lines := []string{styleDim.Render(fmt.Sprintf("Totals over the rounds (from %d to %d)", lo, hi))}
	for s := 0; s < v.Players; s++ {
		var b strings.Builder
		for _, r := range v.Results {
			i := 0
			if hi > lo {
				i = (r.Totals[s] - lo) * (len(blocks) - 1) / (hi - lo)
			}
			b.WriteRune(blocks[i])
		}
		lines = append(lines, fmt.Sprintf("  %-14s %s %d", ansi.Truncate(v.Seats[s].Name, 14, "…"), b.String(), v.Seats[s].Total))
	}
	return lines
}

// roundLines is the summary of the round just scored: bid, tricks, bonus,
// points and total per player, and how the last trick went.
func (m *Model) roundLines() []string {
	v := &m.v
	if len(v.Results) == 0 {
		return nil
	}
	r := v.Results[len(v.Results)-1]
	title := fmt.Sprintf("Round %d scored (%s each)", r.Round, plural(r.Cards, "card"))
	lines := []string{styleBold.Render(title), ""}
	head := fmt.Sprintf("   %-14s %4s %4s %6s %7s %6s", "Player", "Bid", "Won", "Bonus", "Points", "Total")
	if v.Options.PirateAbilities {
		head += "  Wager"
	}
	lines = append(lines, styleDim.Render(head))
	for s := 0; s < v.Players; s++ {
		bonus := strconv.Itoa(r.Bonus[s])
		if !r.Exact(s) && r.Bonus[s] > 0 && !v.Options.KeepBonusOnMiss {
			bonus = "(" + bonus + ")" // captured, but forfeited by the missed bid
		}
		name := v.Seats[s].Name
		if s == m.Seat() {
			name += " (you)"
		}
		row := fmt.Sprintf("   %-14s %4d %4d %6s %7s %6d", ansi.Truncate(name, 14, "…"), r.Bids[s], r.Won[s], bonus,
			signed(r.Points[s]), r.Totals[s])
		if v.Options.PirateAbilities && r.Wagers[s] != 0 {
			row += fmt.Sprintf("  %5d", r.Wagers[s])
		}
		if s == m.Seat() {
			row = styleBold.Render(row)
		}
		lines = append(lines, row)
	}
	for s := 0; s < v.Players; s++ {
		if !r.Exact(s) && r.Bonus[s] > 0 && !v.Options.KeepBonusOnMiss {
			lines = append(lines, "", styleDim.Render("   A bonus in (brackets) was captured but lost with a missed bid."))
			break
		}
	}
	lines = append(lines, "")
	lines = append(lines, m.lastTrickLines()...)
	if v.Phase == skullking.PhaseOver {
		lines = append(lines, "", styleTitle.Render(m.gameOverText()))
	} else {
		lines = append(lines, "", "Press Enter for round "+strconv.Itoa(v.Round)+".")
	}
	if chart := m.chartLines(); len(v.Results) > 1 && len(lines)+1+len(chart) <= m.h-4 {
		lines = append(lines, "")
		lines = append(lines, chart...)
	}
	return lines
}
