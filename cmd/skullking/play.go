package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/internal/tui"
	"github.com/skullking-go/skullking/internal/tui/local"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// playConfig is what the play command's flags ask for.
type playConfig struct {
	local  local.Config
	join   string
	remote tui.RemoteConfig // with --join
	save   string           // --save: written when the person leaves
	// record is where the w key saves: --save, or a file named after the
	// seed.
	record string
	lang   *locale.Lang // --lang, or the environment's
}

// botNames are the bots' seats' names, skipping the person's name.
var botNames = []string{"Ben", "Cat", "Dan", "Eve", "Finn", "Gil", "Hal", "Ivy"}

// parsePlay reads the play command's flags.
func parsePlay(args []string, stderr io.Writer) (*playConfig, error) {
	fs := newFlags("play", stderr, `Usage: skullking play [flags]
Plays Skull King in the terminal against bots, or at a server's table with --join
(the host chose the rules there: only --name, --save, --spectate and --lang apply, and
--name not with --spectate, since a spectator has no name at the table; the host
starts with g). Keys: arrows move across the hand, Enter plays, digits bid, h hint,
s score sheet, g score chart, t every trick of the round, ? rules, w save the record,
q quit (asking first in a game); at a server's table also c chat and r rematch.
Every rule option and module is a flag.

`)
	players := fs.Int("players", 4, "seats at the table, 2 to 8 (two players play with Graybeard)")
	bots := fs.String("bots", defaultBotLevel(), "the other seats' bot levels: one level for all, or one per seat, "+
		"comma-separated; levels: "+strings.Join(bot.Levels(), ", "))
	seed := fs.Uint64("seed", 0, "seed of the deals and the bots: the same seed deals the same game (0: a new one)")
	name := fs.String("name", defaultPlayerName(), "your name at the table")
	save := fs.String("save", "", "write the game record to `FILE` when you leave (the w key saves it any time)")
	delay := fs.Duration("delay", 700*time.Millisecond, "pause before each bot move, so the play can be followed")
	hint := fs.String("hint", "", "the bot level that gives hints with h (default: the strongest)")
	join := fs.String("join", "", "sit at a skullking serve server's table instead of playing offline: `URL` is its "+
		"invite link (http://host:8080/t/ID), or the server's address with --table; the seat is remembered, so the "+
		"same command takes it back")
	table := fs.String("table", "", "with --join and the server's address: the table's `ID` (its invite code)")
	spectate := fs.Bool("spectate", false, "with --join: watch the table instead of taking a seat")
	lang := fs.String("lang", "", "the language of the sentences, as a code (fr, pt-BR; "+locale.PseudoCode+": the pseudo-language) "+
		"(default: the terminal's, from $LC_ALL, $LC_MESSAGES or $LANG; English where the catalogue has no match)")
	opts := ruleFlags(fs)
	if err := parseFlags(fs, args, 0); err != nil {
		return nil, err
	}
	cfg := &playConfig{join: strings.TrimSpace(*join), save: *save, lang: language(*lang, os.Getenv)}
	person := strings.TrimSpace(*name)
	if person == "" || len([]rune(person)) > 24 {
		return nil, errors.New("--name: give a name of 1 to 24 characters")
	}
	if cfg.join != "" || *table != "" || *spectate {
		return parseJoin(fs, cfg, *table, person, *spectate)
	}
	if *players < 2 || *players > 8 {
		return nil, fmt.Errorf("--players %d: a table has 2 to 8 seats", *players)
	}
	if err := opts.Validate(*players); err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "skullking: "))
	}
	var levels []string
	for _, l := range strings.Split(*bots, ",") {
		l = strings.TrimSpace(l)
		if _, err := bot.New(l, 0); err != nil {
			return nil, fmt.Errorf("--bots: %v", strings.TrimPrefix(err.Error(), "bot: "))
		}
		levels = append(levels, l)
	}
	if len(levels) != 1 && len(levels) != *players-1 {
		return nil, fmt.Errorf("--bots names %s for %s: give one level, or one per seat",
			protocol.Count(len(levels), "level", "levels"), protocol.Count(*players-1, "bot seat", "bot seats"))
	}
	if *hint != "" {
		if _, err := bot.New(*hint, 0); err != nil {
			return nil, fmt.Errorf("--hint: %v", strings.TrimPrefix(err.Error(), "bot: "))
		}
	}
	if *delay < 0 {
		return nil, errors.New("--delay must not be negative")
	}
	s := *seed
	if s == 0 {
		// A fresh game each time, but one that can be dealt again: the seed
		// is shown on the score sheet and when the game ends.
		s = uint64(time.Now().UnixNano())
	}
	names := []string{person}
	for _, n := range botNames {
		if len(names) == *players {
			break
		}
		if !strings.EqualFold(n, person) {
			names = append(names, n)
		}
	}
	cfg.local = local.Config{
		Players: *players, Options: *opts, Seed: s, Names: names, Seat: 0, Bots: levels,
		Delay: *delay, TrickPause: 3 * *delay, HintLevel: *hint, Lang: cfg.lang,
	}
	cfg.record = cfg.save
	if cfg.record == "" {
		cfg.record = fmt.Sprintf("skullking-%d.json", s)
	}
	return cfg, nil
}

// joinFlags are the flags that mean something at a server's table; the
// others set up an offline game.
var joinFlags = map[string]bool{"join": true, "table": true, "name": true, "save": true, "spectate": true, "lang": true}

// parseJoin finishes the configuration of a seat at a server's table, or
// of a spectator's place.
func parseJoin(fs *flag.FlagSet, cfg *playConfig, table, person string, spectate bool) (*playConfig, error) {
	if cfg.join == "" {
		opt := "--table"
		if spectate {
			opt = "--spectate"
		}
		return nil, errors.New(opt + " needs --join, the server's address")
	}
	var offline []string
	named := false
	fs.Visit(func(f *flag.Flag) {
		named = named || f.Name == "name"
		if !joinFlags[f.Name] {
			offline = append(offline, "--"+f.Name)
		}
	})
	if len(offline) > 0 {
		// Silently ignoring them would let a person believe they chose the
		// rules or the bots of a table whose host chose them.
		return nil, fmt.Errorf("%s: the table's host chose its seats and rules; with --join only --name (a seat's, "+
			"not a spectator's), --save, --spectate, --table and --lang apply", strings.Join(offline, ", "))
	}
	if spectate && named {
		// The protocol's hello carries no name for a spectator: the
		// server calls every one "spectator" (docs/protocol.md §4).
		return nil, errors.New("--name: a spectator takes no seat and has no name at the table (the server calls " +
			"every spectator \"spectator\"); leave --name out to watch, or --spectate out to take a seat")
	}
	server, id, err := tui.ParseInvite(cfg.join, table)
	if err != nil {
		return nil, fmt.Errorf("--join: %v", err)
	}
	cfg.remote = tui.RemoteConfig{Server: server, Table: id, Name: person, Spectate: spectate, Lang: cfg.lang}
	cfg.record = cfg.save
	if cfg.record == "" {
		cfg.record = "skullking-" + id + ".json"
	}
	return cfg, nil
}

// defaultBotLevel is the level a casual game is played against: the
// heuristic bot when there is one, a fair opponent that answers at once.
func defaultBotLevel() string {
	levels := bot.Levels()
	if slices.Contains(levels, "heuristic") {
		return "heuristic"
	}
	return levels[0]
}

// defaultPlayerName is the login name, capitalised, or "You".
func defaultPlayerName() string {
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		if n := strings.TrimSpace(os.Getenv(k)); n != "" && n != "root" {
			return strings.ToUpper(n[:1]) + n[1:]
		}
	}
	return "Player" // reads well in third person: "Player leads"
}

// runPlay runs the play command.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, err := parsePlay(args, stderr)
	if err != nil {
		return usageExit(stderr, "play", err)
	}
	if err := needTerminal(stdin, stdout); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if cfg.join != "" {
		return runJoin(cfg, stdin, stdout, stderr)
	}
	table, err := local.New(cfg.local)
	if err != nil {
		fmt.Fprintf(stderr, "skullking play: %v\n", strings.TrimPrefix(err.Error(), "skullking: "))
		return 2
	}
	defer table.Close()
	m := tui.New(table, tui.Config{SavePath: cfg.record, Seed: cfg.local.Seed, Lang: cfg.lang})
	if err := runScreen(m, stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "skullking play: %v\n", err)
		return 1
	}
	code := 0
	switch {
	case cfg.save != "":
		if err := tui.SaveRecord(table, cfg.save); err != nil {
			fmt.Fprintf(stderr, "skullking play: %s\n", cfg.lang.T("tui.play.not_saved", locale.Args{"Error": err.Error()}))
			code = 1
		} else {
			fmt.Fprintln(stdout, cfg.lang.T("tui.play.saved", locale.Args{"Path": cfg.save}))
		}
	case m.SavedTo() != "":
		// Saved on the screen (w, or s on the way out): the screen is gone
		// now, so say again where.
		fmt.Fprintln(stdout, cfg.lang.T("tui.play.saved", locale.Args{"Path": m.SavedTo()}))
	}
	seed := strconv.FormatUint(cfg.local.Seed, 10)
	fmt.Fprintln(stdout, cfg.lang.T("tui.play.seed", locale.Args{"Seed": seed, "Command": "skullking play --seed " + seed}))
	return code
}

// runJoin sits at a server's table until the person quits.
func runJoin(cfg *playConfig, stdin io.Reader, stdout, stderr io.Writer) int {
	if !cfg.remote.Spectate {
		tokens, err := tui.DefaultTokenFile()
		if err != nil {
			fmt.Fprintf(stderr, "skullking play: %s\n", cfg.lang.T("tui.play.no_config", locale.Args{"Error": err.Error()}))
		}
		cfg.remote.Tokens = tokens
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	first, err := tui.JoinRemote(ctx, cfg.remote)
	cancel()
	if err != nil {
		fmt.Fprintf(stderr, "skullking play: %v\n", err)
		return 1
	}
	defer first.Close()
	recordFor := func(t tui.Table) string {
		if r, ok := t.(*tui.Remote); ok {
			return recordPath(cfg, r.ID())
		}
		return cfg.record
	}
	m := tui.New(first, tui.Config{SavePathFor: recordFor, SaveOnMove: cfg.save != "", Lang: cfg.lang})
	err = runScreen(m, stdin, stdout)
	// The r key may have moved the person on to rematch tables.
	table, _ := m.Table().(*tui.Remote)
	if table == nil {
		table = first
	}
	defer table.Close()
	if err != nil {
		fmt.Fprintf(stderr, "skullking play: %v\n", err)
		return 1
	}
	code := 0
	_, seen := m.Current()
	if cfg.save != "" && (table == first || seen) {
		// The record is the server's: it exists once the game is over,
		// even if this screen left before the end. (A rematch table left
		// before its game began has none; the game before was saved on
		// the way there.)
		path := recordFor(table)
		if err := tui.SaveRecord(table, path); err != nil {
			fmt.Fprintf(stderr, "skullking play: %s\n", cfg.lang.T("tui.play.not_saved", locale.Args{"Error": err.Error()}))
			code = 1
		} else {
			fmt.Fprintln(stdout, cfg.lang.T("tui.play.saved", locale.Args{"Path": path}))
		}
	}
	if !m.Over() && !cfg.remote.Spectate {
		if closed, _ := m.Closed(); !closed {
			fmt.Fprintln(stdout, cfg.lang.T("tui.play.kept", locale.Args{"Command": "skullking play --join " + table.Invite()}))
		}
	}
	return code
}

// recordPath is where the game at table id is saved: the --save file (or
// one named after the table) for the first table, and beside it, named
// after each rematch table, for the games that follow.
func recordPath(cfg *playConfig, id string) string {
	if id == cfg.remote.Table {
		return cfg.record
	}
	if cfg.save == "" {
		return "skullking-" + id + ".json"
	}
	ext := filepath.Ext(cfg.save)
	return strings.TrimSuffix(cfg.save, ext) + "-" + id + ext
}

// runScreen runs the screen on the terminal until the person quits.
func runScreen(m *tui.Model, stdin io.Reader, stdout io.Writer) error {
	opts := []tea.ProgramOption{tea.WithInput(stdin), tea.WithOutput(stdout)}
	if _, terminal := stdout.(*os.File); !terminal {
		// A test's screen has no size of its own to report.
		opts = append(opts, tea.WithWindowSize(80, 24))
	}
	p := tea.NewProgram(m, opts...)
	_, err := p.Run()
	return err
}
