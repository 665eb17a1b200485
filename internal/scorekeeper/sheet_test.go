package scorekeeper

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// newSheet returns a checked sheet of the given players under options o
// (nil: the standard rules).
func newSheet(t *testing.T, o *skullking.Options, players ...string) *Sheet {
	t.Helper()
	s := &Sheet{Players: players, Options: skullking.DefaultOptions()}
	if o != nil {
		s.Options = *o
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}

// add enters a round and fails the test if it is refused.
func add(t *testing.T, s *Sheet, r Round) (*Sheet, *Score) {
	t.Helper()
	next, sc, err := s.WithRound(r)
	if err != nil {
		t.Fatalf("round %d refused: %v", len(s.Rounds)+1, err)
	}
	return next, sc
}

func rnd(bids, won []int, bonuses ...Bonus) Round {
	return Round{Bids: bids, Won: won, Bonuses: bonuses}
}

func opts(f func(*skullking.Options)) *skullking.Options {
	o := skullking.DefaultOptions()
	f(&o)
	return &o
}

func TestRoundScoredByTheStandardRules(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben", "Cat", "Dan")
	// Round 1, one card: Ann bid 1 and took it, the others bid 0 and took none.
	s, sc := add(t, s, rnd([]int{1, 0, 0, 0}, []int{1, 0, 0, 0}))
	if want := []int{20, 10, 10, 10}; !slices.Equal(sc.Totals, want) {
		t.Fatalf("totals %v, want %v", sc.Totals, want)
	}
	// Round 2, two cards: Ben bid 0 and took 2 (−20), Cat bid 2 and took 0 (−20).
	_, sc = add(t, s, rnd([]int{0, 0, 2, 0}, []int{0, 2, 0, 0}))
	if want := []int{40, -10, -10, 30}; !slices.Equal(sc.Totals, want) {
		t.Fatalf("totals %v, want %v", sc.Totals, want)
	}
	if sc.Next == nil || sc.Next.Round != 3 || sc.Next.Cards != 3 || sc.Next.TricksMayGoToNobody {
		t.Fatalf("next %+v", sc.Next)
	}
}

// TestBonusEventsScoreOnlyOnAnExactBid follows docs/rules.md §6: every capture
// counts, with the round's bonus values, only when the bid is exact.
func TestBonusEventsScoreOnlyOnAnExactBid(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben", "Cat")
	s, _ = add(t, s, rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	s, _ = add(t, s, rnd([]int{1, 1, 0}, []int{1, 1, 0}))
	// Round 3: Ann made 2 with the black 14 and her Skull King taking two
	// Pirates; Ben made 1 with a Pirate taking a Mermaid and the green 14;
	// Cat missed.
	_, sc := add(t, s, rnd([]int{2, 1, 1}, []int{2, 1, 0},
		Bonus{Seat: 0, Kind: Fourteen, Suit: "black"},
		Bonus{Seat: 0, Kind: SkullKingTookPirates, Count: 2},
		Bonus{Seat: 1, Kind: PirateTookMermaids, Count: 1},
		Bonus{Seat: 1, Kind: Fourteen, Suit: "green"},
	))
	r := sc.Rounds[2]
	if want := []int{80, 30, 0}; !slices.Equal(r.Bonus, want) {
		t.Fatalf("bonus %v, want %v", r.Bonus, want)
	}
	if want := []int{40 + 80, 20 + 30, -10}; !slices.Equal(r.Points, want) {
		t.Fatalf("points %v, want %v", r.Points, want)
	}
}

func TestMermaidTookTheSkullKingAndOtherBonusValues(t *testing.T) {
	o := opts(func(o *skullking.Options) { o.BonusMermaidSkullKing = 50; o.BonusFourteen = 5 })
	s := newSheet(t, o, "Ann", "Ben")
	_, sc := add(t, s, Round{Bids: []int{1, 0}, Won: []int{1, 0}, Bonuses: []Bonus{
		{Seat: 0, Kind: MermaidTookSkullKing}, {Seat: 0, Kind: Fourteen, Suit: "purple"}}})
	if got := sc.Rounds[0].Points; !slices.Equal(got, []int{20 + 55, 10}) {
		t.Fatalf("points %v", got)
	}
}

// TestTricksMayGoToNobody: only the Kraken, the White Whale or Graybeard
// leave a trick without a winner (docs/rules.md §8, §9).
func TestTricksMayGoToNobody(t *testing.T) {
	short := rnd([]int{0, 0, 0}, []int{0, 0, 0})
	for _, tc := range []struct {
		name string
		o    *skullking.Options
		n    int
		ok   bool
	}{
		{"standard", nil, 3, false},
		{"kraken", opts(func(o *skullking.Options) { o.Kraken = true }), 3, true},
		{"white whale", opts(func(o *skullking.Options) { o.WhiteWhale = true }), 3, true},
		{"graybeard", nil, 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			players := []string{"Ann", "Ben", "Cat"}[:tc.n]
			s := newSheet(t, tc.o, players...)
			r := short
			r.Bids, r.Won = r.Bids[:tc.n], r.Won[:tc.n]
			_, sc, err := s.WithRound(r)
			if (err == nil) != tc.ok {
				t.Fatalf("err %v, want ok=%v", err, tc.ok)
			}
			if err == nil && !sc.Next.TricksMayGoToNobody {
				t.Fatal("next round does not say tricks may go to nobody")
			}
		})
	}
}

func TestCannonLoads(t *testing.T) {
	o := opts(func(o *skullking.Options) { o.Scoring = skullking.RascalScoring; o.CannonLoad = true })
	s := newSheet(t, o, "Ann", "Ben", "Cat")
	// Round 1, 1 card: Ann fired a cannonball and made it (15), Ben's
	// grapeshot made it (10), Cat's cannonball missed by one (0).
	_, sc := add(t, s, Round{Bids: []int{1, 0, 1}, Won: []int{1, 0, 0}, Cannon: []string{"Cannonball", "grapeshot", "cannonball"}})
	if got, want := sc.Rounds[0].Points, []int{15, 10, 0}; !slices.Equal(got, want) {
		t.Fatalf("points %v, want %v", got, want)
	}
	if _, _, err := s.WithRound(Round{Bids: []int{1, 0, 0}, Won: []int{1, 0, 0}, Cannon: []string{"chain", "grapeshot", "grapeshot"}}); err == nil ||
		!strings.Contains(err.Error(), `cannon load "chain"`) {
		t.Fatalf("error %v", err)
	}
}

// TestEditingAPastRoundRecomputesLaterTotals: a fixed mistake moves every
// later total.
func TestEditingAPastRoundRecomputesLaterTotals(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben")
	s, _ = add(t, s, rnd([]int{1, 0}, []int{1, 0}))
	s, _ = add(t, s, rnd([]int{1, 1}, []int{1, 1}))
	s, sc := add(t, s, rnd([]int{2, 1}, []int{2, 1}))
	if !slices.Equal(sc.Totals, []int{80, 50}) {
		t.Fatalf("totals %v", sc.Totals)
	}
	// Round 1 really went to Ben.
	s2, sc, err := s.WithRoundReplaced(1, rnd([]int{1, 0}, []int{0, 1}))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sc.Rounds[0].Totals, []int{-10, -10}) || !slices.Equal(sc.Totals, []int{50, 30}) {
		t.Fatalf("rounds %v totals %v", sc.Rounds[0].Totals, sc.Totals)
	}
	if s.Rounds[0].Won[0] != 1 || s2.Rounds[0].Won[0] != 0 {
		t.Fatal("the edit changed the original sheet or did not apply")
	}
	if _, _, err := s.WithRoundReplaced(4, rnd([]int{1, 0}, []int{1, 0})); err == nil {
		t.Fatal("replaced a round not entered")
	}
}

func TestDeleteOnlyTheLastRound(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben")
	s, _ = add(t, s, rnd([]int{1, 0}, []int{1, 0}))
	s, _ = add(t, s, rnd([]int{1, 1}, []int{1, 1}))
	if _, _, err := s.WithoutLastRound(1); err == nil || !strings.Contains(err.Error(), "only the last round (2)") {
		t.Fatalf("error %v", err)
	}
	s, sc, err := s.WithoutLastRound(2)
	if err != nil || len(s.Rounds) != 1 || sc.Next.Round != 2 {
		t.Fatalf("err %v rounds %d", err, len(s.Rounds))
	}
}

// TestRuleChangeWholeGameOrNextRound is the house rule changed mid-game: the
// whole game rescored, or the new rule from the next round on.
func TestRuleChangeWholeGameOrNextRound(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben", "Cat")
	s, _ = add(t, s, rnd([]int{0, 1, 0}, []int{0, 1, 0}))
	s, _ = add(t, s, rnd([]int{0, 2, 0}, []int{0, 2, 0}))
	// Zero bids become worth a flat 15.
	flat := opts(func(o *skullking.Options) { o.ZeroScaling = skullking.ZeroFlat; o.ZeroPoints = 15 })

	whole, sc, err := s.WithRules(*flat, ApplyWholeGame)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{30, 60, 30}; !slices.Equal(sc.Totals, want) {
		t.Fatalf("whole game: totals %v, want %v", sc.Totals, want)
	}
	if len(whole.Changes) != 0 || whole.Options.ZeroPoints != 15 {
		t.Fatalf("whole game: options %+v changes %v", whole.Options, whole.Changes)
	}

	next, sc, err := s.WithRules(*flat, ApplyNextRound)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{10 + 20, 20 + 40, 10 + 20}; !slices.Equal(sc.Totals, want) {
		t.Fatalf("next round: totals %v, want %v (earlier rounds keep their points)", sc.Totals, want)
	}
	if len(next.Changes) != 1 || next.Changes[0].FromRound != 3 || sc.Next.RulesFrom != 3 || sc.Next.Rules.ZeroPoints != 15 {
		t.Fatalf("next round: changes %+v next %+v", next.Changes, sc.Next)
	}
	next, sc = add(t, next, rnd([]int{0, 3, 0}, []int{0, 3, 0}))
	if want := []int{30 + 15, 60 + 60, 30 + 15}; !slices.Equal(sc.Totals, want) {
		t.Fatalf("round 3 under the new rule: totals %v, want %v", sc.Totals, want)
	}
	if sc.Rounds[2].RulesFrom != 3 || sc.Rounds[1].RulesFrom != 1 {
		t.Fatalf("rules_from %d %d", sc.Rounds[1].RulesFrom, sc.Rounds[2].RulesFrom)
	}
	// Going back to the standard rules from round 4, then deleting round 3,
	// leaves one change waiting for round 3: the latest choice.
	next, _, err = next.WithRules(skullking.DefaultOptions(), ApplyNextRound)
	if err != nil {
		t.Fatal(err)
	}
	if len(next.Changes) != 2 {
		t.Fatalf("changes %+v", next.Changes)
	}
	next, _, err = next.WithoutLastRound(3)
	if err != nil {
		t.Fatal(err)
	}
	if len(next.Changes) != 0 {
		t.Fatalf("a change back to the rules in force stayed: %+v", next.Changes)
	}
}

func TestRuleChangeThatBreaksARoundIsRefused(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben", "Cat")
	s, _ = add(t, s, rnd([]int{0, 1, 0}, []int{0, 1, 0}))
	s, _ = add(t, s, rnd([]int{0, 2, 0}, []int{0, 2, 0}))
	bedtime := opts(func(o *skullking.Options) { o.Schedule = "bedtime" })
	if _, _, err := s.WithRules(*bedtime, ApplyWholeGame); err == nil || !strings.Contains(err.Error(), "the game was over after round 1") {
		t.Fatalf("error %v", err)
	}
	if _, _, err := s.WithRules(*bedtime, ApplyNextRound); err == nil {
		t.Fatal("a one-round schedule accepted at round 3")
	}
	if _, _, err := s.WithRules(skullking.DefaultOptions(), "tomorrow"); err == nil || !strings.Contains(err.Error(), `apply "tomorrow"`) {
		t.Fatalf("error %v", err)
	}
}

// TestModuleEntriesDroppedWithTheModule: switching Loot off for the whole
// game drops the alliances it no longer scores, and says which, so that
// the keeper is asked first; from the next round on nothing goes.
func TestModuleEntriesDroppedWithTheModule(t *testing.T) {
	s := newSheet(t, opts(func(o *skullking.Options) { o.Loot = true; o.PirateAbilities = true }), "Ann", "Ben", "Cat")
	s, _ = add(t, s, Round{Bids: []int{1, 0, 0}, Won: []int{1, 0, 0}, Loot: [][]int{{1, 0}}})
	s, _ = add(t, s, Round{Bids: []int{2, 0, 0}, Won: []int{2, 0, 0}, Wagers: []int{10, 0, 0}})
	if _, _, gone, err := s.RulesChange(skullking.DefaultOptions(), ApplyNextRound); err != nil || len(gone) != 0 {
		t.Fatalf("from the next round on: removed %+v, error %v", gone, err)
	}
	next, sc, gone, err := s.RulesChange(*opts(func(o *skullking.Options) { o.PirateAbilities = true }), ApplyWholeGame)
	if err != nil {
		t.Fatal(err)
	}
	ally := 0
	if want := []Removal{{Round: 1, Kind: RemovedLoot, Seat: 1, With: &ally}}; !reflect.DeepEqual(gone, want) {
		t.Fatalf("Loot off removes %+v, want %+v", gone, want)
	}
	if next.Rounds[0].Loot != nil || next.Rounds[1].Wagers == nil || !slices.Equal(sc.Totals, []int{20 + 40 + 10, 10 + 20, 10 + 20}) {
		t.Fatalf("loot %v wagers %v totals %v", next.Rounds[0].Loot, next.Rounds[1].Wagers, sc.Totals)
	}
	_, _, gone, err = s.RulesChange(skullking.DefaultOptions(), ApplyWholeGame)
	if err != nil || len(gone) != 2 || gone[1] != (Removal{Round: 2, Kind: RemovedWager, Seat: 0, Amount: 10}) {
		t.Fatalf("no module: removed %+v, error %v", gone, err)
	}
	if s.Rounds[0].Loot == nil || s.Rounds[1].Wagers == nil {
		t.Fatal("the change altered the sheet it was made on")
	}
}

// TestGameOverAndTiebreakComeFromTheEngine (docs/rules.md §7).
func TestGameOverAndTiebreakComeFromTheEngine(t *testing.T) {
	s := newSheet(t, opts(func(o *skullking.Options) { o.Rounds = 1 }), "Ann", "Ben", "Cat")
	// Ann and Ben tie for first with 10 each.
	s, sc := add(t, s, rnd([]int{0, 0, 0}, []int{0, 0, 1}))
	if sc.Over || sc.Next == nil || !sc.Next.Tiebreak || sc.Next.Cards != 1 {
		t.Fatalf("a tie for first did not call a tiebreak round: %+v", sc)
	}
	s, sc = add(t, s, rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	if !sc.Over || !slices.Equal(sc.Winners, []int{0}) || sc.Next != nil || !sc.Rounds[1].Tiebreak {
		t.Fatalf("after the tiebreak: %+v", sc)
	}
	if _, _, err := s.WithRound(rnd([]int{1, 0, 0}, []int{1, 0, 0})); err == nil ||
		!strings.Contains(err.Error(), "round 3: the game was over after round 2 (Ann won)") {
		t.Fatalf("error %v", err)
	}
	// A shared victory when the table plays without tiebreaks.
	s = newSheet(t, opts(func(o *skullking.Options) { o.Rounds = 1; o.Tiebreak = false }), "Ann", "Ben", "Cat")
	_, sc = add(t, s, rnd([]int{0, 0, 0}, []int{0, 0, 1}))
	if !sc.Over || !slices.Equal(sc.Winners, []int{0, 1}) {
		t.Fatalf("shared victory: %+v", sc)
	}
}

func TestCardsDealtDifferFromTheSchedule(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben", "Cat")
	// Round 1 was dealt 2 cards by mistake: bids up to 2, zero bids worth 20.
	_, sc := add(t, s, Round{Cards: 2, Bids: []int{2, 0, 0}, Won: []int{2, 0, 0}})
	if got := sc.Rounds[0]; got.Cards != 2 || !slices.Equal(got.Points, []int{40, 20, 20}) {
		t.Fatalf("round %+v", got)
	}
	if sc.Next.Cards != 2 {
		t.Fatalf("round 2 deals %d, want the schedule's 2", sc.Next.Cards)
	}
}

func TestSheetForm(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    Sheet
		want string
	}{
		{"one player", Sheet{Players: []string{"Ann"}}, "1 players: a game has 2 to 8"},
		{"nine players", Sheet{Players: strings.Split("a b c d e f g h i", " ")}, "9 players"},
		{"blank name", Sheet{Players: []string{"Ann", " "}}, "player 2's name is empty"},
		{"same name", Sheet{Players: []string{"Ann", "ann "}}, "both called"},
		{"long name", Sheet{Players: []string{"Ann", strings.Repeat("x", 41)}}, "at most 40"},
		{"control", Sheet{Players: []string{"Ann", "B\x00n"}}, "control character"},
		{"change at round 1", Sheet{Players: []string{"Ann", "Ben"}, Changes: []RuleChange{{FromRound: 1, Options: skullking.DefaultOptions()}}},
			"changes start at round 2"},
		{"change far ahead", Sheet{Players: []string{"Ann", "Ben"}, Changes: []RuleChange{{FromRound: 3, Options: skullking.DefaultOptions()}}},
			"only 0 rounds are entered"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.s
			s.Options = skullking.DefaultOptions()
			err := s.Check()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestBonusEventsEnterTheEngineAsCaptures: a round's events reach the
// engine as what was captured, which it prices with the rules in force;
// imported bonus points reach it as points.
func TestBonusEventsEnterTheEngineAsCaptures(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben", "Cat")
	s, _ = add(t, s, Round{Cards: 3, Bids: []int{2, 1, 0}, Won: []int{2, 1, 0}, Bonuses: []Bonus{
		{Seat: 0, Kind: MermaidTookSkullKing}, {Seat: 0, Kind: Fourteen, Suit: "black"},
		{Seat: 1, Kind: PirateTookMermaids, Count: 1}, {Seat: 1, Kind: Fourteen, Suit: "green"}}})
	s, _ = add(t, s, Round{Bids: []int{0, 2, 0}, Won: []int{0, 2, 0}, BonusPoints: []int{0, 30, 0}})
	g, _, err := s.play()
	if err != nil {
		t.Fatal(err)
	}
	r := g.Results()
	if r[0].Captures[0] != skullking.NewCaptures(0, 1, 0, 0, 1) || r[0].Captures[1] != skullking.NewCaptures(1, 0, 1, 0, 0) ||
		!r[0].Captures[2].Empty() {
		t.Fatalf("round 1 captures %v", r[0].Captures[:3])
	}
	if !slices.Equal(r[0].Bonus[:3], []int{60, 30, 0}) {
		t.Fatalf("round 1 bonus %v, want the engine's prices", r[0].Bonus[:3])
	}
	if !r[1].Captures[1].Empty() || r[1].Bonus[1] != 30 {
		t.Fatalf("round 2, imported as points: captures %v, bonus %v", r[1].Captures[1], r[1].Bonus[1])
	}
}

// TestBonusEventsAreCapturesTheEnginePrices: a round's events reach the
// engine as captures, so a bonus value changed for the whole game rescores
// the round that captured it, and its breakdown names what was captured.
// Imported bonus points are only points: they keep their value.
func TestBonusEventsAreCapturesTheEnginePrices(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben", "Cat")
	// Round 1, 1 card: Ann's Mermaid took the Skull King and her bid held;
	// Ben and Cat bid 0 and took nothing.
	s, sc := add(t, s, rnd([]int{1, 0, 0}, []int{1, 0, 0}, Bonus{Seat: 0, Kind: MermaidTookSkullKing}))
	if got := sc.Rounds[0].Points; !slices.Equal(got, []int{20 + 40, 10, 10}) {
		t.Fatalf("points %v under the standard 40", got)
	}
	ann := sc.Rounds[0].Scores[0]
	if ann.BidPoints != 20 || ann.Bonus != 40 || ann.BonusPoints != 40 || len(ann.Bonuses) != 1 ||
		ann.Bonuses[0] != (protocol.BonusItem{Kind: "mermaid_skull_king", Count: 1, Points: 40}) || ann.Total != 60 {
		t.Fatalf("Ann's score %+v", ann)
	}
	// Round 2, imported: Ben's 30 bonus points, known only as points.
	s, _ = add(t, s, Round{Bids: []int{0, 2, 0}, Won: []int{0, 2, 0}, BonusPoints: []int{0, 30, 0}})

	fifty := opts(func(o *skullking.Options) { o.BonusMermaidSkullKing = 50 })
	_, sc, err := s.WithRules(*fifty, ApplyWholeGame)
	if err != nil {
		t.Fatal(err)
	}
	if got := sc.Rounds[0].Points; !slices.Equal(got, []int{20 + 50, 10, 10}) {
		t.Fatalf("round 1 not rescored at 50: %v", got)
	}
	if b := sc.Rounds[0].Scores[0].Bonuses; len(b) != 1 || b[0].Points != 50 {
		t.Fatalf("the breakdown still prices the capture at %+v", b)
	}
	if got := sc.Rounds[1].Points; !slices.Equal(got, []int{20, 40 + 30, 20}) {
		t.Fatalf("imported points changed with the bonus value: %v", got)
	}
	if got := sc.Totals; !slices.Equal(got, []int{90, 80, 30}) {
		t.Fatalf("totals %v", got)
	}
}

// TestScoresBreakDownUnderEachRoundsRules: every seat's points come part by
// part, adding up to its points, worked with the rules that round was
// scored under: a rule changed from round 2 on leaves round 1's parts alone.
func TestScoresBreakDownUnderEachRoundsRules(t *testing.T) {
	s := newSheet(t, nil, "Ann", "Ben")
	s, _ = add(t, s, rnd([]int{1, 0}, []int{1, 0}))
	s, _, err := s.WithRules(*opts(func(o *skullking.Options) { o.PointsPerTrick = 30; o.MissPenalty = 5 }), ApplyNextRound)
	if err != nil {
		t.Fatal(err)
	}
	// Round 2, 2 cards: Ann bid 2 and won them with the yellow 14; Ben bid 1
	// and missed by one.
	_, sc := add(t, s, rnd([]int{2, 1}, []int{2, 0}, Bonus{Seat: 0, Kind: Fourteen, Suit: "yellow"}))
	for i, r := range sc.Rounds {
		for seat, p := range r.Scores {
			if sum := p.BidPoints + p.BonusPoints + p.WagerPoints + p.LootPoints; sum != p.Total || p.Total != r.Points[seat] {
				t.Fatalf("round %d seat %d: parts %+v add up to %d, points %d", i+1, seat, p, sum, r.Points[seat])
			}
		}
	}
	if got := sc.Rounds[0].Scores[0].BidPoints; got != 20 {
		t.Fatalf("round 1 scored %d for a trick bid, want the 20 of its rules", got)
	}
	ann, ben := sc.Rounds[1].Scores[0], sc.Rounds[1].Scores[1]
	if ann.BidPoints != 60 || ann.BonusPoints != 10 || ben.BidPoints != -5 || ben.Exact {
		t.Fatalf("round 2 under the new rules: Ann %+v, Ben %+v", ann, ben)
	}
	if sc.Rounds[0].Rules != nil || sc.Rounds[1].Rules == nil || sc.Rounds[1].Rules.PointsPerTrick != 30 || sc.Rounds[1].RulesFrom != 2 {
		t.Fatalf("the rounds' rules: %v, %+v from %d", sc.Rounds[0].Rules, sc.Rounds[1].Rules, sc.Rounds[1].RulesFrom)
	}
}

// TestScoreSaysWhatAnEntryMaySay: the schedule at this table, and for each
// round the bounds of a correction under its rules (two players: Graybeard
// may take a trick).
func TestScoreSaysWhatAnEntryMaySay(t *testing.T) {
	s := newSheet(t, opts(func(o *skullking.Options) { o.Schedule = "swift-n-salty" }), "Ann", "Ben")
	_, sc := add(t, s, Round{Bids: []int{1, 1}, Won: []int{1, 0}})
	if !slices.Equal(sc.Schedule, []int{5, 5, 5, 5, 5}) {
		t.Fatalf("schedule %v", sc.Schedule)
	}
	r := sc.Rounds[0]
	if !r.TricksMayGoToNobody || r.MaxCards != sc.Next.MaxCards || r.MaxCards < 5 {
		t.Fatalf("round 1 bounds %+v, next %+v", r, sc.Next)
	}
	eight := newSheet(t, nil, "a", "b", "c", "d", "e", "f", "g", "h")
	_, sc, err := eight.WithRound(rnd(make([]int, 8), []int{1, 0, 0, 0, 0, 0, 0, 0}))
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8, 8, 8}; !slices.Equal(sc.Schedule, want) || sc.Rounds[0].TricksMayGoToNobody {
		t.Fatalf("eight players: schedule %v, round 1 %+v", sc.Schedule, sc.Rounds[0])
	}
}
