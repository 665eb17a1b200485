package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/recordtest"
	"github.com/skullking-go/skullking/internal/tui/local"
)

// localGame is a screen at a table on this machine, in its first bidding,
// saving to a file in a test directory.
func localGame(t *testing.T) (*driver, string) {
	t.Helper()
	table, err := local.New(local.Config{Players: 4, Options: skullking.DefaultOptions(), Seed: 4, Bots: []string{"random"},
		Names: []string{"Ann", "Ben", "Cat", "Dan"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { table.Close() })
	save := filepath.Join(t.TempDir(), "game.json")
	d := newDriver(t, table, Config{SavePath: save, Seed: 4})
	d.settle()
	return d, save
}

// Rule: in a game in progress q asks before leaving, naming the file the
// record would be saved to; n and Esc go back to the game as it was.
func TestQuitAsksInAGame(t *testing.T) {
	d, save := localGame(t)
	d.press("q")
	if d.quit || !d.m.asking {
		t.Fatalf("q left the game at once (quit %v, asking %v)", d.quit, d.m.asking)
	}
	out := strings.Join(strings.Fields(plain(d.m)), " ")
	for _, want := range []string{"Quit this game?", save, "y quit", "s save the record and quit", "n/Esc back to the game"} {
		if !strings.Contains(out, want) {
			t.Errorf("the question lacks %q:\n%s", want, plain(d.m))
		}
	}
	checkScreen(t, d.m)
	d.press("2") // not an answer: neither a bid nor a way out
	if !d.m.asking || d.m.bid != 0 {
		t.Fatalf("a key that answers nothing reached the game: asking %v, bid %d", d.m.asking, d.m.bid)
	}
	d.press("n")
	if d.m.asking || d.quit {
		t.Fatal("n did not go back to the game")
	}
	d.press("1")
	if d.m.bid != 1 {
		t.Errorf("after n the keys bid %d, want 1", d.m.bid)
	}
	d.press("ctrl+c")
	if !d.m.asking {
		t.Fatal("ctrl+c in a game did not ask")
	}
	d.press("esc")
	if d.m.asking || d.quit {
		t.Fatal("Esc did not go back to the game")
	}
	if _, err := os.Stat(save); err == nil {
		t.Error("a record was written though nobody asked for one")
	}
	d.press("q", "y")
	d.untilQuit()
}

// untilQuit handles messages until the program quits, failing if it does
// not.
func (d *driver) untilQuit() {
	d.t.Helper()
	for !d.quit {
		d.next()
	}
}

// Rule: s in the question writes the game record to the file named, and
// the record replays with the engine's reader; then the program quits.
func TestQuitSavesTheRecord(t *testing.T) {
	d, save := localGame(t)
	d.press("1", "enter")
	d.settle()
	d.press("q", "s")
	for !d.quit {
		d.next()
		if strings.HasPrefix(d.m.msg, "Not saved") {
			t.Fatal(d.m.msg)
		}
	}
	if d.m.SavedTo() != save {
		t.Errorf("the screen says it saved to %q, want %q", d.m.SavedTo(), save)
	}
	rec, g := recordtest.ReplayFile(t, save)
	if rec.Players[0] != "Ann" || len(g.Log()) == 0 {
		t.Errorf("the record: players %v, %d actions", rec.Players, len(g.Log()))
	}
	if bid, ok := g.Bid(0); !ok || bid != 1 {
		t.Errorf("the record's game has Ann's bid %d, %v; want 1", bid, ok)
	}
}

// Rule: a finished game quits without asking.
func TestQuitAfterTheGameAsksNothing(t *testing.T) {
	o := skullking.DefaultOptions()
	o.Rounds = 1
	table, err := local.New(local.Config{Players: 3, Options: o, Seed: 2, Bots: []string{"random"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { table.Close() })
	d := newDriver(t, table, Config{})
	p := &player{d: d, rng: skullking.NewRand(2)}
	playTo(t, d, p.move, nil)
	d.quits()
}

// Rule: at a server's table the question says the seat stays the
// person's, with a bot in it, and offers no save (the server keeps a
// running game's record).
func TestQuitAtAServerTable(t *testing.T) {
	_, d := biddingAtAFake(t)
	d.press("q")
	out := strings.Join(strings.Fields(plain(d.m)), " ")
	for _, want := range []string{"Leave this game?", "Your seat stays yours", "the server's bot plays it", "y leave"} {
		if !strings.Contains(out, want) {
			t.Errorf("the question lacks %q:\n%s", want, plain(d.m))
		}
	}
	if strings.Contains(out, "s save") {
		t.Errorf("the question offers a save the server refuses:\n%s", plain(d.m))
	}
	d.press("s")
	if !d.m.asking || d.quit {
		t.Error("s answered a question that offers no save")
	}
	d.press("y")
	d.untilQuit()
}
