package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// framesSent reads the server's count of frames written.
func framesSent(t *testing.T, ts *testserver.Server) float64 {
	t.Helper()
	return metric(t, ts, "skullking_frames_sent_total")
}

// metric reads one series of the server's /metrics, by its name and
// labels as the exposition writes them (`skullking_refused_total{code="x"}`):
// 0 when it is not there, as a counter not yet counted is not.
func metric(t *testing.T, ts *testserver.Server, series string) float64 {
	t.Helper()
	resp, err := http.Get(ts.Base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			var f float64
			if _, err := fmt.Sscan(v, &f); err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	return 0
}

// watcher is a spectator that only reads and decodes, counting frames.
type watcher struct {
	ws       *websocket.Conn
	frames   atomic.Int64
	tables   atomic.Int64
	bad      atomic.Int64
	watching atomic.Int64 // the spectators its last table message counted
}

func watch(ctx context.Context, url string) (*watcher, error) {
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{protocol.Subprotocol}})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(protocol.MaxServerFrame)
	w := &watcher{ws: ws}
	hello, _ := protocol.Encode(protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Spectate: true})
	if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
		ws.CloseNow()
		return nil, err
	}
	go func() {
		for {
			_, data, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			w.frames.Add(1)
			m, err := protocol.DecodeServer(data)
			switch {
			case err != nil || m.Type == protocol.TypeError || m.Type == protocol.TypeBye:
				w.bad.Add(1)
			case m.Type == protocol.TypeTable:
				w.tables.Add(1)
				if m.Table != nil {
					w.watching.Store(int64(m.Table.Watching))
				}
			}
		}
	}()
	return w, nil
}

// Rule: a crowd arriving at one table costs the server frames in
// proportion to the crowd, not to its square — each connection hears of
// the arrivals at most once an interval — and a game at another table
// plays on meanwhile.
func TestACrowdCostsFramesInProportion(t *testing.T) {
	crowd := crowdSize // smaller under the race detector (crowd_race_test.go)
	// The crowd is the test, not the server's limit on spectators.
	ts := testserver.Start(t, "--max-spectators", "0")
	watched := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random")}, testserver.Settings(1))
	ann := sit(t, ts.Client(), watched.ID, "Ann", watched.Token)
	_, players1, spec, _ := seatGame(t, ts, 1, []string{"random", "random"}, testserver.Settings(3))
	ann.drain()

	// The game at the other table plays while the crowd arrives.
	played := make(chan error, 1)
	go func() {
		err := players(players1, 7)[0].play(time.Minute)
		if err == nil {
			err = follow(spec, time.Minute)
		}
		played <- err
	}()

	before := framesSent(t, ts)
	url := "ws" + strings.TrimPrefix(ts.Base, "http") + "/api/tables/" + watched.ID + "/ws"
	ctx := testserver.Context(t, time.Minute)
	watchers := make([]*watcher, crowd)
	start := time.Now()
	var wg sync.WaitGroup
	next := atomic.Int64{}
	errs := make(chan error, crowd)
	for range 32 {
		wg.Go(func() {
			for i := next.Add(1) - 1; i < int64(crowd); i = next.Add(1) - 1 {
				w, err := watch(ctx, url)
				if err != nil {
					errs <- err
					return
				}
				watchers[i] = w
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		t.Fatalf("a spectator could not connect: %v", err)
	}
	t.Cleanup(func() {
		for _, w := range watchers {
			w.ws.CloseNow()
		}
	})
	// Everyone hears of the whole crowd.
	in := waitTable(t, ann, func(in *protocol.TableInfo) bool { return in.Watching == crowd })
	arrived := time.Since(start)
	// The last table message reaches the crowd too: every frame the
	// arrivals cost is sent once each spectator has read the whole crowd.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		told := 0
		for _, w := range watchers {
			if w.watching.Load() == int64(crowd) {
				told++
			}
		}
		if told == crowd {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d spectators heard of the whole crowd", told, crowd)
		}
	}
	sent := framesSent(t, ts) - before
	if err := <-played; err != nil {
		t.Fatalf("the game at the other table, while %d spectators arrived elsewhere: %v", crowd, err)
	}
	// The other table's frames count too: its game is three rounds for
	// one person and a spectator, a few hundred frames at most.
	var got, tables, bad int64
	for _, w := range watchers {
		got += w.frames.Load()
		tables += w.tables.Load()
		bad += w.bad.Load()
	}
	// A welcome each, and a table message per connection per interval.
	intervals := int64(arrived/table.PresenceEvery) + 3
	most := int64(crowd)*(1+intervals) + 1000
	t.Logf("%d spectators in %v: %.0f frames sent (%d read by the crowd, %d of them table messages); at most %d allowed",
		crowd, arrived.Round(time.Millisecond), sent, got, tables, most)
	if bad != 0 {
		t.Errorf("the crowd read %d errors or goodbyes", bad)
	}
	if got < int64(crowd) || int64(sent) > most {
		t.Errorf("%d spectators: %.0f frames sent, want %d to %d (one each for every arrival would be %d)",
			crowd, sent, crowd, most, crowd*(crowd+1)/2)
	}
	if in.Watching != crowd {
		t.Errorf("Ann sees %d watching, want %d", in.Watching, crowd)
	}
}
