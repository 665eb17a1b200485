package protocol

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skullking-go/skullking"
)

// Capital starts a sentence: its first letter upper case, whatever the
// script ("Éric …").
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// List joins phrases: "a", "a and b", "a, b and c".
func List(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

// Count is "1 trick", "2 tricks".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// RulesProblem words the engine's refusal of a set of rules for the person
// who chose them: under the option's label, as a form shows it, never its
// record key or the engine's prefix. "Loot is never used with 2 players.",
// "Colour 14 captured: 5000: must be 0 to 1000."
func RulesProblem(err error) string {
	var oe *skullking.OptionError
	if !errors.As(err, &oe) {
		return Capital(strings.TrimPrefix(strings.TrimPrefix(err.Error(), skullking.ErrBadOptions.Error()+": "), "skullking: "))
	}
	if spec, ok := skullking.OptionSpecOf(oe.Key); ok && !oe.Alone {
		return spec.Label + ": " + oe.Detail + "."
	}
	return Capital(oe.Detail) + "."
}
