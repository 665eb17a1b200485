package skullking

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// sheetCase is one results-only round at a fresh table dealt by NoDeal:
// want is the refusal's sentence, or "" when the round is possible.
type sheetCase struct {
	rule    string // the rule checked, with its section of docs/rules.md
	players int
	opts    func(*Options)
	r       RoundResult
	want    string
}

var sheetNames = []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}

func (tc sheetCase) run(t *testing.T) {
	t.Helper()
	o := DefaultOptions()
	if tc.opts != nil {
		tc.opts(&o)
	}
	g := newGame(t, tc.players, WithOptions(o), WithDealer(NoDeal), WithNames(sheetNames[:tc.players]...))
	before := snap(g)
	err := g.EnterResults(tc.r)
	if tc.want == "" {
		if err != nil {
			t.Errorf("%s: refused: %v", tc.rule, err)
		}
		return
	}
	if !errors.Is(err, ErrBadResults) || !strings.Contains(err.Error(), tc.want) {
		t.Errorf("%s: %v, want ErrBadResults saying %q", tc.rule, err, tc.want)
	}
	// A client words the refusal from its code and facts.
	var re *ResultError
	if !errors.As(err, &re) || !slices.Contains(ResultCodes(), re.Code) || re.Args == nil {
		t.Errorf("%s: %#v, want a ResultError with a code and its facts", tc.rule, err)
	}
	if !snap(g).equal(before) || len(g.Results()) != 0 {
		t.Errorf("%s: the refused round changed the sheet", tc.rule)
	}
}

func kraken(o *Options)     { o.Kraken = true }
func whale(o *Options)      { o.WhiteWhale = true }
func bothBeasts(o *Options) { o.Kraken, o.WhiteWhale = true, true }
func abilities(o *Options)  { o.PirateAbilities = true }
func loot(o *Options)       { o.Loot = true }

// A round of cards cards at the table, the tricks as won.
func won(cards int, w ...int) RoundResult {
	var r RoundResult
	r.Cards = cards
	copy(r.Won[:], w)
	return r
}

// docs/rules.md §8.1-§8.3 and §9: tricks go to nobody only through the
// Kraken (one a round), the White Whale (one a round), both (two), or
// Graybeard (any).
func TestSheetRules_TricksToNobody(t *testing.T) {
	for _, tc := range []sheetCase{
		{"§5 every trick has a winner", 3, nil, won(3, 1, 1, 0), "tricks won add up to 2 of 3, so 1 trick went to nobody, but every trick has a winner"},
		{"§8.1 the Kraken destroys one trick", 3, kraken, won(7, 3, 3, 0), ""},
		{"§8.1 the Kraken destroys one trick, not two", 3, kraken, won(7, 2, 3, 0), "so 2 tricks went to nobody, but only the Kraken's trick can (one a round)"},
		{"§8.1 not all seven of round 7", 3, kraken, won(7, 0, 0, 0), "so 7 tricks went to nobody"},
		{"§8.2 the White Whale discards one trick", 3, whale, won(4, 3, 0, 0), ""},
		{"§8.2 the White Whale discards one trick, not two", 3, whale, won(4, 2, 0, 0), "only the White Whale's trick can"},
		{"§8.3 the Kraken and the White Whale: two", 4, bothBeasts, won(5, 1, 1, 1, 0), ""},
		{"§8.3 the Kraken and the White Whale: not three", 4, bothBeasts, won(5, 1, 1, 0, 0), "only the Kraken's trick and the White Whale's can (two a round)"},
		{"§9 Graybeard takes any number", 2, nil, won(5, 0, 0), ""},
		{"§4 no more tricks than cards", 3, kraken, won(2, 1, 1, 1), "tricks won add up to 3, but only 2 tricks were played"},
	} {
		tc.run(t)
	}
}

// capt is a round of 3 cards at 4 players where Ann won w tricks and the
// others the rest, Ann having captured c.
func capt(w int, c Captures) RoundResult {
	r := won(3, w, 3-w)
	r.Captures[0] = c
	return r
}

// docs/rules.md §5 and §6: a capture needs a trick won, the deck's cards
// are captured once each, and a trick holds one card a hand.
func TestSheetRules_Captures(t *testing.T) {
	twoSeats := func(a, b Captures) RoundResult {
		r := won(3, 2, 1)
		r.Captures[0], r.Captures[1] = a, b
		return r
	}
	for _, tc := range []sheetCase{
		{"§6 bonuses come from tricks won", 4, nil, capt(0, NewCaptures(1, 0, 0, 0, 0)), "Ann has bonuses but won no tricks: bonuses come from tricks won"},
		{"§6 a colour 14 in a trick won", 4, nil, capt(1, NewCaptures(3, 1, 0, 0, 0)), ""},
		{"§1 three colour 14s", 4, nil, capt(3, NewCaptures(4, 0, 0, 0, 0)), "Ann captured 4 colour 14s, but there are 3"},
		{"§1 one Skull King: two Mermaids cannot both take him", 4, nil, twoSeats(NewCaptures(0, 0, 0, 0, 1), NewCaptures(0, 0, 0, 0, 1)),
			"a Mermaid took the Skull King 2 times, but there is one Skull King"},
		{"§1 one Skull King: he cannot take Pirates and be taken", 4, nil, twoSeats(NewCaptures(0, 0, 0, 2, 0), NewCaptures(0, 0, 0, 0, 1)),
			"the Skull King took Pirates and a Mermaid took the Skull King, but there is one Skull King"},
		{"§1 one black 14", 4, nil, twoSeats(NewCaptures(0, 1, 0, 0, 0), NewCaptures(0, 1, 0, 0, 0)), "2 black 14s captured, but there is one black 14"},
		{"§1 two Mermaids", 4, nil, twoSeats(NewCaptures(0, 0, 2, 0, 0), NewCaptures(0, 0, 1, 0, 0)), "3 Mermaids captured, but there are 2"},
		{"§5 a trick holds one card a hand", 4, nil, capt(1, NewCaptures(0, 0, 0, 3, 0)), ""},
		{"§5 a trick holds one card a hand: not 4 Pirates at 4 players", 4, nil, capt(3, NewCaptures(0, 0, 0, 4, 0)), "Ann has the Skull King taking 4 Pirates, but a trick holds 4 cards"},
		{"§5 each character's capture is a trick of its own", 4, nil, capt(1, NewCaptures(0, 0, 1, 1, 0)), "Ann won 1 trick, but these captures need 2 tricks of their own"},
		{"§5 the 14s fit in the tricks won", 4, nil, capt(1, NewCaptures(3, 1, 0, 3, 0)), "Ann captured 4 14s, but in 1 trick of 4 cards these captures leave room for none"},
	} {
		tc.run(t)
	}
}

// docs/rules.md §6: a bonus given as points must be a sum some captures in
// the seat's tricks make under the bonus values in force.
func TestSheetRules_BonusPoints(t *testing.T) {
	pts := func(w, bonus int) RoundResult {
		r := won(3, w, 3-w)
		r.Bonus[0] = bonus
		return r
	}
	fifty := func(o *Options) { o.BonusMermaidSkullKing = 50 }
	for _, tc := range []sheetCase{
		{"§6 bonuses come from tricks won", 4, nil, pts(0, 20), "Ann has 20 bonus points but won no tricks"},
		{"§6 a Mermaid taking the Skull King and the black 14", 4, nil, pts(1, 60), ""},
		{"§6 no capture is worth 15", 4, nil, pts(3, 15), "Ann has 15 bonus points, but no captures in 3 tricks make 15 under these rules"},
		{"§6 the values in force: 50 for the Skull King", 4, fifty, pts(1, 50), ""},
		{"§6 the values in force: 40 is no longer one capture", 4, fifty, pts(1, 45), "no captures in 1 trick make 45"},
	} {
		tc.run(t)
	}
	o := DefaultOptions()
	if got := o.BonusSums(4, 0); !slices.Equal(got, []int{0}) {
		t.Errorf("§6: bonuses of a seat without tricks %v, want only 0", got)
	}
}

// docs/rules.md §8.6: Rascal of Roatan wagers 0, 10 or 20 when he wins a
// trick, with pirate abilities on; there is one Rascal.
func TestSheetRules_RascalWagers(t *testing.T) {
	wager := func(w ...int) RoundResult {
		r := won(2, 1, 1, 0)
		copy(r.Wagers[:], w)
		return r
	}
	for _, tc := range []sheetCase{
		{"§8.6 a wager when Rascal wins", 3, abilities, wager(20), ""},
		{"§8.6 pirate abilities on", 3, nil, wager(10), "Ann wagered 10 with Rascal of Roatan, but pirate abilities are not in play"},
		{"§8.6 0, 10 or 20", 3, abilities, wager(15), "Ann wagered 15: Rascal of Roatan wagers 0, 10 or 20"},
		{"§8.6 by a seat that won a trick", 3, abilities, wager(0, 0, 10), "Cat wagered 10 but won no tricks"},
		{"§8.6 one Rascal: two wagers", 3, abilities, wager(10, 20), "Ann and Ben both wagered, but there is one Rascal of Roatan"},
	} {
		tc.run(t)
	}
}

// docs/rules.md §8.4: a Loot alliance is with the trick's winner, never
// with oneself, one a Loot card, with the Loot module on.
func TestSheetRules_LootAlliances(t *testing.T) {
	ally := func(a ...Alliance) RoundResult {
		r := won(2, 1, 1, 0)
		copy(r.Alliances[:], a)
		r.NAlliances = len(a)
		return r
	}
	for _, tc := range []sheetCase{
		{"§8.4 two Loots, two alliances", 3, loot, ally(Alliance{2, 0}, Alliance{2, 1}), ""},
		{"§8.4 the Loot module on", 3, nil, ally(Alliance{2, 0}), "a Loot alliance, but the Loot module is not in play"},
		{"§8.4 the ally won the trick", 3, loot, ally(Alliance{0, 2}), "Ann allied with Cat through Loot, but Cat won no tricks"},
		{"§8.4 winning your own Loot makes no alliance", 3, loot, ally(Alliance{1, 1}), "Ben won their own Loot: that forms no alliance"},
		{"§8.4 two Loot cards", 3, loot, RoundResult{Cards: 2, Won: [8]int{1, 1}, NAlliances: 3}, "3 Loot alliances, but there are 2 Loot cards"},
	} {
		tc.run(t)
	}
	// §8.4: Loot is never used with two players; the table refuses it.
	o := DefaultOptions()
	o.Loot = true
	if _, err := NewGame(2, WithOptions(o), WithDealer(NoDeal)); err == nil {
		t.Error("§8.4: a table of two took the Loot module")
	}
}

// docs/rules.md §2: a deal holds 1 card to the table's cap.
func TestSheetRules_Cards(t *testing.T) {
	for _, tc := range []sheetCase{
		{"§2 the cap at 8 players", 8, nil, RoundResult{Cards: 9}, "9 cards dealt: a hand holds 1 to 8 cards at 8 players"},
		{"§2 at least one card", 3, nil, RoundResult{Cards: -1}, "-1 cards dealt: a hand holds 1 to"},
		{"§2 a deal that differed", 3, nil, won(5, 2, 2, 1), ""},
	} {
		tc.run(t)
	}
}

// A refusal reads right whatever its counts: each sentence with a count of
// one and of two, the noun and the verb agreeing with the number.
func TestSheetRules_CountsOfOneAndTwo(t *testing.T) {
	twoSeats := func(a, b Captures) RoundResult {
		r := won(3, 2, 1)
		r.Captures[0], r.Captures[1] = a, b
		return r
	}
	pts := func(w, bonus int) RoundResult {
		r := won(3, w, 3-w)
		r.Bonus[0] = bonus
		return r
	}
	for _, tc := range []sheetCase{
		{"§4 no more tricks than cards: 1 played", 3, nil, won(1, 1, 1, 0), "tricks won add up to 2, but only 1 trick was played"},
		{"§4 no more tricks than cards: 2 played", 3, nil, won(2, 1, 1, 1), "tricks won add up to 3, but only 2 tricks were played"},
		{"§5 the 14s fit in the tricks won: one 14", 4, nil, capt(1, NewCaptures(1, 0, 0, 3, 0)),
			"Ann captured a 14, but in 1 trick of 4 cards these captures leave room for none"},
		{"§5 the 14s fit in the tricks won: two 14s", 4, nil, capt(1, NewCaptures(1, 1, 0, 3, 0)),
			"Ann captured 2 14s, but in 1 trick of 4 cards these captures leave room for none"},
		{"§5 the 14s fit in the tricks won: room for 1", 4, nil, capt(1, NewCaptures(2, 0, 0, 2, 0)),
			"Ann captured 2 14s, but in 1 trick of 4 cards these captures leave room for 1"},
		{"§6 bonuses come from tricks won: 1 point", 4, nil, pts(0, 1), "Ann has 1 bonus point but won no tricks"},
		{"§6 bonuses come from tricks won: 2 points", 4, nil, pts(0, 2), "Ann has 2 bonus points but won no tricks"},
		{"§4 a seat wins no more tricks than dealt: 1 card", 3, nil, won(1, 2, 0, 0), "Ann won 2 tricks, but the round deals 1 card"},
		{"§4 a seat wins no more tricks than dealt: 2 cards", 3, nil, won(2, 3, 0, 0), "Ann won 3 tricks, but the round deals 2 cards"},
		{"§1 one black 14", 4, nil, twoSeats(NewCaptures(0, 1, 0, 0, 0), NewCaptures(0, 1, 0, 0, 0)), "2 black 14s captured, but there is one black 14"},
		{"§1 two Mermaids", 4, nil, twoSeats(NewCaptures(0, 0, 2, 0, 0), NewCaptures(0, 0, 1, 0, 0)), "3 Mermaids captured, but there are 2 Mermaids"},
	} {
		tc.run(t)
	}
}

// The counting words themselves, for one and for many.
func TestCountWordsAgree(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{plural(1, "player"), "1 player"}, {plural(2, "player"), "2 players"},
		{pluralVerb(1, "trick", "was", "were"), "1 trick was"}, {pluralVerb(2, "trick", "was", "were"), "2 tricks were"},
		{thereAre(1, "black 14"), "there is one black 14"}, {thereAre(2, "Mermaid"), "there are 2 Mermaids"},
		{count(1, "entry", "entries"), "1 entry"}, {count(2, "entry", "entries"), "2 entries"},
		{times(1), "once"}, {times(3), "3 times"},
		{fourteens(1), "a 14"}, {fourteens(2), "2 14s"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
