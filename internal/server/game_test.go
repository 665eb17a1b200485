package server_test

import (
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// finishChecks downloads the finished game's record, replays it with the
// engine and compares it with what the clients saw; then checks that no
// frame to anyone leaked a secret.
func finishChecks(t *testing.T, ts *testserver.Server, id string, seats []*seat) {
	t.Helper()
	_, g := ts.Record(id)
	if !g.Over() {
		t.Fatal("the record's game is not over")
	}
	tr := buildTruth(t, ts, id)
	for _, c := range seats {
		c.drain()
		if c.last == nil || c.last.View.Phase != "over" {
			t.Fatalf("%s did not see the end", c.name)
		}
		for s, tot := range g.Totals() {
			if got := c.last.View.Seats[s].Total; got != tot {
				t.Fatalf("%s sees seat %d at %d; the record says %d", c.name, s, got, tot)
			}
		}
		checkSecrecy(t, tr, c.name, c.conn.Seat(), c.frames())
	}
}

// seatGame opens a table of people (and bots), seats everyone and a
// spectator, and starts the game; the host has read the first state.
func seatGame(t *testing.T, ts *testserver.Server, people int, bots []string, st protocol.Settings) (string, []*seat, *seat, []string) {
	t.Helper()
	var seats []protocol.SeatSpec
	for range people {
		seats = append(seats, testserver.Open)
	}
	for _, b := range bots {
		seats = append(seats, testserver.Bot(b))
	}
	created := ts.Create(nicknames[0], seats, st)
	id, tokens := created.ID, []string{created.Token}
	for i := 1; i < people; i++ {
		tokens = append(tokens, ts.Join(id, nicknames[i]).Token)
	}
	var sat []*seat
	for i, tok := range tokens {
		sat = append(sat, sit(t, ts.Client(), id, nicknames[i], tok))
	}
	spec := sit(t, ts.Client(), id, "spectator", "")
	if _, err := ts.Client().Record(testserver.Context(t, 10*time.Second), id); code(err) != protocol.ErrNotOver {
		t.Fatalf("the record before the game: %v, want %s", err, protocol.ErrNotOver)
	}
	if _, err := sat[0].request(protocol.ClientMsg{Type: protocol.TypeStart}); err != nil {
		t.Fatalf("start: %v", err)
	}
	sat[0].next(protocol.TypeState)
	return id, sat, spec, tokens
}

// nicknames are words, so that no name reads like a card code in the
// secrecy check.
var nicknames = []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}

func TestTwoPlayersGraybeard(t *testing.T) {
	ts := testserver.Start(t)
	id, clients, spec, _ := seatGame(t, ts, 2, nil, testserver.Settings(0))
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
	ts := testserver.Start(t)
	st := testserver.Settings(0)
	st.Options.Loot, st.Options.Kraken, st.Options.WhiteWhale = true, true, true
	id, clients, spec, _ := seatGame(t, ts, 2, []string{"random", "heuristic"}, st)
	done := make(chan error, 1)
	go func() { done <- follow(spec, time.Minute) }()
	playAll(t, players(clients, 2), time.Minute)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	finishChecks(t, ts, id, append(clients, spec))
}

func TestEightPlayers(t *testing.T) {
	ts := testserver.Start(t)
	// Five rounds: a complete game, in a fraction of the time of ten.
	id, clients, spec, _ := seatGame(t, ts, 8, nil, testserver.Settings(5))
	done := make(chan error, 1)
	go func() { done <- follow(spec, 2*time.Minute) }()
	playAll(t, players(clients, 3), 2*time.Minute)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	finishChecks(t, ts, id, append(clients, spec))
}
