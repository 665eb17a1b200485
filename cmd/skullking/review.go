package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/review"
)

// runReview judges a recorded game's decisions with the expert
// (docs/bots.md, "Reviewing a game"). A bad record or seat prints one line
// on standard error, nothing on standard output, and exits 1.
func runReview(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("review", stderr, `Usage: skullking review [--json] [--seat S] [--lang CODE] FILE|-
Judges every decision of a game record with the captain (the expert bot), from what
the deciding seat knew at that moment, and prints the expected points each decision
gave up against the captain's choice; - reads standard input.

`)
	asJSON := fs.Bool("json", false, "print the review as JSON")
	var seat seatFlag
	fs.Var(&seat, "seat", "the seat `S` to review, 0-based (default every seat)")
	budget := fs.Float64("budget", review.DefaultBudget, "the captain's work per decision, as a share of its work in play")
	quiet := fs.Bool("quiet", false, "no progress line on standard error")
	lang := fs.String("lang", "", "the language of the readable review, as a code (fr, pt-BR) "+
		"(default: the terminal's, from $LC_ALL, $LC_MESSAGES or $LANG; English where the catalogue has no match)")
	if err := parseFlags(fs, args, 1); err != nil {
		return usageExit(stderr, "review", err)
	}
	if !(*budget > 0) || *budget > 100 {
		return usageExit(stderr, "review", fmt.Errorf("--budget %v: give a share above 0, at most 100", *budget))
	}
	in := stdin
	if path := fs.Arg(0); path != "-" {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintf(stderr, "skullking review: %v\n", err)
			return 1
		}
		defer f.Close()
		in = f
	}
	rec, err := skullking.ReadRecord(in)
	if err != nil {
		fmt.Fprintln(stderr, oneLine(err))
		return 1
	}
	var seats []int
	if seat.set {
		seats = []int{seat.n}
	}
	opts := []review.Option{review.WithBudget(*budget)}
	var progress *progressLine
	if !*quiet {
		now := time.Now()
		progress = &progressLine{w: stderr, start: now, last: now}
		opts = append(opts, review.WithProgress(progress.show))
	}
	reviews, err := review.Seats(rec, seats, opts...)
	progress.erase()
	if err != nil {
		var re *skullking.RecordError
		var ae *skullking.ActionError
		if errors.As(err, &re) || errors.As(err, &ae) {
			fmt.Fprintln(stderr, oneLine(err))
		} else {
			fmt.Fprintf(stderr, "skullking %v\n", err)
		}
		return 1
	}
	if *asJSON {
		var b []byte
		if seat.set {
			b, _ = json.Marshal(reviews[0])
		} else {
			b, _ = json.Marshal(reviews)
		}
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	words, err := review.WordsFor(rec, -1)
	if err != nil {
		fmt.Fprintln(stderr, oneLine(err))
		return 1
	}
	words.Lang = language(*lang, os.Getenv)
	for i := range reviews {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		writeReview(stdout, &reviews[i], words)
	}
	return 0
}

// seatFlag is --seat: a 0-based seat, or unset for every seat.
type seatFlag struct {
	n   int
	set bool
}

func (s *seatFlag) String() string {
	if s == nil || !s.set {
		return ""
	}
	return strconv.Itoa(s.n)
}

func (s *seatFlag) Set(v string) error {
	n, err := strconv.Atoi(v)
	switch {
	case err != nil:
		return errors.New("not a seat number")
	case n < 0:
		return errors.New("seats count from 0")
	}
	s.n, s.set = n, true
	return nil
}

// progressLine is a review's progress on standard error, rewritten in place
// at most four times a second, as `skullking sim` writes its own.
type progressLine struct {
	w     io.Writer
	start time.Time
	last  time.Time
	width int
}

// show writes "review: 120/260 decisions  ETA 0:03".
func (p *progressLine) show(done, total int) {
	now := time.Now()
	if now.Sub(p.last) < 250*time.Millisecond || done == total {
		return
	}
	p.last = now
	line := fmt.Sprintf("review: %d/%d decisions", done, total)
	if done > 0 {
		left := time.Duration(float64(now.Sub(p.start)) * float64(total-done) / float64(done)).Round(time.Second)
		line += fmt.Sprintf("  ETA %d:%02d", int(left.Minutes()), int(left.Seconds())%60)
	}
	pad := ""
	if len(line) < p.width {
		pad = strings.Repeat(" ", p.width-len(line))
	}
	p.width = max(p.width, len(line))
	fmt.Fprint(p.w, "\r"+line+pad)
}

// erase clears the line, if one was written.
func (p *progressLine) erase() {
	if p != nil && p.width > 0 {
		fmt.Fprint(p.w, "\r"+strings.Repeat(" ", p.width)+"\r")
	}
}
