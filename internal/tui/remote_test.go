package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/protocol"
)

// testServer is the real server (server.Main) run in-process.
type testServer struct {
	t    *testing.T
	m    *server.Main
	dir  string
	base string
	addr string
}

// startServer starts a server on addr ("127.0.0.1:0" for a free port) with
// its data in dir, bots that barely pause, and no rate limits.
func startServer(t *testing.T, dir, addr string, flags ...string) *testServer {
	t.Helper()
	m := &server.Main{Stderr: io.Discard}
	args := append([]string{"--addr", addr, "--data", dir, "--bot-delay", "1ms", "--grace", "1h",
		"--http-rate", "-1", "--msg-rate", "-1", "--log-level", "error"}, flags...)
	if err := m.ParseFlags(args); err != nil {
		t.Fatal(err)
	}
	if err := m.Start(); err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, m: m, dir: dir, addr: m.Addr(), base: "http://" + m.Addr()}
	t.Cleanup(ts.close)
	return ts
}

func (ts *testServer) close() {
	if ts.m != nil {
		if err := ts.m.Close(); err != nil {
			ts.t.Errorf("closing the server: %v", err)
		}
		ts.m = nil
	}
}

// create opens a table and returns its id and the creator's token.
func (ts *testServer) create(nick string, seats []map[string]string, settings map[string]any) (string, string) {
	ts.t.Helper()
	if settings == nil {
		settings = map[string]any{}
	}
	b, _ := json.Marshal(map[string]any{"nickname": nick, "seats": seats, "settings": settings})
	resp, err := http.Post(ts.base+"/api/tables", "application/json", bytes.NewReader(b))
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ ID, Token string }
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated || json.Unmarshal(body, &out) != nil {
		ts.t.Fatalf("create: %d %s", resp.StatusCode, body)
	}
	return out.ID, out.Token
}

// info reads a table's TableInfo.
func (ts *testServer) info(id string) protocol.TableInfo {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	in, err := client.New(ts.base).Table(ctx, id)
	if err != nil {
		ts.t.Fatal(err)
	}
	return in
}

// hostStarts connects as the holder of token, starts the game and leaves.
func (ts *testServer) hostStarts(id, token string) {
	ts.t.Helper()
	ts.hostSends(id, token, protocol.TypeStart)
}

// hostSends connects as the holder of token, sends a host message of type
// typ, waits for its ack and leaves.
func (ts *testServer) hostSends(id, token, typ string) {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := client.New(ts.base).Dial(ctx, id, client.Options{Token: token})
	if err != nil {
		ts.t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Request(ctx, protocol.ClientMsg{Type: typ}); err != nil {
		ts.t.Fatalf("%s refused: %v", typ, err)
	}
}

var (
	openSeat = map[string]string{"kind": "open"}
	botSeat  = func(level string) map[string]string { return map[string]string{"kind": "bot", "level": level} }
)

// testRemote sits at a table with short timers.
func testRemote(t *testing.T, ts *testServer, id, name, tokens string) *Remote {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := JoinRemote(ctx, RemoteConfig{Server: ts.base, Table: id, Name: name, Tokens: tokens,
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

// playRemote plays with the keyboard (move) until the game is over, or
// until stop says so; it returns whether the person ever saw the last
// trick of a round told after the next round was dealt.
func playRemote(t *testing.T, d *driver, move func(), stop func(v protocol.View) bool) (sawRoundsLast bool) {
	t.Helper()
	for steps := 0; ; steps++ {
		if steps > 5000 {
			t.Fatalf("game not over after %d moves", steps)
		}
		d.settle()
		v, _ := d.m.Current()
		if lt := v.LastTrick; lt != nil && lt.Round != v.Round {
			sawRoundsLast = true
			if len(lt.Plays) != len(v.Seats) {
				t.Fatalf("round %d's last trick has %d cards:\n%s", lt.Round, len(lt.Plays), plain(d.m))
			}
			if !strings.Contains(plain(d.m), "Round "+strconv.Itoa(lt.Round)+"'s last trick") {
				t.Fatalf("round %d's last trick is not told:\n%s", lt.Round, plain(d.m))
			}
		}
		if d.m.Over() || (stop != nil && stop(v)) {
			return sawRoundsLast
		}
		if closed, err := d.m.Closed(); closed {
			t.Fatalf("the table closed: %v\n%s", err, plain(d.m))
		}
		checkScreen(t, d.m)
		move()
	}
}

// A whole game at a server table through the screen: Ann joins by the
// invite, waits for the host, who starts and leaves (a bot plays for them
// after the grace period), plays every card with the keyboard, and saves
// the record, which replays to the totals on the screen.
func TestRemoteWholeGame(t *testing.T) {
	ts := startServer(t, t.TempDir(), "127.0.0.1:0", "--grace", "50ms")
	id, hostToken := ts.create("Host", []map[string]string{openSeat, openSeat, botSeat("random"), botSeat("heuristic")}, nil)
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

	ts.hostStarts(id, hostToken)
	p := &player{d: d, rng: skullking.NewRand(7)}
	if !playRemote(t, d, p.move, nil) {
		t.Error("no round's last trick was shown once the next round was dealt")
	}
	checkScreen(t, d.m)
	if !strings.Contains(plain(d.m), "Game over") {
		t.Errorf("no game over line:\n%s", plain(d.m))
	}

	d.press("esc", "w")
	for !strings.HasPrefix(d.m.msg, "Saved") {
		d.next()
		if strings.HasPrefix(d.m.msg, "Not saved") {
			t.Fatal(d.m.msg)
		}
	}
	f, err := os.Open(save)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := skullking.ReadRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	v, _ := d.m.Current()
	for s, total := range g.Totals() {
		if v.Seats[s].Total != total {
			t.Errorf("seat %d: screen total %d, record %d", s, v.Seats[s].Total, total)
		}
	}
	if rec.Players[1] != "Ann" {
		t.Errorf("players %v", rec.Players)
	}
	if s, ok := loadSeat(tokens, ts.base+"/t/"+id); !ok || s.Seat != 1 {
		t.Errorf("the token file keeps %+v, %v", s, ok)
	}
	if fi, err := os.Stat(tokens); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("token file: %v, %v", fi.Mode(), err)
	}
	d.press("q")
	d.next()
	if !d.quit {
		t.Error("q did not quit")
	}
}

// The host reclaims the seat made for them by the lobby API (its token in
// the token file), starts the game with g, sees the server's refusal on the
// status line, and plays on through a dropped connection and a server
// restart.
func TestRemoteHostStartsAndReconnects(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir, "127.0.0.1:0")
	id, token := ts.create("Ann", []map[string]string{openSeat, botSeat("random"), botSeat("random"), botSeat("heuristic")},
		map[string]any{"options": map[string]any{"rounds": 4, "kraken": true, "loot": true}})
	tokens := filepath.Join(t.TempDir(), "tokens.json")
	if err := storeSeat(tokens, ts.base+"/t/"+id, savedSeat{Token: token, Seat: 0, Name: "Ann"}); err != nil {
		t.Fatal(err)
	}
	r := testRemote(t, ts, id, "Zed", tokens)
	if r.Seat() != 0 {
		t.Fatalf("seat %d, want the host's seat 0", r.Seat())
	}
	if in := ts.info(id); in.Seats[0].Name != "Ann" || in.Seats[1].Kind != "bot" {
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
	playRemote(t, d, p.move, func(v protocol.View) bool { return v.Round >= 2 })
	r.dropConnection()
	d.waitMsg("reconnecting…")
	d.waitMsg("Reconnected.")
	playRemote(t, d, p.move, func(v protocol.View) bool { return v.Round >= 3 })

	ts.close()
	d.waitMsg("reconnecting…")
	ts = startServer(t, dir, ts.addr)
	d.waitMsg("Reconnected.")
	playRemote(t, d, p.move, nil)
	v, _ = d.m.Current()
	if len(v.Results) < 4 || len(v.Winners) == 0 { // a tie plays a tiebreak round
		t.Errorf("%d rounds scored, winners %v", len(v.Results), v.Winners)
	}
	// The lobby learns of the end just after the last state goes out.
	in := ts.info(id)
	for deadline := time.Now().Add(5 * time.Second); in.Status != "over" && time.Now().Before(deadline); in = ts.info(id) {
		time.Sleep(10 * time.Millisecond)
	}
	if in.Status != "over" || !in.Seats[0].Connected {
		t.Errorf("the server sees the table %s, Ann connected %v", in.Status, in.Seats[0].Connected)
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
	ts := startServer(t, t.TempDir(), "127.0.0.1:0")
	opts := map[string]any{"loot": true, "kraken": true, "white_whale": true, "pirate_abilities": true,
		"scoring": "rascal", "cannon_load": true}
	id, token := ts.create("Ann", []map[string]string{openSeat, botSeat("random"), botSeat("random"),
		botSeat("random"), botSeat("heuristic")}, map[string]any{"options": opts})
	tokens := filepath.Join(t.TempDir(), "tokens.json")
	if err := storeSeat(tokens, ts.base+"/t/"+id, savedSeat{Token: token}); err != nil {
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
	playRemote(t, d, move, func(v protocol.View) bool {
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
