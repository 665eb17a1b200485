package emoji

import (
	"regexp"
	"strconv"
	"testing"
)

// The set holds what Unicode lists, and nothing near it: the files are read
// whole (each section's stated total is met) and a sequence is matched
// exactly, selector and joiners included.
func TestRGI(t *testing.T) {
	for _, c := range []struct {
		what string
		s    string
		rgi  bool
	}{
		{"the pirate flag, a ZWJ sequence", "\U0001F3F4\u200D\u2620\uFE0F", true},
		{"the pirate flag without its selector is not the recommended form", "\U0001F3F4\u200D\u2620", false},
		{"a black flag", "\U0001F3F4", true},
		{"skull and crossbones with its emoji presentation selector", "\u2620\uFE0F", true},
		{"a character from a range line", "\U0001F600", true},
		{"a keycap", "#\uFE0F\u20E3", true},
		{"a flag of two regional indicators", "\U0001F1EB\U0001F1F7", true},
		{"a subdivision flag, a tag sequence", "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", true},
		{"a skin tone", "\U0001F44D\U0001F3FD", true},
		{"a man joined to a T-rex is no recommended emoji", "\U0001F468\u200D\U0001F996", false},
		{"a letter is no emoji", "a", false},
		{"a ZWJ alone is no emoji", "\u200D", false},
		{"two emoji are not one", "\U0001F600\U0001F600", false},
		{"the empty string", "", false},
	} {
		if got := IsRGI(c.s); got != c.rgi {
			t.Errorf("%s: IsRGI(%+q) = %v", c.what, c.s, got)
		}
	}
}

func TestDataFiles(t *testing.T) {
	version := regexp.MustCompile(`(?m)^# Version: (\S+)$`)
	totals := regexp.MustCompile(`(?m)^# Total elements: (\d+)$`)
	all := 0
	for name, txt := range map[string]string{"emoji-sequences.txt": sequencesTxt, "emoji-zwj-sequences.txt": zwjSequencesTxt} {
		if m := version.FindStringSubmatch(txt); m == nil || m[1] != Version {
			t.Errorf("%s is of version %v, Version says %s", name, m, Version)
		}
		listed := 0
		if err := parse(txt, func(string) { listed++ }); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		stated := 0
		for _, m := range totals.FindAllStringSubmatch(txt, -1) {
			n, _ := strconv.Atoi(m[1])
			stated += n
		}
		if listed != stated {
			t.Errorf("%s: read %d sequences, the file states %d", name, listed, stated)
		}
		all += listed
	}
	// Each sequence is listed once, in one file.
	if len(rgi()) != all {
		t.Errorf("the set has %d emoji, the files list %d", len(rgi()), all)
	}
	if n := Longest(); n != 10 {
		t.Errorf("the longest emoji has %d code points; Unicode Emoji 15.0's has 10 (a kiss with two skin tones)", n)
	}
}
