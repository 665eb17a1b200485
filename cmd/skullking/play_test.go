package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/recordtest"
)

func TestPlayFlagsDefaults(t *testing.T) {
	cfg, err := parsePlay([]string{"--name", "Ann", "--seed", "9"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	l := cfg.local
	if l.Players != 4 || l.Seed != 9 || l.Seat != 0 {
		t.Errorf("players %d seed %d seat %d, want 4, 9, 0", l.Players, l.Seed, l.Seat)
	}
	if got := strings.Join(l.Names, ","); got != "Ann,Ben,Cat,Dan" {
		t.Errorf("names %s", got)
	}
	if l.Options.Kraken || l.Options.Scoring != skullking.StandardScoring || l.Options.Rounds != 10 {
		t.Errorf("options are not the standard rules: %+v", l.Options)
	}
	if cfg.record != "skullking-9.json" {
		t.Errorf("w saves to %q, want skullking-9.json", cfg.record)
	}
}

func TestPlayFlagsRulesAndBots(t *testing.T) {
	cfg, err := parsePlay([]string{"--players", "5", "--bots", "random,random,random,random", "--name", "Cat",
		"--kraken", "--loot", "--pirate-abilities", "--scoring", "rascal", "--cannon-load", "--rounds", "3",
		"--delay", "0s", "--save", "g.json"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	l := cfg.local
	o := l.Options
	if !o.Kraken || !o.Loot || !o.PirateAbilities || o.Scoring != skullking.RascalScoring || !o.CannonLoad || o.Rounds != 3 {
		t.Errorf("options not taken: %+v", o)
	}
	if got := strings.Join(l.Names, ","); got != "Cat,Ben,Dan,Eve,Finn" {
		t.Errorf("names %s: a bot must not share the person's name", got)
	}
	if len(l.Bots) != 4 || l.Delay != 0 || cfg.record != "g.json" || cfg.save != "g.json" {
		t.Errorf("bots %v delay %v record %q", l.Bots, l.Delay, cfg.record)
	}
	if l.Seed == 0 {
		t.Error("no seed drawn")
	}
}

// playRefuses checks that the play command refuses args with an error
// saying want.
func playRefuses(t *testing.T, args []string, want string) {
	t.Helper()
	_, err := parsePlay(args, io.Discard)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%v: error %v, want one saying %q", args, err, want)
	}
}

func TestPlayFlagsRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--players", "9"}, "2 to 8"},
		{[]string{"--bots", "grandmaster"}, "unknown level"},
		{[]string{"--bots", "random,random"}, "2 levels for 3 bot seats"},
		{[]string{"--players", "2", "--loot"}, "Loot"},
		{[]string{"--name", " "}, "--name"},
		{[]string{"--cannon-load"}, "cannon"},
		{[]string{"extra"}, "unexpected argument"},
	} {
		playRefuses(t, tc.args, tc.want)
	}
}

func TestPlayHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"play", "-h"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Errorf("exit %d", code)
	}
	for _, want := range []string{"--players", "-kraken", "-bots", "-save", "-join"} {
		if !strings.Contains(stderr.String(), strings.TrimLeft(want, "-")) {
			t.Errorf("help does not mention %s", want)
		}
	}
	if code := run([]string{"play", "--players"}, strings.NewReader(""), &stdout, &stderr); code != 2 {
		t.Errorf("a bad flag exits %d, want 2", code)
	}
}

// The whole command with keys on its input and no terminal: bid, quit, and
// the record is saved and replays.
func TestPlayRunsAndSaves(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.json")
	var stdout, stderr bytes.Buffer
	code := run([]string{"play", "--name", "Ann", "--seed", "3", "--bots", "random", "--delay", "0s", "--save", save},
		strings.NewReader("1\r"+strings.Repeat("\x1b[C", 1)+"qy"), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "Seed 3") || !strings.Contains(stdout.String(), "saved to") {
		t.Errorf("closing lines missing: %q", lastLines(stdout.String(), 3))
	}
	if rec, _ := recordtest.ReplayFile(t, save); len(rec.Players) != 4 || rec.Players[0] != "Ann" {
		t.Errorf("players %v", rec.Players)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// Rule: without a terminal play says what it needs and how to play
// without one, and exits 1, before any game is dealt or seat taken.
func TestPlayNeedsATerminal(t *testing.T) {
	in, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(filepath.Join(t.TempDir(), "screen"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	for _, args := range [][]string{{"play", "--delay", "0s"}, {"play", "--join", "http://127.0.0.1:1/t/abcdefghij"}} {
		var stderr bytes.Buffer
		code := run(args, in, out, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), "skullking play needs a terminal") ||
			!strings.Contains(stderr.String(), "skullking serve") || strings.Contains(stderr.String(), "bubbletea") {
			t.Errorf("%v: exit %d: %q", args, code, stderr.String())
		}
	}
	if fi, err := out.Stat(); err != nil || fi.Size() != 0 {
		t.Errorf("something was drawn: %v bytes, %v", fi.Size(), err)
	}
}
