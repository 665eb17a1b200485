package tui

import (
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skullking-go/skullking/locale"
)

// Leaving a game in progress is asked about first: q is next to keys a
// player presses all the time. At a table on this machine the game is lost
// on leaving, so the question offers to save its record first; at a
// server's table the seat stays the person's and the server's bot plays it
// until they come back, which the question says. Nothing is asked when
// nothing is lost: a game over, a table gone, a game not yet begun, a
// spectator's place.

// inviter is a table that has an invite link to come back by: a server's.
type inviter interface{ Invite() string }

// inGame reports whether leaving now leaves a game the person plays.
func (m *Model) inGame() bool {
	return m.have && !m.closed && !m.Over() && !m.spectating()
}

// askQuit quits, or asks first in a game in progress.
func (m *Model) askQuit() tea.Cmd {
	if !m.inGame() {
		m.quitting = true
		return tea.Quit
	}
	m.asking, m.chat = true, nil
	return nil
}

// canSaveNow reports whether s in the question saves the game: a table on
// this machine writes a running game's record; a server keeps it to itself
// until the game is over (it would show every hand).
func (m *Model) canSaveNow() bool {
	_, rec := m.table.(Recorder)
	_, server := m.table.(Chatter)
	return rec && !server && m.savePath() != ""
}

// quitKey answers the question: y (or a second ctrl+c) quits, s saves the
// record and quits, n or Esc goes back to the game.
func (m *Model) quitKey(s string) tea.Cmd {
	switch s {
	case "y", "ctrl+c":
		m.asking, m.quitting = false, true
		return tea.Quit
	case "s":
		if !m.canSaveNow() {
			return nil
		}
		rec := m.table.(Recorder)
		path := m.savePath()
		m.msg = m.t("tui.save.saving", locale.Args{"Path": path})
		return func() tea.Msg { return savedMsg{path: path, err: SaveRecord(rec, path), quit: true} }
	case "n", "esc":
		m.asking = false
	}
	return nil
}

// quitLines are the question and its keys, in place of the keys line.
func (m *Model) quitLines() []string {
	question := m.t("tui.quit.ask", nil)
	keys := m.t("tui.quit.keys", nil)
	if m.canSaveNow() {
		question = m.t("tui.quit.ask_save", locale.Args{"Path": m.savePath()})
		keys = m.t("tui.quit.keys_save", nil)
	}
	if _, server := m.table.(Chatter); server {
		question = m.t("tui.quit.leave", nil)
		if in, ok := m.table.(inviter); ok {
			question = m.t("tui.quit.leave_invite", locale.Args{"Command": "skullking play --join " + in.Invite()})
		}
		keys = m.t("tui.quit.keys_leave", nil)
	}
	lines := wrap(styleWarn.Render(" "+question), m.w-1, "  ")
	return append(lines, styleTurn.Render(ansi.Truncate(" "+keys, m.w-1, "…")))
}
