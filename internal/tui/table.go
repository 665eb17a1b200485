// Package tui is the terminal client: a full-screen Skull King table drawn
// with Bubble Tea and Lip Gloss, played with the keyboard only.
//
// The screen knows nothing of where the game runs. It talks to a Table: the
// local one (NewLocal) runs the engine and the bots in-process; a remote one
// sits at a table of a `skullking serve` server. Either way the screen
// draws only what the seat's skullking.View says, so it cannot show more than
// the seat may know, and it enables exactly the actions the view lists as
// legal.
package tui

import (
	"errors"
	"time"

	"github.com/skullking-go/skullking"
)

// Table is a game table as the person's seat sees it.
type Table interface {
	// Seat is the person's seat.
	Seat() int
	// Updates delivers every change of the game as the seat sees it, in
	// order, starting with the current state. It is closed when the table
	// goes away.
	Updates() <-chan Update
	// Send submits one of the person's legal actions and reports a refusal.
	Send(a skullking.Action) error
	// Close leaves the table.
	Close() error
}

// Update is one change of the game as the seat sees it.
type Update struct {
	View skullking.View
	// Trick is the trick this change completed, if it did. The view has
	// already moved on to the next trick or round, so without it the screen
	// could never show a trick's last card or why the trick went as it did.
	Trick *skullking.TrickLog
	// Err reports that the table was lost for good (a server table gave
	// the seat away; a dropped connection is only a Note while it is
	// dialled again); View is then the zero value.
	Err error
	// Note, when set, is a line for the status bar and the update carries
	// no view: a server table says here that it is reconnecting, what the
	// server said on its own, or whom the table waits for before the game
	// starts.
	Note string
	// CanStart, with a Note, says the person may start the game now (the
	// host of a server table before the start): the g key asks the table
	// to, through Starter.
	CanStart bool
	// CanOffer, with a Note, says the person hosts a server table whose
	// game is over and may offer a rematch: the r key asks, through
	// Offerer.
	CanOffer bool
	// Rematch, with a Note, is the invite link of the rematch table the
	// host offers once the game is over: the r key moves there, through
	// Rematcher.
	Rematch string
	// Deadline, with a View, is when the turn timer runs out for the seats
	// still to decide; zero when no timer runs. TurnTime is the timer's
	// length: no countdown shows more, whatever this machine's clock says
	// against the server's.
	Deadline time.Time
	TurnTime time.Duration
}

// Starter is a table whose game the person may start: a server table they
// host.
type Starter interface {
	Start() error
}

// Offerer is a table whose host may offer everyone a rematch once the
// game is over: a new table with the same seats and rules.
type Offerer interface {
	OfferRematch() error
}

// Hinter is a table that can suggest the person's next action.
type Hinter interface {
	Hint() (Hint, error)
}

// Hint is a suggested action and, when the adviser gives one, why.
type Hint struct {
	Action skullking.Action
	Why    string
}

// Chatter is a table whose people can talk: a server table. Chat says a
// line to everyone there.
type Chatter interface {
	Chat(text string) error
}

// Rematcher is a table that can take the person on to the rematch its host
// offered, without leaving the program: Rematch returns the new table,
// joined, and the screen leaves the old one.
type Rematcher interface {
	Rematch() (Table, error)
}

// Recorder is a table that can write its game as a record (docs/record.md).
type Recorder interface {
	Record() (*skullking.Record, error)
}

// ErrClosed is returned by a table's methods once it is closed.
var ErrClosed = errors.New("tui: the table is closed")
