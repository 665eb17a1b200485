package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/internal/goldenrecords"
)

// reviewRun runs `skullking review` with a small budget and no progress
// line, in English whatever the terminal's language unless args say, and
// returns its exit status and outputs.
func reviewRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"review", "--quiet", "--budget", "0.05", "--lang", "en"}, args...), strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// README: `review --json --seat S` prints one seat's review as one JSON
// object of the documented shape; without --seat, an array of every seat's.
func TestReview_JSONShape(t *testing.T) {
	path := goldenrecords.File(t, "valid", "rosie-bendt-harry-4p")
	code, out, errs := reviewRun(t, "--json", "--seat", "1", path)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var one map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &one); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	for _, k := range []string{"seat", "name", "decisions", "total_loss"} {
		if _, ok := one[k]; !ok {
			t.Errorf("no %q in %s", k, out)
		}
	}
	var seat int
	var decisions []map[string]json.RawMessage
	json.Unmarshal(one["seat"], &seat)
	json.Unmarshal(one["decisions"], &decisions)
	if seat != 1 || len(decisions) == 0 {
		t.Fatalf("seat %d, %d decisions", seat, len(decisions))
	}
	kinds := map[string]bool{}
	for _, d := range decisions {
		for _, k := range []string{"round", "trick", "kind", "played", "best", "played_points", "best_points", "loss", "choices"} {
			if _, ok := d[k]; !ok {
				t.Errorf("a decision without %q: %v", k, d)
			}
		}
		var kind string
		var played struct {
			Kind string `json:"kind"`
		}
		json.Unmarshal(d["kind"], &kind)
		json.Unmarshal(d["played"], &played)
		kinds[kind] = true
		if played.Kind == "" {
			t.Errorf("played is not the protocol's action: %s", d["played"])
		}
	}
	if !kinds["bid"] || !kinds["card"] {
		t.Errorf("decision kinds %v, want bids and cards", kinds)
	}
	code, out, _ = reviewRun(t, "--json", path)
	var all []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &all); code != 0 || err != nil || len(all) != 4 {
		t.Fatalf("every seat: exit %d, %v, %d reviews for 4 players", code, err, len(all))
	}
}

// README: the readable review names cards in words, never by their codes,
// and gives the costliest decisions, then every decision, then the total.
func TestReview_ReadableUsesWords(t *testing.T) {
	code, out, errs := reviewRun(t, "--seat", "0", goldenrecords.File(t, "valid", "module-all-6p"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "play the ") {
		t.Errorf("no card in words:\n%s", out)
	}
	codes := regexp.MustCompile(`\b([GYPB]\d{1,2}|ROSIE|BENDT|RASCAL|JUANITA|HARRY|SK|TIG(-[PE])?|MER|ESC|LOOT|KRAKEN|WHALE|PIR)\b`)
	if c := codes.FindString(out); c != "" {
		t.Errorf("the card code %s in the readable review:\n%s", c, out)
	}
	every, total := strings.Index(out, "Every decision:"), strings.Index(out, "Total: ")
	first := strings.Index(out, "The costliest decisions:")
	if first < 0 {
		first = strings.Index(out, "No decision gave up points")
	}
	if first < 0 || every < first || total < every {
		t.Errorf("the costliest decisions, every decision and the total are not in order:\n%s", out)
	}
}

// README: --lang words the readable review in another language, its
// numbers and cards too.
func TestReview_Lang(t *testing.T) {
	code, out, errs := reviewRun(t, "--lang", "fr", "--seat", "1", goldenrecords.File(t, "valid", "decided-by-4p"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"Débriefing de Ben (place 1)\n", "Toutes les décisions\u00a0:\n", "Joué à ta place pendant ton absence\u00a0:\n",
		"Tu as choisi\u00a0: jouer Bendt le Bandit", "défausser le Skull King et une Sirène"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

// Bad input gets one clear line on standard error, nothing on standard
// output and exit 1 (2 for a bad command line, with the usage after the
// line), never a panic.
func TestReview_BadInput(t *testing.T) {
	dir := t.TempDir()
	malformed := filepath.Join(dir, "malformed.json")
	os.WriteFile(malformed, []byte(`{"format":"skullking-record/1","players":["A"`), 0o644)
	valid := goldenrecords.File(t, "valid", "rosie-bendt-harry-4p")
	for _, c := range []struct {
		name string
		args []string
		code int
		says string
	}{
		{"a missing file", []string{filepath.Join(dir, "none.json")}, 1, "no such file"},
		{"a malformed record", []string{malformed}, 1, "malformed JSON"},
		{"an invalid record", []string{goldenrecords.File(t, "invalid", "ability-entry-no-decision")}, 1, "round 1, trick 1"},
		{"a seat out of range", []string{"--seat", "4", valid}, 1, "seats 0 to 3"},
		{"a negative seat", []string{"--seat", "-1", valid}, 2, "seats count from 0"},
		{"no budget", []string{"--budget", "0", valid}, 2, "--budget 0"},
	} {
		code, out, errs := reviewRun(t, c.args...)
		first, rest, _ := strings.Cut(errs, "\n")
		// A bad command line is said once, then the usage (flags.go).
		oneLine := rest == "" || c.code == 2 && strings.HasPrefix(rest, "Usage:")
		if code != c.code || out != "" || !oneLine || !strings.Contains(first, c.says) || strings.Contains(errs, "panic") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d and a line saying %q", c.name, code, out, errs, c.code, c.says)
		}
	}
}

// README: every flag of `skullking review` is documented in its table.
func TestReview_EveryFlagIsInTheReadme(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	run([]string{"review", "-h"}, strings.NewReader(""), &bytes.Buffer{}, &stderr)
	flags := regexp.MustCompile(`(?m)^  -(\w[\w-]*)`).FindAllStringSubmatch(stderr.String(), -1)
	if len(flags) < 4 {
		t.Fatalf("%d flags in the usage:\n%s", len(flags), stderr.String())
	}
	section := string(readme)
	if i := strings.Index(section, "### `skullking review`"); i >= 0 {
		section = section[i:]
		if j := strings.Index(section[4:], "\n##"); j >= 0 {
			section = section[:j+4]
		}
	} else {
		t.Fatal("the README has no section for skullking review")
	}
	for _, f := range flags {
		if !strings.Contains(section, "`--"+f[1]) {
			t.Errorf("the README's review section does not document --%s", f[1])
		}
	}
}

// The readable review judges the player: the decisions a stand-in bot,
// the timer or automatic play made for the seat (docs/record.md, "Who
// decided") are out of "Every decision", the counts and the total, and
// listed apart under who made them.
func TestReview_ReadableLeavesOutWhatWasDecidedForThePlayer(t *testing.T) {
	code, out, errs := reviewRun(t, "--seat", "1", goldenrecords.File(t, "valid", "decided-by-4p"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	// Ben's bid, Bendt's draw and discard were the stand-in bot's, his
	// first card the timer's; his Bendt and last card were his own.
	for _, want := range []string{
		"Review of Ben (seat 1)\n",
		"Your decisions gave up 0 expected points in all, over 2 decisions. 4 decisions made for you are listed apart and not counted.\n",
		"No decision gave up points",
		"Total: 0 expected points lost.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	every, total := strings.Index(out, "Every decision:"), strings.Index(out, "Total: ")
	away, timer := strings.Index(out, "Played for you while away:"), strings.Index(out, "By the timer:")
	if every < 0 || total < every || away < total || timer < away {
		t.Fatalf("every decision, the total, then the bot's and the timer's decisions are not in order:\n%s", out)
	}
	section := func(from, to int) string { return out[from:to] }
	for _, c := range []struct{ text, what string }{
		{section(every, total), "play Bendt the Bandit"},
		{section(every, total), "play the yellow 2"},
		{section(away, timer), "bid 1"},
		{section(away, timer), "draw two cards"},
		{section(away, timer), "discard the Skull King and a Mermaid"},
		{out[timer:], "play the green 1"},
	} {
		if !strings.Contains(c.text, c.what) {
			t.Errorf("%q is not where it belongs:\n%s", c.what, out)
		}
	}
	if strings.Contains(section(every, total), "bid 1") || strings.Contains(section(every, total), "green 1") {
		t.Errorf("a decision made for Ben is in his own:\n%s", out)
	}
	// Dan's last card, forced, was played automatically.
	_, out, _ = reviewRun(t, "--seat", "3", goldenrecords.File(t, "valid", "decided-by-4p"))
	auto := strings.Index(out, "Played automatically:")
	if auto < strings.Index(out, "Total: ") || !strings.Contains(out[auto:], "trick 3") {
		t.Errorf("Dan's forced last card is not listed apart:\n%s", out)
	}
}
