// Command skullking is the Skull King program: it serves online tables and
// the score keeper, plays in the terminal, measures bots against each other,
// load-tests a server, checks and scores game records, and reviews them. This package
// only parses the command line and wires the packages together.
package main

import (
	"fmt"
	"io"
	"os"
)

// command is one subcommand: its one-line summary and how to run it.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"replay", "check and score a game record: replay [--json] FILE|-", runReplay},
		{"review", "judge a game record's decisions with the captain: review [--json] [--seat S] FILE|-", runReview},
		{"sim", "measure bots on duplicate deals: sim [--bots a,b,c,d] [--deals N] [--json] …", runSim},
		{"play", "play in the terminal against bots: play [--players N] [--bots LEVELS] [--seed N] …", runPlay},
		{"serve", "serve online tables: serve [--addr :8080] [--data ./skullking-data] [--grace 30s] …", runServe},
		{"load", "load-test a server on loopback: load [--tables 100] [--clients 4] [--think 1s] [--url …]", runLoad},
		{"help", "list the commands, or explain one: help [COMMAND]", nil},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole program minus the process: tests call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 {
			for _, c := range commands() {
				if c.name == rest[0] && c.run != nil {
					return c.run([]string{"-h"}, stdin, stdout, stderr)
				}
			}
		}
		usage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == name && c.run != nil {
			return c.run(rest, stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "skullking: unknown command %q (see 'skullking help')\n", name)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "skullking — the pirate trick-taking game Skull King")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: skullking COMMAND [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'skullking COMMAND -h' for a command's flags.")
}
