package tui

import (
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/tui/local"
	"github.com/skullking-go/skullking/protocol"
)

// A local table gives hints and writes records; it has no people to chat
// with, no host, no rematch.
var _ interface {
	Table
	Hinter
	Recorder
} = (*local.Table)(nil)

// startLocal opens a game of four with rules o against random bots, dealt
// from seed, with a screen on it, and waits for the first decision.
func startLocal(t *testing.T, seed uint64, o skullking.Options) *driver {
	t.Helper()
	table, err := local.New(local.Config{Players: 4, Options: o, Seed: seed, Bots: []string{"random"}, HintLevel: "random"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { table.Close() })
	d := newDriver(t, table, Config{})
	d.settle()
	return d
}

func TestBidDigitsAndConfirm(t *testing.T) {
	o := skullking.DefaultOptions()
	o.Schedule = "broadside" // ten cards from the first round
	d := startLocal(t, 2, o)
	d.press("1", "0")
	if d.m.bid != 10 {
		t.Fatalf("typed 1 0: bid %d, want 10", d.m.bid)
	}
	d.press("left", "left")
	if d.m.bid != 8 {
		t.Fatalf("two lefts from 10: bid %d, want 8", d.m.bid)
	}
	d.press("3")
	if d.m.bid != 3 {
		t.Fatalf("a digit after the arrows starts afresh: bid %d, want 3", d.m.bid)
	}
	d.press("enter")
	d.settle()
	v, _ := d.m.Current()
	if v.Seats[0].Bid == nil || *v.Seats[0].Bid != 3 {
		t.Fatalf("bid %v after confirming 3", v.Seats[0].Bid)
	}
}

func TestBidOutOfRangeIsRefusedOnScreen(t *testing.T) {
	d := startLocal(t, 2, skullking.DefaultOptions()) // round 1: one card
	d.press("7")
	if d.m.bid != 0 || !strings.Contains(d.m.msg, "bid 0 to 1") || d.m.inflight {
		t.Fatalf("bid %d, message %q", d.m.bid, d.m.msg)
	}
}

// Enter on a card that may not be played says why and sends nothing.
func TestIllegalCardSaysWhy(t *testing.T) {
	for seed := uint64(1); seed < 200; seed++ {
		o := skullking.DefaultOptions()
		o.Schedule = "broadside"
		d := startLocal(t, seed, o)
		d.press("2", "enter")
		d.settle()
		// Play the first legal card until a turn has an unplayable one.
		var v protocol.View
		bad := -1
		for bad < 0 {
			d.settle()
			v, _ = d.m.Current()
			if v.Round != 1 || v.Phase != protocol.PhasePlaying {
				break
			}
			for i, c := range v.Hand {
				if !c.Playable {
					bad = i
				}
			}
			if bad < 0 {
				for !v.Hand[d.m.cursor].Playable {
					d.press("right")
				}
				d.press("enter")
			}
		}
		if bad < 0 {
			continue
		}
		for d.m.cursor != bad {
			d.press("right")
		}
		if !strings.Contains(strings.Join(strings.Fields(plain(d.m)), " "), "Can't now: You must follow") {
			t.Errorf("the cursor's card does not say why it is unplayable:\n%s", plain(d.m))
		}
		d.press("enter")
		if !strings.Contains(d.m.msg, "You must follow") || d.m.inflight {
			t.Errorf("message %q, in flight %v", d.m.msg, d.m.inflight)
		}
		if got, _ := d.m.Current(); len(got.Hand) != len(v.Hand) {
			t.Error("an illegal card left the hand")
		}
		return
	}
	t.Fatal("no seed gave an unplayable card on the person's first turn")
}

func TestOverlaysOpenAndClose(t *testing.T) {
	d := startLocal(t, 4, skullking.DefaultOptions())
	d.press("?")
	out := plain(d.m)
	for _, want := range []string{"The rules in brief", "This table: standard rules.", "SK Skull King: Beats every Pirate",
		"B1–B14 black: Black is trump", "not affiliated with Grandpa Beck's Games"} {
		if !strings.Contains(out, want) {
			t.Errorf("rules screen lacks %q:\n%s", want, out)
		}
	}
	checkScreen(t, d.m)
	d.press("s")
	if !strings.Contains(plain(d.m), "Score sheet") {
		t.Errorf("s does not show the sheet:\n%s", plain(d.m))
	}
	d.press("esc")
	if d.m.overlay != overlayNone {
		t.Error("Esc did not close the sheet")
	}
	d.press("?", "?")
	if d.m.overlay != overlayNone {
		t.Error("? did not toggle the rules")
	}
	// A digit closes a panel and still bids: no key is lost to a panel.
	d.press("s", "1")
	if d.m.overlay != overlayNone || d.m.bid != 1 {
		t.Errorf("overlay %v bid %d after s 1", d.m.overlay, d.m.bid)
	}
}

func TestHintPutsTheCursorOnIt(t *testing.T) {
	d := startLocal(t, 6, skullking.DefaultOptions())
	d.press("h")
	d.settleHint()
	if d.m.hint == nil || !strings.HasPrefix(d.m.msg, "Hint: bid") {
		t.Fatalf("no hint: %q", d.m.msg)
	}
	if d.m.hint.Action.Value == nil || *d.m.hint.Action.Value != d.m.bid {
		t.Errorf("hint %v, bid chooser at %d", d.m.hint.Action, d.m.bid)
	}
}

func TestTigressAsksHowSheIsPlayed(t *testing.T) {
	o := skullking.DefaultOptions()
	o.Schedule = "broadside"
	for seed := uint64(1); seed < 300; seed++ {
		d := startLocal(t, seed, o)
		v, _ := d.m.Current()
		i := -1
		for j, c := range v.Hand {
			if info(c.CardRef).Kind == "tigress" {
				i = j
			}
		}
		if i < 0 {
			continue
		}
		d.press("0", "enter")
		d.settle()
		if v, _ = d.m.Current(); v.Turn != 0 {
			continue
		}
		for d.m.cursor != i {
			d.press("right")
		}
		d.press("enter")
		if !d.m.tigress || !strings.Contains(plain(d.m), "p = play her as a Pirate") {
			t.Fatalf("no Tigress question:\n%s", plain(d.m))
		}
		d.press("esc")
		if d.m.tigress {
			t.Fatal("Esc did not take the question back")
		}
		d.press("enter", "e")
		d.settle()
		v, _ = d.m.Current()
		played := append([]protocol.Play(nil), v.Trick...)
		if t := d.m.toldTrick(); t != nil {
			played = append(played, t.Plays...)
		}
		for _, p := range played {
			if info(p.CardRef).Kind == "tigress" && p.As == "escape" {
				return
			}
		}
		t.Fatalf("no Tigress played as an Escape:\n%s", plain(d.m))
	}
	t.Fatal("no seed dealt the person the Tigress")
}

func TestClosedTableIsShown(t *testing.T) {
	table, err := local.New(local.Config{Players: 3, Options: skullking.DefaultOptions(), Seed: 1, Bots: []string{"random"}})
	if err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, table, Config{})
	d.settle()
	table.Close()
	for closed, _ := d.m.Closed(); !closed; closed, _ = d.m.Closed() {
		d.next()
	}
	if !strings.Contains(plain(d.m), "closed") {
		t.Errorf("no word of the closed table:\n%s", plain(d.m))
	}
	if err := table.Send(protocol.Action{Kind: protocol.KindBid, Value: new(int)}); err != ErrClosed {
		t.Errorf("Send on a closed table: %v", err)
	}
}
