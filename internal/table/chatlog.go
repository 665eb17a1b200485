package table

import (
	"time"

	"github.com/skullking-go/skullking/protocol"
)

// chatLog is a table's latest chat lines, which every welcome carries, so
// that a player whose connection dropped (or who reloaded the page) reads
// what was said meanwhile. It lives in the actor's memory only: chat is
// not part of the game, and keeping it out of the store keeps the log a
// table is rebuilt from to the game's actions.
type chatLog struct {
	lines []protocol.ChatLine // oldest first, at most protocol.ChatHistory
	last  int64               // the latest line's number
}

// add numbers a line and keeps it, dropping the oldest beyond the bound.
// A line's number is the time in milliseconds, or one more than the last
// when the clock has not moved on: numbers grow, and a table loaded again
// after a restart or a move numbers its lines after the ones its clients
// may have been shown (docs/protocol.md, chat).
func (l *chatLog) add(now time.Time, seat int, name, text string) protocol.ChatLine {
	n := max(now.UnixMilli(), l.last+1)
	l.last = n
	line := protocol.ChatLine{Line: n, Seat: seat, Name: name, Text: text}
	if len(l.lines) >= protocol.ChatHistory {
		l.lines = append(l.lines[:0], l.lines[len(l.lines)-protocol.ChatHistory+1:]...)
	}
	l.lines = append(l.lines, line)
	return line
}

// history is a copy of the lines kept, for a welcome.
func (l *chatLog) history() []protocol.ChatLine {
	if len(l.lines) == 0 {
		return nil
	}
	return append([]protocol.ChatLine(nil), l.lines...)
}
