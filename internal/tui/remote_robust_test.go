package tui

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// fakeServer speaks just enough of the protocol to feed the client
// whatever frames a test scripts, well-formed or not.
type fakeServer struct {
	t      *testing.T
	srv    *httptest.Server
	frames chan []byte // sent to the client at table abc in order; nil closes the connection
	hellos chan protocol.ClientMsg
	said   chan protocol.ClientMsg // what clients sent after their hello

	mu     sync.Mutex
	tables map[string]chan []byte // frames by table id: a rematch is another table
}

func newFakeServer(t *testing.T) *fakeServer {
	fs := &fakeServer{t: t, frames: make(chan []byte, 100), hellos: make(chan protocol.ClientMsg, 10),
		said: make(chan protocol.ClientMsg, 100)}
	fs.tables = map[string]chan []byte{"abc": fs.frames}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/tables/{id}/join", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"id":"abc","seat":0,"token":"tok","ws":"/api/tables/abc/ws"}`))
	})
	mux.HandleFunc("GET /api/tables/{id}/ws", func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{protocol.Subprotocol}})
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ctx := r.Context()
		frames := fs.queue(r.PathValue("id"))
		_, data, err := ws.Read(ctx)
		if err != nil {
			return
		}
		var hello protocol.ClientMsg
		_ = json.Unmarshal(data, &hello)
		fs.hellos <- hello
		go func() { // the client's later messages, and its pongs
			for {
				_, data, err := ws.Read(ctx)
				if err != nil {
					return
				}
				var m protocol.ClientMsg
				if json.Unmarshal(data, &m) == nil {
					select {
					case fs.said <- m:
					default:
					}
				}
			}
		}()
		for {
			select {
			case f := <-frames:
				if f == nil {
					ws.Close(websocket.StatusNormalClosure, "")
					return
				}
				typ := websocket.MessageText
				if len(f) > 0 && f[0] == 0 {
					typ = websocket.MessageBinary
				}
				if err := ws.Write(ctx, typ, f); err != nil {
					return
				}
			case <-ctx.Done():
				return
			}
		}
	})
	fs.srv = httptest.NewServer(mux)
	t.Cleanup(fs.srv.Close)
	return fs
}

func (fs *fakeServer) send(frames ...string) { fs.sendTo("abc", frames...) }

// sendTo queues frames for the client at table id.
func (fs *fakeServer) sendTo(id string, frames ...string) {
	q := fs.queue(id)
	for _, f := range frames {
		q <- []byte(f)
	}
}

// queue is the frames waiting for table id's client.
func (fs *fakeServer) queue(id string) chan []byte {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	q, ok := fs.tables[id]
	if !ok {
		q = make(chan []byte, 100)
		fs.tables[id] = q
	}
	return q
}

// stateMsg is a state for seat's view of g after seq actions.
func stateMsg(t *testing.T, seq int64, g *skullking.Game, seat int, deadline int64) string {
	t.Helper()
	v := g.View(seat)
	b, err := protocol.Encode(protocol.ServerMsg{Type: protocol.TypeState, Seq: seq, View: protocol.ViewOf(&v),
		Deadline: deadline})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// stateFrame is a real state: seat 0's view of a fresh four-player game.
func stateFrame(t *testing.T, seq int64, opts skullking.Options) string {
	t.Helper()
	g, err := skullking.NewGame(4, skullking.WithOptions(opts), skullking.WithSeed(5),
		skullking.WithNames("Ann", "Ben", "Cat", "Dan"))
	if err != nil {
		t.Fatal(err)
	}
	return stateMsg(t, seq, g, 0, 0)
}

const fakeWelcome = `{"type":"welcome","v":2,"seat":0,"host":true,"table":{"id":"abc","status":"playing",` +
	`"options":{"kraken":true},"rules":"10 rounds, Kraken","seats":[{"seat":0,"kind":"person","name":"Ann"}],"host":0}}`

// joinFake sits at the fake server's table abc, with a screen of config screen.
func joinFake(t *testing.T, fs *fakeServer, cfg RemoteConfig, screen Config) (*Remote, *driver) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cfg.Server, cfg.Table = fs.srv.URL, "abc"
	if cfg.Name == "" {
		cfg.Name = "Ann"
	}
	r, err := JoinRemote(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	<-fs.hellos
	return r, newDriver(t, r, screen)
}

// Whatever the server sends — garbage, unknown types, views that do not
// add up, text with terminal escapes — the client neither crashes nor
// shows it raw, and goes on with the next good state.
func TestRemoteSurvivesABadServer(t *testing.T) {
	fs := newFakeServer(t)
	fs.send(fakeWelcome)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := JoinRemote(ctx, RemoteConfig{Server: fs.srv.URL, Table: "abc", Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if h := <-fs.hellos; h.Type != protocol.TypeHello || h.V != protocol.Version || h.Token != "tok" {
		t.Fatalf("hello %+v", h)
	}
	d := newDriver(t, r, Config{})
	view := `"view":{"seat":0,"players":4,"phase":"playing","round":1,"rounds":10,"cards":1,"turn":0,"leader":0,` +
		`"winning":-1,"seats":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"}]`
	bad := []string{
		`not json`,
		"\x00binary",
		`{"type":"mystery","x":[1,2]}`,
		`{"type":"state","seq":1}`,
		`{"type":"state","seq":1,"view":{"seat":0,"players":4,"phase":"playing","seats":[]}}`,
		`{"type":"state","seq":1,` + view + `,"winners":[9]}}`,
		`{"type":"state","seq":1,` + view + `,"cards":1000000000}}`,
		`{"type":"state","seq":1,` + view + `,"seat":3}}`,
		`{"type":"state","seq":1,` + view + `,"hand":[{"card":74}]}}`,
		`{"type":"state","seq":1,` + view + `,"hand":[{"card":3,"why":{"code":"x","other":12}}]}}`,
		`{"type":"state","seq":1,` + view + `,"last_trick":{"plays":[{"seat":1,"card":3}],"outcome":"won","winner":1,` +
			`"winning":4,"leader":1}}}`,
		`{"type":"state","seq":1,` + view + `,"turn":7}}`,
		`{"type":"state","seq":1,` + view + `,"phase":"dancing"}}`,
		`{"type":"state","seq":1,` + view + `,"trick":[{"seat":1,"card":3,"as":"parrot"}]}}`,
		`{"type":"state","seq":1,` + view + `,"tricks":[{"plays":[{"seat":1,"card":3}],"outcome":"won","winner":2,"leader":2}]}}`,
		`{"type":"state","seq":1,` + view + `,"results":[{"round":1,"bids":[0,0,0,0],"won":[0,0,0,0],"bonus":[0,0,0,0],` +
			`"points":[0,0,0,0],"totals":[0,0,0,0],"scores":[{"loot":[{"ally":7}]},{},{},{}]}]}}`,
		`{"type":"state","seq":1,` + view + `,"results":[{"round":1,"bids":[1]}]}}`,
		`{"type":"state","seq":1,` + view + `,"results":[{"round":1,"bids":[0,0,0,0],"won":[0,0,0,0],"bonus":[0,0,0,0],` +
			`"points":[0,0,0,0],"totals":[4000000000000000000,-4000000000000000000,0,0]}]}}`,
		`{"type":"state","seq":1,` + view + `,"pending":{"kind":"rosie","seat":12}}}`,
		`{"type":"state","seq":1,"view":{"seat":0,"players":4,"phase":"playing","seats":"many"}}`,
		`{"type":"error","id":999,"code":"illegal","message":"\u001b[2Jwiped"}`,
		`{"type":"chat","seat":1,"name":"Ben\u0007","text":"hi\u001b]0;title\u0007"}`,
	}
	fs.send(bad...)
	fs.send(stateFrame(t, 2, skullking.DefaultOptions()), stateFrame(t, 1, skullking.DefaultOptions()))
	d.settle()
	v, _ := d.m.Current()
	if v.Round != 1 || v.Phase != protocol.PhaseBidding || len(v.Hand) != 1 || v.Seats[1].Name != "Ben" {
		t.Fatalf("the good state is not shown: %+v", v)
	}
	if d.m.rules != "10 rounds, Kraken" {
		t.Errorf("the table's rules read %q", d.m.rules)
	}
	for _, s := range []string{"\x1b[2J", "\x1b]0;", "\a"} {
		if strings.Contains(d.m.Render(), s) || strings.Contains(d.m.msg, s) {
			t.Errorf("a control sequence from the network reached the screen: %q", s)
		}
	}
	checkScreen(t, d.m)

	// A bye that gives the seat away ends the table for good.
	fs.send(`{"type":"bye","reason":"the host gave your seat to a bot"}`)
	fs.frames <- nil
	for closed, _ := d.m.Closed(); !closed; closed, _ = d.m.Closed() {
		d.next()
	}
	if _, err := d.m.Closed(); err == nil || !strings.Contains(err.Error(), "gave your seat to a bot") {
		t.Errorf("closed with %v", err)
	}
	if err := r.Send(protocol.Action{Kind: protocol.KindBid, Value: new(int)}); err == nil ||
		!strings.Contains(err.Error(), "gave your seat") {
		t.Errorf("Send after the seat was lost: %v", err)
	}
}

// A bye that asks to reconnect is followed: the client comes back with
// the same token and the screen carries on.
func TestRemoteReconnectsAfterARestartBye(t *testing.T) {
	fs := newFakeServer(t)
	fs.send(fakeWelcome, stateFrame(t, 0, skullking.DefaultOptions()))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := JoinRemote(ctx, RemoteConfig{Server: fs.srv.URL, Table: "abc", Name: "Ann", Backoff: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	<-fs.hellos
	d := newDriver(t, r, Config{})
	d.settle()
	fs.send(`{"type":"bye","reason":"the server is restarting","reconnect":true}`)
	fs.frames <- nil
	d.waitMsg("reconnecting…")
	if h := <-fs.hellos; h.Token != "tok" {
		t.Errorf("second hello %+v", h)
	}
	fs.send(fakeWelcome, stateFrame(t, 0, skullking.DefaultOptions()))
	d.waitMsg("Reconnected.")
	d.settle()
	if closed, _ := d.m.Closed(); closed || !d.m.Ready() {
		t.Errorf("closed %v, ready %v", closed, d.m.Ready())
	}
}

func TestTokenFileKeepsAndForgetsSeats(t *testing.T) {
	path := t.TempDir() + "/dir/tokens.json"
	if _, ok := loadSeat(path, "a"); ok {
		t.Fatal("a seat in a file that does not exist")
	}
	for _, k := range []string{"a", "b"} {
		if err := storeSeat(path, k, savedSeat{Token: "t" + k, Seat: 2}); err != nil {
			t.Fatal(err)
		}
	}
	if s, ok := loadSeat(path, "a"); !ok || s.Token != "ta" || s.Seat != 2 {
		t.Errorf("a: %+v %v", s, ok)
	}
	if err := storeSeat(path, "a", savedSeat{}); err != nil {
		t.Fatal(err)
	}
	if _, ok := loadSeat(path, "a"); ok {
		t.Error("a was not forgotten")
	}
	if s, ok := loadSeat(path, "b"); !ok || s.Token != "tb" {
		t.Errorf("forgetting a lost b: %+v", s)
	}
	if _, ok := loadSeat("", "b"); ok {
		t.Error("no file, yet a seat")
	}
}

// stubTable is a table that only says whose seat it is, for drawing
// views the fuzzer makes up.
type stubTable struct{ seat int }

func (s stubTable) Seat() int                { return s.seat }
func (stubTable) Updates() <-chan Update     { return nil }
func (stubTable) Send(protocol.Action) error { return nil }
func (stubTable) Close() error               { return nil }
func (stubTable) Record() ([]byte, error)    { return nil, ErrClosed }

// Any view the protocol's checks accept can be drawn, in every panel, and
// its keys pressed, without a panic: View.Check covers every index the
// screen uses.
func FuzzRemoteView(f *testing.F) {
	o := skullking.DefaultOptions()
	o.Loot, o.Kraken, o.WhiteWhale, o.PirateAbilities = true, true, true, true
	o.Scoring, o.CannonLoad = skullking.RascalScoring, true
	for _, players := range []int{2, 5} {
		opts := o
		if players == 2 {
			opts = skullking.DefaultOptions() // with Graybeard
		}
		g, err := skullking.NewGame(players, skullking.WithOptions(opts), skullking.WithSeed(uint64(players)))
		if err != nil {
			f.Fatal(err)
		}
		rng := skullking.NewRand(1)
		for step := 0; !g.Over(); step++ {
			if step%17 == 0 || step%17 == 8 {
				seat := step % players
				if step%17 == 8 {
					seat = skullking.Spectator // spectators see every phase too
				}
				v := g.View(seat)
				b, _ := json.Marshal(protocol.ViewOf(&v))
				f.Add(b)
			}
			var legal []skullking.Action
			for s := 0; s < players && len(legal) == 0; s++ {
				legal = g.LegalActions(s, nil)
			}
			if err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
				f.Fatal(err)
			}
		}
		v := g.View(0)
		b, _ := json.Marshal(protocol.ViewOf(&v))
		f.Add(b)
	}
	f.Add([]byte(`{"seat":0,"players":2,"phase":"over","seats":[{},{}],"winners":[1],"results":[{"bids":[0,0],"won":[0,0],"bonus":[0,0],"points":[0,0],"totals":[0,0]}]}`))
	f.Add([]byte(`{"seat":0,"players":2,"phase":"ability","seats":[{},{}],"pending":{"kind":"discard","seat":0,"draw":2},"hand":[{"card":1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var v protocol.View
		if json.Unmarshal(data, &v) != nil || v.Check() != nil {
			return
		}
		m := New(stubTable{seat: v.Seat}, Config{})
		m.onUpdate(Update{View: &v, Rules: "standard rules"})
		for _, ov := range []overlay{overlayNone, overlayHelp, overlaySheet, overlayRound} {
			m.overlay = ov
			_ = m.Render()
		}
		m.overlay = overlayNone
		for _, k := range []string{"right", "enter", "p", "left", "1", "enter", "tab", "enter", "esc", "s", "up", "down"} {
			m.key(keyMsg(k))
			_ = m.Render()
		}
	})
}
