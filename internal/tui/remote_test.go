package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

var (
	openSeat = testserver.Open
	botSeat  = testserver.Bot
)

// testRemote sits at a table with short timers.
func testRemote(t *testing.T, ts *testserver.Server, id, name, tokens string) *Remote {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := JoinRemote(ctx, RemoteConfig{Server: ts.Base, Table: id, Name: name, Tokens: tokens,
		Backoff: 20 * time.Millisecond, MaxBackoff: 200 * time.Millisecond, Ping: time.Second, PingTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// waitScreen handles messages until the screen shows want.
func (d *driver) waitScreen(want string) {
	d.t.Helper()
	for !strings.Contains(strings.Join(strings.Fields(plain(d.m)), " "), want) {
		d.next()
	}
}

// waitMsg handles messages until the status line says want.
func (d *driver) waitMsg(want string) {
	d.t.Helper()
	for !strings.Contains(d.m.msg, want) {
		d.next()
	}
}

// A whole game at a server table through the screen: Ann joins by the
// invite, waits for the host, who starts and leaves (a bot plays for them
// after the grace period), plays every card with the keyboard, and saves
// the record, which replays to the totals on the screen.
func TestRemoteWholeGame(t *testing.T) {
	ts := testserver.Start(t, "--grace", "50ms")
	host := ts.Create("Host", []protocol.SeatSpec{openSeat, openSeat, botSeat("random"), botSeat("heuristic")}, testserver.Settings(0))
	id := host.ID
	tokens := filepath.Join(t.TempDir(), "skullking", "tokens.json")
	r := testRemote(t, ts, id, "Ann", tokens)
	if r.Seat() != 1 {
		t.Fatalf("Ann sits at seat %d, want 1", r.Seat())
	}
	save := filepath.Join(t.TempDir(), "game.json")
	d := newDriver(t, r, Config{SavePath: save})
	d.waitScreen("Waiting for the host, Host, to start the game.")
	out := strings.Join(strings.Fields(plain(d.m)), " ") // as read, whatever the wrapping
	if !strings.Contains(out, "Ann (you)") || !strings.Contains(out, "(bot)") || strings.Contains(out, "g start") {
		t.Errorf("lobby screen:\n%s", out)
	}
	checkScreen(t, d.m)
	d.press("g") // not the host: nothing happens
	if d.m.msg == "Starting the game…" {
		t.Error("g started the game for a guest")
	}

	ts.Send(id, host.Token, protocol.TypeStart)
	p := &player{d: d, rng: skullking.NewRand(7)}
	if !playTo(t, d, p.move, nil) {
		t.Error("no round's last trick was shown once the next round was dealt")
	}
	rec := d.saveRecord(save)
	if rec.Players[1] != "Ann" {
		t.Errorf("players %v", rec.Players)
	}
	if s, ok := loadSeat(tokens, ts.Base+"/t/"+id); !ok || s.Seat != 1 {
		t.Errorf("the token file keeps %+v, %v", s, ok)
	}
	if fi, err := os.Stat(tokens); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("token file: %v, %v", fi.Mode(), err)
	}
	d.quits()
}

// The host reclaims the seat made for them by the lobby API (its token in
// the token file), starts the game with g, sees the server's refusal on the
// status line, and plays on through a dropped connection and a server
// restart.
func TestRemoteHostStartsAndReconnects(t *testing.T) {
	ts := testserver.Start(t)
	st := testserver.Settings(4)
	st.Options.Kraken, st.Options.Loot = true, true
	created := ts.Create("Ann", []protocol.SeatSpec{openSeat, botSeat("random"), botSeat("random"), botSeat("heuristic")}, st)
	id, token := created.ID, created.Token
	tokens := filepath.Join(t.TempDir(), "tokens.json")
	if err := storeSeat(tokens, ts.Base+"/t/"+id, savedSeat{Token: token, Seat: 0, Name: "Ann"}); err != nil {
		t.Fatal(err)
	}
	r := testRemote(t, ts, id, "Zed", tokens)
	if r.Seat() != 0 {
		t.Fatalf("seat %d, want the host's seat 0", r.Seat())
	}
	if in := ts.Info(id); in.Seats[0].Name != "Ann" || in.Seats[1].Kind != "bot" {
		t.Fatalf("the seat was not reclaimed: %+v", in.Seats)
	}
	d := newDriver(t, r, Config{})
	d.waitScreen("press g to start the game")
	if !strings.Contains(plain(d.m), "g start the game") {
		t.Errorf("the keys line does not offer g:\n%s", plain(d.m))
	}
	checkScreen(t, d.m)
	d.press("g")
	d.settle()
	v, _ := d.m.Current()
	if v.Phase != protocol.PhaseBidding || !strings.Contains(d.m.rules, "Kraken") || v.Rounds != 4 {
		t.Fatalf("after g: phase %v, %d rounds, rules %q", v.Phase, v.Rounds, d.m.rules)
	}

	// A refused action: the engine's refusal, in the screen's words.
	five := 5
	d.exec(d.m.send(protocol.Action{Kind: protocol.KindBid, Value: &five}))
	for d.m.inflight {
		d.next()
	}
	if d.m.msg != "1 card was dealt: bid 0 to 1." {
		t.Errorf("status line %q", d.m.msg)
	}
	// The server's expert advises; the bid chooser moves to its advice.
	d.press("h")
	d.settleHint()
	if d.m.hint == nil || !strings.HasPrefix(d.m.msg, "Hint: bid") || *d.m.hint.Action.Value != d.m.bid {
		t.Errorf("h says %q, hint %+v, bid %d", d.m.msg, d.m.hint, d.m.bid)
	}

	p := &player{d: d, rng: skullking.NewRand(3)}
	playTo(t, d, p.move, func(v protocol.View) bool { return v.Round >= 2 })
	r.dropConnection()
	d.waitMsg("reconnecting…")
	d.waitMsg("Reconnected.")
	playTo(t, d, p.move, func(v protocol.View) bool { return v.Round >= 3 })

	ts.Stop()
	d.waitMsg("reconnecting…")
	ts.Restart()
	d.waitMsg("Reconnected.")
	playTo(t, d, p.move, nil)
	v, _ = d.m.Current()
	if len(v.Results) < 4 || len(v.Winners) == 0 { // a tie plays a tiebreak round
		t.Errorf("%d rounds scored, winners %v", len(v.Results), v.Winners)
	}
	// The lobby learns of the end just after the last state goes out.
	if in := ts.WaitOver(id, 5*time.Second); !in.Seats[0].Connected {
		t.Errorf("the server sees Ann away at the end")
	}
}

// checkedTable is a remote table that remembers every refusal: a person
// who only ever chooses what the screen offers must never be refused.
type checkedTable struct {
	*Remote
	mu      sync.Mutex
	refused []string
}

func (c *checkedTable) Send(a protocol.Action) error {
	err := c.Remote.Send(a)
	if err != nil {
		c.mu.Lock()
		c.refused = append(c.refused, a.Kind+": "+err.Error())
		c.mu.Unlock()
	}
	return err
}

// Every module's decision crosses the wire: cannon loads, the named
// Pirates' abilities (Rosie, Bendt's draw and discard, Rascal's wager,
// Harry), the Tigress both ways, Loot, the Kraken and the White Whale.
func TestRemoteWholeGameWithEveryModule(t *testing.T) {
	ts := testserver.Start(t)
	st := testserver.Settings(0)
	o := &st.Options
	o.Loot, o.Kraken, o.WhiteWhale, o.PirateAbilities = true, true, true, true
	o.Scoring, o.CannonLoad = skullking.RascalScoring, true
	created := ts.Create("Ann", []protocol.SeatSpec{openSeat, botSeat("random"), botSeat("random"),
		botSeat("random"), botSeat("heuristic")}, st)
	id, token := created.ID, created.Token
	tokens := filepath.Join(t.TempDir(), "tokens.json")
	if err := storeSeat(tokens, ts.Base+"/t/"+id, savedSeat{Token: token}); err != nil {
		t.Fatal(err)
	}
	table := &checkedTable{Remote: testRemote(t, ts, id, "Ann", tokens)}
	d := newDriver(t, table, Config{})
	d.waitScreen("press g")
	d.press("g")
	p := &player{d: d, rng: skullking.NewRand(11)}
	// The person plays a Pirate whenever one may be played: a Pirate
	// usually takes the trick, and a named one's ability is then theirs.
	move := func() {
		v, _ := d.m.Current()
		if d.m.overlay == overlayNone && v.Phase == protocol.PhasePlaying && v.Turn == d.m.Seat() {
			for i, c := range v.Hand {
				if info(c.CardRef).Kind == "pirate" && c.Playable {
					for d.m.cursor != i {
						d.press("right")
					}
					d.press("enter")
					return
				}
			}
		}
		p.move()
	}
	phases := map[string]int{}
	playTo(t, d, move, func(v protocol.View) bool {
		if len(v.Legal) > 0 && !d.m.blocked() {
			phases[v.Phase+" "+d.m.pendingKind()]++
		}
		return false
	})
	t.Logf("decisions by phase: %v", phases)
	v, _ := d.m.Current()
	if !v.Named || !strings.Contains(d.m.rules, "cannon loads") || len(v.Results) < 10 {
		t.Errorf("named %v, rules %q, %d rounds", v.Named, d.m.rules, len(v.Results))
	}
	// Which abilities come the person's way depends on the server's deal.
	if phases["cannon "] < 10 {
		t.Errorf("decisions by phase: %v", phases)
	}
	table.mu.Lock()
	defer table.mu.Unlock()
	if len(table.refused) > 0 {
		t.Errorf("the server refused what the screen offered: %q", table.refused)
	}
}
