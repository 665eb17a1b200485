// Package tui is the terminal client: a full-screen Skull King table drawn
// with Bubble Tea and Lip Gloss, played with the keyboard only.
//
// The screen knows nothing of where the game runs, and nothing of the
// rules. It talks to a Table (package feed): the local one (package local)
// runs the engine and the bots in-process; a Remote sits at a table of a
// `skullking serve` server through the client package. Either way the
// screen draws only what the seat's protocol.View says — the legal
// actions, each card's refusal, the trick completed with its reason, the
// round's score part by part — in the words of words.Words and with the
// cards of protocol.Cards. So it cannot show more than the seat may know,
// enables exactly the actions the view lists, and works no rule out again.
package tui

import (
	"github.com/skullking-go/skullking/internal/tui/feed"
)

// The screen's vocabulary is package feed's.
type (
	// Table is a game table as the person's seat sees it.
	Table = feed.Table
	// Update is one change of the game as the seat sees it.
	Update = feed.Update
	// Hint is a suggested action and why.
	Hint = feed.Hint
)

// ErrClosed is returned by a table's methods once it is closed.
var ErrClosed = feed.ErrClosed

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
	Record() ([]byte, error)
}
