package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/optiontest"
)

func runArgs(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestSimJSONShape(t *testing.T) {
	code, out, errOut := runArgs("sim", "--bots", "heuristic,random,random,random", "--deals", "5", "--json",
		"--quiet", "--seed", "9")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Games          *int     `json:"games"`
		GamesPerSecond *float64 `json:"games_per_second"`
		Players        int      `json:"players"`
		Lineup         []string `json:"lineup"`
		Bots           []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Games == nil || *got.Games != 20 || got.GamesPerSecond == nil || *got.GamesPerSecond <= 0 {
		t.Fatalf("games and speed missing: %s", out)
	}
	if len(got.Bots) != 2 || got.Bots[0]["level"] != "heuristic" || got.Bots[1]["level"] != "random" ||
		got.Bots[0]["seats"] != 1.0 || got.Bots[1]["seats"] != 3.0 {
		t.Fatalf("one entry per level expected: %s", out)
	}
	keys := []string{"level", "seats", "mean_score", "margin", "margin_ci95", "win_rate", "bid_accuracy",
		"zero_bid_accuracy", "decision_ms_p50", "decision_ms_p99"}
	for _, b := range got.Bots {
		for _, k := range keys {
			if _, ok := b[k]; !ok {
				t.Fatalf("bot entry without %q: %v", k, b)
			}
		}
		if ci, ok := b["margin_ci95"].([]any); !ok || len(ci) != 2 {
			t.Fatalf("margin_ci95 is not a pair: %v", b["margin_ci95"])
		}
	}
	// The same seed gives the same figures.
	_, again, _ := runArgs("sim", "--bots", "heuristic,random,random,random", "--deals", "5", "--json",
		"--quiet", "--seed", "9")
	if strip(out) != strip(again) {
		t.Fatalf("two runs differ:\n%s\n%s", out, again)
	}
}

// strip drops the clock-dependent fields of the JSON output.
func strip(out string) string {
	var m map[string]any
	json.Unmarshal([]byte(out), &m)
	delete(m, "seconds")
	delete(m, "games_per_second")
	for _, b := range m["bots"].([]any) {
		delete(b.(map[string]any), "decision_ms_p50")
		delete(b.(map[string]any), "decision_ms_p99")
	}
	b, _ := json.Marshal(m)
	return string(b)
}

func TestSimTable(t *testing.T) {
	code, out, errOut := runArgs("sim", "--players", "3", "--deals", "4", "--quiet", "--loot")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"line-up: random, random, random (3 players)", "4 deal sets × 3 rotations = 12 games",
		`rules: {"loot":true}`, "margin", "95% CI", "win rate", "bids made", "zero bids made", "decision p50",
		"games/s"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

func TestSimRecordsEveryGame(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runArgs("sim", "--bots", "random,heuristic", "--deals", "3", "--quiet", "--record", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "deal-*-rot-*.json"))
	if len(files) != 6 {
		t.Fatalf("%d records, want 6", len(files))
	}
	code, out, errOut := runArgs("replay", "--json", files[0])
	if code != 0 || !strings.Contains(out, `"complete":true`) {
		t.Fatalf("replay of %s: exit %d %s %s", files[0], code, out, errOut)
	}
}

func TestSimRefusesBadFlags(t *testing.T) {
	cases := []struct {
		args []string
		says string
	}{
		{[]string{"--bots", "random,random,random", "--players", "4"}, "--bots names 3 seats but --players is 4"},
		{[]string{"--bots", "grandmaster"}, `unknown level "grandmaster"`},
		{[]string{"--players", "9"}, "9 players"},
		{[]string{"--deals", "0"}, "--deals"},
		{[]string{"--players", "2", "--loot"}, "Loot is never used with 2 players"},
		{[]string{"--schedule", "forever"}, `want "standard", "even-keeled"`},
		{[]string{"--zero-scaling", "lots"}, `want "cards", "round" or "flat"`},
		{[]string{"--cannon-load"}, "cannon loads belong to Rascal's scoring"},
		{[]string{"--bots", "random,,random"}, "empty level"},
		{[]string{"extra"}, "unexpected argument"},
	}
	for _, c := range cases {
		code, out, errOut := runArgs(append([]string{"sim"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.says) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.says)
		}
	}
	if code, _, errOut := runArgs("sim", "-h"); code != 0 || !strings.Contains(errOut, "-points-per-trick") {
		t.Errorf("sim -h: exit %d\n%s", code, errOut)
	}
}

func TestSimExternalBotThatCannotStart(t *testing.T) {
	code, _, errOut := runArgs("sim", "--bots", "exec:"+filepath.Join(t.TempDir(), "nothing"), "--deals", "1", "--quiet")
	if code != 1 || !strings.Contains(errOut, "starting") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}

// TestRuleFlagsSetOptions maps every rule flag to its option: each option
// of the engine's table, given a value other than its standard one by its
// flag, reads back that value.
func TestRuleFlagsSetOptions(t *testing.T) {
	specs := skullking.OptionSpecs()
	args, want := otherRuleFlags(t, specs)
	cfg, err := parseSim(append([]string{"--players", "5"}, args...), os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	checkRuleValues(t, specs, cfg.arena.Options, want)
	if len(cfg.arena.Lineup) != 5 || cfg.arena.Lineup[4] != "random" {
		t.Fatalf("line-up %v", cfg.arena.Lineup)
	}

	schedules := map[string]skullking.Options{
		"whirlpool": {Schedule: "whirlpool"},
		"2, 4,6":    {Schedule: "custom", ScheduleCards: []int{2, 4, 6}},
		"Standard":  {Schedule: "standard"},
	}
	for arg, w := range schedules {
		cfg, err := parseSim([]string{"--schedule", arg}, os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		if o := cfg.arena.Options; o.Schedule != w.Schedule || !reflect.DeepEqual(o.ScheduleCards, w.ScheduleCards) {
			t.Errorf("--schedule %q: %q %v", arg, o.Schedule, o.ScheduleCards)
		}
	}
	cfg, _ = parseSim(nil, os.Stderr)
	if !reflect.DeepEqual(*cfg.arena.Options, skullking.DefaultOptions()) {
		t.Fatalf("no flags: %+v, want the standard rules", *cfg.arena.Options)
	}
	if cfg.arena.Deals != 100 || cfg.arena.Seed != 1 || len(cfg.arena.Lineup) != 4 || cfg.arena.Progress == nil {
		t.Fatalf("defaults: %+v", cfg.arena)
	}
}

// TestRuleFlagsTakeANewRule: a house rule added to the option table is a
// flag with no more code, set like the others.
func TestRuleFlagsTakeANewRule(t *testing.T) {
	specs := optiontest.WithHouseRule(skullking.UnitRounds)
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	opts := ruleFlagsOf(fs, specs)
	if got := optiontest.Rule(specs).Get(opts); got != optiontest.Default {
		t.Fatalf("no flags: the new rule is %v, want its standard %d", got, optiontest.Default)
	}
	args, want := otherRuleFlags(t, specs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	checkRuleValues(t, specs, opts, want)
}

// otherRuleFlags gives every option of specs a value other than its
// standard one, as its flag: the arguments, and the value each option must
// then read (by key).
func otherRuleFlags(t *testing.T, specs []skullking.OptionSpec) (args []string, want map[string]any) {
	t.Helper()
	want = map[string]any{}
	for i := range specs {
		s := &specs[i]
		var v any
		switch s.Type {
		case skullking.OptionInt:
			n := s.Default().(int) + s.Step
			if n > s.Max {
				n = s.Default().(int) - s.Step
			}
			v = n
		case skullking.OptionBool:
			v = !s.Default().(bool)
		case skullking.OptionChoice:
			for _, c := range s.Choices {
				if c.Value != s.Default() {
					v = c.Value
				}
			}
		case skullking.OptionSchedule:
			v = []int{2, 4, 6}
		}
		if v == nil || reflect.DeepEqual(v, s.Default()) {
			t.Fatalf("%s (%s): no value other than %v", s.Key, s.Type, s.Default())
		}
		text := fmt.Sprint(v)
		if cards, ok := v.([]int); ok {
			text = strings.Trim(strings.Join(strings.Fields(fmt.Sprint(cards)), ","), "[]")
		}
		args = append(args, "--"+strings.ReplaceAll(s.Key, "_", "-")+"="+text)
		want[s.Key] = v
	}
	return args, want
}

// checkRuleValues checks that every option of specs reads its wanted value
// in o.
func checkRuleValues(t *testing.T, specs []skullking.OptionSpec, o *skullking.Options, want map[string]any) {
	t.Helper()
	for i := range specs {
		if got := specs[i].Get(o); !reflect.DeepEqual(got, want[specs[i].Key]) {
			t.Errorf("--%s: the option reads %v, want %v", strings.ReplaceAll(specs[i].Key, "_", "-"), got, want[specs[i].Key])
		}
	}
}
