package server_test

import (
	"bufio"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/recordtest"
	"github.com/skullking-go/skullking/internal/store/sqlstore"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// binary is the skullking program built once for the tests that run it as
// a separate process.
var binary struct {
	once sync.Once
	path string
	err  error
	dir  string
}

func buildBinary(t *testing.T) string {
	t.Helper()
	binary.once.Do(func() {
		binary.dir, binary.err = os.MkdirTemp("", "skullking-bin")
		if binary.err != nil {
			return
		}
		binary.path = filepath.Join(binary.dir, "skullking")
		gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
		out, err := exec.Command(gobin, "build", "-o", binary.path, "../../cmd/skullking").CombinedOutput()
		if err != nil {
			binary.err = &buildError{out: string(out), err: err}
		}
	})
	if binary.err != nil {
		t.Fatal(binary.err)
	}
	return binary.path
}

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

// process is the skullking binary serving on a free port.
type process struct {
	cmd  *exec.Cmd
	base string
	logs *testserver.Log
	done chan error
}

var listenLine = regexp.MustCompile(`msg=listening addr=(\S+)`)

func startProcess(t *testing.T, bin, data string) *process {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--data", data, "--bot-delay", "0",
		"--grace", "1h", "--http-rate", "-1", "--msg-rate", "-1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, logs: &testserver.Log{}, done: make(chan error, 1)}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			p.logs.Write([]byte(line + "\n"))
			if m := listenLine.FindStringSubmatch(line); m != nil {
				addr <- m[1]
			}
		}
		io.Copy(io.Discard, stderr)
		p.done <- cmd.Wait()
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	select {
	case a := <-addr:
		p.base = "http://" + a
	case <-time.After(20 * time.Second):
		t.Fatalf("the server did not start:\n%s", p.logs.String())
	}
	return p
}

// Killing the server with SIGKILL mid-game loses nothing it acknowledged:
// a new process on the same data resumes every table where it was, clients
// reconnect with their tokens, and the finished game's record replays.
func TestCrashRecovery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	data := t.TempDir()
	p1 := startProcess(t, bin, data)
	c := client.New(p1.base)
	ctx := testserver.Context(t, 2*time.Minute)
	created, err := c.Create(ctx, protocol.CreateRequest{Nickname: "Ann", Settings: testserver.Settings(0),
		Seats: []protocol.SeatSpec{testserver.Open, testserver.Open, testserver.Bot("heuristic")}})
	if err != nil {
		t.Fatal(err)
	}
	id, tokA := created.ID, created.Token
	joined, err := c.Join(ctx, id, protocol.JoinRequest{Nickname: "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	tokB := joined.Token
	a, b := sit(t, c, id, "Ann", tokA), sit(t, c, id, "Ben", tokB)
	if _, err := a.request(protocol.ClientMsg{Type: protocol.TypeStart}); err != nil {
		t.Fatal(err)
	}

	// Play into round 6, then stop both players mid-round.
	acked := map[int64]protocol.Action{}
	var mu sync.Mutex
	half := func(c *seat) bool { return c.last.View.Round < 6 || c.last.View.TrickNo < 2 }
	pa := &player{c: a, rng: rand.New(rand.NewPCG(1, 1)), pause: half, acked: map[int64]protocol.Action{}}
	pb := &player{c: b, rng: rand.New(rand.NewPCG(1, 2)), pause: half, acked: map[int64]protocol.Action{}}
	playAll(t, []*player{pa, pb}, time.Minute)
	for _, p := range []*player{pa, pb} {
		for k, v := range p.acked {
			mu.Lock()
			acked[k] = v
			mu.Unlock()
		}
	}
	var maxAck int64
	for s := range acked {
		maxAck = max(maxAck, s)
	}
	if maxAck < 40 {
		t.Fatalf("only %d actions acknowledged before the crash", maxAck)
	}
	a.drain()
	before := a.last

	if err := p1.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-p1.done
	for _, s := range []*seat{a, b} {
		s.until("the drop", func(ev client.Event) bool { return ev.Status == client.Dropped })
		s.conn.Close() // the new process listens elsewhere
	}

	p2 := startProcess(t, bin, data)
	c = client.New(p2.base)
	if _, err := c.Table(ctx, id); err != nil {
		t.Fatalf("table after restart: %v", err)
	}
	a2, b2 := sit(t, c, id, "Ann", tokA), sit(t, c, id, "Ben", tokB)
	st := a2.next(protocol.TypeState)
	if st.Seq < maxAck {
		t.Fatalf("resumed at seq %d; seq %d was acknowledged", st.Seq, maxAck)
	}
	if st.Seq == before.Seq {
		// Nothing happened since: the resumed view is the same view.
		if len(st.View.Hand) != len(before.View.Hand) || st.View.Round != before.View.Round ||
			st.View.TrickNo != before.View.TrickNo || len(st.View.Trick) != len(before.View.Trick) {
			t.Fatalf("resumed view differs:\nbefore %+v\nafter  %+v", before.View, st.View)
		}
		for i := range st.View.Hand {
			if st.View.Hand[i].Card != before.View.Hand[i].Card {
				t.Fatalf("resumed hand differs: %+v vs %+v", st.View.Hand, before.View.Hand)
			}
		}
	}
	playAll(t, []*player{
		{c: a2, rng: rand.New(rand.NewPCG(2, 1))},
		{c: b2, rng: rand.New(rand.NewPCG(2, 2))},
	}, time.Minute)

	record, err := c.Record(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, g := recordtest.Replay(t, record); !g.Over() {
		t.Fatal("the record does not replay to the end")
	}

	// SIGTERM shuts down gracefully and flushes the store.
	if err := p2.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-p2.done:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v\n%s", err, p2.logs.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("no exit within 20s of SIGTERM")
	}

	// Every acknowledged action is in the log, as sent.
	db, err := sqlstore.OpenSQLite(data, sqlstore.SQLiteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, log, err := db.LoadTable(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for seq, w := range acked {
		got := protocol.FromAction(log[seq-1].Action, false)
		if got.Kind != w.Kind || !sameInt(got.Card, w.Card) || !sameInt(got.Value, w.Value) || got.As != w.As {
			t.Fatalf("seq %d: stored %+v, acknowledged %+v", seq, got, w)
		}
	}
}

func sameInt(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
