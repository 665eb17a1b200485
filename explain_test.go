package skullking

import "testing"

func TestExplainTrick(t *testing.T) {
	names := []string{"Ann", "Ben", "Cat", "Dan"}
	name := func(s int) string { return names[s] }
	o := DefaultOptions()
	cases := []struct {
		plays []Played
		want  string
	}{
		{[]Played{{Card: Rosie, Seat: 0}, {Card: SkullKing, Seat: 1}, {Card: Tigress, Seat: 2, As: AsPirate}},
			"Ben's Skull King wins: the Skull King beats every Pirate and number. +60 for 2 Pirates if Ben's bid is exact."},
		{[]Played{{Card: NumberCard(Yellow, 12), Seat: 0}, {Card: NumberCard(Yellow, 5), Seat: 1}, {Card: NumberCard(Purple, 14), Seat: 2}},
			"Ann's yellow 12 wins: the highest card of the suit led wins. +10 for 1 colour 14 if Ann's bid is exact."},
		{[]Played{{Card: Escape1, Seat: 0}, {Card: Escape1 + 1, Seat: 1}},
			"Ann's Escape wins: only Escapes were played: the first one wins."},
		{[]Played{{Card: Mermaid1, Seat: 0}, {Card: SkullKing, Seat: 1}},
			"Ann's Mermaid wins: a Mermaid takes the Skull King. +40 for the Skull King if Ann's bid is exact."},
	}
	for _, c := range cases {
		res := ResolveTrick(c.plays, &o)
		if got := ExplainTrick(c.plays, res, name); got != c.want {
			t.Errorf("%v:\n got %q\nwant %q", c.plays, got, c.want)
		}
	}
	o.Kraken = true
	plays := []Played{{Card: NumberCard(Yellow, 12), Seat: 0}, {Card: NumberCard(Black, 3), Seat: 1}, {Card: Kraken, Seat: 2}}
	if got, want := ExplainTrick(plays, ResolveTrick(plays, &o), name), "The Kraken destroys the trick: nobody wins it. Ben would have won and leads next."; got != want {
		t.Errorf("got %q want %q", got, want)
	}
}
