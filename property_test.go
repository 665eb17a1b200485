package skullking

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"pgregory.net/rapid"
)

// Property tests: random legal games at every table size, with the modules
// off, each on alone and all on, and with random scoring options and
// schedules. Every step checks the invariants of the rules and of hidden
// information; every finished game is re-scored from its record by the
// independent scorer of refscore_test.go.

// moduleSets are the module configurations every table size is played
// with: none, each module of the option table alone, and all; a module the
// engine refuses at this size (the Loot at two players) is left out.
func moduleSets(players int) []string {
	sets := []string{"none"}
	for _, s := range moduleSpecs() {
		o := DefaultOptions()
		if s.Set(&o, true) == nil && o.Validate(players) == nil {
			sets = append(sets, s.Key)
		}
	}
	return append(sets, "all")
}

// moduleSpecs are the switches of the option table's modules group.
func moduleSpecs() []*OptionSpec {
	var out []*OptionSpec
	for i := range optionSpecs {
		if s := &optionSpecs[i]; s.Group == GroupModules && s.Type == OptionBool {
			out = append(out, s)
		}
	}
	return out
}

// withModules switches on the module set (a key of moduleSets), or for
// "all" every module the engine takes at this size.
func withModules(o *Options, set string, players int) {
	for _, s := range moduleSpecs() {
		if set != "all" && set != s.Key {
			continue
		}
		on := *o
		if s.Set(&on, true) == nil && on.Validate(players) == nil {
			*o = on
		}
	}
}

// drawOptions draws the rules of one game: the module set, then (half the
// time) the standard rules, else a mix of the scoring options and schedules
// of docs/record.md.
func drawOptions(t *rapid.T, players int) Options {
	o := DefaultOptions()
	withModules(&o, rapid.SampledFrom(moduleSets(players)).Draw(t, "modules"), players)
	if rapid.Bool().Draw(t, "standard rules") {
		return o
	}
	switch rapid.IntRange(0, 3).Draw(t, "schedule kind") {
	case 0:
		o.Rounds = rapid.IntRange(1, 10).Draw(t, "rounds")
	case 1:
		o.Schedule = rapid.SampledFrom([]string{"even-keeled", "skip-to-the-brawl", "swift-n-salty",
			"broadside", "whirlpool", "bedtime"}).Draw(t, "preset")
	case 2:
		o.Schedule = "custom"
		o.ScheduleCards = rapid.SliceOfN(rapid.IntRange(1, 14), 1, 4).Draw(t, "schedule")
	}
	switch rapid.IntRange(0, 5).Draw(t, "scoring") {
	case 1:
		o.Scoring = RascalScoring
	case 2:
		o.Scoring, o.CannonLoad = RascalScoring, true
	case 3:
		o.KeepBonusOnMiss = true
		o.ZeroScaling = ZeroScaling(rapid.IntRange(0, 2).Draw(t, "zero scaling"))
	case 4:
		o.Bonuses = false
	case 5:
		// Every point value of the option table, so that a new one is
		// played (and scored by the reference scorer) too.
		for i := range optionSpecs {
			if s := &optionSpecs[i]; s.Unit == UnitPoints {
				if err := s.Set(&o, rapid.IntRange(0, 50).Draw(t, s.Key)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	o.Tiebreak = rapid.IntRange(0, 3).Draw(t, "tiebreak") > 0
	if o.Kraken && rapid.IntRange(0, 3).Draw(t, "kraken lead") == 0 {
		o.KrakenLead = KrakenLeadLeftOfKraken
	}
	return o
}

// ledger follows, from outside the engine, where the cards of a round are:
// what Bendt drew and discarded, and what Juanita saw.
type ledger struct {
	round     int
	drawn     CardSet    // drawn by Bendt this round
	discarded [8]CardSet // per seat, discarded by Bendt
	extra     [8]int     // cards drawn and not yet discarded
	deckOrder []Card     // the deal, when looked at
	juanita   int
	peeked    CardSet
	tricks    int // completed tricks seen
}

func TestProperty_RandomGames(t *testing.T) {
	for n := 2; n <= 8; n++ {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) { playChecked(rapidChooser{rt}, n, drawOptions(rt, n)) })
		})
	}
}

// TestProperty_EveryModuleSet plays one full standard game per table size
// and module set, so that each is covered whatever rapid draws.
func TestProperty_EveryModuleSet(t *testing.T) {
	for n := 2; n <= 8; n++ {
		for i, set := range moduleSets(n) {
			o := DefaultOptions()
			withModules(&o, set, n)
			seed := uint64(n*100 + i)
			t.Run(fmt.Sprintf("%d players %s", n, set), func(t *testing.T) {
				r := NewRand(seed)
				playChecked(randomChooser{t, &r}, n, o)
			})
		}
	}
}

// chooser is what playChecked needs of a test: failing, and choosing.
type chooser interface {
	Helper()
	Fatalf(format string, args ...any)
	choose(n int, label string) int
}

type randomChooser struct {
	*testing.T
	r *Rand
}

func (c randomChooser) choose(n int, _ string) int { return c.r.IntN(n) }

type rapidChooser struct{ *rapid.T }

func (c rapidChooser) choose(n int, label string) int { return rapid.IntRange(0, n-1).Draw(c.T, label) }

// playChecked plays one random legal game, checking every invariant at
// every step.
func playChecked(c chooser, players int, o Options) {
	seed := uint64(c.choose(1<<30, "seed"))
	g, err := NewGame(players, WithOptions(o), WithSeed(seed))
	if err != nil {
		c.Fatalf("NewGame(%d, %+v): %v", players, o, err)
	}
	deck := o.Deck()
	hands := players
	if players == 2 {
		hands = 3
	}
	var led ledger
	newRound := func() {
		led = ledger{round: g.Round(), juanita: -1}
		if c.choose(2, "look at the deal") == 1 {
			led.deckOrder = g.DeckOrder()
		}
	}
	newRound()
	var acts []Action
	for step := 0; ; step++ {
		if step > 5000 {
			c.Fatalf("the game does not end")
		}
		if g.Over() {
			for s := 0; s < players; s++ {
				if len(g.LegalActions(s, nil)) != 0 {
					c.Fatalf("seat %d may act after the game is over", s)
				}
			}
			break
		}
		if g.Round() != led.round {
			newRound()
		}
		checkStep(c, g, &led, deck, hands, step)

		acts = acts[:0]
		for s := 0; s < players; s++ {
			checkViewRefusals(c, g, s)
			mine := g.LegalActions(s, nil)
			if len(mine) > 0 != g.Waiting(s) {
				c.Fatalf("seat %d: %d legal actions but waiting %v", s, len(mine), g.Waiting(s))
			}
			for _, a := range mine {
				if int(a.Seat) != s {
					c.Fatalf("seat %d is offered %v for seat %d", s, a, a.Seat)
				}
				if err := g.Check(a); err != nil {
					c.Fatalf("legal action %v fails Check: %v", a, err)
				}
			}
			acts = append(acts, mine...)
		}
		if len(acts) == 0 {
			c.Fatalf("round %d, phase %v: nobody may act before the game is over", g.Round(), g.Phase())
		}
		probeIllegal(c, g, acts)

		a := acts[c.choose(len(acts), "action")]
		before := g.Hand(int(a.Seat))
		if err := g.Apply(a); err != nil {
			c.Fatalf("legal action %v refused: %v", a, err)
		}
		switch a.Kind {
		case ActionBendt:
			if a.Value == 1 {
				got := g.Hand(int(a.Seat)).Minus(before)
				led.drawn = led.drawn.Or(got)
				led.extra[a.Seat] += got.Len()
			}
		case ActionDiscard:
			for _, d := range []Card{a.Card, a.Card2} {
				if d != NoCard {
					led.discarded[a.Seat] = led.discarded[a.Seat].With(d)
					led.extra[a.Seat]--
				}
			}
		}
	}
	checkFinished(c, g)
}

// probeIllegal tries one arbitrary action: Check accepts it exactly when the
// legal-action list offers the same decision, and a refused one changes
// nothing.
func probeIllegal(c chooser, g *Game, legal []Action) {
	a := Action{
		Kind: ActionKind(c.choose(10, "probe kind")),
		Seat: int8(c.choose(g.Players()+2, "probe seat") - 1),
		Card: probeCard(c, "probe card"),
		ActionArgs: ActionArgs{
			Card2: probeCard(c, "probe card2"),
			As:    TigressAs(c.choose(3, "probe as")),
			Value: int8(c.choose(25, "probe value") - 2),
		},
	}
	err := g.Check(a)
	offered := false
	// A code names a face, not a copy: the engine plays whichever copy of an
	// interchangeable face the seat holds.
	na := g.normalize(a)
	for _, l := range legal {
		if sameDecision(g, na, l) {
			offered = true
		}
	}
	if (err == nil) != offered {
		c.Fatalf("probe %+v: Check says %v, but offered is %v", a, err, offered)
	}
	if err != nil {
		logLen, phase, turn := len(g.Log()), g.Phase(), g.Turn()
		hand := g.Hand(max(int(a.Seat), 0))
		if err2 := g.Apply(a); err2 == nil || err2.Error() != err.Error() {
			c.Fatalf("probe %+v: Check said %v, Apply %v", a, err, err2)
		}
		if len(g.Log()) != logLen || g.Phase() != phase || g.Turn() != turn || g.Hand(max(int(a.Seat), 0)) != hand {
			c.Fatalf("refused probe %+v changed the game", a)
		}
	}
}

// probeCard draws a card of the deck, NoCard, or a byte no card has (as a
// forged frame may carry): 128 and up once passed for a card of the high word.
func probeCard(c chooser, label string) Card {
	switch n := c.choose(NumCards+2, label); n {
	case NumCards:
		return NoCard
	case NumCards + 1:
		return Card(NumCards + c.choose(int(NoCard)-NumCards, label+" byte"))
	default:
		return Card(n)
	}
}

// sameDecision reports whether a and b are the same decision: the fields a
// kind does not use are ignored, copies of a face are one choice, and
// Bendt's discards are a set.
func sameDecision(g *Game, a, b Action) bool {
	if a.Kind != b.Kind || a.Seat != b.Seat {
		return false
	}
	switch a.Kind {
	case ActionPlay:
		if a.As != b.As {
			return false
		}
		if a.Card == b.Card {
			return true
		}
		// Offered: the first held copy of an interchangeable face.
		k := a.Card.Kind()
		shared := k == KindMermaid || k == KindEscape || k == KindLoot || (k == KindPirate && !g.Options().PirateAbilities)
		return shared && a.Card.Valid() && b.Card.Kind() == k && g.Hand(int(a.Seat)).Has(a.Card)
	case ActionDiscard:
		return (a.Card == b.Card && a.Card2 == b.Card2) || (a.Card == b.Card2 && a.Card2 == b.Card)
	}
	return a.Value == b.Value
}

// checkStep checks the invariants of a game in progress.
func checkStep(c chooser, g *Game, led *ledger, deck CardSet, hands, step int) {
	players := g.Players()
	ghost := g.GhostSeat()
	cards := g.Cards()
	completed := g.CompletedTricks()
	current := g.CurrentTrick()

	// The seat to play and its legal cards follow from the trick on the
	// table and the hand (docs/rules.md §4), however the engine keeps them.
	if g.Phase() == PhasePlaying {
		checkTurn(c, g, current)
	}

	// Cards are conserved: every card of the deck is in exactly one place.
	var located CardSet
	count := 0
	add := func(where string, s CardSet) {
		if !located.And(s).Empty() {
			c.Fatalf("round %d: %v (%s) are in two places", g.Round(), located.And(s), where)
		}
		located = located.Or(s)
		count += s.Len()
	}
	var played CardSet
	for _, t := range completed {
		for _, p := range t.Plays {
			played = played.With(p.Card)
		}
	}
	for _, p := range current {
		played = played.With(p.Card)
	}
	add("played", played)
	for s := 0; s < hands; s++ {
		add(fmt.Sprintf("hand %d", s), g.Hand(s))
	}
	for s := 0; s < players; s++ {
		add("discarded", led.discarded[s])
	}
	if located.Minus(deck) != (CardSet{}) {
		c.Fatalf("cards %v are not in the deck in use", located.Minus(deck))
	}
	undealt := deck.Len() - hands*cards - led.drawn.Len()
	if count+undealt != deck.Len() {
		c.Fatalf("round %d: %d cards located and %d undealt, but the deck holds %d", g.Round(), count, undealt, deck.Len())
	}
	if led.deckOrder != nil {
		und := SetOf(led.deckOrder[hands*cards:]...).Minus(led.drawn)
		if und.Or(located) != deck || !und.And(located).Empty() {
			c.Fatalf("round %d: the undealt cards %v overlap or miss %v", g.Round(), und, located)
		}
	}

	// Hands shrink one card a trick and are empty exactly at the round's end.
	inTrick := map[int]bool{}
	for _, p := range current {
		inTrick[int(p.Seat)] = true
	}
	lost := 0
	for _, t := range completed {
		if t.Result.Outcome != Won || t.Result.Winner == ghost {
			lost++
		}
	}
	for s := 0; s < hands; s++ {
		want := cards - len(completed)
		if inTrick[s] {
			want--
		}
		if s < players {
			want += led.extra[s]
		}
		if g.Hand(s).Len() != want {
			c.Fatalf("round %d, trick %d: seat %d holds %d cards, want %d", g.Round(), len(completed)+1, s, g.Hand(s).Len(), want)
		}
	}
	won := 0
	for s := 0; s < players; s++ {
		won += g.TricksWon(s)
	}
	if won != len(completed)-lost {
		c.Fatalf("round %d: %d tricks won by seats, %d completed, %d lost", g.Round(), won, len(completed), lost)
	}

	// Juanita: a named Pirate that just won a trick that was not the last.
	if len(completed) > led.tricks {
		led.tricks = len(completed)
		last := completed[len(completed)-1]
		if last.Result.Outcome == Won && last.Result.Winner != ghost && g.Options().PirateAbilities &&
			last.Plays[last.Result.Index].Card == Juanita && len(completed) < cards {
			led.juanita = last.Result.Winner
			led.peeked = deck.Minus(located)
		}
	}

	// Hidden information: every seat's view mentions only its own hand and
	// discards, and the cards played; no bid or cannon load of another seat
	// shows before all are in; Juanita's seat alone sees the undealt cards.
	allBid := true
	for s := 0; s < players; s++ {
		if _, ok := g.Bid(s); !ok {
			allBid = false
		}
	}
	wire := -2 // the wire is slow: look at one view in seven
	if step%7 == 0 {
		wire = (step/7)%(players+1) - 1
	}
	// The trick completed last stays in every view until the next trick's
	// first card, the last trick of a round through the next bidding: it
	// is the last cards played before the trick on the table.
	var plays []Played
	for _, a := range g.Log() {
		if a.Kind == ActionPlay {
			plays = append(plays, Played{Card: a.Card, Seat: a.Seat, As: a.As})
		}
	}
	var lastTrick []Played
	if n := len(plays) - len(current); len(current) == 0 && n >= hands {
		lastTrick = plays[n-hands : n]
	}
	for seat := Spectator; seat < players; seat++ {
		v := g.View(seat)
		allowed := played
		if lt := v.LastTrick; lt == nil || lastTrick == nil {
			if (lt == nil) != (lastTrick == nil) {
				c.Fatalf("round %d, phase %v: seat %d's view shows last trick %v, want %v", g.Round(), g.Phase(), seat, lt, lastTrick)
			}
		} else {
			if !reflect.DeepEqual(lt.Plays, lastTrick) {
				c.Fatalf("round %d: seat %d's last trick %v, want %v", g.Round(), seat, lt.Plays, lastTrick)
			}
			for _, p := range lt.Plays {
				allowed = allowed.With(p.Card) // played in public
			}
		}
		if seat >= 0 {
			allowed = allowed.Or(g.Hand(seat)).Or(led.discarded[seat])
			if h := SetOf(v.Hand...); h != g.Hand(seat) || len(v.Hand) != h.Len() {
				c.Fatalf("seat %d's view shows hand %v, it holds %v", seat, v.Hand, g.Hand(seat))
			}
		} else if len(v.Hand) != 0 || len(v.Legal) != 0 {
			c.Fatalf("the spectator has a hand %v or actions %v", v.Hand, v.Legal)
		}
		if leak := viewCards(v, "UndealtSeen").Minus(allowed); !leak.Empty() {
			c.Fatalf("round %d, phase %v: seat %d's view shows %v", g.Round(), g.Phase(), seat, leak)
		}
		seen := SetOf(v.UndealtSeen...)
		if seat == led.juanita && seat >= 0 {
			if seen != led.peeked {
				c.Fatalf("Juanita's seat %d saw %v, the undealt cards were %v", seat, seen, led.peeked)
			}
		} else if !seen.Empty() {
			c.Fatalf("seat %d sees undealt cards %v without Juanita", seat, seen)
		}
		for s, info := range v.Seats {
			if s == seat || s >= players {
				continue
			}
			if !allBid && info.Bid != -1 {
				c.Fatalf("seat %d sees seat %d's bid %d before all bids are in", seat, s, info.Bid)
			}
			if g.Phase() == PhaseCannon && info.Cannon != -1 {
				c.Fatalf("seat %d sees seat %d's cannon load before all are loaded", seat, s)
			}
		}
		if seat == wire {
			checkWire(c, v, allowed)
		}
	}
}

// checkWire encodes a view as JSON and reads it back: what goes on the wire
// shows no more than the view. Copies of a face (MER, ESC, LOOT) share a code
// and read back as the first copy, so only cards with a code of their own
// are compared by identity.
func checkWire(c chooser, v View, allowed CardSet) {
	b, err := json.Marshal(v)
	if err != nil {
		c.Fatalf("seat %d's view does not encode: %v", v.Seat, err)
	}
	var back View
	if err := json.Unmarshal(b, &back); err != nil {
		c.Fatalf("seat %d's view does not decode: %v", v.Seat, err)
	}
	for _, card := range viewCards(back, "UndealtSeen").Cards(nil) {
		if k := card.Kind(); k == KindMermaid || k == KindEscape || k == KindLoot {
			continue
		}
		if !allowed.Has(card) {
			c.Fatalf("seat %d's view on the wire shows %v", v.Seat, card)
		}
	}
}

// checkFinished checks a finished game against its record: the record
// replays to the same game, and the independent scorer agrees with every
// round.
func checkFinished(c chooser, g *Game) {
	totals := g.Totals()
	top := totals[0]
	for _, x := range totals {
		top = max(top, x)
	}
	var want []int
	for s, x := range totals {
		if x == top {
			want = append(want, s)
		}
	}
	if !reflect.DeepEqual(g.Winners(), want) {
		c.Fatalf("winners %v, top total %d held by %v", g.Winners(), top, want)
	}
	if g.Options().Tiebreak && len(want) != 1 {
		c.Fatalf("game over with a tie %v and tiebreak on", want)
	}

	b, rec2, g2, err := rereadRecord(RecordOf(g))
	if err != nil {
		c.Fatalf("the game's record: %v\n%s", err, b)
	}
	if !g2.Over() || !reflect.DeepEqual(g2.Results(), g.Results()) || !reflect.DeepEqual(g2.Winners(), g.Winners()) {
		c.Fatalf("the replayed record differs:\n%+v\n%+v", g2.Results(), g.Results())
	}

	rounds, refTotals, err := refScore(rec2)
	if err != nil {
		c.Fatalf("the independent scorer rejects the record: %v\n%s", err, b)
	}
	results := g.Results()
	if len(rounds) != len(results) {
		c.Fatalf("%d rounds re-scored, %d scored", len(rounds), len(results))
	}
	for i, r := range rounds {
		e := results[i]
		sum := r.lost
		for s := 0; s < g.Players(); s++ {
			sum += r.won[s]
			if e.Won[s] != r.won[s] || e.Bids[s] != r.bids[s] || e.Points[s] != r.points[s] {
				c.Fatalf("round %d seat %d: engine bid %d won %d scored %d; re-scored bid %d won %d scored %d\n%s",
					i+1, s, e.Bids[s], e.Won[s], e.Points[s], r.bids[s], r.won[s], r.points[s], b)
			}
		}
		if sum != r.cards || e.Cards != r.cards {
			c.Fatalf("round %d: %d tricks won or lost of %d cards (engine dealt %d)", i+1, sum, r.cards, e.Cards)
		}
	}
	if !reflect.DeepEqual(refTotals, totals) {
		c.Fatalf("totals %v, re-scored %v", totals, refTotals)
	}
}

// checkTurn works out from the trick so far whose turn it is and what that
// seat may play, and compares it with what the engine says.
func checkTurn(c chooser, g *Game, current []Played) {
	turn := g.Turn()
	if turn < 0 || turn == g.GhostSeat() {
		c.Fatalf("round %d: the turn is seat %d while a card is awaited", g.Round(), turn)
	}
	for _, p := range current {
		if int(p.Seat) == turn {
			c.Fatalf("round %d: seat %d's turn, but it has played to this trick", g.Round(), turn)
		}
	}
	if len(current) > 0 && g.GhostSeat() < 0 {
		if want := (int(current[len(current)-1].Seat) + 1) % g.Players(); turn != want {
			c.Fatalf("round %d: seat %d's turn after seat %d played, want seat %d", g.Round(), turn,
				current[len(current)-1].Seat, want)
		}
	}
	hand := g.Hand(turn)
	want := hand
	if lead := LeadOf(current); lead.Suit != NoSuit {
		if follow := hand.And(SuitSet(lead.Suit)); !follow.Empty() {
			want = follow.Or(hand.And(SpecialSet()))
		}
	}
	if got := g.LegalCards(turn); got != want {
		c.Fatalf("round %d: seat %d holds %v under %v: legal %v, want %v", g.Round(), turn, hand,
			current, got, want)
	}
	for s := 0; s < g.Players(); s++ {
		if s != turn && !g.LegalCards(s).Empty() {
			c.Fatalf("round %d: seat %d may play out of turn", g.Round(), s)
		}
	}
}

// checkViewRefusals holds a seat's view to Check: each card in its hand is
// refused exactly as Check refuses its play, and the others are not.
func checkViewRefusals(c chooser, g *Game, seat int) {
	v := g.View(seat)
	if len(v.Refusals) != len(v.Hand) {
		c.Fatalf("seat %d: %d refusals for %d cards", seat, len(v.Refusals), len(v.Hand))
	}
	for i, card := range v.Hand {
		a := Play(seat, card)
		if card == Tigress {
			a.As = AsPirate
		}
		want := Refusal{Seat: seat, Action: a, Phase: g.Phase(), Other: -1, Card: NoCard}
		var ae *ActionError
		if errors.As(g.Check(a), &ae) {
			want = ae.Refusal
		}
		if !reflect.DeepEqual(v.Refusals[i], want) {
			c.Fatalf("seat %d, %v: the view refuses %+v, Check %+v", seat, card, v.Refusals[i], want)
		}
	}
}
