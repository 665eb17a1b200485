package server_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// The limits that keep a crowd from hurting a public server, checked
// through the real server as a crowd would meet them: each refusal's code,
// and that the table goes on — its player still acts and chats.

// hostAlone opens a table of Ann and a bot, in its lobby, and seats Ann.
func hostAlone(t *testing.T, ts *testserver.Server, st protocol.Settings) (string, *seat) {
	t.Helper()
	created := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random")}, st)
	return created.ID, sit(t, ts.Client(), created.ID, "Ann", created.Token)
}

// dialSpectator dials table id as a spectator and returns the error, nil
// when welcomed (the connection then closes with the test).
func dialSpectator(t *testing.T, ts *testserver.Server, id string) error {
	t.Helper()
	conn, err := ts.Client().Dial(testserver.Context(t, 15*time.Second), id, testserver.Quick(client.Options{Spectate: true}))
	if err == nil {
		t.Cleanup(func() { conn.Close() })
	}
	return err
}

// goesOn checks that Ann's table still works: she chats and hears her
// line, starts the game (or finds it started) and makes a move.
func goesOn(t *testing.T, ann *seat, line string) {
	t.Helper()
	if err := ann.conn.Chat(testserver.Context(t, 10*time.Second), line); err != nil {
		t.Fatalf("Ann's chat: %v", err)
	}
	ann.until("Ann's own line relayed", func(ev client.Event) bool {
		if ev.Msg != nil && ev.Msg.Type == protocol.TypeError {
			t.Fatalf("Ann's line refused: %s %q", ev.Msg.Code, ev.Msg.Message)
		}
		return ev.Msg != nil && ev.Msg.Type == protocol.TypeChat && ev.Msg.Text == line && ev.Msg.Name == "Ann"
	})
	if ann.last == nil {
		if _, err := ann.request(protocol.ClientMsg{Type: protocol.TypeStart}); err != nil {
			t.Fatalf("start: %v", err)
		}
	}
	for ann.last == nil || len(ann.last.View.Legal) == 0 || ann.conn.Stale(ann.lastEv) {
		ann.next(protocol.TypeState)
	}
	if err := ann.conn.Act(testserver.Context(t, 10*time.Second), ann.last.View.Legal[0]); err != nil {
		t.Fatalf("Ann's move: %v", err)
	}
}

// TestSpectatorsPerTableAreBounded: past --max-spectators a spectator's
// hello is refused spectators_full and its connection closed; the players
// go on.
func TestSpectatorsPerTableAreBounded(t *testing.T) {
	ts := testserver.Start(t, "--max-spectators", "2")
	id, ann := hostAlone(t, ts, testserver.Settings(1))
	for i := range 2 {
		if err := dialSpectator(t, ts, id); err != nil {
			t.Fatalf("spectator %d of 2: %v", i+1, err)
		}
	}
	err := dialSpectator(t, ts, id)
	if code(err) != protocol.ErrSpectatorsFull {
		t.Fatalf("a third spectator of 2 allowed: %v, want %s", err, protocol.ErrSpectatorsFull)
	}
	ts.WaitInfo(id, 5*time.Second, "watched by 2", func(in protocol.TableInfo) bool { return in.Watching == 2 })
	goesOn(t, ann, "the rail is full")
}

// TestConnectionsPerAddressAreBounded: past --max-conns-per-ip an
// address's next table WebSocket is refused at the upgrade, 429 with
// Retry-After and code too_many_connections, across tables; a connection
// that closes frees its place; the tables go on.
func TestConnectionsPerAddressAreBounded(t *testing.T) {
	ts := testserver.Start(t, "--limit-loopback", "--max-conns-per-ip", "3")
	id, ann := hostAlone(t, ts, testserver.Settings(1))
	other, _ := hostAlone(t, ts, testserver.Settings(1)) // Ann's second connection, at another table
	watcher, err := ts.Client().Dial(testserver.Context(t, 15*time.Second), id, testserver.Quick(client.Options{Spectate: true}))
	if err != nil {
		t.Fatalf("the third connection of 3: %v", err)
	}
	for _, table := range []string{id, other} {
		err := dialSpectator(t, ts, table)
		var e *client.Error
		if !errors.As(err, &e) || e.Status != http.StatusTooManyRequests || e.Code != protocol.ErrTooManyConns {
			t.Fatalf("a fourth connection, to table %s: %v, want 429 %s", table, err, protocol.ErrTooManyConns)
		}
	}
	resp, err := http.Get(ts.Base + "/api/tables/" + id + "/ws")
	if err != nil {
		t.Fatal(err)
	}
	var body protocol.ErrorBody
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatalf("the refusal's body: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || body.Code != protocol.ErrTooManyConns ||
		!strings.Contains(body.Error, "3 table connections") {
		t.Fatalf("a refused upgrade: %d, Retry-After %q, %+v", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	goesOn(t, ann, "still connected")
	// Three refused upgrades, counted for the operator.
	if n := metric(t, ts, `skullking_refused_total{code="too_many_connections"}`); n != 3 {
		t.Errorf("/metrics counts %v refused connections, want 3", n)
	}

	watcher.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := dialSpectator(t, ts, id)
		if err == nil {
			break
		}
		if code(err) != protocol.ErrTooManyConns || time.Now().After(deadline) {
			t.Fatalf("a connection after one closed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestLoopbackIsExemptByDefault: without --limit-loopback the limits per
// address leave the server's own machine alone (a load test opens
// thousands of connections from it).
func TestLoopbackIsExemptByDefault(t *testing.T) {
	ts := testserver.Start(t, "--max-conns-per-ip", "1", "--max-tables-per-ip", "1")
	id, _ := hostAlone(t, ts, testserver.Settings(1))
	hostAlone(t, ts, testserver.Settings(1))
	for i := range 3 {
		if err := dialSpectator(t, ts, id); err != nil {
			t.Fatalf("loopback spectator %d at a limit of 1 an address: %v", i+1, err)
		}
	}
}

// TestTablesPerAddressAreBounded: past --max-tables-per-ip unfinished
// tables, an address's next creation is refused 429 too_many_tables and
// makes no table; a game played to its end frees its place.
func TestTablesPerAddressAreBounded(t *testing.T) {
	ts := testserver.Start(t, "--limit-loopback", "--max-tables-per-ip", "2")
	_, ann := hostAlone(t, ts, testserver.Settings(1))
	hostAlone(t, ts, testserver.Settings(1))
	before, err := ts.Client().Tables(testserver.Context(t, 10*time.Second))
	if err != nil {
		t.Fatal(err)
	}

	_, err = ts.Client().Create(testserver.Context(t, 10*time.Second), protocol.CreateRequest{Nickname: "Ann",
		Seats: []protocol.SeatSpec{testserver.Open, testserver.Bot("random")}, Settings: testserver.Settings(1)})
	var e *client.Error
	if !errors.As(err, &e) || e.Status != http.StatusTooManyRequests || e.Code != protocol.ErrTooManyTables ||
		!strings.Contains(e.Message, "2 tables") {
		t.Fatalf("a third table of 2 allowed: %v, want 429 %s", err, protocol.ErrTooManyTables)
	}
	after, err := ts.Client().Tables(testserver.Context(t, 10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Fatalf("the refused creation changed the lobby: %d tables, then %d", len(before), len(after))
	}
	if n := metric(t, ts, `skullking_refused_total{code="too_many_tables"}`); n != 1 {
		t.Errorf("/metrics counts %v refused tables, want 1", n)
	}

	// Ann's first table goes on, to its end; then she may open another.
	goesOn(t, ann, "one at a time")
	playAll(t, players([]*seat{ann}, 1), time.Minute)
	ts.WaitOver(ann.conn.Table(), 10*time.Second)
	if _, err := ts.Client().Create(testserver.Context(t, 10*time.Second), protocol.CreateRequest{Nickname: "Ann",
		Seats: []protocol.SeatSpec{testserver.Open, testserver.Bot("random")}, Settings: testserver.Settings(1)}); err != nil {
		t.Fatalf("a table once one of 2 is over: %v", err)
	}
}

// TestChatFloodIsBoundedPerTable is the attack that called for these
// limits: twenty spectator connections flooding a table's chat. With
// spectators' chat off (the default) none of their lines reaches the
// players; with it on, the table relays at most a burst of them, whatever
// the number of connections, and the player still chats and plays.
func TestChatFloodIsBoundedPerTable(t *testing.T) {
	const crowd, lines, burst = 20, 5, 10 // burst: the server's default
	for _, allowed := range []bool{false, true} {
		t.Run(fmt.Sprintf("spectator_chat=%v", allowed), func(t *testing.T) {
			ts := testserver.Start(t, "--chat-rate", "0.001") // no line comes back while the test runs
			st := testserver.Settings(1)
			st.SpectatorChat = allowed
			id, ann := hostAlone(t, ts, st)
			want := protocol.ErrNoSpectatorChat
			if allowed {
				want = protocol.ErrChatLimited
			}
			spectators := make([]*seat, crowd)
			for i := range spectators {
				spectators[i] = sit(t, ts.Client(), id, fmt.Sprintf("spectator %d", i), "")
			}
			done := make(chan [2]int, crowd) // each spectator's lines relayed and refused
			for i, s := range spectators {
				go func() {
					relayed, refused := 0, 0
					for n := range lines {
						if err := s.conn.Chat(testserver.Context(t, 10*time.Second), fmt.Sprintf("spam %d.%d", i, n)); err != nil {
							t.Errorf("spectator %d: %v", i, err)
						}
					}
					deadline := time.Now().Add(15 * time.Second)
					for relayed+refused < lines {
						ev, err := s.event(time.Until(deadline))
						if err != nil {
							t.Errorf("spectator %d: %d of its %d lines answered: %v", i, relayed+refused, lines, err)
							break
						}
						switch m := ev.Msg; {
						case m == nil:
						case m.Type == protocol.TypeChat && strings.HasPrefix(m.Text, fmt.Sprintf("spam %d.", i)):
							relayed++
						case m.Type == protocol.TypeError && m.Code == want:
							refused++
						case m.Type == protocol.TypeError:
							t.Errorf("spectator %d's line refused %s %q, want %s", i, m.Code, m.Message, want)
							refused++
						}
					}
					done <- [2]int{relayed, refused}
				}()
			}
			relayed := 0
			for range crowd {
				r := <-done
				relayed += r[0]
			}
			wantRelayed := 0
			if allowed {
				wantRelayed = burst
			}
			if relayed != wantRelayed {
				t.Fatalf("%d of %d spectators' lines relayed, want %d", relayed, crowd*lines, wantRelayed)
			}
			// Ann heard just those, then her own line; and she plays on.
			heard := 0
			ann.drain()
			for _, m := range ann.messages() {
				if m.Type == protocol.TypeChat && m.Seat != nil && *m.Seat == -1 {
					heard++
				}
			}
			if heard != wantRelayed {
				t.Fatalf("Ann heard %d spectators' lines, want %d", heard, wantRelayed)
			}
			goesOn(t, ann, "back to the game")
		})
	}
}
