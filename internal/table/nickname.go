package table

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/secure/precis"
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
//     and that normal form is the name stored;
//   - it has 1 to MaxNameLen characters once normalised;
//   - it is not one of botNames, nor equal to one under the profile's
//     comparison (which ignores case), nor confusable with one;
//   - it is neither equal to nor confusable with a name another seat shows.
//
// Two names are confusable when their UTS #39 skeletons agree: "Оwner" with
// a Cyrillic О and "Owner", "rn" and "m", "B1ackbeard" and "Blackbeard".
// The skeletons are taken of the case-folded name, so that case cannot hide
// a look-alike, and of the name as written, because folding first loses a
// capital I's likeness to a small l ("BIackbeard").
//
// The bots' level names (random, captain...) are not reserved: the table
// shows them beside a bot's name, as its strength, never as a seat's name.

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
	if n := utf8.RuneCountInString(name); n > MaxNameLen {
		return "", fmt.Errorf("a nickname has 1 to %d characters; %q has %d", MaxNameLen, name, n)
	}
	keys := lookalikeKeys(name)
	for _, bn := range botNames {
		if precis.Nickname.Compare(name, bn) {
			return "", fmt.Errorf("%s is a bot's name", bn)
		}
		if sameKey(keys, lookalikeKeys(bn)) {
			return "", fmt.Errorf("the nickname %q looks like %q, a bot's name", name, bn)
		}
	}
	for _, h := range held {
		if precis.Nickname.Compare(name, h) {
			return "", fmt.Errorf("the nickname %q is taken at this table", name)
		}
		if sameKey(keys, lookalikeKeys(h)) {
			return "", fmt.Errorf("the nickname %q looks like %q, who sits at this table", name, h)
		}
	}
	return name, nil
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

// lookalikeKeys are the UTS #39 skeletons by which name is compared with
// others: of the case-folded name and of the name as written, each folded
// again so that a skeleton's own capitals ("0" becomes "O") do not part
// names that look alike.
func lookalikeKeys(name string) [2]string {
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
