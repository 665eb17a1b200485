package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// runReplay checks and scores a record (docs/record.md). A bad record prints one
// line on standard error, nothing on standard output, and exits 1.
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("replay", stderr, `Usage: skullking replay [--json] FILE|-
Checks every action of a game record and scores it; - reads standard input.
`)
	asJSON := fs.Bool("json", false, "print the scores as one JSON object")
	if err := parseFlags(fs, args, 1); err != nil {
		return usageExit(stderr, "replay", err)
	}
	in := stdin
	if path := fs.Arg(0); path != "-" {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintf(stderr, "skullking replay: %v\n", err)
			return 1
		}
		defer f.Close()
		in = f
	}
	summary, rec, err := replay(in)
	if err != nil {
		fmt.Fprintln(stderr, oneLine(err))
		return 1
	}
	if *asJSON {
		b, _ := json.Marshal(summary)
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	writeSheet(stdout, summary)
	writeDeciders(stdout, rec)
	return 0
}

// deciderWords says who decided for a seat, as a "by" entry names it.
var deciderWords = map[string]string{
	skullking.DecidedByBot:   "by a bot standing in while away",
	skullking.DecidedByTimer: "by the timer",
	skullking.DecidedByAuto:  "automatically (the only card left)",
}

// writeDeciders lists the decisions the record says a player did not make
// (docs/record.md, "Who decided"), one line each, after the sheet.
func writeDeciders(w io.Writer, rec *skullking.Record) {
	first := true
	for i, rr := range rec.Rounds {
		for _, e := range rr.By {
			if first {
				fmt.Fprintln(w, "Not the players' own decisions:")
				first = false
			}
			what := e.Decision
			switch e.Decision {
			case skullking.DecisionCard:
				what = fmt.Sprintf("card in trick %d", e.Trick)
			case skullking.DecisionAbility:
				what = fmt.Sprintf("ability after trick %d", e.Trick)
			case skullking.DecisionDiscard:
				what = fmt.Sprintf("discard after trick %d", e.Trick)
			case skullking.DecisionCannon:
				what = "cannon load"
			}
			fmt.Fprintf(w, "  round %d: %s's %s, %s\n", i+1, rec.Players[e.Seat], what, deciderWords[e.By])
		}
	}
}

// replay reads, checks and scores a record, turning any panic into an error:
// whatever the input, the command answers with one line, never a trace.
func replay(in io.Reader) (sum protocol.Summary, rec *skullking.Record, err error) {
	defer func() {
		if r := recover(); r != nil {
			rec, err = nil, fmt.Errorf("internal error while checking the record: %v", r)
		}
	}()
	rec, err = skullking.ReadRecord(in)
	if err != nil {
		return sum, nil, err
	}
	g, err := rec.Replay()
	if err != nil {
		return sum, nil, err
	}
	return protocol.SummaryOf(g), rec, nil
}

// oneLine renders an error as the single line docs/record.md asks for.
func oneLine(err error) string {
	var ae *skullking.ActionError
	var re *skullking.RecordError
	msg := err.Error()
	switch {
	case errors.As(err, &ae):
		msg = ae.Message()
	case errors.As(err, &re):
		msg = re.Message()
	default:
		msg = strings.TrimPrefix(msg, "skullking: ")
	}
	return strings.Join(strings.Fields(msg), " ")
}

// writeSheet prints the score sheet: a row per round, a column per player.
func writeSheet(w io.Writer, s protocol.Summary) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "round\tcards\t")
	for _, p := range s.Players {
		fmt.Fprintf(tw, "%s\t", p)
	}
	fmt.Fprintln(tw)
	for _, r := range s.Rounds {
		label := fmt.Sprint(r.Round)
		if r.Tiebreak {
			label += " (tiebreak)"
		}
		fmt.Fprintf(tw, "%s\t%d\t", label, r.Cards)
		for i := range s.Players {
			fmt.Fprintf(tw, "%d/%d %+d = %d\t", r.Bids[i], r.Won[i], r.Points[i], r.Totals[i])
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprint(tw, "total\t\t")
	for _, t := range s.Totals {
		fmt.Fprintf(tw, "%d\t", t)
	}
	fmt.Fprintln(tw)
	tw.Flush()
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Each cell: bid/won, the round's points (bonuses included) = running total.")
	switch {
	case !s.Complete:
		fmt.Fprintf(w, "The game is not over: %d rounds scored.\n", len(s.Rounds))
	case len(s.Winners) == 1:
		fmt.Fprintf(w, "Winner: %s with %d.\n", s.Players[s.Winners[0]], s.Totals[s.Winners[0]])
	default:
		names := make([]string, len(s.Winners))
		for i, wi := range s.Winners {
			names[i] = s.Players[wi]
		}
		fmt.Fprintf(w, "Shared victory: %s with %d.\n", strings.Join(names, ", "), s.Totals[s.Winners[0]])
	}
}
