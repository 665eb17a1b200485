package skullking

import (
	"strconv"
)

// Phase is what a game waits for.
type Phase uint8

// Game phases.
const (
	PhaseBidding Phase = iota + 1 // all seats bid at once, secretly
	PhaseCannon                   // all seats choose a cannon load at once (Rascal's scoring)
	PhasePlaying                  // one seat plays a card
	PhaseAbility                  // the winner of a trick decides on a pirate ability
	PhaseOver                     // the game has ended
)

var phaseNames = [...]string{"", "bidding", "cannon", "playing", "ability", "over"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) && p > 0 {
		return phaseNames[p]
	}
	return "Phase(" + strconv.Itoa(int(p)) + ")"
}

// maxHands is the most hands a deal holds: 8 players, or 2 and Graybeard.
const maxHands = 9

// Game is the complete state of one game of Skull King: pure, deterministic
// and without I/O. Every change goes through Apply (or ApplyUnchecked), which
// keeps the history, so a game can be replayed, audited and shown to each seat
// through View.
type Game struct {
	opts     Options
	players  int
	ghost    int // Graybeard's seat index (== players) in a two-player game, else -1
	hands    int // hands dealt: players, plus Graybeard's
	seed     uint64
	dealer   Dealer
	names    []string
	schedule []int   // cards per scheduled round, capped for the table
	inUse    []Card  // the cards in use, in card order
	deckSet  CardSet // the same, as a set
	ruled    bool    // schedule and the deck in use follow from opts and players (not a resumed world)

	phase   Phase
	round   int // 1-based
	cards   int // cards per hand this round
	dealt   bool
	deck    [NumCards]Card
	deckLen int
	// shuffled is how far the seeded dealer's lazy shuffle has fixed deck;
	// deckLen when the dealer laid the deck out itself.
	shuffled  int
	dealRand  Rand
	seeded    bool
	hand      [maxHands]CardSet
	ghostNext int // index in deck of Graybeard's next card
	drawNext  int // index in deck of the next undealt card

	bids   [8]int
	hasBid [8]bool
	bidsIn int
	cannon [8]int
	loaded [8]bool
	nLoad  int
	won    [8]int
	bonus  [8]int
	wagers [8]int

	alliances  [2]Alliance
	nAlliances int

	firstLeader int
	trickNo     int // tricks completed this round
	trick       [maxHands]Played
	order       [maxHands]int8
	inTrick     int // cards in the current trick
	// toPlay and legalNow are the seat to play and its legal cards while
	// the game is in PhasePlaying, set as each card is played (setTurn):
	// the bot asking, Apply checking and the loop asking whose turn it is
	// read them instead of working them out again. Only play, startTrick
	// and ResumeFrom move the turn; a hand changes outside play only in an
	// ability phase, which ends with startTrick.
	toPlay    int
	legalNow  CardSet
	trickSize int
	lead      Lead
	stats     trickStats
	tricks    []CompletedTrick // this round's completed tricks
	// prevTricks ends with trick prevNumber, the last of round prevRound
	// (none when prevNumber is 0), kept so that views show it until the
	// first card of the next trick (View.LastTrick).
	prevTricks            []CompletedTrick
	prevRound, prevNumber int
	captures              [8]Captures // what each seat captured in tricks won this round

	pending   pending // the ability decision awaited in PhaseAbility
	juanita   int     // seat that saw the undealt cards this round, or −1
	peeked    CardSet
	bendtOwn  [8]CardSet // cards Bendt drew, visible to their owner
	discarded [8]CardSet // cards Bendt discarded, known to their owner

	totals  [8]int
	results []RoundResult
	log     []Action
	starts  []roundStart
	winners []int

	keeper DealKeeper // keeps the seeded deals for a game that deals them again
}

// CompletedTrick is a trick of the current round with its resolution and
// the pirate ability its win gave.
type CompletedTrick struct {
	Plays   []Played
	Result  TrickResult
	Ability AbilityReport
}

// roundStart remembers where a round begins in the log and how it was dealt.
type roundStart struct {
	round, cards int
	dealt        bool
	logAt        int
	deck         [NumCards]Card
	// opts are the rules in force before a change at this round (kept on
	// the first round), changed the rules set from this round on.
	opts, changed *Options
}

// GameOption configures NewGame.
type GameOption func(*Game)

// WithOptions sets the rules (default: DefaultOptions).
func WithOptions(o Options) GameOption { return func(g *Game) { g.opts = o } }

// WithSeed sets the seed of the default dealer.
func WithSeed(seed uint64) GameOption { return func(g *Game) { g.seed = seed } }

// WithDealer replaces the seeded shuffle with d.
func WithDealer(d Dealer) GameOption { return func(g *Game) { g.dealer = d } }

// WithDealKeeper has k keep the seeded dealer's deals, for a game that deals
// a seed again: see DealKeeper. A copy of the game (CopyFrom) shares k, as
// it shares the dealer.
func WithDealKeeper(k DealKeeper) GameOption { return func(g *Game) { g.keeper = k } }

// WithNames names the seats, for messages and records.
func WithNames(names ...string) GameOption {
	return func(g *Game) { g.names = append([]string(nil), names...) }
}

// NewGame starts a game of players seats (2..8) and deals the first round.
func NewGame(players int, opts ...GameOption) (*Game, error) {
	g := &Game{opts: DefaultOptions()}
	for _, o := range opts {
		o(g)
	}
	if err := g.opts.Validate(players); err != nil {
		return nil, err
	}
	if len(g.names) != 0 && len(g.names) != players {
		return nil, &optionsError{"names: " + plural(len(g.names), "name") + " for " + plural(players, "seat")}
	}
	g.players = players
	g.restart()
	return g, nil
}

type optionsError struct{ msg string }

func (e *optionsError) Error() string { return ErrBadOptions.Error() + ": " + e.msg }
func (e *optionsError) Unwrap() error { return ErrBadOptions }

// Reset starts the game over with a new seed, reusing its memory: the same
// players, options, dealer and deal keeper. Simulations call it to play millions of games
// without allocating.
func (g *Game) Reset(seed uint64) {
	g.seed = seed
	g.restart()
}

func (g *Game) restart() {
	g.ghost, g.hands = -1, g.players
	if g.players == 2 {
		g.ghost, g.hands = 2, 3
	}
	if !g.ruled {
		g.applyRules()
	}
	g.round = 0
	g.tricks = g.tricks[:0] // no last trick to keep from another game
	g.totals = [8]int{}
	g.results = g.results[:0]
	g.log = g.log[:0]
	g.starts = g.starts[:0]
	g.winners = g.winners[:0]
	g.startRound()
}

// applyRules works out what the options decide for the table: the
// schedule, capped, and the deck in use. A Reset keeps them: simulations
// reset millions of times.
func (g *Game) applyRules() {
	g.schedule = g.opts.appendSchedule(g.schedule[:0])
	maxHand := g.opts.MaxHand(g.players)
	for i, n := range g.schedule {
		g.schedule[i] = min(n, maxHand)
	}
	g.deckSet = g.opts.Deck()
	g.inUse = g.deckSet.Cards(g.inUse[:0])
	g.ruled = true
}

// Options returns the game's rules.
func (g *Game) Options() Options { return g.opts }

// Players is the number of seats, Graybeard not counted.
func (g *Game) Players() int { return g.players }

// GhostSeat is Graybeard's seat index in a two-player game (2), else −1. His
// cards appear in tricks under this seat.
func (g *Game) GhostSeat() int { return g.ghost }

// Seed is the seed of the default dealer.
func (g *Game) Seed() uint64 { return g.seed }

// Name is the name of seat s ("seat 2" when the seats are not named).
func (g *Game) Name(s int) string {
	if s == g.ghost && s >= 0 {
		return "Graybeard"
	}
	if s >= 0 && s < len(g.names) {
		return g.names[s]
	}
	return "seat " + strconv.Itoa(s)
}

// Names returns the seat names given to NewGame, or nil.
func (g *Game) Names() []string { return append([]string(nil), g.names...) }

// Phase is what the game waits for.
func (g *Game) Phase() Phase { return g.phase }

// Round is the current 1-based round number (the last one once over).
func (g *Game) Round() int { return g.round }

// Cards is the number of cards dealt to each hand this round.
func (g *Game) Cards() int { return g.cards }

// ScheduledRounds is the number of rounds before any tiebreak.
func (g *Game) ScheduledRounds() int { return len(g.schedule) }

// Dealt reports whether the current round was dealt (false for a round whose
// results are entered from a real table).
func (g *Game) Dealt() bool { return g.dealt }

// TrickNumber is the 1-based number of the trick being played.
func (g *Game) TrickNumber() int { return g.trickNo + 1 }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// Winners returns the seats with the top total once the game is over, else nil.
func (g *Game) Winners() []int {
	if g.phase != PhaseOver {
		return nil
	}
	return append([]int(nil), g.winners...)
}

// Totals returns each seat's running total.
func (g *Game) Totals() []int { return append([]int(nil), g.totals[:g.players]...) }

// Results returns the scored rounds so far.
func (g *Game) Results() []RoundResult { return append([]RoundResult(nil), g.results...) }

// Log returns every action applied so far, Graybeard's flips included, in order.
func (g *Game) Log() []Action { return append([]Action(nil), g.log...) }

// Hand returns the cards seat s holds now. It is the engine's full knowledge:
// show a seat only its own hand (see View).
func (g *Game) Hand(s int) CardSet {
	if s < 0 || s >= g.hands {
		return CardSet{}
	}
	return g.hand[s]
}

// Bid returns seat s's bid and whether it has bid this round. Like Hand it
// sees everything; View hides bids until all are in.
func (g *Game) Bid(s int) (int, bool) {
	if s < 0 || s >= g.players {
		return 0, false
	}
	return g.bids[s], g.hasBid[s]
}

// Tricks returns seat s's tricks won this round.
func (g *Game) TricksWon(s int) int {
	if s < 0 || s >= g.players {
		return 0
	}
	return g.won[s]
}

// CurrentTrick returns the cards of the trick in progress.
func (g *Game) CurrentTrick() []Played { return append([]Played(nil), g.trick[:g.inTrick]...) }

// CompletedTricks returns this round's completed tricks.
func (g *Game) CompletedTricks() []CompletedTrick { return append([]CompletedTrick(nil), g.tricks...) }

// Lead returns the state of the current trick's suit.
func (g *Game) Lead() Lead { return g.lead }

// Turn returns the seat to act in the playing and ability phases, or −1 when
// several seats may act (bidding, cannon) or the game is over.
func (g *Game) Turn() int {
	switch g.phase {
	case PhasePlaying:
		return g.toPlay
	case PhaseAbility:
		return g.pending.seat
	}
	return -1
}

// Waiting reports whether seat s has a decision to make now.
func (g *Game) Waiting(s int) bool {
	if s < 0 || s >= g.players {
		return false
	}
	switch g.phase {
	case PhaseBidding:
		return g.dealt && !g.hasBid[s]
	case PhaseCannon:
		return !g.loaded[s]
	}
	return g.Turn() == s
}

// DeckOrder returns the current round's deck as dealt: hands in seat order,
// Graybeard's pile, then the undealt cards. Engine-internal knowledge, for
// records and tests.
func (g *Game) DeckOrder() []Card {
	if !g.dealt {
		return nil
	}
	g.shuffleAll()
	return append([]Card(nil), g.deck[:g.deckLen]...)
}

func (g *Game) shuffleAll() {
	for g.shuffled < g.deckLen-1 {
		shuffleFrom(g.deck[:g.deckLen], g.shuffled, &g.dealRand)
		g.shuffled++
	}
	g.shuffled = g.deckLen
}

func (g *Game) cardsForRound(r int) int {
	if r <= len(g.schedule) {
		return g.schedule[r-1]
	}
	return g.schedule[len(g.schedule)-1] // tiebreak: as many as the final round
}

func (g *Game) startRound() {
	g.keepLastTrick()
	g.round++
	g.cards = g.cardsForRound(g.round)
	g.phase = PhaseBidding
	g.deckLen = len(g.inUse)
	dealtCards := g.hands * g.cards
	if g.dealer != nil {
		g.layOutDeck()
		g.hand = [maxHands]CardSet{}
		g.dealt = g.dealer.Deal(g.round, g.cards, g.deck[:g.deckLen])
		g.shuffled, g.seeded, g.dealRand = g.deckLen, false, Rand{}
		if g.dealt {
			for h := 0; h < g.hands; h++ {
				g.hand[h] = SetOf(g.deck[h*g.cards : (h+1)*g.cards]...)
			}
		}
	} else {
		g.dealt, g.seeded = true, true
		g.dealSeeded()
	}
	g.ghostNext = g.players * g.cards
	g.drawNext = dealtCards
	// One array a statement: assigned together, arrays go through
	// temporaries on the stack.
	g.bids = [8]int{}
	g.hasBid = [8]bool{}
	g.cannon = [8]int{}
	g.loaded = [8]bool{}
	g.won = [8]int{}
	g.bonus = [8]int{}
	g.wagers = [8]int{}
	g.captures = [8]Captures{}
	g.bidsIn, g.nLoad = 0, 0
	g.alliances = [2]Alliance{} // the sheet copies both, NAlliances or not
	g.nAlliances = 0
	g.firstLeader = (g.round - 1) % g.players
	g.trickNo = 0
	g.clearTrick()
	g.tricks = g.tricks[:0]
	g.juanita = -1
	g.peeked = CardSet{}
	g.bendtOwn = [8]CardSet{}
	g.discarded = [8]CardSet{}
	g.pending = pending{}
	g.newRoundStart()
}

// clearTrick empties the trick state that startTrick and play fill: no
// trick is under way while bidding, and the game is the same whatever the
// last trick, or the last game, left there (TestStartRoundCoversEveryField).
func (g *Game) clearTrick() {
	g.trick = [maxHands]Played{}
	g.order = [maxHands]int8{}
	g.inTrick, g.trickSize, g.toPlay = 0, 0, 0
	g.legalNow = CardSet{}
	g.lead = Lead{} // no suit while bidding
	g.stats = trickStats{}
}

// keepLastTrick keeps the tricks of the round that ends for the views of
// the next round until its first card: the buffers swap, nothing is copied.
func (g *Game) keepLastTrick() {
	g.prevRound, g.prevNumber = g.round, len(g.tricks)
	g.prevTricks, g.tricks = g.tricks, g.prevTricks[:0]
}

// newRoundStart notes where the round begins, in reused memory and field by
// field, as newResult does. The deck is kept only when a dealer other than
// the seeded one dealt it: a seeded deal is dealt again from its seed, and
// its slot holds no deck.
func (g *Game) newRoundStart() {
	if len(g.starts) < cap(g.starts) {
		g.starts = g.starts[:len(g.starts)+1]
	} else {
		g.starts = append(g.starts, roundStart{})
	}
	st := &g.starts[len(g.starts)-1]
	st.round, st.cards, st.dealt, st.logAt = g.round, g.cards, g.dealt, len(g.log)
	st.opts, st.changed = nil, nil
	st.deck = [NumCards]Card{}
	if g.dealt && !g.seeded {
		st.deck = g.deck
	}
}

// dealSeeded deals the round with the seeded dealer, or from the deal the
// game's keeper kept of this round of this seed.
func (g *Game) dealSeeded() {
	var d *SeededDeal
	if g.keeper != nil {
		var kept bool
		if d, kept = g.keeper.KeepDeal(g.seed, g.round); kept && d.fits(g) {
			// One array a statement: assigned together, arrays go through
			// temporaries on the stack.
			g.deck = d.deck
			g.hand = d.hand
			g.dealRand, g.shuffled = d.rand, d.shuffled
			return
		}
	}
	g.layOutDeck()
	g.hand = [maxHands]CardSet{}
	g.deal()
	if d != nil {
		d.seed, d.round, d.inUse, d.hands, d.cards = g.seed, g.round, g.deckSet, g.hands, g.cards
		d.deck = g.deck
		d.hand = g.hand
		d.rand, d.shuffled = g.dealRand, g.shuffled
	}
}

// layOutDeck lays out the cards in use in card order, as a deal starts,
// and nothing past them, of any round.
func (g *Game) layOutDeck() {
	g.deck = [NumCards]Card{}
	copy(g.deck[:], g.inUse)
}

// deal shuffles the round's hands with the seeded dealer, each hand as its
// cards are fixed: the steps of a Fisher–Yates shuffle up to the last card
// dealt (shuffleFrom), the rest left for Bendt's draws.
func (g *Game) deal() {
	r := NewRand(RoundSeed(g.seed, g.round))
	deck := g.deck[:g.deckLen]
	n := len(deck)
	i := 0
	for h := 0; h < g.hands; h++ {
		var set CardSet
		for end := i + g.cards; i < end; i++ {
			j := i + r.IntN(n-i)
			deck[i], deck[j] = deck[j], deck[i]
			set = set.With(deck[i])
		}
		g.hand[h] = set
	}
	g.dealRand, g.shuffled = r, i
}

// startTrick sets the play order of a trick led by leader and lets
// Graybeard flip if it is his turn.
func (g *Game) startTrick(leader int) {
	g.inTrick = 0
	g.lead = Lead{}
	g.stats.reset()
	g.setOrder(leader)
	g.setTurn(leader) // the leader plays first, Graybeard or not
	if g.ghost >= 0 {
		g.ghostFlips()
	}
}

// setOrder sets the play order of a trick led by leader.
func (g *Game) setOrder(leader int) {
	g.trickSize = g.hands
	if g.ghost < 0 {
		// Eight seats from the leader on, wrapping: one copy from a table.
		*(*[8]int8)(g.order[:8]) = playOrders[g.players&7][leader&7]
	} else {
		// docs/rules.md §9: a player's lead is followed by Graybeard, then the
		// other player; Graybeard's lead by the round's first leader, then
		// the other.
		if leader == g.ghost {
			g.order[0], g.order[1], g.order[2] = int8(g.ghost), int8(g.firstLeader), int8(1-g.firstLeader)
		} else {
			g.order[0], g.order[1], g.order[2] = int8(leader), int8(g.ghost), int8(1-leader)
		}
	}
}

// playOrders[n][l] is the play order of a trick led by seat l of n players
// (1..8; 8 is stored as 0, which no table has), wrapping, eight seats long.
var playOrders = func() (t [8][8][8]int8) {
	for n := 1; n <= 8; n++ {
		for l := 0; l < n; l++ {
			for i := range 8 {
				t[n&7][l][i] = int8((l + i) % n)
			}
		}
	}
	return t
}()

// ghostFlips plays Graybeard's top card for as long as it is his turn.
func (g *Game) ghostFlips() {
	for g.phase == PhasePlaying && g.ghost >= 0 && g.toPlay == g.ghost {
		c := g.deck[g.ghostNext]
		g.ghostNext++
		a := Play(g.ghost, c)
		if c == Tigress {
			a.As = AsEscape // his Tigress is always an Escape
		}
		g.log = append(g.log, a)
		g.play(g.ghost, c, a.As)
	}
}

// Apply validates action a with the legal-action rules and applies it. A
// refused action returns an *ActionError and leaves the game unchanged.
func (g *Game) Apply(a Action) error {
	// Fast paths for the two actions simulations apply millions of times;
	// anything unusual takes the full check, which explains refusals. They
	// log into the room the log has: growing it is a call, across which
	// the action's six bytes would be saved to the stack and reloaded on
	// every card, so a full log takes the full path, which grows it.
	switch {
	case a.Kind == ActionPlay && g.phase == PhasePlaying:
		s, n := int(a.Seat), len(g.log)
		if s == g.toPlay && g.legalNow.Has(a.Card) &&
			(a.Card == Tigress) == (a.As != Undeclared) && a.As <= AsEscape && n < cap(g.log) {
			g.log = g.log[:n+1]
			g.log[n] = a
			g.play(s, a.Card, a.As)
			if g.ghost >= 0 {
				g.ghostFlips()
			}
			return nil
		}
	case a.Kind == ActionBid && g.phase == PhaseBidding:
		return g.applyBid(a)
	}
	return g.applyChecked(a)
}

// applyBid is Apply's fast path for a bid. Apply is over the compiler's
// default budget for inlining with or without it; the profile-guided build
// of skullking (default.pgo) inlines Apply where the arena applies a
// decision, with or without it too (TestInliningClaims), and the bid's path
// apart keeps that inlined copy to the card's path.
func (g *Game) applyBid(a Action) error {
	s, n := int(a.Seat), len(g.log)
	if g.dealt && s >= 0 && s < g.players && !g.hasBid[s] && a.Value >= 0 && int(a.Value) <= g.cards &&
		n < cap(g.log) {
		g.log = g.log[:n+1]
		g.log[n] = a
		g.bid(s, int(a.Value))
		return nil
	}
	return g.applyChecked(a)
}

// applyChecked is Apply's full path: every action is checked, and refused
// with the rule it breaks.
func (g *Game) applyChecked(a Action) error {
	a = g.normalize(a)
	if err := g.check(a); err != nil {
		return err
	}
	g.ApplyUnchecked(a)
	return nil
}

// ApplyUnchecked applies an action known to be legal and canonical: one that
// LegalActions or a bot built from them gave for this very position, or one
// a replay already checked. An action from anywhere else (a client, a log)
// goes through Apply or Commit, which check and canonicalize it: here an
// illegal action, or another copy of a card the seat holds, corrupts the
// game.
func (g *Game) ApplyUnchecked(a Action) {
	g.log = append(g.log, a)
	s := int(a.Seat)
	switch a.Kind {
	case ActionBid:
		g.bid(s, int(a.Value))
	case ActionCannon:
		g.cannon[s], g.loaded[s] = int(a.Value), true
		g.nLoad++
		if g.nLoad == g.players {
			g.beginPlay()
		}
	case ActionPlay:
		g.play(s, a.Card, a.As)
		g.ghostFlips()
	default:
		g.applyAbility(a)
	}
}

func (g *Game) bid(s, n int) {
	g.bids[s], g.hasBid[s] = n, true
	g.bidsIn++
	if g.bidsIn == g.players {
		g.afterBids()
	}
}

func (g *Game) afterBids() {
	if g.opts.Scoring == RascalScoring && g.opts.CannonLoad {
		g.phase = PhaseCannon
		return
	}
	g.beginPlay()
}

func (g *Game) beginPlay() {
	g.phase = PhasePlaying
	g.startTrick(g.firstLeader)
}

// play puts seat s's card c (declared as for the Tigress) on the trick and
// resolves the trick once it is full. The caller lets Graybeard flip.
func (g *Game) play(s int, c Card, as TigressAs) {
	g.hand[s] = g.hand[s].Without(c)
	p := Played{Card: c, Seat: int8(s), As: as}
	i := g.inTrick
	g.trick[i] = p
	code := statCode(p)
	if !g.lead.Set() {
		g.lead = leadAfter[code]
	}
	g.stats.add(int8(i), code, g.lead)
	g.inTrick = i + 1
	if i+1 == g.trickSize {
		g.finishTrick()
		return
	}
	g.setTurn(int(g.order[i+1]))
}

// setTurn makes s the seat to play and works out its legal cards, once for
// all who ask before it plays.
func (g *Game) setTurn(s int) {
	g.toPlay = s
	g.legalNow = legalFrom(g.hand[s], g.lead)
}

func (g *Game) finishTrick() {
	t := g.newTrickRecord(g.inTrick)
	// The whole array in one copy: cheaper than a copy of the length.
	*(*[maxHands]Played)(t.Plays[:maxHands]) = g.trick
	res := &t.Result
	if g.stats.exotic() {
		g.resolveExotic(t.Plays, res)
	} else {
		g.stats.resolve(t.Plays, &g.opts, res)
	}
	if res.Winner >= 0 && res.Winner != g.ghost {
		g.won[res.Winner]++
		g.bonus[res.Winner] += res.Bonus
		g.captures[res.Winner] += res.Captured
	}
	g.trickNo++
	g.inTrick = 0
	if g.opts.PirateAbilities && g.abilityAfterTrick(res) {
		return
	}
	g.nextTrick(res.Leader)
}

// resolveExotic resolves a trick holding a Kraken, White Whale or Loot:
// what the Kraken leaves to the next lead, and the Loot alliances, come
// only from such a trick.
func (g *Game) resolveExotic(plays []Played, res *TrickResult) {
	*res = ResolveTrick(plays, &g.opts)
	if res.Outcome == Destroyed && g.opts.KrakenLead == KrakenLeadLeftOfKraken {
		for i, p := range plays {
			if p.Card == Kraken {
				res.Leader = int(g.order[(i+1)%g.trickSize])
			}
		}
	}
	for _, al := range res.Alliances[:res.NAlliances] {
		if g.nAlliances < len(g.alliances) {
			g.alliances[g.nAlliances] = al
			g.nAlliances++
		}
	}
}

// newTrickRecord appends an entry of n plays to this round's completed
// tricks, reusing memory; its Plays have room for any trick.
func (g *Game) newTrickRecord(n int) *CompletedTrick {
	if len(g.tricks) < cap(g.tricks) {
		g.tricks = g.tricks[:len(g.tricks)+1]
	} else {
		g.tricks = append(g.tricks, CompletedTrick{})
	}
	t := &g.tricks[len(g.tricks)-1]
	if cap(t.Plays) < maxHands {
		t.Plays = make([]Played, maxHands)
	}
	t.Plays = t.Plays[:n]
	t.Ability = AbilityReport{}
	return t
}

// recordTrick keeps a copy of a completed trick for this round's views.
func (g *Game) recordTrick(plays []Played, res *TrickResult, ability AbilityReport) {
	t := g.newTrickRecord(len(plays))
	copy(t.Plays, plays)
	t.Result = *res
	t.Ability = ability
}

// nextTrick starts the next trick, or ends the round after the last one.
func (g *Game) nextTrick(leader int) {
	if g.trickNo == g.cards {
		g.endRound()
		return
	}
	g.phase = PhasePlaying
	g.startTrick(leader)
}

func (g *Game) endRound() {
	r := g.newResult()
	// Every field, one by one and one array a statement: the slot holds a
	// round of an earlier game, and a composite literal or a parallel
	// assignment would be built on the stack and copied.
	r.Round, r.Cards, r.Played, r.Players = g.round, g.cards, true, g.players
	r.Alliances = g.alliances
	r.NAlliances = g.nAlliances
	r.Bids = g.bids
	r.Won = g.won
	r.Bonus = g.bonus
	r.Wagers = g.wagers
	r.Cannon = g.cannon
	r.Captures = g.captures
	r.Points = [8]int{}
	r.Totals = [8]int{}
	g.scoreResult(r)
}

// newResult appends a slot to the sheet and returns it, so the round is
// filled in place rather than copied. The slot is reused memory: the caller
// sets every field.
func (g *Game) newResult() *RoundResult {
	if len(g.results) < cap(g.results) {
		g.results = g.results[:len(g.results)+1]
	} else {
		g.results = append(g.results, RoundResult{})
	}
	return &g.results[len(g.results)-1]
}

// addResult adds a round to the sheet and scores it.
func (g *Game) addResult(r RoundResult) {
	p := g.newResult()
	*p = r
	g.scoreResult(p)
}

// scoreResult scores the sheet's last round, r, and moves on: to the next
// round, a tiebreak round, or the end.
func (g *Game) scoreResult(r *RoundResult) {
	g.opts.ScoreRound(r)
	for s := 0; s < g.players; s++ {
		g.totals[s] += r.Points[s]
		r.Totals[s] = g.totals[s]
	}
	if g.round >= len(g.schedule) {
		g.winners = appendLeaders(g.winners[:0], g.totals[:g.players])
		if len(g.winners) == 1 || !g.opts.Tiebreak {
			g.phase = PhaseOver
			return
		}
	}
	g.startRound()
}

// appendLeaders appends the seats with the highest total among totals to
// out[:0], reusing its memory.
func appendLeaders(out []int, totals []int) []int {
	for s, t := range totals {
		switch {
		case len(out) == 0 || t > totals[out[0]]:
			out = append(out[:0], s)
		case t == totals[out[0]]:
			out = append(out, s)
		}
	}
	return out
}

// ResultCount is the number of scored rounds.
func (g *Game) ResultCount() int { return len(g.results) }

// Result returns scored round i (0-based) without copying the sheet, for
// simulations that read every round; the caller must not modify it.
func (g *Game) Result(i int) *RoundResult { return &g.results[i] }

// RulesOf returns the rules scored round i (0-based) of the sheet was scored
// with: the game's, or those a score sheet changed to before it (see
// SetOptions).
func (g *Game) RulesOf(i int) Options {
	o := g.opts
	if len(g.starts) > 0 && g.starts[0].opts != nil {
		o = *g.starts[0].opts
	}
	for k := 0; k <= i && k < len(g.starts); k++ {
		if g.starts[k].changed != nil {
			o = *g.starts[k].changed
		}
	}
	return o
}
