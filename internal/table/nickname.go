package table

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// The rules of a person's nickname. A public table is a place where a
// stranger can try to pass for someone else, so a nickname must not only be
// well formed but also be told apart, at a glance, from every name already
// at the table and from the names bots go by:
//
//   - it is text: invalid UTF-8 is refused, never repaired, and so is the
//     replacement character U+FFFD a decoder leaves for what it could not read;
//   - it passes the PRECIS Nickname profile (RFC 8266): no control, format or
//     unassigned characters; spaces are trimmed and runs of them collapsed;
//     compatibility forms are normalised (NFKC: a full-width "Ａ" is "A"),
//     and that normal form is the name stored — NFKC composes as NFC does,
//     so the stored name is in NFC ("e" and U+0301 are stored as "é");
//   - no combining mark stands alone, at its start or on a space, and at
//     most maxMarks stand on one character (marks);
//   - it has 1 to MaxNameLen characters once normalised;
//   - it is not one of the reserved names (the bots', Graybeard, spectator),
//     nor equal to one under the profile's comparison (which ignores case),
//     nor confusable with one;
//   - it is neither equal to nor confusable with a name another seat shows.
//
// Two names are confusable when their UTS #39 skeletons agree once their
// combining marks are dropped: "Оwner" with a Cyrillic О and "Owner", "rn"
// and "m", "B1ackbeard" and "Blackbeard", "Owneṙ" and "Owner". The
// skeletons are taken of the case-folded name, so that case cannot hide a
// look-alike, and of the name as written, because folding first loses a
// capital I's likeness to a small l ("BIackbeard").
//
// Why drop the marks rather than refuse the marks NFC does not compose
// into a letter: "Owner" with U+0307 (a dot above) composes into "Owneṙ",
// whose ṙ is a precomposed letter, so that rule would let it sit beside
// "Owner"; and it would refuse the marks whole scripts are written with
// (Hebrew points, Devanagari vowel signs), which have no precomposed
// forms. A dot or an accent is what a glance misses, so names that differ
// by nothing else are refused at the same table: "Zoë" beside "Zoe", which
// costs the second of them a name that tells them apart, nothing more.
//
// The bots' level names (random, captain...) are not reserved: the table
// shows them beside a bot's name, as its strength, never as a seat's name.

// reserved are the names no person may take, and what each is: the bots'
// (bot seats are named after pirates, botNames), Graybeard, the ghost
// player whose flipped cards a two-player game's views show under his name
// (docs/rules.md §9), and "spectator", the name every spectator's chat
// line goes by. A person under one of them would pass for what it names.
var reserved = func() []reservedName {
	out := []reservedName{
		{"Graybeard", "the name of the ghost player of a two-player game"},
		{"spectator", "the name every spectator chats under"},
	}
	for _, bn := range botNames {
		out = append(out, reservedName{bn, "a bot's name"})
	}
	return out
}()

type reservedName struct{ name, what string }

// maxMarks is how many combining marks (Unicode categories Mn and Me) may
// stand on one character of a nickname. Ordinary spelling stacks at most
// three: a Hebrew shin with a dagesh, its dot and a vowel (שָּׁ), a Tibetan
// letter with two letters subjoined and a vowel (སྒྲོ of Drolma); a
// Vietnamese letter with two marks (ệ) takes none once composed, and two
// if typed decomposed. One more leaves room for spellings not foreseen,
// while a letter under 23 stacked marks, drawn over the names above and
// below it, is refused.
const maxMarks = 4

// heldNames are the names the seats other than seat show: the seat's
// holder's, and during a game the name the game gave the seat at the start
// (it stays in every view when a bot or a newcomer takes over). The seat a
// newcomer takes is left out: its old name gives way to theirs.
func (t *Table) heldNames(seat int) []string {
	var out []string
	for i, s := range t.seats.Seats {
		if i == seat {
			continue
		}
		if s.Name != "" {
			out = append(out, s.Name)
		}
		if i < len(t.seats.Names) && t.seats.Names[i] != s.Name {
			out = append(out, t.seats.Names[i])
		}
	}
	return out
}

// checkNickname returns the stored form of a person's nickname raw, or why
// it is refused, given the names the table's other seats show. Every place
// that gives a person a name (creating a table, joining one) asks it.
func checkNickname(raw string, held []string) (string, error) {
	if !utf8.ValidString(raw) {
		i := invalidByte(raw)
		return "", fmt.Errorf("the nickname is not valid UTF-8 text (byte %#02x at offset %d)", raw[i], i)
	}
	if strings.ContainsRune(raw, utf8.RuneError) {
		// What a decoder leaves for a byte or an escape it could not read: a
		// name repaired on the way, not one anybody chose.
		return "", fmt.Errorf("the nickname %q holds U+FFFD, the mark of text that could not be read", raw)
	}
	if strings.TrimSpace(raw) == "" {
		return "", fmt.Errorf("a nickname has 1 to %d characters; this one is empty", MaxNameLen)
	}
	name, err := precis.Nickname.String(raw)
	if err != nil {
		return "", fmt.Errorf("the nickname %q %s", raw, disallowed(raw))
	}
	if err := marks(name); err != nil {
		return "", err
	}
	if n := utf8.RuneCountInString(name); n > MaxNameLen {
		return "", fmt.Errorf("a nickname has 1 to %d characters; %q has %d", MaxNameLen, name, n)
	}
	keys := lookalikeKeys(name)
	for _, r := range reserved {
		if precis.Nickname.Compare(name, r.name) {
			return "", fmt.Errorf("%s is %s", r.name, r.what)
		}
		if sameKey(keys, lookalikeKeys(r.name)) {
			return "", fmt.Errorf("the nickname %q looks like %q, %s%s", name, r.name, r.what, onlyMarks(name, r.name))
		}
	}
	for _, h := range held {
		if precis.Nickname.Compare(name, h) {
			return "", fmt.Errorf("the nickname %q is taken at this table", name)
		}
		if sameKey(keys, lookalikeKeys(h)) {
			return "", fmt.Errorf("the nickname %q looks like %q, who sits at this table%s", name, h, onlyMarks(name, h))
		}
	}
	return name, nil
}

// isMark reports whether r is a combining mark that draws on the character
// before it (Mn, Me); a spacing mark (Mc) takes its own room and is seen.
func isMark(r rune) bool { return unicode.In(r, unicode.Mn, unicode.Me) }

// marks refuses a name whose combining marks could hide or smear it: a
// mark on no character (at the start, or on a space, where it draws over
// whatever a client shows beside the name) and more than maxMarks on one.
func marks(name string) error {
	base, run := rune(-1), 0
	for i, r := range name {
		if !isMark(r) {
			base, run = r, 0
			continue
		}
		// The name is not quoted: a mark at its start would draw on the quote.
		if base < 0 {
			return fmt.Errorf("the nickname starts with %U, a combining mark with no letter to stand on", r)
		}
		if unicode.IsSpace(base) {
			return fmt.Errorf("the nickname puts %U, a combining mark, after a space: it has no letter to stand on", r)
		}
		if run++; run > maxMarks {
			n := run
			for _, r := range name[i+utf8.RuneLen(r):] {
				if !isMark(r) {
					break
				}
				n++
			}
			return fmt.Errorf("a nickname stacks at most %d combining marks on one character; this one stacks %d on %q",
				maxMarks, n, string(base))
		}
	}
	return nil
}

// onlyMarks says, of two names found alike, when a combining mark is all
// that sets them apart, for the person who may not see it.
func onlyMarks(name, other string) string {
	if sameKey(markedKeys(name), markedKeys(other)) {
		return ""
	}
	return ": only a combining mark sets them apart"
}

// invalidByte returns the offset of s's first byte that is not UTF-8.
func invalidByte(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return i
			}
		}
	}
	return 0
}

// disallowed says which character of s the profile refuses, for the
// person who typed it: the first one the profile refuses on its own, or
// else the whole (a character allowed only in some contexts, like a
// zero-width joiner, is refused where it stands).
func disallowed(s string) string {
	for _, r := range s {
		if unicode.Is(unicode.Zs, r) {
			continue // a space on its own is trimmed away, yet allowed
		}
		if _, err := precis.Nickname.String(string(r)); err == nil {
			continue
		}
		kind := "a character a nickname may not hold"
		switch {
		case unicode.IsControl(r):
			kind = "a control character"
		case unicode.Is(unicode.Cf, r):
			kind = "an invisible formatting character"
		case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs):
			kind = "not an assigned printable character"
		}
		return fmt.Sprintf("holds %U, %s", r, kind)
	}
	return "holds a character a nickname may not hold where it stands"
}

// lookalikeKeys are the keys by which name is compared with others: its
// markedKeys without their combining marks, which a glance misses.
func lookalikeKeys(name string) [2]string {
	keys := markedKeys(name)
	for i, k := range keys {
		keys[i] = strings.Map(func(r rune) rune {
			if isMark(r) {
				return -1
			}
			return r
		}, norm.NFD.String(k)) // decomposed, so that a letter's accent is a mark apart from it
	}
	return keys
}

// markedKeys are the UTS #39 skeletons of name: of the case-folded name
// and of the name as written, each folded again so that a skeleton's own
// capitals ("0" becomes "O") do not part names that look alike.
func markedKeys(name string) [2]string {
	folder := cases.Fold() // a Caser keeps state: one per call, as tables run apart
	folded := folder.String(name)
	return [2]string{
		folder.String(confusables.Skeleton(folded)),
		folder.String(confusables.Skeleton(name)),
	}
}

// sameKey reports whether two names share a skeleton.
func sameKey(a, b [2]string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}
