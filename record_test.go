package skullking

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/internal/goldenrecords"
)

// docs/record.md: a record may stop early (a game in progress). Every point of a
// game — mid-bid, mid-trick, mid-decision — writes a record that replays to
// the same scores, with the same current round.
func TestRecord_EveryPrefixReplays(t *testing.T) {
	for n := 2; n <= 8; n++ {
		for i, set := range moduleSets(n) {
			o := DefaultOptions()
			withModules(&o, set, n)
			if set == "all" || set == "pirate_abilities" {
				o.Scoring, o.CannonLoad = RascalScoring, n%2 == 0
			}
			o.Schedule, o.ScheduleCards = "custom", []int{3, 5, 2}
			seed := uint64(1000*n + i)
			t.Run(fmt.Sprintf("%d players %s", n, set), func(t *testing.T) {
				g := newGame(t, n, WithOptions(o), WithSeed(seed))
				r := NewRand(seed)
				for step := 0; ; step++ {
					b, _, g2, err := rereadRecord(RecordOf(g))
					if err != nil {
						t.Fatalf("step %d, phase %v: the record of a game in progress: %v\n%s", step, g.Phase(), err, b)
					}
					// A decision awaited when the record stops is written as
					// pending, and the replay waits for it too (Harry's after
					// the last trick included).
					if !reflect.DeepEqual(g2.Results(), g.Results()) || g2.Round() != g.Round() || g2.Phase() != g.Phase() || g2.Turn() != g.Turn() {
						t.Fatalf("step %d: replayed to round %d (phase %v, turn %d), the game is at round %d (phase %v, turn %d)\n%s",
							step, g2.Round(), g2.Phase(), g2.Turn(), g.Round(), g.Phase(), g.Turn(), b)
					}
					if g.Over() {
						break
					}
					stepRandom(t, g, &r)
				}
			})
		}
	}
}

// A record marshals, parses and marshals again to the same bytes.
func TestRecord_MarshalIsStable(t *testing.T) {
	o := DefaultOptions()
	o.PirateAbilities, o.Kraken, o.WhiteWhale, o.Loot = true, true, true, true
	o.Scoring, o.CannonLoad = RascalScoring, true
	o.Schedule, o.ScheduleCards = "custom", []int{2, 4}
	o.KrakenLead = KrakenLeadLeftOfKraken
	g := newGame(t, 5, WithOptions(o), WithSeed(77), WithNames("Ann", "Ben", "Cat", "Dan", "Eve"))
	r := NewRand(77)
	playUntil(t, g, &r, func(*Game) bool { return false })
	b1, err := RecordOf(g).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ParseRecord(b1)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rec.Options, o) {
		t.Errorf("options read back as %+v, want %+v", rec.Options, o)
	}
	b2, err := rec.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if string(b1) != string(b2) {
		t.Errorf("marshal is not stable:\n%s\n%s", b1, b2)
	}
}

// docs/record.md's options table, key by key: each is read into its field, and
// written back only when it differs from the standard rules.
func TestRecord_OptionKeys(t *testing.T) {
	cases := []struct {
		json string
		want func(*Options)
	}{
		{`{"rounds": 5}`, func(o *Options) { o.Rounds = 5 }},
		{`{"schedule": "standard"}`, func(o *Options) {}},
		{`{"schedule": "even-keeled"}`, func(o *Options) { o.Schedule = "even-keeled" }},
		{`{"schedule": "skip-to-the-brawl"}`, func(o *Options) { o.Schedule = "skip-to-the-brawl" }},
		{`{"schedule": "swift-n-salty"}`, func(o *Options) { o.Schedule = "swift-n-salty" }},
		{`{"schedule": "broadside"}`, func(o *Options) { o.Schedule = "broadside" }},
		{`{"schedule": "whirlpool"}`, func(o *Options) { o.Schedule = "whirlpool" }},
		{`{"schedule": "bedtime"}`, func(o *Options) { o.Schedule = "bedtime" }},
		{`{"schedule": [3, 12, 1]}`, func(o *Options) { o.Schedule, o.ScheduleCards = "custom", []int{3, 12, 1} }},
		{`{"points_per_trick": 30}`, func(o *Options) { o.PointsPerTrick = 30 }},
		{`{"miss_penalty": 5}`, func(o *Options) { o.MissPenalty = 5 }},
		{`{"zero_points": 20}`, func(o *Options) { o.ZeroPoints = 20 }},
		{`{"zero_scaling": "cards"}`, func(o *Options) {}},
		{`{"zero_scaling": "round"}`, func(o *Options) { o.ZeroScaling = ZeroByRound }},
		{`{"zero_scaling": "flat"}`, func(o *Options) { o.ZeroScaling = ZeroFlat }},
		{`{"keep_bonus_on_miss": true}`, func(o *Options) { o.KeepBonusOnMiss = true }},
		{`{"bonuses": false}`, func(o *Options) { o.Bonuses = false }},
		{`{"bonus_fourteen": 5}`, func(o *Options) { o.BonusFourteen = 5 }},
		{`{"bonus_black_fourteen": 30}`, func(o *Options) { o.BonusBlackFourteen = 30 }},
		{`{"bonus_pirate_mermaid": 25}`, func(o *Options) { o.BonusPirateMermaid = 25 }},
		{`{"bonus_skull_king_pirate": 35}`, func(o *Options) { o.BonusSkullKingPirate = 35 }},
		{`{"bonus_mermaid_skull_king": 50}`, func(o *Options) { o.BonusMermaidSkullKing = 50 }},
		{`{"scoring": "rascal"}`, func(o *Options) { o.Scoring = RascalScoring }},
		{`{"scoring": "rascal", "cannon_load": true}`, func(o *Options) { o.Scoring, o.CannonLoad = RascalScoring, true }},
		{`{"loot": true}`, func(o *Options) { o.Loot = true }},
		{`{"kraken": true}`, func(o *Options) { o.Kraken = true }},
		{`{"white_whale": true}`, func(o *Options) { o.WhiteWhale = true }},
		{`{"pirate_abilities": true}`, func(o *Options) { o.PirateAbilities = true }},
		{`{"loot_bonus": 30}`, func(o *Options) { o.LootBonus = 30 }},
		{`{"kraken_lead": "left-of-kraken"}`, func(o *Options) { o.KrakenLead = KrakenLeadLeftOfKraken }},
		{`{"tiebreak": false}`, func(o *Options) { o.Tiebreak = false }},
	}
	for _, tc := range cases {
		var got Options
		if err := got.UnmarshalJSON([]byte(tc.json)); err != nil {
			t.Errorf("%s: %v", tc.json, err)
			continue
		}
		want := DefaultOptions()
		tc.want(&want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read as %+v, want %+v", tc.json, got, want)
		}
		b, err := got.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var again Options
		if err := again.UnmarshalJSON(b); err != nil || !reflect.DeepEqual(again, want) {
			t.Errorf("%s: written as %s, read back as %+v (%v)", tc.json, b, again, err)
		}
	}
	b, _ := DefaultOptions().MarshalJSON()
	if string(b) != "{}" {
		t.Errorf("the standard rules write %s, want {}", b)
	}
}

func TestRecord_BadOptions(t *testing.T) {
	for _, js := range []string{
		`{"colour": "blue"}`,
		`{"rounds": "ten"}`,
		`{"rounds": 1.5}`,
		`{"schedule": "marathon"}`,
		`{"schedule": []}`,
		`{"schedule": ["a"]}`,
		`{"zero_scaling": "trick"}`,
		`{"scoring": "bridge"}`,
		`{"bonuses": "yes"}`,
		`{"kraken_lead": "right"}`,
		`[1, 2]`,
	} {
		var o Options
		if err := o.UnmarshalJSON([]byte(js)); !errors.Is(err, ErrBadOptions) {
			t.Errorf("%s: %v, want ErrBadOptions", js, err)
		}
	}
	for _, tc := range []struct {
		players int
		edit    func(*Options)
	}{
		{1, func(o *Options) {}},
		{9, func(o *Options) {}},
		{4, func(o *Options) { o.Rounds = 0 }},
		{4, func(o *Options) { o.Rounds = 101 }},
		{4, func(o *Options) { o.Schedule, o.ScheduleCards = "custom", []int{3, 0} }},
		{4, func(o *Options) { o.CannonLoad = true }},
		{2, func(o *Options) { o.Loot = true }},
		{4, func(o *Options) { o.PointsPerTrick = -1 }},
		{4, func(o *Options) { o.BonusMermaidSkullKing = 5000 }},
	} {
		o := DefaultOptions()
		tc.edit(&o)
		if err := o.Validate(tc.players); !errors.Is(err, ErrBadOptions) {
			t.Errorf("%d players, %+v: %v, want ErrBadOptions", tc.players, o, err)
		}
	}
}

// An unknown option is reported as such, not as malformed JSON.
func TestParseRecord_UnknownOptionMessage(t *testing.T) {
	_, err := ParseRecord([]byte(`{"format": "skullking-record/1", "players": ["A", "B", "C"], "options": {"colour": "blue"}, "rounds": []}`))
	if err == nil || !errors.Is(err, ErrBadRecord) {
		t.Fatalf("unknown option: %v", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, `"colour"`) || !strings.Contains(msg, "unknown option") || strings.Contains(msg, "malformed JSON") ||
		strings.Count(msg, "skullking:") != 1 {
		t.Errorf("message %q: want one that names the unknown option, once prefixed, and does not call the JSON malformed", msg)
	}
}

// docs/record.md, "A game in progress": a hand-written record of a game
// stopped at each kind of point replays to a game waiting there, for the
// seats still to decide; RecordOf writes the same marks back; and the game
// goes on from there as the original would.
func TestRecord_InProgressRecordsWait(t *testing.T) {
	cases := []struct {
		file    string
		phase   Phase
		pending ActionKind
		waiting []int // the seats with a decision to make
		// then, applied to the replayed game, and the points it scores.
		then   []Action
		points []int
	}{
		// Harry won the last trick: Cat moves her bid, and the round is
		// scored as in rosie-bendt-harry-4p.
		{"in-progress-harry-pending-4p", PhaseAbility, ActionHarry, []int{2},
			[]Action{Decision(ActionHarry, 2, 1)}, []int{20, 20, 20, 30}},
		// Bendt drew the Skull King and a Mermaid: Ben discards them, Ben
		// leads (Rosie's choice) and the round ends as in rosie-bendt-harry-4p.
		{"in-progress-bendt-discard-4p", PhaseAbility, ActionDiscard, []int{1},
			[]Action{Discard(1, SkullKing, Mermaid1), Play(1, NumberCard(Yellow, 2)), Play(2, Harry),
				Play(3, NumberCard(Yellow, 4)), Play(0, NumberCard(Yellow, 5)), Decision(ActionHarry, 2, 1)},
			[]int{20, 20, 20, 30}},
		{"in-progress-bids-null-4p", PhaseBidding, ActionNone, []int{1, 3}, nil, nil},
		{"in-progress-cannon-null-4p", PhaseCannon, ActionNone, []int{1, 3}, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			rec := readRecord(t, goldenrecords.File(t, "valid", tc.file))
			g, err := rec.Replay()
			if err != nil {
				t.Fatal(err)
			}
			kind, _ := g.Pending()
			var waiting []int
			for s := 0; s < g.Players(); s++ {
				if g.Waiting(s) {
					waiting = append(waiting, s)
				}
			}
			if g.Phase() != tc.phase || kind != tc.pending || !reflect.DeepEqual(waiting, tc.waiting) || len(g.Results()) != 0 {
				t.Fatalf("replayed to phase %v awaiting %v of seats %v, %d rounds scored; want phase %v awaiting %v of seats %v, none scored",
					g.Phase(), kind, waiting, len(g.Results()), tc.phase, tc.pending, tc.waiting)
			}
			back := RecordOf(g).Rounds[0]
			want := rec.Rounds[0]
			if !reflect.DeepEqual(back.Bids, want.Bids) || !reflect.DeepEqual(back.Cannon, want.Cannon) ||
				!reflect.DeepEqual(back.Abilities, want.Abilities) {
				t.Errorf("RecordOf writes bids %v, cannon %q, abilities %s; the record has %v, %q, %s",
					back.Bids, back.Cannon, abilitiesText(back.Abilities), want.Bids, want.Cannon, abilitiesText(want.Abilities))
			}
			for _, a := range tc.then {
				if err := g.Apply(a); err != nil {
					t.Fatalf("%v: %v", a, err)
				}
			}
			if tc.points != nil {
				if r := g.Results(); len(r) != 1 || !reflect.DeepEqual(r[0].Points[:4], tc.points) {
					t.Fatalf("the round scores %+v, want points %v", r, tc.points)
				}
			}
		})
	}
}

func abilitiesText(uses []AbilityUse) string {
	b, _ := json.Marshal(uses)
	return string(b)
}

// docs/record.md, "Pirate abilities": an entry holds exactly one decision.
// Every pair of decision fields is refused, after whichever Pirate's trick,
// and so is an entry with none.
func TestRecord_AbilityEntryHoldsExactlyOneDecision(t *testing.T) {
	one := 1
	fields := map[string]func(*AbilityUse){
		"rosie": func(u *AbilityUse) { u.Rosie = &one },
		// Undealt cards no other entry draws: the deal takes them.
		"bendt": func(u *AbilityUse) {
			u.Bendt = &BendtUse{Drew: []string{"B13", "B14"}, Discard: []string{"B13", "B14"}}
		},
		"wager":    func(u *AbilityUse) { u.Wager = &one },
		"harry":    func(u *AbilityUse) { u.Harry = &one },
		"declined": func(u *AbilityUse) { u.Declined = true },
		"pending":  func(u *AbilityUse) { u.Pending = true },
	}
	order := []string{"rosie", "bendt", "wager", "harry", "declined", "pending"}
	base := readRecord(t, goldenrecords.File(t, "valid", "rosie-bendt-harry-4p"))
	// replay replaces the entry for trick (Rosie's, Bendt's, Harry's) by u.
	replay := func(trick int, u AbilityUse) error {
		rec := *base
		rec.Rounds = []RecordRound{base.Rounds[0]}
		rec.Rounds[0].Abilities = append([]AbilityUse(nil), base.Rounds[0].Abilities...)
		rec.Rounds[0].Abilities[trick-1] = u
		_, err := rec.Replay()
		return err
	}
	for trick := 1; trick <= 3; trick++ {
		for i, a := range order {
			for _, b := range order[i+1:] {
				u := AbilityUse{Trick: trick}
				fields[a](&u)
				fields[b](&u)
				want := fmt.Sprintf("round 1, trick %d: an ability entry holds exactly one decision, this one holds %s and %s", trick, a, b)
				if err := replay(trick, u); err == nil || errorLine(err) != want {
					t.Errorf("trick %d, %s and %s: %v, want %q", trick, a, b, err, want)
				}
			}
		}
		want := fmt.Sprintf("round 1, trick %d: an ability entry with no decision", trick)
		if err := replay(trick, AbilityUse{Trick: trick}); err == nil || !strings.HasPrefix(errorLine(err), want) {
			t.Errorf("trick %d, no decision: %v, want %q…", trick, err, want)
		}
	}
	// Three at once are named in a list.
	u := AbilityUse{Trick: 1}
	for _, f := range []string{"rosie", "wager", "declined"} {
		fields[f](&u)
	}
	want := "round 1, trick 1: an ability entry holds exactly one decision, this one holds rosie, wager and declined"
	if err := replay(1, u); err == nil || errorLine(err) != want {
		t.Errorf("three decisions: %v, want %q", err, want)
	}
}

// docs/record.md, "A game in progress": null in bids and cannon reads as
// NoBid and NoLoad and writes back as null; no literal reads as a null, so a
// record's −1 or "" is still refused for what it says.
func TestRecord_NullIsTheOnlyMissingDecision(t *testing.T) {
	var b Bids
	if err := json.Unmarshal([]byte(`[2, null, 0, -1]`), &b); err != nil || !reflect.DeepEqual(b, Bids{2, NoBid, 0, -1}) {
		t.Fatalf("bids read as %v (%v)", b, err)
	}
	if out, err := json.Marshal(b); err != nil || string(out) != `[2,null,0,-1]` {
		t.Fatalf("bids written as %s (%v)", out, err)
	}
	var l Loads
	if err := json.Unmarshal([]byte(`["Cannonball", null, ""]`), &l); err != nil || !reflect.DeepEqual(l, Loads{"Cannonball", NoLoad, ""}) {
		t.Fatalf("loads read as %q (%v)", l, err)
	}
	if out, err := json.Marshal(l); err != nil || string(out) != `["Cannonball",null,""]` {
		t.Fatalf("loads written as %s (%v)", out, err)
	}
	// The one int that is NoBid is refused as a literal, like a number
	// too large for an int.
	if err := json.Unmarshal([]byte(`[-9223372036854775808]`), &b); err == nil {
		t.Fatalf("the literal NoBid is read as %v", b)
	}

	rec := func(round string) string {
		return `{"format": "skullking-record/1", "players": ["Ann", "Ben", "Cat"],
			"options": {"schedule": [1], "scoring": "rascal", "cannon_load": true},
			"rounds": [{"hands": [["G1"], ["G2"], ["G3"]], ` + round + `}]}`
	}
	for _, tc := range []struct{ round, err string }{
		{`"bids": [0, -1, 0]`, "round 1, seat 1 (Ben): bid -1 is out of range: 1 card dealt, bid 0 to 1"},
		{`"bids": [0, 0, 0], "cannon": ["grapeshot", "", null]`, `round 1, seat 1 (Ben): cannon load "": load "grapeshot" or "cannonball"`},
		{`"bids": [-9223372036854775808, 0, 0]`, "bad record: malformed JSON: rounds.bids is number -9223372036854775808, want int"},
	} {
		r, err := ParseRecord([]byte(rec(tc.round)))
		if err == nil {
			_, err = r.Replay()
		}
		if err == nil || errorLine(err) != tc.err {
			t.Errorf("%s: %v, want %q", tc.round, err, tc.err)
		}
	}
}

// docs/record.md, "Who decided": RecordOf writes, from WithDeciders, every
// decision not the player's own as a "by" entry naming the seat, the trick
// and the decision; the record replays, reads back the same entries, and
// DecidedBy finds each decision's decider as Walk shows it.
func TestRecord_DecidedByRoundTrips(t *testing.T) {
	o := DefaultOptions()
	o.PirateAbilities = true
	g := newGame(t, 3, WithOptions(o), WithSeed(7))
	var by []string
	want := map[int][]string{} // each seat's deciders in order
	for i := 0; !g.Over(); i++ {
		var legal []Action
		for s := 0; s < g.Players(); s++ {
			legal = g.LegalActions(s, legal)
		}
		if len(legal) == 0 {
			t.Fatal("no legal action in a game not over")
		}
		a := legal[i%len(legal)]
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		who := "player"
		switch {
		case a.Seat == 1:
			who = DecidedByBot
		case i%7 == 0:
			who = DecidedByTimer
		}
		by = append(by, who)
		want[int(a.Seat)] = append(want[int(a.Seat)], who)
	}
	rec := RecordOf(g, WithDeciders(by))
	b, err := rec.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseRecord(b)
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if !reflect.DeepEqual(back.Rounds, rec.Rounds) {
		t.Fatal("the record reads back different")
	}
	// Walk takes a round's bids in seat order, not as they came: each
	// seat's own decisions keep their order.
	got := map[int][]string{}
	if _, err := back.Walk(func(v SeatView, a Action) {
		who := back.DecidedBy(v, a)
		if who == "" {
			who = "player"
		}
		got[v.Seat()] = append(got[v.Seat()], who)
	}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("deciders as walked:\n%v\nwant\n%v", got, want)
	}
	// Without deciders the record is as before: every decision the players'.
	for _, rr := range RecordOf(g).Rounds {
		if rr.By != nil {
			t.Fatal("a record without deciders lists some")
		}
	}
}

// A record's refusal reads right whatever its counts: each with a count
// of one and of two, the noun agreeing with the number.
func TestRecord_CountsOfOneAndTwo(t *testing.T) {
	rec := func(players, round string) string {
		return `{"format": "skullking-record/1", "players": [` + players + `],
			"options": {"schedule": [1]}, "rounds": [{` + round + `}]}`
	}
	three := `"Ann", "Ben", "Cat"`
	for _, tc := range []struct{ rule, players, round, err string }{
		{"a game has 2 to 8 players: 1", `"Ann"`, `"hands": [["G1"]]`, "bad record: 1 player: a game has 2 to 8"},
		{"a game has 2 to 8 players: 9", `"A", "B", "C", "D", "E", "F", "G", "H", "I"`, `"hands": [["G1"]]`, "bad record: 9 players: a game has 2 to 8"},
		{"a hand a player: 1 hand", three, `"hands": [["G1"]]`, "round 1: 1 hand for 3 players"},
		{"a hand a player: 2 hands", three, `"hands": [["G1"], ["G2"]]`, "round 1: 2 hands for 3 players"},
		{"a bid a player: 1 bid", three, `"hands": [["G1"], ["G2"], ["G3"]], "bids": [0]`, "round 1: 1 bid for 3 players"},
		{"a bid a player: 2 bids", three, `"hands": [["G1"], ["G2"], ["G3"]], "bids": [0, 1]`, "round 1: 2 bids for 3 players"},
		{"a hand holds the round's cards: 2 cards", three, `"hands": [["G1", "G4"], ["G2"], ["G3"]]`, "2 cards, but round 1 deals 1"},
	} {
		r, err := ParseRecord([]byte(rec(tc.players, tc.round)))
		if err == nil {
			_, err = r.Replay()
		}
		if err == nil || !strings.Contains(errorLine(err), tc.err) {
			t.Errorf("%s: %v, want %q", tc.rule, err, tc.err)
		}
	}
}
