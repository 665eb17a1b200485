package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/recordtest"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// overFrame is seat's view of a finished one-round game.
func overFrame(t *testing.T, seat int) string {
	t.Helper()
	o := skullking.DefaultOptions()
	o.Rounds = 1
	g, err := skullking.NewGame(4, skullking.WithOptions(o), skullking.WithSeed(5),
		skullking.WithNames("Ann", "Ben", "Cat", "Dan"))
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		for s := 0; s < 4; s++ {
			if legal := g.LegalActions(s, nil); len(legal) > 0 {
				if err := g.Apply(legal[0]); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	return stateMsg(t, 9, g, seat, 0)
}

// The host's offer says which key takes it and remembers the seat's token
// for the new table; r, once the game is over, sits down there with the
// token in hand — the same seat — and the screen starts afresh, the old
// table's last words ignored.
func TestRematchKeyMovesToTheNewTable(t *testing.T) {
	fs := newFakeServer(t)
	fs.send(fakeWelcome)
	tokens := filepath.Join(t.TempDir(), "tokens.json")
	r, d := joinFake(t, fs, RemoteConfig{Tokens: tokens}, Config{})
	d.press("r") // nothing offered, nothing over: nothing happens
	if d.m.moving {
		t.Fatal("r moved before any rematch")
	}
	fs.send(overFrame(t, 0))
	for !d.m.Over() {
		d.next()
	}
	fs.send(`{"type":"table","table":{"id":"abc","status":"over","seats":[{"seat":0,"kind":"person","name":"Ann"},` +
		`{"seat":1,"kind":"person","name":"Ben"}],"host":1,"rematch":"def"}}`)
	d.waitMsg("press r")
	link := fs.srv.URL + "/t/def"
	if !strings.Contains(d.m.msg, "skullking play --join "+link) {
		t.Errorf("the offer says %q", d.m.msg)
	}
	if s, ok := loadSeat(tokens, link); !ok || s.Token != "tok" || s.Seat != 0 {
		t.Errorf("the token file keeps %+v for the rematch", s)
	}
	if !strings.Contains(plain(d.m), "r rematch") {
		t.Errorf("the keys line does not offer r:\n%s", plain(d.m))
	}

	// The token in hand goes to the new table even with the file gone.
	if err := os.Remove(tokens); err != nil {
		t.Fatal(err)
	}
	fs.sendTo("def", `{"type":"welcome","v":2,"seat":0,"host":false,"table":{"id":"def","status":"lobby",`+
		`"seats":[{"seat":0,"kind":"person","name":"Ann"},{"seat":1,"kind":"person","name":"Ben"}],"host":1}}`)
	d.press("r")
	if h := <-fs.hellos; h.Token != "tok" {
		t.Errorf("hello at the rematch %+v", h)
	}
	d.waitScreen("Waiting for the host, Ben, to start the game.")
	if d.m.Table() == Table(r) {
		t.Fatal("the screen still sits at the old table")
	}
	nr := d.m.Table().(*Remote)
	if nr.ID() != "def" || nr.Seat() != 0 || nr.Invite() != link {
		t.Errorf("at table %s, seat %d", nr.ID(), nr.Seat())
	}
	t.Cleanup(func() { nr.Close() })
	if _, have := d.m.Current(); have || d.m.Over() || d.m.rematch != "" {
		t.Error("the old game is still on the screen")
	}
	// The old table was closed behind the person; its closing is no news.
	<-r.done
	fs.sendTo("def", stateFrame(t, 0, skullking.DefaultOptions()))
	d.settle()
	if closed, _ := d.m.Closed(); closed || !d.m.Ready() {
		t.Errorf("closed %v, ready %v:\n%s", closed, d.m.Ready(), plain(d.m))
	}
}

// A spectator follows the rematch as a spectator.
func TestRematchSpectatorWatchesOn(t *testing.T) {
	fs := newFakeServer(t)
	fs.send(spectatorWelcome)
	_, d := joinFake(t, fs, RemoteConfig{Spectate: true}, Config{})
	fs.send(overFrame(t, skullking.Spectator),
		`{"type":"table","table":{"id":"abc","status":"over","seats":[],"host":-1,"rematch":"def"}}`)
	d.waitMsg("press r to watch it")
	if !strings.Contains(d.m.msg, "/t/def --spectate") {
		t.Errorf("the offer says %q", d.m.msg)
	}
	fs.sendTo("def", strings.Replace(spectatorWelcome, `"abc"`, `"def"`, 1))
	d.press("r")
	if h := <-fs.hellos; !h.Spectate || h.Token != "" {
		t.Errorf("hello at the rematch %+v", h)
	}
	for d.m.gen == 0 || d.m.moving {
		d.next()
	}
	nr := d.m.Table().(*Remote)
	t.Cleanup(func() { nr.Close() })
	if nr.ID() != "def" || nr.Seat() != -1 || !strings.Contains(plain(d.m), "spectating") {
		t.Errorf("at table %s, seat %d:\n%s", nr.ID(), nr.Seat(), plain(d.m))
	}
}

// At a real server: Ann plays a game to the end, the host offers a
// rematch, and r takes Ann to her seat at the new table, with no token
// file at all, after saving the finished game's record; the host starts
// the rematch and Ann bids in it.
func TestRematchAtAServer(t *testing.T) {
	ts := testserver.Start(t, "--grace", "50ms")
	host := ts.Create("Host", []protocol.SeatSpec{openSeat, openSeat, botSeat("random")}, testserver.Settings(1))
	id, hostToken := host.ID, host.Token
	r := testRemote(t, ts, id, "Ann", "")
	save := filepath.Join(t.TempDir(), "game.json")
	d := newDriver(t, r, Config{SavePath: save, SaveOnMove: true})
	d.waitScreen("Waiting for the host")
	ts.Send(id, hostToken, protocol.TypeStart)
	p := &player{d: d, rng: skullking.NewRand(5)}
	playTo(t, d, p.move, nil)
	d.settle()
	if d.m.canOffer || strings.Contains(plain(d.m), "r rematch") {
		t.Errorf("Ann, who does not host, is offered r before any rematch:\n%s", plain(d.m))
	}

	ts.Send(id, hostToken, protocol.TypeRematch)
	d.waitMsg("press r")
	next := ts.Info(id).Rematch
	d.press("r")
	d.waitScreen("Waiting for the host, Host, to start the game.")
	if !strings.Contains(strings.Join(strings.Fields(plain(d.m)), " "), "record is saved to "+save) {
		t.Errorf("no word of the saved record:\n%s", plain(d.m))
	}
	if rec, _ := recordtest.ReplayFile(t, save); rec.Players[1] != "Ann" {
		t.Errorf("the first game's record has players %v", rec.Players)
	}
	nr := d.m.Table().(*Remote)
	t.Cleanup(func() { nr.Close() })
	if nr.ID() != next || nr.Seat() != 1 {
		t.Fatalf("at table %s seat %d, want %s seat 1", nr.ID(), nr.Seat(), next)
	}
	// The lobby hears of Ann's arrival at its next presence interval.
	ts.WaitInfo(next, 5*time.Second, "Ann seated and connected", func(in protocol.TableInfo) bool {
		return in.Seats[1].Name == "Ann" && in.Seats[1].Connected
	})
	ts.Send(next, hostToken, protocol.TypeStart)
	d.settle()
	if v, _ := d.m.Current(); v.Phase != protocol.PhaseBidding || !d.m.Ready() {
		t.Errorf("the rematch is not Ann's to play:\n%s", plain(d.m))
	}
}

// At a real server the host at the terminal offers the rematch with r once
// the game is over, and r again takes the host's seat there; a player who
// is not the host is never offered the key.
func TestHostOffersRematchAtAServer(t *testing.T) {
	ts := testserver.Start(t)
	host := ts.Create("Host", []protocol.SeatSpec{openSeat, botSeat("random"), botSeat("random")}, testserver.Settings(1))
	id, hostToken := host.ID, host.Token
	tokens := filepath.Join(t.TempDir(), "tokens.json")
	if err := storeSeat(tokens, ts.Base+"/t/"+id, savedSeat{Token: hostToken, Seat: 0, Name: "Host"}); err != nil {
		t.Fatal(err)
	}
	r := testRemote(t, ts, id, "Host", tokens)
	d := newDriver(t, r, Config{})
	d.waitScreen("press g to start the game")
	d.press("r")
	if d.m.moving || strings.Contains(d.m.msg, "Offering") {
		t.Fatal("r did something before the game was over")
	}
	d.press("g")
	p := &player{d: d, rng: skullking.NewRand(9)}
	playTo(t, d, p.move, nil)

	d.waitMsg("press r to offer everyone a rematch")
	if !strings.Contains(plain(d.m), "r rematch") {
		t.Errorf("the keys line does not offer r:\n%s", plain(d.m))
	}
	d.press("r")
	d.waitMsg("press r to take your seat there")
	next := ts.Info(id).Rematch
	if next == "" {
		t.Fatal("the server made no rematch table")
	}
	d.press("r")
	d.waitScreen("You host this table")
	nr := d.m.Table().(*Remote)
	t.Cleanup(func() { nr.Close() })
	if nr.ID() != next || nr.Seat() != 0 {
		t.Fatalf("at table %s seat %d, want %s seat 0", nr.ID(), nr.Seat(), next)
	}
}
