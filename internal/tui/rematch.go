package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/skullking-go/skullking/locale"
)

// Once a server game is over its host may offer a rematch: a new table
// with the same seats, where every person's token takes the same seat
// (docs/protocol.md §1). The r key goes there without leaving the program:
// the screen joins the new table, then lets the old one go. A spectator
// goes on watching there.

// errNoRematch is Rematch's answer before the host has offered one.
var errNoRematch error = screenError("tui.error.no_rematch")

// movedMsg reports the move to the rematch table.
type movedMsg struct {
	t     Table
	err   error
	saved string // where the finished game's record was written first
	// saveErr is why it was not, when it should have been.
	saveErr error
}

// moveToRematch joins the rematch table, after saving the finished game's
// record when the configuration asks for every game's.
func (m *Model) moveToRematch() tea.Cmd {
	mover, ok := m.table.(Rematcher)
	if !ok || m.moving {
		return nil
	}
	m.moving = true
	m.msg = m.t("tui.rematch.moving", nil)
	old, path := m.table, ""
	if m.cfg.SaveOnMove {
		path = m.savePath()
	}
	return func() tea.Msg {
		var out movedMsg
		if rec, ok := old.(Recorder); ok && path != "" {
			if out.saveErr = SaveRecord(rec, path); out.saveErr == nil {
				out.saved = path
			}
		}
		out.t, out.err = mover.Rematch()
		return out
	}
}

// moved takes the person to the new table: a fresh screen on it, the old
// table closed behind them.
func (m *Model) moved(msg movedMsg) tea.Cmd {
	m.moving = false
	note := ""
	switch {
	case msg.saved != "":
		note = " " + m.t("tui.rematch.saved", locale.Args{"Path": msg.saved})
	case msg.saveErr != nil:
		note = " " + m.t("tui.rematch.not_saved", locale.Args{"Error": msg.saveErr.Error()})
	}
	if msg.err != nil {
		m.msg = m.t("tui.rematch.failed", locale.Args{"Error": m.errorText(msg.err)}) + note
		return nil
	}
	old, w, h := m.table, m.w, m.h
	gen := m.gen + 1
	*m = *New(msg.t, m.cfg)
	m.w, m.h, m.gen, m.arrival = w, h, gen, m.t("tui.rematch.arrived", nil)+note
	return tea.Batch(m.listen(), func() tea.Msg {
		old.Close()
		return nil
	})
}

// Rematch joins the rematch table the host offered, with this seat's
// token, which takes the same seat there; a spectator watches it. The
// returned table is a new one: closing this one is the caller's business.
func (r *Remote) Rematch() (Table, error) {
	r.mu.Lock()
	id := r.rematch
	r.mu.Unlock()
	if id == "" {
		return nil, errNoRematch
	}
	cfg := r.cfg
	cfg.Table = id
	var seat *savedSeat
	if !cfg.Spectate {
		// The token in hand, not only the one in the token file: a run
		// that keeps no file still takes its seat.
		seat = &savedSeat{Token: r.conn.Token(), Seat: r.Seat(), Name: r.name}
	}
	ctx, cancel := context.WithTimeout(r.ctx, 30*time.Second)
	defer cancel()
	nr, err := joinRemote(ctx, cfg, seat)
	if err != nil {
		return nil, err
	}
	return nr, nil
}
