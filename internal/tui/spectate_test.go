package tui

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/protocol"
)

const spectatorWelcome = `{"type":"welcome","v":2,"seat":-1,"host":false,"table":{"id":"abc","status":"playing",` +
	`"seats":[{"seat":0,"kind":"person","name":"Ann"},{"seat":1,"kind":"bot","name":"Ben"}],"host":-1}}`

// spectatorFrame is the public view of a game in play: what a spectator
// is sent.
func spectatorFrame(t *testing.T, seq int64, g *skullking.Game) string {
	t.Helper()
	return stateMsg(t, seq, g, skullking.Spectator, 0)
}

// A spectator says hello without a token, sees the public table with
// "spectating" in the header, and is offered no action and no hint; a view
// that would hand a spectator cards or a seat is refused whole.
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
	if h := <-fs.hellos; !h.Spectate || h.Token != "" || h.V != protocol.Version {
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
	// What no server should send a spectator: a seat's view, with a hand
	// and moves.
	fs.send(stateMsg(t, 4, g, 0, 0))
	d.waitMsg("cannot read")
	fs.send(spectatorFrame(t, 4, g))
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
	if m := fs.saidNext(t, protocol.TypeChat); m.Text != "nice" {
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
	var ce *client.Error
	if !errors.As(err, &ce) || ce.Code != protocol.ErrNoSpectator {
		t.Errorf("the refusal's code: %v", err)
	}
	// A welcome to a seat is no spectator's place either.
	fs.send(fakeWelcome)
	if _, err := JoinRemote(ctx, RemoteConfig{Server: fs.srv.URL, Table: "abc", Spectate: true}); err == nil {
		t.Error("a spectator accepted a seat")
	}
}
