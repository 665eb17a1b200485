package table

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/graphemes"
	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"

	"github.com/skullking-go/skullking/internal/emoji"
	"github.com/skullking-go/skullking/protocol"
)

// The rules of a person's nickname. A public table is a place where a
// stranger can try to pass for someone else, so a nickname must not only be
// well formed but also be told apart, at a glance, from every name already
// at the table and from the names bots go by:
//
//   - it is text: invalid UTF-8 is refused, never repaired, and so is the
//     replacement character U+FFFD a decoder leaves for what it could not read;
//   - an emoji Unicode recommends (the RGI set of UTS #51: the pirate flag
//     🏴‍☠️, ☠️, a flag, a skin tone) is kept as typed, a whole grapheme
//     cluster, and is the only place a zero-width joiner U+200D or the
//     emoji selector U+FE0F may stand (keptEmoji);
//   - the rest passes the PRECIS Nickname profile (RFC 8266): no control,
//     format or unassigned characters; spaces are trimmed and runs of them
//     collapsed; compatibility forms are normalised (NFKC: a full-width "Ａ"
//     is "A"), and that normal form is the name stored — NFKC composes as
//     NFC does, so the stored name is in NFC ("e" and U+0301 are stored as
//     "é");
//   - no combining mark stands alone, at its start or on a space, and at
//     most maxMarks stand on one character (marks);
//   - it has 1 to MaxNameLen characters once normalised, a character being
//     what a reader takes for one: an extended grapheme cluster (UAX #29),
//     a letter with its marks, a whole emoji; and no character holds more
//     than maxClusterRunes code points;
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
// Why set the emoji aside rather than let PRECIS judge them: the profile
// refuses U+FE0F wherever it stands and U+200D anywhere but after a virama,
// as it must for text, where an invisible joiner or selector is a way to
// make two names look alike.
// In a recommended emoji they are neither hidden nor free: the sequence is
// drawn as one picture everywhere, and only Unicode's list says which
// sequences are. Anything else holding them (a joiner between letters, two
// emoji joined into a picture no platform draws) is refused as before. The
// emoji take part in every other rule: each counts toward the length as one
// character, and they are compared with the other seats' names, so
// "🏴‍☠️ jack" is taken beside "🏴‍☠️ Jack", and "☠️ Jack" looks like
// "☠ Jack", the same skull drawn as text (the selector, a mark, is what a
// glance misses). "🏴‍☠️ Jack" and "🏴 Jack" are told apart: a black flag
// with a white skull and crossbones on it, and a plain black flag, differ
// in the one thing the eye sees of them; so do two skin tones.
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
		{"Graybeard", protocol.ProblemNicknameGraybeard, protocol.ProblemNicknameLikeGraybeard},
		{"spectator", protocol.ProblemNicknameSpectator, protocol.ProblemNicknameLikeSpectator},
	}
	for _, bn := range botNames {
		out = append(out, reservedName{bn, protocol.ProblemNicknameBot, protocol.ProblemNicknameLikeBot})
	}
	return out
}()

// reservedName is a name no person may take, with the problems of a
// nickname that is it and of one that looks like it.
type reservedName struct{ name, problem, like string }

// maxMarks is how many combining marks (Unicode categories Mn and Me) may
// stand on one character of a nickname. Ordinary spelling stacks at most
// three: a Hebrew shin with a dagesh, its dot and a vowel (שָּׁ), a Tibetan
// letter with two letters subjoined and a vowel (སྒྲོ of Drolma); a
// Vietnamese letter with two marks (ệ) takes none once composed, and two
// if typed decomposed. One more leaves room for spellings not foreseen,
// while a letter under 23 stacked marks, drawn over the names above and
// below it, is refused.
const maxMarks = 4

// maxClusterRunes is how many code points one character (grapheme cluster)
// of a nickname may hold: as many as the longest recommended emoji (a kiss
// with two skin tones), which is room for any script's letter with its
// marks and the consonants joined to it (a Sanskrit conjunct of five). A
// cluster has no length of its own in UAX #29 (skin tones, spacing marks
// and conjuncts extend it without end), and a name of MaxNameLen characters
// each drawn as a run of signs would be as long as the limit was to stop.
const maxClusterRunes = 10

// Invisible characters the rules name: the two an emoji sequence holds,
// and the joiner's counterpart, which only the profile's context allows.
const (
	zwj  = '\u200D' // zero-width joiner: joins emoji into one picture
	zwnj = '\u200C' // zero-width non-joiner, which the profile allows between joining letters
	vs16 = '\uFE0F' // variation selector 16: draw the character as an emoji
)

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
		return "", refused(protocol.ProblemNicknameNotUTF8, "Detail", fmt.Sprintf("byte %#02x at offset %d", raw[i], i))
	}
	if strings.ContainsRune(raw, utf8.RuneError) {
		// What a decoder leaves for a byte or an escape it could not read: a
		// name repaired on the way, not one anybody chose.
		return "", refused(protocol.ProblemNicknameUnreadable, "Nickname", escaped(raw))
	}
	if strings.TrimSpace(raw) == "" {
		return "", refused(protocol.ProblemNicknameEmpty, "Max", MaxNameLen)
	}
	p := placeholder(raw)
	if p == 0 {
		// Every stand-in is in the name already: hundreds of emoji.
		return "", refused(protocol.ProblemNicknameTooLong, "Max", MaxNameLen, "Count", graphemeCount(raw))
	}
	text, kept := setAside(raw, p)
	folded, err := precis.Nickname.String(text)
	if err != nil {
		return "", refused(protocol.ProblemNicknameDisallowed, "Nickname", unquoted(raw), "Detail", disallowed(text))
	}
	if err := marks(folded); err != nil {
		return "", refused(protocol.ProblemNicknameMark, "Detail", err.Error())
	}
	name, ok := restore(folded, p, kept)
	if !ok {
		// The profile made or lost a stand-in, which no normalisation does.
		return "", refused(protocol.ProblemNicknameUnchecked, "Nickname", unquoted(raw))
	}
	if c, n := longestCluster(name); n > maxClusterRunes {
		return "", refused(protocol.ProblemNicknameCluster, "Max", maxClusterRunes, "Char", escaped(c), "Count", n)
	}
	if n := graphemeCount(name); n > MaxNameLen {
		return "", refused(protocol.ProblemNicknameLong, "Max", MaxNameLen, "Nickname", unquoted(name), "Count", n)
	}
	keys := lookalikeKeys(name)
	for _, r := range reserved {
		if sameName(name, r.name) {
			return "", refused(r.problem, "Name", r.name)
		}
		if sameKey(keys, lookalikeKeys(r.name)) {
			return "", refused(r.like+onlyMarks(name, r.name), "Nickname", unquoted(name), "Name", r.name)
		}
	}
	for _, h := range held {
		if sameName(name, h) {
			return "", refused(protocol.ProblemNicknameTaken, "Nickname", unquoted(name))
		}
		if sameKey(keys, lookalikeKeys(h)) {
			return "", refused(protocol.ProblemNicknameLikeSeat+onlyMarks(name, h), "Nickname", unquoted(name), "Name", unquoted(h))
		}
	}
	return name, nil
}

// keptEmoji reports whether the grapheme cluster c is a recommended emoji
// the name keeps as typed. A single character is left to the profile,
// which allows it as a symbol; so is an emoji whose character NFKC rewrites
// (™️, ℹ️, ‼️), which the profile then refuses for its selector: kept, it
// would escape the normalisation every other character of the name gets.
func keptEmoji(c string) bool {
	return utf8.RuneCountInString(c) > 1 && emoji.IsRGI(c) && norm.NFKC.IsNormalString(c)
}

// setAside returns s with each of its kept emoji replaced by the stand-in
// p, and the emoji, in order, for restore to put back.
func setAside(s string, p rune) (string, []string) {
	var b strings.Builder
	var kept []string
	for g := graphemes.FromString(s); g.Next(); {
		if c := g.Value(); keptEmoji(c) {
			b.WriteRune(p)
			kept = append(kept, c)
		} else {
			b.WriteString(c)
		}
	}
	return b.String(), kept
}

// placeholder returns a stand-in for the emoji set aside in names: an
// emoji the profile allows as it stands (a symbol, which no normalisation
// changes, makes or joins to its neighbours), and one none of names holds,
// so that each stand-in after the profile is one set aside. It returns 0
// when names hold every candidate.
func placeholder(names ...string) rune {
	for p := rune(0x1F300); p <= 0x1F5FF; p++ { // Miscellaneous Symbols and Pictographs
		if !slices.ContainsFunc(names, func(n string) bool { return strings.ContainsRune(n, p) }) {
			return p
		}
	}
	return 0
}

// restore puts the emoji kept back in place of the stand-ins p in s; false
// if s does not hold one stand-in for each.
func restore(s string, p rune, kept []string) (string, bool) {
	if strings.Count(s, string(p)) != len(kept) {
		return "", false
	}
	if len(kept) == 0 {
		return s, true
	}
	var b strings.Builder
	for _, r := range s {
		if r == p {
			b.WriteString(kept[0])
			kept = kept[1:]
		} else {
			b.WriteRune(r)
		}
	}
	return b.String(), true
}

// sameName reports whether two names are equal under the profile's
// comparison (which ignores case and width), their kept emoji set aside:
// equal names hold the same emoji in the same places.
func sameName(a, b string) bool {
	p := placeholder(a, b)
	ta, ka := setAside(a, p)
	tb, kb := setAside(b, p)
	return slices.Equal(ka, kb) && precis.Nickname.Compare(ta, tb)
}

// unquoted is a name as a problem names it, for the catalogue's sentence
// to put in its language's quotes: its invisible and control characters
// escaped as %q writes them, but for its kept emoji, which are shown
// whole: their joiners and selectors are part of a picture, not a
// character to point out.
func unquoted(s string) string {
	var b strings.Builder
	for g := graphemes.FromString(s); g.Next(); {
		if c := g.Value(); keptEmoji(c) {
			b.WriteString(c)
		} else {
			q := strconv.Quote(c)
			b.WriteString(q[1 : len(q)-1])
		}
	}
	return b.String()
}

// escaped is s as %q writes it, without the quotes.
func escaped(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// graphemeCount is how many characters s has, as a reader counts them.
func graphemeCount(s string) int {
	n := 0
	for g := graphemes.FromString(s); g.Next(); {
		n++
	}
	return n
}

// longestCluster returns the grapheme cluster of s with the most code
// points, and how many it has.
func longestCluster(s string) (string, int) {
	longest, most := "", 0
	for g := graphemes.FromString(s); g.Next(); {
		if n := utf8.RuneCountInString(g.Value()); n > most {
			longest, most = g.Value(), n
		}
	}
	return longest, most
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
// that sets them apart, for the person who may not see it: the suffix of
// the look-alike problem's code that says so ("" when more differs). The
// emoji selector U+FE0F is a mark too, but nobody types it as one: it is
// named.
func onlyMarks(name, other string) string {
	if sameKey(markedKeys(name), markedKeys(other)) {
		return ""
	}
	noSelector := func(s string) string { return strings.ReplaceAll(s, string(vs16), "") }
	if sameKey(markedKeys(noSelector(name)), markedKeys(noSelector(other))) {
		return "_selector" // only U+FE0F, which asks for a character's emoji picture, sets them apart
	}
	return "_mark" // only a combining mark sets them apart
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

// disallowed says which character of s (a name with its kept emoji set
// aside) the profile refuses, for the person who typed it: the first one
// the profile refuses on its own, or else the whole. A joiner the profile
// refuses alone may be allowed where it stands (a zero-width joiner after a
// virama, a non-joiner between Persian letters): it is named only when the
// name without the other characters refused still fails.
func disallowed(s string) string {
	joinersFine := profileAllows(strings.Map(func(r rune) rune {
		if r == zwj || r == zwnj || unicode.Is(unicode.Zs, r) || profileAllows(string(r)) {
			return r
		}
		return -1
	}, s))
	for g := graphemes.FromString(s); g.Next(); {
		c := g.Value()
		for _, r := range c {
			if unicode.Is(unicode.Zs, r) {
				continue // a space on its own is trimmed away, yet allowed
			}
			if profileAllows(string(r)) || (r == zwj || r == zwnj) && joinersFine {
				continue
			}
			kind := "a character a nickname may not hold"
			switch {
			case r == zwj:
				kind = "a zero-width joiner"
			case unicode.IsControl(r):
				kind = "a control character"
			case unicode.Is(unicode.Variation_Selector, r):
				kind = "an invisible variation selector"
			case unicode.Is(unicode.Cf, r):
				kind = "an invisible formatting character"
			case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs):
				kind = "not an assigned printable character"
			}
			if emoji.IsRGI(c) {
				// Kept only if NFKC leaves it alone (keptEmoji).
				first, _ := utf8.DecodeRuneInString(c)
				return fmt.Sprintf("holds %q, an emoji a nickname cannot keep as typed: normalisation (NFKC) makes its %q %q",
					c, string(first), norm.NFKC.String(string(first)))
			}
			if emojiLike(c) {
				return fmt.Sprintf("holds %q, which is not one of Unicode's recommended emoji (the RGI set): only those may hold %U, %s",
					c, r, kind)
			}
			if r == zwj || r == vs16 {
				return fmt.Sprintf("holds %U, %s, outside an emoji: only one of Unicode's recommended emoji (the RGI set), such as %s, may hold it",
					r, kind, map[rune]string{zwj: "🏴\u200d☠️", vs16: "☠️"}[r])
			}
			return fmt.Sprintf("holds %U, %s", r, kind)
		}
	}
	return "holds a character a nickname may not hold where it stands"
}

// profileAllows reports whether the profile accepts s as it stands.
func profileAllows(s string) bool {
	_, err := precis.Nickname.String(s)
	return err == nil
}

// emojiLike reports whether the grapheme cluster c was meant as an emoji:
// it starts with a symbol and holds more than it, the way emoji sequences
// do (a joiner, a selector, a tag).
func emojiLike(c string) bool {
	first, size := utf8.DecodeRuneInString(c)
	return size < len(c) && unicode.Is(unicode.So, first)
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
