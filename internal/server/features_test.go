package server

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/protocol"
)

// short is a game of three rounds, for tests about the table rather than the game.
var short = map[string]any{"options": map[string]any{"rounds": 3}}

// waitTable reads a client's frames until a table message satisfies ok.
func waitTable(t *testing.T, c *wsClient, ok func(*protocol.TableInfo) bool) *protocol.TableInfo {
	t.Helper()
	if c.lastTable != nil && ok(c.lastTable) {
		return c.lastTable
	}
	deadline := time.After(10 * time.Second)
	for {
		select {
		case f := <-c.frames:
			c.keep(f)
			if f.Type == protocol.TypeTable && ok(f.Table) {
				return f.Table
			}
		case <-deadline:
			t.Fatalf("%s: no such table message within 10s", c.name)
		}
	}
}

// waitEvent reads a client's frames until a state's event satisfies ok.
func waitEvent(t *testing.T, c *wsClient, ok func(*protocol.Event) bool) protocol.ServerMsg {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case f := <-c.frames:
			c.keep(f)
			if f.Type == protocol.TypeState && f.Event != nil && ok(f.Event) {
				return f
			}
		case <-deadline:
			t.Fatalf("%s: no such event within 10s (seq %d)", c.name, c.seq())
		}
	}
}

func TestDropAndRejoinMidTrick(t *testing.T) {
	ts := startServer(t, "")
	id, clients, _, tokens := seatGame(t, ts, 3, nil, short)
	ann, ben, cat := clients[0], clients[1], clients[2]
	tokBen := tokens[1]
	// Play until round 2 has a card on the table.
	midTrick := func(c *wsClient) bool { return c.last.View.Round < 2 || len(c.last.View.Trick) == 0 }
	ps := players(clients, 4)
	for _, p := range ps {
		p.pause = midTrick
	}
	playAll(t, ps, time.Minute)
	ben.drain()
	before := ben.last
	ben.ws.Close(websocket.StatusGoingAway, "reload")
	in := waitTable(t, ann, func(in *protocol.TableInfo) bool { return !in.Seats[1].Connected })
	if in.Seats[1].AwaySince == 0 || in.Seats[1].BotPlays {
		t.Fatalf("Ben away: %+v", in.Seats[1])
	}
	// Ben reloads: the token takes the seat back with the same view.
	ben2 := ts.dial(id, "Ben again")
	ben2.hello(tokBen)
	st := ben2.next(protocol.TypeState)
	if st.Seq != before.Seq || len(st.View.Hand) != len(before.View.Hand) || len(st.View.Trick) != len(before.View.Trick) {
		t.Fatalf("rejoined at %d with %d cards, %d on the table; left at %d with %d, %d",
			st.Seq, len(st.View.Hand), len(st.View.Trick), before.Seq, len(before.View.Hand), len(before.View.Trick))
	}
	for i := range st.View.Hand {
		if !reflect.DeepEqual(st.View.Hand[i], before.View.Hand[i]) {
			t.Fatalf("hand after rejoin %+v, before %+v", st.View.Hand, before.View.Hand)
		}
	}
	waitTable(t, ann, func(in *protocol.TableInfo) bool { return in.Seats[1].Connected })
	for _, p := range ps {
		p.pause = nil
	}
	playAll(t, []*player{ps[0], {c: ben2, rng: rand.New(rand.NewPCG(9, 9))}, ps[2]}, time.Minute)
	finishChecks(t, ts, id, []*wsClient{ann, ben2, cat})
}

func TestGracePeriodBot(t *testing.T) {
	ts := startServer(t, "", "--grace", "300ms")
	id, clients, _, tokens := seatGame(t, ts, 3, nil, short)
	ann, cat := clients[0], clients[2]
	// Cat drops during the first bidding; after the grace period her
	// stand-in bids for her and plays until she is back.
	cat.ws.Close(websocket.StatusGoingAway, "network")
	waitTable(t, ann, func(in *protocol.TableInfo) bool { return in.Seats[2].BotPlays })
	ps := players(clients[:2], 5)
	done := make(chan error, 1)
	go func() {
		ps[1].tolerant = true
		done <- ps[1].play(time.Minute)
	}()
	ps[0].pause = func(c *wsClient) bool { return c.last.View.Round < 2 }
	if err := ps[0].play(time.Minute); err != nil {
		t.Fatal(err)
	}
	seen := false
	for _, raw := range ann.rawFrames() {
		var m protocol.ServerMsg
		json.Unmarshal(raw, &m)
		if m.Event != nil && m.Event.Seat == 2 && m.Event.By == "bot" {
			seen = true
		}
	}
	if !seen {
		t.Fatal("no bot move for the absent seat")
	}
	cat2 := ts.dial(id, "Cat again")
	cat2.hello(tokens[2])
	waitTable(t, ann, func(in *protocol.TableInfo) bool { return in.Seats[2].Connected && !in.Seats[2].BotPlays })
	ps[0].pause = nil
	cp := &player{c: cat2, rng: rand.New(rand.NewPCG(5, 5)), tolerant: true}
	go func() { done <- cp.play(time.Minute) }()
	if err := ps[0].play(time.Minute); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

func TestHostReplacesAbsentPlayer(t *testing.T) {
	ts := startServer(t, "")
	id, clients, _, tokens := seatGame(t, ts, 3, nil, short)
	ann, ben := clients[0], clients[1]
	ben.ws.Close(websocket.StatusGoingAway, "gone")
	waitTable(t, ann, func(in *protocol.TableInfo) bool { return !in.Seats[1].Connected })
	// Only the host may replace.
	if f := clients[2].sendAndWait(protocol.ClientMsg{Type: protocol.TypeSeat, Seat: intp(1), Set: "bot", Level: "random"}); f.Code != protocol.ErrNotHost {
		t.Fatalf("non-host replace: %+v", f)
	}
	if f := ann.sendAndWait(protocol.ClientMsg{Type: protocol.TypeSeat, Seat: intp(1), Set: "bot", Level: "random"}); f.Type != protocol.TypeAck {
		t.Fatalf("replace: %+v", f)
	}
	in := waitTable(t, ann, func(in *protocol.TableInfo) bool { return in.Seats[1].Kind == "bot" })
	if in.Seats[1].Name != "Ben" || in.Seats[1].Level != "random" {
		t.Fatalf("replaced seat %+v", in.Seats[1])
	}
	// Ben's token no longer takes the seat.
	b2 := ts.dial(id, "Ben again")
	b2.send(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: tokens[1]})
	if f := b2.next(protocol.TypeError, protocol.TypeWelcome); f.Code != protocol.ErrBadToken {
		t.Fatalf("replaced player's hello: %+v", f)
	}
	ps := players([]*wsClient{clients[0], clients[2]}, 6)
	playAll(t, ps, time.Minute)
}

func TestTurnTimer(t *testing.T) {
	ts := startServer(t, "")
	settings := map[string]any{"options": map[string]any{"rounds": 1}, "turn_seconds": 1}
	_, clients, _, _ := seatGame(t, ts, 2, nil, settings)
	ann := clients[0]
	st := ann.last
	if st == nil || st.Deadline == 0 {
		t.Fatal("no deadline with a turn timer")
	}
	if d := time.Until(time.UnixMilli(st.Deadline)); d > 1100*time.Millisecond || d < 0 {
		t.Fatalf("deadline in %v, want about 1s", d)
	}
	// Nobody bids: the timer bids for both, then plays for whoever leads.
	start := time.Now()
	f := waitEvent(t, ann, func(e *protocol.Event) bool { return e.Kind == "bid" && e.By == "timer" })
	if el := time.Since(start); el < 500*time.Millisecond {
		t.Fatalf("the timer fired after %v", el)
	}
	_ = f
	waitEvent(t, ann, func(e *protocol.Event) bool { return e.Kind == "play" && e.By == "timer" })
}

func TestRematch(t *testing.T) {
	ts := startServer(t, "")
	_, clients, _, tokens := seatGame(t, ts, 2, []string{"random"}, map[string]any{"options": map[string]any{"rounds": 1}})
	playAll(t, players(clients, 7), time.Minute)
	if f := clients[1].sendAndWait(protocol.ClientMsg{Type: protocol.TypeRematch}); f.Code != protocol.ErrNotHost {
		t.Fatalf("non-host rematch: %+v", f)
	}
	if f := clients[0].sendAndWait(protocol.ClientMsg{Type: protocol.TypeRematch}); f.Type != protocol.TypeAck {
		t.Fatalf("rematch: %+v", f)
	}
	in := waitTable(t, clients[1], func(in *protocol.TableInfo) bool { return in.Rematch != "" })
	next := in.Rematch
	c := ts.dial(next, "Ben")
	w := c.hello(tokens[1])
	if *w.Seat != 1 || w.Table.Status != "lobby" || w.Table.Seats[2].Kind != "bot" || len(w.Table.Seats) != 3 {
		t.Fatalf("rematch welcome %+v", w)
	}
	h := ts.dial(next, "Ann")
	if w := h.hello(tokens[0]); !w.Host {
		t.Fatal("the host does not host the rematch")
	}
	if f := h.sendAndWait(protocol.ClientMsg{Type: protocol.TypeStart}); f.Type != protocol.TypeAck {
		t.Fatalf("start rematch: %+v", f)
	}
}

func TestLobby(t *testing.T) {
	ts := startServer(t, "")
	pub, _ := ts.create("Ann", []seatSpec{{"kind": "open"}, {"kind": "open"}}, map[string]any{"public": true, "name": "open sea"})
	priv, _ := ts.create("Ann", []seatSpec{{"kind": "open"}, {"kind": "bot", "level": "random"}}, nil)
	_, body := ts.get("/api/tables")
	var list struct{ Tables []protocol.TableInfo }
	json.Unmarshal(body, &list)
	if len(list.Tables) != 1 || list.Tables[0].ID != pub || list.Tables[0].Name != "open sea" {
		t.Fatalf("public list %s", body)
	}
	if code, _ := ts.get("/api/tables/" + priv); code != 200 {
		t.Fatal("a private table is reachable by its id")
	}
	for _, bad := range []string{"nope", "ZZZ", strings.Repeat("a", 40), "..%2f"} {
		if code, _ := ts.get("/api/tables/" + bad); code != 404 {
			t.Fatalf("table %q: %d", bad, code)
		}
	}
	var e protocol.ErrorBody
	if code := ts.post("/api/tables/"+priv+"/join", map[string]any{"nickname": "Ben"}, &e); code != 409 {
		t.Fatalf("join a full table: %d %+v", code, e)
	}
	if code := ts.post("/api/tables/"+pub+"/join", map[string]any{"nickname": "ann"}, &e); code != 409 || !strings.Contains(e.Error, "taken") {
		t.Fatalf("join with a taken name: %d %+v", code, e)
	}
	for _, body := range []map[string]any{
		{"nickname": "Ann", "seats": []seatSpec{{"kind": "open"}}},
		{"nickname": "Ann", "seats": []seatSpec{{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}}},
		{"nickname": "Ann", "seats": []seatSpec{{"kind": "open"}, {"kind": "bot", "level": "genius"}}},
		{"nickname": "Ann", "seats": []seatSpec{{"kind": "open"}, {"kind": "open"}}, "settings": map[string]any{"options": map[string]any{"loot": true}}},
		{"nickname": "Ann", "seats": []seatSpec{{"kind": "open"}, {"kind": "open"}}, "settings": map[string]any{"options": map[string]any{"bogus": 1}}},
		{"nickname": "Ann", "seats": []seatSpec{{"kind": "open"}, {"kind": "open"}}, "settings": map[string]any{"turn_seconds": -5}},
		{"nickname": "Ann", "seats": []seatSpec{{"kind": "open"}, {"kind": "open"}}, "extra": 1},
		{"nickname": "\x00", "seats": []seatSpec{{"kind": "open"}, {"kind": "open"}}},
	} {
		if code := ts.post("/api/tables", body, &e); code != 400 {
			t.Fatalf("create %v: %d %+v", body, code, e)
		}
	}
	if code, body := ts.get("/healthz"); code != 200 || !strings.Contains(string(body), "ok") {
		t.Fatalf("healthz %d %s", code, body)
	}
	if code, body := ts.get("/"); code != 200 || !strings.Contains(string(body), "/assets/app.js") {
		t.Fatalf("home %d", code)
	}
}

func intp(v int) *int { return &v }

// sendAndWait sends a message and returns its ack or error.
func (c *wsClient) sendAndWait(m protocol.ClientMsg) protocol.ServerMsg {
	c.t.Helper()
	id := c.send(m)
	for {
		f := c.next(protocol.TypeAck, protocol.TypeError)
		if f.ID == id {
			return f
		}
	}
}
