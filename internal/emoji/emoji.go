// Package emoji knows which emoji Unicode recommends for general
// interchange: the RGI emoji set of UTS #51 (definition ED-27), the emoji
// every current platform draws as one picture.
//
// The set is read from Unicode's own data files, embedded as published
// (emoji-sequences.txt and emoji-zwj-sequences.txt of Unicode Emoji 15.0,
// under the Unicode license in LICENSE beside them). No Go module that
// carries these files could be had, and a list of our own would drift from
// Unicode's: to move to a later version, replace the two files with that
// version's and change Version.
package emoji

import (
	"bufio"
	_ "embed" // the data files
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Version is the Unicode Emoji version of the data files.
const Version = "15.0"

var (
	//go:embed emoji-sequences.txt
	sequencesTxt string
	//go:embed emoji-zwj-sequences.txt
	zwjSequencesTxt string
)

// rgi is the set, read on first use: the server pays for it when the
// first nickname is checked, a tool that never checks one never does.
var rgi = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, txt := range []string{sequencesTxt, zwjSequencesTxt} {
		if err := parse(txt, func(seq string) { set[seq] = true }); err != nil {
			panic("emoji: the embedded data: " + err.Error()) // a file replaced by something else
		}
	}
	return set
})

// IsRGI reports whether s is exactly one emoji of the RGI set: a single
// emoji character, or a whole sequence (a flag, a keycap, a skin tone, an
// emoji with its presentation selector U+FE0F, a ZWJ sequence such as the
// pirate flag 🏴‍☠️).
func IsRGI(s string) bool { return rgi()[s] }

// Longest is how many code points the longest RGI emoji has.
func Longest() int {
	n := 0
	for s := range rgi() {
		n = max(n, len([]rune(s)))
	}
	return n
}

// parse calls add with each sequence a data file lists: a line is
// "code points ; type ; name # comment", the code points either a
// sequence ("1F3F4 200D 2620 FE0F") or a range of single characters
// ("1F600..1F64F").
func parse(txt string, add func(string)) error {
	sc := bufio.NewScanner(strings.NewReader(txt))
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		field, _, ok := strings.Cut(line, ";")
		if !ok {
			if strings.TrimSpace(line) != "" {
				return fmt.Errorf("line %d: no fields", n)
			}
			continue
		}
		field = strings.TrimSpace(field)
		if lo, hi, isRange := strings.Cut(field, ".."); isRange {
			a, err := codePoint(lo)
			if err != nil {
				return fmt.Errorf("line %d: %w", n, err)
			}
			b, err := codePoint(hi)
			if err != nil {
				return fmt.Errorf("line %d: %w", n, err)
			}
			for r := a; r <= b; r++ {
				add(string(r))
			}
			continue
		}
		var seq []rune
		for _, f := range strings.Fields(field) {
			r, err := codePoint(f)
			if err != nil {
				return fmt.Errorf("line %d: %w", n, err)
			}
			seq = append(seq, r)
		}
		add(string(seq))
	}
	return sc.Err()
}

func codePoint(hex string) (rune, error) {
	v, err := strconv.ParseUint(strings.TrimSpace(hex), 16, 32)
	if err != nil || v > 0x10FFFF {
		return 0, fmt.Errorf("%q is no code point", hex)
	}
	return rune(v), nil
}
