package skullking

import (
	"errors"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// followCase plays the trick so far in a one-round game and checks what the
// seat to play next may play. hands are in seat order; the first seat leads.
type followCase struct {
	name    string
	opts    func(*Options)
	hands   []string
	ghost   string
	played  string // the trick so far
	legal   string // the cards the next seat may play
	illegal string // cards it holds but may not play
}

func runFollowCases(t *testing.T, cases []followCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := len(strings.Fields(tc.hands[0]))
			o := oneRound(n)
			if tc.opts != nil {
				tc.opts(&o)
			}
			g := newFixtureGame(t, len(tc.hands), o, map[int]deal{1: {hands: tc.hands, ghost: tc.ghost}})
			bidAll(t, g, make([]int, len(tc.hands))...)
			for _, code := range strings.Fields(tc.played) {
				if j := len(g.CurrentTrick()); j > 0 && g.GhostSeat() >= 0 && int(g.CurrentTrick()[j-1].Seat) == g.GhostSeat() {
					// Graybeard flipped on his own; the fixture lists his card.
					if p, _ := ParseCode(code); p.Matches(g.CurrentTrick()[j-1].Card) {
						continue
					}
				}
				mustApply(t, g, actionFor(t, g, code))
			}
			s := g.Turn()
			hand := g.Hand(s)
			want := SetOf(cardsOfHand(t, hand, tc.legal)...)
			if got := g.LegalCards(s); got != want {
				t.Fatalf("after %q seat %s may play %v, want %v", tc.played, seatLetter(s), got, want)
			}
			for _, c := range want.Cards(nil) {
				a := Play(s, c)
				if c == Tigress {
					a = PlayTigress(s, AsPirate)
				}
				if err := g.Check(a); err != nil {
					t.Errorf("legal %v refused: %v", c, err)
				}
			}
			for _, c := range cardsOfHand(t, hand, tc.illegal) {
				before := snap(g)
				err := g.Apply(Play(s, c))
				if !errors.Is(err, ErrMustFollowSuit) {
					t.Errorf("%v: got %v, want ErrMustFollowSuit", c, err)
				}
				if !snap(g).equal(before) {
					t.Errorf("refused %v changed the game", c)
				}
			}
		})
	}
}

// cardsOfHand resolves codes to the copies hand holds.
func cardsOfHand(t testing.TB, hand CardSet, codes string) []Card {
	t.Helper()
	var out []Card
	for _, code := range strings.Fields(codes) {
		p, err := ParseCode(code)
		if err != nil {
			t.Fatal(err)
		}
		c := p.FirstIn(hand)
		if c == NoCard {
			t.Fatalf("%s is not in %v", code, hand)
		}
		out, hand = append(out, c), hand.Without(c)
	}
	return out
}

// The legality examples of docs/rules.md §10 and the regression cases other
// implementations get wrong.
func TestRulesExamples_Legality(t *testing.T) {
	runFollowCases(t, []followCase{
		{name: "ESC PIR G2 frees the trick: green and purple both legal",
			hands: []string{"ESC Y1", "PIR Y2", "G2 Y3", "G5 P7"}, played: "ESC PIR G2", legal: "G5 P7"},
		{name: "G2 PIR: green or a special",
			hands: []string{"G2 Y1 Y2", "PIR Y3 Y4", "G5 P7 ESC"}, played: "G2 PIR", legal: "G5 ESC", illegal: "P7"},
		{name: "B9 led: holding B3 and G5, G5 is illegal",
			hands: []string{"B9 Y1", "B3 G5", "Y2 Y3"}, played: "B9", legal: "B3", illegal: "G5"},
		{name: "G2 led: holding G5 and B3, B3 is illegal",
			hands: []string{"G2 Y1", "G5 B3", "Y2 Y3"}, played: "G2", legal: "G5", illegal: "B3"},
	})
}

func TestFollowSuit_PirateFreesTrickAfterEscape(t *testing.T) {
	runFollowCases(t, []followCase{
		{name: "ESC PIR G2", hands: []string{"ESC Y1", "PIR Y2", "G2 Y3", "G5 P7"}, played: "ESC PIR G2", legal: "G5 P7"},
		{name: "ESC TIG-P Y2", hands: []string{"ESC G1", "TIG G2", "Y2 G3", "Y5 P7"}, played: "ESC TIG-P Y2", legal: "Y5 P7"},
		{name: "ESC SK", hands: []string{"ESC G1", "SK G2", "Y5 P7"}, played: "ESC SK", legal: "Y5 P7"},
		{name: "MER led", hands: []string{"MER G1", "Y5 B7"}, ghost: "Y1 Y2", played: "MER Y1", legal: "Y5 B7"},
	})
}

func TestFollowSuit_CharacterAfterSuitStillBinds(t *testing.T) {
	runFollowCases(t, []followCase{
		{name: "G2 PIR", hands: []string{"G2 Y1 Y2", "PIR Y3 Y4", "G5 P7 ESC"}, played: "G2 PIR", legal: "G5 ESC", illegal: "P7"},
		{name: "G2 SK MER", hands: []string{"G2 Y1 Y2", "SK Y3 Y4", "MER Y5 Y6", "G5 B7 TIG"}, played: "G2 SK MER", legal: "G5 TIG", illegal: "B7"},
		{name: "ESC G2 PIR", hands: []string{"ESC Y1 Y2", "G2 Y3 Y4", "PIR Y5 Y6", "G5 P7 P8"}, played: "ESC G2 PIR", legal: "G5", illegal: "P7 P8"},
	})
}

func TestFollowSuit_BlackLedBindsBlack(t *testing.T) {
	runFollowCases(t, []followCase{
		{name: "B9 led, B3 G5 held", hands: []string{"B9 Y1", "B3 G5"}, ghost: "Y2 Y3", played: "B9 Y2", legal: "B3", illegal: "G5"},
		{name: "B9 led, 3 players", hands: []string{"B9 Y1", "Y4 Y5", "B3 G5"}, played: "B9 Y4", legal: "B3", illegal: "G5"},
		{name: "G2 led: holding G5 and B3, B3 is illegal", hands: []string{"G2 Y1", "G5 B3"}, ghost: "Y2 Y3", played: "G2 Y2", legal: "G5", illegal: "B3"},
	})
}

func TestFollowSuit_VoidMayPlayAnything(t *testing.T) {
	runFollowCases(t, []followCase{
		{name: "G2 led, no green: black allowed", hands: []string{"G2 Y1", "B3 Y5", "P1 P2"}, played: "G2", legal: "B3 Y5"},
		{name: "specials always allowed", hands: []string{"P9 Y1 Y2", "P3 ESC TIG"}, ghost: "Y3 Y4 Y5", played: "P9 Y3", legal: "P3 ESC TIG"},
	})
}

func TestFollowSuit_EscapeLetsNextPlayerSetSuit(t *testing.T) {
	runFollowCases(t, []followCase{
		{name: "ESC Y4", hands: []string{"ESC G1", "Y4 G2", "Y9 G3"}, played: "ESC Y4", legal: "Y9", illegal: "G3"},
		{name: "TIG-E Y4", hands: []string{"TIG G1", "Y4 G2", "Y9 G3"}, played: "TIG-E Y4", legal: "Y9", illegal: "G3"},
		{name: "ESC ESC P4", hands: []string{"ESC G1", "ESC G2", "P4 G3", "P9 G4"}, played: "ESC ESC P4", legal: "P9", illegal: "G4"},
		{name: "ESC, ghost Y1: B follows yellow", hands: []string{"ESC G1", "Y4 G2"}, ghost: "Y1 Y2", played: "ESC Y1", legal: "Y4", illegal: "G2"},
	})
}

func TestFollowSuit_Modules(t *testing.T) {
	all := func(o *Options) { o.Loot, o.Kraken, o.WhiteWhale = true, true, true }
	runFollowCases(t, []followCase{
		{name: "LOOT led leaves the suit unset", opts: all, hands: []string{"LOOT G1", "Y4 G2", "Y9 G3"}, played: "LOOT Y4", legal: "Y9", illegal: "G3"},
		{name: "KRAKEN led frees the trick", opts: all, hands: []string{"KRAKEN G1", "Y4 G2", "Y9 G3"}, played: "KRAKEN Y4", legal: "Y9 G3"},
		{name: "WHALE led frees the trick", opts: all, hands: []string{"WHALE G1", "Y4 G2", "Y9 G3"}, played: "WHALE Y4", legal: "Y9 G3"},
		{name: "WHALE after the suit: still follow", opts: all, hands: []string{"Y4 G1", "WHALE G2", "Y9 G3"}, played: "Y4 WHALE", legal: "Y9", illegal: "G3"},
		{name: "Kraken and Whale are specials", opts: all, hands: []string{"Y4 G1 G4", "WHALE Y5 G5", "KRAKEN Y6 G9"}, played: "Y4 WHALE", legal: "KRAKEN Y6", illegal: "G9"},
	})
}

// §9: Graybeard flips without following suit, and his number sets the suit
// like anyone's.
func TestFollowSuit_GraybeardSetsSuit(t *testing.T) {
	runFollowCases(t, []followCase{
		{name: "ESC, ghost G5: B follows green", hands: []string{"ESC Y1", "G9 Y3"}, ghost: "G5 Y2", played: "ESC G5", legal: "G9", illegal: "Y3"},
	})
	// He does not follow: A leads green, he flips yellow while holding green.
	o := oneRound(2)
	g := newFixtureGame(t, 2, o, map[int]deal{1: {hands: []string{"G7 Y1", "G13 Y3"}, ghost: "Y2 G2"}})
	bidAll(t, g, 0, 0)
	mustApply(t, g, Play(0, cardsOf(t, "G7", nil)[0]))
	if tr := g.CurrentTrick(); len(tr) != 2 || tr[1].Card.String() != "Y2" || int(tr[1].Seat) != g.GhostSeat() {
		t.Fatalf("Graybeard should flip his top card Y2 second: %v", tr)
	}
}

// The Tigress is a special card: always legal, and offered both ways.
func TestLegalActions_TigressDeclaredEitherWay(t *testing.T) {
	g := newFixtureGame(t, 3, oneRound(2), map[int]deal{1: {hands: []string{"G9 Y1", "TIG G2", "Y9 G3"}}})
	bidAll(t, g, 0, 0, 0)
	mustApply(t, g, Play(0, cardsOf(t, "G9", nil)[0]))
	acts := g.LegalActions(1, nil)
	var got []string
	for _, a := range acts {
		got = append(got, a.String())
	}
	if strings.Join(got, " ") != "G2 TIG-P TIG-E" {
		t.Fatalf("legal actions %v, want G2 TIG-P TIG-E", got)
	}
	err := g.Apply(Play(1, Tigress))
	if !errors.Is(err, ErrTigressUndeclared) {
		t.Fatalf("undeclared Tigress: %v", err)
	}
}

// TestLegalActions_OneChoicePerFace checks distinctPlays, the set the legal
// actions are listed from, against its definition: a card is offered
// unless a lower card of the same interchangeable face is legal too (two
// Mermaids, the Escapes, the Loots, and the Pirates without pirate
// abilities).
func TestLegalActions_OneChoicePerFace(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := DefaultOptions()
		o.PirateAbilities = rapid.Bool().Draw(t, "pirate abilities")
		o.Loot, o.Kraken, o.WhiteWhale = true, true, true
		g := newGame(t, 4, WithOptions(o))
		// Special cards each in or out, a few numbers beside them.
		var legal CardSet
		for c := Rosie; c < NumCards; c++ {
			if rapid.Bool().Draw(t, c.NamedCode()) {
				legal = legal.With(c)
			}
		}
		for _, c := range rapid.SliceOfNDistinct(rapid.IntRange(0, int(Rosie)-1), 0, 5, rapid.ID).Draw(t, "numbers") {
			legal = legal.With(Card(c))
		}
		if got, want := g.distinctPlays(legal), distinctByDefinition(g, legal); got != want {
			t.Fatalf("distinct plays of %v: got %v, want %v", legal, got, want)
		}
	})
}

// TestLegalActions_OneChoicePerFaceEverySpecialWord checks distinctPlays,
// which looks up the cards from the first Mermaid on in a table, for every
// subset of those eleven cards against the same definition.
func TestLegalActions_OneChoicePerFaceEverySpecialWord(t *testing.T) {
	o := DefaultOptions()
	o.Loot, o.Kraken, o.WhiteWhale = true, true, true
	g := newGame(t, 4, WithOptions(o))
	const n = int(NumCards - Mermaid1)
	for bits := 0; bits < 1<<n; bits++ {
		legal := SetOf(Rosie, NumberCard(Green, 3), NumberCard(Black, 14)) // a Pirate and numbers beside them
		for i := 0; i < n; i++ {
			if bits>>i&1 == 1 {
				legal = legal.With(Mermaid1 + Card(i))
			}
		}
		if got, want := g.distinctPlays(legal), distinctByDefinition(g, legal); got != want {
			t.Fatalf("distinct plays of %v: got %v, want %v", legal, got, want)
		}
	}
}

// distinctByDefinition is legal less every card of an interchangeable face
// with a lower card of the same face in legal: distinctPlays by its
// definition, one card at a time.
func distinctByDefinition(g *Game, legal CardSet) CardSet {
	var want CardSet
	for _, c := range legal.Cards(nil) {
		lower := false
		for _, d := range legal.Cards(nil) {
			lower = lower || (g.interchangeable(c) && d < c && d.Kind() == c.Kind())
		}
		if !lower {
			want = want.With(c)
		}
	}
	return want
}

// TestForgedCardBytesRefused plays every byte that is not a card, as a
// forged frame may carry, at every turn of random games with the modules
// whose cards sit in the high word: Apply refuses each (the card is not
// held) and the game is unchanged.
func TestForgedCardBytesRefused(t *testing.T) {
	o := DefaultOptions()
	o.Kraken, o.WhiteWhale, o.Loot = true, true, true
	for seed := uint64(0); seed < 5; seed++ {
		g := newGame(t, 4, WithOptions(o), WithSeed(seed))
		r := NewRand(seed)
		for !g.Over() {
			if s := g.Turn(); s >= 0 && g.Phase() == PhasePlaying {
				logLen, hand := len(g.Log()), g.Hand(s)
				for b := int(NumCards); b < 256; b++ {
					err := g.Apply(Play(s, Card(b)))
					if !errors.Is(err, ErrCardNotHeld) {
						t.Fatalf("seed %d: seat %d playing byte %d: %v, want %v", seed, s, b, err, ErrCardNotHeld)
					}
				}
				if len(g.Log()) != logLen || g.Hand(s) != hand || g.Turn() != s {
					t.Fatalf("seed %d: a refused forged card changed the game", seed)
				}
			}
			stepRandom(t, g, &r)
		}
	}
}

// TestSeatViewCheck_JudgesOnlyTheSeatsOwnAction checks that a seat's window
// explains a refusal as the game does, and judges every action as the
// seat's own: asking about another seat's card must not tell what it holds.
func TestSeatViewCheck_JudgesOnlyTheSeatsOwnAction(t *testing.T) {
	g := newFixtureGame(t, 3, oneRound(2), map[int]deal{1: {hands: []string{"G2 Y1", "G5 B3", "Y2 Y3"}}})
	bidAll(t, g, 0, 0, 0)
	mustApply(t, g, actionFor(t, g, "G2"))
	g5, b3 := NumberCard(Green, 5), NumberCard(Black, 3)
	if err := g.Seat(1).Check(Play(1, g5)); err != nil {
		t.Fatalf("following suit refused: %v", err)
	}
	var ae *ActionError
	if err := g.Seat(1).Check(Play(1, b3)); !errors.As(err, &ae) || ae.Refusal.Code != RefuseMustFollowSuit ||
		ae.Refusal.Card != g5 {
		t.Fatalf("B3 on a green lead: %v, want must_follow_suit naming G5", err)
	}
	if g.Check(Play(1, g5)) != nil {
		t.Fatal("the game refuses seat 1's G5")
	}
	err := g.Seat(2).Check(Play(1, g5))
	if !errors.As(err, &ae) || ae.Refusal.Seat != 2 || ae.Refusal.Code != RefuseNotYourTurn {
		t.Fatalf("seat 2 asking about seat 1's G5: %v, want its own play refused as out of turn", err)
	}
}
