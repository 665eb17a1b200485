package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/internal/goldenrecords"
)

// docs/record.md: a valid record exits 0 and `--json` prints one JSON object.
func TestReplay_ValidRecordsPrintGoldenJSON(t *testing.T) {
	for _, path := range goldenrecords.List(t, "valid") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run([]string{"replay", "--json", path}, strings.NewReader(""), &stdout, &stderr)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, stderr.String())
			}
			if stderr.Len() != 0 {
				t.Errorf("stderr %q, want nothing", stderr.String())
			}
			want, err := os.ReadFile(goldenrecords.Golden(path))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(stdout.Bytes(), want) {
				t.Errorf("stdout:\n%s\nwant:\n%s", stdout.Bytes(), want)
			}
		})
	}
}

// docs/record.md: an invalid record exits 1, prints nothing on standard output
// and exactly one line on standard error that says where and why.
func TestReplay_InvalidRecordsPrintOneLine(t *testing.T) {
	for _, path := range goldenrecords.List(t, "invalid") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			for _, args := range [][]string{{"replay", "--json", path}, {"replay", path}} {
				var stdout, stderr bytes.Buffer
				code := run(args, strings.NewReader(""), &stdout, &stderr)
				if code != 1 {
					t.Errorf("%v: exit %d, want 1", args, code)
				}
				if stdout.Len() != 0 {
					t.Errorf("%v: stdout %q, want nothing", args, stdout.String())
				}
				want, err := os.ReadFile(goldenrecords.ErrorLine(path))
				if err != nil {
					t.Fatal(err)
				}
				if got := stderr.String(); got != string(want) || strings.Count(got, "\n") != 1 {
					t.Errorf("%v: stderr %q, want the one line %q", args, got, want)
				}
			}
		})
	}
}

// FILE may be - for standard input.
func TestReplay_StandardInput(t *testing.T) {
	path := goldenrecords.File(t, "valid", "tiebreak-3p")
	in, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"replay", "--json", "-"}, bytes.NewReader(in), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	want, _ := os.ReadFile(goldenrecords.Golden(path))
	if !bytes.Equal(stdout.Bytes(), want) {
		t.Errorf("stdin replay:\n%s\nwant:\n%s", stdout.Bytes(), want)
	}

	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"replay", "-"}, strings.NewReader("{"), &stdout, &stderr); code != 1 || stdout.Len() != 0 ||
		strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("bad stdin: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// Without --json the score sheet is readable and names the winner.
func TestReplay_ScoreSheet(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"replay", goldenrecords.File(t, "valid", "tiebreak-3p")}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"Ann", "Ben", "Cat", "2 (tiebreak)", "Winner: Ann with 30."} {
		if !strings.Contains(out, want) {
			t.Errorf("score sheet lacks %q:\n%s", want, out)
		}
	}
	stdout.Reset()
	if code := run([]string{"replay", goldenrecords.File(t, "valid", "shared-victory-3p")}, nil, &stdout, &stderr); code != 0 ||
		!strings.Contains(stdout.String(), "Shared victory: Ann, Ben with 10.") {
		t.Errorf("shared victory sheet (exit %d):\n%s", code, stdout.String())
	}
}

// A missing file and bad arguments are errors, not panics.
func TestReplay_BadArguments(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"replay", "--json", filepath.Join(goldenrecords.Dir(t), "no-such-file.json")}, nil, &stdout, &stderr); code != 1 ||
		stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("missing file: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"replay"}, nil, &stdout, &stderr); code != 2 || stdout.Len() != 0 {
		t.Errorf("no file: exit %d, stdout %q", code, stdout.String())
	}
}

// docs/record.md, "skullking replay": the sheet is followed by the
// decisions the record says a player did not make, and who made them.
func TestReplay_ListsDecisionsNotThePlayers(t *testing.T) {
	var stdout, stderr bytes.Buffer
	path := goldenrecords.File(t, "valid", "decided-by-4p")
	if code := run([]string{"replay", path}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	for _, want := range []string{"Not the players' own decisions:\n", "round 1: Ben's bid, by a bot standing in while away\n",
		"round 1: Ben's card in trick 1, by the timer\n", "round 1: Dan's card in trick 3, automatically (the only card left)\n"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("no %q in\n%s", want, stdout.String())
		}
	}
}
