package protocol

import (
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
)

// trickOf resolves cards played in order by seats 0, 1, 2… into a wire
// trick, as the engine reports a completed one.
func trickOf(t *testing.T, o skullking.Options, codes ...string) *Trick {
	t.Helper()
	var plays []skullking.Played
	for i, code := range codes {
		p, err := skullking.ParseCode(code)
		if err != nil {
			t.Fatal(err)
		}
		c := p.Cards()[0]
		for _, q := range plays {
			if q.Card == c { // a second copy of the face
				c = p.Cards()[1]
			}
		}
		plays = append(plays, skullking.Played{Card: c, Seat: int8(i), As: p.As})
	}
	res := skullking.ResolveTrick(plays, &o)
	w := TrickOf(&skullking.TrickLog{Round: 1, Number: 1, Plays: plays, Result: res}, &o)
	return &w
}

var abcd = Words{Names: []string{"Ann", "Ben", "Cat", "Dan"}, You: 0}

// The worked examples of docs/rules.md §10, in a player's words.
func TestWords_TrickSentences(t *testing.T) {
	o := skullking.DefaultOptions()
	for _, c := range []struct {
		codes []string
		want  string
	}{
		{[]string{"Y12", "Y5", "P14"}, "Your yellow 12 wins: the highest card of the suit led wins. +10 for a colour 14 if your bid is exact."},
		{[]string{"SK", "PIR", "PIR"}, "Your Skull King wins: the Skull King beats every Pirate and number. +60 for 2 Pirates if your bid is exact."},
		{[]string{"PIR", "SK", "MER"}, "Cat's Mermaid wins: a Mermaid takes the Skull King. +40 for the Skull King if Cat's bid is exact."},
		{[]string{"ESC", "B3", "G14"}, "Ben's black 3 wins: the highest black (trump) wins. +10 for a colour 14 if Ben's bid is exact."},
		{[]string{"TIG-E", "ESC", "ESC"}, "Your Tigress (as an Escape) wins: only Escapes were played: the first one wins."},
	} {
		if got := abcd.Trick(trickOf(t, o, c.codes...)); got != c.want {
			t.Errorf("%v:\n got %q\nwant %q", c.codes, got, c.want)
		}
	}
	o.Kraken, o.WhiteWhale, o.Loot = true, true, true
	for _, c := range []struct {
		codes []string
		want  string
	}{
		{[]string{"Y12", "B3", "WHALE", "KRAKEN"}, "The Kraken destroys the trick: nobody wins it. Ben would have won and leads next."},
		{[]string{"ESC", "MER", "PIR", "WHALE"}, "The White Whale with no number played: the trick is discarded and Dan leads next."},
		{[]string{"LOOT", "G5", "G9"}, "Cat's green 9 wins: the highest card of the suit led wins. Your Loot allies with Cat."},
	} {
		if got := abcd.Trick(trickOf(t, o, c.codes...)); got != c.want {
			t.Errorf("%v:\n got %q\nwant %q", c.codes, got, c.want)
		}
	}
}

// A trick Graybeard wins counts for nobody and carries nothing
// (docs/rules.md §9).
func TestWords_GraybeardsTrick(t *testing.T) {
	w := Words{Names: []string{"Ann", "Ben", "Graybeard"}, You: 0, Ghost: 2}
	got := w.Trick(trickOf(t, skullking.DefaultOptions(), "G7", "G14", "B2"))
	if want := "Graybeard's black 2 wins: the highest black (trump) wins. Graybeard takes it for nobody."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Refusals are worded for the seat that tried, with card names, never
// codes.
func TestWords_Refusals(t *testing.T) {
	g, err := skullking.NewGame(4, skullking.WithNames("Ann", "Ben", "Cat", "Dan"), skullking.WithSeed(11))
	if err != nil {
		t.Fatal(err)
	}
	rng := skullking.NewRand(2)
	seen := map[string]bool{}
	for !g.Over() && len(seen) < 3 {
		for seat := 0; seat < 4; seat++ {
			v := g.View(seat)
			w := ViewOf(&v)
			words := WordsFor(w)
			for _, h := range w.Hand {
				if h.Why == nil {
					continue
				}
				s := words.Refusal(h.Why)
				seen[h.Why.Code] = true
				for _, code := range []string{"B1", "G1", "Y1", "P1", "SK", "MER", "ESC", "TIG", "PIR"} {
					if strings.Contains(" "+s+" ", " "+code) && !strings.Contains(s, "the "+code) {
						t.Fatalf("%q names a card by its code", s)
					}
				}
				if !strings.HasSuffix(s, ".") || s != Capital(s) {
					t.Fatalf("%q is not a sentence", s)
				}
			}
		}
		playRandom(t, g, &rng)
	}
	for _, code := range []string{"bidding_not_over", "not_your_turn", "must_follow_suit"} {
		if !seen[code] {
			t.Errorf("no %s refusal seen in a game", code)
		}
	}
	r := &Refusal{Code: "must_follow_suit", Seat: 0, Suit: "yellow", Card: &CardRef{Card: 16, Code: "Y3"}}
	if got, want := abcd.Refusal(r), "You must follow yellow: you hold the yellow 3. A special card may always be played."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	other := 3
	if got, want := abcd.Refusal(&Refusal{Code: "not_your_turn", Other: &other}), "It is Dan's turn."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Every refusal code the engine has is worded, not left as its code.
func TestWords_EveryRefusalCode(t *testing.T) {
	for _, code := range skullking.RefusalCodes() {
		s := abcd.Refusal(&Refusal{Code: string(code)})
		if strings.Contains(s, "not allowed now (") {
			t.Errorf("%s has no sentence: %q", code, s)
		}
	}
	for _, r := range []skullking.Reason{skullking.ByMermaidOverSkullKing, skullking.BySkullKing, skullking.ByPirate,
		skullking.ByMermaid, skullking.ByTrump, skullking.BySuit, skullking.ByFirstEscape, skullking.ByWhaleHighest,
		skullking.ByKraken, skullking.ByWhaleDiscard} {
		code, ok := reasonCodes[r]
		if !ok || Reason(code) == strings.ReplaceAll(code, "_", " ") {
			t.Errorf("reason %v (%q) has no sentence", r, code)
		}
	}
}

func TestWords_Score(t *testing.T) {
	s := SeatScore{Bid: 2, Won: 3, BidPoints: -10, Bonus: 50, Total: -10}
	if got, want := abcd.Score(&s), "bid 2, won 3: −10; 50 bonus forfeited = −10"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	s = SeatScore{Bid: 2, Won: 2, Exact: true, BidPoints: 40, Wager: 20, WagerPoints: 20, Total: 60}
	if got, want := abcd.Score(&s), "bid 2, won 2: +40; +20 wager = +60"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// The engine's refusal of a set of rules reaches a person in a form's words:
// the option's label, never its record key or the engine's prefix.
func TestRulesProblemSpeaksTheFormsWords(t *testing.T) {
	o := skullking.DefaultOptions()
	o.Loot = true
	if got, want := RulesProblem(o.Validate(2)), "Loot is never used with 2 players."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	o = skullking.DefaultOptions()
	o.BonusFourteen = 5000
	if got, want := RulesProblem(o.Validate(4)), "Colour 14 captured: 5000: must be 0 to 1000."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var back skullking.Options
	err := back.UnmarshalJSON([]byte(`{"rounds": 0}`))
	if got, want := RulesProblem(err), "Rounds: 0: must be 1 to 100."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
