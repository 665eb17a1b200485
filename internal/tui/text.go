package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/skullking-go/skullking/locale"
)

// Every word the screen writes for the person is the catalogue's (ids
// tui.*, and table.* where the browser's table says the same), in the
// language of Config.Lang. A column of the screen is padded to the width
// its text takes on a terminal, not to its count of characters: a Korean
// syllable takes two columns.

// t renders the catalogue's sentence id in the screen's language.
func (m *Model) t(id string, args locale.Args) string { return m.cfg.Lang.T(id, args) }

// n renders sentence id in the plural form count calls for.
func (m *Model) n(id string, count int, args locale.Args) string {
	return m.cfg.Lang.N(id, count, args)
}

// padRight fills s with spaces to w columns of the terminal.
func padRight(s string, w int) string {
	return s + strings.Repeat(" ", max(0, w-ansi.StringWidth(s)))
}

// padLeft puts spaces before s up to w columns of the terminal.
func padLeft(s string, w int) string {
	return strings.Repeat(" ", max(0, w-ansi.StringWidth(s))) + s
}

// cut truncates s to w columns, with an ellipsis when it is cut.
func cut(s string, w int) string { return ansi.Truncate(s, w, "…") }

// columns is a row of a table whose columns are at least their widths,
// and wide enough for their headings: a heading's translation may be
// longer than English's.
type columns struct {
	widths []int
	right  []bool // aligned right (numbers)
}

// fitHeadings widens each column to its heading.
func (c *columns) fitHeadings(heads []string) {
	for i, h := range heads {
		c.widths[i] = max(c.widths[i], ansi.StringWidth(h))
	}
}

// row lays cells out in the columns, one space apart.
func (c *columns) row(cells ...string) string {
	parts := make([]string, len(cells))
	for i, s := range cells {
		if c.right[i] {
			parts[i] = padLeft(s, c.widths[i])
		} else {
			parts[i] = padRight(s, c.widths[i])
		}
	}
	return strings.Join(parts, " ")
}

// screenError is an error of the screen's own tables: the id of its
// sentence, which the screen shows in its language (English elsewhere).
type screenError string

func (e screenError) Error() string { return locale.For(locale.Base).T(string(e), nil) }

// sentenceError is an error said as a sentence of the catalogue, in the
// language it was made for, around the error that caused it (Error in
// the sentence), which it wraps.
type sentenceError struct {
	text string
	err  error
}

func (e *sentenceError) Error() string { return e.text }
func (e *sentenceError) Unwrap() error { return e.err }

// joinError is why a seat or a spectator's place at a server's table was
// not had, in the language l: the catalogue's sentence id with args, and
// the error that caused it, if any.
func joinError(l *locale.Lang, id string, args locale.Args, err error) error {
	all := locale.Args{}
	for k, v := range args {
		all[k] = v
	}
	if ce, ok := serverProblem(err); ok {
		all["Error"] = problemWords(l, ce.Problem) // the server's refusal, in the screen's words
	} else if err != nil {
		all["Error"] = err.Error()
	}
	return &sentenceError{text: l.T(id, all), err: err}
}
