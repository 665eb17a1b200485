package client_test

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

var (
	open     = testserver.Open
	randomAI = testserver.Bot("random")
)

// quick are a seat's timers for tests.
func quick(token string) client.Options { return testserver.Quick(client.Options{Token: token}) }

// until reads events until one satisfies ok, failing on Lost or a stall.
func until(t *testing.T, c *client.Conn, ok func(client.Event) bool) client.Event {
	t.Helper()
	ctx := testserver.Context(t, 15*time.Second)
	for {
		ev, err := c.Next(ctx)
		if err != nil {
			t.Fatalf("seat %d: no such event: %v", c.Seat(), err)
		}
		if ev.Status == client.Lost {
			t.Fatalf("seat %d lost: %v", c.Seat(), ev.Err)
		}
		if ok(ev) {
			return ev
		}
	}
}

func isState(ev client.Event) bool { return ev.View() != nil }

// play acts on every decision c's views offer, its first legal action,
// until the game is over; it checks that the states come in order.
func play(t *testing.T, c *client.Conn) *protocol.View {
	t.Helper()
	ctx := testserver.Context(t, 60*time.Second)
	seq := int64(-1)
	for {
		ev, err := c.Next(ctx)
		if err != nil {
			t.Errorf("seat %d: %v", c.Seat(), err)
			return nil
		}
		v := ev.View()
		if v == nil {
			continue
		}
		if ev.Msg.Seq < seq {
			t.Errorf("seat %d: state %d after state %d", c.Seat(), ev.Msg.Seq, seq)
		}
		seq = ev.Msg.Seq
		if v.Phase == protocol.PhaseOver {
			return v
		}
		if len(v.Legal) > 0 && !c.Stale(ev) {
			if err := c.Act(ctx, v.Legal[0]); err != nil {
				t.Errorf("seat %d: %v refused: %v", c.Seat(), v.Legal[0], err)
				return nil
			}
		}
	}
}

// Two people play a whole game through the client: the lobby calls, the
// dials with the tokens handed out, the host's start, every decision of
// both seats acknowledged, the states in order, and the finished game's
// record, which replays to the totals the last view shows.
func TestTwoSeatsPlayAWholeGame(t *testing.T) {
	ts := testserver.Start(t)
	ctx := testserver.Context(t, 60*time.Second)
	c := client.New(ts.Base + "/")
	info, err := c.Info(ctx)
	if err != nil || info.Protocol != protocol.Version || info.Subprotocol != protocol.Subprotocol || len(info.Bots) == 0 ||
		info.MaxChat != protocol.MaxChat {
		t.Fatalf("info %+v, %v", info, err)
	}
	if opts, err := c.Options(ctx); err != nil || len(opts) != len(protocol.RuleOptions())+len(table.SettingOptions()) {
		t.Errorf("%d options, %v", len(opts), err)
	}
	if cards, err := c.Cards(ctx); err != nil || len(cards) != len(protocol.Cards()) || cards[62].Kind != "skull_king" {
		t.Errorf("%d cards, %v", len(cards), err)
	}
	created, err := c.Create(ctx, protocol.CreateRequest{Nickname: "Ann",
		Seats: []protocol.SeatSpec{open, open, randomAI}, Settings: testserver.Settings(2)})
	if err != nil {
		t.Fatal(err)
	}
	if c.Invite(created.ID) != ts.Base+"/t/"+created.ID {
		t.Errorf("invite %s", c.Invite(created.ID))
	}
	joined, err := c.Join(ctx, created.ID, protocol.JoinRequest{Nickname: "Ben"})
	if err != nil || joined.Seat != 1 {
		t.Fatalf("join: %+v %v", joined, err)
	}
	if _, err := c.Record(ctx, created.ID); err == nil {
		t.Error("the record of a game not over was handed out")
	}
	ann, err := c.Dial(ctx, created.ID, quick(created.Token))
	if err != nil {
		t.Fatal(err)
	}
	defer ann.Close()
	ben, err := c.Dial(ctx, created.ID, quick(joined.Token))
	if err != nil {
		t.Fatal(err)
	}
	defer ben.Close()
	if ann.Seat() != 0 || !ann.Host() || ben.Seat() != 1 || ben.Host() || ben.Spectating() {
		t.Errorf("Ann seat %d host %v, Ben seat %d host %v", ann.Seat(), ann.Host(), ben.Seat(), ben.Host())
	}
	if ev := until(t, ben, func(client.Event) bool { return true }); ev.Msg == nil || ev.Msg.Type != protocol.TypeWelcome {
		t.Errorf("the first event is %+v, not the welcome", ev)
	}
	var e *client.Error
	if err := ben.Start(ctx); !errors.As(err, &e) || e.Code != protocol.ErrNotHost {
		t.Errorf("a guest's start: %v", err)
	}
	if err := ann.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	views := make([]*protocol.View, 2)
	for i, conn := range []*client.Conn{ann, ben} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			views[i] = play(t, conn)
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	if in := ts.WaitOver(created.ID, 5*time.Second); in.Seats[1].Name != "Ben" {
		t.Fatalf("table %+v", in)
	}
	_, g := ts.Record(created.ID)
	for s, total := range g.Totals() {
		if views[0].Seats[s].Total != total || views[1].Seats[s].Total != total {
			t.Errorf("seat %d: views say %d and %d, the record %d", s, views[0].Seats[s].Total, views[1].Seats[s].Total, total)
		}
	}
	// Two rounds are scheduled; a tie for first place after them is played
	// off in tie-break rounds (docs/rules.md §7).
	results := views[0].Results
	if len(results) < 2 || len(results[len(results)-1].Scores) != 3 {
		t.Fatalf("the last view scores %d rounds", len(results))
	}
	for i, r := range results {
		if r.Tiebreak != (i >= 2) {
			t.Errorf("round %d of 2 scheduled: tiebreak %v", r.Round, r.Tiebreak)
		}
	}
}

// newTable opens a table of Ann and two random bots with rounds rounds,
// and returns Ann's connection with the game started.
func newTable(t *testing.T, ts *testserver.Server, rounds int) (*client.Client, protocol.CreateResponse, *client.Conn) {
	t.Helper()
	ctx := testserver.Context(t, 15*time.Second)
	c := client.New(ts.Base)
	created, err := c.Create(ctx, protocol.CreateRequest{Nickname: "Ann",
		Seats: []protocol.SeatSpec{open, randomAI, randomAI}, Settings: testserver.Settings(rounds)})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := c.Dial(ctx, created.ID, quick(created.Token))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if err := conn.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return c, created, conn
}

// An illegal action is refused with the engine's refusal — its code and
// facts — and changes nothing; the Conn goes on.
func TestIllegalActionComesBackWithItsRefusal(t *testing.T) {
	ts := testserver.Start(t)
	_, _, ann := newTable(t, ts, 1)
	ev := until(t, ann, isState)
	v := ev.View()
	ctx := testserver.Context(t, 10*time.Second)
	five := 5
	err := ann.Act(ctx, protocol.Action{Kind: protocol.KindBid, Value: &five})
	var e *client.Error
	if !errors.As(err, &e) || e.Code != protocol.ErrIllegal || e.Refusal == nil {
		t.Fatalf("a bid of 5 with 1 card: %v", err)
	}
	if r := e.Refusal; r.Code != "bid_out_of_range" || r.Seat != 0 || r.Count == nil || *r.Count != v.Cards {
		t.Errorf("refusal %+v", r)
	}
	if e.Message == "" {
		t.Error("no sentence with the refusal")
	}
	bad := protocol.Action{Kind: "dance"}
	if err := ann.Act(ctx, bad); !errors.As(err, &e) || e.Code != protocol.ErrBadRequest || e.Refusal != nil {
		t.Errorf("an unknown kind: %v", err)
	}
	if err := ann.Act(ctx, v.Legal[0]); err != nil {
		t.Errorf("a legal bid after the refusals: %v", err)
	}
}

// A token no seat answers to is refused at Dial, as ErrBadToken, and the
// dial is not tried again.
func TestRefusedToken(t *testing.T) {
	ts := testserver.Start(t)
	c, created, _ := newTable(t, ts, 1)
	ctx := testserver.Context(t, 10*time.Second)
	_, err := c.Dial(ctx, created.ID, quick("not-a-token"))
	if !errors.Is(err, client.ErrBadToken) {
		t.Fatalf("a bad token: %v", err)
	}
	if _, err := c.Dial(ctx, "nosuchtable", quick(created.Token)); err == nil || !strings.Contains(err.Error(), "no such table") {
		t.Errorf("no such table: %v", err)
	}
	if _, err := c.Dial(ctx, "Bad_ID", quick(created.Token)); err == nil {
		t.Error("an id no server makes was dialled")
	}
	if _, err := c.Dial(ctx, created.ID, client.Options{}); err == nil {
		t.Error("a seat without a token was dialled")
	}
}

// A dropped connection is dialled again with the same token: the program
// hears Dropped, Reconnected, the welcome and the current state, and the
// seat plays on. A server restart (a bye asking to come back) is a drop
// too, with retries while the server is away.
func TestReconnectsAfterADrop(t *testing.T) {
	ts := testserver.Start(t)
	_, _, ann := newTable(t, ts, 2)
	v := until(t, ann, isState).View()
	ctx := testserver.Context(t, 30*time.Second)
	if err := ann.Act(ctx, v.Legal[0]); err != nil {
		t.Fatal(err)
	}
	ann.Drop()
	until(t, ann, func(ev client.Event) bool { return ev.Status == client.Dropped })
	until(t, ann, func(ev client.Event) bool { return ev.Status == client.Reconnected })
	if ev := until(t, ann, func(client.Event) bool { return true }); ev.Msg == nil || ev.Msg.Type != protocol.TypeWelcome {
		t.Fatalf("after reconnecting: %+v", ev)
	}
	v = until(t, ann, isState).View()
	if v.Seat != 0 || ann.Seat() != 0 {
		t.Fatalf("back at seat %d", v.Seat)
	}

	ts.Stop()
	ev := until(t, ann, func(ev client.Event) bool { return ev.Status == client.Dropped })
	if ev.Reason == "" {
		t.Error("the server's restart gave no reason")
	}
	until(t, ann, func(ev client.Event) bool { return ev.Status == client.Retrying })
	if _, _, err := ann.Hint(ctx); !errors.Is(err, client.ErrNotConnected) {
		t.Errorf("a request while away: %v", err)
	}
	ts.Restart()
	until(t, ann, func(ev client.Event) bool { return ev.Status == client.Reconnected })
	for {
		ev := until(t, ann, isState)
		v = ev.View()
		if v.Phase == protocol.PhaseOver {
			break
		}
		if len(v.Legal) > 0 && !ann.Stale(ev) {
			if err := ann.Act(ctx, v.Legal[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A spectator is welcomed at seat −1 and sent the public view; a table
// closed to spectators refuses at Dial.
func TestSpectator(t *testing.T) {
	ts := testserver.Start(t)
	c, created, _ := newTable(t, ts, 1)
	ctx := testserver.Context(t, 10*time.Second)
	w, err := c.Dial(ctx, created.ID, client.Options{Spectate: true})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if w.Seat() != -1 || !w.Spectating() || w.Token() != "" {
		t.Errorf("seat %d", w.Seat())
	}
	if v := until(t, w, isState).View(); v.Seat != -1 || len(v.Hand) != 0 || len(v.Legal) != 0 {
		t.Errorf("the spectator's view: seat %d, %d cards, %d actions", v.Seat, len(v.Hand), len(v.Legal))
	}
	var e *client.Error
	if err := w.Act(ctx, protocol.Action{Kind: protocol.KindBid}); !errors.As(err, &e) || e.Code != protocol.ErrNotSeated {
		t.Errorf("a spectator's act: %v", err)
	}
	s := testserver.Settings(1)
	s.Spectators = false
	closed, err := c.Create(ctx, protocol.CreateRequest{Nickname: "Ann", Seats: []protocol.SeatSpec{open, randomAI}, Settings: s})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Dial(ctx, closed.ID, client.Options{Spectate: true}); !errors.As(err, &e) || e.Code != protocol.ErrNoSpectator {
		t.Errorf("watching a closed table: %v", err)
	}
}

// The lobby's refusals come back as *Error with the server's code and
// HTTP status.
func TestLobbyRefusals(t *testing.T) {
	ts := testserver.Start(t)
	c := client.New(ts.Base)
	ctx := testserver.Context(t, 10*time.Second)
	var e *client.Error
	if _, err := c.Table(ctx, "nosuchtable"); !errors.As(err, &e) || e.Code != protocol.ErrNoTable || e.Status != 404 {
		t.Errorf("no such table: %v", err)
	}
	created, err := c.Create(ctx, protocol.CreateRequest{Nickname: "Ann", Seats: []protocol.SeatSpec{open, open},
		Settings: testserver.Settings(1)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Join(ctx, created.ID, protocol.JoinRequest{Nickname: "Ann"}); !errors.As(err, &e) ||
		e.Code != protocol.ErrBadRequest || !strings.Contains(e.Error(), "nickname") {
		t.Errorf("a nickname taken: %v", err)
	}
	list, err := c.Tables(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range list {
		if in.ID == created.ID {
			t.Error("a table not public is listed")
		}
	}
}

func TestParseInvite(t *testing.T) {
	for _, tc := range []struct{ link, table, server, id, err string }{
		{"http://localhost:8080/t/k7qx2mpa9c", "", "http://localhost:8080", "k7qx2mpa9c", ""},
		{"localhost:8080/t/k7qx2mpa9c?x=1#y", "", "http://localhost:8080", "k7qx2mpa9c", ""},
		{"https://example.org/sk/t/abc/", "abc", "https://example.org/sk", "abc", ""},
		{"wss://example.org/api/tables/abc/ws", "", "https://example.org", "abc", ""},
		{"http://example.org/", "ABC", "http://example.org", "abc", ""},
		{"http://example.org", "", "", "", "names no table"},
		{"http://example.org/t/abc", "def", "", "", "names table abc"},
		{"ftp://example.org/t/abc", "", "", "", "http://"},
		{"http://example.org/t/a_b", "", "", "", "not a table id"},
		{"", "abc", "", "", "no server"},
	} {
		server, id, err := client.ParseInvite(tc.link, tc.table)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q %q: error %v, want %q", tc.link, tc.table, err, tc.err)
		case tc.err == "" && (err != nil || server != tc.server || id != tc.id):
			t.Errorf("%q %q: %q %q %v", tc.link, tc.table, server, id, err)
		}
	}
}

// A frame is decoded once, as the protocol's ServerMsg: what the events
// carry is what the server sent.
func TestEventsCarryTheServersMessage(t *testing.T) {
	ts := testserver.Start(t)
	_, created, ann := newTable(t, ts, 1)
	ev := until(t, ann, func(ev client.Event) bool { return ev.Msg != nil && ev.Msg.Type == protocol.TypeTable })
	if ev.Msg.Table == nil || ev.Msg.Table.ID != created.ID || ev.At.IsZero() {
		t.Errorf("table message %+v", ev.Msg)
	}
	if _, err := ev.Msg.Table.Rules(); err != nil {
		t.Error(err)
	}
	b, _ := json.Marshal(ev.Msg)
	if _, err := protocol.DecodeServer(b); err != nil {
		t.Error(err)
	}
	if ann.Frames() == 0 {
		t.Error("no frame counted")
	}
}
