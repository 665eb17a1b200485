package table

import "time"

// PresenceEvery is the least time between two table messages sent for
// arrivals and departures. Telling every connection of every arrival costs
// the table N frames per newcomer, N²/2 for a crowd of N spectators; sent
// at most once an interval, one message carries every arrival of the
// moment and a connection gets at most a few a second, however many come.
// A quarter of a second is too short for people to notice the wait, and
// long enough that a crowd arriving at once is told in a handful of
// messages. The newcomer itself needs no wait: its welcome carries the
// table.
const PresenceEvery = 250 * time.Millisecond

// presenceChanged notes that someone arrived or left. A table quiet for an
// interval tells everyone at once; a busy one waits for the timer
// (presenceDue), which sends the latest presence then.
func (t *Table) presenceChanged() {
	t.tableStale = true
	if !time.Now().Before(t.presenceDue()) {
		t.sendPresence()
	}
}

// presenceDue is when the waiting table message may go out.
func (t *Table) presenceDue() time.Time { return t.tableSent.Add(PresenceEvery) }

// sendPresence sends the table message waiting for presence, to the lobby
// index and to every client — unless it says what the last one said (a
// spectator came and went within the interval).
func (t *Table) sendPresence() { t.tellTable(false) }
