package scorekeeper

import (
	"slices"
	"testing"

	"github.com/skullking-go/skullking"
)

// twoRoundSheet is Ann, Ben and Cat's sheet after two rounds: the base both
// phones start from.
func twoRoundSheet(t *testing.T) *Sheet {
	t.Helper()
	s := newSheet(t, nil, "Ann", "Ben", "Cat")
	s, _ = add(t, s, rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	s, _ = add(t, s, rnd([]int{1, 1, 0}, []int{1, 1, 0}))
	s.Title = "Friday"
	return s
}

// TestMergeKeepsEditsToDifferentParts: a rename, a new title, a new round
// and a change of rules, made on two phones, all survive the merge.
func TestMergeKeepsEditsToDifferentParts(t *testing.T) {
	base := twoRoundSheet(t)
	mine, _, err := base.WithPlayers([]string{"Anne", "Ben", "Cat"})
	if err != nil {
		t.Fatal(err)
	}
	mine.Title = "Friday at Ann's"
	theirs, _ := add(t, base, rnd([]int{0, 3, 0}, []int{0, 3, 0}, Bonus{Seat: 1, Kind: Fourteen, Suit: "green"}))
	o := skullking.DefaultOptions()
	o.BonusFourteen = 30
	theirs, _, err = theirs.WithRules(o, ApplyWholeGame)
	if err != nil {
		t.Fatal(err)
	}
	merged, conflicts, err := Merge(base, mine, theirs)
	if err != nil || len(conflicts) != 0 {
		t.Fatalf("merge: %v %+v", err, conflicts)
	}
	if merged.Title != "Friday at Ann's" || !slices.Equal(merged.Players, []string{"Anne", "Ben", "Cat"}) {
		t.Fatalf("the rename and the title were lost: %q %v", merged.Title, merged.Players)
	}
	if len(merged.Rounds) != 3 || merged.Options.BonusFourteen != 30 {
		t.Fatalf("their round or rules were lost: %d rounds, bonus %d", len(merged.Rounds), merged.Options.BonusFourteen)
	}
	sc, err := merged.Score()
	if err != nil {
		t.Fatal(err)
	}
	// Round 3: Ben's exact bid of 3 is 60, and the green 14 at the new value 30.
	if got := sc.Rounds[2].Points[1]; got != 90 {
		t.Fatalf("Ben's round 3 scored %d, want 90 (60 + the 14 at 30)", got)
	}
}

// TestMergeRoundsEnteredOnOneSideOnly: a round each side entered at the
// same place is a conflict; a correction on one side and a new round on the
// other are not.
func TestMergeRoundsEnteredOnOneSideOnly(t *testing.T) {
	base := twoRoundSheet(t)
	mine, _, err := base.WithRoundReplaced(1, rnd([]int{0, 1, 0}, []int{0, 1, 0}))
	if err != nil {
		t.Fatal(err)
	}
	theirs, _ := add(t, base, rnd([]int{0, 0, 3}, []int{0, 0, 3}))
	merged, conflicts, err := Merge(base, mine, theirs)
	if err != nil || len(conflicts) != 0 {
		t.Fatalf("merge: %v %+v", err, conflicts)
	}
	if !slices.Equal(merged.Rounds[0].Bids, []int{0, 1, 0}) || len(merged.Rounds) != 3 {
		t.Fatalf("merged rounds %+v", merged.Rounds)
	}

	// Both entered round 3, differently: theirs stays in the merged sheet,
	// and the two versions are given side by side.
	mine, _ = add(t, base, rnd([]int{3, 0, 0}, []int{3, 0, 0}))
	merged, conflicts, err = Merge(base, mine, theirs)
	if err != nil {
		t.Fatal(err)
	}
	if len(conflicts) != 1 || conflicts[0].Part != ConflictRound || conflicts[0].Round != 3 {
		t.Fatalf("conflicts %+v", conflicts)
	}
	if m := conflicts[0].Mine.(*Round); !slices.Equal(m.Bids, []int{3, 0, 0}) {
		t.Fatalf("mine %+v", m)
	}
	if !slices.Equal(merged.Rounds[2].Bids, []int{0, 0, 3}) {
		t.Fatalf("the merged sheet holds %+v, want theirs", merged.Rounds[2])
	}
	// The same round entered the same way on both is no conflict.
	if _, conflicts, _ = Merge(base, theirs, theirs); len(conflicts) != 0 {
		t.Fatalf("the same round on both sides: %+v", conflicts)
	}
}

// TestMergeSameNameChangedDifferently: two renames of one seat are a
// conflict; two renames of different seats are not.
func TestMergeSameNameChangedDifferently(t *testing.T) {
	base := twoRoundSheet(t)
	mine, _, _ := base.WithPlayers([]string{"Anne", "Ben", "Cat"})
	theirs, _, _ := base.WithPlayers([]string{"Annie", "Benny", "Cat"})
	merged, conflicts, err := Merge(base, mine, theirs)
	if err != nil {
		t.Fatal(err)
	}
	if len(conflicts) != 1 || conflicts[0].Part != ConflictPlayer || conflicts[0].Seat != 0 ||
		conflicts[0].Mine != "Anne" || conflicts[0].Theirs != "Annie" {
		t.Fatalf("conflicts %+v", conflicts)
	}
	if !slices.Equal(merged.Players, []string{"Annie", "Benny", "Cat"}) {
		t.Fatalf("players %v", merged.Players)
	}
}

// TestMergeDeletedRoundAgainstACorrection: a round deleted on one phone and
// corrected on the other is a conflict, never a silent loss.
func TestMergeDeletedRoundAgainstACorrection(t *testing.T) {
	base := twoRoundSheet(t)
	mine, _, err := base.WithoutLastRound(2)
	if err != nil {
		t.Fatal(err)
	}
	theirs, _, err := base.WithRoundReplaced(2, rnd([]int{2, 0, 0}, []int{2, 0, 0}))
	if err != nil {
		t.Fatal(err)
	}
	merged, conflicts, err := Merge(base, mine, theirs)
	if err != nil {
		t.Fatal(err)
	}
	if len(conflicts) != 1 || conflicts[0].Round != 2 || conflicts[0].Mine.(*Round) != nil {
		t.Fatalf("conflicts %+v", conflicts)
	}
	if len(merged.Rounds) != 2 {
		t.Fatalf("merged %d rounds, want theirs' 2", len(merged.Rounds))
	}
	// Deleted on one side, untouched on the other: deleted.
	merged, conflicts, err = Merge(base, mine, base)
	if err != nil || len(conflicts) != 0 || len(merged.Rounds) != 1 {
		t.Fatalf("merge: %v %+v, %d rounds", err, conflicts, len(merged.Rounds))
	}
}

// TestMergeThatDoesNotFitIsRefused: parts that merge but do not fit
// together — the same new name given to two seats — are refused with the
// sheet's reason.
func TestMergeThatDoesNotFitIsRefused(t *testing.T) {
	base := twoRoundSheet(t)
	mine, _, _ := base.WithPlayers([]string{"Dan", "Ben", "Cat"})
	theirs, _, _ := base.WithPlayers([]string{"Ann", "Dan", "Cat"})
	if _, _, err := Merge(base, mine, theirs); err == nil {
		t.Fatal("two players called Dan were merged")
	}
}
