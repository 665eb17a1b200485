package table

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"

	"github.com/skullking-go/skullking/protocol"
)

// TestNicknameRules checks each rule of nickname.go: what is stored for a
// name accepted, and what the refusal says of one refused.
func TestNicknameRules(t *testing.T) {
	seated := []string{"Owner", "Tom", "Ben"}
	for _, c := range []struct {
		rule   string
		raw    string
		held   []string
		stored string // for an accepted name
		refuse string // a part of the refusal, for a refused one
	}{
		{rule: "a plain name is stored as typed", raw: "Ann", stored: "Ann"},
		{rule: "spaces around are trimmed", raw: "  Ann  ", stored: "Ann"},
		{rule: "runs of spaces collapse to one", raw: "Ann   Lee", stored: "Ann Lee"},
		{rule: "a no-break space is a space", raw: "Ann\u00a0Lee", stored: "Ann Lee"},
		{rule: "full-width forms are normalised", raw: "Ｚｅｄ", stored: "Zed"},
		{rule: "a ligature is normalised", raw: "ﬀion", stored: "ffion"},
		{rule: "letters beyond ASCII are welcome", raw: "Zoë Ødegård", stored: "Zoë Ødegård"},
		{rule: "a name unlike every seated one is accepted", raw: "Zed", held: seated, stored: "Zed"},
		{rule: "24 characters are enough", raw: strings.Repeat("é", MaxNameLen), stored: strings.Repeat("é", MaxNameLen)},

		{rule: "an empty name is refused", raw: "", refuse: "this one is empty"},
		{rule: "a name of spaces is refused", raw: "   ", refuse: "this one is empty"},
		{rule: "25 characters are too many", raw: strings.Repeat("a", MaxNameLen+1), refuse: "has 25"},
		{rule: "invalid UTF-8 is refused, not repaired", raw: "Ann\xff", refuse: "not valid UTF-8 text (byte 0xff at offset 3)"},
		{rule: "a replacement character is refused", raw: "Ann\ufffd", refuse: "holds U+FFFD"},
		{rule: "a lone continuation byte is refused", raw: "\x80Ann", refuse: "byte 0x80 at offset 0"},
		{rule: "a NUL is a control character", raw: "Ann\x00", refuse: "U+0000, a control character"},
		{rule: "a bell is a control character", raw: "A\anne", refuse: "U+0007, a control character"},
		{rule: "a newline is a control character", raw: "Ann\nLee", refuse: "U+000A, a control character"},
		{rule: "a right-to-left override is refused", raw: "\u202eAnn", refuse: "U+202E, an invisible formatting character"},
		{rule: "a zero-width space is refused", raw: "A\u200bnn", refuse: "U+200B"},
		{rule: "an unassigned code point is refused", raw: "Ann\U000e0fff", refuse: "U+E0FFF, not an assigned printable character"},

		{rule: "the same name is taken", raw: "Ben", held: seated, refuse: `the nickname "Ben" is taken at this table`},
		{rule: "case does not make a name new", raw: "bEN", held: seated, refuse: `the nickname "bEN" is taken at this table`},
		{rule: "width does not make a name new", raw: "Ｂｅｎ", held: seated, refuse: `the nickname "Ben" is taken at this table`},
		{rule: "a Cyrillic О looks like a Latin O", raw: "Оwner", held: seated,
			refuse: `the nickname "Оwner" looks like "Owner", who sits at this table`},
		{rule: "a zero looks like an O", raw: "0wner", held: seated, refuse: `looks like "Owner"`},
		{rule: "rn looks like m", raw: "Torn", held: []string{"Tom"}, refuse: `the nickname "Torn" looks like "Tom"`},
		{rule: "a Greek omicron in lower case still looks like o", raw: "oWNΕR", held: seated, refuse: `looks like "Owner"`},

		{rule: "a bot's name is reserved", raw: "Blackbeard", refuse: "Blackbeard is a bot's name"},
		{rule: "a bot's name in another case is reserved", raw: "blackBEARD", refuse: "Blackbeard is a bot's name"},
		{rule: "every bot's name is reserved", raw: "Grace O'Malley", refuse: "Grace O'Malley is a bot's name"},
		{rule: "a name like a bot's is reserved", raw: "B1ackbeard", refuse: `the nickname "B1ackbeard" looks like "Blackbeard", a bot's name`},
		{rule: "a capital I like a small l is caught", raw: "BIackbeard", refuse: `looks like "Blackbeard", a bot's name`},
		{rule: "a curly apostrophe is like a straight one", raw: "Grace O’Malley", refuse: `looks like "Grace O'Malley", a bot's name`},
		{rule: "spacing cannot hide a bot's name", raw: "Anne   Bonny", refuse: "Anne Bonny is a bot's name"},
		{rule: "a bot level's name is no seat's name", raw: "Captain", stored: "Captain"},

		{rule: "Graybeard is reserved", raw: "Graybeard", refuse: "Graybeard is the name of the ghost player of a two-player game"},
		{rule: "Graybeard is reserved in any case", raw: "GRAYBEARD", refuse: "Graybeard is the name of the ghost player"},
		{rule: "a name like Graybeard is reserved", raw: "Grаybeard", // a Cyrillic а
			refuse: `the nickname "Grаybeard" looks like "Graybeard", the name of the ghost player of a two-player game`},
		{rule: "spectator is reserved", raw: "spectator", refuse: "spectator is the name every spectator chats under"},
		{rule: "spectator is reserved in any case", raw: "Spectator", refuse: "spectator is the name every spectator chats under"},
		{rule: "a name like spectator is reserved", raw: "spectat0r", refuse: `looks like "spectator", the name every spectator chats under`},

		{rule: "the name is stored composed (NFC)", raw: "José", stored: "José"},
		{rule: "Vietnamese typed decomposed is stored composed", raw: "Nguyễn", stored: "Nguyễn"},
		{rule: "a Hebrew letter may carry three marks", raw: "יִשָּׂשכָר", stored: "יִשָּׂשכָר"},
		{rule: "a Tibetan letter may carry three marks", raw: "སྒྲོལ་མ", stored: "སྒྲོལ་མ"},
		{rule: "four marks on a letter are allowed", raw: "x́̂̃̄", stored: "x́̂̃̄"},
		{rule: "five marks on a letter are too many", raw: "x́̂̃̄̅",
			refuse: `a nickname stacks at most 4 combining marks on one character; this one stacks 5 on "x"`},
		{rule: "a letter under 23 marks is refused", raw: "a" + strings.Repeat("̶", 23),
			refuse: `a nickname stacks at most 4 combining marks on one character; this one stacks 23 on "a"`},
		{rule: "a mark may not start a name", raw: "́Ann", refuse: "the nickname starts with U+0301, a combining mark with no letter to stand on"},
		{rule: "a mark may not stand on a space", raw: "Ann ⃝Lee", refuse: "the nickname puts U+20DD, a combining mark, after a space: it has no letter to stand on"},
		{rule: "a combining dot cannot hide a look-alike", raw: "Owneṙ", held: seated,
			refuse: `the nickname "Owneṙ" looks like "Owner", who sits at this table: only a combining mark sets them apart`},
		{rule: "an accent cannot hide a look-alike", raw: "Zoë", held: []string{"Zoe"}, refuse: `looks like "Zoe"`},
		{rule: "an accent cannot hide a bot's name", raw: "Bláckbeard",
			refuse: `the nickname "Bláckbeard" looks like "Blackbeard", a bot's name: only a combining mark sets them apart`},
		{rule: "a name whose marks are its own is accepted beside another", raw: "Zoë", held: []string{"Zed"}, stored: "Zoë"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			got, err := checkNickname(c.raw, c.held)
			switch {
			case c.refuse == "" && err != nil:
				t.Fatalf("%q refused: %v", c.raw, err)
			case c.refuse == "" && got != c.stored:
				t.Fatalf("%q stored as %q, want %q", c.raw, got, c.stored)
			case c.refuse == "" && !norm.NFC.IsNormalString(got):
				t.Fatalf("%q stored as %q, which is not in NFC", c.raw, got)
			case c.refuse != "" && err == nil:
				t.Fatalf("%q accepted as %q, want a refusal saying %q", c.raw, got, c.refuse)
			case c.refuse != "" && !strings.Contains(err.Error(), c.refuse):
				t.Fatalf("%q refused with %q, want it to say %q", c.raw, err, c.refuse)
			case c.refuse != "" && got != "":
				t.Fatalf("%q refused but gave %q", c.raw, got)
			}
		})
	}
}

// A refused nickname changes nothing: creating a table with one makes no
// table, and joining with one leaves the seats as they were.
func TestRefusedNicknameChangesNothing(t *testing.T) {
	s, _ := newStore(t)
	m := newManager(t, s)
	ctx := context.Background()
	for _, bad := range []string{"Blackbeard", "Ann\xff", "Ann\x00"} {
		if _, _, _, err := m.Create(ctx, CreateRequest{Nickname: bad,
			Seats: []SeatSpec{{Kind: "open"}, {Kind: "open"}}}); err == nil {
			t.Fatalf("a table created for %q", bad)
		}
	}
	if open, err := s.OpenTables(ctx); err != nil || len(open) != 0 {
		t.Fatalf("tables after refused creations: %v, %v", open, err)
	}
	id, _, _, err := m.Create(ctx, CreateRequest{Nickname: "Owner",
		Seats: []SeatSpec{{Kind: "open"}, {Kind: "open"}, {Kind: "bot", Level: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	before := m.Lobby()
	info, _ := before.Get(id)
	for _, c := range []struct{ name, says string }{
		{"Оwner", `looks like "Owner", who sits at this table`},
		{"owner", "is taken"},
		{"Mary Read", "Mary Read is a bot's name"}, // seat 2's bot
		{"Calico Jack", "Calico Jack is a bot's name"},
	} {
		reply, err := m.Request(ctx, id, protocol.ClientMsg{Type: protocol.TypeJoin, Name: c.name})
		if err != nil {
			t.Fatal(err)
		}
		if reply.Type != protocol.TypeError || reply.Code != protocol.ErrBadRequest || !strings.Contains(reply.Message, c.says) {
			t.Fatalf("join as %q: %+v, want bad_request saying %q", c.name, reply, c.says)
		}
	}
	after, _ := m.Lobby().Get(id)
	if len(after.Seats) != len(info.Seats) || after.Seats[1].Kind != KindOpen || after.Seats[1].Name != "" {
		t.Fatalf("seats after refused joins: %+v", after.Seats)
	}
	reply, err := m.Request(ctx, id, protocol.ClientMsg{Type: protocol.TypeJoin, Name: " Ｂｅｎ "})
	if err != nil || reply.Type != protocol.TypeJoined {
		t.Fatalf("join as Ben: %+v, %v", reply, err)
	}
	ben := attach(t, m, id, protocol.ClientMsg{Token: reply.Token})
	if w := ben.next(protocol.TypeWelcome); w.Table.Seats[1].Name != "Ben" {
		t.Fatalf("Ben's seat %+v, want the normalised name", w.Table.Seats[1])
	}
}

// The protocol document lists the names reserved for bots: every one of
// botNames, so that a person refused one can see the whole list.
func TestDocListsTheBotsNames(t *testing.T) {
	doc, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rules, ok := strings.Cut(string(doc), "**Bots' names are for bots.**")
	if !ok {
		t.Fatal("the protocol document has no rule on bots' names")
	}
	rule, _, _ := strings.Cut(rules, "\n\n") // the rule is the list's last item
	rule = strings.Join(strings.Fields(rule), " ")
	for _, n := range botNames {
		if !strings.Contains(rule, n) {
			t.Errorf("the rule on bots' names does not name %q", n)
		}
	}
}

// The protocol document's nickname rules state what the code does: every
// reserved name is named in them, and the cap on combining marks is the
// code's.
func TestDocStatesTheReservedNamesAndTheMarkCap(t *testing.T) {
	doc, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rules, _ := strings.Cut(string(doc), "**Nicknames.**")
	rules, _, _ = strings.Cut(rules, "\n## ")
	rules = strings.Join(strings.Fields(rules), " ")
	for _, r := range reserved {
		if !strings.Contains(rules, r.name) {
			t.Errorf("the nickname rules do not name %q, which is reserved", r.name)
		}
	}
	if want := fmt.Sprintf("at most %d may stack on one character", maxMarks); !strings.Contains(rules, want) {
		t.Errorf("the nickname rules do not say %q", want)
	}
}
