package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/recordtest"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

func TestPlayJoinFlags(t *testing.T) {
	for _, tc := range []struct {
		args         []string
		server, id   string
		record, save string
	}{
		{[]string{"--join", "http://localhost:8080/t/k7qx2mpa9c", "--name", "Ann"}, "http://localhost:8080", "k7qx2mpa9c",
			"skullking-k7qx2mpa9c.json", ""},
		{[]string{"--join", "https://sk.example.org/games/t/K7QX2MPA9C/", "--save", "g.json"},
			"https://sk.example.org/games", "k7qx2mpa9c", "g.json", "g.json"},
		{[]string{"--join", "localhost:8080", "--table", "abc23"}, "http://localhost:8080", "abc23", "skullking-abc23.json", ""},
		{[]string{"--join", "http://h:1/api/tables/abc23/ws"}, "http://h:1", "abc23", "skullking-abc23.json", ""},
	} {
		cfg, err := parsePlay(tc.args, io.Discard)
		if err != nil {
			t.Errorf("%v: %v", tc.args, err)
			continue
		}
		r := cfg.remote
		if r.Server != tc.server || r.Table != tc.id || cfg.record != tc.record || cfg.save != tc.save {
			t.Errorf("%v: server %q table %q record %q save %q", tc.args, r.Server, r.Table, cfg.record, cfg.save)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--join", "http://localhost:8080"}, "names no table"},
		{[]string{"--join", "http://h/t/abc", "--table", "xyz"}, "names table abc"},
		{[]string{"--table", "abc"}, "--table needs --join"},
		{[]string{"--join", "http://h/t/abc", "--players", "5", "--kraken"}, "--kraken, --players: the table's host chose"},
		{[]string{"--join", "ftp://h/t/abc"}, "http://"},
		{[]string{"--join", "http://h/t/ab-c"}, "not a table id"},
		{[]string{"--join", "http://h/t/abc", "--name", ""}, "--name"},
	} {
		playRefuses(t, tc.args, tc.want)
	}
}

// The command joins by the invite link, remembers the seat in the user's
// config directory, and the next run takes the same seat back whatever
// --name says.
func TestPlayJoinTakesASeatAndKeepsIt(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	ts := testserver.Start(t)
	base := ts.Base
	created := ts.Create("Host", []protocol.SeatSpec{testserver.Open, testserver.Open, testserver.Bot("random")},
		testserver.Settings(0))
	for _, args := range [][]string{
		{"play", "--join", base + "/t/" + created.ID, "--name", "Cat"},
		{"play", "--join", base, "--table", created.ID, "--name", "Dan"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, strings.NewReader("q"), &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), "Your seat is kept: 'skullking play --join "+base+"/t/"+created.ID+"'") {
			t.Errorf("%v: closing line missing: %q", args, lastLines(stdout.String(), 2))
		}
	}
	in := ts.Info(created.ID)
	if len(in.Seats) != 3 || in.Seats[1].Name != "Cat" {
		t.Errorf("seats %+v: Cat should hold seat 1, and Dan should not be seated", in.Seats)
	}
	b, err := os.ReadFile(filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "skullking", "tokens.json"))
	if err != nil || !strings.Contains(string(b), base+"/t/"+created.ID) {
		t.Errorf("token file: %v %s", err, b)
	}
}

// --save downloads the server's record of a finished game.
func TestPlayJoinSavesTheRecord(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	ts := testserver.Start(t, "--grace", "1ms")
	base := ts.Base
	created := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random"), testserver.Bot("random")},
		testserver.Settings(2))

	// Ann starts the game in a browser and closes it: the stand-in bot
	// plays her seat to the end.
	ts.Send(created.ID, created.Token, protocol.TypeStart)
	ts.WaitOver(created.ID, 30*time.Second)

	// The terminal knows her seat from the token file, as if she had
	// played there before.
	dir := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "skullking")
	tokens, _ := json.Marshal(map[string]any{"tables": map[string]any{
		base + "/t/" + created.ID: map[string]any{"token": created.Token, "seat": 0}}})
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tokens.json"), tokens, 0o600); err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(t.TempDir(), "game.json")
	var stdout, stderr bytes.Buffer
	code := run([]string{"play", "--join", base + "/t/" + created.ID, "--save", save}, strings.NewReader("q"), &stdout, &stderr)
	if code != 0 || !strings.Contains(stdout.String(), "saved to") {
		t.Fatalf("exit %d: %s %s", code, stderr.String(), stdout.String())
	}
	if rec, g := recordtest.ReplayFile(t, save); !g.Over() || rec.Players[0] != "Ann" {
		t.Fatalf("the record: over %v, players %v", g.Over(), rec.Players)
	}
}

// Joining a table that does not exist is an error before any screen.
func TestPlayJoinUnknownTable(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	base := testserver.Start(t).Base
	var stdout, stderr bytes.Buffer
	code := run([]string{"play", "--join", base + "/t/zzzzzzzzzz"}, strings.NewReader("q"), &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "no such table") {
		t.Errorf("exit %d: %s", code, stderr.String())
	}
}

func TestPlaySpectateFlags(t *testing.T) {
	cfg, err := parsePlay([]string{"--join", "http://h/t/abc", "--spectate", "--save", "g.json"}, io.Discard)
	if err != nil || !cfg.remote.Spectate || cfg.remote.Table != "abc" || cfg.save != "g.json" {
		t.Fatalf("%+v %v", cfg, err)
	}
	if cfg, err = parsePlay([]string{"--join", "http://h/t/abc"}, io.Discard); err != nil || cfg.remote.Spectate {
		t.Errorf("a seat asked for, spectate %v, %v", cfg.remote.Spectate, err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--spectate"}, "--spectate needs --join"},
		{[]string{"--join", "http://h/t/abc", "--spectate", "--name", "Zed"}, "leave --name out to watch"},
		{[]string{"--join", "http://h/t/abc", "--spectate", "--players", "3"}, "--players: the table's host chose"},
	} {
		playRefuses(t, tc.args, tc.want)
	}
}

// --spectate watches without taking a seat or keeping a token; a table
// closed to spectators is a clear refusal and a failed run.
func TestPlaySpectate(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	ts := testserver.Start(t)
	base := ts.Base
	seats := []protocol.SeatSpec{testserver.Open, testserver.Open}
	open := ts.Create("Host", seats, testserver.Settings(0))
	private := testserver.Settings(0)
	private.Spectators = false
	closed := ts.Create("Host", seats, private)

	var stdout, stderr bytes.Buffer
	if code := run([]string{"play", "--join", base + "/t/" + open.ID, "--spectate"}, strings.NewReader("q"), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if strings.Contains(stdout.String(), "Your seat is kept") {
		t.Errorf("a spectator is told of a seat: %q", lastLines(stdout.String(), 2))
	}
	if in := ts.Info(open.ID); in.Seats[1].Kind != "open" {
		t.Errorf("watching took a seat: %+v", in.Seats)
	}
	if _, err := os.Stat(filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "skullking", "tokens.json")); err == nil {
		t.Error("watching wrote a token file")
	}

	stdout.Reset()
	stderr.Reset()
	code := run([]string{"play", "--join", base + "/t/" + closed.ID, "--spectate"}, strings.NewReader("q"), &stdout, &stderr)
	if code == 0 || !strings.Contains(stderr.String(), "cannot watch the table") ||
		!strings.Contains(stderr.String(), "does not allow spectators") {
		t.Errorf("exit %d: %s", code, stderr.String())
	}
	if stdout.Len() > 0 {
		t.Errorf("a screen was drawn for a refused spectator: %d bytes", stdout.Len())
	}
}

// After a rematch each game's record has its own file, beside the first.
func TestPlayRecordPathAfterARematch(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		first, two string
	}{
		{[]string{"--join", "http://h/t/abc"}, "skullking-abc.json", "skullking-def.json"},
		{[]string{"--join", "http://h/t/abc", "--save", "games/friday.json"}, "games/friday.json", "games/friday-def.json"},
	} {
		cfg, err := parsePlay(tc.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if got := recordPath(cfg, "abc"); got != tc.first {
			t.Errorf("%v: first game %q, want %q", tc.args, got, tc.first)
		}
		if got := recordPath(cfg, "def"); got != tc.two {
			t.Errorf("%v: the rematch %q, want %q", tc.args, got, tc.two)
		}
	}
}

// Rule: a table with no open seat refuses a newcomer with a way to watch
// it instead (--spectate), or says that watching is closed too.
func TestPlayJoinFullTableSuggestsSpectate(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	ts := testserver.Start(t)
	seats := []protocol.SeatSpec{testserver.Open, testserver.Bot("random")}
	full := ts.Create("Host", seats, testserver.Settings(0))
	private := testserver.Settings(0)
	private.Spectators = false
	closed := ts.Create("Host", seats, private)
	for _, tc := range []struct {
		id, want string
	}{
		{full.ID, "to watch the game instead: skullking play --join " + ts.Base + "/t/" + full.ID + " --spectate"},
		{closed.ID, "closed to spectators"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"play", "--join", ts.Base + "/t/" + tc.id, "--name", "Zed"}, strings.NewReader("q"), &stdout, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), "the table is full") || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("exit %d: %s (want %q)", code, stderr.String(), tc.want)
		}
	}
}
