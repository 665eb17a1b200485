package review

import (
	"maps"
	"math"
	"slices"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// A review is told here and nowhere else, as the catalogue's sentences
// (review.*) with their placeholders, never as words: the server sends
// a seat's Said beside the review's codes (GET
// /api/tables/{id}/review?you=S) for the browser to word in its reader's
// language, and `skullking review` prints it Worded in the terminal's.
// Which sentence says what is chosen once, here, so the terminal and
// the page cannot drift apart.

// Costliest is how many decisions a review puts first.
const Costliest = 3

// Said is one seat's review told to one reader (words.Words: the reader
// is "you" when it is their seat), in sentences of the catalogue.
type Said struct {
	// Summary is what the player's own decisions gave up in all, then,
	// when some were made for them, that those are listed apart.
	Summary []protocol.Sentence `json:"summary"`
	// Explain says what the points are.
	Explain protocol.Sentence `json:"explain"`
	// Costliest is the player's costliest decisions, Costliest at most,
	// the costliest first; Every all of the player's own, in order.
	Costliest SaidSection `json:"costliest"`
	Every     SaidSection `json:"every"`
	// Total is the total loss, as a line after every decision.
	Total protocol.Sentence `json:"total"`
	// Apart holds the decisions made for the player, one section for each
	// who made them (By), in the order of madeFor, then any other.
	Apart []SaidSection `json:"apart"`
}

// SaidSection is a heading and its decisions.
type SaidSection struct {
	Heading protocol.Sentence `json:"heading"`
	// By is who made the section's decisions for the player, for the
	// sections apart: a decision's By.
	By string `json:"by,omitempty"`
	// Empty is said instead of the items when there are none.
	Empty *protocol.Sentence `json:"empty,omitempty"`
	Items []SaidItem         `json:"items"`
}

// SaidItem is one decision told.
type SaidItem struct {
	// Decision is the decision's index in the review's Decisions.
	Decision int `json:"decision"`
	// Where is when it was taken: "Round 2, trick 3", "Round 2, before
	// the first trick", "Round 2, after trick 1" for a pirate ability.
	Where protocol.Sentence `json:"where"`
	// Did is who did what, a clause: "You chose to bid 2".
	Did protocol.Sentence `json:"did"`
	// Captain is the captain's word on it, a sentence: "The captain would
	// bid 1.", "As the captain would.", "As good as the captain's bid
	// 1.", "The only choice."
	Captain protocol.Sentence `json:"captain"`
	// Cost is the expected points it gave up, "−3.4 expected points", when
	// it gave up some worth saying.
	Cost *protocol.Sentence `json:"cost,omitempty"`
	// Lost is whether it gave up points worth saying.
	Lost bool `json:"lost,omitempty"`
	// Says is the whole sentence, Did and the captain's word.
	Says protocol.Sentence `json:"says"`
}

// worthSaying is the smallest loss a review calls a loss: less is the
// search's noise, below the tenth of a point the points are written to.
const worthSaying = 0.05

// madeFor are who may decide for the seat (docs/record.md, "Who
// decided"), in the order their decisions are listed, each heading its
// section with review.by.<by>.
var madeFor = []string{sk.DecidedByBot, sk.DecidedByTimer, sk.DecidedByAuto}

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

// teller tells one seat's review to the reader of w.
type teller struct {
	r *Review
	w words.Words
}

// you is the sentence id for the reviewed seat: its ".you" variant when
// the reader is that seat.
func (t teller) you(id string) string {
	if t.r.Seat == t.w.You {
		return id + ".you"
	}
	return id
}

// seat is the reviewed seat's name, for a sentence's Name.
func (t teller) seat() protocol.SentenceArgs { return protocol.SentenceArgs{"Name": t.name(t.r.Seat)} }

// name names seat s in a sentence: "you" for the reader.
func (t teller) name(s int) protocol.Sentence {
	switch {
	case s == t.w.You && s >= 0:
		return protocol.Say("name.you", nil)
	case s >= 0 && s < len(t.w.Names):
		return protocol.NameOf(t.w.Names[s])
	}
	return protocol.Say("name.seat", protocol.SentenceArgs{"Number": protocol.NumberOf(s + 1)})
}

// Tell tells the review to the reader of w.
func (r *Review) Tell(w words.Words) Said {
	t := teller{r, w}
	var own []int
	apart := map[string][]int{}
	for i, d := range r.Decisions {
		if d.By != "" {
			apart[d.By] = append(apart[d.By], i)
			continue
		}
		own = append(own, i)
	}
	lost := protocol.NumberOf(tenth(r.TotalLoss))
	none := protocol.Say("review.costliest.none", nil)
	every := protocol.Say("review.every.none", nil)
	s := Said{
		Summary:   []protocol.Sentence{protocol.SayCounted(t.you("review.summary"), len(own), protocol.SentenceArgs{"Name": t.name(r.Seat), "Points": lost})},
		Explain:   protocol.Say("review.explain", nil),
		Costliest: SaidSection{Heading: protocol.Say("review.costliest", nil), Empty: &none, Items: []SaidItem{}},
		Every:     SaidSection{Heading: protocol.Say("review.every", nil), Empty: &every, Items: []SaidItem{}},
		Total:     protocol.Say("review.total", protocol.SentenceArgs{"Points": lost}),
		Apart:     []SaidSection{},
	}
	if n := len(r.Decisions) - len(own); n > 0 {
		s.Summary = append(s.Summary, protocol.SayCounted(t.you("review.apart"), n, t.seat()))
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
			s.Costliest.Items = append(s.Costliest.Items, t.item(i))
		}
	}
	for _, i := range own {
		s.Every.Items = append(s.Every.Items, t.item(i))
	}
	section := func(by string, heading protocol.Sentence) {
		sec := SaidSection{Heading: heading, By: by, Items: []SaidItem{}}
		for _, i := range apart[by] {
			sec.Items = append(sec.Items, t.item(i))
		}
		s.Apart = append(s.Apart, sec)
		delete(apart, by)
	}
	for _, by := range madeFor {
		if len(apart[by]) == 0 {
			continue
		}
		id := "review.by." + by
		if by == sk.DecidedByBot {
			id = t.you(id) // "Played for you while away"
		}
		section(by, protocol.Say(id, t.seat()))
	}
	// A decider this code does not know yet, from a newer record, is
	// still listed apart rather than taken for the player's.
	for _, by := range slices.Sorted(maps.Keys(apart)) {
		section(by, protocol.Say(t.you("review.by.other"), protocol.SentenceArgs{"Name": t.name(r.Seat), "By": protocol.NameOf(by)}))
	}
	return s
}

// item tells decision i of the review.
func (t teller) item(i int) SaidItem {
	d := &t.r.Decisions[i]
	it := SaidItem{Decision: i, Where: where(d), Did: t.did(d)}
	best := protocol.SentenceArgs{"Did": it.Did, "Best": t.action(d.Best)}
	verdict := "only"
	switch {
	case d.Choices <= 1:
	case sameAction(d.Played, d.Best):
		verdict = "same"
	case d.Loss <= worthSaying:
		verdict = "as_good"
	default:
		verdict = "worse"
		cost := protocol.Say("review.cost", protocol.SentenceArgs{"Points": protocol.NumberOf(tenth(d.Loss))})
		it.Cost, it.Lost = &cost, true
		best["Points"] = protocol.NumberOf(tenth(d.Loss))
	}
	it.Captain = protocol.Say("review.captain."+verdict, protocol.SentenceArgs{"Best": best["Best"]})
	it.Says = protocol.Say("review.says."+verdict, best)
	return it
}

// did tells who did what in decision d: the player, a bot standing in
// for them, the timer or the game, as d.By says.
func (t teller) did(d *Decision) protocol.Sentence {
	id, player := "review.did", true
	switch d.By {
	case "":
	case sk.DecidedByBot:
		id += ".bot"
	case sk.DecidedByTimer:
		id, player = id+".timer", false
	default:
		id, player = id+".game", false
	}
	args := t.seat()
	// Rosie's choice of another seat to lead is said as a choice of whom:
	// "You chose Ann to lead", never "chose to choose".
	if p := d.Played; p.Kind == protocol.KindRosie && p.Value != nil && *p.Value != t.r.Seat {
		id += ".rosie"
		args["Leader"] = t.name(*p.Value)
	} else {
		args["Action"] = t.action(d.Played)
	}
	if player {
		id = t.you(id) // the player, or the bot, "for you"
	}
	return protocol.Say(id, args)
}

// action tells an action of the reviewed seat: the protocol's words,
// which speak to the seat deciding ("raise your bid by one"), except
// where they would say it of the reader when the reader is not that seat.
func (t teller) action(a protocol.Action) protocol.Sentence {
	v := 0
	if a.Value != nil {
		v = *a.Value
	}
	switch {
	case a.Kind == protocol.KindRosie && v == t.r.Seat:
		return protocol.Say("review.action.rosie.keep", nil)
	case t.r.Seat == t.w.You:
	case a.Kind == protocol.KindHarry && v > 0:
		return protocol.Say("review.action.harry.raise", nil)
	case a.Kind == protocol.KindHarry && v < 0:
		return protocol.Say("review.action.harry.lower", nil)
	case a.Kind == protocol.KindHarry:
		return protocol.Say("review.action.harry.keep", nil)
	case a.Kind == protocol.KindRosie && v == t.w.You:
		return protocol.Say("review.action.rosie.you", nil)
	}
	return protocol.ActionOf(a)
}

// where says when decision d was taken.
func where(d *Decision) protocol.Sentence {
	args := protocol.SentenceArgs{"Round": protocol.NumberOf(d.Round), "Trick": protocol.NumberOf(d.Trick)}
	switch {
	case d.Trick <= 0:
		return protocol.Say("review.where.bids", protocol.SentenceArgs{"Round": args["Round"]})
	case d.Played.Kind == protocol.KindPlay:
		return protocol.Say("review.where.trick", args)
	}
	// A pirate ability is decided once the trick it won is over.
	return protocol.Say("review.where.ability", args)
}

// sameAction tells whether two actions are the same decision.
func sameAction(a, b protocol.Action) bool {
	eq := func(x, y *int) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	return a.Kind == b.Kind && eq(a.Card, b.Card) && eq(a.Card2, b.Card2) && a.As == b.As && eq(a.Value, b.Value)
}

// tenth is expected points as a review writes them, to a tenth: finer
// digits are the search's noise.
func tenth(x float64) float64 {
	x = math.Round(x*10) / 10
	if x == 0 {
		return 0 // never −0
	}
	return x
}
