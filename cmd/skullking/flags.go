package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// newFlags makes a command's flag set. Its errors and its usage go to
// stderr; the usage is the text given (a synopsis, then what the command
// does) above the flags.
func newFlags(name string, stderr io.Writer, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}

// flagError is a command line the flag package has already explained
// (with the usage), or -h (which wraps flag.ErrHelp).
type flagError struct{ error }

func (e flagError) Unwrap() error { return e.error }

// parseFlags parses a command's arguments, of which args must remain after
// the flags.
func parseFlags(fs *flag.FlagSet, args []string, want int) error {
	if err := fs.Parse(args); err != nil {
		return flagError{err}
	}
	if fs.NArg() > want {
		return fmt.Errorf("unexpected argument %q", fs.Arg(want))
	}
	if fs.NArg() < want {
		fs.Usage()
		return flagError{errors.New("too few arguments")}
	}
	return nil
}

// usageExit is the exit status of a command whose command line is refused:
// 0 when it asked for help, else 2 once the error is said (unless the flag
// package has said it).
func usageExit(stderr io.Writer, command string, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if !errors.As(err, new(flagError)) {
		fmt.Fprintf(stderr, "skullking %s: %v\n", command, err)
	}
	return 2
}
