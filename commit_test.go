package skullking

import (
	"errors"
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// A seat that holds one Escape and sends the id of another is refused: a
// card id names one copy, and Commit takes it as it is (the report behind
// Commit: the server acked it, kept the other copy and the hand unchanged).
func TestCommitRefusesACopyTheSeatDoesNotHold(t *testing.T) {
	found := false
	for seed := uint64(1); seed < 400 && !found; seed++ {
		g := newGame(t, 4, WithSeed(seed))
		r := NewRand(seed)
		playUntil(t, g, &r, func(g *Game) bool {
			s := g.Turn()
			return g.Phase() == PhasePlaying && s >= 0 && g.Hand(s).Has(Escape1+4) && !g.Hand(s).Has(Escape1)
		})
		if g.Over() {
			continue
		}
		found = true
		s := g.Turn()
		before := snap(g)
		kept := false
		err := g.Commit(Play(s, Escape1), func(Action) error { kept = true; return nil })
		var ae *ActionError
		if !errors.As(err, &ae) || !errors.Is(err, ErrCardNotHeld) || ae.Refusal.Code != RefuseCardNotHeld || ae.Refusal.Card != Escape1 {
			t.Fatalf("playing Escape %d while holding %d: %v, want card_not_held for %d", Escape1, Escape1+4, err, Escape1)
		}
		if kept {
			t.Error("a refused action was handed to keep")
		}
		if !snap(g).equal(before) {
			t.Error("a refused action changed the game")
		}
		// The face read as the seat's copy is the card it holds.
		a := g.Seat(s).HeldCopies(Play(s, Escape1))
		if a.Card != Escape1+4 {
			t.Fatalf("HeldCopies read Escape %d as %d, want the held %d", Escape1, a.Card, Escape1+4)
		}
		var got Action
		if err := g.Commit(a, func(k Action) error { got = k; return nil }); err != nil {
			t.Fatalf("the held copy is refused: %v", err)
		}
		if got != a || g.Log()[len(before.log)] != a {
			t.Fatalf("kept %v, applied %v; want both %v", got, g.Log()[len(before.log)], a)
		}
		if g.Hand(s).Has(Escape1 + 4) {
			t.Error("the played Escape is still in the hand")
		}
	}
	if !found {
		t.Fatal("no seed gave a seat the last Escape without the first")
	}
}

// An action the store refuses is not applied: Commit returns keep's error
// and the game is as it was.
func TestCommitAppliesNothingKeepRefuses(t *testing.T) {
	g := newGame(t, 3, WithSeed(7))
	before := snap(g)
	full := errors.New("disk full")
	if err := g.Commit(Bid(0, 1), func(Action) error { return full }); !errors.Is(err, full) {
		t.Fatalf("Commit returned %v, want keep's error", err)
	}
	if !snap(g).equal(before) {
		t.Error("an action keep refused changed the game")
	}
}

// What Commit hands to keep is what it applies, for every action of random
// games; every card id the seat does not hold, and every other action
// than the legal ones, is refused without reaching keep or changing the
// game; and the games' records replay to the same totals.
func TestProperty_CommitKeepsWhatItAppliesAndNothingElse(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(2, 8).Draw(rt, "players")
		g := newGame(rt, n, WithOptions(drawOptions(rt, n)), WithSeed(rapid.Uint64().Draw(rt, "seed")))
		var kept []Action
		keep := func(a Action) error { kept = append(kept, a); return nil }
		for steps := 0; !g.Over(); steps++ {
			if steps > 20000 {
				rt.Fatalf("the game does not end")
			}
			var legal []Action
			for s := 0; s < n; s++ {
				legal = g.LegalActions(s, legal)
			}
			if g.Phase() == PhasePlaying && rapid.Bool().Draw(rt, "probe") {
				s := g.Turn()
				held := g.Hand(s)
				before, keptBefore := snap(g), len(kept)
				c := Card(rapid.IntRange(0, NumCards-1).Draw(rt, "card"))
				if !held.Has(c) {
					if err := g.Commit(Play(s, c), keep); !errors.Is(err, ErrCardNotHeld) {
						rt.Fatalf("seat %d holding %v played %v: %v, want card not held", s, held, c, err)
					}
					if len(kept) != keptBefore || !snap(g).equal(before) {
						rt.Fatalf("refused card %v reached keep or changed the game", c)
					}
				}
			}
			a := legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "action")]
			logBefore := len(g.Log())
			if err := g.Commit(a, keep); err != nil {
				rt.Fatalf("legal action %v refused: %v", a, err)
			}
			if kept[len(kept)-1] != a || g.Log()[logBefore] != a {
				rt.Fatalf("kept %v and applied %v for %v", kept[len(kept)-1], g.Log()[logBefore], a)
			}
		}
		data, err := RecordOf(g).Marshal()
		if err != nil {
			rt.Fatal(err)
		}
		rec, err := ParseRecord(data)
		if err != nil {
			rt.Fatal(err)
		}
		back, err := rec.Replay()
		if err != nil {
			rt.Fatalf("the record of a committed game does not replay: %v", err)
		}
		if got, want := back.Totals(), g.Totals(); fmt.Sprint(got) != fmt.Sprint(want) {
			rt.Fatalf("replayed totals %v, played %v", got, want)
		}
	})
}

// ExampleGame_Commit keeps each action (as a server appends it to its log)
// before the game applies it.
func ExampleGame_Commit() {
	g, _ := NewGame(3, WithSeed(1))
	var log []Action
	err := g.Commit(Bid(0, 1), func(a Action) error {
		log = append(log, a) // a server's append: the action is applied only if it succeeds
		return nil
	})
	fmt.Println(err, len(log), g.Phase())
	// Output: <nil> 1 bidding
}

// §8 Bendt the Bandit discards two cards: "ESC ESC", two codes of one
// face, names two of the Escapes he holds, whichever copy the first code
// reads as, never one Escape twice.
func TestHeldCopiesReadsTwoCodesOfOneFaceAsTwoCopies(t *testing.T) {
	g := abilityGame(t, 2, deal{hands: []string{"BENDT ESC", "G1 Y2", "G2 Y3"}, undealt: "ESC SK"})
	bidAll(t, g, 1, 0, 1)
	playTrick(t, g, "BENDT G1 G2")
	mustApply(t, g, decide(ActionBendt, 0, 1))
	wantPending(t, g, ActionDiscard, 0)
	escapes := g.Hand(0).And(SetOf(Escape1, Escape1+1, Escape1+2, Escape1+3, Escape1+4))
	if escapes.Len() != 2 {
		t.Fatalf("Bendt holds %v: the fixture should give him two Escapes", g.Hand(0))
	}
	low := escapes.First()
	a := g.Seat(0).HeldCopies(Discard(0, low, low))
	if a.Card == a.Card2 || !escapes.Has(a.Card) || !escapes.Has(a.Card2) {
		t.Fatalf("ESC ESC read as %v and %v; want his two Escapes %v", a.Card, a.Card2, escapes)
	}
	if err := g.Commit(a, func(Action) error { return nil }); err != nil {
		t.Fatalf("discarding both Escapes: %v", err)
	}
	if !g.Hand(0).And(escapes).Empty() {
		t.Errorf("after discarding both Escapes Bendt holds %v", g.Hand(0))
	}
	// The same pair by ids is one card twice, and Commit takes ids as they are.
	h := abilityGame(t, 2, deal{hands: []string{"BENDT ESC", "G1 Y2", "G2 Y3"}, undealt: "ESC SK"})
	bidAll(t, h, 1, 0, 1)
	playTrick(t, h, "BENDT G1 G2")
	mustApply(t, h, decide(ActionBendt, 0, 1))
	if err := h.Commit(Discard(0, low, low), func(Action) error { return nil }); err == nil {
		t.Error("Commit took one Escape discarded twice")
	}
}
