package table

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/pgdb"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/internal/store/sqlstore"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// A node that dies leaves its lease to run out; another node's sweep then
// takes the table over by replaying its log, and not before
// (docs/scaling.md, "One owner per table"). The player comes back with her
// token to the game as it was.
func TestAnOrphanedTableIsTakenOverOnceItsLeaseRunsOut(t *testing.T) {
	s, _ := newStore(t)
	a := NewManager(Config{English: words.English{}, Store: s, Node: "a", BotDelay: -1, Grace: time.Hour})
	id, token, ann := startWithBot(t, a, Settings{})
	ann.next(protocol.TypeState)
	for !ann.actOnLatest() {
		ann.next(protocol.TypeState)
	}
	a.Close()
	_, log, err := s.LoadTable(context.Background(), id)
	if err != nil || len(log) == 0 {
		t.Fatalf("the log before the takeover: %d actions, %v", len(log), err)
	}
	// The node "dead" held the table when it died: its lease runs out later.
	const left = 600 * time.Millisecond
	if _, err := s.AcquireLease(context.Background(), id, "dead", left); err != nil {
		t.Fatal(err)
	}
	expires := time.Now().Add(left)

	// Node b sweeps a third of its lease apart. Its lease is long enough
	// for a busy machine (the race detector, other tests) to renew it in
	// time while the game goes on: at 300 ms, a renewal late by 200 ms let
	// the table go, rightly, and failed the test now and then.
	b := NewManager(Config{English: words.English{}, Store: s, Node: "b", BotDelay: -1, Grace: time.Hour, LeaseTTL: 3 * time.Second})
	t.Cleanup(b.Close)
	deadline := time.Now().Add(10 * time.Second)
	for !b.running(id) {
		if time.Now().After(deadline) {
			t.Fatal("node b did not take the table over within 10s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if time.Now().Before(expires) {
		t.Fatal("node b took the table over while the dead node's lease still ran")
	}
	back := attach(t, b, id, protocol.ClientMsg{Token: token})
	back.next(protocol.TypeWelcome)
	st := back.next(protocol.TypeState)
	if st.Seq < int64(len(log)) {
		t.Fatalf("the taken-over table is at seq %d, its log had %d actions", st.Seq, len(log))
	}
	back.playOn()
}

// onPostgres opens a store on a PostgreSQL schema of the test's own, and
// steal, which hands a table's lease to node b behind its owner's back, as
// a node that took the table over while its owner was paused would hold it.
func onPostgres(t *testing.T) (*sqlstore.Postgres, func(id string)) {
	t.Helper()
	url := pgtest.URL(t)
	s, err := sqlstore.OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	pool, err := pgdb.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return s, func(id string) {
		t.Helper()
		if _, err := pool.Exec(context.Background(), `UPDATE leases SET node = 'b', epoch = epoch + 1 WHERE table_id = $1`, id); err != nil {
			t.Fatal(err)
		}
	}
}

// movedAway waits for the bye that sends c to the table's new server.
func movedAway(t *testing.T, c *testClient) {
	t.Helper()
	bye := c.next(protocol.TypeBye)
	if !bye.Reconnect || !strings.Contains(bye.Reason, "another server") {
		t.Fatalf("bye %+v, want a reconnect to the table's new server", bye)
	}
}

// An owner that was away (a pause, a network split) while another node
// took its table over learns it at its next append, which collides with
// the new owner's on the log's unique key: it answers the action that it
// changed nothing and the client must reconnect (its one answer), stops,
// tells its clients to reconnect, and never plays on beside the new owner.
func TestAStaleOwnerStopsAtItsFirstConflictingAppend(t *testing.T) {
	s, steal := onPostgres(t)
	a := newManager(t, s) // its heartbeat renews every 10s: too late to notice
	id, _, ann := startWithBot(t, a, Settings{})
	st := ann.next(protocol.TypeState)
	for len(st.View.Legal) == 0 {
		st = ann.next(protocol.TypeState)
	}
	// Node b takes the lease and writes the next step of the log.
	steal(id)
	_, log, err := s.LoadTable(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	legal := st.View.Legal[0]
	act, err := protocol.ToAction(&legal, st.View.Seat)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Append(context.Background(), id, store.Action{Seq: int64(len(log) + 1), At: time.Now(), Action: act, By: "player"}); err != nil {
		t.Fatal(err)
	}

	ann.send(protocol.ClientMsg{Type: protocol.TypeAct, Action: &legal})
	refusal := ann.next(protocol.TypeError)
	if refusal.Code != protocol.ErrNoTable || !strings.Contains(refusal.Message, "nothing changed") {
		t.Fatalf("the stale owner answered %+v, want %s saying nothing changed", refusal, protocol.ErrNoTable)
	}
	movedAway(t, ann)
	deadline := time.Now().Add(5 * time.Second)
	for a.running(id) {
		if time.Now().After(deadline) {
			t.Fatal("the stale owner still runs the table")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Another node's sweep never takes a table its creator is still opening:
// the creator holds the lease before the table's row exists.
func TestANewTableIsNeverSweptFromItsCreator(t *testing.T) {
	s, _ := newStore(t)
	a := newManager(t, s)
	b := NewManager(Config{English: words.English{}, Store: s, Node: "b", BotDelay: -1, Grace: time.Hour, LeaseTTL: 30 * time.Millisecond})
	t.Cleanup(b.Close)
	for i := range 60 {
		id, _, _, err := a.Create(context.Background(), CreateRequest{Nickname: "Ann",
			Seats: []SeatSpec{{Kind: "open"}, {Kind: "bot", Level: "random"}}})
		if err != nil {
			t.Fatalf("table %d: %v", i, err)
		}
		if !a.running(id) || b.running(id) {
			t.Fatalf("table %d runs on a: %v, on b: %v; want a alone", i, a.running(id), b.running(id))
		}
	}
}

// A stale owner's change of the table's row (a host's new settings, a
// seat) is refused by the lease it lost, and it stops as after a colliding
// append: it cannot overwrite what the new owner keeps there.
func TestAStaleOwnerCannotChangeTheTableRow(t *testing.T) {
	s, steal := onPostgres(t)
	a := newManager(t, s)
	id, _, ann := lobbyTable(t, a, Settings{})
	steal(id)
	name := "Tortuga"
	ann.send(protocol.ClientMsg{Type: protocol.TypeConfigure, Settings: &protocol.SettingsUpdate{Name: &name}})
	movedAway(t, ann)
	row, _, err := s.LoadTable(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(row.Settings), name) {
		t.Fatalf("the stale owner's settings were saved: %s", row.Settings)
	}
}
