package review

import "github.com/skullking-go/skullking/words"

// Text is one seat's review worded for one reader, in the reader's
// language: what Review.Tell tells, as words, for a program that prints it
// (`skullking review`).
type Text struct {
	Summary   string
	Explain   string
	Costliest Section
	Every     Section
	Total     string
	Apart     []Section
}

// Section is a heading and its decisions, worded.
type Section struct {
	Heading string
	By      string
	Empty   string
	Items   []Item
}

// Item is one decision worded: SaidItem's sentences as words; Did is
// the clause, Captain and Says whole sentences, Cost "" when the
// decision gave up no points worth saying.
type Item struct {
	Decision int
	Where    string
	Did      string
	Captain  string
	Cost     string
	Lost     bool
	Says     string
}

// Worded words the review for the reader of w, in w's language.
func (r *Review) Worded(w words.Words) Text { return r.Tell(w).In(w) }

// In words what a review tells for the reader of w, in w's language: w
// is the reader it was told to.
func (s Said) In(w words.Words) Text {
	t := Text{Explain: w.Sentence(s.Explain), Costliest: s.Costliest.in(w), Every: s.Every.in(w), Total: w.Sentence(s.Total)}
	for i, m := range s.Summary {
		if i > 0 {
			t.Summary += " "
		}
		t.Summary += w.Sentence(m)
	}
	for _, a := range s.Apart {
		t.Apart = append(t.Apart, a.in(w))
	}
	return t
}

// in words a section for the reader of w.
func (s SaidSection) in(w words.Words) Section {
	out := Section{Heading: w.Sentence(s.Heading), By: s.By, Items: []Item{}}
	if s.Empty != nil {
		out.Empty = w.Sentence(*s.Empty)
	}
	for _, it := range s.Items {
		x := Item{Decision: it.Decision, Where: w.Sentence(it.Where), Did: w.Sentence(it.Did), Captain: w.Sentence(it.Captain),
			Lost: it.Lost, Says: w.Sentence(it.Says)}
		if it.Cost != nil {
			x.Cost = w.Sentence(*it.Cost)
		}
		out.Items = append(out.Items, x)
	}
	return out
}
