package skullking

import (
	"errors"
	"reflect"
	"testing"
)

// turnOrder plays the current trick out, each seat its first legal card,
// and returns the seats in the order they played, Graybeard's flips
// included.
func turnOrder(t *testing.T, g *Game) []int {
	t.Helper()
	var seats []int
	for _, p := range g.CurrentTrick() {
		seats = append(seats, int(p.Seat))
	}
	size := g.Players()
	if g.GhostSeat() >= 0 {
		size++
	}
	from := len(g.Log())
	for len(seats) < size {
		if g.Phase() != PhasePlaying {
			t.Fatalf("phase %v in the middle of a trick", g.Phase())
		}
		mustApply(t, g, g.LegalActions(g.Turn(), nil)[0])
		log := g.Log()
		for _, a := range log[from:] {
			if a.Kind == ActionPlay && len(seats) < size {
				seats = append(seats, int(a.Seat))
			}
		}
		from = len(log)
	}
	return seats
}

// docs/rules.md §10, Graybeard: A leads G7, Graybeard flips B2, B plays G13;
// his trump wins, and he leads the next trick, then A, then B.
func TestGraybeard_WinsAndLeadsNext(t *testing.T) {
	g := newFixtureGame(t, 2, oneRound(2), map[int]deal{1: {hands: []string{"G7 Y1", "G13 Y2"}, ghost: "B2 P5"}})
	ghost := g.GhostSeat()
	if ghost != 2 {
		t.Fatalf("Graybeard sits at %d, want 2", ghost)
	}
	bidAll(t, g, 0, 0)
	if g.Turn() != 0 {
		t.Fatalf("%s leads round 1, want A", seatLetter(g.Turn()))
	}
	playTrick(t, g, "G7 B2 G13")
	if r := lastTrick(t, g); r.Winner != ghost {
		t.Fatalf("B2 (trump) should win for Graybeard: %+v", r)
	}
	// He leads by flipping at once; then A (who led the round), then B.
	if tr := g.CurrentTrick(); len(tr) != 1 || int(tr[0].Seat) != ghost || tr[0].Card.String() != "P5" {
		t.Fatalf("Graybeard should lead P5: %v", tr)
	}
	if g.Turn() != 0 {
		t.Fatalf("after Graybeard %s plays, want A", seatLetter(g.Turn()))
	}
	if got := turnOrder(t, g); !reflect.DeepEqual(got, []int{ghost, 0, 1}) {
		t.Fatalf("trick 2 order %v, want ghost, A, B", got)
	}
	// Tricks he wins count for nobody: nobody won a trick, both zero bids made.
	r := g.Results()[0]
	if r.Won[0] != 0 || r.Won[1] != 0 {
		t.Fatalf("tricks won %v, want none: Graybeard's tricks count for nobody", r.Won[:2])
	}
	if r.Points[0] != 20 || r.Points[1] != 20 {
		t.Fatalf("points %v, want 20 20", r.Points[:2])
	}
}

// §9: when B leads (round 2), Graybeard flips second and A plays third; if he
// wins, he leads, then the round's first leader (B), then A.
func TestGraybeard_OrderWhenTheOtherPlayerLeads(t *testing.T) {
	o := DefaultOptions()
	o.Schedule, o.ScheduleCards = "custom", []int{1, 2}
	g := newFixtureGame(t, 2, o, map[int]deal{
		1: {hands: []string{"G1", "G2"}, ghost: "G3"},
		2: {hands: []string{"Y1 Y2", "Y3 Y4"}, ghost: "B1 B2"},
	})
	bidAll(t, g, 0, 0)
	playTrick(t, g, "G1 G3 G2")
	if g.Round() != 2 {
		t.Fatalf("round %d, want 2", g.Round())
	}
	bidAll(t, g, 0, 0)
	if got := turnOrder(t, g); !reflect.DeepEqual(got, []int{1, 2, 0}) {
		t.Fatalf("round 2 trick 1 order %v, want B, ghost, A", got)
	}
	if got := turnOrder(t, g); !reflect.DeepEqual(got, []int{2, 1, 0}) {
		t.Fatalf("round 2 trick 2 order %v, want ghost, B, A", got)
	}
}

// §9: his Tigress is always an Escape.
func TestGraybeard_TigressIsAlwaysAnEscape(t *testing.T) {
	g := newFixtureGame(t, 2, oneRound(1), map[int]deal{1: {hands: []string{"ESC", ""}, ghost: "TIG", fill: true}})
	bidAll(t, g, 0, 0)
	mustApply(t, g, actionFor(t, g, "ESC"))
	tr := g.CurrentTrick()
	if len(tr) != 2 || tr[1].Card != Tigress || tr[1].As != AsEscape {
		t.Fatalf("Graybeard's Tigress: %v, want TIG-E", tr)
	}
	b := g.Hand(1).First()
	mustApply(t, g, Play(1, b))
	r := g.Results()[0]
	// ESC TIG-E X: X wins if it is not an Escape; else the first Escape (A).
	wantB := b.Kind() != KindEscape
	if (r.Won[1] == 1) != wantB {
		t.Fatalf("ESC TIG-E %v: won %v", b, r.Won[:2])
	}
}

// §8, §9: he uses no pirate ability, and Rosie never chooses him.
func TestGraybeard_NoAbilitiesAndRosieCannotChooseHim(t *testing.T) {
	o := oneRound(2)
	o.PirateAbilities = true
	g := newFixtureGame(t, 2, o, map[int]deal{1: {hands: []string{"G1 G2", "G3 G4"}, ghost: "ROSIE G5"}})
	bidAll(t, g, 0, 0)
	playTrick(t, g, "G1 ROSIE G3")
	if g.Phase() != PhasePlaying {
		t.Fatalf("Graybeard's Rosie won: phase %v, want playing (no ability)", g.Phase())
	}

	g = newFixtureGame(t, 2, o, map[int]deal{1: {hands: []string{"ROSIE G2", "G3 G4"}, ghost: "G1 G5"}})
	bidAll(t, g, 1, 0)
	playTrick(t, g, "ROSIE G1 G3")
	if k, s := g.Pending(); k != ActionRosie || s != 0 {
		t.Fatalf("pending %v for %d, want Rosie for A", k, s)
	}
	before := snap(g)
	err := g.Apply(Decision(ActionRosie, 0, g.GhostSeat()))
	if !errors.Is(err, ErrBadDecision) {
		t.Fatalf("Rosie choosing Graybeard: %v, want ErrBadDecision", err)
	}
	if !snap(g).equal(before) {
		t.Fatal("refused Rosie choice changed the game")
	}
	for _, a := range g.LegalActions(0, nil) {
		if int(a.Value) == g.GhostSeat() {
			t.Fatalf("Rosie may choose Graybeard: %v", a)
		}
	}
}

// §8: no Loot with two players.
func TestGraybeard_NoLoot(t *testing.T) {
	o := DefaultOptions()
	o.Loot = true
	if _, err := NewGame(2, WithOptions(o)); !errors.Is(err, ErrBadOptions) {
		t.Fatalf("Loot at 2 players: %v, want ErrBadOptions", err)
	}
	if _, err := NewGame(3, WithOptions(o)); err != nil {
		t.Fatalf("Loot at 3 players: %v", err)
	}
}

// §9: three hands are dealt; his pile is as large as a hand.
func TestGraybeard_ThreeHandsDealt(t *testing.T) {
	g := newGame(t, 2, WithSeed(9))
	r := NewRand(9)
	for !g.Over() {
		round := g.Round()
		a, b, ghost := g.Hand(0), g.Hand(1), g.Hand(2)
		if a.Len() != g.Cards() || b.Len() != g.Cards() || ghost.Len() != g.Cards() {
			t.Fatalf("round %d: hands of %d, %d and Graybeard %d; want %d each", round, a.Len(), b.Len(), ghost.Len(), g.Cards())
		}
		if !a.And(b).Empty() || !a.And(ghost).Empty() || !b.And(ghost).Empty() {
			t.Fatalf("round %d: hands overlap", round)
		}
		if v := g.View(Spectator); len(v.Seats) != 3 || !v.Seats[2].Graybeard || v.Seats[2].HandSize != g.Cards() {
			t.Fatalf("round %d: Graybeard's seat in the view: %+v", round, v.Seats)
		}
		playUntil(t, g, &r, func(g *Game) bool { return g.Round() != round })
	}
}
