package localtable

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// device is what a page keeps of its tables: the changes a host hands
// it, applied as the page applies them.
type device struct {
	mu    sync.Mutex
	kept  map[string]*Saved
	order []string
}

func (d *device) keep(c Change) {
	d.mu.Lock()
	defer d.mu.Unlock()
	s := d.kept[c.Table]
	if s == nil {
		s = &Saved{}
		d.kept[c.Table] = s
		d.order = append(d.order, c.Table)
	}
	if c.Row != nil {
		s.Row = c.Row
	}
	s.Log = append(s.Log, c.Append...)
	if len(c.Record) > 0 {
		s.Record = c.Record
	}
}

func (d *device) saved(t *testing.T, id string) []byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	b, err := json.Marshal(d.kept[id])
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// client is the person's line to a table, reading its frames in order.
type client struct {
	conn   *Conn
	frames chan protocol.ServerMsg
	nextID int64
}

func dial(t *testing.T, h *Host, id, token string) *client {
	c := &client{frames: make(chan protocol.ServerMsg, 1024)}
	c.conn = h.Dial(id, func(data []byte, _ bool) {
		m, err := protocol.DecodeServer(data)
		if err != nil {
			t.Errorf("a frame the client cannot read: %v\n%s", err, data)
			return
		}
		c.frames <- m
	})
	t.Cleanup(c.conn.Close)
	c.send(t, protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: token})
	return c
}

// send sends m under a new id, which it returns.
func (c *client) send(t *testing.T, m protocol.ClientMsg) int64 {
	t.Helper()
	c.nextID++
	m.ID = c.nextID
	b, err := protocol.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	c.conn.Send(b)
	return m.ID
}

// playUntil answers every decision of the person with its first legal
// action until stop says the state is far enough, and returns that state.
// While an action waits for its answer, the states that come (a bot's bid
// beside the person's, sent before the person's is applied) still list
// the person's decision: the client acts again only once the action is
// acknowledged, on the newest state, which the table sends before the
// acknowledgement.
func (c *client) playUntil(t *testing.T, stop func(protocol.ServerMsg) bool) protocol.ServerMsg {
	t.Helper()
	deadline := time.After(2 * time.Minute)
	acted, waiting := int64(-1), int64(0)
	var latest *protocol.ServerMsg
	act := func(m protocol.ServerMsg) {
		if len(m.View.Legal) > 0 && m.Seq != acted {
			acted = m.Seq
			waiting = c.send(t, protocol.ClientMsg{Type: protocol.TypeAct, Action: &m.View.Legal[0]})
		}
	}
	for {
		select {
		case m := <-c.frames:
			switch m.Type {
			case protocol.TypeError:
				t.Fatalf("refused: %s %v", m.Code, m.Problem)
			case protocol.TypeAck:
				if m.ID == waiting {
					waiting = 0
					if latest != nil && latest.Seq >= m.Seq {
						act(*latest)
					}
				}
			case protocol.TypeState:
				if stop(m) {
					return m
				}
				latest = &m
				if waiting == 0 {
					act(m)
				}
			}
		case <-deadline:
			t.Fatal("the game did not get there in time")
		}
	}
}

func createBody(t *testing.T) []byte {
	o := skullking.DefaultOptions()
	o.Kraken, o.WhiteWhale, o.PirateAbilities, o.Loot = true, true, true, true
	settings := table.DefaultSettings()
	settings.Options = o
	b, err := json.Marshal(protocol.CreateRequest{Nickname: "Ann", Settings: settings, Seats: []protocol.SeatSpec{
		{Kind: "person"}, {Kind: "bot", Level: "expert"}, {Kind: "bot", Level: "simulation"}, {Kind: "bot", Level: "heuristic"}}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A game against the bots on the device, every module on, stopped in
// its fifth round as a reload stops it: the changes the device kept bring
// the table back in a new host, the game goes on where it was, and the
// record the device keeps at the end is the record of the whole game.
func TestATableOnTheDeviceSurvivesAReload(t *testing.T) {
	ctx := context.Background()
	d := &device{kept: map[string]*Saved{}}
	first := New(Config{Keep: d.keep, BotDelay: -1, ThinkLimit: 50 * time.Millisecond})
	created, err := first.Create(ctx, createBody(t))
	if err != nil {
		t.Fatal(err)
	}
	ann := dial(t, first, created.ID, created.Token)
	ann.send(t, protocol.ClientMsg{Type: protocol.TypeStart})
	before := ann.playUntil(t, func(m protocol.ServerMsg) bool { return m.View.Round >= 5 })
	ann.conn.Close()
	first.Close()

	// What the device kept is what the store held.
	row, log, err := first.store.Memory.LoadTable(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	var kept Saved
	if err := json.Unmarshal(d.saved(t, created.ID), &kept); err != nil {
		t.Fatal(err)
	}
	if kept.Row.Status != row.Status || kept.Row.Seed != row.Seed || len(kept.Log) != len(log) || len(log) < int(before.Seq) {
		t.Fatalf("kept %s seed %d with %d actions; the store held %s seed %d with %d (state seq %d)",
			kept.Row.Status, kept.Row.Seed, len(kept.Log), row.Status, row.Seed, len(log), before.Seq)
	}

	second := New(Config{Keep: d.keep, BotDelay: -1, ThinkLimit: 50 * time.Millisecond})
	t.Cleanup(second.Close)
	// The page keeps the changes as JavaScript reads JSON: every number a
	// float64.
	if id, err := second.Restore(ctx, asJavaScriptKeepsIt(t, d.saved(t, created.ID))); err != nil || id != created.ID {
		t.Fatalf("restore: %q %v", id, err)
	}
	ann = dial(t, second, created.ID, created.Token)
	back := ann.playUntil(t, func(m protocol.ServerMsg) bool { return true })
	if back.Seq < before.Seq || back.View.Round != before.View.Round {
		t.Fatalf("after the reload: seq %d round %d, before it seq %d round %d", back.Seq, back.View.Round, before.Seq, before.View.Round)
	}
	over := ann.playUntil(t, func(m protocol.ServerMsg) bool { return m.View.Phase == protocol.PhaseOver })

	var rec *skullking.Record
	waitFor(t, func() bool {
		var s Saved
		if json.Unmarshal(d.saved(t, created.ID), &s) != nil || len(s.Record) == 0 {
			return false
		}
		rec, err = skullking.ParseRecord(s.Record)
		return err == nil
	})
	g, err := rec.Replay()
	if err != nil {
		t.Fatalf("the kept record does not replay: %v", err)
	}
	totals := g.Totals()
	for s, seat := range over.View.Seats {
		if got := totals[s]; got != seat.Total {
			t.Fatalf("seat %d: the record scores %d, the table showed %d", s, got, seat.Total)
		}
	}
	if b, err := second.Record(ctx, created.ID); err != nil || len(b) == 0 {
		t.Fatalf("the host's record: %v", err)
	}
}

// A kept table that is not one is refused, and nothing is made of it.
func TestRestoreRefusesWhatIsNotATable(t *testing.T) {
	h := New(Config{BotDelay: -1})
	t.Cleanup(h.Close)
	for _, bad := range []string{``, `{}`, `{"row":{"ID":"../x"}}`, `[1,2]`,
		`{"row":{"ID":"abc123","Status":"playing"},"log":[{"Seq":2}]}`} {
		if _, err := h.Restore(context.Background(), []byte(bad)); err == nil {
			t.Fatalf("restored %q", bad)
		}
	}
	if ids, _ := h.store.OpenTables(context.Background()); len(ids) != 0 {
		t.Fatalf("tables made of bad input: %v", ids)
	}
}

// asJavaScriptKeepsIt is b parsed and written again as a browser does,
// every number a float64.
func asJavaScriptKeepsIt(t *testing.T, b []byte) []byte {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for range 200 {
		if ok() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("gave up waiting")
}

var _ store.Store = (*keeping)(nil)
