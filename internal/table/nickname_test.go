package table

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/graphemes"
	"golang.org/x/text/unicode/norm"

	"github.com/skullking-go/skullking/internal/emoji"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
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

		// Emoji, and lengths counted in characters as a reader counts them.
		{rule: "an emoji ZWJ sequence Unicode recommends is kept whole", raw: pirate + " Jack", stored: pirate + " Jack"},
		{rule: "spaces around an emoji are trimmed and collapsed as anywhere", raw: "  " + pirate + "   Jack ", stored: pirate + " Jack"},
		{rule: "an emoji presentation sequence is kept with its selector", raw: "\u2620\ufe0f Ann", stored: "\u2620\ufe0f Ann"},
		{rule: "a keycap is kept", raw: "Ann 1\ufe0f\u20e3", stored: "Ann 1\ufe0f\u20e3"},
		{rule: "a subdivision flag, a tag sequence, is kept", raw: england + " Ann", stored: england + " Ann"},
		{rule: "the rest of a name with an emoji is normalised", raw: pirate + " Ｊａｃｋ", stored: pirate + " Jack"},
		{rule: "a joiner after a virama is the profile's to allow, as before", raw: "\u0915\u094d\u200d\u0937", stored: "\u0915\u094d\u200d\u0937"},
		{rule: "a non-joiner between Persian letters is the profile's to allow", raw: "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
			stored: "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"},
		{rule: "a lone ZWJ between letters is refused", raw: "Ja\u200dck",
			refuse: `the nickname "Ja\u200dck" holds U+200D, a zero-width joiner, outside an emoji: only one of Unicode's recommended emoji (the RGI set), such as ` + pirate + `, may hold it`},
		{rule: "a ZWJ joining emoji into no recommended emoji is refused", raw: "\U0001F468\u200d\U0001F996 Rex", // man, T-rex
			refuse: `holds "👨\u200d🦖", which is not one of Unicode's recommended emoji (the RGI set): only those may hold U+200D, a zero-width joiner`},
		{rule: "the pirate flag without its selector is no recommended emoji", raw: "\U0001F3F4\u200d\u2620 Jack",
			refuse: `which is not one of Unicode's recommended emoji (the RGI set): only those may hold U+200D`},
		{rule: "a mark on an emoji makes it no recommended emoji", raw: pirate + "\u0301 Jack", refuse: "not one of Unicode's recommended emoji"},
		{rule: "a selector on a letter is refused", raw: "A\ufe0fnn",
			refuse: "holds U+FE0F, an invisible variation selector, outside an emoji: only one of Unicode's recommended emoji (the RGI set), such as \u2620\ufe0f, may hold it"},
		{rule: "a selector on an emoji that has no such form is refused", raw: "\U0001F600\ufe0f Ann",
			refuse: "not one of Unicode's recommended emoji (the RGI set): only those may hold U+FE0F, an invisible variation selector"},
		{rule: "the text selector is refused", raw: "\u2620\ufe0e Ann", refuse: "only those may hold U+FE0E, an invisible variation selector"},
		{rule: "a tag sequence Unicode does not list is refused", raw: "\U0001F3F4\U000E0067\U000E0062 Ann",
			refuse: "only those may hold U+E0067, an invisible formatting character"},
		{rule: "an emoji whose character NFKC rewrites is refused", raw: "\u2122\ufe0f Ann",
			refuse: `holds "™️", an emoji a nickname cannot keep as typed: normalisation (NFKC) makes its "™" "TM"`},
		{rule: "24 flags are 24 characters", raw: strings.Repeat("🇫🇷", MaxNameLen), stored: strings.Repeat("🇫🇷", MaxNameLen)},
		{rule: "25 flags are too many", raw: strings.Repeat("🇫🇷", MaxNameLen+1), refuse: "a nickname has 1 to 24 characters; \"🇫🇷🇫🇷"},
		{rule: "25 flags are 25 characters", raw: strings.Repeat("🇫🇷", MaxNameLen+1), refuse: "has 25"},
		{rule: "24 pirate flags are 24 characters", raw: strings.Repeat(pirate, MaxNameLen), stored: strings.Repeat(pirate, MaxNameLen)},
		{rule: "a letter with two marks is one character", raw: strings.Repeat("x\u0301\u0302", MaxNameLen), stored: strings.Repeat("x\u0301\u0302", MaxNameLen)},
		{rule: "a Sanskrit conjunct of five consonants is one character", raw: "\u0915\u093e\u0930\u094d\u0924\u094d\u0938\u094d\u0928\u094d\u092f",
			stored: "\u0915\u093e\u0930\u094d\u0924\u094d\u0938\u094d\u0928\u094d\u092f"},
		{rule: "the longest recommended emoji fits in one character", raw: kiss + " Ann", stored: kiss + " Ann"},
		{rule: "a character of more code points than the longest emoji is refused", raw: "a" + strings.Repeat("\U0001F3FB", 10),
			refuse: "one character of a nickname holds at most 10 code points; \"a🏻🏻🏻🏻🏻🏻🏻🏻🏻🏻\" holds 11"},
		// Marks stack on the letter they follow, and a conjunct joins several
		// letters into one character: the cap is on each letter's stack.
		{rule: "the mark cap counts a conjunct's marks letter by letter", raw: "\u0915\u093e\u0930\u094d\u0924\u094d\u0938\u094d\u0928\u094d\u092f\u0902",
			stored: "\u0915\u093e\u0930\u094d\u0924\u094d\u0938\u094d\u0928\u094d\u092f\u0902"},
		{rule: "the mark cap holds on a letter inside a conjunct", raw: "\u0930\u094d\u0924\u0901\u0902\u0951\u0952\u0953",
			refuse: `a nickname stacks at most 4 combining marks on one character; this one stacks 5 on "त"`},
		{rule: "an emoji name in another case is taken", raw: pirate + " jack", held: []string{pirate + " Jack"},
			refuse: `the nickname "` + pirate + ` jack" is taken at this table`},
		{rule: "another emoji makes a name new", raw: "\U0001F468\u200d\U0001F680 Jack", held: []string{pirate + " Jack"}, // man astronaut
			stored: "\U0001F468\u200d\U0001F680 Jack"},
		// The pirate flag is a black flag with a white skull and crossbones
		// on it: beside a plain black flag, the skull is what the eye sees
		// first, not a detail a glance misses (as an accent is). Both may sit.
		{rule: "the pirate flag is no look-alike of the black flag", raw: pirate + " Jack", held: []string{"\U0001F3F4 Jack"}, stored: pirate + " Jack"},
		{rule: "the black flag is no look-alike of the pirate flag", raw: "\U0001F3F4 Jack", held: []string{pirate + " Jack"}, stored: "\U0001F3F4 Jack"},
		{rule: "two skin tones tell two names apart", raw: "\U0001F44D\U0001F3FB Jack", held: []string{"\U0001F44D\U0001F3FF Jack"},
			stored: "\U0001F44D\U0001F3FB Jack"},
		{rule: "an emoji and the same character as text look alike", raw: "\u2620\ufe0f Jack", held: []string{"\u2620 Jack"},
			refuse: `looks like "☠ Jack", who sits at this table: only U+FE0F, which asks for a character's emoji picture, sets them apart`},
		{rule: "an emoji does not hide a look-alike", raw: pirate + " Оwner", held: []string{pirate + " Owner"}, // a Cyrillic О
			refuse: `the nickname "` + pirate + ` Оwner" looks like "` + pirate + ` Owner", who sits at this table`},
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
			case c.refuse != "" && !strings.Contains(words.Problem(problemOf(err)), c.refuse):
				t.Fatalf("%q refused with %q, want it to say %q", c.raw, words.Problem(problemOf(err)), c.refuse)
			case c.refuse != "" && got != "":
				t.Fatalf("%q refused but gave %q", c.raw, got)
			}
		})
	}
}

// Emoji of the tests: whole sequences, written out so that the joiners and
// selectors in them can be seen.
const (
	pirate  = "\U0001F3F4\u200d\u2620\ufe0f"                                                     // 🏴‍☠️
	england = "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"           // 🏴󠁧󠁢󠁥󠁮󠁧󠁿
	kiss    = "\U0001F468\U0001F3FB\u200d\u2764\ufe0f\u200d\U0001F48B\u200d\U0001F468\U0001F3FC" // kiss: man, man, two skin tones
)

// FuzzNickname checks any name: it is refused, or stored in a form that
// keeps every rule. The stored form is text in NFC of 1 to MaxNameLen
// characters, none longer than maxClusterRunes; U+FE0F, which the profile
// refuses, stands only in a kept emoji; and the stored form is accepted as
// itself, so that a name given back by the server can be given again.
func FuzzNickname(f *testing.F) {
	for _, seed := range []string{
		"Ann", "  Ann   Lee ", "Ｚｅｄ", pirate + " Jack", "Ja\u200dck", "\U0001F468\u200d\U0001F996",
		strings.Repeat("🇫🇷", MaxNameLen), strings.Repeat("🇫🇷", MaxNameLen+1), kiss, england + "x\u0301",
		"\u2122\ufe0f", "\u0915\u094d\u200d\u0937", "a" + strings.Repeat("\u0336", 23), "\U0001F300" + pirate, "Ann\xff",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		name, err := checkNickname(raw, []string{"Owner"})
		if err != nil {
			if name != "" {
				t.Fatalf("%+q refused (%v) but gave %+q", raw, err, name)
			}
			return
		}
		if !utf8.ValidString(name) || !norm.NFC.IsNormalString(name) {
			t.Fatalf("%+q stored as %+q, not text in NFC", raw, name)
		}
		if n := graphemeCount(name); n < 1 || n > MaxNameLen {
			t.Fatalf("%+q stored as %+q, of %d characters", raw, name, n)
		}
		if c, n := longestCluster(name); n > maxClusterRunes {
			t.Fatalf("%+q stored as %+q, whose %+q has %d code points", raw, name, c, n)
		}
		for g := graphemes.FromString(name); g.Next(); {
			if c := g.Value(); strings.ContainsRune(c, vs16) && !keptEmoji(c) {
				t.Fatalf("%+q stored as %+q, whose %+q holds U+FE0F outside a kept emoji", raw, name, c)
			}
		}
		if again, err := checkNickname(name, nil); err != nil || again != name {
			t.Fatalf("%+q stored as %+q, which is checked again as %+q, %v", raw, name, again, err)
		}
	})
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
// reserved name is named in them, and the caps on length, combining marks
// and a character's code points, and the emoji version, are the code's.
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
	for _, want := range []string{
		fmt.Sprintf("at most %d may stack on one character", maxMarks),
		fmt.Sprintf("1 to %d characters", MaxNameLen),
		fmt.Sprintf("at most %d code points", maxClusterRunes),
		"Unicode Emoji " + emoji.Version,
	} {
		if !strings.Contains(rules, want) {
			t.Errorf("the nickname rules do not say %q", want)
		}
	}
	// The cap on a character's code points lets the longest recommended
	// emoji through.
	if emoji.Longest() > maxClusterRunes {
		t.Errorf("the longest recommended emoji has %d code points, over the cap of %d", emoji.Longest(), maxClusterRunes)
	}
}
