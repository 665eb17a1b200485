package tui

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/skullking-go/skullking"
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
}

// overlay is a panel drawn over the table.
type overlay uint8

const (
	overlayNone overlay = iota
	overlayHelp
	overlaySheet
	overlayRound // the round just scored
)

// Model is the Bubble Tea model of the table screen. It holds the seat's
// latest view and what the person is choosing; everything shown is derived
// from the view when drawn.
type Model struct {
	table Table
	cfg   Config
	w, h  int

	v       skullking.View
	have    bool // a view has arrived
	updates int  // views received, for telling fresh views from stale ones

	lastTrick      *skullking.TrickLog // the most recent completed trick
	lastTrickRound int

	cursor  int              // index in v.Hand
	bid     int              // the bid being chosen
	typed   bool             // a digit was just typed, so a second one extends the bid
	choice  int              // index in v.Legal for a choice prompt
	choiceK string           // which prompt choice belongs to
	tigress bool             // asking how to declare the Tigress
	marked  []skullking.Card // Bendt's discards being chosen

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
	canStart  bool // before the start: the g key starts the game
	canOffer  bool // the game over, the host may offer a rematch with r

	// gen counts the tables the screen has sat at: the updates of a table
	// left for a rematch are still in flight and must not count.
	gen      int
	deadline time.Time  // when the turn timer runs out; zero: no timer
	ticking  bool       // a redraw of the countdown is scheduled
	chat     *chatInput // a line of chat being typed
	rematch  string     // the rematch table's invite link, once offered
	moving   bool       // on the way to the rematch table
	arrival  string     // what moving to the rematch did, told until its game starts
}

type sentAction struct {
	a                   skullking.Action
	round, trick, phase int
}

// Messages the model sends itself.
type (
	updateMsg struct {
		u   Update
		ok  bool
		gen int
	}
	sentMsg struct {
		a   skullking.Action
		err error
	}
	hintMsg struct {
		h   Hint
		err error
	}
	savedMsg struct {
		path string
		err  error
	}
	startedMsg struct{ err error }
	offeredMsg struct{ err error }
)

// New returns the screen for a table.
func New(t Table, cfg Config) *Model {
	m := &Model{table: t, cfg: cfg, w: cfg.Width, h: cfg.Height}
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
	v.WindowTitle = "Skull King"
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
func (m *Model) Current() (skullking.View, bool) { return m.v, m.have }

// Over reports whether the game has ended.
func (m *Model) Over() bool { return m.have && m.v.Phase == skullking.PhaseOver }

// Closed reports whether the table went away, and why if it was lost.
func (m *Model) Closed() (bool, error) { return m.closed, m.closedErr }

// Ready reports whether the person has a decision to make and the screen
// takes it now (nothing in flight).
func (m *Model) Ready() bool {
	return m.have && !m.closed && len(m.v.Legal) > 0 && !m.blocked()
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
	v := &m.v
	if v.Round != s.round || v.TrickNo != s.trick || int(v.Phase) != s.phase {
		return false
	}
	if s.a.Kind == skullking.ActionPlay {
		// Copies of a face are listed once, so look at the hand instead.
		return v.Turn == m.Seat() && slices.Contains(v.Hand, s.a.Card)
	}
	return slices.Contains(v.Legal, s.a)
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
			m.msg = "The table has closed. Press q to leave."
			return m, nil
		}
		if msg.u.Err != nil {
			m.closed, m.closedErr = true, msg.u.Err
			m.msg = "Lost the table: " + msg.u.Err.Error() + ". Press q to leave."
			return m, nil
		}
		if msg.u.Note != "" {
			m.msg, m.canStart, m.canOffer = msg.u.Note, msg.u.CanStart, msg.u.CanOffer
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
			m.msg = "Not sent: " + errorText(msg.err)
		}
	case movedMsg:
		return m, m.moved(msg)
	case sentMsg:
		m.inflight = false
		if msg.err != nil {
			m.sent = nil
			m.msg = errorText(msg.err)
		}
	case hintMsg:
		if msg.err != nil {
			m.msg = "No hint: " + errorText(msg.err)
			break
		}
		m.showHint(msg.h)
	case startedMsg:
		if msg.err != nil {
			m.msg = "Not started: " + errorText(msg.err)
		}
	case offeredMsg:
		if msg.err != nil {
			m.msg = "No rematch: " + errorText(msg.err)
		}
	case savedMsg:
		if msg.err != nil {
			m.msg = "Not saved: " + msg.err.Error()
		} else {
			m.msg = "Saved the game record to " + msg.path
		}
	case tea.KeyPressMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// errorText is an error as a sentence for the person.
func errorText(err error) string {
	var ae *skullking.ActionError
	if errors.As(err, &ae) {
		s := ae.Action.String() + " " + ae.Err.Error()
		if ae.Detail != "" {
			s += ": " + ae.Detail
		}
		return s
	}
	return strings.TrimPrefix(err.Error(), "skullking: ")
}

// onUpdate takes a new view: it notes the trick just completed, opens the
// round's summary when a round is scored, and keeps the choices in range.
func (m *Model) onUpdate(u Update) {
	prev, had := m.v, m.have
	m.v, m.have = u.View, true
	m.updates++
	m.takeDeadline(u)
	v := &m.v
	if u.Trick != nil {
		m.lastTrick, m.lastTrickRound = u.Trick, prev.Round
		if !had {
			m.lastTrickRound = v.Round
		}
	}
	if had && len(v.Results) > len(prev.Results) {
		m.overlay = overlayRound
	}
	if had && v.Round != prev.Round {
		m.bid, m.typed, m.hint = 0, false, nil
	}
	me := m.Seat()
	myTurn := v.Turn == me && v.Phase == skullking.PhasePlaying
	wasMyTurn := had && prev.Turn == me && prev.Phase == skullking.PhasePlaying
	if m.cursor >= len(v.Hand) {
		m.cursor = max(0, len(v.Hand)-1)
	}
	if myTurn && !wasMyTurn {
		// Land on a playable card when the turn comes round.
		if m.cursor >= len(v.Hand) || !m.legalCard(v.Hand[m.cursor]) {
			for i, c := range v.Hand {
				if m.legalCard(c) {
					m.cursor = i
					break
				}
			}
		}
	}
	if !myTurn {
		m.tigress = false
	}
	if v.Pending != skullking.ActionDiscard || v.PendingSeat != me {
		m.marked = m.marked[:0]
	}
	if k := m.choiceKey(); k != m.choiceK {
		m.choiceK = k
		m.choice = m.defaultChoice()
	}
	if m.hint != nil && !slices.Contains(v.Legal, m.hint.Action) {
		m.hint = nil
	}
}

// choiceKey names the choice prompt the view asks for, so a new prompt
// starts at its default.
func (m *Model) choiceKey() string {
	v := &m.v
	if len(v.Legal) == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d/%s/%s", v.Round, v.TrickNo, v.Phase, v.Pending)
}

// defaultChoice is where a choice prompt starts: the neutral option.
func (m *Model) defaultChoice() int {
	for i, a := range m.v.Legal {
		switch a.Kind {
		case skullking.ActionRosie:
			if int(a.Value) == m.v.PendingLeader {
				return i
			}
		case skullking.ActionHarry:
			if a.Value == 0 {
				return i
			}
		}
	}
	return 0
}

// legalCard reports whether the person may play c now. The engine lists
// one of several interchangeable copies (the Escapes, the Mermaids…); any
// copy of a listed special face is as playable.
func (m *Model) legalCard(c skullking.Card) bool {
	for _, a := range m.v.Legal {
		if a.Kind == skullking.ActionPlay && (a.Card == c || sameFace(a.Card, c)) {
			return true
		}
	}
	return false
}

// sameFace reports whether two cards are copies of one special face (two
// Escapes).
func sameFace(a, b skullking.Card) bool {
	return !a.IsNumber() && !b.IsNumber() && a.Kind() == b.Kind()
}

// playFor returns the action playing card c: the card the person chose,
// not the listed copy, so the hand shrinks where they expect.
func (m *Model) playFor(c skullking.Card, as skullking.TigressAs) (skullking.Action, bool) {
	if !m.legalCard(c) {
		return skullking.Action{}, false
	}
	if c == skullking.Tigress {
		return skullking.PlayTigress(m.Seat(), as), true
	}
	return skullking.Play(m.Seat(), c), true
}

// key handles one key press.
func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	s := k.String()
	if m.chat != nil && s != "ctrl+c" {
		return m.chatKey(k) // every other key is text for the line
	}
	switch s {
	case "ctrl+c", "q":
		m.quitting = true
		return tea.Quit
	case "?":
		m.toggle(overlayHelp)
		return nil
	case "s":
		m.toggle(overlaySheet)
		return nil
	case "w":
		return m.save()
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
				m.msg = "Offering a rematch…"
				return func() tea.Msg { return offeredMsg{err: o.OfferRematch()} }
			}
		}
	}
	if s == "g" && !m.have && m.canStart && !m.closed {
		if st, ok := m.table.(Starter); ok {
			m.msg = "Starting the game…"
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
	v := &m.v
	me := m.Seat()
	switch {
	case v.Phase == skullking.PhaseBidding && len(v.Legal) > 0:
		return m.bidKey(s)
	case v.Phase == skullking.PhaseAbility && v.Pending == skullking.ActionDiscard && v.PendingSeat == me:
		return m.discardKey(s)
	case (v.Phase == skullking.PhaseCannon || v.Phase == skullking.PhaseAbility) && len(v.Legal) > 0:
		return m.choiceKeyPress(s)
	}
	return m.playKey(s)
}

func (m *Model) toggle(o overlay) {
	if m.overlay == o {
		m.overlay = overlayNone
	} else {
		m.overlay = o
	}
}

// bidKey handles the bidding keys: digits and arrows choose, Enter confirms.
func (m *Model) bidKey(s string) tea.Cmd {
	cards := m.v.Cards
	switch s {
	case "left", "down":
		m.bid, m.typed = max(0, m.bid-1), false
	case "right", "up":
		m.bid, m.typed = min(cards, m.bid+1), false
	case "enter":
		m.typed = false
		return m.send(skullking.Bid(m.Seat(), m.bid))
	default:
		if len(s) == 1 && s[0] >= '0' && s[0] <= '9' {
			d := int(s[0] - '0')
			switch {
			case m.typed && m.bid*10+d <= cards:
				m.bid = m.bid*10 + d
			case d <= cards:
				m.bid = d
			default:
				m.msg = fmt.Sprintf("%d cards dealt: bid 0 to %d", cards, cards)
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
// cursor (or unmarks it); the last mark sends the discard.
func (m *Model) discardKey(s string) tea.Cmd {
	v := &m.v
	switch s {
	case "left":
		m.moveCursor(-1)
	case "right":
		m.moveCursor(1)
	case "enter", "space":
		if m.cursor >= len(v.Hand) {
			return nil
		}
		c := v.Hand[m.cursor]
		if i := slices.Index(m.marked, c); i >= 0 {
			m.marked = slices.Delete(m.marked, i, i+1)
			return nil
		}
		m.marked = append(m.marked, c)
		if len(m.marked) < v.PendingDraw {
			return nil
		}
		a := skullking.Discard(m.Seat(), m.marked[0], skullking.NoCard)
		if len(m.marked) > 1 {
			a.Card, a.Card2 = min(m.marked[0], m.marked[1]), max(m.marked[0], m.marked[1])
		}
		m.marked = m.marked[:0]
		return m.send(a)
	}
	return nil
}

// playKey handles the hand: arrows move, Enter plays, and the Tigress asks
// how she is declared.
func (m *Model) playKey(s string) tea.Cmd {
	v := &m.v
	if m.tigress {
		switch s {
		case "p", "left":
			m.tigress = false
			return m.send(skullking.PlayTigress(m.Seat(), skullking.AsPirate))
		case "e", "right":
			m.tigress = false
			return m.send(skullking.PlayTigress(m.Seat(), skullking.AsEscape))
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
		c := v.Hand[m.cursor]
		if why := m.whyNot(c); why != "" {
			m.msg = c.NamedCode() + ": " + why
			return nil
		}
		if c == skullking.Tigress {
			m.tigress = true
			return nil
		}
		if a, ok := m.playFor(c, skullking.Undeclared); ok {
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
func (m *Model) send(a skullking.Action) tea.Cmd {
	if m.blocked() || m.closed {
		return nil
	}
	m.msg = ""
	m.hint = nil
	m.inflight = true
	m.sent = &sentAction{a: a, round: m.v.Round, trick: m.v.TrickNo, phase: int(m.v.Phase)}
	t := m.table
	return func() tea.Msg { return sentMsg{a: a, err: t.Send(a)} }
}

// askHint asks the table's adviser, when it has one.
func (m *Model) askHint() tea.Cmd {
	h, ok := m.table.(Hinter)
	switch {
	case m.spectating():
		m.msg = "Spectators get no hints."
		return nil
	case !ok:
		m.msg = "No hints at this table."
		return nil
	}
	if !m.have || len(m.v.Legal) == 0 {
		m.msg = "A hint comes when you have something to decide."
		return nil
	}
	m.msg = "Thinking…"
	return func() tea.Msg {
		hint, err := h.Hint()
		return hintMsg{h: hint, err: err}
	}
}

// showHint puts the hinted choice under the cursor, so Enter takes it.
func (m *Model) showHint(h Hint) {
	m.hint = &h
	m.msg = "Hint: " + actionText(&m.v, h.Action)
	if h.Why != "" {
		m.msg += " — " + h.Why
	}
	a := h.Action
	switch a.Kind {
	case skullking.ActionBid:
		m.bid, m.typed = int(a.Value), false
	case skullking.ActionPlay:
		if i := slices.Index(m.v.Hand, a.Card); i >= 0 {
			m.cursor = i
		}
	case skullking.ActionDiscard:
		if i := slices.Index(m.v.Hand, a.Card); i >= 0 {
			m.cursor = i
		}
	default:
		if i := slices.Index(m.v.Legal, a); i >= 0 {
			m.choice = i
		}
	}
}

// save writes the game record where the configuration says.
func (m *Model) save() tea.Cmd {
	rec, ok := m.table.(Recorder)
	switch {
	case !ok:
		m.msg = "This table cannot write a record."
		return nil
	case m.savePath() == "":
		m.msg = "No file to save to (use --save FILE)."
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
	rec, err := r.Record()
	if err != nil {
		return err
	}
	b, err := rec.Marshal()
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// whyNot says why the person may not play c now, or "" if they may.
func (m *Model) whyNot(c skullking.Card) string {
	v := &m.v
	me := m.Seat()
	switch {
	case v.Phase == skullking.PhaseOver:
		return "the game is over"
	case v.Phase == skullking.PhaseBidding:
		return "bid first: cards are played once every bid is in"
	case v.Phase != skullking.PhasePlaying:
		return "a decision is awaited first"
	case v.Turn != me:
		return "wait for your turn: " + m.name(v.Turn) + " plays now"
	case m.blocked():
		return "your card is on its way"
	case m.legalCard(c):
		return ""
	}
	if l := v.Lead.Suit; l != skullking.NoSuit && c.IsNumber() && c.Suit() != l {
		return "you must follow " + l.String() + " (you hold " + strings.Join(m.suitHeld(l), " ") + ") or play a special card"
	}
	return "not a legal play now"
}

// suitHeld lists the person's cards of suit s.
func (m *Model) suitHeld(s skullking.Suit) []string {
	var out []string
	for _, c := range m.v.Hand {
		if c.Suit() == s {
			out = append(out, c.String())
		}
	}
	return out
}

// name is seat s's name as the screen shows it.
func (m *Model) name(s int) string {
	if s >= 0 && s < len(m.v.Seats) {
		return m.v.Seats[s].Name
	}
	return fmt.Sprintf("seat %d", s)
}

// actionText describes an action for the person: "play Y12", "bid 2",
// "Rosie: Ben leads".
func actionText(v *skullking.View, a skullking.Action) string {
	name := func(s int) string {
		if s >= 0 && s < len(v.Seats) {
			return v.Seats[s].Name
		}
		return fmt.Sprintf("seat %d", s)
	}
	switch a.Kind {
	case skullking.ActionPlay:
		return "play " + a.CardCode(v.Options.PirateAbilities)
	case skullking.ActionRosie:
		return name(int(a.Value)) + " leads next"
	case skullking.ActionBendt:
		if a.Value == 1 {
			return "draw two"
		}
		return "don't draw"
	case skullking.ActionWager:
		return fmt.Sprintf("wager %d", a.Value)
	case skullking.ActionHarry:
		switch {
		case a.Value > 0:
			return "bid +1"
		case a.Value < 0:
			return "bid −1"
		}
		return "keep the bid"
	case skullking.ActionCannon:
		if a.Value == skullking.Cannonball {
			return "cannonball"
		}
		return "grapeshot"
	}
	return a.String()
}
