package table

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// newManagerWith is newManager with a configuration changed by change.
func newManagerWith(t *testing.T, change func(*Config)) *Manager {
	t.Helper()
	s, _ := newStore(t)
	cfg := Config{English: words.English{}, Store: s, BotDelay: -1, Grace: time.Hour}
	change(&cfg)
	m := NewManager(cfg)
	t.Cleanup(m.Close)
	return m
}

// lobbyTable creates a table of Ann and a random bot, left in its lobby,
// and attaches Ann; it returns the table, Ann's token and her client.
func lobbyTable(t *testing.T, m *Manager, st Settings) (id, token string, ann *testClient) {
	t.Helper()
	id, _, token, err := m.Create(context.Background(), CreateRequest{Nickname: "Ann",
		Seats: []SeatSpec{{Kind: "open"}, {Kind: "bot", Level: "random"}}, Settings: st})
	if err != nil {
		t.Fatal(err)
	}
	ann = attach(t, m, id, protocol.ClientMsg{Token: token})
	ann.next(protocol.TypeWelcome)
	return id, token, ann
}

// spectate attaches a spectator and waits for its welcome.
func spectate(t *testing.T, m *Manager, id string) *testClient {
	t.Helper()
	c := attach(t, m, id, protocol.ClientMsg{Spectate: true})
	c.next(protocol.TypeWelcome)
	return c
}

// chat sends a line and returns the message's id.
func (c *testClient) chat(text string) int64 {
	return c.send(protocol.ClientMsg{Type: protocol.TypeChat, Text: text})
}

// refusal waits for the error answering message id.
func (c *testClient) refusal(id int64) protocol.ServerMsg {
	c.t.Helper()
	for {
		f := c.next(protocol.TypeError, protocol.TypeChat)
		if f.Type == protocol.TypeError && f.ID == id {
			return f
		}
		if f.Type == protocol.TypeChat {
			c.t.Fatalf("message %d: a line was relayed (%q by %q) before its refusal", id, f.Text, f.Name)
		}
	}
}

// heard waits for the next chat line relayed, failing on an error.
func (c *testClient) heard() protocol.ServerMsg {
	c.t.Helper()
	f := c.next(protocol.TypeChat, protocol.TypeError)
	if f.Type == protocol.TypeError {
		c.t.Fatalf("a refusal (%s: %s) where a chat line was expected", f.Code, f.Message)
	}
	return f
}

// TestChatLengthIsCheckedPrecisely: a line is 1 to protocol.MaxChat
// printable characters, counted as characters, not bytes; a longer line is
// chat_too_long and says its length, an empty or unprintable one is
// bad_request, and none of them reaches anyone.
func TestChatLengthIsCheckedPrecisely(t *testing.T) {
	m := newManagerWith(t, func(c *Config) { c.ChatRate = -1 })
	id, _, ann := lobbyTable(t, m, DefaultSettings())
	watcher := spectate(t, m, id)

	longest := strings.Repeat("é", protocol.MaxChat) // 600 bytes, 300 characters
	ann.chat("  " + longest + "  ")
	if f := ann.heard(); f.Text != longest {
		t.Fatalf("the longest line came back as %d characters", len([]rune(f.Text)))
	}
	if f := watcher.heard(); f.Text != longest || f.Name != "Ann" {
		t.Fatalf("the spectator heard %q from %q", f.Text, f.Name)
	}

	for _, c := range []struct {
		text, code, says string
	}{
		{strings.Repeat("a", protocol.MaxChat+1), protocol.ErrChatTooLong, fmt.Sprintf("%d characters; at most %d", protocol.MaxChat+1, protocol.MaxChat)},
		{"   ", protocol.ErrBadRequest, "an empty line"},
		{"ring\a", protocol.ErrBadRequest, "U+0007"},
		{"bad \xff byte", protocol.ErrBadRequest, "UTF-8"},
	} {
		f := ann.refusal(ann.chat(c.text))
		if f.Code != c.code || !strings.Contains(f.Message, c.says) {
			t.Errorf("%q: refused %s %q, want %s saying %q", c.text, f.Code, f.Message, c.code, c.says)
		}
	}
	// Nothing refused was relayed: the next line anyone hears is this one.
	ann.chat("still here")
	if f := watcher.heard(); f.Text != "still here" {
		t.Errorf("the spectator heard %q after the refusals", f.Text)
	}
	if f := ann.heard(); f.Text != "still here" {
		t.Errorf("Ann heard %q after the refusals", f.Text)
	}
}

// TestSpectatorChatNeedsTheHost: spectators watch without chatting unless
// the host allows it; a spectator's line meanwhile is no_spectator_chat to
// the spectator alone, and the players chat on.
func TestSpectatorChatNeedsTheHost(t *testing.T) {
	m := newManagerWith(t, func(c *Config) { c.ChatRate = -1 })
	id, _, ann := lobbyTable(t, m, DefaultSettings())
	watcher := spectate(t, m, id)
	if f := watcher.refusal(watcher.chat("hello from the rail")); f.Code != protocol.ErrNoSpectatorChat {
		t.Fatalf("a spectator's line at a table that did not allow it: %s %q", f.Code, f.Message)
	}
	ann.chat("welcome aboard")
	if f := ann.heard(); f.Text != "welcome aboard" {
		t.Fatalf("Ann heard %q first: the spectator's refused line reached her", f.Text)
	}
	if f := watcher.heard(); f.Text != "welcome aboard" {
		t.Fatalf("the spectator heard %q", f.Text)
	}

	on := true
	cfg := ann.send(protocol.ClientMsg{Type: protocol.TypeConfigure, Settings: &protocol.SettingsUpdate{SpectatorChat: &on}})
	for {
		f := ann.next(protocol.TypeAck, protocol.TypeError)
		if f.ID != cfg {
			continue
		}
		if f.Type == protocol.TypeError {
			t.Fatalf("configure spectator_chat: %s", f.Message)
		}
		break
	}
	for f := watcher.next(protocol.TypeTable); !f.Table.SpectatorChat; f = watcher.next(protocol.TypeTable) {
	}
	watcher.chat("thanks")
	if f := ann.heard(); f.Text != "thanks" || f.Seat == nil || *f.Seat != -1 {
		t.Fatalf("once allowed, Ann heard %q from seat %v", f.Text, f.Seat)
	}
}

// TestChatIsLimitedPerTable: many spectators together draw on one bucket,
// so a crowd cannot flood a table; lines over it are chat_limited to their
// senders, and the players, whose lines draw on a bucket of their own, can
// still chat and play.
func TestChatIsLimitedPerTable(t *testing.T) {
	const burst = 4
	m := newManagerWith(t, func(c *Config) { c.ChatRate, c.ChatBurst = 0.001, burst })
	st := DefaultSettings()
	st.SpectatorChat = true
	id, _, ann := lobbyTable(t, m, st)
	crowd := make([]*testClient, 3)
	for i := range crowd {
		crowd[i] = spectate(t, m, id)
	}
	relayed, limited := 0, 0
	for round := range 3 {
		for i, c := range crowd {
			mid := c.chat(fmt.Sprintf("spam %d from %d", round, i))
			f := c.next(protocol.TypeChat, protocol.TypeError)
			for f.Type == protocol.TypeChat && !strings.HasPrefix(f.Text, fmt.Sprintf("spam %d from %d", round, i)) {
				f = c.next(protocol.TypeChat, protocol.TypeError) // another spectator's line, relayed
			}
			switch {
			case f.Type == protocol.TypeChat:
				relayed++
			case f.ID == mid && f.Code == protocol.ErrChatLimited:
				limited++
			default:
				t.Fatalf("spectator %d's line: %s %q", i, f.Code, f.Message)
			}
		}
	}
	if relayed != burst || limited != 9-burst {
		t.Fatalf("of 9 spectators' lines %d were relayed and %d limited; want %d and %d", relayed, limited, burst, 9-burst)
	}
	// Ann heard exactly the lines relayed, then her own.
	ann.chat("enough, sailors")
	for range relayed {
		if f := ann.heard(); !strings.HasPrefix(f.Text, "spam") {
			t.Fatalf("Ann heard %q among the spectators' lines", f.Text)
		}
	}
	if f := ann.heard(); f.Text != "enough, sailors" {
		t.Fatalf("Ann heard %q, not her own line", f.Text)
	}
	// The table goes on: Ann starts the game and plays.
	ann.send(protocol.ClientMsg{Type: protocol.TypeStart})
	ann.next(protocol.TypeState)
	if !ann.actOnLatest() {
		t.Fatal("Ann had nothing to do once the game started")
	}
	// The players' bucket is the table's too: past its burst, their lines
	// are limited as well.
	for range burst - 1 { // her first line took one token
		ann.chat("gg")
		if f := ann.heard(); f.Text != "gg" {
			t.Fatalf("Ann heard %q", f.Text)
		}
	}
	if f := ann.refusal(ann.chat("one too many")); f.Code != protocol.ErrChatLimited {
		t.Fatalf("a player's line past the players' burst: %s %q", f.Code, f.Message)
	}
}

// TestSettingOptionsDefaultsAreTheSettings: the option list shows each
// table setting with the default a table left alone gets, so a form built
// from it keeps no second copy of a default.
func TestSettingOptionsDefaultsAreTheSettings(t *testing.T) {
	b, err := json.Marshal(DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	var def map[string]any
	if err := json.Unmarshal(b, &def); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, o := range SettingOptions() {
		keys[o.Key] = true
		if o.In != protocol.InSettings {
			t.Errorf("%s is set in %q, not in the settings", o.Key, o.In)
		}
		want, ok := def[o.Key]
		if !ok {
			t.Errorf("%s is no field of the settings", o.Key)
			continue
		}
		got, _ := json.Marshal(o.Default)
		w, _ := json.Marshal(want)
		if string(got) != string(w) {
			t.Errorf("%s: the option list's default %s, a new table's %s", o.Key, got, w)
		}
		// A number says what it counts, in one of the engine's units, as
		// the rules' numbers do; a switch counts nothing.
		if (o.Type == string(skullking.OptionInt)) != slices.Contains(skullking.Units(), skullking.Unit(o.Unit)) {
			t.Errorf("%s (%s) has the unit %q", o.Key, o.Type, o.Unit)
		}
	}
	if !keys["spectator_chat"] {
		t.Error("the option list lacks spectator_chat")
	}
}
