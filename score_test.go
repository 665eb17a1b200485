package skullking

import (
	"testing"

	"pgregory.net/rapid"
)

// scoreCase is one seat's round: cards dealt, round number, bid, tricks won,
// bonus captured and cannon load, and the points docs/rules.md gives it.
type scoreCase struct {
	name                   string
	cards, round, bid, won int
	bonus, cannon          int
	want                   int
}

func runScoreCases(t *testing.T, o Options, cases []scoreCase) {
	t.Helper()
	for _, tc := range cases {
		round := tc.round
		if round == 0 {
			round = tc.cards
		}
		if got := o.SeatPoints(tc.cards, round, tc.bid, tc.won, tc.bonus, tc.cannon); got != tc.want {
			t.Errorf("%s: %d cards, bid %d took %d, bonus %d: %+d, want %+d",
				tc.name, tc.cards, tc.bid, tc.won, tc.bonus, got, tc.want)
		}
	}
}

// The scoring examples of docs/rules.md §10.
func TestRulesExamples_Scoring(t *testing.T) {
	runScoreCases(t, DefaultOptions(), []scoreCase{
		{name: "bid 3 took 3", cards: 5, bid: 3, won: 3, want: 60},
		{name: "bid 2 took 4", cards: 5, bid: 2, won: 4, want: -20},
		{name: "7 cards, bid 0 took 0", cards: 7, bid: 0, won: 0, want: 70},
		{name: "9 cards, bid 0 took 2", cards: 9, bid: 0, won: 2, want: -90},
		{name: "8 players round 10 (8 cards), bid 0 took 0", cards: 8, round: 10, want: 80},
		{name: "bid 1 took 1 with SK capturing two Pirates", cards: 3, bid: 1, won: 1, bonus: 60, want: 80},
		{name: "bid 2 took 3 holding the black 14", cards: 4, bid: 2, won: 3, bonus: 20, want: -10},
	})
}

// §6: made bids, missed bids (over or under), zero bids scaled by the cards
// dealt, and bonuses only on an exact bid.
func TestScore_Standard(t *testing.T) {
	runScoreCases(t, DefaultOptions(), []scoreCase{
		{name: "made 1", cards: 1, bid: 1, won: 1, want: 20},
		{name: "made 10", cards: 10, bid: 10, won: 10, want: 200},
		{name: "under by 3", cards: 10, bid: 5, won: 2, want: -30},
		{name: "over by 1", cards: 3, bid: 1, won: 2, want: -10},
		{name: "missed zero, one trick", cards: 1, bid: 0, won: 1, want: -10},
		{name: "missed zero, many tricks", cards: 6, bid: 0, won: 6, want: -60},
		{name: "zero made keeps its bonus", cards: 2, bid: 0, won: 0, bonus: 10, want: 30},
		{name: "missed zero loses its bonus", cards: 5, bid: 0, won: 1, bonus: 40, want: -50},
		{name: "miss forfeits every bonus", cards: 5, bid: 3, won: 2, bonus: 90, want: -10},
		{name: "zero at 8 cards in a tiebreak round 11", cards: 8, round: 11, want: 80},
	})
}

// §6 with the 8-player cap: N is the cards dealt, not the round number.
func TestScore_ZeroBidAtEightPlayersRoundTen(t *testing.T) {
	o := DefaultOptions()
	for _, tc := range []struct{ won, want int }{{0, 80}, {1, -80}, {3, -80}} {
		r := RoundResult{Round: 10, Cards: 8, Players: 8}
		r.Won[0] = tc.won
		r.Bids[1], r.Won[1] = 8-tc.won, 8-tc.won
		o.ScoreRound(&r)
		if r.Points[0] != tc.want {
			t.Errorf("bid 0 took %d at 8 cards in round 10: %+d, want %+d", tc.won, r.Points[0], tc.want)
		}
	}
}

// Every scoring option of docs/record.md's table changes what it says it does.
func TestScore_Options(t *testing.T) {
	with := func(f func(*Options)) Options {
		o := DefaultOptions()
		f(&o)
		return o
	}
	t.Run("points_per_trick", func(t *testing.T) {
		runScoreCases(t, with(func(o *Options) { o.PointsPerTrick = 30 }), []scoreCase{
			{name: "made 2", cards: 4, bid: 2, won: 2, want: 60},
			{name: "missed 2", cards: 4, bid: 2, won: 1, want: -10},
			{name: "zero unaffected", cards: 4, want: 40},
		})
	})
	t.Run("miss_penalty", func(t *testing.T) {
		runScoreCases(t, with(func(o *Options) { o.MissPenalty = 5 }), []scoreCase{
			{name: "off by 2", cards: 4, bid: 2, won: 4, want: -10},
			{name: "zero unaffected", cards: 4, won: 1, want: -40},
		})
	})
	t.Run("zero_points", func(t *testing.T) {
		runScoreCases(t, with(func(o *Options) { o.ZeroPoints = 20 }), []scoreCase{
			{name: "made", cards: 7, want: 140},
			{name: "missed", cards: 7, won: 2, want: -140},
		})
	})
	t.Run("zero_scaling cards", func(t *testing.T) {
		runScoreCases(t, with(func(o *Options) { o.ZeroScaling = ZeroByCards }), []scoreCase{
			{name: "8 cards in round 10", cards: 8, round: 10, want: 80},
		})
	})
	t.Run("zero_scaling round", func(t *testing.T) {
		runScoreCases(t, with(func(o *Options) { o.ZeroScaling = ZeroByRound }), []scoreCase{
			{name: "8 cards in round 10", cards: 8, round: 10, want: 100},
			{name: "missed, 5 cards in round 3", cards: 5, round: 3, won: 1, want: -30},
		})
	})
	t.Run("zero_scaling flat", func(t *testing.T) {
		runScoreCases(t, with(func(o *Options) { o.ZeroScaling = ZeroFlat }), []scoreCase{
			{name: "made", cards: 8, round: 10, want: 10},
			{name: "missed", cards: 8, round: 10, won: 3, want: -10},
		})
	})
	t.Run("keep_bonus_on_miss", func(t *testing.T) {
		runScoreCases(t, with(func(o *Options) { o.KeepBonusOnMiss = true }), []scoreCase{
			{name: "bid 2 took 3 holding the black 14", cards: 4, bid: 2, won: 3, bonus: 20, want: 10},
			{name: "missed zero", cards: 4, won: 1, bonus: 30, want: -10},
			{name: "made", cards: 4, bid: 1, won: 1, bonus: 30, want: 50},
		})
	})
	t.Run("bonuses false", func(t *testing.T) {
		runScoreCases(t, with(func(o *Options) { o.Bonuses = false }), []scoreCase{
			{name: "SK capturing two Pirates", cards: 3, bid: 1, won: 1, bonus: 60, want: 20},
			{name: "zero", cards: 3, bonus: 10, want: 30},
		})
		o := with(func(o *Options) { o.Bonuses = false; o.KeepBonusOnMiss = true })
		runScoreCases(t, o, []scoreCase{{name: "and kept on a miss", cards: 3, bid: 1, won: 2, bonus: 60, want: -10}})
	})
}

// §8 Rascal's scoring: potential 10 × N; exact: all of it and every bonus;
// off by one: half of each; off by two or more: nothing. Cannonball: 15 × N
// if exact, else nothing.
func TestScore_RascalScoring(t *testing.T) {
	o := DefaultOptions()
	o.Scoring = RascalScoring
	runScoreCases(t, o, []scoreCase{
		{name: "4 cards, 1/1", cards: 4, bid: 1, won: 1, want: 40},
		{name: "4 cards, 0/1", cards: 4, bid: 0, won: 1, want: 20},
		{name: "4 cards, 4/2", cards: 4, bid: 4, won: 2, want: 0},
		{name: "4 cards, 0/0", cards: 4, want: 40},
		{name: "exact with bonus", cards: 4, bid: 2, won: 2, bonus: 30, want: 70},
		{name: "off by one, half the bonus", cards: 4, bid: 2, won: 3, bonus: 30, want: 35},
		{name: "off by two, no bonus", cards: 4, bid: 2, won: 4, bonus: 30, want: 0},
	})
	o.CannonLoad = true
	runScoreCases(t, o, []scoreCase{
		{name: "Cannonball, 6 cards, exact", cards: 6, bid: 2, won: 2, cannon: Cannonball, want: 90},
		{name: "Cannonball, 6 cards, off by one", cards: 6, bid: 2, won: 3, cannon: Cannonball, want: 0},
		{name: "Cannonball exact keeps bonuses", cards: 6, bid: 2, won: 2, bonus: 40, cannon: Cannonball, want: 130},
		{name: "Cannonball missed loses bonuses", cards: 6, bid: 2, won: 1, bonus: 40, cannon: Cannonball, want: 0},
		{name: "Grapeshot off by one", cards: 6, bid: 2, won: 3, bonus: 40, cannon: Grapeshot, want: 50},
	})
}

// §8 Loot: each ally gets the Loot bonus only if both make their bids; the
// value is the loot_bonus option. Rascal's wager is won on an exact bid and
// lost otherwise, under either scoring.
func TestScoreRound_LootAndWagers(t *testing.T) {
	base := func() RoundResult {
		r := RoundResult{Round: 3, Cards: 3, Players: 4}
		r.Bids = [8]int{1, 1, 0, 1}
		r.Won = [8]int{1, 1, 0, 1}
		return r
	}
	cases := []struct {
		name string
		opts func(*Options)
		edit func(*RoundResult)
		want [4]int
	}{
		{"both exact", nil, func(r *RoundResult) {
			r.Alliances[0], r.NAlliances = Alliance{Looter: 0, Winner: 1}, 1
		}, [4]int{40, 40, 30, 20}},
		{"looter missed", nil, func(r *RoundResult) {
			r.Alliances[0], r.NAlliances = Alliance{Looter: 0, Winner: 1}, 1
			r.Won[0], r.Won[2] = 0, 1
		}, [4]int{-10, 20, -30, 20}},
		{"winner missed", nil, func(r *RoundResult) {
			r.Alliances[0], r.NAlliances = Alliance{Looter: 0, Winner: 1}, 1
			r.Won[1], r.Won[2] = 2, 0
			r.Won[3] = 0
		}, [4]int{20, -10, 30, -10}},
		{"two alliances with one winner", nil, func(r *RoundResult) {
			r.Alliances = [2]Alliance{{Looter: 0, Winner: 3}, {Looter: 2, Winner: 3}}
			r.NAlliances = 2
		}, [4]int{40, 20, 50, 60}},
		{"loot_bonus 30", func(o *Options) { o.LootBonus = 30 }, func(r *RoundResult) {
			r.Alliances[0], r.NAlliances = Alliance{Looter: 2, Winner: 1}, 1
		}, [4]int{20, 50, 60, 20}},
		{"wager 20 won", nil, func(r *RoundResult) { r.Wagers[0] = 20 }, [4]int{40, 20, 30, 20}},
		{"wager 10 lost", nil, func(r *RoundResult) {
			r.Wagers[0] = 10
			r.Won[0], r.Won[1] = 0, 2
		}, [4]int{-20, -10, 30, 20}},
		{"wager 0", nil, func(r *RoundResult) { r.Wagers[3] = 0 }, [4]int{20, 20, 30, 20}},
		{"wager under Rascal's scoring, lost", func(o *Options) { o.Scoring = RascalScoring }, func(r *RoundResult) {
			r.Wagers[0] = 20
			r.Won[0], r.Won[1] = 0, 2
		}, [4]int{15 - 20, 15, 30, 30}},
		{"wager under Rascal's scoring, won", func(o *Options) { o.Scoring = RascalScoring }, func(r *RoundResult) {
			r.Wagers[1] = 10
		}, [4]int{30, 40, 30, 30}},
	}
	for _, tc := range cases {
		o := DefaultOptions()
		o.Loot, o.PirateAbilities = true, true
		if tc.opts != nil {
			tc.opts(&o)
		}
		r := base()
		tc.edit(&r)
		o.ScoreRound(&r)
		if got := [4]int(r.Points[:4]); got != tc.want {
			t.Errorf("%s: points %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestLeaders(t *testing.T) {
	cases := []struct {
		totals []int
		want   []int
	}{
		{[]int{10, 30, 20}, []int{1}},
		{[]int{30, 10, 30}, []int{0, 2}},
		{[]int{-10, -20}, []int{0}},
		{[]int{0, 0, 0}, []int{0, 1, 2}},
	}
	for _, tc := range cases {
		got := Leaders(tc.totals)
		if len(got) != len(tc.want) {
			t.Errorf("Leaders(%v) = %v, want %v", tc.totals, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("Leaders(%v) = %v, want %v", tc.totals, got, tc.want)
			}
		}
	}
}

// TestProperty_ScoreBreakdownAddsUp checks the part-by-part breakdown of a
// round against the points the engine scores (docs/rules.md §6, §8): for
// any rules and any round, the parts add up to the seat's points.
func TestProperty_ScoreBreakdownAddsUp(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		players := rapid.IntRange(3, 8).Draw(rt, "players")
		o := drawOptions(rt, players)
		if rapid.Bool().Draw(rt, "abilities") {
			o.PirateAbilities = true
		}
		r := RoundResult{Round: rapid.IntRange(1, 12).Draw(rt, "round"), Cards: rapid.IntRange(1, 10).Draw(rt, "cards"),
			Players: players}
		for s := 0; s < players; s++ {
			r.Bids[s] = rapid.IntRange(0, r.Cards).Draw(rt, "bid")
			r.Won[s] = rapid.IntRange(0, r.Cards).Draw(rt, "won")
			r.Bonus[s] = rapid.SampledFrom([]int{0, 0, 10, 20, 30, 45, 60}).Draw(rt, "bonus")
			r.Wagers[s] = rapid.SampledFrom([]int{0, 0, 10, 20}).Draw(rt, "wager")
			r.Cannon[s] = rapid.IntRange(Grapeshot, Cannonball).Draw(rt, "cannon")
		}
		r.NAlliances = rapid.IntRange(0, 2).Draw(rt, "alliances")
		for i := 0; i < r.NAlliances; i++ {
			l := rapid.IntRange(0, players-1).Draw(rt, "looter")
			w := (l + rapid.IntRange(1, players-1).Draw(rt, "winner")) % players
			r.Alliances[i] = Alliance{Looter: int8(l), Winner: int8(w)}
		}
		o.ScoreRound(&r)
		for s := 0; s < players; s++ {
			sc := o.Score(&r, s)
			if sc.Total != r.Points[s] {
				rt.Fatalf("seat %d: breakdown %+v adds up to %d, the round scores %d", s, sc, sc.Total, r.Points[s])
			}
		}
	})
}

// TestScoreBreakdown_MissedBidForfeitsBonus: bid 2, took 3 with the black
// 14 and a Skull King that took a Pirate: −10, and the 50 bonus points are
// shown forfeited (docs/rules.md §6).
func TestScoreBreakdown_MissedBidForfeitsBonus(t *testing.T) {
	o := DefaultOptions()
	r := RoundResult{Round: 5, Cards: 5, Players: 3, Bids: [8]int{2, 1, 1}, Won: [8]int{3, 1, 1}, Bonus: [8]int{50},
		Captures: [8]Captures{NewCaptures(0, 1, 0, 1, 0)}}
	o.ScoreRound(&r)
	sc := o.Score(&r, 0)
	if sc.BidPoints != -10 || sc.Bonus != 50 || sc.BonusPoints != 0 || sc.Total != -10 || r.Points[0] != -10 {
		t.Fatalf("breakdown %+v, points %d; want −10 for the bid and the 50 bonus forfeited", sc, r.Points[0])
	}
	if o.CaptureBonus(sc.Captures) != sc.Bonus {
		t.Fatalf("captures %+v are worth %d, the bonus is %d", sc.Captures, o.CaptureBonus(sc.Captures), sc.Bonus)
	}
}

// TestScoreBreakdown_RascalWager: bid 2, took 2, wagered 20 with Rascal of
// Roatan and allied through Loot with a seat that made its bid too:
// 40 + 20 + 20 (docs/rules.md §8).
func TestScoreBreakdown_RascalWager(t *testing.T) {
	o := DefaultOptions()
	o.PirateAbilities, o.Loot = true, true
	r := RoundResult{Round: 4, Cards: 4, Players: 3, Bids: [8]int{2, 1, 0}, Won: [8]int{2, 1, 0}, Wagers: [8]int{20},
		NAlliances: 1, Alliances: [2]Alliance{{Looter: 1, Winner: 0}}}
	o.ScoreRound(&r)
	sc := o.Score(&r, 0)
	if sc.BidPoints != 40 || sc.WagerPoints != 20 || sc.LootPoints != 20 || sc.Total != 80 || r.Points[0] != 80 {
		t.Fatalf("breakdown %+v, points %d; want 40 + 20 wager + 20 Loot", sc, r.Points[0])
	}
	if len(sc.Loot) != 1 || sc.Loot[0] != (LootShare{Ally: 1, Looter: false, Paid: true}) {
		t.Fatalf("Loot %+v", sc.Loot)
	}
	r.Won[0], r.Won[2] = 3, 0
	r.Won[1] = 1
	o.ScoreRound(&r)
	if sc := o.Score(&r, 0); sc.WagerPoints != -20 || sc.Total != -10-20 || sc.Total != r.Points[0] {
		t.Fatalf("missed: breakdown %+v, points %d; want −10 and the wager lost", sc, r.Points[0])
	}
}

// TestCapturesPacking checks the packed counts against the plain ones.
func TestCapturesPacking(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.SliceOfN(rapid.IntRange(0, 255), 5, 5).Draw(rt, "counts")
		c := NewCaptures(n[0], n[1], n[2], n[3], n[4])
		got := []int{c.Fourteens(), c.Black14(), c.Mermaids(), c.Pirates(), c.SkullKing()}
		for i := range n {
			if got[i] != n[i] {
				rt.Fatalf("packed %v reads back as %v", n, got)
			}
		}
		if c.Empty() != (n[0]+n[1]+n[2]+n[3]+n[4] == 0) {
			rt.Fatalf("%v: Empty() = %v", n, c.Empty())
		}
		o := DefaultOptions()
		if want := n[0]*10 + n[1]*20 + n[2]*20 + n[3]*30 + n[4]*40; o.CaptureBonus(c) != want {
			rt.Fatalf("%v: bonus %d, want %d", n, o.CaptureBonus(c), want)
		}
	})
}

// TestCaptureParts_AddUpToTheBonus checks the item-by-item list of captures
// against CaptureBonus (docs/rules.md §6).
func TestCaptureParts_AddUpToTheBonus(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.SliceOfN(rapid.IntRange(0, 6), 5, 5).Draw(rt, "counts")
		c := NewCaptures(n[0], n[1], n[2], n[3], n[4])
		o := DefaultOptions()
		o.BonusMermaidSkullKing = rapid.SampledFrom([]int{40, 50}).Draw(rt, "mermaid takes skull king")
		sum, items := 0, 0
		for _, p := range o.CaptureParts(c) {
			sum += p.Points
			items += p.Count
		}
		if sum != o.CaptureBonus(c) || items != n[0]+n[1]+n[2]+n[3]+n[4] {
			rt.Fatalf("%v: parts %+v add up to %d points, %d items; bonus %d", n, o.CaptureParts(c), sum, items, o.CaptureBonus(c))
		}
	})
}
