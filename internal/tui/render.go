package tui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skullking-go/skullking"
)

// Render draws the whole screen as text with ANSI styles, exactly the
// model's size (80×24 unless the terminal says otherwise).
func (m *Model) Render() string {
	w, h := m.w, m.h
	var top, middle, bottom []string
	top = []string{m.header(), styleDim.Render(strings.Repeat("─", w))}
	switch {
	case !m.have:
		middle = []string{"", "  Dealing…"}
		if m.closed || m.msg != "" {
			// Before the deal the message is all there is to say: who the
			// table waits for, or why it closed.
			middle = append([]string{""}, wrap("  "+m.msg, w-1, "  ")...)
		}
		if m.arrival != "" {
			middle = append(append([]string{""}, wrap("  "+m.arrival, w-1, "  ")...), middle...)
		}
		bottom = []string{styleDim.Render(strings.Repeat("─", w)), m.keysLine()}
	case m.overlay != overlayNone:
		middle = m.overlayLines()
		bottom = []string{styleDim.Render(strings.Repeat("─", w)), m.keysLine()}
		if t := m.timerText(); t != "" {
			// A panel opens as a round begins, just when the timer starts.
			bottom = append([]string{" " + t}, bottom...)
		}
	default:
		bottom = m.promptLines()
		bottom = append(bottom, m.messageLines()...)
		bottom = append(bottom, styleDim.Render(strings.Repeat("─", w)), m.keysLine())
		middle = m.tableLines(h - len(top) - len(bottom))
	}
	room := max(0, h-len(top)-len(bottom))
	if len(middle) > room {
		middle = middle[:room]
	}
	for len(middle) < room {
		middle = append(middle, "")
	}
	lines := append(append(top, middle...), bottom...)
	if len(lines) > h {
		lines = lines[len(lines)-h:]
	}
	for i, l := range lines {
		lines[i] = fit(l, w)
	}
	return strings.Join(lines, "\n")
}

// fit cuts or pads a styled line to exactly w columns.
func fit(s string, w int) string {
	if lipgloss.Width(s) > w {
		s = ansi.Truncate(s, w, "")
	}
	if n := lipgloss.Width(s); n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// wrap breaks styled text into lines of at most w columns, indenting the
// continuation lines.
func wrap(s string, w int, indent string) []string {
	lines := strings.Split(ansi.Wordwrap(s, w-len(indent), ""), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = indent + lines[i]
	}
	return lines
}

// header is the top line: the round, the cards, the trick and the bids
// against the tricks there are.
func (m *Model) header() string {
	parts := []string{styleTitle.Render("Skull King")}
	if m.spectating() {
		parts = append(parts, "spectating")
	}
	if m.have {
		v := &m.v
		if v.Tiebreak {
			parts = append(parts, fmt.Sprintf("Tiebreak round %d", v.Round))
		} else {
			parts = append(parts, fmt.Sprintf("Round %d of %d", v.Round, v.ScheduledRounds))
		}
		parts = append(parts, plural(v.Cards, "card"))
		switch v.Phase {
		case skullking.PhaseBidding:
			parts = append(parts, "bidding")
		case skullking.PhasePlaying:
			parts = append(parts, fmt.Sprintf("trick %d of %d", min(v.TrickNo, v.Cards), v.Cards))
		case skullking.PhaseAbility:
			parts = append(parts, fmt.Sprintf("trick %d won", len(v.Tricks)))
		case skullking.PhaseOver:
			parts = append(parts, "game over")
		}
		if total, ok := bidTotal(v); ok && v.Phase != skullking.PhaseOver {
			s := fmt.Sprintf("bids %d / %d", total, v.Cards)
			switch {
			case total > v.Cards:
				s += fmt.Sprintf(" (over by %d)", total-v.Cards)
			case total < v.Cards:
				s += fmt.Sprintf(" (under by %d)", v.Cards-total)
			default:
				s += " (even)"
			}
			parts = append(parts, s)
		}
	}
	if line := " " + strings.Join(parts, " · "); lipgloss.Width(line) <= m.w || len(parts) == 1 {
		return line
	}
	// A narrow screen keeps the game's state rather than the title.
	return " " + strings.Join(parts[1:], " · ")
}

// bidTotal adds the bids once they are revealed.
func bidTotal(v *skullking.View) (int, bool) {
	total := 0
	for _, s := range v.Seats {
		if s.Graybeard {
			continue
		}
		if s.Bid < 0 {
			return 0, false
		}
		total += s.Bid
	}
	return total, true
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// tableLines is the middle of the screen: the seats beside the trick, then
// the last trick and why it went as it did.
func (m *Model) tableLines(room int) []string {
	left := m.seatLines()
	right := m.trickLines()
	var out []string
	for i := 0; i < max(len(left), len(right)); i++ {
		l, r := "", ""
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out = append(out, fit(l, leftWidth)+r)
	}
	out = append(out, "")
	out = append(out, m.lastTrickLines()...)
	if history := m.historyLines(room - len(out) - 1); len(history) > 0 {
		out = append(out, "")
		out = append(out, history...)
	}
	return out
}

// leftWidth is the width of the seats beside the trick.
const leftWidth = 46

// historyLines lists this round's earlier tricks, newest last, as many as
// fit in room lines: what has gone is part of what a player reckons with.
func (m *Model) historyLines(room int) []string {
	v := &m.v
	tricks := v.Tricks
	if len(tricks) > 0 && m.lastTrick != nil && m.lastTrickRound == v.Round {
		tricks = tricks[:len(tricks)-1] // the last one is told in full above
	}
	if room < 2 || len(tricks) == 0 {
		return nil
	}
	named := v.Options.PirateAbilities
	lines := []string{styleDim.Render("Earlier tricks this round")}
	start := max(0, len(tricks)-(room-1))
	for i := start; i < len(tricks); i++ {
		t := tricks[i]
		var cards []string
		for _, p := range t.Plays {
			cards = append(cards, playedText(p, named))
		}
		who := "nobody"
		if t.Result.Outcome == skullking.Won {
			who = m.name(t.Result.Winner)
		}
		lines = append(lines, fmt.Sprintf("  %2d. %s → %s", i+1, strings.Join(cards, " "), who))
	}
	return lines
}

// seatLines is the table of seats: bid, tricks won, total, and whose turn.
func (m *Model) seatLines() []string {
	v := &m.v
	me := m.Seat()
	lines := []string{styleDim.Render(fmt.Sprintf("   %-14s %4s %4s %6s", "Player", "Bid", "Won", "Score"))}
	for s, info := range v.Seats {
		name := info.Name
		if s == me {
			name += " (you)"
		}
		name = ansi.Truncate(name, 14, "…")
		if info.Graybeard {
			row := fmt.Sprintf("   %-14s %s", name, "ghost, "+strconv.Itoa(info.HandSize)+" cards face down")
			if s == v.Turn {
				row = ">" + row[1:]
			}
			lines = append(lines, styleDim.Render(row))
			continue
		}
		bid := "…"
		switch {
		case info.Bid >= 0:
			bid = strconv.Itoa(info.Bid)
		case info.HasBid:
			bid = "in"
		case v.Phase != skullking.PhaseBidding:
			bid = "-"
		}
		row := fmt.Sprintf("   %-14s %4s %4d %6d", name, bid, info.Won, info.Total)
		var notes []string
		if info.Cannon >= 0 && v.Options.CannonLoad {
			notes = append(notes, map[bool]string{true: "cannonball", false: "grapeshot"}[info.Cannon == skullking.Cannonball])
		}
		if info.Wager != 0 {
			notes = append(notes, "wager "+strconv.Itoa(info.Wager))
		}
		if len(notes) > 0 {
			row += "  " + strings.Join(notes, ", ")
		}
		turn := s == v.Turn || (v.Phase == skullking.PhaseBidding && !info.HasBid)
		if turn && v.Phase != skullking.PhaseOver {
			row = " >" + row[2:]
		}
		switch {
		case s == me:
			row = styleBold.Render(row)
		case turn:
			row = styleTurn.Render(row)
		}
		lines = append(lines, row)
	}
	return lines
}

// playOrder is the order the seats play the current trick (docs/rules.md §4,
// and §9 for Graybeard).
func playOrder(v *skullking.View, leader int) []int {
	n := v.Players
	if n == 2 && len(v.Seats) == 3 {
		first := (v.Round - 1) % n
		if leader == 2 {
			return []int{2, first, 1 - first}
		}
		return []int{leader, 2, 1 - leader}
	}
	out := make([]int, n)
	for i := range out {
		out[i] = (leader + i) % n
	}
	return out
}

// trickLines is the right-hand panel: the trick in play order with the
// card winning so far, or the trick just completed until the next starts.
func (m *Model) trickLines() []string {
	v := &m.v
	named := v.Options.PirateAbilities
	switch v.Phase {
	case skullking.PhaseBidding:
		first := (v.Round - 1) % v.Players
		return []string{
			styleBold.Render("Bidding"),
			"Everyone bids at once, in secret;",
			"the bids show when all are in.",
			m.name(first) + " leads the first trick.",
		}
	case skullking.PhaseCannon:
		return []string{styleBold.Render("Loading the cannons"),
			"Each player loads in secret:",
			"grapeshot or cannonball."}
	}
	if len(v.Trick) == 0 && m.lastTrick != nil && m.lastTrickRound == v.Round {
		t := m.lastTrick
		title := fmt.Sprintf("Trick %d of %d", len(v.Tricks), v.Cards)
		switch {
		case v.Phase == skullking.PhaseOver:
			title = fmt.Sprintf("Last trick of round %d", v.Round)
		case t.Result.Outcome == skullking.Won:
			title += " · won by " + m.name(t.Result.Winner)
		case t.Result.Outcome == skullking.Destroyed:
			title += " · destroyed"
		default:
			title += " · discarded"
		}
		lines := []string{styleBold.Render(title)}
		for i, p := range t.Plays {
			row := fmt.Sprintf("  %-14s %s", ansi.Truncate(m.name(int(p.Seat)), 14, "…"), playedText(p, named))
			if i == t.Result.Index && t.Result.Outcome == skullking.Won {
				row = fit(row, 25) + styleBold.Render("* took it")
			}
			lines = append(lines, row)
		}
		return lines
	}
	if v.Phase == skullking.PhaseOver {
		return nil
	}
	leader := v.Leader
	title := fmt.Sprintf("Trick %d of %d · %s", v.TrickNo, v.Cards, leadText(v.Lead, len(v.Trick)))
	if len(v.Trick) == 0 && v.Phase == skullking.PhasePlaying {
		title = fmt.Sprintf("Trick %d of %d · %s leads", v.TrickNo, v.Cards, m.name(leader))
	}
	lines := []string{styleBold.Render(title)}
	for i, s := range playOrder(v, leader) {
		name := ansi.Truncate(m.name(s), 14, "…")
		switch {
		case i < len(v.Trick):
			row := fmt.Sprintf("  %-14s %s", name, playedText(v.Trick[i], named))
			if i == v.Winning {
				row = fit(row, 25) + styleBold.Render("* winning")
			}
			lines = append(lines, row)
		case s == v.Turn:
			lines = append(lines, styleTurn.Render(fmt.Sprintf("> %-14s %s", name, "to play")))
		default:
			lines = append(lines, styleDim.Render(fmt.Sprintf("  %-14s %s", name, "·")))
		}
	}
	return lines
}

// leadText says what the trick asks players to follow.
func leadText(l skullking.Lead, played int) string {
	switch {
	case played == 0:
		return "to lead"
	case l.Free:
		return "free trick"
	case l.Suit != skullking.NoSuit:
		return l.Suit.String() + " led"
	}
	return "no suit yet"
}

// lastTrickLines says who took the last trick and why, and what it is worth.
func (m *Model) lastTrickLines() []string {
	t := m.lastTrick
	if t == nil {
		return nil
	}
	v := &m.v
	named := v.Options.PirateAbilities
	label := "Last trick: "
	if m.lastTrickRound != v.Round {
		label = fmt.Sprintf("Round %d's last trick: ", m.lastTrickRound)
	}
	var cards []string
	for _, p := range t.Plays {
		cards = append(cards, playedText(p, named))
	}
	s := styleDim.Render(label) + strings.Join(cards, " ") + " — " + m.trickSentence(t)
	return wrap(s, m.w-1, "  ")
}

// trickSentence is who won a trick and why, in one sentence, with the bonus
// it carries if the winner's bid holds.
func (m *Model) trickSentence(t *skullking.TrickLog) string {
	r := t.Result
	named := m.v.Options.PirateAbilities
	switch r.Outcome {
	case skullking.Destroyed:
		return capital(r.Reason.String()) + "; " + m.name(r.Leader) + " leads."
	case skullking.Discarded:
		return capital(r.Reason.String()) + "; " + m.name(r.Leader) + " leads."
	}
	who := m.name(r.Winner)
	s := who + " took it with " + t.Plays[r.Index].Code(named) + ": " + r.Reason.String() + "."
	if r.Winner < len(m.v.Seats) && m.v.Seats[r.Winner].Graybeard {
		return s + " It counts for nobody."
	}
	if r.Bonus > 0 {
		if r.Winner == m.Seat() {
			s += fmt.Sprintf(" +%d for you if your bid holds.", r.Bonus)
		} else {
			s += fmt.Sprintf(" +%d for %s if the bid holds.", r.Bonus, who)
		}
	}
	for _, a := range r.Alliances[:r.NAlliances] {
		s += fmt.Sprintf(" Loot: %s and %s allied (+%d each if both bids hold).",
			m.name(int(a.Looter)), m.name(int(a.Winner)), m.v.Options.LootBonus)
	}
	return s
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// waitingFor lists the seats still to bid, the person first as "you":
// names only, never amounts.
func (m *Model) waitingFor() string {
	v := &m.v
	var names []string
	for s, info := range v.Seats {
		if info.Graybeard {
			continue
		}
		if v.Phase != skullking.PhaseBidding || info.HasBid {
			continue
		}
		if s == m.Seat() {
			names = append([]string{"you"}, names...)
		} else {
			names = append(names, info.Name)
		}
	}
	return strings.Join(names, ", ")
}

// promptLines is what the person is asked, their hand and the card under
// the cursor.
func (m *Model) promptLines() []string {
	v := &m.v
	me := m.Seat()
	var out []string
	mine := len(v.Legal) > 0 && !m.blocked()
	switch {
	case v.Phase == skullking.PhaseOver:
		out = append(out, styleTitle.Render(m.gameOverText()))
	case v.Phase == skullking.PhaseBidding && mine:
		out = append(out, styleTurn.Render("Your bid: how many tricks will you take?")+"  "+m.numberRow())
	case v.Phase == skullking.PhaseBidding:
		s := "Waiting for " + m.waitingFor() + "…"
		if me >= 0 && v.Seats[me].Bid >= 0 {
			s = fmt.Sprintf("You bid %d. ", v.Seats[me].Bid) + s
		}
		out = append(out, s)
	case v.Phase == skullking.PhasePlaying && v.Turn == me && me >= 0 && m.tigress:
		out = append(out, styleTurn.Render("Tigress: p = play her as a Pirate, e = as an Escape, Esc = back"))
	case v.Phase == skullking.PhasePlaying && v.Turn == me && me >= 0:
		out = append(out, styleTurn.Render("Your turn — "+m.turnAdvice()))
	case v.Phase == skullking.PhasePlaying:
		out = append(out, m.name(v.Turn)+" to play…")
	case v.Phase == skullking.PhaseAbility && v.PendingSeat == me && v.Pending == skullking.ActionDiscard:
		out = append(out, styleTurn.Render(fmt.Sprintf("Bendt: choose %s to discard (Enter marks, Esc clears)", plural(v.PendingDraw, "card"))))
	case mine:
		out = append(out, styleTurn.Render(m.choiceQuestion())+"  "+m.choiceRow())
	case v.Phase == skullking.PhaseCannon && m.spectating():
		out = append(out, "The players load their cannons…")
	case v.Phase == skullking.PhaseCannon:
		// The view tells who has bid but not who has loaded.
		out = append(out, "Your cannon is loaded. Waiting for the others…")
	case v.Phase == skullking.PhaseAbility:
		out = append(out, m.name(v.PendingSeat)+" decides on the Pirate's ability…")
	}
	out = append(out, m.handRow()...)
	if v.Phase != skullking.PhaseOver && m.cursor < len(v.Hand) {
		out = append(out, wrap(m.cursorInfo(), m.w-1, "  ")...)
	}
	if len(v.UndealtSeen) > 0 && v.Phase != skullking.PhaseOver {
		var cs []string
		for _, c := range v.UndealtSeen {
			cs = append(cs, cardText(c, v.Options.PirateAbilities))
		}
		out = append(out, wrap(styleDim.Render(" Juanita showed you the undealt cards: ")+strings.Join(cs, " "), m.w-1, "  ")...)
	}
	if len(v.Discarded) > 0 && v.Phase != skullking.PhaseOver {
		var cs []string
		for _, c := range v.Discarded {
			cs = append(cs, cardText(c, v.Options.PirateAbilities))
		}
		out = append(out, styleDim.Render(" Discarded with Bendt, out of this round: ")+strings.Join(cs, " "))
	}
	return out
}

// turnAdvice says what the person may play.
func (m *Model) turnAdvice() string {
	v := &m.v
	switch {
	case len(v.Trick) == 0:
		return "you lead: play any card"
	case v.Lead.Free:
		return "play any card (a character set the trick free)"
	case v.Lead.Suit == skullking.NoSuit:
		return "play any card (no suit yet)"
	case len(m.suitHeld(v.Lead.Suit)) > 0:
		return "follow " + v.Lead.Suit.String() + " or play a special card"
	}
	return "you have no " + v.Lead.Suit.String() + ": play any card"
}

// numberRow is the bid chooser: 0..cards with the choice marked.
func (m *Model) numberRow() string {
	var b strings.Builder
	for n := 0; n <= m.v.Cards; n++ {
		if n == m.bid {
			b.WriteString(styleTurn.Render(">" + strconv.Itoa(n) + "<"))
		} else {
			b.WriteString(" " + strconv.Itoa(n) + " ")
		}
	}
	return b.String()
}

// choiceQuestion asks the cannon or ability question.
func (m *Model) choiceQuestion() string {
	v := &m.v
	switch v.Pending {
	case skullking.ActionRosie:
		return "Rosie: who leads next?"
	case skullking.ActionBendt:
		return "Bendt: draw 2 and discard 2?"
	case skullking.ActionWager:
		return "Rascal: wager on your bid?"
	case skullking.ActionHarry:
		return fmt.Sprintf("Harry: change your bid of %d?", max(0, v.Seats[m.Seat()].Bid))
	}
	if v.Phase == skullking.PhaseCannon {
		return "Load your cannon:"
	}
	return "Choose:"
}

// choiceRow lists the legal actions of a choice with the cursor.
func (m *Model) choiceRow() string {
	var parts []string
	for i, a := range m.v.Legal {
		label := actionText(&m.v, a)
		if a.Kind == skullking.ActionRosie {
			label = m.name(int(a.Value))
		}
		if i == m.choice {
			parts = append(parts, styleTurn.Render(">"+label+"<"))
		} else {
			parts = append(parts, " "+label+" ")
		}
	}
	return strings.Join(parts, " ")
}

// handRow is the person's hand: [legal], plain when not playable now,
// >under the cursor<, *marked* for Bendt's discard.
func (m *Model) handRow() []string {
	v := &m.v
	named := v.Options.PirateAbilities
	myTurn := v.Phase == skullking.PhasePlaying && v.Turn == m.Seat()
	discarding := v.Phase == skullking.PhaseAbility && v.Pending == skullking.ActionDiscard && v.PendingSeat == m.Seat()
	if len(v.Hand) == 0 {
		switch {
		case v.Phase == skullking.PhaseOver:
			return nil
		case m.spectating():
			return []string{styleDim.Render("  (you are watching: the hands are hidden)")}
		}
		return []string{styleDim.Render("  (no cards in hand)")}
	}
	var lines []string
	line, width := " ", 1
	for i, c := range v.Hand {
		code := cardCode(c, named)
		open, close := " ", " "
		style := cardStyle(c)
		switch {
		case i == m.cursor && v.Phase != skullking.PhaseOver:
			open, close = ">", "<"
		case discarding && containsCard(m.marked, c):
			open, close = "*", "*"
		case myTurn && m.legalCard(c):
			open, close = "[", "]"
		}
		if myTurn && !m.legalCard(c) {
			style = styleDim
		}
		if discarding && containsCard(m.marked, c) {
			close = "*" // marked, and maybe under the cursor too
		}
		slot := open + style.Render(code) + close
		n := len(code) + 2
		if width+n+1 > m.w-1 {
			lines = append(lines, line)
			line, width = " ", 1
		}
		line += slot + " "
		width += n + 1
	}
	return append(lines, line)
}

func containsCard(cs []skullking.Card, c skullking.Card) bool {
	for _, d := range cs {
		if d == c {
			return true
		}
	}
	return false
}

// cursorInfo describes the card under the cursor and, on the person's
// turn, why it may not be played.
func (m *Model) cursorInfo() string {
	v := &m.v
	c := v.Hand[m.cursor]
	s := " " + cardCode(c, v.Options.PirateAbilities) + ": " + cardInfo(c, &v.Options)
	if v.Phase == skullking.PhasePlaying && v.Turn == m.Seat() {
		if why := m.whyNot(c); why != "" {
			s += styleWarn.Render(" — can't: " + why)
		}
	}
	return s
}

// messageLines is the status line: the turn timer's countdown, and the
// one-line message (errors, hints, saves, chat).
func (m *Model) messageLines() []string {
	line := ""
	if t := m.timerText(); t != "" {
		line = " " + t
		if m.msg != "" {
			line += " ·"
		}
	}
	if m.msg != "" {
		line += styleWarn.Render(" " + m.msg)
	}
	if line == "" {
		return []string{""}
	}
	return wrap(line, m.w-1, "  ")
}

// keysLine lists the keys that work now; while a chat line is typed, it is
// that line.
func (m *Model) keysLine() string {
	if m.chat != nil {
		line, _ := m.chatLine()
		return line
	}
	v := &m.v
	var keys []string
	switch {
	case m.overlay != overlayNone:
		keys = []string{"Esc/Enter close", "s sheet", "? rules", "q quit"}
	case !m.have && m.canStart && !m.closed:
		keys = []string{"g start the game", "q quit"}
	case !m.have || m.closed:
		keys = []string{"q quit"}
	case v.Phase == skullking.PhaseOver:
		keys = []string{"w save record", "s sheet", "? rules", "q quit"}
	case m.spectating():
		keys = []string{"s sheet", "? rules", "q quit"}
	case v.Phase == skullking.PhaseBidding && len(v.Legal) > 0:
		keys = []string{"0-9 ←→ bid", "Enter confirm", "h hint", "s sheet", "? rules", "q quit"}
	case v.Phase == skullking.PhaseAbility && v.Pending == skullking.ActionDiscard && len(v.Legal) > 0:
		keys = []string{"←→ card", "Enter mark", "h hint", "s sheet", "? rules", "q quit"}
	case (v.Phase == skullking.PhaseAbility || v.Phase == skullking.PhaseCannon) && len(v.Legal) > 0:
		keys = []string{"←→ choose", "Enter confirm", "h hint", "s sheet", "? rules", "q quit"}
	case len(v.Legal) == 0:
		keys = []string{"←→ look over your cards", "s sheet", "? rules", "q quit"}
	default:
		keys = []string{"←→ card", "Enter play", "h hint", "s sheet", "? rules", "q quit"}
	}
	// A server table's own keys go before q quit.
	var extra []string
	if (m.rematch != "" || m.canOffer) && m.Over() {
		extra = append(extra, "r rematch")
	}
	if _, ok := m.table.(Chatter); ok && !m.closed {
		extra = append(extra, "c chat")
	}
	quit := keys[len(keys)-1]
	keys = append(append(keys[:len(keys)-1], extra...), quit)
	return styleDim.Render(" " + strings.Join(keys, " · "))
}

// gameOverText names the winner or winners.
func (m *Model) gameOverText() string {
	v := &m.v
	if len(v.Winners) == 0 {
		return "Game over."
	}
	var names []string
	for _, s := range v.Winners {
		if s == m.Seat() {
			names = append(names, "you")
		} else {
			names = append(names, m.name(s))
		}
	}
	top := v.Seats[v.Winners[0]].Total
	if len(names) == 1 {
		if v.Winners[0] == m.Seat() {
			return fmt.Sprintf("Game over — you win with %d!", top)
		}
		return fmt.Sprintf("Game over — %s wins with %d.", names[0], top)
	}
	return fmt.Sprintf("Game over — shared victory: %s with %d.", strings.Join(names, ", "), top)
}
