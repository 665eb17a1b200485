package review

import (
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// A review is worded here and nowhere else: `skullking review` prints a
// seat's Worded text, and the server sends it beside the review's codes
// (GET /api/tables/{id}/review?you=S) for the browser to show as it
// comes. The browser words the cards and the tricks with its renderer of
// the protocol's codes, but no sentence of the review, so the terminal and
// the page cannot drift apart.

// Costliest is how many decisions a review puts first.
const Costliest = 3

// Text is one seat's review worded for one reader (words.Words: the
// reader is "you" when it is their seat).
type Text struct {
	// Summary is what the player's own decisions gave up in all, and how
	// many made for them are listed apart.
	Summary string `json:"summary"`
	// Explain says what the points are.
	Explain string `json:"explain"`
	// Costliest is the player's costliest decisions, Costliest at most,
	// the costliest first; Every all of the player's own, in order.
	Costliest Section `json:"costliest"`
	Every     Section `json:"every"`
	// Total is the total loss, as a line after every decision.
	Total string `json:"total"`
	// Apart holds the decisions made for the player, one section for each
	// who made them (By), in the order of madeFor, then any other.
	Apart []Section `json:"apart"`
}

// Section is a heading and its decisions.
type Section struct {
	Heading string `json:"heading"`
	// By is who made the section's decisions for the player, for the
	// sections apart: a decision's By.
	By string `json:"by,omitempty"`
	// Empty is said instead of the items when there are none.
	Empty string `json:"empty,omitempty"`
	Items []Item `json:"items"`
}

// Item is one decision worded.
type Item struct {
	// Decision is the decision's index in the review's Decisions.
	Decision int `json:"decision"`
	// Where is when it was taken: "Round 2, trick 3", "Round 2, before
	// the first trick", "Round 2, after trick 1" for a pirate ability.
	Where string `json:"where"`
	// Did is who did what: "You chose to bid 2".
	Did string `json:"did"`
	// Captain is the captain's word on it: "the captain would bid 1", "as
	// the captain would", "as good as the captain's bid 1", "the only
	// choice".
	Captain string `json:"captain"`
	// Cost is the expected points it gave up, "−3.4 expected points", or
	// "" when it gave up none worth saying.
	Cost string `json:"cost,omitempty"`
	// Lost is whether it gave up points worth saying.
	Lost bool `json:"lost,omitempty"`
	// Says is the whole sentence.
	Says string `json:"says"`
}

// worthSaying is the smallest loss a review calls a loss: less is the
// search's noise, below the tenth of a point the points are written to.
const worthSaying = 0.05

// madeFor heads the decisions someone else made for the seat, by who made
// them (docs/record.md, "Who decided"), in the order they are listed.
var madeFor = []struct {
	by      string
	heading func(name string) string
}{
	{sk.DecidedByBot, func(name string) string { return "Played for " + name + " while away" }},
	{sk.DecidedByTimer, func(string) string { return "By the timer" }},
	{sk.DecidedByAuto, func(string) string { return "Played automatically" }},
}

// WordsFor is the renderer of rec's review for the reader at seat you (−1:
// no seat of the game): the players' names, and Graybeard's seat when he
// sits in.
func WordsFor(rec *sk.Record, you int) (words.Words, error) {
	g, err := rec.Replay()
	if err != nil {
		return words.Words{}, err
	}
	w := words.Words{Names: slices.Clone(rec.Players), You: you}
	if gh := g.GhostSeat(); gh > 0 {
		for len(w.Names) <= gh {
			w.Names = append(w.Names, g.Name(len(w.Names)))
		}
		w.Ghost = gh
	}
	return w, nil
}

// Worded words the review for the reader of w.
func (r *Review) Worded(w words.Words) Text {
	name := w.Name(r.Seat)
	var own []int
	apart := map[string][]int{}
	for i, d := range r.Decisions {
		if d.By != "" {
			apart[d.By] = append(apart[d.By], i)
			continue
		}
		own = append(own, i)
	}
	item := func(i int) Item { return r.item(i, w) }
	whose := name + "'s"
	if r.Seat == w.You {
		whose = "Your"
	}
	t := Text{
		Summary: whose + " decisions gave up " + points(r.TotalLoss) + " expected points in all, over " +
			count(len(own), "decision", "decisions") + ".",
		Explain: "The captain, the expert bot, judges each decision from what the seat knew then, and says the " +
			"expected points a different choice would have kept.",
		Costliest: Section{Heading: "The costliest decisions",
			Empty: "No decision gave up points: the captain agrees with them all.", Items: []Item{}},
		Every: Section{Heading: "Every decision", Empty: "None.", Items: []Item{}},
		Total: "Total: " + points(r.TotalLoss) + " expected points lost.",
		Apart: []Section{},
	}
	if n := len(r.Decisions) - len(own); n > 0 {
		t.Summary += " " + count(n, "decision", "decisions") + " made for " + name + " " +
			map[bool]string{true: "is", false: "are"}[n == 1] + " listed apart and not counted."
	}
	worst := slices.Clone(own)
	slices.SortStableFunc(worst, func(a, b int) int {
		switch la, lb := r.Decisions[a].Loss, r.Decisions[b].Loss; {
		case la > lb:
			return -1
		case la < lb:
			return 1
		}
		return 0
	})
	for _, i := range worst[:min(Costliest, len(worst))] {
		if r.Decisions[i].Loss > worthSaying {
			t.Costliest.Items = append(t.Costliest.Items, item(i))
		}
	}
	for _, i := range own {
		t.Every.Items = append(t.Every.Items, item(i))
	}
	section := func(by, heading string) {
		s := Section{Heading: heading, By: by, Items: []Item{}}
		for _, i := range apart[by] {
			s.Items = append(s.Items, item(i))
		}
		t.Apart = append(t.Apart, s)
		delete(apart, by)
	}
	for _, m := range madeFor {
		if len(apart[m.by]) > 0 {
			section(m.by, m.heading(name))
		}
	}
	// A decider this code does not know yet, from a newer record, is
	// still listed apart rather than taken for the player's.
	for _, by := range slices.Sorted(maps.Keys(apart)) {
		section(by, "Decided for "+name+" ("+by+")")
	}
	return t
}

// item words decision i of the review.
func (r *Review) item(i int, w words.Words) Item {
	d := &r.Decisions[i]
	it := Item{Decision: i, Where: where(d)}
	name := w.Name(r.Seat)
	act := "chose to " + r.action(d.Played, w)
	if rest, ok := strings.CutPrefix(act, "chose to choose "); ok {
		act = "chose " + rest // Rosie's choice: "chose Ben to lead"
	}
	switch d.By {
	case "":
		it.Did = capital(name) + " " + act
	case sk.DecidedByBot:
		it.Did = "A bot standing in for " + name + " " + act
	case sk.DecidedByTimer:
		it.Did = "When the time ran out, the game " + act
	default:
		it.Did = "The game " + act
	}
	same := sameAction(d.Played, d.Best)
	switch {
	case d.Choices <= 1:
		it.Captain = "the only choice"
		it.Says = it.Did + ": " + it.Captain + "."
	case same:
		it.Captain = "as the captain would"
		it.Says = it.Did + ", " + it.Captain + "."
	case d.Loss <= worthSaying:
		it.Captain = "as good as the captain's " + r.action(d.Best, w)
		it.Says = it.Did + ", " + it.Captain + "."
	default:
		it.Captain = "the captain would " + r.action(d.Best, w)
		it.Cost = "−" + points(d.Loss) + " expected points"
		it.Lost = true
		it.Says = it.Did + "; " + it.Captain + ": " + it.Cost + "."
	}
	return it
}

// action words an action of the reviewed seat for the reader: the
// protocol's words, which speak to the seat deciding ("raise your bid"),
// said of another seat when the reader is not that seat.
func (r *Review) action(a protocol.Action, w words.Words) string {
	if r.Seat == w.You {
		return w.Action(a)
	}
	v := 0
	if a.Value != nil {
		v = *a.Value
	}
	switch a.Kind {
	case protocol.KindHarry:
		switch {
		case v > 0:
			return "raise their bid by one"
		case v < 0:
			return "lower their bid by one"
		}
		return "keep their bid"
	case protocol.KindRosie:
		switch v {
		case w.You:
			return "choose you to lead"
		case r.Seat:
			return "keep the lead"
		}
	}
	return w.Action(a)
}

// where says when decision d was taken.
func where(d *Decision) string {
	round := "Round " + strconv.Itoa(d.Round)
	switch {
	case d.Trick <= 0:
		return round + ", before the first trick"
	case d.Played.Kind == protocol.KindPlay:
		return round + ", trick " + strconv.Itoa(d.Trick)
	}
	// A pirate ability is decided once the trick it won is over.
	return round + ", after trick " + strconv.Itoa(d.Trick)
}

// sameAction tells whether two actions are the same decision.
func sameAction(a, b protocol.Action) bool {
	eq := func(x, y *int) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	return a.Kind == b.Kind && eq(a.Card, b.Card) && eq(a.Card2, b.Card2) && a.As == b.As && eq(a.Value, b.Value)
}

// points writes expected points to a tenth: "12.5", "3", "0".
func points(x float64) string {
	s := strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64)
	if s == "-0" {
		s = "0"
	}
	return strings.Replace(s, "-", "−", 1)
}

// count is "1 decision", "2 decisions".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// capital starts s with a capital letter: "you" is "You".
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
