package skullking

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// These tests hold CopyFrom, ResumeFrom, Reset and startRound to every field
// of Game, found by reflection: each is run on games whose fields are
// garbage (every byte of every number non-zero, every bool true, every slice
// holding stale elements within and past its length, every pointer and
// interface set), and must leave nothing of the garbage behind. A field
// added to Game and forgotten by one of them fails here, unless the lists
// below name it, with the reason.

// resetKeeps are what Reset starts the game over with: what the game was
// set up with, and what the rules decide for the table (applyRules), which
// a reset keeps, simulations resetting millions of times.
var resetKeeps = map[string]string{
	"opts":     "the rules",
	"players":  "the table",
	"dealer":   "the dealer",
	"keeper":   "the deal keeper",
	"names":    "the seats' names",
	"schedule": "the rules' schedule, capped for the table, while ruled",
	"inUse":    "the rules' deck, while ruled",
	"deckSet":  "the rules' deck, while ruled",
	"ruled":    "whether schedule and the deck follow from the rules",
}

// roundKeeps are, besides resetKeeps, what a game keeps from one round to
// the next: startRound resets every other field.
var roundKeeps = map[string]string{
	"seed":    "the deals of every round",
	"ghost":   "Graybeard's seat, set by restart",
	"hands":   "the hands dealt, set by restart",
	"round":   "counted on",
	"totals":  "the running totals",
	"results": "the score sheet",
	"log":     "every action of the game",
	"starts":  "where each round began",
	"winners": "set once the game is over",
	"tricks":  "the ending round's, which become prevTricks for the views (keepLastTrick)",
}

// copySkips are the fields a copy does not equal: CopyFrom copies of
// prevTricks only the last trick, the one views show (View.LastTrick).
var copySkips = map[string]string{
	"prevTricks": "only its last trick is copied, the one views show",
}

// copyShares are what a copy shares with its source, by path: what neither
// game writes through.
var copyShares = map[string]string{
	"dealer":             "the dealer, as WithDealer gave it",
	"keeper":             "the deal keeper (WithDealKeeper)",
	"opts.ScheduleCards": "the rules' schedule list, which Options values share and no game writes",
	"starts[].opts":      "the rules before a change, never written once noted",
	"starts[].changed":   "the rules after a change, never written once noted",
}

func TestFieldListsNameFieldsOfGame(t *testing.T) {
	fields := map[string]bool{}
	for f := range reflect.TypeFor[Game]().Fields() {
		fields[f.Name] = true
	}
	for _, list := range []map[string]string{resetKeeps, roundKeeps, copySkips, copyShares} {
		for name := range list {
			if top, _, _ := strings.Cut(strings.TrimSuffix(name, "[]"), "["); !fields[strings.Split(top, ".")[0]] {
				t.Errorf("%q is not a field of Game", name)
			}
		}
	}
}

// settable returns v, a field reached through unexported fields, as a value
// that can be set.
func settable(v reflect.Value) reflect.Value {
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

// field is g's field i.
func field(g *Game, i int) reflect.Value { return settable(reflect.ValueOf(g).Elem().Field(i)) }

// A garbageDealer and a garbageKeeper fill a Game's interfaces; no game
// must ever call them.
type garbageDealer struct{ b byte }

func (*garbageDealer) Deal(int, int, []Card) bool { panic("the garbage dealer deals") }

type garbageKeeper struct{ b byte }

func (*garbageKeeper) KeepDeal(uint64, int) (*SeededDeal, bool) { panic("the garbage keeper keeps") }

// garble fills v with garbage made of the byte b.
func garble(v reflect.Value, b byte) {
	pattern := uint64(b) * 0x0101010101010101
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(pattern))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(pattern)
	case reflect.String:
		v.SetString(fmt.Sprintf("garbage %#x", b))
	case reflect.Array:
		for i := range v.Len() {
			garble(v.Index(i), b)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			garble(settable(v.Field(i)), b)
		}
	case reflect.Slice:
		// Three elements, and three more past the length: stale contents
		// that reused memory shows when it grows again.
		s := reflect.MakeSlice(v.Type(), 6, 6)
		for i := range 6 {
			garble(s.Index(i), b)
		}
		v.Set(s.Slice(0, 3))
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		garble(p.Elem(), b)
		v.Set(p)
	case reflect.Interface:
		switch v.Type() {
		case reflect.TypeFor[Dealer]():
			v.Set(reflect.ValueOf(&garbageDealer{b}))
		case reflect.TypeFor[DealKeeper]():
			v.Set(reflect.ValueOf(&garbageKeeper{b}))
		default:
			panic("garble: no garbage for " + v.Type().String())
		}
	default:
		panic("garble: no garbage for " + v.Type().String())
	}
}

// garbleGame garbles every field of g but those keep names.
func garbleGame(g *Game, b byte, keep ...map[string]string) {
	for f := range reflect.TypeFor[Game]().Fields() {
		kept := false
		for _, k := range keep {
			_, in := k[f.Name]
			kept = kept || in
		}
		if !kept {
			garble(field(g, f.Index[0]), b)
		}
	}
}

func garbled(b byte) *Game {
	g := &Game{}
	garbleGame(g, b)
	return g
}

// sameFields reports every field of got that is not deep-equal to want's,
// but those skip names.
func sameFields(t *testing.T, what string, got, want *Game, skip map[string]string) {
	t.Helper()
	for f := range reflect.TypeFor[Game]().Fields() {
		if _, ok := skip[f.Name]; ok {
			continue
		}
		if d := diff(f.Name, field(got, f.Index[0]), field(want, f.Index[0])); d != "" {
			t.Errorf("%s: %s", what, d)
		}
	}
}

// diff returns where a and b first differ, below path, or "" when they are
// equal: reflect.DeepEqual but for slices, which it compares by their
// elements only (a nil slice and an empty one are the same to a game, and
// an empty slice is how reused memory starts over), and it tells where.
func diff(path string, a, b reflect.Value) string {
	switch a.Kind() {
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d elements, want %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := diff(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Struct:
		for i := range a.NumField() {
			if d := diff(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Pointer, reflect.Interface:
		switch {
		case a.IsNil() || b.IsNil():
			if a.IsNil() != b.IsNil() {
				return fmt.Sprintf("%s: nil %v, want nil %v", path, a.IsNil(), b.IsNil())
			}
			return ""
		case a.Kind() == reflect.Interface && a.Elem().Type() != b.Elem().Type():
			return fmt.Sprintf("%s: a %v, want a %v", path, a.Elem().Type(), b.Elem().Type())
		}
		return diff(path, a.Elem(), b.Elem())
	case reflect.Map:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d entries, want %d", path, a.Len(), b.Len())
		}
		for it := a.MapRange(); it.Next(); {
			v := b.MapIndex(it.Key())
			if !v.IsValid() {
				return fmt.Sprintf("%s[%v]: missing", path, it.Key())
			}
			if d := diff(fmt.Sprintf("%s[%v]", path, it.Key()), it.Value(), v); d != "" {
				return d
			}
		}
		return ""
	}
	var x, y any
	switch a.Kind() {
	case reflect.Bool:
		x, y = a.Bool(), b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x, y = a.Int(), b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		x, y = a.Uint(), b.Uint()
	case reflect.String:
		x, y = a.String(), b.String()
	default:
		panic("diff: cannot compare " + a.Type().String())
	}
	if x != y {
		return fmt.Sprintf("%s is %v, want %v", path, x, y)
	}
	return ""
}

// shared reports the memory a copy shares with its source, by path, but
// the paths copyShares names.
func shared(path string, a, b reflect.Value, out *[]string) {
	if _, ok := copyShares[path]; ok {
		return
	}
	switch a.Kind() {
	case reflect.Slice:
		if a.Cap() > 0 && b.Cap() > 0 && a.Pointer() == b.Pointer() {
			*out = append(*out, path)
		}
		for i := range min(a.Len(), b.Len()) {
			shared(path+"[]", a.Index(i), b.Index(i), out)
		}
	case reflect.Pointer, reflect.Map:
		if !a.IsNil() && a.Pointer() == b.Pointer() {
			*out = append(*out, path)
		}
		if a.Kind() == reflect.Pointer && !a.IsNil() && !b.IsNil() {
			shared(path, a.Elem(), b.Elem(), out)
		}
	case reflect.Interface:
		if !a.IsNil() && !b.IsNil() {
			shared(path, a.Elem(), b.Elem(), out)
		}
	case reflect.Array:
		for i := range a.Len() {
			shared(path+"[]", a.Index(i), b.Index(i), out)
		}
	case reflect.Struct:
		for i := range a.NumField() {
			shared(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i), out)
		}
	}
}

// copySources are games to copy and resume from, at every phase: played
// with every module, two seats to eight, the hidden bids of a bidding
// round and the ability phases included.
func copySources(t *testing.T, each func(g *Game)) {
	t.Helper()
	modules := DefaultOptions()
	modules.Kraken, modules.WhiteWhale, modules.PirateAbilities = true, true, true
	rascal := DefaultOptions()
	rascal.Scoring, rascal.CannonLoad, rascal.PirateAbilities = RascalScoring, true, true
	for _, players := range []int{2, 4, 5, 8} {
		for _, opts := range []Options{DefaultOptions(), modules, rascal} {
			opts.Loot = players > 2 && opts.PirateAbilities
			for seed := range uint64(3) {
				g := newGame(t, players, WithOptions(opts), WithSeed(seed))
				r := NewRand(seed)
				every := 11 + r.IntN(20)
				if raceEnabled {
					every *= 4
				}
				for step := 0; !g.Over(); step++ {
					if step%every == 0 {
						each(g)
					}
					stepRandom(t, g, &r)
				}
				each(g)
			}
		}
	}
}

// TestCopyFromCoversEveryField copies games and garbage over garbage: the
// copy must equal its source in every field, and share no memory with it.
func TestCopyFromCoversEveryField(t *testing.T) {
	check := func(what string, src *Game) {
		t.Helper()
		dst := garbled(0xa5)
		dst.CopyFrom(src)
		sameFields(t, what, dst, src, copySkips)
		last := src.prevTricks[max(len(src.prevTricks)-1, 0):]
		if d := diff("prevTricks", reflect.ValueOf(dst.prevTricks), reflect.ValueOf(last)); d != "" {
			t.Errorf("%s: %s, of the source's last trick", what, d)
		}
		var paths []string
		for f := range reflect.TypeFor[Game]().Fields() {
			shared(f.Name, field(dst, f.Index[0]), field(src, f.Index[0]), &paths)
		}
		if len(paths) > 0 {
			t.Errorf("%s: the copy shares %v with its source", what, paths)
		}
	}
	check("garbage", garbled(0x5a))
	copySources(t, func(g *Game) {
		check(fmt.Sprintf("%d players, round %d, %v", g.players, g.round, g.phase), g)
	})
}

// TestResumeFromCoversEveryField resumes the same view and world on two
// games of different garbage and on a zero game: the three must be equal.
func TestResumeFromCoversEveryField(t *testing.T) {
	resumed := 0
	copySources(t, func(g *Game) {
		if g.phase == PhaseOver {
			return
		}
		seat := int(g.round) % g.players
		v := g.View(seat)
		truth := g.Clone()
		truth.shuffleAll()
		var w World
		for s := 0; s < g.players; s++ {
			w.Hands[s] = g.hand[s]
		}
		if g.ghost >= 0 {
			w.Ghost = truth.deck[truth.ghostNext : (g.players+1)*g.cards]
		}
		w.Undealt = truth.deck[truth.drawNext:truth.deckLen]
		what := fmt.Sprintf("%d players, round %d, %v", g.players, g.round, g.phase)
		zero := &Game{}
		if err := zero.ResumeFrom(&v, &w); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		for _, b := range []byte{0xa5, 0x5a} {
			got := garbled(b)
			if err := got.ResumeFrom(&v, &w); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			sameFields(t, fmt.Sprintf("%s, over garbage %#x", what, b), got, zero, nil)
		}
		resumed++
	})
	if resumed < 30 {
		t.Fatalf("only %d games resumed", resumed)
	}
}

// seedDealer deals the seeded decks of its seed: a dealer of a type that
// reflect.DeepEqual compares, which a DealerFunc is not.
type seedDealer struct{ seed uint64 }

func (d *seedDealer) Deal(round, _ int, deck []Card) bool {
	seededDeck(d.seed, round, deck)
	return true
}

// resetConfigs are the set-ups Reset and startRound are tested with.
func resetConfigs() []struct {
	name    string
	players int
	opts    []GameOption
} {
	modules := DefaultOptions()
	modules.Kraken, modules.WhiteWhale, modules.Loot, modules.PirateAbilities = true, true, true, true
	rascal := DefaultOptions()
	rascal.Scoring, rascal.CannonLoad, rascal.PirateAbilities, rascal.Tiebreak = RascalScoring, true, true, false
	graybeard := modules
	graybeard.Loot = false
	return []struct {
		name    string
		players int
		opts    []GameOption
	}{
		{"standard", 4, nil},
		{"modules", 5, []GameOption{WithOptions(modules), WithNames("a", "b", "c", "d", "e")}},
		{"graybeard", 2, []GameOption{WithOptions(graybeard), WithDealKeeper(mapKeeper{})}},
		{"rascal", 8, []GameOption{WithOptions(rascal)}},
		{"dealer", 3, []GameOption{WithOptions(modules), WithDealer(&seedDealer{seed: 3})}},
	}
}

// playBoth plays two games to their end with the same random choices.
func playBoth(t *testing.T, a, b *Game, seed uint64) {
	t.Helper()
	r1, r2 := NewRand(seed), NewRand(seed)
	playRandom(t, a, &r1)
	playRandom(t, b, &r2)
}

// TestResetCoversEveryField resets a played game whose every field but
// Reset's inputs is then garbage: it must equal a new game reset to the
// same seed, and play on as it does.
func TestResetCoversEveryField(t *testing.T) {
	for _, c := range resetConfigs() {
		for seed := range uint64(8) {
			g := newGame(t, c.players, c.opts...)
			r := NewRand(seed + 100)
			playRandom(t, g, &r)
			garbleGame(g, 0xa5, resetKeeps)
			g.Reset(seed)
			fresh, _ := NewGame(c.players, c.opts...)
			fresh.Reset(seed)
			sameFields(t, fmt.Sprintf("%s, seed %d, reset", c.name, seed), g, fresh, nil)
			playBoth(t, g, fresh, seed)
			sameFields(t, fmt.Sprintf("%s, seed %d, played after the reset", c.name, seed), g, fresh, nil)
		}
	}
}

// TestStartRoundCoversEveryField starts a round on a game whose every field
// kept from one round to the next is the real game's and every other one
// garbage: it must equal the real game starting its round, and play on as
// it does.
func TestStartRoundCoversEveryField(t *testing.T) {
	for _, c := range resetConfigs() {
		for seed := range uint64(8) {
			g := newGame(t, c.players, append(c.opts, WithSeed(seed))...)
			// Into the third round, some of its decisions made.
			r := NewRand(seed)
			for g.round < 3 || r.IntN(8) != 0 {
				stepRandom(t, g, &r)
			}
			h := g.Clone()
			garbleGame(h, 0x5a, resetKeeps, roundKeeps)
			g.startRound()
			h.startRound()
			what := fmt.Sprintf("%s, seed %d, round %d", c.name, seed, g.round)
			sameFields(t, what+" started", h, g, nil)
			playBoth(t, h, g, seed)
			sameFields(t, what+" played on", h, g, nil)
		}
	}
}
