package tui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skullking-go/skullking/internal/tui/feed"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// At a server table the c key opens a line at the bottom of the screen to
// say something to everyone there. While it is open every key is text (but
// ctrl+c, which still asks whether to quit), so a q in a sentence does not
// leave the table and a digit does not bid. What arrives from others, and
// one's own line relayed back by the server, goes to the chat's history:
// its last lines show above the status line, which stays the game's.

// maxChat is the longest line the server relays (docs/protocol.md §4).
const maxChat = protocol.MaxChat

// chatSentMsg reports a line written to the server, or why not.
type chatSentMsg struct{ err error }

// chatInput is the line being typed: its characters and the cursor's
// place among them.
type chatInput struct {
	text   []rune
	cursor int
}

// maxHeard is how many lines of the chat's history the screen keeps.
const maxHeard = 100

// hear keeps a line said at the table.
func (m *Model) hear(c feed.Chat) {
	m.heard = append(m.heard, c)
	if len(m.heard) > maxHeard {
		m.heard = append(m.heard[:0], m.heard[len(m.heard)-maxHeard:]...)
	}
}

// chatRows is how many of the chat's last lines show when room lines are
// free: at most maxChatRows, and one even when the table is full, so that
// a line said is seen.
func (m *Model) chatRows(room, most int) int {
	if len(m.heard) == 0 {
		return 0
	}
	return min(len(m.heard), most, max(1, room))
}

// heardLines are the chat's last n lines, a line each, oldest first.
func (m *Model) heardLines(n int) []string {
	start := max(0, len(m.heard)-n)
	var lines []string
	for _, c := range m.heard[start:] {
		lines = append(lines, ansi.Truncate(" "+styleBold.Render(c.Name+":")+" "+c.Text, m.w-1, "…"))
	}
	return lines
}

// chatLineError is why the server would refuse a line: its length, or a
// character that is not printable.
type chatLineError struct{ unprintable bool }

func (e *chatLineError) Error() string { return e.sentence(nil) } // nil speaks English

// sentence says it in the language l.
func (e *chatLineError) sentence(l *locale.Lang) string {
	if e.unprintable {
		return l.T("tui.chat.printable", nil)
	}
	return l.T("tui.chat.length", locale.Args{"Max": maxChat})
}

// checkChat says why the server would refuse a line, if it would.
func checkChat(text string) error {
	n := utf8.RuneCountInString(text)
	if n == 0 || n > maxChat {
		return &chatLineError{}
	}
	for _, r := range text {
		if !unicode.IsPrint(r) {
			return &chatLineError{unprintable: true}
		}
	}
	return nil
}

// openChat opens the line, where the table has people to talk to.
func (m *Model) openChat() bool {
	if _, ok := m.table.(Chatter); !ok || m.closed {
		return false
	}
	m.chat = &chatInput{}
	return true
}

// chatKey edits the line: Enter sends it, Esc drops it.
func (m *Model) chatKey(k tea.KeyPressMsg) tea.Cmd {
	c := m.chat
	switch k.String() {
	case "enter":
		m.chat = nil
		text := strings.TrimSpace(string(c.text))
		if text == "" {
			return nil // nothing to say
		}
		ch, ok := m.table.(Chatter)
		if !ok {
			return nil
		}
		return func() tea.Msg { return chatSentMsg{err: ch.Chat(text)} }
	case "esc":
		m.chat = nil
	case "left":
		c.cursor = max(0, c.cursor-1)
	case "right":
		c.cursor = min(len(c.text), c.cursor+1)
	case "home", "ctrl+a":
		c.cursor = 0
	case "end", "ctrl+e":
		c.cursor = len(c.text)
	case "backspace", "ctrl+h":
		if c.cursor > 0 {
			c.text = append(c.text[:c.cursor-1], c.text[c.cursor:]...)
			c.cursor--
		}
	case "delete", "ctrl+d":
		if c.cursor < len(c.text) {
			c.text = append(c.text[:c.cursor], c.text[c.cursor+1:]...)
		}
	case "ctrl+u":
		c.text, c.cursor = c.text[c.cursor:], 0
	default:
		if k.Text != "" && !k.Mod.Contains(tea.ModCtrl) && !k.Mod.Contains(tea.ModAlt) {
			m.typeChat(k.Text)
		}
	}
	return nil
}

// typeChat adds text to the line, saying so when some does not fit.
func (m *Model) typeChat(text string) {
	if !m.chat.insert(text) {
		m.msg = m.t("tui.chat.too_long", locale.Args{"Max": maxChat})
	}
}

// insert types text at the cursor: a paste's line breaks become spaces,
// other control characters are dropped (the server would refuse them),
// and what goes past the longest line the server takes is cut, in which
// case it reports false.
func (c *chatInput) insert(text string) bool {
	text = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(text)
	var add []rune
	fits := true
	for _, r := range strings.ToValidUTF8(text, "") {
		if !unicode.IsPrint(r) {
			continue
		}
		if len(c.text)+len(add) >= maxChat {
			fits = false
			break
		}
		add = append(add, r)
	}
	c.text = append(c.text[:c.cursor], append(add, c.text[c.cursor:]...)...)
	c.cursor += len(add)
	return fits
}

// chatLine draws the line being typed, scrolled so the cursor shows, and
// returns the cursor's column.
func (m *Model) chatLine() (string, int) {
	c := m.chat
	prefix := " " + m.t("tui.chat.say", nil) + " "
	room := max(1, m.w-lipgloss.Width(prefix)-1) // a column for the cursor at the end
	width := func(rs []rune) int { return ansi.StringWidth(string(rs)) }
	start := 0
	for start < c.cursor && width(c.text[start:c.cursor]) > room-1 {
		start++
	}
	end := c.cursor
	for end < len(c.text) && width(c.text[start:end+1]) <= room {
		end++
	}
	x := lipgloss.Width(prefix) + width(c.text[start:c.cursor])
	line := styleBold.Render(prefix) + string(c.text[start:end])
	hint := "  " + m.t("tui.chat.keys", nil)
	if lipgloss.Width(line)+1+lipgloss.Width(hint) <= m.w {
		line += " " + styleDim.Render(hint)
	}
	return line, x
}
