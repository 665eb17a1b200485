package web

import (
	"fmt"
	"html"
	"os"
	"regexp"
	"strings"
	"testing"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/locale"
)

// The rules page is written for players and docs/rules.md for everyone else;
// both restate rules the engine decides. TestRulesPageAndRulesDocStateTheEnginesRules
// keeps the three together: each fact below asks the engine, and the page
// and the document must both say what the engine does — with the engine's
// numbers written into the patterns, so that a rule changed in the engine
// fails here until both texts follow.

// ruleFact is one thing the engine decides and the two texts must state.
type ruleFact struct {
	name string
	// engine checks the engine's side of the fact; it is called before the
	// texts are, so a fact is only ever stated as the engine plays it.
	engine func(t *testing.T)
	// both, page and doc are patterns (case-insensitive, over text with the
	// markup removed and white space collapsed) that must match both texts,
	// the page only, or docs/rules.md only.
	both, page, doc []string
	// never are patterns neither text may match: the ways of getting the
	// fact wrong that have been seen.
	never []string
}

func TestRulesPageAndRulesDocStateTheEnginesRules(t *testing.T) {
	// The page as an English reader sees it: its markup holds the
	// catalogue's ids, its words are en.json's.
	rawPage := translated(t, locale.For(locale.Base), body(t, get(t, Handler(), "/rules")))
	rawDoc, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	page, doc := pageText(rawPage), docText(string(rawDoc))

	for _, f := range ruleFacts() {
		t.Run(f.name, func(t *testing.T) {
			if f.engine != nil {
				f.engine(t)
			}
			for _, text := range []struct {
				name, text string
				must       []string
			}{
				{"the rules page", page, append(append([]string(nil), f.both...), f.page...)},
				{"docs/rules.md", doc, append(append([]string(nil), f.both...), f.doc...)},
			} {
				for _, p := range text.must {
					if !regexp.MustCompile("(?i)" + p).MatchString(text.text) {
						t.Errorf("%s does not state %q", text.name, p)
					}
				}
				for _, p := range f.never {
					if m := regexp.MustCompile("(?i)" + p).FindString(text.text); m != "" {
						t.Errorf("%s contradicts the engine: %q", text.name, m)
					}
				}
			}
		})
	}

	// The order in which a trick is decided: the engine's reasons come in
	// the order of its rules, and both lists must give them in that order.
	t.Run("who wins a trick, in order", func(t *testing.T) {
		o := sk.DefaultOptions()
		var want []string
		for i, r := range trickOrder {
			res := sk.ResolveTrick(plays(t, r.plays), &o)
			if res.Reason != r.reason || res.Index != r.index {
				t.Fatalf("rule %d: %s is won by play %d (%v), want play %d (%v)", i+1, r.plays, res.Index, res.Reason, r.index, r.reason)
			}
			if i > 0 && r.reason <= trickOrder[i-1].reason {
				t.Fatalf("rule %d (%v) does not come after rule %d (%v) in the engine", i+1, r.reason, i, trickOrder[i-1].reason)
			}
			want = append(want, r.text)
		}
		inOrder(t, "the rules page", pageText(section(t, rawPage, `<section id="winning">`, `</section>`)), want)
		inOrder(t, "docs/rules.md", docText(section(t, string(rawDoc), "## 5.", "## 6.")), want)
	})
}

// trickOrder is one trick per rule of docs/rules.md §5, in order: the engine
// must decide it by that rule, and the texts must name the rules in turn.
var trickOrder = []struct {
	plays  string
	index  int
	reason sk.Reason
	text   string
}{
	{"PIR SK MER", 2, sk.ByMermaidOverSkullKing, `a Mermaid and the Skull King are both in the trick: the first Mermaid`},
	{"PIR SK PIR", 1, sk.BySkullKing, `the Skull King (is in the trick: the Skull King )?wins`},
	{"MER PIR TIG-P", 1, sk.ByPirate, `the first Pirate`},
	{"G14 MER MER", 1, sk.ByMermaid, `the first Mermaid( played)? wins`},
	{"G14 B1 B2", 2, sk.ByTrump, `the highest black( number)? wins`},
	{"G3 Y14 G5", 2, sk.BySuit, `the highest number of (that suit|the suit led)`},
	{"ESC TIG-E ESC", 0, sk.ByFirstEscape, `only Escape[^.]*the first`},
}

func ruleFacts() []ruleFact {
	o := sk.DefaultOptions()
	all := o
	all.Loot, all.Kraken, all.WhiteWhale = true, true, true
	count := func(k sk.Kind) int {
		n := 0
		for _, c := range all.Deck().Cards(nil) {
			if c.Kind() == k {
				n++
			}
		}
		return n
	}
	rascal := o
	rascal.Scoring = sk.RascalScoring
	cannon := rascal
	cannon.CannonLoad = true

	return []ruleFact{
		{name: "the deck", both: []string{
			fmt.Sprintf(`\b%d cards\b`, o.Deck().Len()),
			fmt.Sprintf(`\b%d with Loot, the Kraken and the White Whale`, all.Deck().Len()),
			fmt.Sprintf(`\b%d Pirates\b`, count(sk.KindPirate)),
			fmt.Sprintf(`\b%d Mermaids\b`, count(sk.KindMermaid)),
			fmt.Sprintf(`\b%d Escapes\b`, count(sk.KindEscape)),
			fmt.Sprintf(`\b%d Loot\b`, count(sk.KindLoot)),
		}},
		{name: "rounds and the 8-player cap",
			engine: func(t *testing.T) {
				if got := o.Rounds; got != 10 {
					t.Fatalf("a standard game has %d rounds", got)
				}
				if got := o.MaxHand(8); got != 8 || o.CardsPerHand(10, 8) != 8 || all.CardsPerHand(10, 8) != 8 {
					t.Fatalf("at 8 players a hand holds up to %d", got)
				}
			},
			both: []string{
				fmt.Sprintf(`\b%d rounds\b`, o.Rounds),
				fmt.Sprintf(`8 players a hand never exceeds %d cards`, o.MaxHand(8)),
				`still has 10 rounds`,
			}},
		{name: "the first lead",
			engine: func(t *testing.T) {
				g := newGame(t, 4, o, 0)
				for s := 0; s < 4; s++ {
					mustApply(t, g, sk.Bid(s, 0))
				}
				if g.Turn() != 0 {
					t.Fatalf("seat %d leads round 1, want seat 0", g.Turn())
				}
			},
			// The browser counts seats from 1, records and docs/rules.md from 0.
			page: []string{`seat 1 leads the first trick of round 1`},
			doc:  []string{`seat 0 leads round 1`, `\(r − 1\) mod n`},
		},
		{name: "bids are simultaneous and secret",
			engine: func(t *testing.T) {
				g := newGame(t, 4, o, 0)
				mustApply(t, g, sk.Bid(0, 1))
				if v := g.View(sk.Spectator); !v.Seats[0].HasBid || v.Seats[0].Bid != -1 {
					t.Fatalf("a bid shows before all are in: %+v", v.Seats[0])
				}
				if n := len(g.LegalActions(1, nil)); n != g.Cards()+1 {
					t.Fatalf("%d bids offered for %d cards", n, g.Cards())
				}
			},
			both: []string{`at the same time and in secret`, `from 0 (up )?to the cards dealt`}},
		{name: "following suit",
			engine: func(t *testing.T) {
				g := dealt(t, o, []string{"G2 Y1 Y2", "G5 P7 ESC", "Y3 Y4 Y5"}, "")
				mustApply(t, g, sk.Bid(0, 0), sk.Bid(1, 0), sk.Bid(2, 0), sk.Play(0, card(t, "G2")))
				if got, want := g.LegalCards(1), sk.SetOf(card(t, "G5"), card(t, "ESC")); got != want {
					t.Fatalf("after G2 the holder of G5 P7 ESC may play %v, want %v", got, want)
				}
			},
			both: []string{`must play (a number of )?that suit[^.]{0,5}or any special card`, `black included`}},
		{name: "setting the suit",
			engine: func(t *testing.T) {
				for _, c := range []struct {
					plays string
					want  sk.Lead
				}{
					{"ESC", sk.Lead{}}, {"TIG-E", sk.Lead{}}, {"ESC G2", sk.Lead{Suit: sk.Green}},
					{"ESC PIR G2", sk.Lead{Free: true}}, {"G2 PIR", sk.Lead{Suit: sk.Green}},
				} {
					if got := sk.LeadOf(plays(t, c.plays)); got != c.want {
						t.Fatalf("%s: lead %+v, want %+v", c.plays, got, c.want)
					}
				}
			},
			both:  []string{`the next card decides`, `makes the trick free|the trick is free`, `stays set for the whole trick`},
			never: []string{`the next number sets it`}},
		{name: "made and missed bids",
			engine: func(t *testing.T) {
				if o.SeatPoints(5, 5, 3, 3, 0, 0) != 3*o.PointsPerTrick || o.SeatPoints(5, 5, 2, 4, 0, 0) != -2*o.MissPenalty {
					t.Fatal("made or missed bids do not score points_per_trick × b and −miss_penalty × off")
				}
			},
			both: []string{fmt.Sprintf(`\+%d per trick bid`, o.PointsPerTrick), fmt.Sprintf(`[−-]%d per trick`, o.MissPenalty)}},
		{name: "zero bids scale with the cards dealt",
			engine: func(t *testing.T) {
				if o.ZeroScaling != sk.ZeroByCards || o.SeatPoints(8, 10, 0, 0, 0, 0) != 8*o.ZeroPoints ||
					o.SeatPoints(8, 10, 0, 2, 0, 0) != -8*o.ZeroPoints {
					t.Fatal("a zero bid is not worth zero_points × the cards dealt")
				}
			},
			both: []string{
				fmt.Sprintf(`\+%d × the cards dealt`, o.ZeroPoints),
				fmt.Sprintf(`[−-]%d × the cards dealt`, o.ZeroPoints),
				fmt.Sprintf(`zero bid (there )?is worth %d`, o.ZeroBidValue(o.CardsPerHand(10, 8), 10)),
			},
			never: []string{`\d+ × the round`}},
		{name: "bonuses, on an exact bid only",
			engine: func(t *testing.T) {
				if o.SeatPoints(4, 4, 2, 3, o.BonusBlackFourteen, 0) != -o.MissPenalty ||
					o.SeatPoints(4, 4, 0, 0, 10, 0) != 4*o.ZeroPoints+10 {
					t.Fatal("bonuses count on a missed bid, or not on a made zero bid")
				}
			},
			both: []string{
				`bonuses count only when (your|the) bid (is|was) exact`,
				fmt.Sprintf(`\+%d for each green, yellow or purple 14`, o.BonusFourteen),
				fmt.Sprintf(`\+%d for the black 14`, o.BonusBlackFourteen),
				fmt.Sprintf(`\+%d for each Mermaid your Pirate captured`, o.BonusPirateMermaid),
				fmt.Sprintf(`\+%d for each Pirate your Skull King captured`, o.BonusSkullKingPirate),
				fmt.Sprintf(`\+%d when your Mermaid captured the Skull King`, o.BonusMermaidSkullKing),
			}},
		{name: "ties",
			engine: func(t *testing.T) {
				short := o
				short.Rounds = 2
				g, err := sk.NewGame(3, sk.WithOptions(short), sk.WithDealer(sk.NoDeal))
				if err != nil {
					t.Fatal(err)
				}
				for range 2 {
					var r sk.RoundResult
					r.Won[2] = g.Cards() // seats 0 and 1 make their zero bids: tied at the top
					if err := g.EnterResults(r); err != nil {
						t.Fatal(err)
					}
				}
				if g.Over() || g.Round() != 3 || g.Cards() != 2 {
					t.Fatalf("a tie after the last round: over %v, round %d of %d cards", g.Over(), g.Round(), g.Cards())
				}
			},
			both: []string{`as many cards as the (last one|final scheduled round)`, `shares? the victory`}},
		{name: "the Kraken",
			engine: func(t *testing.T) {
				res := sk.ResolveTrick(plays(t, "G5 KRAKEN G9"), &all)
				if res.Outcome != sk.Destroyed || res.Winner != -1 || res.Leader != 2 {
					t.Fatalf("G5 KRAKEN G9: %+v, want destroyed, C leads", res)
				}
			},
			both: []string{`nobody wins it`, `would have won[^.]*leads( the)? next`}},
		{name: "the White Whale",
			engine: func(t *testing.T) {
				res := sk.ResolveTrick(plays(t, "B2 PIR Y14 SK WHALE"), &all)
				if res.Winner != 2 || res.Bonus != o.BonusFourteen {
					t.Fatalf("B2 PIR Y14 SK WHALE: %+v, want C with the yellow 14", res)
				}
				res = sk.ResolveTrick(plays(t, "ESC MER WHALE"), &all)
				if res.Outcome != sk.Discarded || res.Leader != 2 {
					t.Fatalf("ESC MER WHALE: %+v, want discarded, C leads", res)
				}
				res = sk.ResolveTrick(plays(t, "Y12 B3 WHALE KRAKEN"), &all)
				if res.Outcome != sk.Destroyed || res.Leader != 1 {
					t.Fatalf("Y12 B3 WHALE KRAKEN: %+v, want destroyed, B leads", res)
				}
			},
			both: []string{`highest number wins,? whatever its suit`, `only the 14 bonuses`, `discarded`,
				`(Whale's player|player of the White Whale) leads`, `the one played second takes effect`}},
		{name: "Loot",
			engine: func(t *testing.T) {
				if _, err := sk.NewGame(2, sk.WithOptions(all)); err == nil {
					t.Fatal("Loot is allowed at two players")
				}
				res := sk.ResolveTrick(plays(t, "LOOT G5 G9"), &all)
				if res.NAlliances != 1 || res.Alliances[0] != (sk.Alliance{Looter: 0, Winner: 2}) {
					t.Fatalf("LOOT G5 G9: alliances %v", res.Alliances[:res.NAlliances])
				}
				if res := sk.ResolveTrick(plays(t, "LOOT ESC ESC"), &all); res.NAlliances != 0 {
					t.Fatal("winning your own Loot makes an alliance")
				}
			},
			both: []string{fmt.Sprintf(`each scores \+%d`, o.LootBonus), `winning your own Loot makes no alliance`,
				`Loot is (never|not) used with two players`}},
		{name: "Rascal's scoring and cannon loads",
			engine: func(t *testing.T) {
				if rascal.SeatPoints(4, 4, 1, 1, 0, 0) != 40 || rascal.SeatPoints(4, 4, 2, 3, 30, 0) != 35 ||
					rascal.SeatPoints(4, 4, 4, 2, 30, 0) != 0 {
					t.Fatal("Rascal's scoring: not 10 × N exact, half off by one, nothing beyond")
				}
				if cannon.SeatPoints(6, 6, 2, 2, 0, sk.Cannonball) != 90 || cannon.SeatPoints(6, 6, 2, 3, 0, sk.Cannonball) != 0 {
					t.Fatal("Cannonball is not 15 × N exact, else nothing")
				}
			},
			both: []string{`10 × the cards dealt[^.]*all of it`, `off by one`, `15 × the cards dealt`}},
		{name: "pirate abilities: when they are used",
			engine: func(t *testing.T) { abilityTiming(t) },
			both: []string{
				`right after the trick`,
				`Harry[^.]*right after the trick`,
				`only Harry's ability also works after the last trick of a round`,
				`Rosie D'Laney[^.]*chooses? (who|the player who) leads the next trick`,
				`Bendt the Bandit[^.]*draws? (2|two) (of the )?undealt cards`,
				`fewer than (2|two)[^.]*what there is|what there is[^.]*fewer than (2|two)`,
				`wagers? 0, 10 or 20`,
				`Juanita[^.]*(sees|looks at) the (cards not dealt|undealt cards)`,
				`bid by (one, up or down|−1, 0 or \+1)`,
				`the Tigress has no ability|she has no ability`,
			},
			never: []string{`Harry[^.]*(at|by) the end of the round`, `Harry[^.]*round's end`}},
		{name: "two players: Graybeard",
			engine: func(t *testing.T) { graybeard(t) },
			both: []string{`never bids and never scores`, `flips his top card second`, `without following suit`,
				`(if|when) (he|Graybeard) wins(,| a trick,?) he leads the next`,
				`then the player who led the round's first trick`, `count for nobody`, `Tigress is always an Escape`,
				`take turns leading the rounds`}},
	}
}

// abilityTiming checks when each pirate ability is offered: right after the
// trick its Pirate wins, before the next trick, and after the last trick of
// a round for Harry alone.
func abilityTiming(t *testing.T) {
	t.Helper()
	o := sk.DefaultOptions()
	o.PirateAbilities = true
	for _, c := range []struct {
		pirate string
		kind   sk.ActionKind // none: nothing to decide
	}{
		{"ROSIE", sk.ActionRosie}, {"BENDT", sk.ActionBendt}, {"RASCAL", sk.ActionWager},
		{"JUANITA", sk.ActionNone}, {"HARRY", sk.ActionHarry},
	} {
		// Trick 1 of 2: the Pirate wins.
		g := dealt(t, o, []string{c.pirate + " Y1", "G1 Y2", "G2 Y3"}, "")
		mustApply(t, g, sk.Bid(0, 1), sk.Bid(1, 0), sk.Bid(2, 0))
		mustApply(t, g, sk.Play(0, card(t, c.pirate)), sk.Play(1, card(t, "G1")), sk.Play(2, card(t, "G2")))
		kind, seat := g.Pending()
		if kind != c.kind || (kind != sk.ActionNone && (seat != 0 || g.TrickNumber() != 2 || g.ResultCount() != 0)) {
			t.Fatalf("%s wins trick 1: %v awaited from seat %d before trick %d, want %v right after the trick",
				c.pirate, kind, seat, g.TrickNumber(), c.kind)
		}
		if c.pirate == "JUANITA" && len(g.View(0).UndealtSeen) == 0 {
			t.Fatal("Juanita won a trick and saw nothing")
		}
		// The last trick of a round of 1: only Harry is asked.
		last := dealt(t, o, []string{c.pirate, "G1", "G2"}, "")
		mustApply(t, last, sk.Bid(0, 1), sk.Bid(1, 0), sk.Bid(2, 0))
		mustApply(t, last, sk.Play(0, card(t, c.pirate)), sk.Play(1, card(t, "G1")), sk.Play(2, card(t, "G2")))
		kind, _ = last.Pending()
		if want := c.pirate == "HARRY"; (kind == sk.ActionHarry) != want || (!want && kind != sk.ActionNone) {
			t.Fatalf("%s wins the last trick: %v awaited", c.pirate, kind)
		}
	}
	// The Tigress is no named Pirate.
	g := dealt(t, o, []string{"TIG Y1", "G1 Y2", "G2 Y3"}, "")
	mustApply(t, g, sk.Bid(0, 1), sk.Bid(1, 0), sk.Bid(2, 0))
	mustApply(t, g, sk.PlayTigress(0, sk.AsPirate), sk.Play(1, card(t, "G1")), sk.Play(2, card(t, "G2")))
	if kind, _ := g.Pending(); kind != sk.ActionNone {
		t.Fatalf("the Tigress as a Pirate won and %v is awaited", kind)
	}
}

// graybeard checks the two-player game: three hands, Graybeard flipping
// second after a player's lead, leading after he wins, his tricks counting
// for nobody, the players taking turns at the first lead.
func graybeard(t *testing.T) {
	t.Helper()
	g := dealt(t, sk.DefaultOptions(), []string{"G7 Y1", "G13 Y2"}, "B2 P5")
	if g.GhostSeat() != 2 || g.Hand(2).Len() != g.Cards() {
		t.Fatalf("Graybeard at seat %d holding %v", g.GhostSeat(), g.Hand(2))
	}
	mustApply(t, g, sk.Bid(0, 0), sk.Bid(1, 0), sk.Play(0, card(t, "G7")))
	if tr := g.CurrentTrick(); len(tr) != 2 || int(tr[1].Seat) != 2 || g.Turn() != 1 {
		t.Fatalf("after A's lead: trick %v, %d to play; want Graybeard second, then B", tr, g.Turn())
	}
	mustApply(t, g, sk.Play(1, card(t, "G13")))
	if tr := g.CurrentTrick(); len(tr) != 1 || int(tr[0].Seat) != 2 || g.Turn() != 0 {
		t.Fatalf("after Graybeard's B2 won: trick %v, %d to play; want him leading, then A", tr, g.Turn())
	}
	if g.TricksWon(0)+g.TricksWon(1) != 0 {
		t.Fatal("Graybeard's trick counted for a player")
	}
	// Round 2 is led by the other player.
	g = newGame(t, 2, sk.DefaultOptions(), 1)
	for g.Round() == 1 {
		for s := 0; s < 2; s++ {
			if g.Waiting(s) && g.Round() == 1 {
				mustApply(t, g, g.LegalActions(s, nil)[0])
			}
		}
	}
	mustApply(t, g, sk.Bid(0, 0), sk.Bid(1, 0))
	if g.Turn() != 1 {
		t.Fatalf("round 2 is led by seat %d, want seat 1", g.Turn())
	}
}

// newGame starts a seeded game.
func newGame(t *testing.T, players int, o sk.Options, seed uint64) *sk.Game {
	t.Helper()
	g, err := sk.NewGame(players, sk.WithOptions(o), sk.WithSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// oneRound is o with a schedule of a single round of n cards.
func oneRound(o sk.Options, n int) sk.Options {
	o.Schedule, o.ScheduleCards, o.Tiebreak = "custom", []int{n}, false
	return o
}

// dealt starts a one-round game dealt as hands say (seat order, codes
// separated by spaces), with Graybeard's pile ghost at two players.
func dealt(t *testing.T, o sk.Options, hands []string, ghost string) *sk.Game {
	t.Helper()
	o = oneRound(o, len(strings.Fields(hands[0])))
	var used sk.CardSet
	var order []sk.Card
	for _, h := range append(append([]string(nil), hands...), ghost) {
		for _, code := range strings.Fields(h) {
			c := freeCard(t, code, o.Deck().Minus(used))
			used = used.With(c)
			order = append(order, c)
		}
	}
	rest := o.Deck().Minus(used).Cards(nil)
	dealer := sk.DealerFunc(func(round, cards int, deck []sk.Card) bool {
		copy(deck, order)
		copy(deck[len(order):], rest)
		return true
	})
	g, err := sk.NewGame(len(hands), sk.WithOptions(o), sk.WithDealer(dealer))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// freeCard is a copy of the card code names among free.
func freeCard(t *testing.T, code string, free sk.CardSet) sk.Card {
	t.Helper()
	p, err := sk.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Cards() {
		if free.Has(c) {
			return c
		}
	}
	t.Fatalf("no %s left", code)
	return sk.NoCard
}

// card is the first card of a code (any copy of PIR, MER, ESC, LOOT).
func card(t *testing.T, code string) sk.Card {
	t.Helper()
	return freeCard(t, code, everyCard())
}

// everyCard is the deck with every module's cards in.
func everyCard() sk.CardSet {
	o := sk.DefaultOptions()
	o.Loot, o.Kraken, o.WhiteWhale = true, true, true
	return o.Deck()
}

// plays reads a trick in play order, seats 0, 1, 2, … in turn.
func plays(t *testing.T, codes string) []sk.Played {
	t.Helper()
	var used sk.CardSet
	var out []sk.Played
	for i, code := range strings.Fields(codes) {
		p, err := sk.ParseCode(code)
		if err != nil {
			t.Fatal(err)
		}
		// A played Tigress (TIG-P, TIG-E) is the Tigress, declared.
		c := freeCard(t, strings.TrimSuffix(strings.TrimSuffix(code, "-P"), "-E"), everyCard().Minus(used))
		used = used.With(c)
		out = append(out, sk.Played{Card: c, Seat: int8(i), As: p.As})
	}
	return out
}

func mustApply(t *testing.T, g *sk.Game, actions ...sk.Action) {
	t.Helper()
	for _, a := range actions {
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

// inOrder checks that the patterns match text one after another.
func inOrder(t *testing.T, name, text string, patterns []string) {
	t.Helper()
	at := 0
	for i, p := range patterns {
		loc := regexp.MustCompile("(?i)" + p).FindStringIndex(text[at:])
		if loc == nil {
			t.Errorf("%s: rule %d (%q) is missing or out of order", name, i+1, p)
			return
		}
		at += loc[1]
	}
}

// section is the part of raw from the first start to the next end.
func section(t *testing.T, raw, start, end string) string {
	t.Helper()
	i := strings.Index(raw, start)
	if i < 0 {
		t.Fatalf("no %q", start)
	}
	j := strings.Index(raw[i+len(start):], end)
	if j < 0 {
		t.Fatalf("no %q after %q", end, start)
	}
	return raw[i : i+len(start)+j]
}

var (
	tags        = regexp.MustCompile(`<[^>]*>`)
	spaces      = regexp.MustCompile(`\s+`)
	beforePunct = regexp.MustCompile(` ([,.;:!?)])`)
)

// pageText is the words of an HTML page, as a reader sees them.
func pageText(raw string) string {
	s := html.UnescapeString(tags.ReplaceAllString(raw, " "))
	return beforePunct.ReplaceAllString(spaces.ReplaceAllString(s, " "), "$1")
}

// docText is the words of a Markdown text, emphasis and code marks dropped.
func docText(raw string) string {
	s := strings.NewReplacer("**", "", "*", "", "`", "", `\|`, "|").Replace(raw)
	return spaces.ReplaceAllString(s, " ")
}
