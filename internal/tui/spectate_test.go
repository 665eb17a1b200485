package tui

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/wire"
)

const spectatorWelcome = `{"type":"welcome","v":1,"seat":-1,"host":false,"table":{"id":"abc","status":"playing",` +
	`"seats":[{"seat":0,"kind":"person","name":"Ann"},{"seat":1,"kind":"bot","name":"Ben"}],"host":-1}}`

// spectatorFrame is the public view of a game in play, with a cannon-free
// trick under way: what a spectator is sent.
func spectatorFrame(t *testing.T, seq int64, g *skullking.Game, tamper func(*wire.View)) string {
	t.Helper()
	v := g.View(skullking.Spectator)
	w := wire.ViewOf(&v, nil)
	if tamper != nil {
		tamper(w)
	}
	b, _ := json.Marshal(wire.ServerMsg{Type: wire.TypeState, Seq: seq, View: w})
	return string(b)
}

// A spectator says hello without a token, sees the public table with
// "spectating" in the header, and is offered no action and no hint — not
// even when a broken server lists some.
func TestSpectatorWatches(t *testing.T) {
	fs := newFakeServer(t)
	fs.send(spectatorWelcome)
	tokens := filepath.Join(t.TempDir(), "tokens.json")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := JoinRemote(ctx, RemoteConfig{Server: fs.srv.URL, Table: "abc", Name: "Zed", Tokens: tokens, Spectate: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if h := <-fs.hellos; !h.Spectate || h.Token != "" || h.V != wire.Version {
		t.Fatalf("hello %+v", h)
	}
	if r.Seat() != -1 {
		t.Fatalf("seat %d", r.Seat())
	}
	d := newDriver(t, r, Config{})
	d.waitScreen("spectating")

	g := deal(t)
	for s := 0; s < 4; s++ {
		if err := g.Apply(skullking.Bid(s, s%2)); err != nil {
			t.Fatal(err)
		}
	}
	fs.send(spectatorFrame(t, 4, g, func(w *wire.View) {
		// What no server should send a spectator: a hand and a move.
		c := 3
		w.Hand = []wire.HandCard{{Card: 3, Code: "G4", Playable: true}}
		w.Legal = []wire.Action{{Kind: "play", Card: &c, Code: "G4"}}
	}))
	for d.m.updates < 1 {
		d.next()
	}
	out := plain(d.m)
	if !strings.Contains(strings.SplitN(out, "\n", 2)[0], "spectating") {
		t.Errorf("the header does not say spectating:\n%s", out)
	}
	v, _ := d.m.Current()
	if len(v.Hand) != 0 || len(v.Legal) != 0 || d.m.Ready() {
		t.Fatalf("a spectator is offered hand %v, actions %v", v.Hand, v.Legal)
	}
	for _, bad := range []string{"Enter", "h hint", "(you)", "Your"} {
		if strings.Contains(out, bad) {
			t.Errorf("the spectator's screen offers %q:\n%s", bad, out)
		}
	}
	if !strings.Contains(out, "Ann to play") || !strings.Contains(out, "the hands are hidden") {
		t.Errorf("the table is not shown:\n%s", out)
	}
	checkScreen(t, d.m)
	d.press("h")
	if !strings.Contains(d.m.msg, "Spectators get no hints") {
		t.Errorf("h says %q", d.m.msg)
	}
	d.press("1", "enter", "right", "enter", "space")
	d.press("?")
	if out := plain(d.m); !strings.Contains(out, "You are watching") || strings.Contains(out, "h hint") {
		t.Errorf("the help is a player's:\n%s", out)
	}
	d.press("esc", "c")
	d.typeText("nice")
	d.press("enter")
	// Spectators may chat; nothing else of theirs reached the server.
	if m := fs.saidNext(t, wire.TypeChat); m.Text != "nice" {
		t.Errorf("sent %+v", m)
	}
	select {
	case m := <-fs.said:
		t.Errorf("the spectator sent %+v", m)
	default:
	}
	if _, ok := loadSeat(tokens, r.Invite()); ok {
		t.Error("a spectator's place went into the token file")
	}

	// The host closes the table to spectators: the end, and no retrying.
	fs.send(`{"type":"bye","reason":"the host closed the table to spectators"}`)
	fs.frames <- nil
	for closed, _ := d.m.Closed(); !closed; closed, _ = d.m.Closed() {
		d.next()
	}
	if !strings.Contains(plain(d.m), "closed the table to spectators") {
		t.Errorf("no word of why:\n%s", plain(d.m))
	}
}

// A table closed to spectators refuses the hello: JoinRemote says so
// plainly instead of retrying or taking a seat.
func TestSpectatorRefused(t *testing.T) {
	fs := newFakeServer(t)
	fs.send(`{"type":"error","code":"no_spectators","message":"this table does not allow spectators"}`)
	fs.frames <- nil
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := JoinRemote(ctx, RemoteConfig{Server: fs.srv.URL, Table: "abc", Spectate: true})
	if err == nil || !strings.Contains(err.Error(), "cannot watch the table") ||
		!strings.Contains(err.Error(), "does not allow spectators") {
		t.Fatalf("error %v", err)
	}
	if !permanent(err) {
		t.Error("a refusal to watch is tried again")
	}
	// A welcome to a seat is no spectator's place either.
	fs.send(fakeWelcome)
	if _, err := JoinRemote(ctx, RemoteConfig{Server: fs.srv.URL, Table: "abc", Spectate: true}); err == nil {
		t.Error("a spectator accepted a seat")
	}
}

// A spectator's view comes with seat −1 and no hand; a seated client
// still refuses a view for anyone but its seat.
func TestSpectatorView(t *testing.T) {
	g := deal(t)
	v := g.View(skullking.Spectator)
	w := wire.ViewOf(&v, nil)
	got, err := viewOf(w, skullking.DefaultOptions(), -1)
	if err != nil || got.Seat != -1 || len(got.Seats) != 4 {
		t.Fatalf("%+v %v", got, err)
	}
	if _, err := viewOf(w, skullking.DefaultOptions(), 0); err == nil {
		t.Error("seat 0 took a spectator's view")
	}
	mine := g.View(0)
	if _, err := viewOf(wire.ViewOf(&mine, nil), skullking.DefaultOptions(), -1); err == nil {
		t.Error("a spectator took seat 0's view")
	}
}
