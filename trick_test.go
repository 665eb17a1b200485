package skullking

import (
	"fmt"
	"testing"
)

// trickCase is one trick in play order (seats A, B, C, …), who wins it and
// the bonus the winner captured (docs/rules.md §5, §6, §10).
type trickCase struct {
	plays  string
	winner string // seat letter, or "-" when nobody wins
	bonus  int
	leader string // who leads next; defaults to the winner
}

func runTrickCases(t *testing.T, o Options, cases []trickCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.plays, func(t *testing.T) {
			r := ResolveTrick(playsOf(t, tc.plays), &o)
			if got := seatLetter(r.Winner); got != tc.winner {
				t.Errorf("%s: winner %s, want %s (%v)", tc.plays, got, tc.winner, r.Reason)
			}
			if r.Winner >= 0 && r.Bonus != tc.bonus {
				t.Errorf("%s: bonus %+d, want %+d", tc.plays, r.Bonus, tc.bonus)
			}
			leader := tc.leader
			if leader == "" {
				leader = tc.winner
			}
			if got := seatLetter(r.Leader); got != leader {
				t.Errorf("%s: next leader %s, want %s", tc.plays, got, leader)
			}
		})
	}
}

// The winners-and-bonuses examples of docs/rules.md §10, in the order printed.
func TestRulesExamples_TrickWinners(t *testing.T) {
	runTrickCases(t, DefaultOptions(), []trickCase{
		{plays: "Y12 Y5 P14", winner: "A", bonus: 10},
		{plays: "Y12 Y5 B2", winner: "C"},
		{plays: "G3 P14 Y14", winner: "A", bonus: 20},
		{plays: "G14 B1", winner: "B", bonus: 10},
		{plays: "ESC P11 P6", winner: "B"},
		{plays: "ESC ESC G3 G9 Y14", winner: "D", bonus: 10},
		{plays: "ESC ESC ESC", winner: "A"},
		{plays: "TIG-E ESC ESC", winner: "A"},
		{plays: "ESC B3 G14", winner: "B", bonus: 10},
		{plays: "PIR G9 P9", winner: "A"},
		{plays: "MER PIR", winner: "B", bonus: 20},
		{plays: "PIR MER MER", winner: "A", bonus: 40},
		{plays: "SK PIR PIR", winner: "A", bonus: 60},
		{plays: "PIR SK TIG-P", winner: "B", bonus: 60},
		{plays: "PIR SK TIG-E", winner: "B", bonus: 30},
		{plays: "SK MER", winner: "B", bonus: 40},
		{plays: "MER SK", winner: "A", bonus: 40},
		{plays: "PIR SK MER", winner: "C", bonus: 40},
		{plays: "Y14 PIR SK MER", winner: "D", bonus: 50},
		{plays: "MER PIR SK MER", winner: "A", bonus: 40},
		{plays: "SK MER MER", winner: "B", bonus: 40},
		{plays: "TIG-P MER", winner: "A", bonus: 20},
		{plays: "TIG-E MER G14", winner: "B", bonus: 10},
		{plays: "PIR PIR SK TIG-P PIR", winner: "C", bonus: 120},
	})
}

// The module examples of docs/rules.md §10.
func TestRulesExamples_Modules(t *testing.T) {
	o := DefaultOptions()
	o.Kraken, o.WhiteWhale, o.Loot = true, true, true
	runTrickCases(t, o, []trickCase{
		// FAQ: the Kraken, played second, takes effect; the Whale acts as an
		// Escape, so B3 would have won and its player leads.
		{plays: "Y12 B3 WHALE KRAKEN", winner: "-", leader: "B"},
		{plays: "B2 PIR Y14 SK WHALE", winner: "C", bonus: 10},
		{plays: "ESC MER PIR SK WHALE", winner: "-", leader: "E"},
		{plays: "G14 P13 Y12 B11 KRAKEN WHALE", winner: "A", bonus: 10},
		{plays: "LOOT G5 G9", winner: "C"},
		{plays: "LOOT ESC ESC", winner: "A"},
	})
}

// §5 rule 1: a Mermaid and the Skull King in one trick → the first Mermaid,
// whatever Pirates there are.
func TestTrickWinner_MermaidTakesSkullKing(t *testing.T) {
	runTrickCases(t, DefaultOptions(), []trickCase{
		{plays: "SK MER", winner: "B", bonus: 40},
		{plays: "PIR PIR SK MER", winner: "D", bonus: 40},
		{plays: "MER SK MER", winner: "A", bonus: 40},
		{plays: "B14 SK PIR MER", winner: "D", bonus: 60},
	})
}

// §5 rule 2 and §6: the Skull King beats every Pirate and pays 30 for each,
// the Tigress-as-Pirate included; a Tigress-as-Escape pays nothing.
func TestTrickWinner_SkullKingCapturesPirates(t *testing.T) {
	runTrickCases(t, DefaultOptions(), []trickCase{
		{plays: "SK TIG-P", winner: "A", bonus: 30},
		{plays: "TIG-P SK", winner: "B", bonus: 30},
		{plays: "SK TIG-E", winner: "A", bonus: 0},
		{plays: "TIG-E SK", winner: "B", bonus: 0},
		{plays: "B14 SK", winner: "B", bonus: 20},
		{plays: "PIR PIR PIR SK PIR PIR TIG-P", winner: "D", bonus: 180},
	})
}

// §5 rule 3 and §6: the first Pirate wins; a Pirate (Tigress-as-Pirate
// included) captures each Mermaid for 20.
func TestTrickWinner_FirstPirateWins(t *testing.T) {
	runTrickCases(t, DefaultOptions(), []trickCase{
		{plays: "PIR TIG-P", winner: "A"},
		{plays: "TIG-P PIR", winner: "A"},
		{plays: "MER TIG-P", winner: "B", bonus: 20},
		{plays: "B14 MER TIG-P", winner: "C", bonus: 40},
		{plays: "ESC TIG-E PIR", winner: "C"},
	})
}

// §5 rules 4–6: Mermaids beat numbers; black is trump; off-suit numbers never
// win; the suit is set by the first number, not the first card.
func TestTrickWinner_Numbers(t *testing.T) {
	runTrickCases(t, DefaultOptions(), []trickCase{
		{plays: "B14 MER", winner: "B", bonus: 20},
		{plays: "MER MER G5", winner: "A"},
		{plays: "G2 B1", winner: "B"},
		{plays: "G2 Y14 P14", winner: "A", bonus: 20},
		{plays: "ESC Y3 Y9 G14", winner: "C", bonus: 10},
		{plays: "TIG-E P4 B2 B7", winner: "D"},
		{plays: "B3 B12 B14", winner: "C", bonus: 20},
	})
}

// §5 rule 7: with only Escape-like cards the first one wins — a Loot too.
func TestTrickWinner_OnlyEscapes(t *testing.T) {
	o := DefaultOptions()
	o.Loot = true
	runTrickCases(t, o, []trickCase{
		{plays: "ESC ESC", winner: "A"},
		{plays: "TIG-E ESC", winner: "A"},
		{plays: "ESC TIG-E LOOT", winner: "A"},
		{plays: "LOOT ESC LOOT", winner: "A"},
	})
}

// §8 Kraken: nobody wins; the player who would have won without the Kraken
// leads, computed with the suit recomputed from the other cards.
func TestTrickWinner_KrakenDestroys(t *testing.T) {
	o := DefaultOptions()
	o.Kraken = true
	runTrickCases(t, o, []trickCase{
		{plays: "G5 KRAKEN G9", winner: "-", leader: "C"},
		{plays: "KRAKEN Y3 Y9 G14", winner: "-", leader: "C"},
		{plays: "SK KRAKEN PIR", winner: "-", leader: "A"},
		{plays: "ESC KRAKEN ESC", winner: "-", leader: "A"},
		{plays: "MER KRAKEN SK", winner: "-", leader: "A"},
		{plays: "KRAKEN ESC P2", winner: "-", leader: "C"},
	})
	// In a game: G9 would have won (A leads next); the 2021 first print's
	// legacy option gives the lead to the player left of the Kraken's (C).
	for _, tc := range []struct {
		lead KrakenLead
		want int
	}{{KrakenLeadWouldHaveWon, 0}, {KrakenLeadLeftOfKraken, 2}} {
		o := oneRound(2)
		o.Kraken, o.KrakenLead = true, tc.lead
		g := newFixtureGame(t, 4, o, map[int]deal{1: {hands: []string{"G9 Y1", "KRAKEN Y2", "G5 Y3", "G1 Y4"}}})
		bidAll(t, g, 0, 0, 0, 0)
		playTrick(t, g, "G9 KRAKEN G5 G1")
		if g.Turn() != tc.want {
			t.Errorf("kraken lead %d: %s leads after the Kraken, want %s", tc.lead, seatLetter(g.Turn()), seatLetter(tc.want))
		}
		for s := 0; s < 4; s++ {
			if g.TricksWon(s) != 0 {
				t.Errorf("seat %d won the destroyed trick", s)
			}
		}
	}
}

// §8 White Whale: the highest number wins whatever its suit; ties go to the
// first played; only 14s pay; no number → discarded, the Whale's player leads.
func TestTrickWinner_WhiteWhale(t *testing.T) {
	o := DefaultOptions()
	o.WhiteWhale = true
	runTrickCases(t, o, []trickCase{
		{plays: "SK G9 WHALE B3", winner: "B"},
		{plays: "Y9 WHALE G9", winner: "A"},
		{plays: "G9 WHALE Y9", winner: "A"},
		{plays: "MER PIR B14 WHALE", winner: "C", bonus: 20},
		{plays: "WHALE P2 SK MER", winner: "B"},
		{plays: "ESC ESC WHALE", winner: "-", leader: "C"},
		{plays: "PIR WHALE SK", winner: "-", leader: "B"},
	})
}

// §8: with the Kraken and the White Whale in one trick, the one played second
// takes effect and the first acts as an Escape.
func TestTrickWinner_KrakenAndWhaleSecondTakesEffect(t *testing.T) {
	o := DefaultOptions()
	o.Kraken, o.WhiteWhale = true, true
	runTrickCases(t, o, []trickCase{
		{plays: "Y12 B3 WHALE KRAKEN", winner: "-", leader: "B"},
		{plays: "KRAKEN Y12 B3 WHALE", winner: "B"},
		{plays: "WHALE KRAKEN P7", winner: "-", leader: "C"},
		{plays: "KRAKEN WHALE ESC", winner: "-", leader: "B"},
	})
}

// §8 Loot: its player allies with the winner; winning your own Loot makes no
// alliance; two Loots make two; a destroyed or discarded trick makes none.
func TestTrickWinner_LootAlliances(t *testing.T) {
	o := DefaultOptions()
	o.Loot, o.Kraken, o.WhiteWhale = true, true, true
	cases := []struct {
		plays     string
		alliances []Alliance
	}{
		{"LOOT G5 G9", []Alliance{{0, 2}}},
		{"LOOT ESC ESC", nil},
		{"G9 LOOT G5", []Alliance{{1, 0}}},
		{"LOOT SK LOOT", []Alliance{{0, 1}, {2, 1}}},
		{"LOOT G9 KRAKEN", nil},
		{"LOOT ESC WHALE", nil},
		{"LOOT G9 WHALE", []Alliance{{0, 1}}},
	}
	for _, tc := range cases {
		r := ResolveTrick(playsOf(t, tc.plays), &o)
		got := r.Alliances[:r.NAlliances]
		if fmt.Sprint(got) != fmt.Sprint(append([]Alliance{}, tc.alliances...)) {
			t.Errorf("%s: alliances %v, want %v", tc.plays, got, tc.alliances)
		}
	}
}

// The bonus values are options (docs/record.md): each is paid at its own value,
// the legacy 50 for a Mermaid taking the Skull King included.
func TestTrickBonus_Options(t *testing.T) {
	o := DefaultOptions()
	o.BonusFourteen = 5
	o.BonusBlackFourteen = 25
	o.BonusPirateMermaid = 15
	o.BonusSkullKingPirate = 35
	o.BonusMermaidSkullKing = 50
	runTrickCases(t, o, []trickCase{
		{plays: "G3 P14 Y14", winner: "A", bonus: 10},
		{plays: "G14 B14", winner: "B", bonus: 30},
		{plays: "MER PIR MER", winner: "B", bonus: 30},
		{plays: "SK PIR TIG-P", winner: "A", bonus: 70},
		{plays: "SK MER", winner: "B", bonus: 50},
	})
}

// §4: the state of the trick's suit, card by card.
func TestLead_SettingTheSuit(t *testing.T) {
	o := DefaultOptions()
	o.Loot, o.Kraken, o.WhiteWhale = true, true, true
	cases := []struct {
		plays string
		want  Lead
	}{
		{"", Lead{}},
		{"G2", Lead{Suit: Green}},
		{"ESC", Lead{}},
		{"TIG-E", Lead{}},
		{"LOOT", Lead{}},
		{"ESC TIG-E LOOT Y3", Lead{Suit: Yellow}},
		{"PIR", Lead{Free: true}},
		{"TIG-P", Lead{Free: true}},
		{"SK", Lead{Free: true}},
		{"MER", Lead{Free: true}},
		{"KRAKEN", Lead{Free: true}},
		{"WHALE", Lead{Free: true}},
		{"ESC PIR G2", Lead{Free: true}},
		{"G2 PIR", Lead{Suit: Green}},
		{"B9 SK Y4", Lead{Suit: Black}},
		{"P5 WHALE", Lead{Suit: Purple}},
	}
	for _, tc := range cases {
		if got := LeadOf(playsOf(t, tc.plays)); got != tc.want {
			t.Errorf("%q: lead %+v, want %+v", tc.plays, got, tc.want)
		}
	}
}
