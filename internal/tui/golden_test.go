package tui

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

var update = flag.Bool("update", false, "rewrite the golden screens in testdata")

// scripted is a game the test plays itself, seat by seat, showing seat
// 0's views to a screen as the wire carries them. It uses no bot, so the
// screens stay fixed whatever the bots learn.
type scripted struct {
	t *testing.T
	g *skullking.Game
	m *Model
}

type nullTable struct{ seat int }

func (n nullTable) Seat() int                  { return n.seat }
func (n nullTable) Updates() <-chan Update     { return nil }
func (n nullTable) Send(protocol.Action) error { return nil }
func (n nullTable) Close() error               { return nil }
func (n nullTable) Record() ([]byte, error)    { return nil, nil }

func newScripted(t *testing.T, players int, o skullking.Options, seed uint64, names ...string) *scripted {
	t.Helper()
	g, err := skullking.NewGame(players, skullking.WithOptions(o), skullking.WithSeed(seed), skullking.WithNames(names...))
	if err != nil {
		t.Fatal(err)
	}
	sc := &scripted{t: t, g: g, m: New(nullTable{}, Config{Seed: seed})}
	sc.show()
	return sc
}

// show hands the screen seat 0's view.
func (sc *scripted) show() {
	v := sc.g.View(0)
	sc.m.onUpdate(Update{View: protocol.ViewOf(&v), Rules: words.Words{}.RulesSummary(sc.g.Options())})
}

// do applies actions and shows the screen every resulting view.
func (sc *scripted) do(actions ...skullking.Action) {
	sc.t.Helper()
	for _, a := range actions {
		if err := sc.g.Apply(a); err != nil {
			sc.t.Fatal(err)
		}
		sc.show()
	}
}

// bids makes every seat bid.
func (sc *scripted) bids(bids ...int) {
	for s, b := range bids {
		sc.do(skullking.Bid(s, b))
	}
}

// playUntil lets the seats play their last legal action until done says
// so; failing if the round ends first.
func (sc *scripted) playUntil(done func() bool) {
	sc.t.Helper()
	g := sc.g
	round := g.Round()
	for !done() {
		if g.Round() != round || g.Over() {
			sc.t.Fatal("the round ended first")
		}
		turn := g.Turn()
		legal := g.LegalActions(turn, nil)
		sc.do(legal[len(legal)-1])
	}
}

// playRound plays the rest of the round with everyone's last legal action.
func (sc *scripted) playRound() {
	g := sc.g
	round := g.Round()
	for g.Round() == round && !g.Over() {
		for s := 0; s < g.Players(); s++ {
			if legal := g.LegalActions(s, nil); len(legal) > 0 {
				sc.do(legal[len(legal)-1])
				break
			}
		}
	}
}

// playFiveRounds plays the first five rounds of a game of four, with bids
// that differ from round to round.
func (sc *scripted) playFiveRounds() {
	for r := 1; r <= 5; r++ {
		sc.bids(r%2, 1, 0, r/2)
		sc.playRound()
	}
}

func checkGolden(t *testing.T, name string, m *Model) {
	t.Helper()
	got := plain(m) + "\n"
	checkScreen(t, m)
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/tui -run Golden -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("screen %s differs from %s (go test ./internal/tui -run Golden -update to accept):\ngot:\n%s\nwant:\n%s",
			name, path, got, want)
	}
}

// toARefusedCard plays seed 1's game on to round 6, where Ann must
// follow suit in a later trick and holds a card she may not play, and
// puts the cursor on that card.
func (sc *scripted) toARefusedCard() {
	sc.t.Helper()
	sc.playFiveRounds()
	sc.m.overlay = overlayNone
	sc.bids(2, 1, 1, 3)
	g := sc.g
	sc.playUntil(func() bool {
		if g.Turn() != 0 || g.TrickNumber() < 3 || len(g.CurrentTrick()) < 2 {
			return false
		}
		return g.LegalCards(0).Len() < g.Hand(0).Len()
	})
	for i, c := range sc.m.v.Hand {
		if !c.Playable {
			sc.m.cursor = i
			break
		}
	}
}

// The table at 80×24: seats, bids, the trick with its winning card, the
// last trick and why it went so, the earlier tricks, and the hand with the
// card under the cursor unplayable and the reason given.
func TestGoldenTable(t *testing.T) {
	sc := newScripted(t, 4, skullking.DefaultOptions(), 1, "Ann", "Ben", "Cat", "Dan")
	sc.toARefusedCard()
	checkGolden(t, "table", sc.m)
	out := strings.Join(strings.Fields(plain(sc.m)), " ") // as read, whatever the wrapping
	for _, want := range []string{"winning", "Can't now: You must follow black: you hold the black 5.", "Earlier tricks",
		"Last trick: B14 P11 B11 B8 — Cat's black 14 wins"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q on the screen", want)
		}
	}
}

// Bidding: the person has bid; only names of those still thinking show,
// never an amount.
func TestGoldenBidding(t *testing.T) {
	sc := newScripted(t, 5, skullking.DefaultOptions(), 9, "Ann", "Ben", "Cat", "Dan", "Eve")
	sc.bids(1, 0, 1, 0, 0)
	sc.playRound()
	sc.m.overlay = overlayNone
	sc.do(skullking.Bid(0, 2), skullking.Bid(2, 1))
	checkGolden(t, "bidding", sc.m)
}

// Two players: Graybeard sits at the table with his face-down pile and
// flips into the trick.
func TestGoldenGraybeard(t *testing.T) {
	sc := newScripted(t, 2, skullking.DefaultOptions(), 5, "Ann", "Ben")
	for r := 0; r < 3; r++ {
		sc.bids(1, 1)
		sc.playRound()
		sc.m.overlay = overlayNone
	}
	sc.bids(2, 1)
	g := sc.g
	sc.playUntil(func() bool { return g.Turn() == 0 && len(g.CurrentTrick()) > 0 })
	checkGolden(t, "graybeard", sc.m)
}

// The score sheet on s, with the totals' chart.
func TestGoldenSheet(t *testing.T) {
	sc := newScripted(t, 4, skullking.DefaultOptions(), 42, "Ann", "Ben", "Cat", "Dan")
	sc.playFiveRounds()
	sc.m.overlay = overlaySheet
	checkGolden(t, "sheet", sc.m)
}

// The round's summary after its last trick.
func TestGoldenRoundSummary(t *testing.T) {
	sc := newScripted(t, 4, skullking.DefaultOptions(), 42, "Ann", "Ben", "Cat", "Dan")
	sc.bids(1, 0, 1, 0)
	sc.playRound()
	sc.bids(1, 0, 1, 1)
	sc.playRound()
	if sc.m.overlay != overlayRound {
		t.Fatal("no round summary after the round")
	}
	checkGolden(t, "round", sc.m)
}
