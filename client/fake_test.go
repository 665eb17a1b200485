package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// fake is a server that speaks just enough of the protocol for a test to
// script its frames and read what the client sent.
type fake struct {
	srv  *httptest.Server
	out  chan string // frames to send; "" closes the connection
	said chan protocol.ClientMsg
	stop chan struct{} // closed when the test ends
}

func newFake(t *testing.T) *fake {
	f := &fake{out: make(chan string, 100), said: make(chan protocol.ClientMsg, 100), stop: make(chan struct{})}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{protocol.Subprotocol}})
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ctx := r.Context()
		// A hijacked connection outlives its request's context: the
		// handler ends when the client hangs up (read fails) or the test
		// ends, or it would wait on f.out after the server is closed.
		gone := make(chan struct{})
		go func() {
			defer close(gone)
			for {
				_, data, err := ws.Read(ctx)
				if err != nil {
					return
				}
				m, err := protocol.DecodeClient(data)
				if err == nil {
					f.said <- m
				}
			}
		}()
		for {
			select {
			case s := <-f.out:
				if s == "" {
					ws.Close(websocket.StatusNormalClosure, "")
					return
				}
				if err := ws.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
					return
				}
			case <-ctx.Done():
				return
			case <-gone:
				return
			case <-f.stop:
				return
			}
		}
	}))
	t.Cleanup(func() {
		close(f.stop)
		f.srv.Close()
	})
	return f
}

func (f *fake) send(frames ...string) {
	for _, s := range frames {
		f.out <- s
	}
}

// next is the next message the client sent.
func (f *fake) next(t *testing.T) protocol.ClientMsg {
	t.Helper()
	return receive(t, f.said, "the client sent nothing")
}

// receive is the next value of ch, failing with why after 10 s.
func receive[T any](t *testing.T, ch <-chan T, why string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(10 * time.Second):
		t.Fatal(why)
	}
	var zero T
	return zero
}

const welcome = `{"type":"welcome","v":2,"seat":0,"host":true,"table":{"id":"abc","status":"playing",` +
	`"seats":[{"seat":0,"kind":"person","name":"Ann"}],"host":0}}`

// state is seat 0's view of a fresh game, as the state after seq actions.
func state(t *testing.T, seq int64) string { return stateInRound(t, 1, seq) }

// laterState is seat 0's view once the first round is scored: a state
// whose score sheet holds a row.
func laterState(t *testing.T, seq int64) string { return stateInRound(t, 2, seq) }

// stateInRound is seat 0's view at the start of round (its first legal
// actions played up to there), as the state after seq actions.
func stateInRound(t *testing.T, round int, seq int64) string {
	t.Helper()
	g, err := skullking.NewGame(3, skullking.WithSeed(1))
	if err != nil {
		t.Fatal(err)
	}
	var legal []skullking.Action
	for g.Round() < round && !g.Over() {
		legal = legal[:0]
		for s := 0; s < g.Players(); s++ {
			legal = g.LegalActions(s, legal)
		}
		if err := g.Apply(legal[0]); err != nil {
			t.Fatal(err)
		}
	}
	v := g.View(0)
	b, err := protocol.Encode(protocol.ServerMsg{Type: protocol.TypeState, Seq: seq, View: protocol.ViewOf(&v)})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func dialFake(t *testing.T, f *fake) *client.Conn {
	t.Helper()
	f.send(welcome)
	conn, err := client.New(f.srv.URL).Dial(testserver.Context(t, 10*time.Second), "abc", quick("tok"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if h := f.next(t); h.Type != protocol.TypeHello || h.V != protocol.Version || h.Token != "tok" || h.Spectate {
		t.Fatalf("hello %+v", h)
	}
	return conn
}

// Each answer goes to the request with its message id, whatever the order
// the server answers in; an error without a request is an event.
func TestAnswersFindTheirRequests(t *testing.T) {
	f := newFake(t)
	conn := dialFake(t, f)
	ctx := testserver.Context(t, 10*time.Second)
	type result struct {
		hint protocol.Action
		why  *protocol.Why
		err  error
	}
	started, hinted := make(chan error, 1), make(chan result, 1)
	go func() { started <- conn.Start(ctx) }()
	first := f.next(t)
	go func() {
		a, why, err := conn.Hint(ctx)
		hinted <- result{a, why, err}
	}()
	second := f.next(t)
	if first.Type != protocol.TypeStart || second.Type != protocol.TypeHint || first.ID == second.ID || first.ID == 0 {
		t.Fatalf("sent %+v then %+v", first, second)
	}
	two := 2
	hint, _ := json.Marshal(protocol.ServerMsg{Type: protocol.TypeHint, ID: second.ID,
		Hint: &protocol.Action{Kind: protocol.KindBid, Value: &two}, Why: &protocol.Why{Code: protocol.WhyBendtKeep}, Text: "two is safe"})
	refusal, _ := json.Marshal(protocol.ServerMsg{Type: protocol.TypeError, ID: first.ID, Code: protocol.ErrNotHost,
		Message: "only the host may start"})
	f.send(string(hint), `{"type":"error","code":"internal","message":"out of the blue"}`, string(refusal))
	r := <-hinted
	if r.err != nil || r.hint.Kind != protocol.KindBid || *r.hint.Value != 2 || r.why == nil || r.why.Code != protocol.WhyBendtKeep {
		t.Errorf("hint %+v", r)
	}
	var e *client.Error
	if err := <-started; !errors.As(err, &e) || e.Code != protocol.ErrNotHost || e.Message != "only the host may start" {
		t.Errorf("start: %v", err)
	}
	until(t, conn, func(ev client.Event) bool { return ev.Msg != nil && ev.Msg.Type == protocol.TypeWelcome })
	ev := until(t, conn, func(client.Event) bool { return true })
	if ev.Msg == nil || ev.Msg.Type != protocol.TypeError || ev.Msg.Code != protocol.ErrInternal {
		t.Errorf("the error no request caused: %+v", ev)
	}
}

// Events come in the server's order; a state older than one delivered, a
// frame that is no message and a view that does not check are left out
// (the last two as Unreadable news); a bye that does not ask to come back
// ends the Conn.
func TestEventsInOrder(t *testing.T) {
	f := newFake(t)
	conn := dialFake(t, f)
	f.send(state(t, 3), state(t, 2), `not json`, strings.Replace(state(t, 4), `"players":3`, `"players":9`, 1),
		`{"type":"welcome","v":2}`,
		`{"type":"chat","seat":1,"name":"Ben","text":"ahoy"}`, state(t, 4), state(t, 3),
		`{"type":"bye","reason":"the host gave your seat to a bot"}`, "")
	var got []string
	ctx := testserver.Context(t, 10*time.Second)
	for {
		ev, err := conn.Next(ctx)
		if errors.Is(err, client.ErrClosed) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case ev.Msg != nil && ev.Msg.Type == protocol.TypeState:
			got = append(got, "state "+string(rune('0'+ev.Msg.Seq)))
		case ev.Msg != nil:
			got = append(got, ev.Msg.Type)
		case ev.Status == client.Lost:
			got = append(got, "lost: "+ev.Err.Error())
		default:
			got = append(got, ev.Status.String())
		}
	}
	want := "welcome, state 3, unreadable, unreadable, unreadable, chat, state 4, bye, lost: the host gave your seat to a bot"
	if strings.Join(got, ", ") != want {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, ", "), want)
	}
	if err := conn.Act(context.Background(), protocol.Action{Kind: protocol.KindBid}); err == nil ||
		!strings.Contains(err.Error(), "gave your seat") {
		t.Errorf("acting after the seat was lost: %v", err)
	}
}

// A program that acts the moment it hears its seat is lost is told why
// the seat is lost, not that the Conn is reconnecting: the loss is marked
// before the event that tells of it can be read. Many rounds, since the
// two goroutines race.
func TestActingOnHearingOfTheLossGetsItsReason(t *testing.T) {
	ctx := testserver.Context(t, 30*time.Second)
	for round := range 40 {
		f := newFake(t)
		conn := dialFake(t, f)
		f.send(`{"type":"bye","reason":"the host gave your seat to a bot"}`, "")
		for {
			ev, err := conn.Next(ctx)
			if err != nil {
				t.Fatalf("round %d: the loss was never told: %v", round, err)
			}
			if ev.Status == client.Lost {
				break
			}
		}
		if err := conn.Act(ctx, protocol.Action{Kind: protocol.KindBid}); err == nil ||
			!strings.Contains(err.Error(), "gave your seat") {
			t.Fatalf("round %d: acting on hearing of the loss: %v", round, err)
		}
	}
}

// A Conn told to leave the score sheet out delivers views without it and
// the rest the same, and one told it acts alone only what acting needs
// (the seat, the phase and the legal actions); by default the sheet is
// there.
func TestWithoutResultsLeavesTheScoreSheetOut(t *testing.T) {
	frame := laterState(t, 5)
	for _, c := range []struct {
		name                  string
		withoutResults, toAct bool
	}{{"whole", false, false}, {"WithoutResults", true, false}, {"ToAct", false, true}} {
		f := newFake(t)
		f.send(welcome)
		o := quick("tok")
		o.WithoutResults, o.ToAct = c.withoutResults, c.toAct
		conn, err := client.New(f.srv.URL).Dial(testserver.Context(t, 10*time.Second), "abc", o)
		if err != nil {
			t.Fatal(err)
		}
		f.send(frame)
		ctx := testserver.Context(t, 10*time.Second)
		var v *protocol.View
		for v == nil {
			ev, err := conn.Next(ctx)
			if err != nil {
				t.Fatal(err)
			}
			v = ev.View()
		}
		conn.Close()
		if got := len(v.Results) > 0; got != (c.name == "whole") {
			t.Errorf("%s: %d rows of results", c.name, len(v.Results))
		}
		if c.toAct {
			if v.Round != 0 || len(v.Hand) != 0 || len(v.Seats) != 0 || len(v.Legal) == 0 || v.Phase != protocol.PhaseBidding {
				t.Errorf("%s: round %d, %d cards, %d seats, %d legal actions, phase %q", c.name, v.Round, len(v.Hand), len(v.Seats), len(v.Legal), v.Phase)
			}
			continue
		}
		if v.Round != 2 || len(v.Hand) != 2 || len(v.Seats) != 3 || len(v.Legal) == 0 {
			t.Errorf("%s: round %d, %d cards, %d seats, %d legal actions", c.name, v.Round, len(v.Hand), len(v.Seats), len(v.Legal))
		}
	}
}

// withoutSheet is frame with its score sheet left out, as a results_once
// connection is sent a state whose sheet is unchanged.
func withoutSheet(t *testing.T, frame string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(frame), &m); err != nil {
		t.Fatal(err)
	}
	delete(m["view"].(map[string]any), "results")
	b, _ := json.Marshal(m)
	return string(b)
}

// The client says results_once and hands its program every state whole:
// the sheet left out of a state is the one read before on the connection;
// a state without one before any sheet came is unreadable, not a blank
// sheet (docs/protocol.md §3, "The score sheet once").
func TestKeepsTheScoreSheetTheServerLeavesOut(t *testing.T) {
	f := newFake(t)
	f.send(welcome)
	conn, err := client.New(f.srv.URL).Dial(testserver.Context(t, 10*time.Second), "abc", quick("tok"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if h := f.next(t); !h.ResultsOnce {
		t.Fatalf("hello %+v does not ask for the sheet once", h)
	}
	ctx := testserver.Context(t, 10*time.Second)
	f.send(laterState(t, 5), withoutSheet(t, laterState(t, 6)))
	for _, seq := range []int64{5, 6} {
		ev, err := conn.Next(ctx)
		for err == nil && ev.View() == nil {
			ev, err = conn.Next(ctx)
		}
		if err != nil {
			t.Fatal(err)
		}
		if v := ev.View(); ev.Msg.Seq != seq || len(v.Results) != 1 {
			t.Fatalf("state %d: seq %d with %d rows of results, want %d with 1", seq, ev.Msg.Seq, len(v.Results), seq)
		}
	}

	g := newFake(t)
	g.send(welcome)
	fresh, err := client.New(g.srv.URL).Dial(testserver.Context(t, 10*time.Second), "abc", quick("tok"))
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	g.send(withoutSheet(t, laterState(t, 5)))
	for {
		ev, err := fresh.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if ev.View() != nil {
			t.Fatalf("a state without a sheet before any was delivered with %d rows", len(ev.View().Results))
		}
		if ev.Status == client.Unreadable {
			if !strings.Contains(ev.Err.Error(), "score sheet") {
				t.Fatalf("unreadable for %v", ev.Err)
			}
			return
		}
	}
}

// Frames are read into shared buffers: a message handed on keeps its own
// bytes, whatever is read after it (the table's options, kept raw, and
// every string).
func TestAMessageKeepsItsBytesAfterLaterFrames(t *testing.T) {
	f := newFake(t)
	conn := dialFake(t, f)
	table := `{"type":"table","table":{"id":"abc","name":"Friday night","status":"playing","options":{"kraken":true},` +
		`"seats":[{"seat":0,"kind":"person","name":"Ann"}],"host":0}}`
	f.send(table, `{"type":"chat","seat":0,"name":"Ann","text":"ahoy"}`)
	for k := range 20 { // frames that fill the buffers with other bytes
		f.send(laterState(t, int64(k+1)))
	}
	ctx := testserver.Context(t, 10*time.Second)
	var got []protocol.ServerMsg
	for len(got) < 22 {
		ev, err := conn.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if ev.Msg != nil && ev.Msg.Type != protocol.TypeWelcome {
			got = append(got, *ev.Msg)
		}
	}
	if in := got[0].Table; in == nil || string(in.Options) != `{"kraken":true}` || in.Name != "Friday night" {
		t.Errorf("the table message changed after later frames: %+v", in)
	}
	if got[1].Text != "ahoy" || got[1].Name != "Ann" {
		t.Errorf("the chat line changed after later frames: %+v", got[1])
	}
}

// A request whose context has already ended is not sent: the server never
// acts on a message its sender stopped waiting for before it went out.
func TestARequestPastItsContextIsNotSent(t *testing.T) {
	f := newFake(t)
	conn := dialFake(t, f)
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	for range 20 { // the library's write, given an ended context, sends at random
		if err := conn.Rematch(gone); !errors.Is(err, context.Canceled) {
			t.Fatalf("a rematch past its context: %v, want context.Canceled", err)
		}
	}
	ctx := testserver.Context(t, 10*time.Second)
	go conn.Start(ctx) // its answer never comes; the test ends first
	if m := f.next(t); m.Type != protocol.TypeStart {
		t.Fatalf("the server got %+v first, want the start", m)
	}
}
