package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/skullking-go/skullking"
	"pgregory.net/rapid"
)

// The state frame appended by hand (viewjson.go) is held byte for byte to
// what encoding/json writes of the wire types: the reference below is the
// frame as StateEncoder built it with encoding/json, from the full View
// (a field the hand encoder forgets is still in the reference), spliced in
// the same order.

// ownView is a View without the parts every viewer shares: the outer
// fields, of the same names, hide the embedded ones and are never written.
type ownView struct {
	*View
	Tricks    struct{} `json:"tricks,omitzero"`
	LastTrick struct{} `json:"last_trick,omitzero"`
	Results   struct{} `json:"results,omitzero"`
}

// referenceFrame is viewer v's state frame as encoding/json writes it:
// its own part, then its tricks, last trick and (with results) score sheet,
// then the event and deadline.
func referenceFrame(t fataler, v *skullking.View, seq int64, ev *Event, deadline int64, results bool) []byte {
	t.Helper()
	marshal := func(x any) []byte {
		t.Helper()
		j, err := json.Marshal(x)
		if err != nil {
			t.Fatalf("%v", err)
		}
		return j
	}
	var b bytes.Buffer
	b.WriteString(`{"type":"state"`)
	if seq != 0 {
		fmt.Fprintf(&b, `,"seq":%d`, seq)
	}
	b.WriteString(`,"view":`)
	own := marshal(ownView{View: viewOf(v)})
	b.Write(own[:len(own)-1])
	b.WriteString(`,"tricks":`)
	b.Write(marshal(tricksOf(v)))
	if last := lastTrickOf(v); last != nil {
		b.WriteString(`,"last_trick":`)
		b.Write(marshal(last))
	}
	if results {
		b.WriteString(`,"results":`)
		b.Write(marshal(resultsOf(v)))
	}
	b.WriteByte('}')
	if ev != nil {
		b.WriteString(`,"event":`)
		b.Write(marshal(ev))
	}
	if deadline != 0 {
		fmt.Fprintf(&b, `,"deadline":%d`, deadline)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// fataler is what the comparisons need of a *testing.T and a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// compareFrames encodes the state after action seq for every seat and a
// spectator, with and without the score sheet, and fails unless each frame
// is the reference's byte for byte. The object keys the references hold
// are added to keys (nil: not kept).
func compareFrames(t fataler, views []skullking.View, seq int64, ev *Event, deadline int64, keys map[string]bool) {
	t.Helper()
	enc, err := NewStateEncoder(&views[0], seq, ev, deadline)
	if err != nil {
		t.Fatalf("%v", err)
	}
	for i := range views {
		v := &views[i]
		for _, results := range []bool{true, false} {
			got, err := enc.Encode(v, results)
			if err != nil {
				t.Fatalf("%v", err)
			}
			want := referenceFrame(t, v, seq, ev, deadline, results)
			if !bytes.Equal(got, want) {
				t.Fatalf("seat %d, results %v: the frames differ from byte %d:\n got %s\nwant %s",
					v.Seat, results, firstDifference(got, want), got, want)
			}
			if keys != nil {
				collectKeys(t, want, keys)
			}
		}
	}
}

// compareOwnViews holds equal to the reference the frames of viewers
// given as Game.OwnView, which lacks the parts all viewers share: they
// come from the whole View the encoder was made from (a spectator's), the
// score sheet too, asked for first by a later viewer.
func compareOwnViews(t fataler, g *skullking.Game, seq int64, ev *Event, deadline int64) {
	t.Helper()
	first := g.View(skullking.Spectator)
	enc, err := NewStateEncoder(&first, seq, ev, deadline)
	if err != nil {
		t.Fatalf("%v", err)
	}
	for s := range g.Players() {
		own, whole := g.OwnView(s), g.View(s)
		if own.Results != nil || own.Tricks != nil || own.LastTrick != nil || own.RoundRules != nil {
			t.Fatalf("seat %d: OwnView holds a shared part", s)
		}
		for _, results := range []bool{false, true} {
			got, err := enc.Encode(&own, results)
			if err != nil {
				t.Fatalf("%v", err)
			}
			if want := referenceFrame(t, &whole, seq, ev, deadline, results); !bytes.Equal(got, want) {
				t.Fatalf("seat %d's own view, results %v: the frames differ from byte %d:\n got %s\nwant %s",
					s, results, firstDifference(got, want), got, want)
			}
		}
	}
}

func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// viewsOf are the views of every viewer of g, a spectator first.
func viewsOf(g *skullking.Game) []skullking.View {
	views := []skullking.View{g.View(skullking.Spectator)}
	for s := range g.Players() {
		views = append(views, g.View(s))
	}
	return views
}

// trickyNames are player names that need escaping, or look as if they did.
var trickyNames = []string{
	`<script>&amp;</script>`, `"quoted" \back\slash/`, "tab\tnew\nline\rcr\bbs\fff", "nul\x00bell\x07esc\x1bdel\x7f",
	"line\u2028para\u2029sep", "pirate 🏴‍☠️ ☠ ✓", "bad \xff\xfe utf8 \xc3", "cut \xe2\x80", "", "Anne Bonny",
	"\u00e9t\u00e9 \u4e2d\u6587", "\ufffd replacement", "\U0010ffff max",
}

// drawName draws a player name: a tricky one, any valid string, or any
// bytes at all (names reach the engine from the lobby as sent).
func drawName(t *rapid.T, label string) string {
	switch rapid.IntRange(0, 2).Draw(t, label+" kind") {
	case 0:
		return rapid.SampledFrom(trickyNames).Draw(t, label)
	case 1:
		return rapid.String().Draw(t, label)
	}
	return string(rapid.SliceOfN(rapid.Byte(), 0, 12).Draw(t, label))
}

// Random games at every table size with every module on — the Loot, the
// Kraken, the White Whale, pirate abilities, Rascal's scoring with and
// without cannon loads — write every viewer's state frame byte for byte as
// encoding/json writes the wire types, with and without the score sheet.
func TestStateFrameIsEncodingJSONs(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		g, o, seed := drawGame(rt, 10)
		every := rapid.IntRange(1, 6).Draw(rt, "compare every")
		if raceEnabled {
			// One goroutine encodes here: the race detector finds nothing,
			// and the same games compared less often keep its run short.
			every *= 8
		}
		rng := skullking.NewRand(seed)
		var ev *Event
		for step := int64(0); ; step++ {
			if step%int64(every) == 0 {
				compareFrames(rt, viewsOf(g), step, ev, step%3*1_700_000_000_000, nil)
				compareOwnViews(rt, g, step, ev, step%3*1_700_000_000_000)
			}
			a, ok := randomAction(g, &rng)
			if !ok {
				break
			}
			if err := g.Apply(a); err != nil {
				rt.Fatalf("%v", err)
			}
			ev = nil // now and then a state tells no event, as after a reconnect
			if step%4 != 0 {
				ev = EventOf(a, o.PirateAbilities, ByPlayer)
			}
		}
	})
}

// drawGame draws a game of up to rounds rounds at any table size, with
// every module on and either scoring, its players given tricky names.
func drawGame(rt *rapid.T, rounds int) (*skullking.Game, skullking.Options, uint64) {
	players := rapid.IntRange(2, 8).Draw(rt, "players")
	o := allModules()
	if rapid.Bool().Draw(rt, "rascal") {
		o.Scoring, o.CannonLoad = skullking.RascalScoring, rapid.Bool().Draw(rt, "cannon load")
	}
	o.Rounds = rapid.IntRange(1, rounds).Draw(rt, "rounds")
	if o.Validate(players) != nil {
		o.Loot = false // too few seats for it
	}
	names := make([]string, players)
	for i := range names {
		names[i] = drawName(rt, fmt.Sprintf("name %d", i))
	}
	seed := rapid.Uint64().Draw(rt, "seed")
	g, err := skullking.NewGame(players, skullking.WithOptions(o), skullking.WithSeed(seed), skullking.WithNames(names...))
	if err != nil {
		rt.Fatalf("%v", err)
	}
	return g, o, seed
}

// randomAction is a random legal action of game g, false when nobody can
// act.
func randomAction(g *skullking.Game, rng *skullking.Rand) (skullking.Action, bool) {
	var buf []skullking.Action
	for s := range g.Players() {
		buf = g.LegalActions(s, buf)
	}
	if len(buf) == 0 {
		return skullking.Action{}, false
	}
	return buf[rng.IntN(len(buf))], true
}

// Player names are escaped exactly as encoding/json escapes them: HTML
// characters, quotes, backslashes, control characters, U+2028 and U+2029,
// and invalid UTF-8.
func TestStateFrameEscapesNamesAsEncodingJSON(t *testing.T) {
	for _, name := range append(trickyNames, "\x01\x02\x03\x04\x05\x06\x0e\x0f\x10\x1f", "<>&'", "a\\\"b", "\xed\xa0\x80 surrogate") {
		t.Run(fmt.Sprintf("%q", name), func(t *testing.T) {
			g, err := skullking.NewGame(3, skullking.WithNames(name, "B", name+name))
			if err != nil {
				t.Fatal(err)
			}
			compareFrames(t, viewsOf(g), 1, &Event{Kind: KindStart, Seat: 0}, 0, nil)
			want, _ := json.Marshal(name)
			if got := appendString(nil, name); !bytes.Equal(got, want) {
				t.Fatalf("got %s, want %s", got, want)
			}
			if !utf8.Valid(appendString(nil, name)) {
				t.Fatalf("%q escapes to invalid UTF-8", name)
			}
		})
	}
}

// The escapes a browser needs are the ones written: HTML characters as
// \u escapes (a frame is safe inside a page), U+2028 and U+2029 (safe in
// JavaScript source), and invalid UTF-8 as U+FFFD (a frame is valid UTF-8).
func TestAppendStringEscapes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"<b>&", `"\u003cb\u003e\u0026"`},
		{`say "hi" \o/`, `"say \"hi\" \\o/"`},
		{"a\tb\nc\x00d\x1f\x7f", `"a\tb\nc\u0000d\u001f` + "\x7f" + `"`},
		{"\u2028\u2029", `"\u2028\u2029"`},
		{"bad\xffend\xe2\x80", `"bad\ufffdend\ufffd\ufffd"`},
		{"☠🏴", `"☠🏴"`},
	} {
		if got := string(appendString(nil, c.in)); got != c.want {
			t.Errorf("%q: got %s, want %s", c.in, got, c.want)
		}
	}
}

// A string escapes as encoding/json escapes it, whatever its bytes.
func TestAppendStringIsEncodingJSONs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(rapid.String(), rapid.StringOf(rapid.RuneFrom(escapable)),
			rapid.Map(rapid.SliceOf(rapid.Byte()), func(b []byte) string { return string(b) })).Draw(t, "s")
		want, _ := json.Marshal(s)
		if got := appendString([]byte("x"), s); !bytes.Equal(got[1:], want) {
			t.Fatalf("got %s, want %s", got[1:], want)
		}
	})
}

// escapable are runes encoding/json escapes, and their neighbours.
var escapable = []rune{0, 0x1f, ' ', '"', '\\', '/', '<', '>', '&', '\'', 0x7f, 0x80, 'é', 0x2027, 0x2028, 0x2029,
	0x202a, 0xfffd, 0xffff, 0x1f3f4, 0x10ffff}

// Every field of the frame's wire types (but the score sheet's, left to
// encoding/json) shows in the frames the comparisons check, so that a field
// the hand encoder lacks makes them fail: random games with every module,
// and a view built to hold what games show rarely.
func TestStateFrameComparisonsReachEveryField(t *testing.T) {
	keys := map[string]bool{}
	for players := 2; players <= 8; players++ {
		o := allModules()
		if players%2 == 1 {
			o.Scoring, o.CannonLoad = skullking.RascalScoring, true
		}
		if o.Validate(players) != nil {
			o.Loot = false
		}
		o.Rounds = 7
		g, err := skullking.NewGame(players, skullking.WithOptions(o), skullking.WithSeed(uint64(players)))
		if err != nil {
			t.Fatal(err)
		}
		rng := skullking.NewRand(uint64(players))
		for step := int64(1); ; step++ {
			if step%2 == 0 {
				compareFrames(t, viewsOf(g), step, nil, 0, keys)
			}
			a, ok := randomAction(g, &rng)
			if !ok {
				break
			}
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	v := everyFieldView()
	compareFrames(t, []skullking.View{v}, 7, nil, 0, keys)
	var missing []string
	for _, k := range fieldPaths(reflect.TypeFor[View](), "view") {
		if !keys[k] && !strings.HasPrefix(k, "view.results") {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		t.Fatalf("no frame compared holds %s", strings.Join(missing, ", "))
	}
}

// everyFieldView is a view that sets what games seldom show: a refusal of
// every fact, both leads at once, Bendt's pending discard.
func everyFieldView() skullking.View {
	o := allModules()
	o.Scoring, o.CannonLoad = skullking.RascalScoring, true
	seats := []int{0, 2}
	return skullking.View{
		Seat: 1, Players: 2, Options: o, Phase: skullking.PhaseAbility, Round: 3, ScheduledRounds: 10, Tiebreak: true,
		Cards: 3, Dealt: true,
		Seats: []skullking.SeatInfo{
			{Name: "<A>", HandSize: 2, HasBid: true, Bid: 1, Won: 1, Total: -20, Wager: 10, Cannon: 1, BonusLost: true},
			{Name: "B", HandSize: 3, Bid: -1, Cannon: -1},
			{Name: "Graybeard", HandSize: 4, Bid: 2, Cannon: 0, Graybeard: true},
		},
		Hand: []skullking.Card{0, skullking.Tigress, skullking.Rosie, skullking.Bendt, 30, 31},
		Refusals: []skullking.Refusal{
			{},
			{Code: skullking.RefuseBidOutOfRange, Seat: 1, Action: skullking.Bid(1, 9), Count: 3},
			{Code: skullking.RefuseMustFollowSuit, Seat: 1, Action: skullking.Play(1, skullking.Rosie), Suit: skullking.Green,
				Card: 0},
			{Code: skullking.RefuseDecisionAwaited, Seat: 1, Action: skullking.Play(1, skullking.Bendt),
				Phase: skullking.PhaseAbility, Other: -1},
			{Code: skullking.RefuseBiddingNotOver, Seat: 1, Action: skullking.Play(1, 30), Seats: seats},
			{Code: skullking.RefuseNotYourAbility, Seat: 1, Action: skullking.Discard(1, 31, skullking.Harry), Other: 0},
		},
		Legal: []skullking.Action{skullking.PlayTigress(1, skullking.AsPirate), skullking.Discard(1, skullking.Rosie, 30),
			skullking.Discard(1, 0, skullking.NoCard), skullking.Decision(skullking.ActionHarry, 1, -1)},
		Turn: -1, Leader: 0,
		Trick:   []skullking.Played{{Card: skullking.Tigress, Seat: 0, As: skullking.AsEscape}, {Card: 5, Seat: 1}},
		Winning: 1, Lead: skullking.Lead{Suit: skullking.Green, Free: true},
		Tricks: []skullking.TrickLog{{Round: 3, Number: 1,
			Plays: []skullking.Played{{Card: skullking.Rosie, Seat: 0}, {Card: skullking.Mermaid1, Seat: 1}, {Card: skullking.Loot1, Seat: 2}},
			Result: skullking.TrickResult{Outcome: skullking.Won, Reason: skullking.ByPirate, Winner: 0, Leader: 0, Bonus: 20,
				Captured: skullking.NewCaptures(1, 0, 1, 0, 0), Alliances: [2]skullking.Alliance{{Looter: 2, Winner: 0}}, NAlliances: 1},
			Ability: skullking.AbilityReport{Ability: skullking.RosieLeads, State: skullking.AbilityUsed, Value: 1}}},
		LastTrick: &skullking.TrickLog{Round: 3, Number: 2, Plays: []skullking.Played{{Card: skullking.Bendt, Seat: 1}},
			Result:  skullking.TrickResult{Outcome: skullking.Won, Reason: skullking.ByPirate, Winner: 1, Leader: 1},
			Ability: skullking.AbilityReport{Ability: skullking.BendtDraws, State: skullking.AbilityOffered}},
		TrickNo: 3, Pending: skullking.ActionDiscard, PendingSeat: 1, PendingDraw: 2, PendingLeader: 1,
		UndealtSeen: []skullking.Card{40, 41}, Discarded: []skullking.Card{skullking.Harry}, Winners: []int{0, 1},
	}
}

// collectKeys adds the paths of the object keys of frame's view to keys:
// view.seats.name for the name of any seat.
func collectKeys(t fataler, frame []byte, keys map[string]bool) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(frame, &m); err != nil {
		t.Fatalf("%v: %s", err, frame)
	}
	var walk func(x any, path string)
	walk = func(x any, path string) {
		switch x := x.(type) {
		case map[string]any:
			for k, y := range x {
				keys[path+"."+k] = true
				walk(y, path+"."+k)
			}
		case []any:
			for _, y := range x {
				walk(y, path)
			}
		}
	}
	walk(m["view"], "view")
}

// fieldPaths lists the JSON paths of every field of struct type t and
// of the structs it holds, embedded ones flattened, as collectKeys names
// them.
func fieldPaths(t reflect.Type, path string) []string {
	var out []string
	for _, f := range reflect.VisibleFields(t) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous || !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, path+"."+name)
		ft := f.Type
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct {
			out = append(out, fieldPaths(ft, path+"."+name)...)
		}
	}
	sort.Strings(out)
	return out
}
