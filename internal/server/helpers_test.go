package server_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// seat is a player's program, or a spectator's, at a table through package
// client, as every real client sits: what it decoded is what the tests
// check, the secrecy check included.
type seat struct {
	t    testing.TB
	name string
	conn *client.Conn
	// welcome is the server's welcome, the first event.
	welcome protocol.ServerMsg

	mu   sync.Mutex
	seen []protocol.ServerMsg // every message decoded, events and answers, in the order read

	last      *protocol.ServerMsg // the latest state read
	lastEv    client.Event        // its event, for Stale
	lastTable *protocol.TableInfo // the latest table read
}

// sit dials table id with token, or as a spectator without one, and reads
// the welcome; the connection closes when the test ends.
func sit(t testing.TB, c *client.Client, id, name, token string) *seat {
	t.Helper()
	conn, err := c.Dial(testserver.Context(t, 15*time.Second), id,
		testserver.Quick(client.Options{Token: token, Spectate: token == ""}))
	if err != nil {
		t.Fatalf("%s: dial: %v", name, err)
	}
	t.Cleanup(func() { conn.Close() })
	s := &seat{t: t, name: name, conn: conn}
	s.welcome = s.next(protocol.TypeWelcome)
	return s
}

// keep takes one event: a message is remembered, the latest state and
// table kept.
func (s *seat) keep(ev client.Event) {
	if ev.Status == client.Unreadable {
		s.t.Errorf("%s: the client could not read a frame: %v", s.name, ev.Err)
	}
	if ev.Msg == nil {
		return
	}
	s.record(*ev.Msg)
	switch ev.Msg.Type {
	case protocol.TypeState:
		s.last, s.lastEv = ev.Msg, ev
	case protocol.TypeTable, protocol.TypeWelcome:
		s.lastTable = ev.Msg.Table
	}
}

func (s *seat) record(m protocol.ServerMsg) {
	s.mu.Lock()
	s.seen = append(s.seen, m)
	s.mu.Unlock()
}

// frames are the messages seen so far, encoded again as the server sent
// them, for the secrecy check.
func (s *seat) frames() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([][]byte, len(s.seen))
	for i, m := range s.seen {
		out[i], _ = protocol.Encode(m)
	}
	return out
}

// messages are the messages seen so far.
func (s *seat) messages() []protocol.ServerMsg {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]protocol.ServerMsg(nil), s.seen...)
}

// event waits for the next event, within d.
func (s *seat) event(d time.Duration) (client.Event, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	ev, err := s.conn.Next(ctx)
	if err == nil {
		s.keep(ev)
	}
	return ev, err
}

// until reads events until ok holds of one, for 15 s at most.
func (s *seat) until(what string, ok func(client.Event) bool) client.Event {
	s.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		ev, err := s.event(time.Until(deadline))
		if err != nil {
			s.t.Fatalf("%s: no %s (last state seq %d): %v", s.name, what, s.seq(), err)
		}
		if ev.Status == client.Lost {
			s.t.Fatalf("%s: the seat was lost waiting for %s: %v", s.name, what, ev.Err)
		}
		if ok(ev) {
			return ev
		}
	}
}

// next reads events until a message of type typ.
func (s *seat) next(typ string) protocol.ServerMsg {
	s.t.Helper()
	return *s.until("message of type "+typ, func(ev client.Event) bool { return ev.Msg != nil && ev.Msg.Type == typ }).Msg
}

// drain reads the events that come without a pause, keeping the latest
// state.
func (s *seat) drain() {
	for {
		if _, err := s.event(100 * time.Millisecond); err != nil {
			return
		}
	}
}

func (s *seat) seq() int64 {
	if s.last == nil {
		return -1
	}
	return s.last.Seq
}

// request sends m and waits for the server's answer, which it remembers.
func (s *seat) request(m protocol.ClientMsg) (protocol.ServerMsg, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	ack, err := s.conn.Request(ctx, m)
	var e *client.Error
	switch {
	case err == nil:
		s.record(ack)
	case errors.As(err, &e):
		s.record(protocol.ServerMsg{Type: protocol.TypeError, Code: e.Code, Message: e.Message, Refusal: e.Refusal})
	}
	return ack, err
}

// code is the server's code for refusing a request, "" for none.
func code(err error) string {
	var e *client.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// player drives a seat to the end of the game with random legal actions.
// tolerant lets refusals through (a bot or a timer may act first).
type player struct {
	c        *seat
	rng      *rand.Rand
	tolerant bool
	acted    int
	// pause, when set, is called on each new state; returning false stops.
	pause func(*seat) bool
	// acked holds every action the server acknowledged, by seq.
	acked map[int64]protocol.Action
}

// play runs until the game is over; it returns an error instead of
// failing so that it can run in goroutines. It acts only on the newest
// state it knows of: a stale one's legal actions are the past's.
func (p *player) play(timeout time.Duration) error {
	c := p.c
	deadline := time.Now().Add(timeout)
	for {
		if v := c.last; v != nil {
			if v.View.Phase == protocol.PhaseOver {
				return nil
			}
			if p.pause != nil && !p.pause(c) {
				return nil
			}
			if legal := v.View.Legal; len(legal) > 0 && !c.conn.Stale(c.lastEv) {
				a := legal[p.rng.IntN(len(legal))]
				ack, err := c.request(protocol.ClientMsg{Type: protocol.TypeAct, Action: &a})
				switch {
				case err == nil && p.acked != nil:
					p.acked[ack.Seq] = a
				case err != nil && (!p.tolerant || code(err) == ""):
					return fmt.Errorf("%s: %s refused: %v", c.name, a.Kind, err)
				}
				p.acted++
				continue
			}
		}
		ev, err := c.event(time.Until(deadline))
		switch {
		case err != nil:
			return fmt.Errorf("%s: at seq %d: %v", c.name, c.seq(), err)
		case ev.Status == client.Dropped || ev.Status == client.Lost:
			return fmt.Errorf("%s: the connection %s: %v %s", c.name, ev.Status, ev.Err, ev.Reason)
		case ev.Msg != nil && ev.Msg.Type == protocol.TypeBye:
			return fmt.Errorf("%s: bye: %s", c.name, ev.Msg.Reason)
		}
	}
}

// players are random players of seats.
func players(seats []*seat, seed uint64) []*player {
	var ps []*player
	for i, c := range seats {
		ps = append(ps, &player{c: c, rng: rand.New(rand.NewPCG(seed, uint64(i)))})
	}
	return ps
}

// playAll drives every player concurrently to the end of the game.
func playAll(t *testing.T, players []*player, timeout time.Duration) {
	t.Helper()
	errs := make(chan error, len(players))
	for _, p := range players {
		go func() { errs <- p.play(timeout) }()
	}
	for range players {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// follow reads a spectator's events until the game is over.
func follow(c *seat, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for c.last == nil || c.last.View.Phase != protocol.PhaseOver {
		if _, err := c.event(time.Until(deadline)); err != nil {
			return fmt.Errorf("%s: the game did not end within %v: %v", c.name, timeout, err)
		}
	}
	return nil
}

// waitTable reads a seat's events until a table message satisfies ok.
func waitTable(t *testing.T, c *seat, ok func(*protocol.TableInfo) bool) *protocol.TableInfo {
	t.Helper()
	if c.lastTable != nil && ok(c.lastTable) {
		return c.lastTable
	}
	return c.until("such table message", func(ev client.Event) bool {
		return ev.Msg != nil && ev.Msg.Type == protocol.TypeTable && ok(ev.Msg.Table)
	}).Msg.Table
}

// waitEvent reads a seat's events until a state's event satisfies ok.
func waitEvent(t *testing.T, c *seat, ok func(*protocol.Event) bool) protocol.ServerMsg {
	t.Helper()
	return *c.until("such event", func(ev client.Event) bool {
		return ev.View() != nil && ev.Msg.Event != nil && ok(ev.Msg.Event)
	}).Msg
}

// httpGet is a request outside the protocol's lobby calls, or one no
// client of the protocol would make.
func httpGet(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// httpPost posts a body no client of the protocol would send.
func httpPost(t *testing.T, url string, body []byte) (int, []byte) {
	t.Helper()
	resp, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}
