package sqlstore

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
	"github.com/skullking-go/skullking/internal/store"
)

// An append whose batch PostgreSQL committed but whose answer never came
// back (the connection carried the batch there, and nothing back) is
// ErrOutcomeUnknown, not an error that says nothing was written: the log
// has it. One whose caller's time was up before it was sent is a plain
// error, and nothing lands.
func TestAnAppendWhoseAnswerIsLostMayHaveLanded(t *testing.T) {
	px, url := pgtest.NewProxy(t, pgtest.URL(t))
	s := openThrough(t, url)
	appendOK(t, s, "lost", 1)

	ended, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Append(ended, "lost", testAction(2)); !errors.Is(err, context.Canceled) || errors.Is(err, store.ErrOutcomeUnknown) {
		t.Fatalf("an append past its time says %v, want context.Canceled: not sent", err)
	}

	px.LoseAnswers()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := s.Append(ctx, "lost", testAction(2)); !errors.Is(err, store.ErrOutcomeUnknown) {
		t.Fatalf("the append's answer was lost, and Append says %v, want ErrOutcomeUnknown", err)
	}
	waitLogLength(t, s, "lost", 2) // it did land
	appendOK(t, s, "lost", 3)      // the store goes on
}

// An append cancelled while PostgreSQL still ran it (a trigger holds the
// insert) is ErrOutcomeUnknown too, and this time nothing landed: the
// outcome is the log's to say, either way.
func TestAnAppendCancelledWhileItRanMayNotHaveLanded(t *testing.T) {
	s, err := OpenPostgres(context.Background(), pgtest.URL(t)+"&pool_max_conns=1")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if _, err := s.pool.Exec(ctx, `CREATE FUNCTION hold_insert() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN PERFORM pg_sleep(5); RETURN NULL; END $$`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.Exec(ctx, `CREATE TRIGGER hold_insert AFTER INSERT ON actions FOR EACH ROW
		WHEN (NEW.table_id = 'held' AND NEW.seq = 2) EXECUTE FUNCTION hold_insert()`); err != nil {
		t.Fatal(err)
	}
	appendOK(t, s, "held", 1)
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := s.Append(short, "held", testAction(2)); !errors.Is(err, store.ErrOutcomeUnknown) {
		t.Fatalf("Append says %v, want ErrOutcomeUnknown", err)
	}
	if time.Since(start) > 4*time.Second {
		t.Fatalf("Append took %v: it waited for the trigger", time.Since(start))
	}
	if _, err := s.pool.Exec(ctx, `DROP TRIGGER hold_insert ON actions`); err != nil {
		t.Fatal(err)
	}
	appendOK(t, s, "held", 2) // the seq is free: the cancelled insert did not land
}

// waitLogLength waits for table's log to hold n actions.
func waitLogLength(t *testing.T, s *Postgres, table string, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for got := logLength(t, s, table); got != n; got = logLength(t, s, table) {
		if time.Now().After(deadline) {
			t.Fatalf("the log has %d actions, want %d", got, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func testAction(seq int64) store.Action {
	return store.Action{Seq: seq, At: time.UnixMilli(1_700_000_000_000 + seq), By: "player",
		Action: skullking.Bid(int(seq%4), 1)}
}

func appendOK(t *testing.T, s *Postgres, table string, seq int64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.Append(ctx, table, testAction(seq)); err != nil {
		t.Fatalf("append %d: %v", seq, err)
	}
}

func logLength(t *testing.T, s *Postgres, table string) int {
	t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), `SELECT COUNT(*) FROM actions WHERE table_id = $1`, table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// openThrough opens the store at url (through a proxy) with one
// connection, so that an append uses the connection whose answers the
// proxy loses, and what follows a new one.
func openThrough(t *testing.T, url string) *Postgres {
	t.Helper()
	s, err := OpenPostgres(context.Background(), url+"&pool_max_conns=1")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
