package skullking

import (
	"reflect"
	"testing"
)

// abilityGame starts a one-round game of cards cards with pirate abilities on
// (and opts applied), dealt as hands say.
func abilityGame(t *testing.T, cards int, d deal, opts ...func(*Options)) *Game {
	t.Helper()
	o := oneRound(cards)
	o.PirateAbilities = true
	for _, f := range opts {
		f(&o)
	}
	return newFixtureGame(t, len(d.hands), o, map[int]deal{1: d})
}

func decide(kind ActionKind, seat, v int) Action {
	return Decision(kind, seat, v)
}

func wantPending(t *testing.T, g *Game, kind ActionKind, seat int) {
	t.Helper()
	if k, s := g.Pending(); k != kind || s != seat {
		t.Fatalf("pending %v for seat %d, want %v for %s (phase %v)", k, s, kind, seatLetter(seat), g.Phase())
	}
	if g.Phase() != PhaseAbility || g.Turn() != seat || !g.Waiting(seat) {
		t.Fatalf("phase %v, turn %d: seat %d should be deciding", g.Phase(), g.Turn(), seat)
	}
	if v := g.View(Spectator); v.Pending != kind || v.PendingSeat != seat {
		t.Fatalf("the view shows pending %v for %d", v.Pending, v.PendingSeat)
	}
}

func wantNoAbility(t *testing.T, g *Game, why string) {
	t.Helper()
	if k, _ := g.Pending(); k != ActionNone || g.Phase() == PhaseAbility {
		t.Fatalf("%s: an ability (%v) fired", why, k)
	}
}

// §8 Rosie D'Laney: choose any player, herself included, to lead next.
func TestAbility_RosieChoosesNextLeader(t *testing.T) {
	for _, choice := range []int{0, 1, 2, 3} {
		g := abilityGame(t, 2, deal{hands: []string{"ROSIE Y1", "G1 Y2", "G2 Y3", "G3 Y4"}})
		bidAll(t, g, 1, 0, 0, 1)
		playTrick(t, g, "ROSIE G1 G2 G3")
		wantPending(t, g, ActionRosie, 0)
		if n := len(g.LegalActions(0, nil)); n != 4 {
			t.Fatalf("Rosie has %d choices, want 4", n)
		}
		mustApply(t, g, decide(ActionRosie, 0, choice))
		if g.Phase() != PhasePlaying || g.Turn() != choice || len(g.CurrentTrick()) != 0 {
			t.Fatalf("Rosie chose %s, but %s leads", seatLetter(choice), seatLetter(g.Turn()))
		}
	}
}

// §8 Bendt the Bandit: draw 2 undealt cards, then discard 2 face down, out of
// the round.
func TestAbility_BendtDrawsTwoAndDiscardsTwo(t *testing.T) {
	g := abilityGame(t, 2, deal{hands: []string{"BENDT Y1", "G1 Y2", "G2 Y3"}, undealt: "SK MER"})
	bidAll(t, g, 1, 0, 1)
	playTrick(t, g, "BENDT G1 G2")
	wantPending(t, g, ActionBendt, 0)
	mustApply(t, g, decide(ActionBendt, 0, 1))
	wantPending(t, g, ActionDiscard, 0)
	if want := SetOf(cardsOf(t, "Y1 SK MER", nil)...); g.Hand(0) != want {
		t.Fatalf("after the draw Bendt holds %v, want %v", g.Hand(0), want)
	}
	if v := g.View(0); v.PendingDraw != 2 {
		t.Fatalf("the view says Bendt drew %d", v.PendingDraw)
	}
	if n := len(g.LegalActions(0, nil)); n != 3 {
		t.Fatalf("%d ways to discard 2 of 3 cards, want 3", n)
	}
	disc := cardsOf(t, "Y1 MER", nil)
	mustApply(t, g, Discard(0, disc[0], disc[1]))
	if want := SetOf(cardsOf(t, "SK", nil)...); g.Hand(0) != want {
		t.Fatalf("after the discard Bendt holds %v, want %v", g.Hand(0), want)
	}
	if got := g.View(0).Discarded; !reflect.DeepEqual(got, []Card{disc[0], disc[1]}) {
		t.Errorf("Bendt's view of his discards: %v", got)
	}
	for s := 1; s < 3; s++ {
		if v := g.View(s); len(v.Discarded) != 0 {
			t.Errorf("seat %d sees Bendt's discards %v", s, v.Discarded)
		}
	}
	if g.Phase() != PhasePlaying || g.Turn() != 0 {
		t.Fatalf("Bendt won the trick and leads: turn %d", g.Turn())
	}
	playTrick(t, g, "SK Y2 Y3")
	if r := g.Results()[0]; r.Won[0] != 2 {
		t.Fatalf("Bendt's SK should take trick 2: won %v", r.Won[:3])
	}
}

func TestAbility_BendtMayDecline(t *testing.T) {
	g := abilityGame(t, 2, deal{hands: []string{"BENDT Y1", "G1 Y2", "G2 Y3"}, undealt: "SK MER"})
	bidAll(t, g, 1, 0, 1)
	playTrick(t, g, "BENDT G1 G2")
	mustApply(t, g, decide(ActionBendt, 0, 0))
	if want := SetOf(cardsOf(t, "Y1", nil)...); g.Hand(0) != want || g.Phase() != PhasePlaying {
		t.Fatalf("declined: Bendt holds %v in phase %v", g.Hand(0), g.Phase())
	}
}

// [decided] With fewer than 2 undealt cards, Bendt draws what there is and
// discards as many; with none, there is nothing to do.
func TestAbility_BendtWithOneUndealtCard(t *testing.T) {
	// 7 players with the Kraken: 71 cards, 70 dealt, one undealt.
	g := abilityGame(t, 10, deal{hands: []string{"BENDT", "", "", "", "", "", ""}, undealt: "KRAKEN", fill: true},
		func(o *Options) { o.Kraken = true })
	bidAll(t, g, make([]int, 7)...)
	mustApply(t, g, Play(0, Bendt))
	for g.Phase() == PhasePlaying && len(g.CurrentTrick()) > 0 {
		s := g.Turn()
		for _, a := range g.LegalActions(s, nil) {
			if a.Card != SkullKing && a.Card != Kraken && !(a.Card == Tigress && a.As == AsPirate) {
				mustApply(t, g, a)
				break
			}
		}
	}
	wantPending(t, g, ActionBendt, 0)
	mustApply(t, g, decide(ActionBendt, 0, 1))
	wantPending(t, g, ActionDiscard, 0)
	if !g.Hand(0).Has(Kraken) || g.Hand(0).Len() != 10 || g.View(0).PendingDraw != 1 {
		t.Fatalf("Bendt should draw the one undealt card: %v", g.Hand(0))
	}
	for _, a := range g.LegalActions(0, nil) {
		if a.Card2 != NoCard {
			t.Fatalf("one card drawn, one discarded: %v offered", a)
		}
	}
	c := g.Hand(0).First()
	before := snap(g)
	if err := g.Apply(Discard(0, c, Kraken)); err == nil {
		t.Fatal("discarding two after drawing one was accepted")
	}
	if !snap(g).equal(before) {
		t.Fatal("refused discard changed the game")
	}
	mustApply(t, g, Discard(0, c, NoCard))
	if g.Hand(0).Len() != 9 || g.Hand(0).Has(c) {
		t.Fatalf("after the discard Bendt holds %v", g.Hand(0))
	}

	// 7 players, base deck, round of 10: nothing undealt, no ability.
	g = abilityGame(t, 10, deal{hands: []string{"BENDT", "", "", "", "", "", ""}, fill: true})
	bidAll(t, g, make([]int, 7)...)
	mustApply(t, g, Play(0, Bendt))
	for g.Phase() == PhasePlaying && len(g.CurrentTrick()) > 0 {
		s := g.Turn()
		for _, a := range g.LegalActions(s, nil) {
			if a.Card != SkullKing && !(a.Card == Tigress && a.As == AsPirate) {
				mustApply(t, g, a)
				break
			}
		}
	}
	wantNoAbility(t, g, "Bendt with nothing undealt")
}

// §8 Rascal of Roatan: wager 0, 10 or 20, won on an exact bid at round end and
// lost otherwise, under either scoring.
func TestAbility_RascalWager(t *testing.T) {
	cases := []struct {
		rascal      bool
		bid, wager  int
		want        int
		description string
	}{
		{false, 1, 0, 20, "exact, wager 0"},
		{false, 1, 10, 30, "exact, wager 10"},
		{false, 1, 20, 40, "exact, wager 20"},
		{false, 2, 0, -10, "missed, wager 0"},
		{false, 2, 10, -20, "missed, wager 10"},
		{false, 2, 20, -30, "missed, wager 20"},
		{true, 1, 20, 40, "Rascal's scoring, exact: 10 × 2 + 20"},
		{true, 2, 20, -10, "Rascal's scoring, off by one: 10 − 20"},
		{true, 0, 10, 0, "Rascal's scoring, off by one: half of 20, less the wager"},
	}
	for _, tc := range cases {
		g := abilityGame(t, 2, deal{hands: []string{"RASCAL Y1", "G1 Y2", "G2 Y3"}}, func(o *Options) {
			if tc.rascal {
				o.Scoring = RascalScoring
			}
		})
		bidAll(t, g, tc.bid, 0, 1)
		playTrick(t, g, "RASCAL G1 G2")
		wantPending(t, g, ActionWager, 0)
		if n := len(g.LegalActions(0, nil)); n != 3 {
			t.Fatalf("Rascal has %d choices, want 3", n)
		}
		mustApply(t, g, decide(ActionWager, 0, tc.wager))
		playTrick(t, g, "Y1 Y2 Y3") // C's Y3 wins trick 2: A took exactly 1
		r := g.Results()[0]
		if r.Points[0] != tc.want {
			t.Errorf("%s: %+d, want %+d", tc.description, r.Points[0], tc.want)
		}
		if r.Wagers[0] != tc.wager {
			t.Errorf("%s: wager recorded as %d", tc.description, r.Wagers[0])
		}
	}
}

// §8 Juanita Jade: privately see the cards not dealt this round.
func TestAbility_JuanitaSeesUndealtCards(t *testing.T) {
	hands := []string{"JUANITA Y1", "G1 Y2", "G2 Y3"}
	g := abilityGame(t, 2, deal{hands: hands})
	bidAll(t, g, 1, 0, 1)
	for s := Spectator; s < 3; s++ {
		if v := g.View(s); len(v.UndealtSeen) != 0 {
			t.Fatalf("seat %d sees undealt cards before Juanita won", s)
		}
	}
	playTrick(t, g, "JUANITA G1 G2")
	wantNoAbility(t, g, "Juanita has no decision to make")
	var dealt CardSet
	for _, h := range hands {
		cardsOf(t, h, &dealt)
	}
	undealt := DefaultOptions().Deck().Minus(dealt)
	if got := SetOf(g.View(0).UndealtSeen...); got != undealt || undealt.Len() != 64 {
		t.Fatalf("Juanita saw %d cards %v, want the %d undealt", got.Len(), got, undealt.Len())
	}
	if seen, ok := g.UndealtSeen(0); !ok || seen != undealt {
		t.Fatalf("UndealtSeen(0) = %v, %v", seen, ok)
	}
	for _, s := range []int{Spectator, 1, 2} {
		if v := g.View(s); len(v.UndealtSeen) != 0 {
			t.Errorf("seat %d sees the undealt cards", s)
		}
		if _, ok := g.UndealtSeen(s); ok {
			t.Errorf("UndealtSeen(%d) reports a peek", s)
		}
	}
}

// §8 Harry the Giant: change your bid by −1, 0 or +1; the round is scored on
// the new bid. His works after the last trick too.
func TestAbility_HarryChangesBid(t *testing.T) {
	cases := []struct {
		name       string
		hands      []string
		tricks     []string
		bid, move  int
		finalBid   int
		wantPoints int
	}{
		// Trick 1: HARRY wins; trick 2: C's Y3 wins. A takes 1.
		{"+1 in trick 1", []string{"HARRY Y1", "G1 Y2", "G2 Y3"}, []string{"HARRY G1 G2", "Y1 Y2 Y3"}, 0, +1, 1, 20},
		{"0 in trick 1", []string{"HARRY Y1", "G1 Y2", "G2 Y3"}, []string{"HARRY G1 G2", "Y1 Y2 Y3"}, 0, 0, 0, -20},
		{"−1 in trick 1", []string{"HARRY Y1", "G1 Y2", "G2 Y3"}, []string{"HARRY G1 G2", "Y1 Y2 Y3"}, 2, -1, 1, 20},
		// Trick 1: A's Y9 wins; trick 2, the last: HARRY wins. A takes 2.
		{"+1 after the last trick", []string{"HARRY Y9", "G1 Y2", "G2 Y3"}, []string{"Y9 Y2 Y3", "HARRY G1 G2"}, 1, +1, 2, 40},
		{"−1 after the last trick", []string{"HARRY Y9", "G1 Y2", "G2 Y3"}, []string{"Y9 Y2 Y3", "HARRY G1 G2"}, 2, -1, 1, -10},
	}
	for _, tc := range cases {
		g := abilityGame(t, 2, deal{hands: tc.hands})
		bidAll(t, g, tc.bid, 0, 0)
		for i, tr := range tc.tricks {
			playTrick(t, g, tr)
			if k, _ := g.Pending(); k == ActionHarry {
				mustApply(t, g, decide(ActionHarry, 0, tc.move))
			} else if tr[:5] == "HARRY" {
				t.Fatalf("%s: Harry won trick %d but no decision is awaited", tc.name, i+1)
			}
		}
		if len(g.Results()) != 1 {
			t.Fatalf("%s: the round did not end", tc.name)
		}
		r := g.Results()[0]
		if r.Bids[0] != tc.finalBid || r.Points[0] != tc.wantPoints {
			t.Errorf("%s: scored on bid %d for %+d, want bid %d for %+d", tc.name, r.Bids[0], r.Points[0], tc.finalBid, tc.wantPoints)
		}
	}
}

// §8: abilities fire only when that named Pirate wins: not for the Tigress,
// not in a destroyed trick, not when the White Whale makes a number win, not
// with the module off, and (Harry aside) not after the last trick.
func TestAbility_DoesNotFire(t *testing.T) {
	all := func(o *Options) { o.Kraken, o.WhiteWhale = true, true }
	t.Run("Tigress as Pirate", func(t *testing.T) {
		g := abilityGame(t, 2, deal{hands: []string{"TIG Y1", "G1 Y2", "G2 Y3"}})
		bidAll(t, g, 1, 0, 0)
		playTrick(t, g, "TIG-P G1 G2")
		wantNoAbility(t, g, "the Tigress")
	})
	t.Run("destroyed by the Kraken", func(t *testing.T) {
		g := abilityGame(t, 2, deal{hands: []string{"ROSIE Y1", "KRAKEN Y2", "G2 Y3"}}, all)
		bidAll(t, g, 1, 0, 0)
		playTrick(t, g, "ROSIE KRAKEN G2")
		wantNoAbility(t, g, "a destroyed trick")
		if g.Turn() != 0 {
			t.Errorf("Rosie would have won: A leads, not %s", seatLetter(g.Turn()))
		}
	})
	t.Run("White Whale", func(t *testing.T) {
		g := abilityGame(t, 2, deal{hands: []string{"RASCAL Y1", "WHALE Y2", "G2 Y3"}}, all)
		bidAll(t, g, 1, 0, 0)
		playTrick(t, g, "RASCAL WHALE G2")
		wantNoAbility(t, g, "a number won under the Whale")
	})
	t.Run("module off", func(t *testing.T) {
		g := newFixtureGame(t, 3, oneRound(2), map[int]deal{1: {hands: []string{"PIR Y1", "G1 Y2", "G2 Y3"}}})
		bidAll(t, g, 1, 0, 0)
		playTrick(t, g, "PIR G1 G2")
		wantNoAbility(t, g, "pirate abilities off")
	})
	for _, pirate := range []string{"ROSIE", "BENDT", "RASCAL"} {
		t.Run(pirate+" after the last trick", func(t *testing.T) {
			o := DefaultOptions()
			o.PirateAbilities = true
			o.Schedule, o.ScheduleCards = "custom", []int{1, 1}
			o.Tiebreak = false
			g := newFixtureGame(t, 3, o, map[int]deal{1: {hands: []string{pirate, "G1", "G2"}}})
			bidAll(t, g, 1, 0, 0)
			playTrick(t, g, pirate+" G1 G2")
			wantNoAbility(t, g, pirate+" after the last trick")
			if g.Round() != 2 {
				t.Fatalf("round %d: the round should have ended", g.Round())
			}
			if r := g.Results()[0]; r.Wagers[0] != 0 || r.Points[0] != 20 {
				t.Errorf("after the last trick: wager %d, points %d", r.Wagers[0], r.Points[0])
			}
		})
	}
	t.Run("HARRY after the last trick fires", func(t *testing.T) {
		g := abilityGame(t, 1, deal{hands: []string{"HARRY", "G1", "G2"}})
		bidAll(t, g, 1, 0, 0)
		playTrick(t, g, "HARRY G1 G2")
		wantPending(t, g, ActionHarry, 0)
	})
}
