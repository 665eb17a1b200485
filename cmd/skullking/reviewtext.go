package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/skullking-go/skullking/internal/review"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/words"
)

// writeReview prints one seat's review for a reader, addressed to the
// seat's player, in the language of words: the costliest decisions, then
// every decision in order, then the total, and the decisions a stand-in
// bot, the timer or automatic play made for the seat apart, after it,
// since the review judges the player. Every sentence is the review's own
// (Review.Worded), the one wording the browser shows too; this prints it
// for a terminal.
func writeReview(w io.Writer, r *review.Review, words words.Words) {
	words.You = r.Seat
	t := r.Worded(words)
	fmt.Fprintln(w, words.Lang.T("review.cli.title", locale.Args{"Name": r.Name, "Seat": r.Seat}))
	fmt.Fprintln(w, t.Summary)
	fmt.Fprintln(w, t.Explain)
	fmt.Fprintln(w)
	writeSection(w, t.Costliest, words.Lang)
	fmt.Fprintln(w)
	writeSection(w, t.Every, words.Lang)
	fmt.Fprintln(w)
	fmt.Fprintln(w, t.Total)
	for _, s := range t.Apart {
		fmt.Fprintln(w)
		writeSection(w, s, words.Lang)
	}
}

// writeSection is a heading and its decisions, one row each: where, then
// what was decided and the captain's word on it.
func writeSection(w io.Writer, s review.Section, l *locale.Lang) {
	if len(s.Items) == 0 {
		fmt.Fprintln(w, s.Empty)
		return
	}
	fmt.Fprintln(w, l.T("review.cli.heading", locale.Args{"Heading": s.Heading}))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, it := range s.Items {
		fmt.Fprintf(tw, "  %s\t%s\n", it.Where, it.Says)
	}
	tw.Flush()
}
