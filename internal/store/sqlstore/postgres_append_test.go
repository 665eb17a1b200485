package sqlstore

import (
	"context"
	"errors"
	"io"
	"net"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
	"github.com/skullking-go/skullking/internal/store"
)

// An append whose batch PostgreSQL committed but whose answer never came
// back (the connection carried the batch there, and nothing back) is
// reported as written: the log has it, and a player told "nothing changed"
// would see it in the game after the next reload.
func TestAnAppendWhoseAnswerIsLostButLandedIsWritten(t *testing.T) {
	px := newReplyCutter(t, pgtest.URL(t))
	s := openThrough(t, px)
	appendOK(t, s, "lost", 1)

	px.cutReplies()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := s.Append(ctx, "lost", testAction(2)); err != nil {
		t.Fatalf("the append landed, but Append says %v", err)
	}
	if n := logLength(t, s, "lost"); n != 2 {
		t.Fatalf("the log has %d actions, want 2", n)
	}
	appendOK(t, s, "lost", 3) // the store goes on
}

// An append cancelled while PostgreSQL still ran it (a trigger holds the
// insert) is reported as not written, and stays unwritten: Append learns
// its outcome once the server process that ran it has ended.
func TestAnAppendCancelledWhileItRanIsNotWritten(t *testing.T) {
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
	err = s.Append(short, "held", testAction(2))
	if err == nil || errors.Is(err, store.ErrOutcomeUnknown) || errors.Is(err, store.ErrConflict) {
		t.Fatalf("Append says %v, want the deadline's error: nothing written", err)
	}
	if time.Since(start) > 4*time.Second {
		t.Fatalf("Append took %v: it waited for the trigger rather than cancel it", time.Since(start))
	}
	time.Sleep(time.Second)
	if n := logLength(t, s, "held"); n != 1 {
		t.Fatalf("the log has %d actions, want 1", n)
	}
	if _, err := s.pool.Exec(ctx, `DROP TRIGGER hold_insert ON actions`); err != nil {
		t.Fatal(err)
	}
	appendOK(t, s, "held", 2) // the seq is free
}

// An append whose answer is lost while the log cannot be read either is
// ErrOutcomeUnknown: the store does not guess.
func TestAnAppendWhoseOutcomeCannotBeLearnedSaysSo(t *testing.T) {
	px := newReplyCutter(t, pgtest.URL(t))
	s := openThrough(t, px)
	appendOK(t, s, "dark", 1)

	px.cutReplies()
	px.refuse(true)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	err := s.Append(ctx, "dark", testAction(2))
	if !errors.Is(err, store.ErrOutcomeUnknown) {
		t.Fatalf("Append says %v, want ErrOutcomeUnknown", err)
	}
	px.refuse(false)
	if n := logLength(t, s, "dark"); n != 2 {
		t.Fatalf("the log has %d actions, want 2 (the batch did land)", n)
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

// openThrough opens the store through px with one connection, so that an
// append uses the connection whose replies px cut and the settling that
// follows a new one.
func openThrough(t *testing.T, px *replyCutter) *Postgres {
	t.Helper()
	s, err := OpenPostgres(context.Background(), px.url+"&pool_max_conns=1")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// replyCutter is a TCP proxy in front of the test cluster that can stop
// passing the server's bytes back on the connections open at that moment
// (a network that lost the answer), or refuse new connections.
type replyCutter struct {
	url     string
	target  string
	ln      net.Listener
	refused atomic.Bool

	mu   sync.Mutex
	open map[*atomic.Bool]bool // each open connection's cut
}

func newReplyCutter(t *testing.T, base string) *replyCutter {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	px := &replyCutter{target: u.Host, ln: ln, open: map[*atomic.Bool]bool{}}
	u.Host = ln.Addr().String()
	px.url = u.String()
	go px.serve()
	t.Cleanup(func() { ln.Close() })
	return px
}

func (px *replyCutter) serve() {
	for {
		c, err := px.ln.Accept()
		if err != nil {
			return
		}
		if px.refused.Load() {
			c.Close()
			continue
		}
		s, err := net.Dial("tcp", px.target)
		if err != nil {
			c.Close()
			continue
		}
		cut := &atomic.Bool{}
		px.mu.Lock()
		px.open[cut] = true
		px.mu.Unlock()
		go func() {
			_, _ = io.Copy(s, c)
			s.Close()
		}()
		go func() {
			buf := make([]byte, 32<<10)
			for {
				n, err := s.Read(buf)
				if n > 0 && !cut.Load() {
					if _, werr := c.Write(buf[:n]); werr != nil {
						break
					}
				}
				if err != nil {
					break
				}
			}
			c.Close()
			px.mu.Lock()
			delete(px.open, cut)
			px.mu.Unlock()
		}()
	}
}

// cutReplies stops the server's bytes on every connection open now.
func (px *replyCutter) cutReplies() {
	px.mu.Lock()
	defer px.mu.Unlock()
	for cut := range px.open {
		cut.Store(true)
	}
}

// refuse closes new connections at once while on.
func (px *replyCutter) refuse(on bool) { px.refused.Store(on) }
