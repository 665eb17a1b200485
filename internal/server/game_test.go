package server

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// finishChecks downloads the finished game's record, replays it with the
// engine and compares it with what the clients saw; then checks that no
// frame to anyone leaked a secret.
func finishChecks(t *testing.T, ts *testServer, id string, clients []*wsClient) {
	t.Helper()
	code, body := ts.get("/api/tables/" + id + "/record")
	if code != 200 {
		t.Fatalf("record: %d %s", code, body)
	}
	rec, err := skullking.ParseRecord(body)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	if !g.Over() {
		t.Fatal("the record's game is not over")
	}
	tr := buildTruth(t, ts, id)
	for _, c := range clients {
		c.drain()
		if c.last == nil || c.last.View.Phase != "over" {
			t.Fatalf("%s did not see the end", c.name)
		}
		for s, tot := range g.Totals() {
			if got := c.last.View.Seats[s].Total; got != tot {
				t.Fatalf("%s sees seat %d at %d; the record says %d", c.name, s, got, tot)
			}
		}
		checkSecrecy(t, tr, c.name, c.seat, c.rawFrames())
	}
}

// seatGame opens a table of people (and bots), connects everyone and a
// spectator, and starts the game.
func seatGame(t *testing.T, ts *testServer, people int, bots []string, settings map[string]any) (string, []*wsClient, *wsClient, []string) {
	t.Helper()
	seats := []seatSpec{}
	for i := 0; i < people; i++ {
		seats = append(seats, seatSpec{"kind": "open"})
	}
	for _, b := range bots {
		seats = append(seats, seatSpec{"kind": "bot", "level": b})
	}
	if settings == nil {
		settings = map[string]any{}
	}
	id, token := ts.create(nicknames[0], seats, settings)
	tokens := []string{token}
	for i := 1; i < people; i++ {
		_, tok := ts.join(id, nicknames[i])
		tokens = append(tokens, tok)
	}
	var clients []*wsClient
	for i, tok := range tokens {
		c := ts.dial(id, nicknames[i])
		c.hello(tok)
		clients = append(clients, c)
	}
	spec := ts.dial(id, "spectator")
	spec.hello("")
	if code, _ := ts.get("/api/tables/" + id + "/record"); code != 409 {
		t.Fatalf("record before the game: %d, want 409", code)
	}
	ack := clients[0].send(protocol.ClientMsg{Type: protocol.TypeStart})
	for {
		f := clients[0].next(protocol.TypeAck, protocol.TypeError)
		if f.ID == ack {
			if f.Type == protocol.TypeError {
				t.Fatalf("start: %s", f.Message)
			}
			break
		}
	}
	return id, clients, spec, tokens
}

// nicknames are words, so that no name reads like a card code in the
// secrecy check.
var nicknames = []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}

func players(clients []*wsClient, seed uint64) []*player {
	var ps []*player
	for i, c := range clients {
		ps = append(ps, &player{c: c, rng: rand.New(rand.NewPCG(seed, uint64(i)))})
	}
	return ps
}

func TestTwoPlayersGraybeard(t *testing.T) {
	ts := startServer(t, "")
	id, clients, spec, _ := seatGame(t, ts, 2, nil, nil)
	done := make(chan error, 1)
	go func() { done <- follow(spec, time.Minute) }()
	playAll(t, players(clients, 1), time.Minute)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if v := clients[0].last.View; len(v.Seats) != 3 || !v.Seats[2].Graybeard {
		t.Fatalf("no Graybeard in the two-player view: %+v", v.Seats)
	}
	finishChecks(t, ts, id, append(clients, spec))
}

func TestFourPlayersWithBots(t *testing.T) {
	ts := startServer(t, "")
	id, clients, spec, _ := seatGame(t, ts, 2, []string{"random", "heuristic"},
		map[string]any{"options": map[string]any{"loot": true, "kraken": true, "white_whale": true}})
	done := make(chan error, 1)
	go func() { done <- follow(spec, time.Minute) }()
	playAll(t, players(clients, 2), time.Minute)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	finishChecks(t, ts, id, append(clients, spec))
}

func TestEightPlayers(t *testing.T) {
	ts := startServer(t, "")
	// Five rounds: a complete game, in a fraction of the time of ten.
	id, clients, spec, _ := seatGame(t, ts, 8, nil, map[string]any{"options": map[string]any{"rounds": 5}})
	done := make(chan error, 1)
	go func() { done <- follow(spec, 2*time.Minute) }()
	playAll(t, players(clients, 3), 2*time.Minute)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	finishChecks(t, ts, id, append(clients, spec))
}
