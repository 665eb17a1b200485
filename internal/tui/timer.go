package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// A server table may run a turn timer: when it runs out, a bot decides for
// whoever has not. Its state says when (docs/protocol.md §5, deadline); the
// screen counts the seconds down on the status line so nobody is surprised
// by the bot. The countdown reads the model's clock (Config.Now), so tests
// move time by hand instead of waiting for it.

// timerTick asks the screen to redraw the countdown.
type timerTick struct{}

// now is the model's clock.
func (m *Model) now() time.Time {
	if m.cfg.Now != nil {
		return m.cfg.Now()
	}
	return time.Now()
}

// takeDeadline keeps the deadline of a new view. A deadline further off
// than the timer's length can only be this machine's clock running behind
// the server's, so the countdown starts from the timer's length instead.
func (m *Model) takeDeadline(u Update) {
	m.deadline = u.Deadline
	if m.deadline.IsZero() || u.TurnTime <= 0 {
		return
	}
	if most := m.now().Add(u.TurnTime); m.deadline.After(most) {
		m.deadline = most
	}
}

// timeLeft is how long the timer has to run, rounded up to whole seconds
// (so it shows 0 only once it has run out), and whether one runs.
func (m *Model) timeLeft() (time.Duration, int, bool) {
	if m.deadline.IsZero() || m.closed || !m.have || m.v.Phase == protocol.PhaseOver {
		return 0, 0, false
	}
	left := max(0, m.deadline.Sub(m.now()))
	return left, int((left + time.Second - 1) / time.Second), true
}

// tick schedules the next redraw of the countdown, for when the seconds it
// shows change, unless one is already scheduled or nothing counts down: a
// table without a timer costs no wake-ups at all.
func (m *Model) tick() tea.Cmd {
	left, _, ok := m.timeLeft()
	if m.ticking || !ok || left <= 0 {
		return nil
	}
	m.ticking = true
	wait := left % time.Second
	if wait == 0 {
		wait = time.Second
	}
	return tea.Tick(wait, func(time.Time) tea.Msg { return timerTick{} })
}

// timerText is the countdown for the status line: "12 s left", and for
// whom when it is not the person's own decision; "" without a timer.
func (m *Model) timerText() string {
	_, secs, ok := m.timeLeft()
	if !ok {
		return ""
	}
	s := m.t("tui.timer.left", locale.Args{"Seconds": secs})
	v := m.v
	switch {
	case len(v.Legal) > 0 && !m.blocked():
		if secs <= 10 {
			return styleWarn.Render(s)
		}
		return styleTurn.Render(s)
	case v.Phase == protocol.PhaseAbility && v.Pending != nil && v.Pending.Seat != m.Seat():
		s = m.t("tui.timer.left_for", locale.Args{"Seconds": secs, "Name": m.name(v.Pending.Seat)})
	case v.Phase == protocol.PhasePlaying && v.Turn >= 0 && v.Turn != m.Seat():
		s = m.t("tui.timer.left_for", locale.Args{"Seconds": secs, "Name": m.name(v.Turn)})
	}
	return styleDim.Render(s)
}
