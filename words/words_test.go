package words

import (
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// trickOf resolves cards played in order by seats 0, 1, 2… into a wire
// trick, as the engine reports a completed one.
func trickOf(t *testing.T, o skullking.Options, codes ...string) *protocol.Trick {
	t.Helper()
	var plays []skullking.Played
	for i, code := range codes {
		p, err := skullking.ParseCode(code)
		if err != nil {
			t.Fatal(err)
		}
		c := p.Cards()[0]
		for _, q := range plays {
			if q.Card == c { // a second copy of the face
				c = p.Cards()[1]
			}
		}
		plays = append(plays, skullking.Played{Card: c, Seat: int8(i), As: p.As})
	}
	res := skullking.ResolveTrick(plays, &o)
	w := protocol.TrickOf(&skullking.TrickLog{Round: 1, Number: 1, Plays: plays, Result: res}, &o)
	return &w
}

var abcd = Words{Names: []string{"Ann", "Ben", "Cat", "Dan"}, You: 0}

// The worked examples of docs/rules.md §10, in a player's words.
func TestWords_TrickSentences(t *testing.T) {
	o := skullking.DefaultOptions()
	for _, c := range []struct {
		codes []string
		want  string
	}{
		{[]string{"Y12", "Y5", "P14"}, "Your yellow 12 wins: the highest card of the suit led wins. +10 for a colour 14 if your bid is exact."},
		{[]string{"SK", "PIR", "PIR"}, "Your Skull King wins: the Skull King beats every Pirate and number. +60 for 2 Pirates if your bid is exact."},
		{[]string{"PIR", "SK", "MER"}, "Cat's Mermaid wins: a Mermaid takes the Skull King. +40 for the Skull King if Cat's bid is exact."},
		{[]string{"ESC", "B3", "G14"}, "Ben's black 3 wins: the highest black (trump) wins. +10 for a colour 14 if Ben's bid is exact."},
		{[]string{"TIG-E", "ESC", "ESC"}, "Your Tigress (as an Escape) wins: only Escapes were played: the first one wins."},
	} {
		if got := abcd.Trick(trickOf(t, o, c.codes...)); got != c.want {
			t.Errorf("%v:\n got %q\nwant %q", c.codes, got, c.want)
		}
	}
	o.Kraken, o.WhiteWhale, o.Loot = true, true, true
	for _, c := range []struct {
		codes []string
		want  string
	}{
		{[]string{"Y12", "B3", "WHALE", "KRAKEN"}, "The Kraken destroys the trick: nobody wins it. Ben would have won and leads next."},
		{[]string{"ESC", "MER", "PIR", "WHALE"}, "The White Whale with no number played: the trick is discarded and Dan leads next."},
		{[]string{"LOOT", "G5", "G9"}, "Cat's green 9 wins: the highest card of the suit led wins. Your Loot allies with Cat."},
	} {
		if got := abcd.Trick(trickOf(t, o, c.codes...)); got != c.want {
			t.Errorf("%v:\n got %q\nwant %q", c.codes, got, c.want)
		}
	}
}

// A trick Graybeard wins counts for nobody and carries nothing
// (docs/rules.md §9).
func TestWords_GraybeardsTrick(t *testing.T) {
	w := Words{Names: []string{"Ann", "Ben", "Graybeard"}, You: 0, Ghost: 2}
	got := w.Trick(trickOf(t, skullking.DefaultOptions(), "G7", "G14", "B2"))
	if want := "Graybeard's black 2 wins: the highest black (trump) wins. Graybeard takes it for nobody."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Refusals are worded for the seat that tried, with card names, never
// codes.
func TestWords_Refusals(t *testing.T) {
	g, err := skullking.NewGame(4, skullking.WithNames("Ann", "Ben", "Cat", "Dan"), skullking.WithSeed(11))
	if err != nil {
		t.Fatal(err)
	}
	rng := skullking.NewRand(2)
	seen := map[string]bool{}
	for !g.Over() && len(seen) < 3 {
		for seat := 0; seat < 4; seat++ {
			v := g.View(seat)
			w := protocol.ViewOf(&v)
			words := For(w)
			for _, h := range w.Hand {
				if h.Why == nil {
					continue
				}
				s := words.Refusal(h.Why)
				seen[h.Why.Code] = true
				for _, code := range []string{"B1", "G1", "Y1", "P1", "SK", "MER", "ESC", "TIG", "PIR"} {
					if strings.Contains(" "+s+" ", " "+code) && !strings.Contains(s, "the "+code) {
						t.Fatalf("%q names a card by its code", s)
					}
				}
				if !strings.HasSuffix(s, ".") || s != protocol.Capital(s) {
					t.Fatalf("%q is not a sentence", s)
				}
			}
		}
		playOne(g, &rng)
	}
	for _, code := range []string{"bidding_not_over", "not_your_turn", "must_follow_suit"} {
		if !seen[code] {
			t.Errorf("no %s refusal seen in a game", code)
		}
	}
	r := &protocol.Refusal{Code: "must_follow_suit", Seat: 0, Suit: "yellow", Card: &protocol.CardRef{Card: 16, Code: "Y3"}}
	if got, want := abcd.Refusal(r), "You must follow yellow: you hold the yellow 3. A special card may always be played."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	other := 3
	if got, want := abcd.Refusal(&protocol.Refusal{Code: "not_your_turn", Other: &other}), "It is Dan's turn."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Every refusal code the engine has is worded, not left as its code.
func TestWords_EveryRefusalCode(t *testing.T) {
	for _, code := range skullking.RefusalCodes() {
		s := abcd.Refusal(&protocol.Refusal{Code: string(code)})
		if strings.Contains(s, "not allowed now (") {
			t.Errorf("%s has no sentence: %q", code, s)
		}
	}
}

// Every reason, capture and pirate ability the engine reports is worded
// from the catalogue, for the viewer and for another seat, never left as
// its code or as a missing sentence's id.
func TestWords_EveryCodeHasASentence(t *testing.T) {
	o := skullking.DefaultOptions()
	for _, r := range []skullking.Reason{skullking.ByMermaidOverSkullKing, skullking.BySkullKing, skullking.ByPirate,
		skullking.ByMermaid, skullking.ByTrump, skullking.BySuit, skullking.ByFirstEscape, skullking.ByWhaleHighest,
		skullking.ByKraken, skullking.ByWhaleDiscard} {
		tr := protocol.TrickOf(&skullking.TrickLog{Result: skullking.TrickResult{Reason: r}}, &o)
		if tr.Reason == "" || !locale.For(locale.Base).Has("reason."+tr.Reason) {
			t.Errorf("reason %v (%q) has no sentence", r, tr.Reason)
		}
	}
	for k := skullking.CaptureFourteen; k <= skullking.CaptureSkullKing; k++ {
		if !locale.For(locale.Base).Has("bonus." + k.String()) {
			t.Errorf("capture %s has no phrase", k)
		}
	}
	for a := skullking.RosieLeads; a <= skullking.HarryMovesBid; a++ {
		for _, state := range []string{protocol.AbilityOffered, protocol.AbilityUsed, protocol.AbilityDeclined} {
			for _, winner := range []int{0, 1} {
				for _, v := range []int{-1, 1, 2} {
					tr := &protocol.Trick{Winner: winner, Ability: &protocol.Ability{Pirate: a.String(), State: state, Value: &v}}
					s := abcd.Ability(tr)
					if (s == "") != (a == skullking.JuanitaLooks && state == protocol.AbilityOffered) || strings.Contains(s, "[") {
						t.Errorf("%s %s (winner %d, value %d): %q", a, state, winner, v, s)
					}
				}
			}
		}
	}
}

func TestWords_Score(t *testing.T) {
	s := protocol.SeatScore{Bid: 2, Won: 3, BidPoints: -10, Bonus: 50, Total: -10}
	if got, want := abcd.Score(&s), "bid 2, won 3: −10; 50 bonus forfeited = −10"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	s = protocol.SeatScore{Bid: 2, Won: 2, Exact: true, BidPoints: 40, Wager: 20, WagerPoints: 20, Total: 60}
	if got, want := abcd.Score(&s), "bid 2, won 2: +40; +20 wager = +60"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Rule: a trick of a round already scored tells its bonus as the score
// settled it, never as if the winner's bid were still to be made.
func TestTrickScoredTellsTheBonusInThePast(t *testing.T) {
	w := Words{Names: []string{"Ann", "Ben", "Cat"}, You: 0}
	trick := func(winner int, lost bool) *protocol.Trick {
		return &protocol.Trick{Round: 3, Number: 3, Outcome: protocol.OutcomeWon, Winner: winner, Winning: 0, Reason: protocol.ReasonSkullKing,
			Plays: []protocol.Play{{Seat: winner, CardRef: protocol.CardRef{Code: "SK"}}}, Bonus: 60, BonusLost: lost,
			Bonuses: []protocol.BonusItem{{Kind: "skull_king_pirate", Count: 2, Points: 60}}}
	}
	for _, c := range []struct {
		t         *protocol.Trick
		now, past string
	}{
		{trick(1, false), "+60 for 2 Pirates if Ben's bid is exact.", "The +60 for 2 Pirates counted."},
		{trick(1, true), "The +60 for 2 Pirates is lost: Ben's bid can no longer hold.", "The +60 for 2 Pirates was lost: Ben's bid was missed."},
		{trick(0, true), "The +60 for 2 Pirates is lost: your bid can no longer hold.", "The +60 for 2 Pirates was lost: your bid was missed."},
	} {
		now, past := w.Trick(c.t), w.TrickScored(c.t)
		if !endsWith(now, c.now) || !endsWith(past, c.past) {
			t.Errorf("playing: %q, want it to end %q; scored: %q, want it to end %q", now, c.now, past, c.past)
		}
		if got := w.BonusScored(c.t); got != c.past {
			t.Errorf("BonusScored: %q, want %q", got, c.past)
		}
	}
}

func endsWith(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}

// allModules are the standard rules with every module on.
var allModules = func() skullking.Options {
	o := skullking.DefaultOptions()
	o.Kraken, o.WhiteWhale, o.PirateAbilities, o.Loot = true, true, true, true
	return o
}()

// playOne plays one of the legal actions of every seat of g, at random.
func playOne(g *skullking.Game, rng *skullking.Rand) {
	var buf []skullking.Action
	for s := 0; s < g.Players(); s++ {
		buf = g.LegalActions(s, buf)
	}
	if len(buf) > 0 {
		_ = g.Apply(buf[rng.IntN(len(buf))])
	}
}

// FuzzDecodeServer feeds frames a hostile server could send: decoding
// never panics, and whatever decodes can be worded and its actions read
// without panicking either, as a client would.
func FuzzDecodeServer(f *testing.F) {
	g, _ := skullking.NewGame(3, skullking.WithOptions(allModules), skullking.WithSeed(5))
	rng := skullking.NewRand(5)
	for step := 0; step < 60 && !g.Over(); step++ {
		if step%10 == 0 {
			v := g.View(step % 3)
			b, _ := protocol.Encode(protocol.ServerMsg{Type: protocol.TypeState, Seq: int64(step), View: protocol.ViewOf(&v)})
			f.Add(b)
		}
		playOne(g, &rng)
	}
	f.Add([]byte(`{"type":"error","code":"illegal","refusal":{"code":"must_follow_suit","seat":0,"suit":"yellow","card":{"card":16,"code":"Y3"}}}`))
	f.Add([]byte(`{"type":"table","table":{"id":"x","seats":[{"seat":0,"kind":"open"}],"host":-1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := protocol.DecodeServer(data)
		_, errAct := protocol.DecodeServerToAct(data) // never panics either
		if err != nil {
			return
		}
		if errAct != nil {
			t.Fatalf("a frame read whole is refused to act: %v", errAct)
		}
		if m.Refusal != nil {
			abcd.Refusal(m.Refusal)
		}
		if v := m.View; v != nil {
			w := For(v)
			for i := range v.Tricks {
				w.Trick(&v.Tricks[i])
			}
			if v.LastTrick != nil {
				w.Trick(v.LastTrick)
			}
			for _, h := range v.Hand {
				if h.Why != nil {
					w.Refusal(h.Why)
				}
				w.Card(h.CardRef)
			}
			for i := range v.Legal {
				w.Action(v.Legal[i])
				_, _ = protocol.ToAction(&v.Legal[i], v.Seat)
			}
			for _, r := range v.Results {
				for i := range r.Scores {
					w.Score(&r.Scores[i])
				}
			}
		}
	})
}
