package main

import (
	"strings"

	"github.com/skullking-go/skullking/locale"
)

// envLanguage is the language the terminal's environment asks for, as
// POSIX reads it: $LC_ALL, else $LC_MESSAGES, else $LANG. "fr_FR.UTF-8"
// is "fr-FR"; "C", "POSIX" or nothing is "" (the catalogue's base).
func envLanguage(getenv func(string) string) string {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := getenv(k)
		if v == "" {
			continue
		}
		return languageTag(v)
	}
	return ""
}

// languageTag is a POSIX locale name as a language tag: "fr_FR.UTF-8"
// is "fr-FR"; "C" and "POSIX" are "".
func languageTag(v string) string {
	v, _, _ = strings.Cut(strings.TrimSpace(v), ".") // the encoding
	v, _, _ = strings.Cut(v, "@")                    // a modifier
	if v == "C" || v == "POSIX" {
		return ""
	}
	return strings.ReplaceAll(v, "_", "-")
}

// language is the catalogue's language for --lang (or, without it, for
// the environment): the best match, else English. The pseudo-language
// (locale.PseudoCode) is made when it is asked for, to check which of the
// screen's words come from the catalogue.
func language(code string, getenv func(string) string) *locale.Lang {
	if code = languageTag(code); code == "" {
		code = envLanguage(getenv)
	}
	if strings.EqualFold(code, locale.PseudoCode) {
		if cat, err := locale.Default().WithPseudo(); err == nil {
			return cat.For(locale.PseudoCode)
		}
	}
	return locale.For(code)
}
