package main

import (
	"errors"
	"io"
	"os"

	"github.com/charmbracelet/x/term"
)

// errNoTerminal is why play does not start without a terminal: the screen
// is drawn on one and read from its keys. Without it the terminal library
// fails with a message about its own workings, so the command says instead
// what is wrong and what to do.
var errNoTerminal = errors.New("skullking play needs a terminal: its standard input and output must be one. " +
	"To play without one, run 'skullking serve' and play in a browser at http://localhost:8080")

// needTerminal reports errNoTerminal when the command's input or output is
// a file of the system that is not a terminal (a pipe, a file, /dev/null).
// Other readers and writers are a test's, which drive the screen itself.
func needTerminal(stdin io.Reader, stdout io.Writer) error {
	for _, end := range []any{stdin, stdout} {
		if f, ok := end.(*os.File); ok && !term.IsTerminal(f.Fd()) {
			return errNoTerminal
		}
	}
	return nil
}
