package tui

import (
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/tui/feed"
	"github.com/skullking-go/skullking/protocol"
)

// typeText presses a key for every character of s.
func (d *driver) typeText(s string) {
	for _, r := range s {
		if r == ' ' {
			d.press("space")
			continue
		}
		d.press(string(r))
	}
}

// said waits for the next message the client sends the server of type typ.
func (fs *fakeServer) saidNext(t *testing.T, typ string) protocol.ClientMsg {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m := <-fs.said:
			if m.Type == typ {
				return m
			}
		case <-timeout:
			t.Fatalf("the client sent no %s", typ)
		}
	}
}

// biddingAtAFake is a screen at a fake server's table, in the first
// bidding.
func biddingAtAFake(t *testing.T) (*fakeServer, *driver) {
	t.Helper()
	fs := newFakeServer(t)
	fs.send(fakeWelcome, stateFrame(t, 0, skullking.DefaultOptions()))
	_, d := joinFake(t, fs, RemoteConfig{}, Config{})
	d.settle()
	return fs, d
}

// c opens a line at the bottom; every key is then text — q does not quit,
// a digit does not bid — Enter sends the line trimmed, and the server's
// relay shows in the chat above the status line.
func TestChatSendsALine(t *testing.T) {
	fs, d := biddingAtAFake(t)
	if !strings.Contains(plain(d.m), "c chat") {
		t.Errorf("the keys line does not offer c:\n%s", plain(d.m))
	}
	bid := d.m.bid
	d.press("c")
	if d.m.chat == nil {
		t.Fatal("c opened no line")
	}
	d.typeText("  q1 well played, h s ?  ")
	if d.quit || d.m.overlay != overlayNone || d.m.bid != bid || d.m.msg != "" {
		t.Fatalf("typing reached the game: quit %v, overlay %v, bid %d, message %q", d.quit, d.m.overlay, d.m.bid, d.m.msg)
	}
	if !strings.Contains(plain(d.m), "Say:   q1 well played, h s ?") {
		t.Errorf("the line typed is not shown:\n%s", plain(d.m))
	}
	if c := d.m.View().Cursor; c == nil || c.Y != 23 || c.X != len(" Say: ")+len("  q1 well played, h s ?  ") {
		t.Errorf("cursor %+v", c)
	}
	checkScreen(t, d.m)
	d.press("enter")
	if d.m.chat != nil {
		t.Error("Enter left the line open")
	}
	if m := fs.saidNext(t, protocol.TypeChat); m.Text != "q1 well played, h s ?" {
		t.Errorf("sent %q", m.Text)
	}
	fs.send(`{"type":"chat","seat":0,"name":"Ann","text":"q1 well played, h s ?"}`)
	d.waitScreen("Ann: q1 well played")

	// The line is edited where the cursor is.
	d.press("c")
	d.typeText("ahoy")
	d.press("left", "left", "backspace", "delete")
	d.typeText("X")
	d.press("end", "!", "enter")
	if m := fs.saidNext(t, protocol.TypeChat); m.Text != "aXy!" {
		t.Errorf("edited line sent as %q", m.Text)
	}
}

// Esc drops the line and an empty one is not sent; either way the keys go
// back to the game.
func TestChatCancelAndEmpty(t *testing.T) {
	fs, d := biddingAtAFake(t)
	d.press("c")
	d.typeText("never mind")
	d.press("esc")
	d.press("c", "space", "space", "enter")
	if d.m.chat != nil {
		t.Fatal("the line is still open")
	}
	d.press("1")
	if d.m.bid != 1 {
		t.Errorf("after the chat, 1 bids %d", d.m.bid)
	}
	d.press("c")
	d.typeText("sent")
	d.press("enter")
	if m := fs.saidNext(t, protocol.TypeChat); m.Text != "sent" {
		t.Errorf("the first line sent is %q: a cancelled or empty one went out", m.Text)
	}
}

// A paste goes into the line without its control characters, and the line
// stops at the longest the server relays.
func TestChatLineLimits(t *testing.T) {
	fs, d := biddingAtAFake(t)
	d.press("c")
	d.update(tea.PasteMsg{Content: "two\nlines\x1b[2J"})
	if got := string(d.m.chat.text); got != "two lines[2J" {
		t.Errorf("pasted %q", got)
	}
	d.update(tea.PasteMsg{Content: strings.Repeat("é", 400)})
	if n := len(d.m.chat.text); n != maxChat {
		t.Errorf("%d characters in the line, want %d", n, maxChat)
	}
	if !strings.Contains(plain(d.m), "300 characters at most") {
		t.Errorf("no word of the limit:\n%s", plain(d.m))
	}
	checkScreen(t, d.m)
	d.press("enter")
	if m := fs.saidNext(t, protocol.TypeChat); len([]rune(m.Text)) != maxChat {
		t.Errorf("sent %d characters", len([]rune(m.Text)))
	}
	for _, bad := range []string{"", strings.Repeat("a", maxChat+1), "bell\a"} {
		if err := checkChat(bad); err == nil {
			t.Errorf("%q passes", bad)
		}
	}
}

// Chat is a server table's: at a local table c does nothing, and neither
// the keys line nor the help mentions it.
func TestNoChatOffline(t *testing.T) {
	d := startLocal(t, 4, skullking.DefaultOptions())
	d.press("c")
	if d.m.chat != nil {
		t.Error("c opened a line at a table without people")
	}
	if strings.Contains(plain(d.m), "c chat") {
		t.Errorf("the keys line offers chat:\n%s", plain(d.m))
	}
	d.press("?")
	if out := plain(d.m); strings.Contains(out, "c chat") || strings.Contains(out, "rematch") {
		t.Errorf("the help offers server keys:\n%s", out)
	}
}

// The help lists chat and the rematch at a server table.
func TestHelpListsServerKeys(t *testing.T) {
	_, d := biddingAtAFake(t)
	d.press("?")
	out := plain(d.m)
	if !strings.Contains(out, "c chat") || !strings.Contains(out, "r rematch") {
		t.Errorf("the help lacks the server's keys:\n%s", out)
	}
	checkScreen(t, d.m)
}

// Rule: what is said stays in the chat's history, whose last lines show
// above the status line; a line said never takes the status line's place,
// and the earlier lines stay on the screen beside the latest.
func TestChatHistoryKeepsTheStatusLine(t *testing.T) {
	fs, d := biddingAtAFake(t)
	fs.send(`{"type":"error","code":"bad_request","problem":{"code":"not_started"},"message":"the game has not started"}`)
	d.waitMsg("The game has not started")
	lines := []string{"ahoy", "who leads?", "Ben does", "good luck all"}
	for i, l := range lines {
		fs.send(`{"type":"chat","seat":` + strconv.Itoa(i%2) + `,"name":"` + []string{"Ann", "Ben"}[i%2] + `","text":"` + l + `"}`)
	}
	d.waitScreen("Ben: good luck all")
	out := plain(d.m)
	for _, want := range []string{"Ben: who leads?", "Ann: Ben does", "Ben: good luck all", "The game has not started"} {
		if !strings.Contains(out, want) {
			t.Errorf("the screen lacks %q:\n%s", want, out)
		}
	}
	if len(d.m.heard) != len(lines) {
		t.Errorf("the history holds %d lines, want %d", len(d.m.heard), len(lines))
	}
	rows := strings.Split(out, "\n")
	chatRow, statusRow := -1, -1
	for i, r := range rows {
		if strings.Contains(r, "Ben: good luck all") {
			chatRow = i
		}
		if strings.Contains(r, "The game has not started") {
			statusRow = i
		}
	}
	if chatRow < 0 || statusRow != chatRow+1 {
		t.Errorf("the chat ends on row %d and the status line is row %d: want it just below\n%s", chatRow, statusRow, out)
	}
	checkScreen(t, d.m)

	// At eight players the table is full, and the latest line still shows.
	d.m.heard = d.m.heard[:0]
	sc := newScripted(t, 8, skullking.DefaultOptions(), 3, "Ann", "Ben", "Cat", "Dan", "Eve", "Finn", "Gus", "Hal")
	sc.bids(0, 0, 0, 0, 0, 0, 0, 0)
	sc.playRound()
	sc.m.overlay = overlayNone
	sc.m.msg = "a status line"
	for _, l := range lines {
		sc.m.hear(feed.Chat{Seat: 1, Name: "Ben", Text: l})
	}
	out = plain(sc.m)
	if !strings.Contains(out, "Ben: good luck all") || !strings.Contains(out, "a status line") {
		t.Errorf("at eight players the chat or the status line is gone:\n%s", out)
	}
	checkScreen(t, sc.m)
}

// A player who comes back after the stand-in bot played for them reads
// what it did, in words, on the status line (the welcome's stood_in).
func TestComingBackSaysWhatTheStandInDid(t *testing.T) {
	fs := newFakeServer(t)
	welcome := strings.Replace(fakeWelcome, `"host":true,`,
		`"host":true,"stood_in":[{"kind":"bid","seat":0,"value":1,"by":"bot"},{"kind":"play","seat":0,"card":{"card":21,"code":"Y8"},"by":"bot"}],`, 1)
	fs.send(welcome, stateFrame(t, 0, skullking.DefaultOptions()))
	_, d := joinFake(t, fs, RemoteConfig{}, Config{})
	d.settle()
	if want := "While you were away a bot bid 1 and played the yellow 8 for you."; !strings.Contains(plain(d.m), want) {
		t.Fatalf("the screen does not say %q:\n%s", want, plain(d.m))
	}
}
