package tui

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/skullking-go/skullking/internal/tui/feed"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// Config is what the screen needs besides its table.
type Config struct {
	// SavePath is where the w key writes the game record; empty disables it.
	SavePath string
	// Seed is shown with the score sheet so a deal can be replayed (0:
	// unknown, not shown).
	Seed uint64
	// Width and Height are the screen size until the terminal reports its
	// own (0: 80×24).
	Width, Height int
	// Now is the clock the turn timer's countdown reads (nil: the system's).
	Now func() time.Time
	// SavePathFor, when set, names the record file of each table the screen
	// sits at, in place of SavePath: after a rematch the new game's record
	// must not overwrite the last one's.
	SavePathFor func(Table) string
	// SaveOnMove writes the finished game's record before the r key moves
	// to the rematch table, so that every game of the run is kept.
	SaveOnMove bool
	// Lang is the language of the sentences the screen takes from the
	// catalogue (nil: English).
	Lang *locale.Lang
}

// overlay is a panel drawn over the table.
type overlay uint8

const (
	overlayNone overlay = iota
	overlayHelp
	overlaySheet
	overlayRound  // the round just scored
	overlayTricks // every trick of the round
	overlayChart  // the totals round by round, drawn
)

// Model is the Bubble Tea model of the table screen. It holds the seat's
// latest view and what the person is choosing; everything shown is derived
// from the view when drawn.
type Model struct {
	table Table
	cfg   Config
	w, h  int

	v       *protocol.View
	have    bool // a view has arrived
	updates int  // views received, for telling fresh views from stale ones
	rules   string
	words   words.Words

	cursor   int    // index in v.Hand
	bid      int    // the bid being chosen
	typed    bool   // a digit was just typed, so a second one extends the bid
	choice   int    // index in v.Legal for a choice prompt
	choiceK  string // which prompt choice belongs to
	tigress  bool   // asking how to declare the Tigress
	marked   []int  // Bendt's discards being chosen: card ids
	sheet    int    // the round the score sheet breaks down, from the last (0)
	helpTop  int    // the first line of the help shown
	trickTop int    // the first trick the tricks panel shows

	// sent is the last action sent and the view it was chosen in: input
	// waits until a view shows it applied, so a quick second key press
	// cannot send it twice.
	sent      *sentAction
	inflight  bool
	overlay   overlay
	msg       string // one line: errors, hints, saves
	hint      *Hint
	closed    bool // the table went away
	closedErr error
	quitting  bool
	asking    bool   // asking whether to leave the game in progress
	savedTo   string // the file the record was last saved to
	canStart  bool   // before the start: the g key starts the game
	canOffer  bool   // the game over, the host may offer a rematch with r

	// gen counts the tables the screen has sat at: the updates of a table
	// left for a rematch are still in flight and must not count.
	gen      int
	deadline time.Time   // when the turn timer runs out; zero: no timer
	ticking  bool        // a redraw of the countdown is scheduled
	chat     *chatInput  // a line of chat being typed
	heard    []feed.Chat // the chat's history, oldest first (the last maxHeard lines)
	rematch  string      // the rematch table's invite link, once offered
	moving   bool        // on the way to the rematch table
	arrival  string      // what moving to the rematch did, told until its game starts
}

type sentAction struct {
	a            protocol.Action
	round, trick int
	phase        string
}

// Messages the model sends itself.
type (
	updateMsg struct {
		u   Update
		ok  bool
		gen int
	}
	sentMsg struct {
		a   protocol.Action
		err error
	}
	hintMsg struct {
		h   Hint
		err error
	}
	savedMsg struct {
		path string
		err  error
		quit bool // saved on the way out: quit once it is written
	}
	startedMsg struct{ err error }
	offeredMsg struct{ err error }
)

// noView is what the screen reads before the first view: no seats, no
// cards, nothing to decide.
var noView = protocol.View{Seat: -1, Turn: -1, Leader: -1, Winning: -1}

// New returns the screen for a table.
func New(t Table, cfg Config) *Model {
	m := &Model{table: t, cfg: cfg, w: cfg.Width, h: cfg.Height, v: &noView, words: words.Words{You: t.Seat(), Lang: cfg.Lang}}
	if m.w <= 0 {
		m.w = 80
	}
	if m.h <= 0 {
		m.h = 24
	}
	return m
}

// Init starts listening to the table.
func (m *Model) Init() tea.Cmd { return m.listen() }

// listen waits for the table's next update.
func (m *Model) listen() tea.Cmd {
	ch, gen := m.table.Updates(), m.gen
	return func() tea.Msg {
		u, ok := <-ch
		return updateMsg{u: u, ok: ok, gen: gen}
	}
}

// View is the Bubble Tea view: the whole screen in the alternate buffer.
func (m *Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.WindowTitle = m.t("tui.title", nil)
	if m.chat != nil {
		// The terminal's own cursor marks the place in the line typed, on
		// the screen's last row.
		_, x := m.chatLine()
		v.Cursor = tea.NewCursor(x, m.h-1)
	}
	return v
}

// Seat is the person's seat; a spectator's is negative.
func (m *Model) Seat() int { return m.table.Seat() }

// spectating reports whether the person watches without a seat.
func (m *Model) spectating() bool { return m.Seat() < 0 }

// Table is the table the screen sits at now: after a rematch, not the one
// it was made with.
func (m *Model) Table() Table { return m.table }

// Current returns the latest view and whether one has arrived.
func (m *Model) Current() (protocol.View, bool) { return *m.v, m.have }

// Over reports whether the game has ended.
func (m *Model) Over() bool { return m.have && m.v.Phase == protocol.PhaseOver }

// SavedTo is the file the screen last saved the game record to, or "".
func (m *Model) SavedTo() string { return m.savedTo }

// Closed reports whether the table went away, and why if it was lost.
func (m *Model) Closed() (bool, error) { return m.closed, m.closedErr }

// Ready reports whether the person has a decision to make and the screen
// takes it now (nothing in flight).
func (m *Model) Ready() bool {
	return m.have && !m.closed && len(m.v.Legal) > 0 && !m.blocked()
}

// sameAction reports whether two actions are one: the same kind, cards,
// declaration and value.
func sameAction(a, b protocol.Action) bool {
	eq := func(x, y *int) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	return a.Kind == b.Kind && a.As == b.As && eq(a.Card, b.Card) && eq(a.Card2, b.Card2) && eq(a.Value, b.Value)
}

// listed reports whether a is one of the view's legal actions.
func (m *Model) listed(a protocol.Action) bool {
	return slices.ContainsFunc(m.v.Legal, func(b protocol.Action) bool { return sameAction(a, b) })
}

// holds returns where card id is in the hand, or −1.
func (m *Model) holds(id int) int {
	return slices.IndexFunc(m.v.Hand, func(h protocol.HandCard) bool { return h.Card == id })
}

// blocked reports whether the last action sent may not have reached the
// screen yet.
func (m *Model) blocked() bool {
	if m.inflight {
		return true
	}
	s := m.sent
	if s == nil {
		return false
	}
	v := m.v
	if v.Round != s.round || v.TrickNo != s.trick || v.Phase != s.phase {
		return false
	}
	if s.a.Kind == protocol.KindPlay && s.a.Card != nil {
		// Copies of a face are listed once, so look at the hand instead.
		return v.Turn == m.Seat() && m.holds(*s.a.Card) >= 0
	}
	return m.listed(s.a)
}

// Update handles keys, the table's updates and the answers to the model's
// own commands.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case updateMsg:
		if msg.gen != m.gen {
			return m, nil // from a table left for the rematch
		}
		if !msg.ok {
			m.closed = true
			m.msg = m.t("tui.closed", nil)
			return m, nil
		}
		if msg.u.Err != nil {
			m.closed, m.closedErr = true, msg.u.Err
			m.msg = m.t("tui.lost", locale.Args{"Error": clean(msg.u.Err.Error(), 300)})
			return m, nil
		}
		if msg.u.View == nil {
			if msg.u.Note != "" {
				m.msg = clean(msg.u.Note, 600)
			}
			if msg.u.Chat != nil {
				m.hear(*msg.u.Chat)
			}
			m.canStart, m.canOffer = msg.u.CanStart, msg.u.CanOffer
			if msg.u.Rematch != "" {
				m.rematch = msg.u.Rematch
			}
			return m, m.listen()
		}
		m.onUpdate(msg.u)
		return m, tea.Batch(m.listen(), m.tick())
	case timerTick:
		m.ticking = false
		return m, m.tick()
	case tea.PasteMsg:
		if m.chat != nil {
			m.typeChat(msg.Content)
		}
	case chatSentMsg:
		if msg.err != nil {
			m.msg = m.t("tui.chat.not_sent", locale.Args{"Error": m.errorText(msg.err)})
		}
	case movedMsg:
		return m, m.moved(msg)
	case sentMsg:
		m.inflight = false
		if msg.err != nil {
			m.sent = nil
			m.msg = m.errorText(msg.err)
		}
	case hintMsg:
		if msg.err != nil {
			m.msg = m.t("tui.hint.failed", locale.Args{"Error": m.errorText(msg.err)})
			break
		}
		m.showHint(msg.h)
	case startedMsg:
		if msg.err != nil {
			m.msg = m.t("tui.start.failed", locale.Args{"Error": m.errorText(msg.err)})
		}
	case offeredMsg:
		if msg.err != nil {
			m.msg = m.t("tui.rematch.failed", locale.Args{"Error": m.errorText(msg.err)})
		}
	case savedMsg:
		if msg.err != nil {
			m.msg = m.t("tui.save.failed", locale.Args{"Error": msg.err.Error()})
		} else {
			m.msg = m.t("tui.save.done", locale.Args{"Path": msg.path})
			m.savedTo = msg.path
			if msg.quit {
				m.asking, m.quitting = false, true
				return m, tea.Quit
			}
		}
	case tea.KeyPressMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// errorText is an error as a sentence for the person: a refusal in the
// words of the view's seats.
func (m *Model) errorText(err error) string {
	var re *feed.RefusedError
	if errors.As(err, &re) && re.Refusal != nil {
		return clean(m.words.Refusal(re.Refusal), 300)
	}
	var chat *chatLineError
	if errors.As(err, &chat) {
		return chat.sentence(m.cfg.Lang)
	}
	if ce, ok := serverProblem(err); ok {
		return problemText(m.cfg.Lang, ce.Problem)
	}
	var own screenError
	switch {
	case errors.As(err, &own):
		return m.t(string(own), nil)
	case errors.Is(err, ErrClosed):
		return m.t("tui.error.closed", nil)
	case errors.Is(err, feed.ErrNoAdvice):
		return m.t("tui.error.no_advice", nil)
	}
	return protocol.Capital(clean(err.Error(), 300))
}

// onUpdate takes a new view: it opens the round's summary when a round is
// scored, and keeps the choices in range.
func (m *Model) onUpdate(u Update) {
	prev, had := m.v, m.have
	scrub(u.View)
	m.v, m.have = u.View, true
	if u.Rules != "" {
		m.rules = clean(u.Rules, 200)
	}
	m.words = words.For(m.v)
	m.words.Lang = m.cfg.Lang
	m.updates++
	m.takeDeadline(u)
	v := m.v
	if had && len(v.Results) > len(prev.Results) {
		m.overlay, m.sheet = overlayRound, 0
	}
	if had && v.Round != prev.Round {
		m.bid, m.typed, m.hint = 0, false, nil
	}
	me := m.Seat()
	myTurn := v.Turn == me && v.Phase == protocol.PhasePlaying
	wasMyTurn := had && prev.Turn == me && prev.Phase == protocol.PhasePlaying
	if m.cursor >= len(v.Hand) {
		m.cursor = max(0, len(v.Hand)-1)
	}
	if myTurn && !wasMyTurn {
		// Land on a playable card when the turn comes round.
		if m.cursor >= len(v.Hand) || !v.Hand[m.cursor].Playable {
			if i := slices.IndexFunc(v.Hand, func(h protocol.HandCard) bool { return h.Playable }); i >= 0 {
				m.cursor = i
			}
		}
	}
	if !myTurn {
		m.tigress = false
	}
	if !m.discarding() {
		m.marked = m.marked[:0]
	}
	if k := m.choiceKey(); k != m.choiceK {
		m.choiceK = k
		m.choice = m.defaultChoice()
	}
	if m.hint != nil && !m.listed(m.hint.Action) {
		m.hint = nil
	}
}

// discarding reports whether the person chooses Bendt's discards now.
func (m *Model) discarding() bool {
	p := m.v.Pending
	return m.v.Phase == protocol.PhaseAbility && p != nil && p.Kind == protocol.KindDiscard && p.Seat == m.Seat()
}

// pendingKind is the pirate ability awaited, or "".
func (m *Model) pendingKind() string {
	if m.v.Pending == nil {
		return ""
	}
	return m.v.Pending.Kind
}

// choiceKey names the choice prompt the view asks for, so a new prompt
// starts at its default.
func (m *Model) choiceKey() string {
	v := m.v
	if len(v.Legal) == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d/%s/%s", v.Round, v.TrickNo, v.Phase, m.pendingKind())
}

// value is an action's value, 0 when it has none.
func value(a protocol.Action) int {
	if a.Value == nil {
		return 0
	}
	return *a.Value
}

// defaultChoice is where a choice prompt starts: the neutral option — the
// leader the view names for Rosie, no change for Harry.
func (m *Model) defaultChoice() int {
	for i, a := range m.v.Legal {
		switch a.Kind {
		case protocol.KindRosie:
			if m.v.Pending != nil && value(a) == m.v.Pending.Leader {
				return i
			}
		case protocol.KindHarry:
			if value(a) == 0 {
				return i
			}
		}
	}
	return 0
}

// legalPlays are the listed actions playing hand card i: one, or the
// Tigress's two declarations.
func (m *Model) legalPlays(i int) []protocol.Action {
	var out []protocol.Action
	for _, a := range m.v.Legal {
		if a.Kind == protocol.KindPlay && a.Card != nil && *a.Card == m.v.Hand[i].Card {
			out = append(out, a)
		}
	}
	return out
}

// declared reports whether playing hand card i asks how it is played (the
// Tigress: the view lists her as a Pirate and as an Escape).
func (m *Model) declared(i int) bool {
	return slices.ContainsFunc(m.legalPlays(i), func(a protocol.Action) bool { return a.As != "" })
}

// playFor returns the action playing hand card i declared as (""
// undeclared): the one the view lists, or for a copy of a listed face (the
// view lists one Escape of several, and marks every copy playable) that
// very card, so the hand shrinks where the person expects.
func (m *Model) playFor(i int, as string) (protocol.Action, bool) {
	for _, a := range m.legalPlays(i) {
		if a.As == as {
			return a, true
		}
	}
	h := m.v.Hand[i]
	if as != "" || !h.Playable || m.v.Turn != m.Seat() {
		return protocol.Action{}, false
	}
	id := h.Card
	return protocol.Action{Kind: protocol.KindPlay, Card: &id, Code: h.Code}, true
}

// key handles one key press.
func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	s := k.String()
	if m.asking {
		return m.quitKey(s)
	}
	if m.chat != nil && s != "ctrl+c" {
		return m.chatKey(k) // every other key is text for the line
	}
	switch s {
	case "ctrl+c", "q":
		return m.askQuit()
	case "?":
		m.toggle(overlayHelp)
		return nil
	case "s":
		m.toggle(overlaySheet)
		return nil
	case "t":
		m.toggle(overlayTricks)
		return nil
	case "g":
		if m.have { // before the deal g starts the game
			m.toggle(overlayChart)
			return nil
		}
	case "w":
		return m.save()
	}
	if (m.overlay == overlaySheet || m.overlay == overlayHelp || m.overlay == overlayTricks) && (s == "up" || s == "down") {
		m.scrollKey(s)
		return nil
	}
	if m.overlay != overlayNone {
		m.overlay = overlayNone
		switch s {
		case "esc", "enter", "space":
			return nil
		}
	}
	switch s {
	case "h":
		return m.askHint()
	case "c":
		if m.openChat() {
			return nil
		}
	case "r":
		if m.rematch != "" && m.Over() {
			return m.moveToRematch()
		}
		if m.canOffer && m.Over() {
			if o, ok := m.table.(Offerer); ok {
				m.canOffer = false // once: the offer's answer is the table's new state
				m.msg = m.t("tui.rematch.offering", nil)
				return func() tea.Msg { return offeredMsg{err: o.OfferRematch()} }
			}
		}
	}
	if s == "g" && !m.have && m.canStart && !m.closed {
		if st, ok := m.table.(Starter); ok {
			m.msg = m.t("tui.start.starting", nil)
			return func() tea.Msg { return startedMsg{err: st.Start()} }
		}
	}
	if !m.have || m.closed || m.spectating() {
		return nil // a spectator's keys only look
	}
	if s == "esc" {
		m.tigress = false
		m.marked = m.marked[:0]
		m.msg = ""
		return nil
	}
	v := m.v
	switch {
	case v.Phase == protocol.PhaseBidding && len(v.Legal) > 0:
		return m.bidKey(s)
	case m.discarding():
		return m.discardKey(s)
	case (v.Phase == protocol.PhaseCannon || v.Phase == protocol.PhaseAbility) && len(v.Legal) > 0:
		return m.choiceKeyPress(s)
	}
	return m.playKey(s)
}

func (m *Model) toggle(o overlay) {
	if m.overlay == o {
		m.overlay = overlayNone
	} else {
		m.overlay, m.sheet, m.helpTop = o, 0, 0
		if o == overlayTricks {
			m.trickTop = m.lastTricksTop()
		}
	}
}

// bids are the bids the view allows, lowest and highest.
func (m *Model) bids() (lo, hi int, ok bool) {
	for _, a := range m.v.Legal {
		if a.Kind != protocol.KindBid {
			continue
		}
		if !ok {
			lo, hi, ok = value(a), value(a), true
		}
		lo, hi = min(lo, value(a)), max(hi, value(a))
	}
	return lo, hi, ok
}

// bidKey handles the bidding keys: digits and arrows choose among the bids
// the view allows, Enter confirms.
func (m *Model) bidKey(s string) tea.Cmd {
	lo, hi, _ := m.bids()
	switch s {
	case "left", "down":
		m.bid, m.typed = max(lo, m.bid-1), false
	case "right", "up":
		m.bid, m.typed = min(hi, m.bid+1), false
	case "enter":
		m.typed = false
		for _, a := range m.v.Legal {
			if a.Kind == protocol.KindBid && value(a) == m.bid {
				return m.send(a)
			}
		}
		m.msg = m.t("tui.bid.range", locale.Args{"Low": lo, "High": hi})
	default:
		if len(s) == 1 && s[0] >= '0' && s[0] <= '9' {
			d := int(s[0] - '0')
			switch {
			case m.typed && m.bid*10+d <= hi:
				m.bid = m.bid*10 + d
			case d >= lo && d <= hi:
				m.bid = d
			default:
				m.msg = m.t("tui.bid.range", locale.Args{"Low": lo, "High": hi})
				return nil
			}
			m.typed = true
			m.msg = ""
		}
	}
	return nil
}

// choiceKeyPress handles a choice among the legal actions (cannon load,
// pirate abilities): arrows or digits choose, Enter confirms.
func (m *Model) choiceKeyPress(s string) tea.Cmd {
	n := len(m.v.Legal)
	switch s {
	case "left", "up":
		m.choice = (m.choice + n - 1) % n
	case "right", "down", "tab":
		m.choice = (m.choice + 1) % n
	case "enter":
		if m.choice < n {
			return m.send(m.v.Legal[m.choice])
		}
	default:
		if len(s) == 1 && s[0] >= '1' && s[0] <= '9' && int(s[0]-'1') < n {
			m.choice = int(s[0] - '1')
		}
	}
	return nil
}

// discardKey chooses Bendt's discards: Enter marks the card under the
// cursor (or unmarks it); the last mark sends the discard the view lists
// for the cards marked.
func (m *Model) discardKey(s string) tea.Cmd {
	v := m.v
	switch s {
	case "left":
		m.moveCursor(-1)
	case "right":
		m.moveCursor(1)
	case "enter", "space":
		if m.cursor >= len(v.Hand) {
			return nil
		}
		id := v.Hand[m.cursor].Card
		if i := slices.Index(m.marked, id); i >= 0 {
			m.marked = slices.Delete(m.marked, i, i+1)
			return nil
		}
		m.marked = append(m.marked, id)
		if len(m.marked) < v.Pending.Draw {
			return nil
		}
		marked := m.marked
		m.marked = nil
		for _, a := range v.Legal {
			if a.Kind == protocol.KindDiscard && discards(a, marked) {
				return m.send(a)
			}
		}
		m.msg = m.t("tui.discard.refused", nil)
	}
	return nil
}

// discards reports whether discard a throws exactly the cards ids.
func discards(a protocol.Action, ids []int) bool {
	var got []int
	for _, c := range []*int{a.Card, a.Card2} {
		if c != nil {
			got = append(got, *c)
		}
	}
	want := slices.Clone(ids)
	slices.Sort(got)
	slices.Sort(want)
	return slices.Equal(got, want)
}

// playKey handles the hand: arrows move, Enter plays, and the Tigress asks
// how she is declared.
func (m *Model) playKey(s string) tea.Cmd {
	v := m.v
	if m.tigress {
		as := map[string]string{"p": "pirate", "left": "pirate", "e": "escape", "right": "escape"}[s]
		if as == "" {
			return nil
		}
		m.tigress = false
		if a, ok := m.playFor(m.cursor, as); ok {
			return m.send(a)
		}
		return nil
	}
	switch s {
	case "left":
		m.moveCursor(-1)
	case "right":
		m.moveCursor(1)
	case "home":
		m.cursor = 0
	case "end":
		m.cursor = max(0, len(v.Hand)-1)
	case "enter", "space":
		if m.cursor >= len(v.Hand) {
			return nil
		}
		if why := m.whyNot(m.cursor); why != "" {
			m.msg = why
			return nil
		}
		if m.declared(m.cursor) {
			m.tigress = true
			return nil
		}
		if a, ok := m.playFor(m.cursor, ""); ok {
			return m.send(a)
		}
	}
	return nil
}

func (m *Model) moveCursor(d int) {
	if n := len(m.v.Hand); n > 0 {
		m.cursor = (m.cursor + d + n) % n
	}
}

// send sends a to the table, once.
func (m *Model) send(a protocol.Action) tea.Cmd {
	if m.blocked() || m.closed {
		return nil
	}
	m.msg = ""
	m.hint = nil
	m.inflight = true
	m.sent = &sentAction{a: a, round: m.v.Round, trick: m.v.TrickNo, phase: m.v.Phase}
	t := m.table
	return func() tea.Msg { return sentMsg{a: a, err: t.Send(a)} }
}

// askHint asks the table's adviser, when it has one.
func (m *Model) askHint() tea.Cmd {
	h, ok := m.table.(Hinter)
	switch {
	case m.spectating():
		m.msg = m.t("tui.hint.spectator", nil)
		return nil
	case !ok:
		m.msg = m.t("tui.hint.unavailable", nil)
		return nil
	}
	if !m.have || len(m.v.Legal) == 0 {
		m.msg = m.t("tui.hint.nothing", nil)
		return nil
	}
	m.msg = m.t("tui.hint.thinking", nil)
	return func() tea.Msg {
		hint, err := h.Hint()
		return hintMsg{h: hint, err: err}
	}
}

// showHint puts the hinted choice under the cursor, so Enter takes it.
func (m *Model) showHint(h Hint) {
	m.hint = &h
	action := clean(m.words.Action(h.Action), 200)
	m.msg = m.t("tui.hint.action", locale.Args{"Action": action})
	if h.Why != "" {
		m.msg = m.t("tui.hint.action_why", locale.Args{"Action": action, "Why": clean(h.Why, 300)})
	}
	a := h.Action
	switch a.Kind {
	case protocol.KindBid:
		m.bid, m.typed = value(a), false
	case protocol.KindPlay, protocol.KindDiscard:
		if a.Card == nil {
			break
		}
		i := m.holds(*a.Card)
		if i < 0 && a.Code != "" {
			// Another copy of the face hinted: the same code.
			i = slices.IndexFunc(m.v.Hand, func(c protocol.HandCard) bool { return c.Code == a.Code })
		}
		if i >= 0 {
			m.cursor = i
		}
	default:
		if i := slices.IndexFunc(m.v.Legal, func(b protocol.Action) bool { return sameAction(a, b) }); i >= 0 {
			m.choice = i
		}
	}
}

// save writes the game record where the configuration says.
func (m *Model) save() tea.Cmd {
	rec, ok := m.table.(Recorder)
	switch {
	case !ok:
		m.msg = m.t("tui.save.unavailable", nil)
		return nil
	case m.savePath() == "":
		m.msg = m.t("tui.save.no_file", nil)
		return nil
	}
	path := m.savePath()
	return func() tea.Msg {
		return savedMsg{path: path, err: SaveRecord(rec, path)}
	}
}

// savePath is where the game at this table is saved.
func (m *Model) savePath() string {
	if m.cfg.SavePathFor != nil {
		return m.cfg.SavePathFor(m.table)
	}
	return m.cfg.SavePath
}

// SaveRecord writes the table's record to path.
func SaveRecord(r Recorder, path string) error {
	b, err := r.Record()
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// whyNot says why the person may not play hand card i now, in the words
// of the view's refusal, or "" if they may.
func (m *Model) whyNot(i int) string {
	h := m.v.Hand[i]
	switch {
	case h.Playable && m.blocked():
		return m.t("tui.card.on_its_way", nil)
	case h.Playable:
		return ""
	case h.Why != nil:
		return m.words.Refusal(h.Why)
	}
	return m.t("tui.card.not_now", nil)
}

// name is seat s's name as the screen shows it, Graybeard's the
// catalogue's.
func (m *Model) name(s int) string {
	if s >= 0 && s < len(m.v.Seats) && m.v.Seats[s].Graybeard {
		return m.t("name.graybeard", nil)
	}
	if s >= 0 && s < len(m.v.Seats) {
		return m.v.Seats[s].Name
	}
	return m.t("name.seat", locale.Args{"Number": s + 1})
}

// actionLabel is a choice's label: the action in words, a seat's name
// for Rosie's choice of leader.
func (m *Model) actionLabel(a protocol.Action) string {
	if a.Kind == protocol.KindRosie {
		return m.name(value(a))
	}
	return strings.TrimSpace(m.words.Action(a))
}
