package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"text/tabwriter"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/review"
	"github.com/skullking-go/skullking/protocol"
)

// costliest is how many decisions the readable review puts first.
const costliest = 3

// madeFor heads the decisions someone else made for the seat, by who made
// them (docs/record.md, "Who decided"), in the order they are listed.
var madeFor = []struct{ by, heading string }{
	{skullking.DecidedByBot, "Played for you while away:"},
	{skullking.DecidedByTimer, "By the timer:"},
	{skullking.DecidedByAuto, "Played automatically:"},
}

// writeReview prints one seat's review for a reader: the costliest
// decisions, then every decision in order, then the total; actions in the
// protocol's words, never as codes. Only the player's own decisions are in
// those: the ones a stand-in bot, the timer or automatic play made for the
// seat follow apart, judged but not counted, since the review judges the
// player.
func writeReview(w io.Writer, r *review.Review, players []string) {
	words := protocol.Words{Names: players, You: r.Seat}
	var own []review.Decision
	others := map[string][]review.Decision{}
	judged, lossy, apart := 0, 0, 0
	for _, d := range r.Decisions {
		if d.By != "" {
			others[d.By] = append(others[d.By], d)
			apart++
			continue
		}
		own = append(own, d)
		if d.Choices > 1 {
			judged++
		}
		if d.Loss > 0 {
			lossy++
		}
	}
	fmt.Fprintf(w, "Review of %s (seat %d): %d decisions, %d with a choice, %d judged worse than the captain's.\n",
		r.Name, r.Seat, len(own), judged, lossy)
	switch apart {
	case 0:
	case 1:
		fmt.Fprintln(w, "1 decision made for you is listed apart, after the total, and not counted.")
	default:
		fmt.Fprintf(w, "%d decisions made for you are listed apart, after the total, and not counted.\n", apart)
	}
	fmt.Fprintln(w, "Loss: the expected round points a decision gave up against the captain's choice,")
	fmt.Fprintln(w, "judged from what the seat knew then.")
	fmt.Fprintln(w)
	worst := slices.Clone(own)
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
	writeDecisions(w, "Every decision:", own, words)
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Total: %s expected points lost.\n", strconv.FormatFloat(r.TotalLoss, 'f', 1, 64))
	for _, m := range madeFor {
		if len(others[m.by]) > 0 {
			fmt.Fprintln(w)
			writeDecisions(w, m.heading, others[m.by], words)
			delete(others, m.by)
		}
	}
	// A decider this command does not know yet, from a newer record, is
	// still shown apart rather than taken for the player's.
	for _, by := range slices.Sorted(maps.Keys(others)) {
		fmt.Fprintln(w)
		writeDecisions(w, fmt.Sprintf("Made for you (%s):", by), others[by], words)
	}
}

// writeDecisions is a heading and its decisions, one row each, in order.
func writeDecisions(w io.Writer, heading string, ds []review.Decision, words protocol.Words) {
	fmt.Fprintln(w, heading)
	if len(ds) == 0 {
		fmt.Fprintln(w, "  none")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, d := range ds {
		writeDecision(tw, &d, words)
	}
	tw.Flush()
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
