package protocol

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/optiontest"
)

// allModules is a rule set with every module, so that every kind of trick,
// ability and score appears.
func allModules() skullking.Options {
	o := skullking.DefaultOptions()
	o.Kraken, o.WhiteWhale, o.PirateAbilities, o.Loot = true, true, true, true
	return o
}

// playRandom plays a random legal action of game g, and reports whether
// anyone could act.
func playRandom(t testing.TB, g *skullking.Game, rng *skullking.Rand) bool {
	t.Helper()
	var buf []skullking.Action
	for s := 0; s < g.Players(); s++ {
		buf = g.LegalActions(s, buf)
	}
	if len(buf) == 0 {
		return false
	}
	if err := g.Apply(buf[rng.IntN(len(buf))]); err != nil {
		t.Fatal(err)
	}
	return true
}

// Every legal action of random games with every module survives the trip
// to the wire and back unchanged, so a client can send back exactly what
// the view listed.
func TestActionsRoundTrip(t *testing.T) {
	rng := skullking.NewRand(3)
	for game := 0; game < 20; game++ {
		g, err := skullking.NewGame(4, skullking.WithOptions(allModules()), skullking.WithSeed(uint64(game)))
		if err != nil {
			t.Fatal(err)
		}
		var buf []skullking.Action
		for !g.Over() {
			for s := 0; s < 4; s++ {
				buf = g.LegalActions(s, buf[:0])
				for _, a := range buf {
					b, _ := json.Marshal(FromAction(a, true))
					var back Action
					if err := json.Unmarshal(b, &back); err != nil {
						t.Fatal(err)
					}
					got, err := ToAction(&back, s)
					if err != nil {
						t.Fatalf("%v: %v", a, err)
					}
					if got != a {
						t.Fatalf("%v came back as %v (wire %s)", a, got, b)
					}
				}
			}
			playRandom(t, g, &rng)
		}
	}
}

// An action may name its card by code instead of id, as a hand-written
// client or bot would.
func TestActionsByCode(t *testing.T) {
	for _, c := range []struct {
		in   string
		want skullking.Action
	}{
		{`{"kind":"play","code":"B11"}`, skullking.Play(1, skullking.NumberCard(skullking.Black, 11))},
		{`{"kind":"play","code":"TIG-P"}`, skullking.PlayTigress(1, skullking.AsPirate)},
		{`{"kind":"play","code":"tig","as":"escape"}`, skullking.PlayTigress(1, skullking.AsEscape)},
		{`{"kind":"discard","code":"G3 SK"}`, skullking.Discard(1, skullking.NumberCard(skullking.Green, 3), skullking.SkullKing)},
		{`{"kind":"bid","value":2}`, skullking.Bid(1, 2)},
	} {
		var a Action
		if err := json.Unmarshal([]byte(c.in), &a); err != nil {
			t.Fatal(err)
		}
		got, err := ToAction(&a, 1)
		if err != nil || got != c.want {
			t.Errorf("%s: %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{`{"kind":"play"}`, `{"kind":"play","code":"Z9"}`, `{"kind":"play","card":74}`,
		`{"kind":"fly"}`, `{"kind":"bid"}`, `{"kind":"bid","value":1000}`, `{"kind":"play","card":1,"as":"king"}`} {
		var a Action
		if err := json.Unmarshal([]byte(in), &a); err != nil {
			t.Fatal(err)
		}
		if _, err := ToAction(&a, 1); err == nil {
			t.Errorf("%s was read as an action", in)
		}
	}
}

func TestEventsKeepSecrets(t *testing.T) {
	if e := EventOf(skullking.Bid(2, 3), false, ByPlayer); e.Value != nil {
		t.Fatalf("a bid event carries its amount: %+v", e)
	}
	if e := EventOf(skullking.Decision(skullking.ActionCannon, 1, 1), false, ByBot); e.Value != nil {
		t.Fatalf("a cannon event carries the load: %+v", e)
	}
	if e := EventOf(skullking.Discard(1, 3, 4), false, ByPlayer); e.Card != nil {
		t.Fatalf("a discard event names cards: %+v", e)
	}
	if e := EventOf(skullking.PlayTigress(0, skullking.AsEscape), false, ByPlayer); e.Card == nil || e.Card.Code != "TIG-E" || e.As != "escape" {
		t.Fatalf("a played Tigress: %+v", e)
	}
}

// Every view of random games, for every seat and the spectator, passes the
// decoder's checks, and decoding then encoding it again changes nothing: a
// client reads exactly what the server meant.
func TestViewsDecodeAsEncoded(t *testing.T) {
	for _, players := range []int{2, 4, 8} {
		o := allModules()
		if players == 2 {
			o.Loot = false
		}
		g, err := skullking.NewGame(players, skullking.WithOptions(o), skullking.WithSeed(uint64(players)))
		if err != nil {
			t.Fatal(err)
		}
		rng := skullking.NewRand(uint64(players))
		for step := 0; !g.Over(); step++ {
			if step%3 == 0 || g.Phase() == skullking.PhaseAbility {
				for seat := skullking.Spectator; seat < players; seat++ {
					v := g.View(seat)
					b, err := Encode(ServerMsg{Type: TypeState, Seq: int64(step), View: ViewOf(&v)})
					if err != nil {
						t.Fatal(err)
					}
					m, err := DecodeServer(b)
					if err != nil {
						t.Fatalf("%d players, seat %d, step %d: %v\n%s", players, seat, step, err, b)
					}
					again, _ := Encode(m)
					if string(again) != string(b) {
						t.Fatalf("decoded and encoded again:\n%s\nwas\n%s", again, b)
					}
					head, err := DecodeServerHeading(b)
					if err != nil || head.Type != TypeState || head.Seq != int64(step) || head.View != nil {
						t.Fatalf("step %d: the heading %+v, %v", step, head, err)
					}
					brief, err := DecodeServerWithoutResults(b)
					if err != nil {
						t.Fatalf("%d players, seat %d, step %d, without results: %v", players, seat, step, err)
					}
					if brief.View.Results != nil {
						t.Fatalf("step %d: the results were read", step)
					}
					whole := *m.View
					whole.Results = nil
					if !reflect.DeepEqual(*brief.View, whole) || brief.Seq != m.Seq || brief.Type != m.Type {
						t.Fatalf("step %d: without results, the rest differs:\n%+v\nwant\n%+v", step, *brief.View, whole)
					}
					toAct, err := DecodeServerToAct(b)
					if err != nil {
						t.Fatalf("%d players, seat %d, step %d, to act: %v", players, seat, step, err)
					}
					whole = View{Seat: whole.Seat, Phase: whole.Phase, Legal: whole.Legal} // all it reads
					if !reflect.DeepEqual(*toAct.View, whole) || toAct.Seq != m.Seq || toAct.Type != m.Type {
						t.Fatalf("step %d: to act, the rest differs:\n%+v\nwant\n%+v", step, *toAct.View, whole)
					}
				}
			}
			playRandom(t, g, &rng)
		}
	}
}

// The shared encoder writes exactly what encoding a whole ServerMsg writes.
func TestStateEncoderMatchesServerMsg(t *testing.T) {
	o := skullking.DefaultOptions()
	o.PirateAbilities = true
	g, _ := skullking.NewGame(3, skullking.WithOptions(o), skullking.WithSeed(9))
	rng := skullking.NewRand(1)
	for step := 0; step < 150 && !g.Over(); step++ {
		playRandom(t, g, &rng)
		ev := &Event{Kind: KindPlay, Seat: 1, By: ByPlayer}
		if step%2 == 0 {
			ev = nil // a state after a reconnect, say, tells no event
		}
		deadline := int64(5)
		if step%3 == 0 {
			deadline = 0 // no turn timer
		}
		v0 := g.View(-1)
		enc, err := NewStateEncoder(&v0, int64(step), ev, deadline)
		if err != nil {
			t.Fatal(err)
		}
		for seat := -1; seat < 3; seat++ {
			v := g.View(seat)
			got, err := enc.Encode(&v, true)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := Encode(ServerMsg{Type: TypeState, Seq: int64(step), View: ViewOf(&v), Event: ev, Deadline: deadline})
			if !sameJSON(got, want) {
				t.Fatalf("step %d seat %d:\n got %s\nwant %s", step, seat, got, want)
			}
			// Without its sheet, the same state but for the results, which
			// a reader takes from the view before.
			short, err := enc.Encode(&v, false)
			if err != nil {
				t.Fatal(err)
			}
			m, err := DecodeServer(short)
			if err != nil {
				t.Fatalf("step %d seat %d: %v\n%s", step, seat, err, short)
			}
			if m.View.Results != nil {
				t.Fatalf("step %d seat %d: results written: %s", step, seat, short)
			}
			m.View.KeepResults(ViewOf(&v))
			if got, _ := Encode(m); !sameJSON(got, want) {
				t.Fatalf("step %d seat %d, results kept:\n got %s\nwant %s", step, seat, got, want)
			}
		}
	}
}

func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// Decoding rejects views a client could not draw safely, each with what is
// wrong.
func TestDecodeServerRefusesBrokenViews(t *testing.T) {
	g, _ := skullking.NewGame(3, skullking.WithSeed(2))
	v := g.View(0)
	good := ViewOf(&v)
	for _, c := range []struct {
		name   string
		break_ func(w *View)
	}{
		{"a seat of the view out of range", func(w *View) { w.Seat = 5 }},
		{"too many seats", func(w *View) { w.Seats = make([]SeatInfo, 12) }},
		{"a card id no card has", func(w *View) { w.Hand[0].Card = 99 }},
		{"an unknown phase", func(w *View) { w.Phase = "dancing" }},
		{"a turn of no seat", func(w *View) { w.Turn = 7 }},
		{"a winning card off the trick", func(w *View) { w.Winning = 3 }},
		{"a trick played by no seat", func(w *View) { w.Trick = []Play{{Seat: 9, CardRef: CardRef{Card: 1}}} }},
		{"a score no game reaches", func(w *View) { w.Seats[1].Total = 1 << 40 }},
		{"a spectator holding cards", func(w *View) { w.Seat = -1 }},
		{"a result short of seats", func(w *View) { w.Results = []Result{{Round: 1, Bids: []int{1}}} }},
		{"a completed trick won by a card of another seat", func(w *View) {
			w.Tricks = []Trick{{Plays: []Play{{Seat: 0, CardRef: CardRef{Card: 1}}, {Seat: 1, CardRef: CardRef{Card: 2}}},
				Outcome: OutcomeWon, Winner: 1, Winning: 0, Leader: 1}}
		}},
	} {
		w := *good
		w.Seats = append([]SeatInfo(nil), good.Seats...)
		w.Hand = append([]HandCard(nil), good.Hand...)
		c.break_(&w)
		b, _ := Encode(ServerMsg{Type: TypeState, View: &w})
		if _, err := DecodeServer(b); err == nil {
			t.Errorf("%s: decoded without an error", c.name)
		}
		if _, err := DecodeServerWithoutResults(b); err == nil && len(w.Results) == 0 {
			t.Errorf("%s: decoded without results and without an error", c.name)
		}
		// DecodeServerToAct steps over most of a view unchecked: it refuses
		// only what breaks the parts it reads (glance_test.go).
	}
	for _, frame := range []string{``, `[]`, `{"type":"state"} {}`, `{"view":{}}`, `"hello"`, `{"type":1}`,
		`{"type":"state","view":{"seat":0,"results":[}}`} {
		if _, err := DecodeServer([]byte(frame)); err == nil {
			t.Errorf("%q decoded without an error", frame)
		}
		if _, err := DecodeServerWithoutResults([]byte(frame)); err == nil {
			t.Errorf("%q decoded without results and without an error", frame)
		}
		if _, err := DecodeServerToAct([]byte(frame)); err == nil {
			t.Errorf("%q decoded to act and without an error", frame)
		}
		if _, err := DecodeServerHeading([]byte(frame)); err == nil {
			t.Errorf("%q decoded as a heading without an error", frame)
		}
	}
}

func TestDecodeClient(t *testing.T) {
	m, err := DecodeClient([]byte(`{"type":"act","id":7,"action":{"kind":"bid","value":2},"later":true}`))
	if err != nil || m.Type != TypeAct || m.ID != 7 || m.Action == nil || *m.Action.Value != 2 {
		t.Fatalf("%+v, %v", m, err)
	}
	for _, frame := range []string{``, `null`, `{}`, `{"type":5}`, `{"type":"act"}x`, strings.Repeat(" ", MaxFrame+1)} {
		if _, err := DecodeClient([]byte(frame)); err == nil {
			t.Errorf("%q decoded without an error", frame)
		}
	}
}

// The view carries the last trick with its reason and bonus until the
// next trick's first card, a round's last trick into the next bidding.
func TestViewKeepsTheLastTrickOfARound(t *testing.T) {
	g, _ := skullking.NewGame(3, skullking.WithSeed(4))
	rng := skullking.NewRand(4)
	for g.Round() == 1 {
		playRandom(t, g, &rng)
	}
	v := g.View(0)
	w := ViewOf(&v)
	if w.Phase != PhaseBidding || w.LastTrick == nil || w.LastTrick.Round != 1 || w.LastTrick.Number != 1 ||
		w.LastTrick.Reason == "" || len(w.LastTrick.Plays) != 3 {
		t.Fatalf("round 2's bidding shows last trick %+v", w.LastTrick)
	}
	if len(w.Results) != 1 || len(w.Results[0].Scores) != 3 {
		t.Fatalf("results %+v", w.Results)
	}
	for s, sc := range w.Results[0].Scores {
		if sc.Total != w.Results[0].Points[s] {
			t.Fatalf("seat %d's score %+v does not add up to %d", s, sc, w.Results[0].Points[s])
		}
	}
}

// The catalogue gives every card the codes a client names it by: its kind,
// a number's suit and rank, a named Pirate's code.
func TestCardCatalogue(t *testing.T) {
	cards := Cards()
	if len(cards) != skullking.NumCards {
		t.Fatalf("%d cards", len(cards))
	}
	for i, c := range cards {
		number := c.Kind == "number"
		if c.Card != i || c.Kind == "" || number != (c.Suit != "" && c.Rank > 0) {
			t.Errorf("card %d: %+v", i, c)
		}
	}
	harry := CardRef{Card: int(skullking.Harry), Code: "HARRY"}
	pirate := CardRef{Card: int(skullking.Harry), Code: "PIR"}
	if info, _ := harry.Info(); info.Pirate != "harry" || !harry.Named() || pirate.Named() {
		t.Errorf("Harry is %+v, named %v by HARRY, %v by PIR", info, harry.Named(), pirate.Named())
	}
}

// Every option of the engine's table is listed with its default and range,
// and no words: a client names it from the locale catalogue.
func TestRuleOptions(t *testing.T) {
	checkRuleOptions(t, skullking.OptionSpecs(), RuleOptions())
}

// TestRuleOptionsTakeANewRule: a house rule added to the table is listed
// as the others are, with its unit and standard value, by no more code.
func TestRuleOptionsTakeANewRule(t *testing.T) {
	specs := optiontest.WithHouseRule(skullking.UnitTricks)
	infos := RuleOptionsOf(specs)
	checkRuleOptions(t, specs, infos)
	if o := infos[len(infos)-1]; o.Key != optiontest.Key || o.Default != optiontest.Default || o.Unit != "tricks" ||
		o.Group != "house" || o.In != InOptions {
		t.Fatalf("the new rule is listed as %+v", o)
	}
}

// checkRuleOptions checks the option list infos of the table specs.
func checkRuleOptions(t *testing.T, specs []skullking.OptionSpec, infos []OptionInfo) {
	t.Helper()
	if len(infos) != len(specs) {
		t.Fatalf("%d options listed of %d", len(infos), len(specs))
	}
	b, _ := json.Marshal(infos)
	var back []map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for i, o := range back {
		for _, k := range []string{"key", "type", "default", "group", "in"} {
			if _, ok := o[k]; !ok {
				t.Errorf("%s has no %q", specs[i].Key, k)
			}
		}
		for _, k := range []string{"help", "label"} {
			if _, ok := o[k]; ok {
				t.Errorf("%s has a %q: its words are the catalogue's", specs[i].Key, k)
			}
		}
		_, hasChoices := o["choices"]
		_, hasMin := o["min"]
		_, hasUnit := o["unit"]
		want := map[string][3]bool{"int": {false, true, true}, "bool": {false, false, false}, "choice": {true, false, false},
			"schedule": {true, false, false}}
		if w := want[o["type"].(string)]; w != [3]bool{hasChoices, hasMin, hasUnit} {
			t.Errorf("%s (%s): choices %v, min %v, unit %v", specs[i].Key, o["type"], hasChoices, hasMin, hasUnit)
		}
		if hasUnit && o["unit"] != string(specs[i].Unit) {
			t.Errorf("%s: unit %v, want the table's %q", specs[i].Key, o["unit"], specs[i].Unit)
		}
	}
}

// BenchmarkStateEncode is a broadcast's encoding at a 4-player table late
// in a game (round 9): the shared parts once, then each seat's message,
// with the score sheet and without it (results_once), and the bytes a
// frame takes each way.
func BenchmarkStateEncode(b *testing.B) {
	g, _ := skullking.NewGame(4, skullking.WithSeed(3))
	rng := skullking.NewRand(3)
	for g.Round() < 9 {
		playRandom(b, g, &rng)
	}
	views := make([]skullking.View, 4)
	for s := range views {
		views[s] = g.View(s)
	}
	ev := &Event{Kind: KindPlay, Seat: 1, By: ByPlayer}
	for _, sheet := range []bool{true, false} {
		name := "sheet"
		if !sheet {
			name = "sheet-once"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			size := 0
			for b.Loop() {
				enc, err := NewStateEncoder(&views[0], 100, ev, 0)
				if err != nil {
					b.Fatal(err)
				}
				size = 0
				for s := range views {
					f, err := enc.Encode(&views[s], sheet)
					if err != nil {
						b.Fatal(err)
					}
					size += len(f)
				}
			}
			b.ReportMetric(float64(size)/float64(len(views)), "B/frame")
		})
	}
}

// A completed trick says its bonus is lost exactly when the engine does:
// the winner's seat (SeatInfo.BonusLost) while its round is played, and a
// round scored without the bonus once it is over; and a trick's lost bonus
// never counts in the round's score.
func TestTrickBonusLostAsTheEngineReports(t *testing.T) {
	lost, counting := 0, 0
	for seed := uint64(1); seed <= 30; seed++ {
		g, _ := skullking.NewGame(4, skullking.WithOptions(allModules()), skullking.WithSeed(seed))
		rng := skullking.NewRand(seed)
		told := map[[2]int]bool{} // round, trick → told lost
		for playRandom(t, g, &rng) {
			v := g.View(-1)
			w := ViewOf(&v)
			for _, tr := range append(append([]Trick(nil), w.Tricks...), derefTrick(w.LastTrick)...) {
				if tr.Bonus <= 0 || tr.Winner < 0 {
					continue
				}
				if tr.Round == w.Round && len(w.Results) < w.Round && tr.BonusLost != w.Seats[tr.Winner].BonusLost {
					t.Fatalf("seed %d: trick %d.%d bonus_lost %v, the seat's %v", seed, tr.Round, tr.Number, tr.BonusLost, w.Seats[tr.Winner].BonusLost)
				}
				if tr.BonusLost {
					told[[2]int{tr.Round, tr.Winner}] = true
				}
			}
			for _, r := range w.Results {
				for s, sc := range r.Scores {
					if told[[2]int{r.Round, s}] {
						if sc.BonusPoints != 0 {
							t.Fatalf("seed %d: round %d: seat %d's bonus was told lost and counted %d", seed, r.Round, s, sc.BonusPoints)
						}
						delete(told, [2]int{r.Round, s})
						lost++
					} else if sc.BonusPoints > 0 {
						counting++
					}
				}
			}
		}
	}
	if lost == 0 || counting == 0 {
		t.Fatalf("%d lost bonuses and %d counting: the games showed too little", lost, counting)
	}
}

func derefTrick(t *Trick) []Trick {
	if t == nil {
		return nil
	}
	return []Trick{*t}
}
