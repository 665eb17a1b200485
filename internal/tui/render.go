package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skullking-go/skullking/protocol"
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
		bottom = append(m.heardLines(m.chatRows(h-len(top)-len(middle)-4, 6)),
			styleDim.Render(strings.Repeat("─", w)), m.keysLine())
	case m.overlay != overlayNone:
		middle = m.overlayLines()
		bottom = []string{styleDim.Render(strings.Repeat("─", w)), m.keysLine()}
		if t := m.timerText(); t != "" {
			// A panel opens as a round begins, just when the timer starts.
			bottom = append([]string{" " + t}, bottom...)
		}
	default:
		prompt := m.promptLines()
		status := append(m.messageLines(), styleDim.Render(strings.Repeat("─", w)), m.keysLine())
		// The chat's last lines go between the prompt and the status line,
		// in what the table leaves free.
		free := h - len(top) - len(prompt) - len(status) - len(m.tableLines(0))
		bottom = append(append(prompt, m.heardLines(m.chatRows(free, 3))...), status...)
		middle = m.tableLines(h - len(top) - len(bottom))
	}
	if m.asking {
		bottom = append(bottom[:len(bottom)-1], m.quitLines()...)
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
		v := m.v
		if v.Tiebreak {
			parts = append(parts, fmt.Sprintf("Tiebreak round %d", v.Round))
		} else {
			parts = append(parts, fmt.Sprintf("Round %d of %d", v.Round, v.Rounds))
		}
		parts = append(parts, plural(v.Cards, "card"))
		switch v.Phase {
		case protocol.PhaseBidding:
			parts = append(parts, "bidding")
		case protocol.PhasePlaying:
			parts = append(parts, fmt.Sprintf("trick %d of %d", min(v.TrickNo, v.Cards), v.Cards))
		case protocol.PhaseAbility:
			parts = append(parts, fmt.Sprintf("trick %d won", len(v.Tricks)))
		case protocol.PhaseOver:
			parts = append(parts, "game over")
		}
		if total, ok := bidTotal(v); ok && v.Phase != protocol.PhaseOver {
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

// bidTotal adds the bids once the view shows them all.
func bidTotal(v *protocol.View) (int, bool) {
	total := 0
	for _, s := range v.Seats {
		if s.Graybeard {
			continue
		}
		if s.Bid == nil {
			return 0, false
		}
		total += *s.Bid
	}
	return total, len(v.Seats) > 0
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

// toldTrick is the completed trick told in full below the table: the one
// the view reports as just completed, else this round's latest.
func (m *Model) toldTrick() *protocol.Trick {
	v := m.v
	if v.LastTrick != nil {
		return v.LastTrick
	}
	if n := len(v.Tricks); n > 0 {
		return &v.Tricks[n-1]
	}
	return nil
}

// historyLines lists this round's earlier tricks, newest last, as many as
// fit in room lines: what has gone is part of what a player reckons with.
func (m *Model) historyLines(room int) []string {
	v := m.v
	tricks := v.Tricks
	if t := m.toldTrick(); t != nil && len(tricks) > 0 {
		if last := tricks[len(tricks)-1]; last.Round == t.Round && last.Number == t.Number {
			tricks = tricks[:len(tricks)-1] // told in full above
		}
	}
	if room < 2 || len(tricks) == 0 {
		return nil
	}
	start := max(0, len(tricks)-(room-1))
	span := fmt.Sprintf("trick %d", tricks[start].Number)
	if last := tricks[len(tricks)-1].Number; last != tricks[start].Number {
		span = fmt.Sprintf("tricks %d–%d", tricks[start].Number, last)
	}
	lines := []string{styleDim.Render(fmt.Sprintf("Earlier tricks this round: %s of %d (t: every trick)", span, len(v.Tricks)))}
	for i := start; i < len(tricks); i++ {
		t := &tricks[i]
		who := "nobody"
		if t.Outcome == protocol.OutcomeWon {
			who = m.name(t.Winner)
		}
		lines = append(lines, fmt.Sprintf("  %2d. %s → %s", t.Number, playsText(t.Plays), who))
	}
	return lines
}

// seatLines is the table of seats: bid, tricks won, total, and whose turn.
func (m *Model) seatLines() []string {
	v := m.v
	me := m.Seat()
	lines := []string{styleDim.Render(fmt.Sprintf("   %-14s %4s %4s %6s", "Player", "Bid", "Won", "Score"))}
	for s, info := range v.Seats {
		name := info.Name
		if s == me {
			name += " (you)"
		}
		name = ansi.Truncate(name, 14, "…")
		if info.Graybeard {
			row := fmt.Sprintf("   %-14s %s", name, "ghost, "+plural(info.HandSize, "card")+" face down")
			if s == v.Turn {
				row = ">" + row[1:]
			}
			lines = append(lines, styleDim.Render(row))
			continue
		}
		bid := "…"
		switch {
		case info.Bid != nil:
			bid = strconv.Itoa(*info.Bid)
		case info.HasBid:
			bid = "in"
		case v.Phase != protocol.PhaseBidding:
			bid = "-"
		}
		row := fmt.Sprintf("   %-14s %4s %4d %6s", name, bid, info.Won, num(info.Total))
		var notes []string
		if info.Cannon != "" {
			notes = append(notes, info.Cannon)
		}
		if info.Wager != 0 {
			notes = append(notes, "wager "+strconv.Itoa(info.Wager))
		}
		if len(notes) > 0 {
			row += "  " + strings.Join(notes, ", ")
		}
		turn := s == v.Turn || (v.Phase == protocol.PhaseBidding && !info.HasBid)
		if turn && v.Phase != protocol.PhaseOver {
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

// trickRow is one seat's line in the trick panel: name, card, and a mark.
func (m *Model) trickRow(seat int, card, mark string) string {
	row := fmt.Sprintf("  %-14s %s", ansi.Truncate(m.name(seat), 14, "…"), card)
	if mark != "" {
		row = fit(row, 25) + styleBold.Render(mark)
	}
	return row
}

// trickLines is the right-hand panel: the trick as played so far with the
// card winning it, whose turn it is and who is still to play; or the
// trick just completed until the next one starts.
func (m *Model) trickLines() []string {
	v := m.v
	switch v.Phase {
	case protocol.PhaseBidding:
		lines := []string{
			styleBold.Render("Bidding"),
			"Everyone bids at once, in secret;",
			"the bids show when all are in.",
		}
		if v.Leader >= 0 {
			lines = append(lines, m.name(v.Leader)+" leads the first trick.")
		}
		return lines
	case protocol.PhaseCannon:
		return []string{styleBold.Render("Loading the cannons"),
			"Each player loads in secret:",
			"grapeshot or cannonball."}
	}
	if t := v.LastTrick; len(v.Trick) == 0 && t != nil && t.Round == v.Round {
		title := fmt.Sprintf("Trick %d of %d", t.Number, v.Cards)
		switch {
		case v.Phase == protocol.PhaseOver:
			title = fmt.Sprintf("Last trick of round %d", t.Round)
		case t.Outcome == protocol.OutcomeWon:
			title += " · won by " + m.name(t.Winner)
		case t.Outcome == protocol.OutcomeDestroyed:
			title += " · destroyed"
		default:
			title += " · discarded"
		}
		lines := []string{styleBold.Render(title)}
		for i, p := range t.Plays {
			mark := ""
			if i == t.Winning && t.Outcome == protocol.OutcomeWon {
				mark = "* took it"
			}
			lines = append(lines, m.trickRow(p.Seat, playText(p), mark))
		}
		return lines
	}
	if v.Phase == protocol.PhaseOver {
		return nil
	}
	title := fmt.Sprintf("Trick %d of %d · %s", v.TrickNo, v.Cards, leadText(v.Lead, len(v.Trick)))
	if len(v.Trick) == 0 && v.Phase == protocol.PhasePlaying && v.Leader >= 0 {
		title = fmt.Sprintf("Trick %d of %d · %s leads", v.TrickNo, v.Cards, m.name(v.Leader))
	}
	lines := []string{styleBold.Render(title)}
	played := map[int]bool{}
	for i, p := range v.Trick {
		mark := ""
		if i == v.Winning {
			mark = "* winning"
		}
		lines = append(lines, m.trickRow(p.Seat, playText(p), mark))
		played[p.Seat] = true
	}
	if v.Phase != protocol.PhasePlaying || v.Turn < 0 || played[v.Turn] {
		return lines
	}
	toPlay := "to play"
	if v.Turn == m.Seat() {
		toPlay = "your turn"
	}
	lines = append(lines, styleTurn.Render(fmt.Sprintf("> %-14s %s", ansi.Truncate(m.name(v.Turn), 14, "…"), toPlay)))
	// The others still to play, from the seat after the turn round the
	// table; the view says who has played, not who plays when.
	n := len(v.Seats)
	for i := 1; i < n; i++ {
		s := (v.Turn + i) % n
		if !played[s] && s != v.Turn {
			lines = append(lines, styleDim.Render(fmt.Sprintf("  %-14s %s", ansi.Truncate(m.name(s), 14, "…"), "·")))
		}
	}
	return lines
}

// leadText says what the trick asks players to follow.
func leadText(l protocol.Lead, played int) string {
	switch {
	case played == 0:
		return "to lead"
	case l.Free:
		return "free trick"
	case l.Suit != "":
		return l.Suit + " led"
	}
	return "no suit yet"
}

// lastTrickLines tells the trick completed last: its cards, who took it
// and why, what it is worth, in the view's words.
func (m *Model) lastTrickLines() []string {
	t := m.toldTrick()
	if t == nil {
		return nil
	}
	label := "Last trick: "
	if t.Round != m.v.Round {
		label = fmt.Sprintf("Round %d's last trick: ", t.Round)
	}
	s := styleDim.Render(label) + playsText(t.Plays) + " — " + m.trickWords(t)
	return wrap(s, m.w-1, "  ")
}

// trickWords tells a completed trick in the view's words. Once its round
// is scored, the bonus it carried is told as the score settled it: the
// line outlives the round (it stays through the next bidding and the
// round's summary), and "if Ben's bid is exact" would by then speak of
// the next round's bid.
func (m *Model) trickWords(t *protocol.Trick) string {
	for i := range m.v.Results {
		if m.v.Results[i].Round == t.Round {
			return m.words.TrickScored(t)
		}
	}
	return m.words.Trick(t)
}

// promptLines is what the person is asked, their hand and the card under
// the cursor.
func (m *Model) promptLines() []string {
	v := m.v
	me := m.Seat()
	var out []string
	mine := len(v.Legal) > 0 && !m.blocked()
	myTurn := v.Phase == protocol.PhasePlaying && v.Turn == me && me >= 0
	switch {
	case v.Phase == protocol.PhaseOver:
		out = append(out, styleTitle.Render(m.gameOverText()))
	case v.Phase == protocol.PhaseBidding && mine:
		out = append(out, styleTurn.Render("Your bid: how many tricks will you take?")+"  "+m.numberRow())
	case v.Phase == protocol.PhaseBidding:
		s := "Waiting for the bids to show…"
		if others := m.waitingFor(); others != "" {
			s = "Waiting for " + others + "…"
		}
		switch {
		case me >= 0 && me < len(v.Seats) && v.Seats[me].Bid != nil:
			s = fmt.Sprintf("You bid %d. ", *v.Seats[me].Bid) + s
		case me >= 0 && m.blocked():
			s = "Your bid is on its way. " + s
		}
		out = append(out, s)
	case myTurn && m.tigress:
		out = append(out, styleTurn.Render("Tigress: p = play her as a Pirate, e = as an Escape, Esc = back"))
	case myTurn:
		out = append(out, styleTurn.Render("Your turn — "+m.turnAdvice()))
	case v.Phase == protocol.PhasePlaying && v.Turn >= 0:
		out = append(out, m.name(v.Turn)+" to play…")
	case m.discarding():
		out = append(out, styleTurn.Render(fmt.Sprintf("Bendt: choose %s to discard (Enter marks, Esc clears)",
			plural(v.Pending.Draw, "card"))))
	case mine:
		out = append(out, styleTurn.Render(m.choiceQuestion())+"  "+m.choiceRow())
	case v.Phase == protocol.PhaseCannon && m.spectating():
		out = append(out, "The players load their cannons…")
	case v.Phase == protocol.PhaseCannon:
		// The view tells who has bid but not who has loaded.
		out = append(out, "Your cannon is loaded. Waiting for the others…")
	case v.Phase == protocol.PhaseAbility && v.Pending != nil && v.Pending.Seat == me:
		out = append(out, "Your choice is on its way…")
	case v.Phase == protocol.PhaseAbility && v.Pending != nil:
		out = append(out, m.name(v.Pending.Seat)+" decides on the Pirate's ability…")
	}
	out = append(out, m.handRow()...)
	if v.Phase != protocol.PhaseOver && m.cursor < len(v.Hand) {
		out = append(out, wrap(m.cursorInfo(), m.w-1, "  ")...)
	}
	if len(v.UndealtSeen) > 0 && v.Phase != protocol.PhaseOver {
		out = append(out, wrap(styleDim.Render(" Juanita showed you the undealt cards: ")+refsText(v.UndealtSeen), m.w-1, "  ")...)
	}
	if len(v.Discarded) > 0 && v.Phase != protocol.PhaseOver {
		out = append(out, styleDim.Render(" Discarded with Bendt, out of this round: ")+refsText(v.Discarded))
	}
	return out
}

// waitingFor lists the others still to bid: names only, never amounts,
// and never the person's own (whose bid is theirs to make, or on its way).
func (m *Model) waitingFor() string {
	var names []string
	for s, info := range m.v.Seats {
		if info.Graybeard || info.HasBid || s == m.Seat() {
			continue
		}
		names = append(names, info.Name)
	}
	return strings.Join(names, ", ")
}

// turnAdvice says what the person may play: what the view marks playable.
func (m *Model) turnAdvice() string {
	v := m.v
	lead := ""
	if len(v.Trick) == 0 {
		lead = "you lead: "
	}
	if slices.ContainsFunc(v.Hand, func(h protocol.HandCard) bool { return !h.Playable }) {
		return lead + "play a card in [brackets]"
	}
	return lead + "play any card"
}

// numberRow is the bid chooser: the bids allowed, with the choice marked,
// as many as the line holds around it.
func (m *Model) numberRow() string {
	lo, hi, _ := m.bids()
	fits := max(1, m.w/4)
	lo = max(lo, min(m.bid, hi)-fits+1)
	var b strings.Builder
	for n := lo; n <= hi && n < lo+fits; n++ {
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
	v := m.v
	switch m.pendingKind() {
	case protocol.KindRosie:
		return "Rosie: who leads next?"
	case protocol.KindBendt:
		return "Bendt: draw 2 and discard 2?"
	case protocol.KindWager:
		return "Rascal: wager on your bid?"
	case protocol.KindHarry:
		if me := m.Seat(); me >= 0 && me < len(v.Seats) && v.Seats[me].Bid != nil {
			return fmt.Sprintf("Harry: change your bid of %d?", *v.Seats[me].Bid)
		}
		return "Harry: change your bid?"
	}
	if v.Phase == protocol.PhaseCannon {
		return "Load your cannon:"
	}
	return "Choose:"
}

// choiceRow lists the legal actions of a choice with the cursor.
func (m *Model) choiceRow() string {
	var parts []string
	for i, a := range m.v.Legal {
		label := m.actionLabel(a)
		if i == m.choice {
			parts = append(parts, styleTurn.Render(">"+label+"<"))
		} else {
			parts = append(parts, " "+label+" ")
		}
	}
	return strings.Join(parts, " ")
}

// handRow is the person's hand: [playable], plain when not playable now,
// >under the cursor<, *marked* for Bendt's discard.
func (m *Model) handRow() []string {
	v := m.v
	myTurn := v.Phase == protocol.PhasePlaying && v.Turn == m.Seat()
	discarding := m.discarding()
	if len(v.Hand) == 0 {
		switch {
		case v.Phase == protocol.PhaseOver:
			return nil
		case m.spectating():
			return []string{styleDim.Render("  (you are watching: the hands are hidden)")}
		}
		return []string{styleDim.Render("  (no cards in hand)")}
	}
	var lines []string
	line, width := " ", 1
	for i, c := range v.Hand {
		code := label(c.Code)
		open, close := " ", " "
		style := cardStyle(c.CardRef)
		marked := discarding && slices.Contains(m.marked, c.Card)
		switch {
		case i == m.cursor && v.Phase != protocol.PhaseOver:
			open, close = ">", "<"
		case marked:
			open, close = "*", "*"
		case myTurn && c.Playable:
			open, close = "[", "]"
		}
		if myTurn && !c.Playable {
			style = styleDim
		}
		if marked {
			close = "*" // marked, and maybe under the cursor too
		}
		slot := open + style.Render(code) + close
		n := ansi.StringWidth(code) + 2
		if width+n+1 > m.w-1 {
			lines = append(lines, line)
			line, width = " ", 1
		}
		line += slot + " "
		width += n + 1
	}
	return append(lines, line)
}

// cursorInfo describes the card under the cursor — its name and what it
// does, from the catalogue — and, on the person's turn, why it may not be
// played.
func (m *Model) cursorInfo() string {
	v := m.v
	c := v.Hand[m.cursor]
	s := " " + protocol.Capital(m.words.Card(c.CardRef)) + " — " + cardHelp(c.CardRef, v.Named)
	if v.Phase == protocol.PhasePlaying && v.Turn == m.Seat() {
		if why := m.whyNot(m.cursor); why != "" {
			s += styleWarn.Render(" Can't now: " + why)
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
	v := m.v
	var keys []string
	switch {
	case m.overlay == overlaySheet && len(v.Results) > 1:
		keys = []string{"↑↓ round", "g chart", "Esc/Enter close", "s sheet", "? rules", "q quit"}
	case m.overlay == overlaySheet || m.overlay == overlayRound:
		keys = []string{"Esc/Enter close", "s sheet", "g chart", "? rules", "q quit"}
	case m.overlay == overlayChart:
		keys = []string{"Esc/Enter close", "s sheet", "g table", "? rules", "q quit"}
	case m.overlay == overlayTricks && m.tricksFrom(0) < len(m.roundTricks()):
		keys = []string{"↑↓ earlier/later tricks", "Esc/Enter close", "s sheet", "? rules", "q quit"}
	case m.overlay == overlayHelp && m.helpScrolls():
		keys = []string{"↑↓ scroll", "Esc/Enter close", "s sheet", "? rules", "q quit"}
	case m.overlay != overlayNone:
		keys = []string{"Esc/Enter close", "s sheet", "? rules", "q quit"}
	case !m.have && m.canStart && !m.closed:
		keys = []string{"g start the game", "q quit"}
	case !m.have || m.closed:
		keys = []string{"q quit"}
	case v.Phase == protocol.PhaseOver:
		keys = []string{"w save record", "s sheet", "g chart", "? rules", "q quit"}
	case m.spectating():
		keys = []string{"s sheet", "? rules", "q quit"}
	case v.Phase == protocol.PhaseBidding && len(v.Legal) > 0:
		keys = []string{"0-9 ←→ bid", "Enter confirm", "h hint", "s sheet", "? rules", "q quit"}
	case m.discarding() && len(v.Legal) > 0:
		keys = []string{"←→ card", "Enter mark", "h hint", "s sheet", "? rules", "q quit"}
	case (v.Phase == protocol.PhaseAbility || v.Phase == protocol.PhaseCannon) && len(v.Legal) > 0:
		keys = []string{"←→ choose", "Enter confirm", "h hint", "s sheet", "? rules", "q quit"}
	case len(v.Legal) == 0:
		keys = []string{"←→ look over your cards", "s sheet", "? rules", "q quit"}
	default:
		keys = []string{"←→ card", "Enter play", "h hint", "s sheet", "? rules", "q quit"}
	}
	if m.have && m.overlay == overlayNone && len(m.roundTricks()) > 0 {
		if i := slices.Index(keys, "s sheet"); i >= 0 {
			keys = slices.Insert(keys, i, "t tricks")
		}
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
	v := m.v
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
			return fmt.Sprintf("Game over — you win with %s!", num(top))
		}
		return fmt.Sprintf("Game over — %s wins with %s.", names[0], num(top))
	}
	return fmt.Sprintf("Game over — shared victory: %s with %s.", strings.Join(names, ", "), num(top))
}
