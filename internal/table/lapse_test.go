package table

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// cutStore is a store this node can be cut off from: while cut, every
// write and every lease request fails at once, as with a database out of
// reach, while the database itself keeps what it has (the lease row
// included) for the test to look at.
type cutStore struct {
	store.Store
	cut atomic.Bool
}

var errCut = errors.New("test: the database is out of reach")

func (s *cutStore) Append(ctx context.Context, table string, actions ...store.Action) error {
	if s.cut.Load() {
		return errCut
	}
	return s.Store.Append(ctx, table, actions...)
}

func (s *cutStore) SaveTable(ctx context.Context, t *store.Table, l store.Lease) error {
	if s.cut.Load() {
		return errCut
	}
	return s.Store.SaveTable(ctx, t, l)
}

func (s *cutStore) RenewLease(ctx context.Context, l store.Lease, ttl time.Duration) (store.Lease, error) {
	if s.cut.Load() {
		return store.Lease{}, errCut
	}
	return s.Store.RenewLease(ctx, l, ttl)
}

func (s *cutStore) RenewLeases(ctx context.Context, node string, ttl time.Duration) ([]string, error) {
	if s.cut.Load() {
		return nil, errCut
	}
	return s.Store.RenewLeases(ctx, node, ttl)
}

func (s *cutStore) ReleaseLease(ctx context.Context, l store.Lease) error {
	if s.cut.Load() {
		return errCut
	}
	return s.Store.ReleaseLease(ctx, l)
}

// twoPlayers starts a game of two people, Ann and Ben, and returns the
// table, Ann's token and Ann, once she may bid: no bot acts, so every
// action is the test's own.
func twoPlayers(t *testing.T, m *Manager) (string, string, *testClient) {
	t.Helper()
	ctx := context.Background()
	id, _, token, err := m.Create(ctx, CreateRequest{Nickname: "Ann", Seats: []SeatSpec{{Kind: "open"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if joined, err := m.Request(ctx, id, protocol.ClientMsg{Type: protocol.TypeJoin, Name: "Ben"}); err != nil || joined.Type != protocol.TypeJoined {
		t.Fatalf("Ben's join: %+v %v", joined, err)
	}
	ann := attach(t, m, id, protocol.ClientMsg{Token: token})
	ann.next(protocol.TypeWelcome)
	ann.send(protocol.ClientMsg{Type: protocol.TypeStart})
	for ann.last == nil || len(ann.last.View.Legal) == 0 {
		ann.next(protocol.TypeState)
	}
	return id, token, ann
}

// answers reads c's frames until the bye that ends the table, and gathers
// the answers to each of c's messages from message from on.
func answers(c *testClient, from int64) map[int64][]protocol.ServerMsg {
	c.t.Helper()
	out := map[int64][]protocol.ServerMsg{}
	for {
		f := c.next(protocol.TypeAck, protocol.TypeError, protocol.TypeBye)
		if f.Type == protocol.TypeBye {
			if !f.Reconnect || !strings.Contains(f.Reason, "another server") {
				c.t.Fatalf("bye %+v, want a reconnect to wherever the table runs next", f)
			}
			return out
		}
		if f.ID >= from {
			out[f.ID] = append(out[f.ID], f)
		}
	}
}

// A node that can no longer renew its leases (the database out of reach)
// lets its tables go before their leases lapse, so that no other node can
// take one over while it still answers the table's clients: each action
// sent meanwhile is answered once, refused, and none is stored.
func TestATableLetsGoBeforeItsLeaseLapses(t *testing.T) {
	s, _ := newStore(t)
	cs := &cutStore{Store: s}
	m := NewManager(Config{English: words.English{}, Store: cs, BotDelay: -1, Grace: time.Hour, LeaseTTL: 3 * time.Second})
	t.Cleanup(m.Close)
	id, token, ann := twoPlayers(t, m)
	bid := ann.last.View.Legal[0]

	cs.cut.Store(true)
	deadline := time.Now().Add(10 * time.Second)
	for done := false; !done; {
		if time.Now().After(deadline) {
			t.Fatal("the table still runs 10s after its store went out of reach")
		}
		ann.nextID++
		msg := ann.nextID
		err := m.Bus().SendWait(context.Background(), id, Intent{Kind: IntentMsg, Client: ann.id,
			Msg: protocol.ClientMsg{Type: protocol.TypeAct, ID: msg, Action: &bid}, At: time.Now()})
		if errors.Is(err, ErrNoTable) {
			// Let go between two bids, each answered: the bye says so.
			if rest := answers(ann, msg); len(rest) != 0 {
				t.Fatalf("after the table let go, more answers: %+v", rest)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		f := ann.next(protocol.TypeError, protocol.TypeBye)
		switch {
		case f.Type == protocol.TypeBye:
			t.Fatalf("the table let go without answering message %d", msg)
		case f.ID != msg:
			t.Fatalf("an answer to message %d while %d waits: %+v", f.ID, msg, f)
		case f.Code == protocol.ErrInternal && strings.Contains(f.Message, "nothing changed"):
			// Refused while the lease held: the same bid again.
		case f.Code == protocol.ErrNoTable && strings.Contains(f.Message, "nothing changed"):
			done = true
			if rest := answers(ann, msg); len(rest) != 0 {
				t.Fatalf("after the table let go, more answers: %+v", rest)
			}
		default:
			t.Fatalf("the bid with the database out of reach: %+v", f)
		}
	}
	// It let go with time to spare (it asks itself at half the lease, and
	// lets go if it cannot renew): the lease in the store still runs, and
	// no other node could take the table yet.
	if _, err := s.AcquireLease(context.Background(), id, "other", time.Minute); !errors.Is(err, store.ErrLeased) {
		t.Fatalf("another node took the table as soon as this one let it go: %v, want ErrLeased", err)
	}
	if m.running(id) {
		t.Fatal("the table still runs here")
	}
	if _, log, err := s.LoadTable(context.Background(), id); err != nil || len(log) != 0 {
		t.Fatalf("the log holds %d actions (%v), want none: every bid was refused", len(log), err)
	}

	// Once the store answers again, the table runs here again where it was.
	cs.cut.Store(false)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := m.Ensure(ctx, id); err != nil {
		t.Fatal(err)
	}
	back := attach(t, m, id, protocol.ClientMsg{Token: token})
	if w := back.next(protocol.TypeWelcome); w.Table == nil || w.Table.Status != protocol.StatusPlaying {
		t.Fatalf("welcome %+v, want the game under way", w)
	}
}

// A table whose lease may have lapsed, as this node sees it, does not
// append: it answers the action, once, that nothing changed and the
// client must reconnect, and lets the table go.
func TestNoAppendUnderALeaseThatMayHaveLapsed(t *testing.T) {
	s, _ := newStore(t)
	m := newManager(t, s) // its heartbeat renews every 10s: not during the test
	id, _, ann := twoPlayers(t, m)
	m.mu.Lock()
	tab := m.tables[id]
	m.mu.Unlock()
	// The lease ran out a moment ago, as far as this node knows (the
	// heartbeat failed, the actor was busy): the store would say
	// otherwise, but the table must not count on it.
	tab.leaseUntil.Store(int64(time.Since(m.born) - time.Millisecond))
	bid := ann.last.View.Legal[0]
	sent := ann.send(protocol.ClientMsg{Type: protocol.TypeAct, Action: &bid})
	got := answers(ann, sent)
	if len(got) != 1 || len(got[sent]) != 1 {
		t.Fatalf("answers %+v, want one to message %d", got, sent)
	}
	if f := got[sent][0]; f.Type != protocol.TypeError || f.Code != protocol.ErrNoTable || !strings.Contains(f.Message, "nothing changed") {
		t.Fatalf("the bid under a lapsed lease: %+v, want %s saying nothing changed", f, protocol.ErrNoTable)
	}
	if _, log, err := s.LoadTable(context.Background(), id); err != nil || len(log) != 0 {
		t.Fatalf("the log holds %d actions (%v), want none", len(log), err)
	}
}

// unsureStore writes the next append it is told to, then says that its
// outcome is unknown, as PostgreSQL's store does when a batch's answer is
// lost.
type unsureStore struct {
	store.Store
	unsure atomic.Bool
}

func (s *unsureStore) Append(ctx context.Context, table string, actions ...store.Action) error {
	if !s.unsure.CompareAndSwap(true, false) {
		return s.Store.Append(ctx, table, actions...)
	}
	if err := s.Store.Append(ctx, table, actions...); err != nil {
		return err
	}
	return fmt.Errorf("test: the answer was lost: %w", store.ErrOutcomeUnknown)
}

// An append whose outcome the store cannot learn is neither acknowledged
// nor told as "nothing changed": its player hears that the save may or
// may not have held, the table is let go, and where it runs next it is
// what its log says. Here the bid landed, and the game has it.
func TestAnAppendOfUnknownOutcomeLoadsTheTableFromItsLog(t *testing.T) {
	s, _ := newStore(t)
	us := &unsureStore{Store: s}
	m := NewManager(Config{English: words.English{}, Store: us, BotDelay: -1, Grace: time.Hour})
	t.Cleanup(m.Close)
	id, token, ann := twoPlayers(t, m)
	bid := ann.last.View.Legal[0]

	us.unsure.Store(true)
	sent := ann.send(protocol.ClientMsg{Type: protocol.TypeAct, Action: &bid})
	got := answers(ann, sent)
	if len(got) != 1 || len(got[sent]) != 1 {
		t.Fatalf("answers %+v, want one to message %d", got, sent)
	}
	want := words.English{}.Problem(protocol.NewProblem(protocol.ProblemMovedSaving))
	if f := got[sent][0]; f.Type != protocol.TypeError || f.Code != protocol.ErrNoTable || f.Message != want {
		t.Fatalf("the bid of unknown outcome: %+v, want %s saying %q", f, protocol.ErrNoTable, want)
	}
	if m.running(id) {
		t.Fatal("the table still runs on the game it had before the append")
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := m.Ensure(ctx, id); err != nil {
		t.Fatal(err)
	}
	back := attach(t, m, id, protocol.ClientMsg{Token: token})
	back.next(protocol.TypeWelcome)
	st := back.next(protocol.TypeState)
	if st.View == nil || len(st.View.Legal) != 0 {
		t.Fatalf("back at the table, Ann may still %+v: the log's bid is not in the game", st.View)
	}
	if _, log, err := s.LoadTable(ctx, id); err != nil || len(log) != 1 || log[0].By != "player" {
		t.Fatalf("the log holds %+v (%v), want Ann's bid", log, err)
	}
}
