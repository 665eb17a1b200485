package server_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// short is a game of three rounds, for tests about the table rather than the game.
var short = testserver.Settings(3)

// Ben leaves mid-trick (a reload): the table shows him away, and his
// token takes the seat back with the same view.
func TestDropAndRejoinMidTrick(t *testing.T) {
	ts := testserver.Start(t)
	id, clients, _, tokens := seatGame(t, ts, 3, nil, short)
	ann, ben, cat := clients[0], clients[1], clients[2]
	// Play until round 2 has a card on the table.
	midTrick := func(c *seat) bool { return c.last.View.Round < 2 || len(c.last.View.Trick) == 0 }
	ps := players(clients, 4)
	for _, p := range ps {
		p.pause = midTrick
	}
	playAll(t, ps, time.Minute)
	ben.drain()
	before := ben.last
	ben.conn.Close()
	in := waitTable(t, ann, func(in *protocol.TableInfo) bool { return !in.Seats[1].Connected })
	if in.Seats[1].AwaySince == 0 || in.Seats[1].BotPlays {
		t.Fatalf("Ben away: %+v", in.Seats[1])
	}
	ben2 := sit(t, ts.Client(), id, "Ben again", tokens[1])
	st := ben2.next(protocol.TypeState)
	if st.Seq != before.Seq || len(st.View.Hand) != len(before.View.Hand) || len(st.View.Trick) != len(before.View.Trick) {
		t.Fatalf("rejoined at %d with %d cards, %d on the table; left at %d with %d, %d",
			st.Seq, len(st.View.Hand), len(st.View.Trick), before.Seq, len(before.View.Hand), len(before.View.Trick))
	}
	if !reflect.DeepEqual(st.View.Hand, before.View.Hand) {
		t.Fatalf("hand after rejoin %+v, before %+v", st.View.Hand, before.View.Hand)
	}
	waitTable(t, ann, func(in *protocol.TableInfo) bool { return in.Seats[1].Connected })
	for _, p := range ps {
		p.pause = nil
	}
	playAll(t, []*player{ps[0], {c: ben2, rng: rand.New(rand.NewPCG(9, 9))}, ps[2]}, time.Minute)
	finishChecks(t, ts, id, []*seat{ann, ben2, cat})
}

func TestGracePeriodBot(t *testing.T) {
	ts := testserver.Start(t, "--grace", "300ms")
	id, clients, _, tokens := seatGame(t, ts, 3, nil, short)
	ann, cat := clients[0], clients[2]
	// Cat drops during the first bidding; after the grace period her
	// stand-in bids for her and plays until she is back.
	cat.conn.Close()
	waitTable(t, ann, func(in *protocol.TableInfo) bool { return in.Seats[2].BotPlays })
	ps := players(clients[:2], 5)
	done := make(chan error, 1)
	go func() {
		ps[1].tolerant = true
		done <- ps[1].play(time.Minute)
	}()
	ps[0].pause = func(c *seat) bool { return c.last.View.Round < 2 }
	if err := ps[0].play(time.Minute); err != nil {
		t.Fatal(err)
	}
	seen := false
	for _, m := range ann.messages() {
		if m.Event != nil && m.Event.Seat == 2 && m.Event.By == "bot" {
			seen = true
		}
	}
	if !seen {
		t.Fatal("no bot move for the absent seat")
	}
	cat2 := sit(t, ts.Client(), id, "Cat again", tokens[2])
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
	ts := testserver.Start(t)
	id, clients, _, tokens := seatGame(t, ts, 3, nil, short)
	ann, ben := clients[0], clients[1]
	ben.conn.Close()
	waitTable(t, ann, func(in *protocol.TableInfo) bool { return !in.Seats[1].Connected })
	// Only the host may replace.
	replace := protocol.ClientMsg{Type: protocol.TypeSeat, Seat: intp(1), Set: protocol.SetBot, Level: "random"}
	if _, err := clients[2].request(replace); code(err) != protocol.ErrNotHost {
		t.Fatalf("non-host replace: %v", err)
	}
	if _, err := ann.request(replace); err != nil {
		t.Fatalf("replace: %v", err)
	}
	in := waitTable(t, ann, func(in *protocol.TableInfo) bool { return in.Seats[1].Kind == "bot" })
	if in.Seats[1].Name != "Ben" || in.Seats[1].Level != "random" {
		t.Fatalf("replaced seat %+v", in.Seats[1])
	}
	// Ben's token no longer takes the seat.
	if _, err := ts.Client().Dial(testserver.Context(t, 10*time.Second), id, client.Options{Token: tokens[1]}); !errors.Is(err, client.ErrBadToken) {
		t.Fatalf("replaced player's dial: %v", err)
	}
	playAll(t, players([]*seat{clients[0], clients[2]}, 6), time.Minute)
}

func TestTurnTimer(t *testing.T) {
	ts := testserver.Start(t)
	st := testserver.Settings(1)
	st.TurnSeconds = 1
	_, clients, _, _ := seatGame(t, ts, 2, nil, st)
	ann := clients[0]
	if ann.last.Deadline == 0 {
		t.Fatal("no deadline with a turn timer")
	}
	if d := time.Until(time.UnixMilli(ann.last.Deadline)); d > 1100*time.Millisecond || d < 0 {
		t.Fatalf("deadline in %v, want about 1s", d)
	}
	// Nobody bids: the timer bids for both, then plays for whoever leads.
	start := time.Now()
	waitEvent(t, ann, func(e *protocol.Event) bool { return e.Kind == "bid" && e.By == "timer" })
	if el := time.Since(start); el < 500*time.Millisecond {
		t.Fatalf("the timer fired after %v", el)
	}
	waitEvent(t, ann, func(e *protocol.Event) bool { return e.Kind == "play" && e.By == "timer" })
}

func TestRematch(t *testing.T) {
	ts := testserver.Start(t)
	_, clients, _, tokens := seatGame(t, ts, 2, []string{"random"}, testserver.Settings(1))
	playAll(t, players(clients, 7), time.Minute)
	if _, err := clients[1].request(protocol.ClientMsg{Type: protocol.TypeRematch}); code(err) != protocol.ErrNotHost {
		t.Fatalf("non-host rematch: %v", err)
	}
	if _, err := clients[0].request(protocol.ClientMsg{Type: protocol.TypeRematch}); err != nil {
		t.Fatalf("rematch: %v", err)
	}
	next := waitTable(t, clients[1], func(in *protocol.TableInfo) bool { return in.Rematch != "" }).Rematch
	w := sit(t, ts.Client(), next, "Ben", tokens[1]).welcome
	if *w.Seat != 1 || w.Table.Status != "lobby" || w.Table.Seats[2].Kind != "bot" || len(w.Table.Seats) != 3 {
		t.Fatalf("rematch welcome %+v", w)
	}
	h := sit(t, ts.Client(), next, "Ann", tokens[0])
	if !h.welcome.Host {
		t.Fatal("the host does not host the rematch")
	}
	if _, err := h.request(protocol.ClientMsg{Type: protocol.TypeStart}); err != nil {
		t.Fatalf("start rematch: %v", err)
	}
}

// The lobby's answers, and its refusals of bodies no client of the
// protocol would send.
func TestLobby(t *testing.T) {
	ts := testserver.Start(t)
	open2 := []protocol.SeatSpec{testserver.Open, testserver.Open}
	listed := testserver.Settings(0)
	listed.Public, listed.Name = true, "open sea"
	pub := ts.Create("Ann", open2, listed).ID
	priv := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random")}, testserver.Settings(0)).ID
	ctx := testserver.Context(t, 30*time.Second)
	list, err := ts.Client().Tables(ctx)
	if err != nil || len(list) != 1 || list[0].ID != pub || list[0].Name != "open sea" {
		t.Fatalf("public list %+v, %v", list, err)
	}
	if in := ts.Info(priv); in.ID != priv {
		t.Fatalf("a private table by its id: %+v", in)
	}
	for _, bad := range []string{"nope", "ZZZ", strings.Repeat("a", 40), "..%2f"} {
		if code, _ := httpGet(t, ts.Base+"/api/tables/"+bad); code != 404 {
			t.Fatalf("table %q: %d", bad, code)
		}
	}
	var e *client.Error
	if _, err := ts.Client().Join(ctx, priv, protocol.JoinRequest{Nickname: "Ben"}); !errors.As(err, &e) || e.Status != 409 {
		t.Fatalf("join a full table: %v", err)
	}
	if _, err := ts.Client().Join(ctx, pub, protocol.JoinRequest{Nickname: "ann"}); !errors.As(err, &e) || e.Status != 409 || !strings.Contains(e.Message, "taken") {
		t.Fatalf("join with a taken name: %v", err)
	}
	seats := []map[string]string{{"kind": "open"}, {"kind": "open"}}
	for _, body := range []map[string]any{
		{"nickname": "Ann", "seats": seats[:1]},
		{"nickname": "Ann", "seats": []map[string]string{{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}}},
		{"nickname": "Ann", "seats": []map[string]string{{"kind": "open"}, {"kind": "bot", "level": "genius"}}},
		{"nickname": "Ann", "seats": seats, "settings": map[string]any{"options": map[string]any{"loot": true}}},
		{"nickname": "Ann", "seats": seats, "settings": map[string]any{"options": map[string]any{"bogus": 1}}},
		{"nickname": "Ann", "seats": seats, "settings": map[string]any{"turn_seconds": -5}},
		{"nickname": "Ann", "seats": seats, "extra": 1},
		{"nickname": "\x00", "seats": seats},
	} {
		b, _ := json.Marshal(body)
		if code, answer := httpPost(t, ts.Base+"/api/tables", b); code != 400 {
			t.Fatalf("create %v: %d %s", body, code, answer)
		}
	}
	if code, body := httpGet(t, ts.Base+"/healthz"); code != 200 || !strings.Contains(string(body), "ok") {
		t.Fatalf("healthz %d %s", code, body)
	}
	if code, body := httpGet(t, ts.Base+"/"); code != 200 || !strings.Contains(string(body), "/assets/app.js") {
		t.Fatalf("home %d", code)
	}
}

// Over the lobby limit a request is answered 429 with a Retry-After a
// client can wait for. At 0.01 a second no token comes back while the test
// runs, so only the burst decides.
func TestLobbyRateLimit(t *testing.T) {
	ts := testserver.Start(t, "--http-rate", "0.01")
	post := func() *http.Response {
		t.Helper()
		// An empty body is refused after the limit is applied: it counts,
		// and makes no table.
		resp, err := http.Post(ts.Base+"/api/tables", "application/json", bytes.NewReader(nil))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	for i := range 20 {
		if resp := post(); resp.StatusCode == http.StatusTooManyRequests {
			t.Fatalf("request %d of a burst of 20 limited", i+1)
		}
	}
	resp := post()
	if resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("request 21 of a burst of 20: %d, want 429", resp.StatusCode)
	}
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || secs < 1 || secs > 100 {
		t.Fatalf("Retry-After %q at 0.01 a second, want 1..100", resp.Header.Get("Retry-After"))
	}
	if n := metric(t, ts, `skullking_refused_total{code="rate_limited"}`); n != 1 {
		t.Errorf("/metrics counts %v limited requests, want 1", n)
	}
}

func TestLobbyNoRateLimit(t *testing.T) {
	ts := testserver.Start(t) // --http-rate -1
	for i := range 100 {
		resp, err := http.Post(ts.Base+"/api/tables", "application/json", bytes.NewReader(nil))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			t.Fatalf("request %d limited without a limit", i+1)
		}
	}
}

func intp(v int) *int { return &v }
