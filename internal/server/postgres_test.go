package server_test

import (
	"context"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/internal/store/sqlstore"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// TestPostgresOutage stops PostgreSQL under a running server: an action is
// refused with "try again" and acknowledged to no one, and once the
// database is back the next action is accepted without a restart of the
// server (the pool dials again by itself). The stored log holds exactly the
// acknowledged actions.
func TestPostgresOutage(t *testing.T) {
	pg := pgtest.NewCluster(t) // its own: the shared cluster serves other tests meanwhile
	ts := testserver.Start(t, "--store", pg.URL)
	id, sat, _, _ := seatGame(t, ts, 2, nil, testserver.Settings(1))
	ann, ben := sat[0], sat[1]
	legal := func(s *seat) protocol.Action {
		t.Helper()
		ready := func(client.Event) bool { return s.last != nil && len(s.last.View.Legal) > 0 && !s.conn.Stale(s.lastEv) }
		if !ready(client.Event{}) {
			s.until("a legal action", ready)
		}
		return s.last.View.Legal[0]
	}
	a := legal(ann)
	if ack, err := ann.request(protocol.ClientMsg{Type: protocol.TypeAct, Action: &a}); err != nil || ack.Seq != 1 {
		t.Fatalf("Ann's bid before the outage: %+v %v", ack, err)
	}
	b := legal(ben)

	pg.Stop()
	_, err := ben.request(protocol.ClientMsg{Type: protocol.TypeAct, Action: &b})
	if code(err) != protocol.ErrInternal || !strings.Contains(err.Error(), "try again") {
		t.Fatalf("Ben's bid with the database down: %v, want %s saying try again", err, protocol.ErrInternal)
	}
	ann.drain()
	if ann.seq() != 1 {
		t.Fatalf("Ann sees seq %d after the refused bid, want 1: an action nobody stored went out", ann.seq())
	}

	pg.Start()
	ack, err := ben.request(protocol.ClientMsg{Type: protocol.TypeAct, Action: &b})
	if err != nil || ack.Seq != 2 {
		t.Fatalf("Ben's bid once the database is back: %+v %v, want it accepted at seq 2", ack, err)
	}

	log := storedLog(t, pg.URL, id)
	if len(log) != 2 || log[0].Action.Seat != 0 || log[1].Action.Seat != 1 {
		t.Fatalf("stored log %+v, want Ann's bid then Ben's", log)
	}
}

// storedLog reads table id's action log from the PostgreSQL at dbURL as
// the store keeps it, past any server's memory.
func storedLog(t *testing.T, dbURL, id string) []store.Action {
	t.Helper()
	st, err := sqlstore.OpenPostgres(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, log, err := st.LoadTable(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return log
}
