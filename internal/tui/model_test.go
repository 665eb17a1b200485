package tui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/recordtest"
	"github.com/skullking-go/skullking/internal/tui/local"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// driver runs the model as Bubble Tea would, without a terminal: commands
// run on goroutines and their messages come back to the one goroutine that
// touches the model.
type driver struct {
	t    *testing.T
	m    *Model
	msgs chan tea.Msg
	keys int
	quit bool
	// drawn, when set, reads the screen after every message.
	drawn func(screen string)
}

func newDriver(t *testing.T, table Table, cfg Config) *driver {
	t.Helper()
	d := &driver{t: t, m: New(table, cfg), msgs: make(chan tea.Msg, 16)}
	d.exec(d.m.Init())
	return d
}

func (d *driver) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		if msg := cmd(); msg != nil {
			d.msgs <- msg
		}
	}()
}

func (d *driver) update(msg tea.Msg) {
	switch msg := msg.(type) {
	case tea.QuitMsg:
		d.quit = true
		return
	case tea.BatchMsg:
		for _, cmd := range msg {
			d.exec(cmd)
		}
		return
	}
	_, cmd := d.m.Update(msg)
	d.exec(cmd)
	if d.drawn != nil {
		d.drawn(plain(d.m))
	}
}

// press sends one key as the terminal would.
func (d *driver) press(keys ...string) {
	for _, k := range keys {
		d.keys++
		d.update(keyMsg(k))
	}
}

// namedKeys are the keys a test names that are not the text they type.
var namedKeys = map[string]tea.KeyPressMsg{
	"enter": {Code: tea.KeyEnter}, "esc": {Code: tea.KeyEscape}, "left": {Code: tea.KeyLeft}, "right": {Code: tea.KeyRight},
	"space": {Code: tea.KeySpace, Text: " "}, "backspace": {Code: tea.KeyBackspace}, "delete": {Code: tea.KeyDelete},
	"home": {Code: tea.KeyHome}, "end": {Code: tea.KeyEnd}, "ctrl+c": {Code: 'c', Mod: tea.ModCtrl},
}

func keyMsg(k string) tea.KeyPressMsg {
	if m, ok := namedKeys[k]; ok {
		return m
	}
	r := []rune(k)
	return tea.KeyPressMsg{Code: r[0], Text: k}
}

// next handles the next message from a command, failing the test if none
// comes: the table has stalled.
func (d *driver) next() {
	d.t.Helper()
	select {
	case msg := <-d.msgs:
		d.update(msg)
	case <-time.After(10 * time.Second):
		d.t.Fatalf("no message for 10s; screen:\n%s", plain(d.m))
	}
}

// settle handles messages until the person has something to do or the
// game is over.
func (d *driver) settle() {
	d.t.Helper()
	for !d.m.Ready() && !d.m.Over() && !d.quit {
		d.next()
	}
}

func plain(m *Model) string { return ansi.Strip(m.Render()) }

// player chooses keys like a person would: it reads the screen's state and
// moves the cursor to a choice before pressing Enter.
type player struct {
	d   *driver
	rng skullking.Rand
}

func (p *player) move() {
	d, m := p.d, p.d.m
	v, _ := m.Current()
	if m.overlay != overlayNone {
		d.press("enter")
		return
	}
	switch {
	case v.Phase == protocol.PhaseBidding:
		if p.rng.IntN(4) == 0 {
			d.press("h")
			d.settleHint()
		}
		bid := p.rng.IntN(min(v.Cards, 9) + 1)
		d.press(string(rune('0'+bid)), "enter")
	case v.Phase == protocol.PhaseAbility && v.Pending != nil && v.Pending.Kind == protocol.KindDiscard:
		d.press("enter")
		if v.Pending.Draw > 1 {
			d.press("right", "enter")
		}
	case v.Phase == protocol.PhaseAbility || v.Phase == protocol.PhaseCannon:
		for i := p.rng.IntN(3); i > 0; i-- {
			d.press("right")
		}
		d.press("enter")
	default:
		var legal []int
		for i, c := range v.Hand {
			if c.Playable {
				legal = append(legal, i)
			}
		}
		if len(legal) == 0 {
			d.t.Fatalf("the person's turn with no legal card; screen:\n%s", plain(m))
		}
		want := legal[p.rng.IntN(len(legal))]
		for m.cursor != want {
			d.press("right")
		}
		d.press("enter")
		if m.tigress {
			d.press([]string{"p", "e"}[p.rng.IntN(2)])
		}
	}
}

// settleHint waits for the answer to h.
func (d *driver) settleHint() {
	for d.m.msg == d.m.t("tui.hint.thinking", nil) {
		d.next()
	}
}

// playGame plays a whole game with the keyboard against bots and checks
// the screen on the way.
func playGame(t *testing.T, cfg local.Config) *driver {
	t.Helper()
	table, err := local.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { table.Close() })
	save := filepath.Join(t.TempDir(), "game.json")
	d := newDriver(t, table, Config{SavePath: save, Seed: cfg.Seed})
	p := &player{d: d, rng: skullking.NewRand(cfg.Seed)}
	playTo(t, d, p.move, nil)
	d.saveRecord(save)
	d.quits()
	return d
}

// playTo plays with the keyboard (move) until the game is over, or until
// stop says so, checking every screen on the way; it returns whether the person ever saw the last
// trick of a round told after the next round was dealt.
func playTo(t *testing.T, d *driver, move func(), stop func(v protocol.View) bool) (sawRoundsLast bool) {
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
			if !strings.Contains(plain(d.m), d.m.t("tui.last_trick.round", locale.Args{"Round": lt.Round})) {
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

// saveRecord checks the last screen of a game over, saves the record with
// w, and checks that it replays to the totals on the screen.
func (d *driver) saveRecord(save string) *skullking.Record {
	d.t.Helper()
	checkScreen(d.t, d.m)
	if !strings.Contains(plain(d.m), d.m.gameOverText()) {
		d.t.Errorf("no game over line:\n%s", plain(d.m))
	}
	d.press("esc", "w")
	for d.m.msg != d.m.t("tui.save.done", locale.Args{"Path": save}) {
		d.next()
		if strings.HasPrefix(d.m.msg, d.m.t("tui.save.failed", locale.Args{"Error": ""})) {
			d.t.Fatal(d.m.msg)
		}
	}
	rec, g := recordtest.ReplayFile(d.t, save)
	v, _ := d.m.Current()
	for s, total := range g.Totals() {
		if v.Seats[s].Total != total {
			d.t.Errorf("seat %d: screen total %d, record %d", s, v.Seats[s].Total, total)
		}
	}
	return rec
}

// quits presses q and checks that the program ends. Messages of commands
// started before the q (a table's update, a tick) may come first; they are
// handled in turn until the quit, and next fails the test if nothing
// comes.
func (d *driver) quits() {
	d.t.Helper()
	d.press("q")
	for deadline := time.Now().Add(10 * time.Second); !d.quit; d.next() {
		if time.Now().After(deadline) {
			d.t.Fatalf("q did not quit in 10s; screen:\n%s", plain(d.m))
		}
	}
}

// checkScreen checks what every screen must hold: exactly 80×24, the
// person's hand, and no bid shown before all are in.
func checkScreen(t *testing.T, m *Model) {
	t.Helper()
	out := plain(m)
	lines := strings.Split(out, "\n")
	if len(lines) != 24 {
		t.Fatalf("%d lines, want 24:\n%s", len(lines), out)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w != 80 {
			t.Fatalf("line %d is %d wide, want 80: %q", i, w, l)
		}
	}
	v, _ := m.Current()
	if m.overlay == overlayNone && v.Phase != protocol.PhaseOver {
		for _, c := range v.Hand {
			if !strings.Contains(out, label(c.Code)) {
				t.Fatalf("card %v of the hand is not shown:\n%s", c, out)
			}
		}
	}
	for s, info := range v.Seats {
		if s != m.Seat() && v.Phase == protocol.PhaseBidding && info.Bid != nil {
			t.Fatalf("seat %d's bid is in the view during bidding", s)
		}
	}
}

func TestWholeGameAgainstRandomBots(t *testing.T) {
	d := playGame(t, local.Config{Players: 4, Options: skullking.DefaultOptions(), Seed: 7,
		Names: []string{"Ann", "Ben", "Cat", "Dan"}, Bots: []string{"random"}, HintLevel: "random"})
	v, _ := d.m.Current()
	if len(v.Results) < 10 {
		t.Errorf("%d rounds scored", len(v.Results))
	}
}

func TestWholeGameTwoPlayersWithGraybeard(t *testing.T) {
	d := playGame(t, local.Config{Players: 2, Options: skullking.DefaultOptions(), Seed: 11,
		Names: []string{"Ann", "Ben"}, Bots: []string{"random"}, HintLevel: "random"})
	if out := plain(d.m); !strings.Contains(out, "Graybeard") {
		t.Errorf("Graybeard is not at the table:\n%s", out)
	}
}

func TestWholeGameWithEveryModule(t *testing.T) {
	o := skullking.DefaultOptions()
	o.Loot, o.Kraken, o.WhiteWhale, o.PirateAbilities = true, true, true, true
	o.Scoring, o.CannonLoad = skullking.RascalScoring, true
	for seed := uint64(1); seed <= 3; seed++ {
		playGame(t, local.Config{Players: 5, Options: o, Seed: seed, Bots: []string{"random"}, HintLevel: "random",
			Names: []string{"Ann", "Ben", "Cat", "Dan", "Eve"}})
	}
}

func TestWholeGameEightPlayers(t *testing.T) {
	playGame(t, local.Config{Players: 8, Options: skullking.DefaultOptions(), Seed: 3, Bots: []string{"random"},
		HintLevel: "random", Names: []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Finn", "Gus", "Hal"}})
}
