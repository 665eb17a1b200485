package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"text/tabwriter"

	"github.com/skullking-go/skullking/internal/review"
	"github.com/skullking-go/skullking/protocol"
)

// costliest is how many decisions the readable review puts first.
const costliest = 3

// writeReview prints one seat's review for a reader: the costliest
// decisions, then every decision in order, then the total; actions in the
// protocol's words, never as codes.
func writeReview(w io.Writer, r *review.Review, players []string) {
	words := protocol.Words{Names: players, You: r.Seat}
	judged, lossy := 0, 0
	for _, d := range r.Decisions {
		if d.Choices > 1 {
			judged++
		}
		if d.Loss > 0 {
			lossy++
		}
	}
	fmt.Fprintf(w, "Review of %s (seat %d): %d decisions, %d with a choice, %d judged worse than the captain's.\n",
		r.Name, r.Seat, len(r.Decisions), judged, lossy)
	fmt.Fprintln(w, "Loss: the expected round points a decision gave up against the captain's choice,")
	fmt.Fprintln(w, "judged from what the seat knew then.")
	fmt.Fprintln(w)
	worst := slices.Clone(r.Decisions)
	slices.SortStableFunc(worst, func(a, b review.Decision) int {
		switch {
		case a.Loss > b.Loss:
			return -1
		case a.Loss < b.Loss:
			return 1
		}
		return 0
	})
	for len(worst) > 0 && worst[len(worst)-1].Loss == 0 {
		worst = worst[:len(worst)-1]
	}
	if len(worst) == 0 {
		fmt.Fprintln(w, "No decision gave up points: every one was the captain's or as good.")
	} else {
		fmt.Fprintln(w, "The costliest decisions:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, d := range worst[:min(costliest, len(worst))] {
			writeDecision(tw, &d, words)
		}
		tw.Flush()
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Every decision:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, d := range r.Decisions {
		writeDecision(tw, &d, words)
	}
	tw.Flush()
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Total: %s expected points lost.\n", strconv.FormatFloat(r.TotalLoss, 'f', 1, 64))
}

// writeDecision is one row: where, what the seat did, the captain's
// choice, the loss.
func writeDecision(w io.Writer, d *review.Decision, words protocol.Words) {
	where := fmt.Sprintf("round %d", d.Round)
	if d.Trick > 0 {
		where += fmt.Sprintf(", trick %d", d.Trick)
	}
	played := words.Action(d.Played)
	switch {
	case d.Choices <= 1:
		fmt.Fprintf(w, "  %s\t%s\t(the only choice)\n", where, played)
	case d.Loss == 0:
		fmt.Fprintf(w, "  %s\t%s\tno loss\n", where, played)
	default:
		fmt.Fprintf(w, "  %s\t%s\tcaptain: %s\t−%s\n", where, played, words.Action(d.Best),
			strconv.FormatFloat(d.Loss, 'f', 1, 64))
	}
}
