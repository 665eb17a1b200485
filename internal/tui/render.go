package tui

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skullking-go/skullking/locale"
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
		middle = []string{"", "  " + m.t("table.dealing", nil)}
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
	parts := []string{styleTitle.Render(m.t("tui.title", nil))}
	if m.spectating() {
		parts = append(parts, m.t("tui.header.spectating", nil))
	}
	if m.have {
		v := m.v
		if v.Tiebreak {
			parts = append(parts, m.t("table.bar.tiebreak", locale.Args{"Round": v.Round}))
		} else {
			parts = append(parts, m.t("table.bar.round", locale.Args{"Round": v.Round, "Rounds": v.Rounds}))
		}
		parts = append(parts, m.n("tui.header.cards", v.Cards, nil))
		switch v.Phase {
		case protocol.PhaseBidding:
			parts = append(parts, m.t("tui.header.bidding", nil))
		case protocol.PhasePlaying:
			parts = append(parts, m.t("tui.header.trick", locale.Args{"Number": min(v.TrickNo, v.Cards), "Cards": v.Cards}))
		case protocol.PhaseAbility:
			parts = append(parts, m.t("tui.header.trick_won", locale.Args{"Number": len(v.Tricks)}))
		case protocol.PhaseOver:
			parts = append(parts, m.t("table.status.over", nil))
		}
		if total, ok := bidTotal(v); ok && v.Phase != protocol.PhaseOver {
			parts = append(parts, m.bidsText(total, v.Cards))
		}
	}
	if line := " " + strings.Join(parts, " · "); lipgloss.Width(line) <= m.w || len(parts) == 1 {
		return line
	}
	// A narrow screen keeps the game's state rather than the title.
	return " " + strings.Join(parts[1:], " · ")
}

// bidsText is the bids added up against the tricks there are, as the
// browser's bar says it: "bids 3 / 4 (under by 1)".
func (m *Model) bidsText(total, cards int) string {
	s := m.t("table.bar.bids", locale.Args{"Sum": total, "Cards": cards})
	switch {
	case total > cards:
		return s + " " + m.t("table.bar.over", locale.Args{"By": total - cards})
	case total < cards:
		return s + " " + m.t("table.bar.under", locale.Args{"By": cards - total})
	}
	return s + " " + m.t("table.bar.even", nil)
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
	first, last := tricks[start].Number, tricks[len(tricks)-1].Number
	title := m.t("tui.history.one", locale.Args{"Number": first, "Total": len(v.Tricks)})
	if last != first {
		title = m.t("tui.history.span", locale.Args{"First": first, "Last": last, "Total": len(v.Tricks)})
	}
	lines := []string{styleDim.Render(title)}
	for i := start; i < len(tricks); i++ {
		lines = append(lines, "  "+m.trickLine(&tricks[i]))
	}
	return lines
}

// seatLines is the table of seats: bid, tricks won, total, and whose turn.
func (m *Model) seatLines() []string {
	v := m.v
	me := m.Seat()
	cols := columns{widths: []int{14, 4, 4, 6}, right: []bool{false, true, true, true}}
	heads := []string{m.t("tui.col.player", nil), m.t("tui.col.bid", nil), m.t("tui.col.won", nil),
		m.t("tui.col.score", nil)}
	heads[0] = cut(heads[0], 14) // a long name is cut: so is the heading over the names
	cols.fitHeadings(heads)
	cols.fitHeadings([]string{"", m.t("tui.seat.bid_in", nil)})
	lines := []string{styleDim.Render("   " + cols.row(heads...))}
	for s, info := range v.Seats {
		name := cut(m.name(s), 14)
		if s == me {
			name = cut(m.t("tui.name.you", locale.Args{"Name": info.Name}), 14)
		}
		if info.Graybeard {
			row := "   " + padRight(name, 14) + " " + m.n("tui.seat.ghost", info.HandSize, nil)
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
			bid = m.t("tui.seat.bid_in", nil)
		case v.Phase != protocol.PhaseBidding:
			bid = "-"
		}
		row := "   " + cols.row(name, bid, strconv.Itoa(info.Won), num(info.Total))
		var notes []string
		if info.Cannon != "" {
			notes = append(notes, m.t("table.seat.cannon."+info.Cannon, nil))
		}
		if info.Wager != 0 {
			notes = append(notes, m.t("table.seat.wager", locale.Args{"Wager": info.Wager}))
		}
		if len(notes) > 0 {
			row += "  " + strings.Join(notes, m.t("list.comma", nil))
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

// nameCell is seat s's name in a column of names: 14 columns, cut with an
// ellipsis when longer.
func (m *Model) nameCell(s int) string { return padRight(cut(m.name(s), 14), 14) }

// trickRow is one seat's line in the trick panel: name, card, and a mark.
func (m *Model) trickRow(seat int, card, mark string) string {
	row := "  " + m.nameCell(seat) + " " + card
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
	panel := m.w - leftWidth
	switch v.Phase {
	case protocol.PhaseBidding:
		lines := append([]string{styleBold.Render(m.t("tui.bidding.title", nil))},
			wrap(m.t("tui.bidding.how", nil), panel, "")...)
		if v.Leader >= 0 {
			lines = append(lines, wrap(m.t("tui.bidding.leads", locale.Args{"Name": m.name(v.Leader)}), panel, "")...)
		}
		return lines
	case protocol.PhaseCannon:
		return append([]string{styleBold.Render(m.t("tui.cannon.title", nil))}, wrap(m.t("tui.cannon.how", nil), panel, "")...)
	}
	if t := v.LastTrick; len(v.Trick) == 0 && t != nil && t.Round == v.Round {
		args := locale.Args{"Number": t.Number, "Cards": v.Cards}
		var title string
		switch {
		case v.Phase == protocol.PhaseOver:
			title = m.t("tui.trick.round_last", locale.Args{"Round": t.Round})
		case t.Outcome == protocol.OutcomeWon:
			args["Name"] = m.name(t.Winner)
			title = m.t("tui.trick.title.won", args)
		case t.Outcome == protocol.OutcomeDestroyed:
			title = m.t("tui.trick.title.destroyed", args)
		default:
			title = m.t("tui.trick.title.discarded", args)
		}
		// A title longer than the panel, in a longer language, wraps.
		lines := wrap(styleBold.Render(title), panel, "  ")
		for i, p := range t.Plays {
			mark := ""
			if i == t.Winning && t.Outcome == protocol.OutcomeWon {
				mark = "* " + m.t("table.trick.took_it", nil)
			}
			lines = append(lines, m.trickRow(p.Seat, playText(p), mark))
		}
		return lines
	}
	if v.Phase == protocol.PhaseOver {
		return nil
	}
	lines := wrap(styleBold.Render(m.trickTitle()), panel, "  ")
	played := map[int]bool{}
	for i, p := range v.Trick {
		mark := ""
		if i == v.Winning {
			mark = "* " + m.t("tui.trick.winning", nil)
		}
		lines = append(lines, m.trickRow(p.Seat, playText(p), mark))
		played[p.Seat] = true
	}
	if v.Phase != protocol.PhasePlaying || v.Turn < 0 || played[v.Turn] {
		return lines
	}
	toPlay := m.t("table.seat.to_play", nil)
	if v.Turn == m.Seat() {
		toPlay = m.t("table.seat.your_turn", nil)
	}
	lines = append(lines, styleTurn.Render("> "+m.nameCell(v.Turn)+" "+toPlay))
	// The others still to play, from the seat after the turn round the
	// table; the view says who has played, not who plays when.
	n := len(v.Seats)
	for i := 1; i < n; i++ {
		s := (v.Turn + i) % n
		if !played[s] && s != v.Turn {
			lines = append(lines, styleDim.Render("  "+m.nameCell(s)+" ·"))
		}
	}
	return lines
}

// trickTitle heads the trick being played: its number, and who leads it
// or what it asks players to follow.
func (m *Model) trickTitle() string {
	v := m.v
	args := locale.Args{"Number": v.TrickNo, "Cards": v.Cards}
	switch l := v.Lead; {
	case len(v.Trick) == 0 && v.Phase == protocol.PhasePlaying && v.Leader >= 0:
		args["Name"] = m.name(v.Leader)
		return m.t("tui.trick.title.leads", args)
	case len(v.Trick) == 0:
		return m.t("tui.trick.title.to_lead", args)
	case l.Free:
		return m.t("tui.trick.title.free", args)
	case l.Suit != "":
		args["Suit"] = m.t("suit."+l.Suit, nil)
		return m.t("tui.trick.title.led", args)
	}
	return m.t("tui.trick.title.no_suit", args)
}

// lastTrickLines tells the trick completed last: its cards, who took it
// and why, what it is worth, in the view's words.
func (m *Model) lastTrickLines() []string {
	t := m.toldTrick()
	if t == nil {
		return nil
	}
	label := m.t("table.felt.prior", nil)
	if t.Round != m.v.Round {
		label = m.t("tui.last_trick.round", locale.Args{"Round": t.Round})
	}
	s := styleDim.Render(label+" ") + playsText(t.Plays) + " — " + m.trickWords(t)
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
		out = append(out, styleTurn.Render(m.t("tui.prompt.bid", nil))+"  "+m.numberRow())
	case v.Phase == protocol.PhaseBidding:
		out = append(out, m.biddingWait())
	case myTurn && m.tigress:
		out = append(out, styleTurn.Render(m.t("tui.prompt.tigress", nil)))
	case myTurn:
		out = append(out, styleTurn.Render(m.turnAdvice()))
	case v.Phase == protocol.PhasePlaying && v.Turn >= 0:
		out = append(out, m.t("tui.prompt.playing", locale.Args{"Name": m.name(v.Turn)}))
	case m.discarding():
		out = append(out, styleTurn.Render(m.n("tui.prompt.discard", v.Pending.Draw, nil)))
	case mine:
		out = append(out, styleTurn.Render(m.choiceQuestion())+"  "+m.choiceRow())
	case v.Phase == protocol.PhaseCannon && m.spectating():
		out = append(out, m.t("tui.prompt.cannons_loading", nil))
	case v.Phase == protocol.PhaseCannon:
		// The view tells who has bid but not who has loaded.
		out = append(out, m.t("tui.prompt.cannon_loaded", nil))
	case v.Phase == protocol.PhaseAbility && v.Pending != nil && v.Pending.Seat == me:
		out = append(out, m.t("tui.prompt.choice_sent", nil))
	case v.Phase == protocol.PhaseAbility && v.Pending != nil:
		out = append(out, m.t("tui.prompt.deciding", locale.Args{"Name": m.name(v.Pending.Seat)}))
	}
	out = append(out, m.handRow()...)
	if v.Phase != protocol.PhaseOver && m.cursor < len(v.Hand) {
		out = append(out, wrap(m.cursorInfo(), m.w-1, "  ")...)
	}
	if len(v.UndealtSeen) > 0 && v.Phase != protocol.PhaseOver {
		out = append(out, wrap(styleDim.Render(" "+m.t("tui.undealt", nil)+" ")+refsText(v.UndealtSeen), m.w-1, "  ")...)
	}
	if len(v.Discarded) > 0 && v.Phase != protocol.PhaseOver {
		out = append(out, styleDim.Render(" "+m.t("tui.discarded", nil)+" ")+refsText(v.Discarded))
	}
	return out
}

// biddingWait is the prompt once the person's bid is made or on its way,
// or a spectator's: whom the bids wait for.
func (m *Model) biddingWait() string {
	v, me := m.v, m.Seat()
	others := m.waitingFor()
	id, args := "tui.prompt.wait", locale.Args{"Names": others}
	switch {
	case me >= 0 && me < len(v.Seats) && v.Seats[me].Bid != nil:
		id, args["Bid"] = "tui.prompt.bid_made", *v.Seats[me].Bid
	case me >= 0 && m.blocked():
		id = "tui.prompt.bid_sent"
	}
	if others != "" {
		id += ".for"
	}
	return m.t(id, args)
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
	return strings.Join(names, m.t("list.comma", nil))
}

// turnAdvice says it is the person's turn and what they may play: what
// the view marks playable.
func (m *Model) turnAdvice() string {
	v := m.v
	id := "tui.prompt.turn"
	if len(v.Trick) == 0 {
		id += ".lead"
	}
	if slices.ContainsFunc(v.Hand, func(h protocol.HandCard) bool { return !h.Playable }) {
		return m.t(id+".some", nil)
	}
	return m.t(id+".any", nil)
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
		return m.t("tui.choice.rosie", nil)
	case protocol.KindBendt:
		return m.t("tui.choice.bendt", nil)
	case protocol.KindWager:
		return m.t("tui.choice.wager", nil)
	case protocol.KindHarry:
		if me := m.Seat(); me >= 0 && me < len(v.Seats) && v.Seats[me].Bid != nil {
			return m.t("tui.choice.harry_bid", locale.Args{"Bid": *v.Seats[me].Bid})
		}
		return m.t("tui.choice.harry", nil)
	}
	if v.Phase == protocol.PhaseCannon {
		return m.t("tui.choice.cannon", nil)
	}
	return m.t("tui.choice.other", nil)
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
			return []string{styleDim.Render("  " + m.t("tui.hand.watching", nil))}
		}
		return []string{styleDim.Render("  " + m.t("tui.hand.empty", nil))}
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
	s := " " + protocol.Capital(m.words.Card(c.CardRef)) + " — " + m.cardHelp(c.CardRef, v.Named)
	if v.Phase == protocol.PhasePlaying && v.Turn == m.Seat() {
		if why := m.whyNot(m.cursor); why != "" {
			s += styleWarn.Render(" " + m.t("tui.card.cant_now", locale.Args{"Why": why}))
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
// that line. Each key with what it does is the catalogue's tui.key.*.
func (m *Model) keysLine() string {
	if m.chat != nil {
		line, _ := m.chatLine()
		return line
	}
	v := m.v
	var keys []string
	switch {
	case m.overlay == overlaySheet && len(v.Results) > 1:
		keys = []string{"round", "chart", "close", "sheet", "rules", "quit"}
	case m.overlay == overlaySheet || m.overlay == overlayRound:
		keys = []string{"close", "sheet", "chart", "rules", "quit"}
	case m.overlay == overlayChart:
		keys = []string{"close", "sheet", "table", "rules", "quit"}
	case m.overlay == overlayTricks && m.tricksFrom(0) < len(m.roundTricks()):
		keys = []string{"tricks_scroll", "close", "sheet", "rules", "quit"}
	case m.overlay == overlayHelp && m.helpScrolls():
		keys = []string{"scroll", "close", "sheet", "rules", "quit"}
	case m.overlay != overlayNone:
		keys = []string{"close", "sheet", "rules", "quit"}
	case !m.have && m.canStart && !m.closed:
		keys = []string{"start", "quit"}
	case !m.have || m.closed:
		keys = []string{"quit"}
	case v.Phase == protocol.PhaseOver:
		keys = []string{"save", "sheet", "chart", "rules", "quit"}
	case m.spectating():
		keys = []string{"sheet", "rules", "quit"}
	case v.Phase == protocol.PhaseBidding && len(v.Legal) > 0:
		keys = []string{"bid", "confirm", "hint", "sheet", "rules", "quit"}
	case m.discarding() && len(v.Legal) > 0:
		keys = []string{"card", "mark", "hint", "sheet", "rules", "quit"}
	case (v.Phase == protocol.PhaseAbility || v.Phase == protocol.PhaseCannon) && len(v.Legal) > 0:
		keys = []string{"choose", "confirm", "hint", "sheet", "rules", "quit"}
	case len(v.Legal) == 0:
		keys = []string{"look", "sheet", "rules", "quit"}
	default:
		keys = []string{"card", "play", "hint", "sheet", "rules", "quit"}
	}
	if m.have && m.overlay == overlayNone && len(m.roundTricks()) > 0 {
		if i := slices.Index(keys, "sheet"); i >= 0 {
			keys = slices.Insert(keys, i, "tricks")
		}
	}
	// A server table's own keys go before q quit.
	var extra []string
	if (m.rematch != "" || m.canOffer) && m.Over() {
		extra = append(extra, "rematch")
	}
	if _, ok := m.table.(Chatter); ok && !m.closed {
		extra = append(extra, "chat")
	}
	quit := keys[len(keys)-1]
	keys = append(append(keys[:len(keys)-1], extra...), quit)
	for i, k := range keys {
		keys[i] = m.t("tui.key."+k, nil)
	}
	return styleDim.Render(" " + strings.Join(keys, " · "))
}

// gameOverText names the winner or winners.
func (m *Model) gameOverText() string {
	v := m.v
	if len(v.Winners) == 0 {
		return m.t("table.over.said", nil)
	}
	var names []string
	for _, s := range v.Winners {
		if s == m.Seat() {
			names = append(names, m.t("name.you", nil))
		} else {
			names = append(names, m.name(s))
		}
	}
	points := num(v.Seats[v.Winners[0]].Total)
	switch {
	case len(names) > 1:
		return m.t("tui.over.shared", locale.Args{"Names": strings.Join(names, m.t("list.comma", nil)), "Points": points})
	case v.Winners[0] == m.Seat():
		return m.t("tui.over.you_win", locale.Args{"Points": points})
	}
	return m.t("tui.over.won", locale.Args{"Name": names[0], "Points": points})
}
