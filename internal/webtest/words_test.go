package webtest

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// wordsCase is one thing the engine reported, worded by words.Words for
// one viewer: the browser's words.js must say the same.
type wordsCase struct {
	Names []string        `json:"names"`
	You   int             `json:"you"`
	Named bool            `json:"named"`
	Ghost int             `json:"ghost"`
	Kind  string          `json:"kind"` // the Words method: trick, refusal, action, score, …
	Data  json.RawMessage `json:"data"`
	Want  string          `json:"want"`
}

// wordsCases plays random games, every module and pirate ability on in
// some, and words what every seat's views report: completed tricks,
// refusals of the hand, legal actions and scored rounds; then one refusal
// of every code the engine has, with made-up facts.
func wordsCases(t *testing.T) []wordsCase {
	t.Helper()
	var out []wordsCase
	seen := map[string]bool{}
	perSort := map[string]int{}
	add := func(w words.Words, named bool, kind string, data any, want string) {
		// A few dozen of each sort of sentence: the page is sent every
		// case at once, and the sorts are what differ.
		sort := kind + " " + sortOf(data) + fmt.Sprint(named)
		if perSort[sort] >= 30 {
			return
		}
		b, err := json.Marshal(data)
		if err != nil {
			t.Fatal(err)
		}
		key := fmt.Sprint(w.You, named, kind, string(b))
		if seen[key] {
			return
		}
		seen[key] = true
		perSort[sort]++
		out = append(out, wordsCase{Names: w.Names, You: w.You, Named: named, Ghost: w.Ghost, Kind: kind, Data: b, Want: want})
	}
	rng := skullking.NewRand(7)
	for game := range 8 {
		o := skullking.DefaultOptions()
		if game%2 == 1 {
			o.Loot, o.Kraken, o.WhiteWhale, o.PirateAbilities = true, true, true, true
		}
		if game%4 == 3 {
			o.Scoring, o.CannonLoad = skullking.RascalScoring, true
		}
		players := 3 + game%4
		if game%5 == 4 {
			players, o.Loot = 2, false // Graybeard sits in
		}
		names := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay"}[:players]
		g, err := skullking.NewGame(players, skullking.WithOptions(o), skullking.WithSeed(uint64(100+game)),
			skullking.WithNames(names...))
		if err != nil {
			t.Fatal(err)
		}
		stood := make([][]protocol.Event, players)
		for steps := 0; !g.Over() && steps < 2000; steps++ {
			// The spectator's view and one seat's in turn: every seat is
			// "you" now and then.
			for _, seat := range []int{-1, steps % players} {
				v := g.View(seat)
				w := protocol.ViewOf(&v)
				words := words.For(w)
				for _, h := range w.Hand {
					if h.Why != nil {
						add(words, w.Named, "refusal", h.Why, words.Refusal(h.Why))
					}
				}
				for _, a := range w.Legal {
					add(words, w.Named, "action", a, words.Action(a))
				}
				for i := range w.Tricks {
					add(words, w.Named, "trick", w.Tricks[i], words.Trick(&w.Tricks[i]))
				}
				if w.LastTrick != nil {
					add(words, w.Named, "trick", w.LastTrick, words.Trick(w.LastTrick))
					add(words, w.Named, "trickScored", w.LastTrick, words.TrickScored(w.LastTrick))
				}
				for _, r := range w.Results {
					for i := range r.Scores {
						add(words, w.Named, "score", r.Scores[i], words.Score(&r.Scores[i]))
					}
				}
			}
			var moves []skullking.Action
			for seat := range players {
				if g.Waiting(seat) {
					moves = append(moves, g.LegalActions(seat, nil)...)
				}
			}
			if len(moves) == 0 {
				t.Fatalf("game %d: nobody can move", game)
			}
			move := moves[rng.IntN(len(moves))]
			if err := g.Apply(move); err != nil {
				t.Fatal(err)
			}
			// Every move as a stand-in's report to its seat would say it.
			if s := int(move.Seat); s >= 0 {
				stood[s] = append(stood[s], *protocol.OwnEventOf(move, o.PirateAbilities, protocol.ByBot))
			}
		}
		// Reports of what a stand-in did for a seat: short ones, every
		// decision worded, and long ones, the count and the latest.
		v := g.View(0)
		w := words.For(protocol.ViewOf(&v))
		for seat, evs := range stood {
			w.You = seat
			for start := 0; start < len(evs); start += 41 {
				for _, n := range []int{3, 9} {
					if start+n <= len(evs) {
						part := evs[start : start+n]
						add(w, o.PirateAbilities, "stoodIn", part, w.StoodIn(part))
					}
				}
			}
		}
	}
	words := words.Words{Names: []string{"Ann", "Ben", "Cat", "Dan"}, You: 1}
	// Tricks random games seldom make: the White Whale with no number, the
	// Tigress first among Escapes.
	all := skullking.DefaultOptions()
	all.Loot, all.Kraken, all.WhiteWhale = true, true, true
	for _, codes := range [][]string{{"ESC", "MER", "PIR", "WHALE"}, {"TIG-E", "ESC", "LOOT", "ESC"}, {"LOOT", "WHALE", "ESC", "SK"}} {
		var plays []skullking.Played
		var used skullking.CardSet
		for i, code := range codes {
			p, err := skullking.ParseCode(code)
			if err != nil {
				t.Fatal(err)
			}
			c := p.Cards()[0]
			for _, d := range p.Cards() {
				if !used.Has(d) {
					c = d
					break
				}
			}
			used = used.With(c)
			plays = append(plays, skullking.Played{Card: c, Seat: int8(i), As: p.As})
		}
		res := skullking.ResolveTrick(plays, &all)
		tr := protocol.TrickOf(&skullking.TrickLog{Round: 3, Number: 2, Plays: plays, Result: res}, &all)
		add(words, false, "trick", &tr, words.Trick(&tr))
	}
	for k, code := range skullking.RefusalCodes() {
		seat, other, count := k%4, (k+1)%4, 2+k%5
		r := &protocol.Refusal{Code: string(code), Seat: seat, Other: &other, Count: &count, Suit: "purple",
			Card: &protocol.CardRef{Card: 40, Code: "P13"}, Seats: []int{other, (other + 1) % 4}, Phase: "cannon"}
		if k%3 == 0 {
			r.Seats, r.Phase = []int{1}, "ability"
		}
		add(words, false, "refusal", r, words.Refusal(r))
	}
	// Every sentence a code may choose, for the viewer and another seat:
	// pirate abilities in every state, captures one and many, decisions
	// of every value.
	for a := skullking.RosieLeads; a <= skullking.HarryMovesBid; a++ {
		for _, state := range []string{protocol.AbilityOffered, protocol.AbilityUsed, protocol.AbilityDeclined} {
			for _, winner := range []int{0, 1} {
				for _, v := range []int{-1, 1, 2} {
					tr := protocol.Trick{Outcome: protocol.OutcomeWon, Winner: winner, Winning: -1, Reason: protocol.ReasonPirate,
						Ability: &protocol.Ability{Pirate: a.String(), State: state, Value: &v}}
					add(words, false, "ability", tr, words.Ability(&tr))
				}
			}
		}
	}
	for k := skullking.CaptureFourteen; k <= skullking.CaptureSkullKing; k++ {
		for _, count := range []int{1, 2} {
			for _, winner := range []int{0, 1} {
				for _, lost := range []bool{false, true} {
					tr := protocol.Trick{Outcome: protocol.OutcomeWon, Winner: winner, Winning: -1, Reason: "made_up",
						Bonus: 30 * count, BonusLost: lost, Bonuses: []protocol.BonusItem{{Kind: k.String(), Count: count}, {Kind: "made_up", Count: 1}}}
					add(words, false, "trick", tr, words.Trick(&tr))
					add(words, false, "bonusScored", tr, words.BonusScored(&tr))
				}
			}
		}
	}
	y3, p13 := 16, 40
	for _, kind := range []string{protocol.KindBid, protocol.KindCannon, protocol.KindRosie, protocol.KindBendt, protocol.KindDiscard,
		protocol.KindWager, protocol.KindHarry, "made_up"} {
		for _, v := range []int{-1, 0, 1, 2} {
			a := protocol.Action{Kind: kind, Value: &v, Card: &y3, Card2: &p13, Code: "Y3 P13"}
			add(words, false, "action", a, words.Action(a))
			e := protocol.Event{Kind: kind, Seat: 1, Value: &v}
			add(words, false, "done", e, words.Done(&e))
		}
	}
	return out
}

// sortOf says what sort of sentence a report makes: a trick's outcome,
// reason, Loot, ability and whether it carries a bonus; a refusal's code;
// an action's kind; a score's parts.
func sortOf(data any) string {
	switch d := data.(type) {
	case *protocol.Trick:
		as := ""
		if d.Winning >= 0 && d.Winning < len(d.Plays) {
			as = d.Plays[d.Winning].As
		}
		s := fmt.Sprint(d.Outcome, d.Reason, len(d.Loot) > 0, d.Bonus > 0, d.BonusLost, as)
		for _, b := range d.Bonuses {
			s += fmt.Sprint(b.Kind, b.Count > 1)
		}
		if d.Ability != nil {
			s += d.Ability.Pirate + d.Ability.State + fmt.Sprint(d.Winner, value(d.Ability.Value))
		}
		return s
	case protocol.Trick:
		return sortOf(&d)
	case *protocol.Refusal:
		return d.Code
	case protocol.Action:
		return d.Kind + d.As + fmt.Sprint(value(d.Value))
	case protocol.Event:
		return d.Kind + d.As + fmt.Sprint(value(d.Value))
	case protocol.SeatScore:
		return fmt.Sprint(d.Exact, d.Bonus > 0, d.BonusPoints > 0, d.Wager != 0, d.LootPoints != 0)
	case []protocol.Event:
		kinds := map[string]bool{}
		for _, e := range d {
			kinds[e.Kind+e.As] = true
		}
		return fmt.Sprint(len(d) > 6, slices.Sorted(maps.Keys(kinds)))
	}
	return ""
}

// value is the sign of a decision's value, -1, 0 or 1, and 2 for none:
// what decides between its sentences.
func value(v *int) int {
	switch {
	case v == nil:
		return 2
	case *v > 1:
		return 1
	}
	return max(*v, -1)
}

// TestWordsAgreeWithProtocol words the same reports in the browser
// (assets/words.js) and in Go (words.Words), sentence for sentence, so
// that a player reads the same in the browser and in the terminal.
func TestWordsAgreeWithProtocol(t *testing.T) {
	cases := wordsCases(t)
	kinds := map[string]int{}
	for _, c := range cases {
		kinds[c.Kind]++
		for _, mark := range []string{`"ability":`, `"loot":[`, `"destroyed"`, `"discarded"`, `"bonus_lost"`, `"wager":`, `"as":"`, `"offered"`} {
			if strings.Contains(string(c.Data), mark) {
				kinds[mark]++
			}
		}
	}
	for _, k := range []string{"trick", "trickScored", "bonusScored", "ability", "done", "refusal", "action", "score", "stoodIn", `"ability":`, `"loot":[`, `"destroyed"`, `"discarded"`, `"bonus_lost"`,
		`"wager":`, `"as":"`, `"offered"`} {
		if kinds[k] < 2 {
			t.Fatalf("only %d cases of %s: the games reported too little (%v)", kinds[k], k, kinds)
		}
	}
	s := startSite(t)
	p := newPage(t, "Ann", 1280, 900)
	p.nav(s.Base + "/rules")
	data, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	got := eval[[]string](p, `(async () => {
		const { Words } = await import('/assets/words.js');
		const { loadCatalog } = await import('/assets/catalog.js');
		await loadCatalog();
		return `+string(data)+`.map((c) => {
			const w = new Words(c.names, c.you, c.named, c.ghost);
			return w[c.kind](c.data);
		});
	})()`)
	if len(got) != len(cases) {
		t.Fatalf("%d sentences for %d cases", len(got), len(cases))
	}
	bad := 0
	for i, c := range cases {
		if got[i] != c.Want {
			bad++
			if bad <= 10 {
				t.Errorf("%s %s (you %d, named %v):\n browser %q\n     Go %q", c.Kind, c.Data, c.You, c.Named, got[i], c.Want)
			}
		}
	}
	if bad > 10 {
		t.Errorf("… and %d more", bad-10)
	}
	t.Logf("%d cases: %v", len(cases), kinds)
}
