package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func newFakeClock() *fakeClock { return &fakeClock{t: time.UnixMilli(1764433200000)} }

func (c *fakeClock) now() time.Time               { return c.t }
func (c *fakeClock) add(d time.Duration)          { c.t = c.t.Add(d) }
func (c *fakeClock) in(d time.Duration) time.Time { return c.t.Add(d) }

// statusLine is the screen's status line, as read.
func statusLine(m *Model) string {
	for _, l := range strings.Split(plain(m), "\n") {
		if strings.Contains(l, " s left") {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// wireView is seat's view of g, as the wire carries it.
func wireView(g *skullking.Game, seat int) *protocol.View {
	v := g.View(seat)
	return protocol.ViewOf(&v)
}

// deal is a fresh four-player game, Ann at seat 0.
func deal(t *testing.T) *skullking.Game {
	t.Helper()
	g, err := skullking.NewGame(4, skullking.WithSeed(5), skullking.WithNames("Ann", "Ben", "Cat", "Dan"))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The countdown shows the seconds left on the status line, counts down as
// the clock moves, stops at 0 and asks for no redraw once nothing counts
// down; a view without a deadline shows none and schedules nothing.
func TestTurnTimerCountsDown(t *testing.T) {
	clock := newFakeClock()
	g := deal(t)
	m := New(nullTable{}, Config{Now: clock.now})
	update := func(u Update) tea.Cmd {
		_, cmd := m.Update(updateMsg{u: u, ok: true})
		return cmd
	}

	update(Update{View: wireView(g, 0)})
	if m.ticking || statusLine(m) != "" {
		t.Fatalf("no timer, yet ticking %v, status %q", m.ticking, statusLine(m))
	}

	update(Update{View: wireView(g, 0), Deadline: clock.in(12 * time.Second), TurnTime: 30 * time.Second})
	if !m.ticking {
		t.Fatal("a deadline, but no redraw scheduled")
	}
	if got := statusLine(m); got != "12 s left" {
		t.Fatalf("status line %q, want 12 s left", got)
	}
	m.msg = "Ben: ahoy"
	if got := statusLine(m); got != "12 s left · Ben: ahoy" {
		t.Errorf("with a message: %q", got)
	}
	m.msg = ""

	// A second update while a redraw is pending does not schedule another.
	update(Update{View: wireView(g, 0), Deadline: clock.in(12 * time.Second)})
	clock.add(2500 * time.Millisecond)
	_, cmd := m.Update(timerTick{})
	if cmd == nil || !m.ticking {
		t.Fatal("the countdown stopped with time left")
	}
	if got := statusLine(m); got != "10 s left" {
		t.Errorf("after 2.5 s: %q, want 10 s left (9.5 rounded up)", got)
	}

	clock.add(20 * time.Second)
	if _, cmd = m.Update(timerTick{}); cmd != nil || m.ticking {
		t.Error("still ticking after the deadline")
	}
	if got := statusLine(m); got != "0 s left" {
		t.Errorf("after the deadline: %q", got)
	}

	// The stand-in decided; the next view has no timer.
	update(Update{View: wireView(g, 0)})
	if statusLine(m) != "" || m.ticking {
		t.Errorf("a view without a deadline still shows %q", statusLine(m))
	}
}

// The countdown says whose time runs when it is not the person's, stays
// visible over the round's summary, and never shows more than the timer's
// length when this machine's clock runs behind the server's.
func TestTurnTimerSaysWhoseAndTrustsNoSkewedClock(t *testing.T) {
	clock := newFakeClock()
	g := deal(t)
	for s := 0; s < 4; s++ {
		if err := g.Apply(skullking.Bid(s, 0)); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Apply(g.LegalActions(0, nil)[0]); err != nil { // Ann leads; Ben is next
		t.Fatal(err)
	}
	m := New(nullTable{}, Config{Now: clock.now})
	m.Update(updateMsg{u: Update{View: wireView(g, 0), Deadline: clock.in(time.Hour), TurnTime: 45 * time.Second}, ok: true})
	if got := statusLine(m); got != "45 s left for Ben" {
		t.Errorf("status line %q, want 45 s left for Ben", got)
	}
	m.overlay = overlayHelp
	if got := statusLine(m); got != "45 s left for Ben" {
		t.Errorf("over a panel: %q", got)
	}
	checkScreen(t, m)
}

// A server's state carries the deadline in Unix milliseconds; the screen
// counts down from it.
func TestRemoteStateDeadlineShows(t *testing.T) {
	clock := newFakeClock()
	fs := newFakeServer(t)
	fs.send(fakeWelcome)
	_, d := joinFake(t, fs, RemoteConfig{}, Config{Now: clock.now})
	g := deal(t)
	fs.send(stateMsg(t, 1, g, 0, clock.in(20*time.Second).UnixMilli()))
	d.waitScreen("20 s left")
	checkScreen(t, d.m)

	fs.send(stateMsg(t, 2, g, 0, 0))
	for d.m.updates < 2 {
		d.next()
	}
	if strings.Contains(plain(d.m), "s left") {
		t.Errorf("a state without a deadline still counts down:\n%s", plain(d.m))
	}
}
