// Package feed is what passes between the terminal's screen (package tui)
// and a table it sits at: the Table interface, the Updates a table feeds the
// screen, the hints it gives and the refusals it answers with, all in the
// vocabulary of package protocol. A table on this machine (package local)
// and a table at a server (the client package, through tui.Remote) both
// speak it, so the screen draws either the same way, from the view alone.
package feed

import (
	"errors"
	"time"

	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// Table is a game table as the person's seat sees it.
type Table interface {
	// Seat is the person's seat; a spectator's is −1.
	Seat() int
	// Updates delivers every change of the game as the seat sees it, in
	// order, starting with the current state. It is closed when the table
	// goes away.
	Updates() <-chan Update
	// Send submits one of the person's actions and reports a refusal: a
	// *RefusedError when the rules refuse it.
	Send(a protocol.Action) error
	// Close leaves the table.
	Close() error
}

// Update is one change of the game as the seat sees it.
type Update struct {
	// View is the seat's view of the game; nil in an update that only
	// carries a note or an error.
	View *protocol.View
	// Rules, with a View, are the table's rules in one line, in the
	// screen's language (words.RulesSummary).
	Rules string
	// Err reports that the table was lost for good (a server table gave
	// the seat away; a dropped connection is only a Note while it is
	// dialled again).
	Err error
	// Note, when set, is a line for the status bar: a server table says
	// here that it is reconnecting, what the server said on its own, or
	// whom the table waits for before the game starts.
	Note string
	// CanStart, with a Note, says the person may start the game now (the
	// host of a server table before the start).
	CanStart bool
	// CanOffer, with a Note, says the person hosts a server table whose
	// game is over and may offer a rematch.
	CanOffer bool
	// Rematch, with a Note, is the invite link of the rematch table the
	// host offers once the game is over.
	Rematch string
	// Chat, when set, is a line said at the table (without a View): the
	// screen keeps it in the chat's history, apart from the status line.
	Chat *Chat
	// Deadline, with a View, is when the turn timer runs out for the seats
	// still to decide; zero when no timer runs. TurnTime is the timer's
	// length: no countdown shows more, whatever this machine's clock says
	// against the server's.
	Deadline time.Time
	TurnTime time.Duration
}

// Chat is a line said at a table: the speaker's seat (−1 for a
// spectator), name and words, cleaned for the screen.
type Chat struct {
	Seat       int
	Name, Text string
}

// Hint is a suggested action, one of the seat's legal ones, and, when the
// adviser gives one, why.
type Hint struct {
	Action protocol.Action
	Why    string
}

// RefusedError is the rules' refusal of an action: the engine's reason as a
// code with its facts, for the screen to word (words.Words.Refusal).
type RefusedError struct {
	Refusal *protocol.Refusal
}

func (e *RefusedError) Error() string {
	return words.Words{You: e.Refusal.Seat}.Refusal(e.Refusal)
}

// ErrNoAdvice is a table's answer to a hint it has none for: nothing to
// decide, or no advice the rules allow.
var ErrNoAdvice = errors.New("no advice now")

// ErrClosed is returned by a table's methods once it is closed.
var ErrClosed = errors.New("the table is closed")
