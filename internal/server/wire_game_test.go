package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// A wire game: one table played to its end by real clients (package
// client) on a real server, the test deciding every person's moves one at
// a time and sending, before and between them, actions the server must
// refuse. Its checks say one rule from every side: an action a seat sends
// is checked, kept and applied in one and the same form, so that what is
// refused changes nothing, what is acknowledged is what the log keeps, and
// the log and the record replay to what every client was shown.

// wireT is what a wire game needs of its test: *testing.T and *rapid.T.
type wireT interface {
	Helper()
	Fatalf(format string, args ...any)
}

// wireWait bounds every wait for the server: an answer, an event.
const wireWait = 30 * time.Second

// wireStats counts what the wire games sent and what became of it.
type wireStats struct {
	games, records int
	// sent counts the fuzzed actions by kind, accepted those the server
	// acknowledged (every one a failure).
	sent, accepted map[string]int
	// alternatives are fuzzed plays and discards of a card the seat does not
	// hold (another copy of a face it holds, another seat's card, an undealt
	// one, one not in the game): the report behind Commit. onTurn counts
	// those refused card_not_held on the seat's own turn, where only the
	// hand stood between the card and the trick.
	alternatives, alternativesAccepted, onTurn int
	// legal counts the legal actions taken, by the form they were sent in,
	// kinds by their kind.
	legal, kinds map[string]int
}

func newWireStats() *wireStats {
	return &wireStats{sent: map[string]int{}, accepted: map[string]int{}, legal: map[string]int{}, kinds: map[string]int{}}
}

func (st *wireStats) String() string {
	fuzzed, accepted := 0, 0
	for k, n := range st.sent {
		fuzzed += n
		accepted += st.accepted[k]
	}
	legal := 0
	for _, n := range st.legal {
		legal += n
	}
	return fmt.Sprintf("%d games, %d records replayed; %d fuzzed actions sent, %d accepted; "+
		"%d alternative plays (a card not held) sent, %d accepted, %d refused card_not_held on the seat's turn; "+
		"%d legal actions acknowledged\n  fuzzed by kind: %s\n  legal by form: %s\n  legal by kind: %s",
		st.games, st.records, fuzzed, accepted, st.alternatives, st.alternativesAccepted, st.onTurn, legal,
		counts(st.sent), counts(st.legal), counts(st.kinds))
}

func counts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", k, m[k])
	}
	return b.String()
}

// wireGame is one table under test.
type wireGame struct {
	t       wireT
	id      string
	nodes   []*testserver.Server
	store   store.Store
	rng     *rand.Rand
	cards   []protocol.CardInfo
	stats   *wireStats
	players int // seats, Graybeard not counted
	bots    map[int]bool
	options skullking.Options
	named   bool
	// autoLast: the server plays a person's forced last card by itself.
	autoLast bool
	// fuzz sends illegal and alternative actions; off, only legal ones.
	fuzz bool
	// hook, when set, is offered each person's decision first; it returns
	// true when it took the decision itself.
	hook func(g *wireGame, p *wireSeat) bool

	persons []*wireSeat // in seat order
	watcher *wireSeat   // a spectator, or nil
	// known is the highest seq any client was shown or acknowledged.
	known int64
	// expectNext, once a refusal came where nothing but the test's people
	// could move, is the seq the next acknowledgement must carry: the
	// refusal did not move the log. 0 when none is expected.
	expectNext int64
	// plays are the cards the clients were shown played, by trick and place.
	plays map[playKey]protocol.Play
	// deal is the deal of the round in play, read from the store.
	deal *roundDeal
}

// playKey is one card's place: the round, the trick in it, the index in
// the trick's plays.
type playKey struct{ round, trick, index int }

// roundDeal is what the engine dealt in a round: every hand and the cards
// left undealt, for the fuzzer to name cards a seat does not hold.
type roundDeal struct {
	round   int
	hands   []skullking.CardSet // by seat, Graybeard's pile last in a two-player game
	undealt skullking.CardSet
}

// wireSeat is a person's seat (or the spectator) and what its client read.
type wireSeat struct {
	g    *wireGame
	seat int // −1 for the spectator
	name string
	conn *client.Conn
	last *protocol.ServerMsg // the newest state
	// states are every state read, in order.
	states []*protocol.ServerMsg
	// acked is every action the server acknowledged, by seq, as the engine
	// must have kept it.
	acked map[int64]skullking.Action
	// lastPlayed is the seat's last acknowledged action, by card id, and
	// the round it was taken in: sent again, it is stale.
	lastPlayed      *protocol.Action
	lastPlayedRound int
	// watches follow the states after a refusal.
	watches []refusalWatch
}

// refusalWatch is what a refused action must leave as it was: the seat's own
// part of every state after the refusal (from) until its next action
// (until, the seq acknowledged; 0 while none is).
type refusalWatch struct {
	from, until int64
	what        string
	round       int
	hand        []int
	hasBid      bool
	bid         *int
}

// next reads one event: a state is taken, anything but a state, a table or
// a chat line fails the game (no connection drops in these games).
func (s *wireSeat) next() {
	s.g.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wireWait)
	defer cancel()
	ev, err := s.conn.Next(ctx)
	if err != nil {
		s.g.t.Fatalf("%s: no event within %v (last seq %d, known %d): %v", s.name, wireWait, s.seq(), s.g.known, err)
	}
	if ev.Msg == nil {
		s.g.t.Fatalf("%s: the connection %s: %v %s", s.name, ev.Status, ev.Err, ev.Reason)
	}
	switch m := ev.Msg; m.Type {
	case protocol.TypeState:
		s.take(m)
	case protocol.TypeError:
		s.g.t.Fatalf("%s: an error that answers no request: %s %s", s.name, m.Code, m.Message)
	case protocol.TypeBye:
		s.g.t.Fatalf("%s: bye: %s", s.name, m.Reason)
	}
}

func (s *wireSeat) seq() int64 {
	if s.last == nil {
		return -1
	}
	return s.last.Seq
}

// until reads events until the seat has a state of seq at least seq.
func (s *wireSeat) until(seq int64) {
	s.g.t.Helper()
	for s.last == nil || s.last.Seq < seq {
		s.next()
	}
}

func (s *wireSeat) view() *protocol.View { return s.last.View }

// take keeps a state and checks it against what came before: the plays
// other clients were shown, the watches of refused actions.
func (s *wireSeat) take(m *protocol.ServerMsg) {
	g := s.g
	g.t.Helper()
	v := m.View
	if v.Seat != s.seat {
		g.t.Fatalf("%s (seat %d) was sent seat %d's view", s.name, s.seat, v.Seat)
	}
	s.states = append(s.states, m)
	s.last = m
	g.known = max(g.known, m.Seq)
	saw := func(k playKey, p protocol.Play) {
		if prev, ok := g.plays[k]; ok && prev != p {
			g.t.Fatalf("%s was shown %+v as card %d of trick %d of round %d, another client %+v",
				s.name, p, k.index+1, k.trick, k.round, prev)
		}
		g.plays[k] = p
	}
	tricks := v.Tricks
	if v.LastTrick != nil {
		tricks = append(slices.Clip(tricks), *v.LastTrick)
	}
	for _, tr := range tricks {
		for i, p := range tr.Plays {
			saw(playKey{tr.Round, tr.Number, i}, p)
		}
	}
	if v.Phase == protocol.PhasePlaying {
		for i, p := range v.Trick {
			saw(playKey{v.Round, v.TrickNo, i}, p)
		}
	}
	if e := m.Event; e != nil && e.Seat == s.seat && e.By != protocol.ByPlayer {
		// The server acted for the seat (auto_last): the seat's part moves
		// from here on, as after its own action.
		for i := range s.watches {
			if s.watches[i].until == 0 {
				s.watches[i].until = m.Seq
			}
		}
	}
	kept := s.watches[:0]
	for _, w := range s.watches {
		if m.Seq > w.from && (w.until == 0 || m.Seq < w.until) {
			s.checkWatch(w, m)
		}
		if w.until == 0 || m.Seq < w.until {
			kept = append(kept, w)
		}
	}
	s.watches = kept
}

// checkWatch checks a state that came after a refused action and before
// the seat's next one: the seat did nothing, its hand and bid are as they
// were.
func (s *wireSeat) checkWatch(w refusalWatch, m *protocol.ServerMsg) {
	g := s.g
	g.t.Helper()
	if e := m.Event; e != nil && e.Seat == s.seat && e.By == protocol.ByPlayer {
		g.t.Fatalf("%s: after the refused %s (at seq %d), state %d shows the seat's own %s", s.name, w.what, w.from, m.Seq, e.Kind)
	}
	v := m.View
	if v.Round != w.round {
		return // a new deal: the seat's part starts over
	}
	own := v.Seats[s.seat]
	if !slices.Equal(handIDs(v), w.hand) || own.HasBid != w.hasBid || !sameIntPtr(own.Bid, w.bid) {
		g.t.Fatalf("%s: after the refused %s (at seq %d), state %d shows hand %v bid %v/%v, before it %v bid %v/%v",
			s.name, w.what, w.from, m.Seq, handIDs(v), own.HasBid, ptrText(own.Bid), w.hand, w.hasBid, ptrText(w.bid))
	}
}

func sameIntPtr(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func ptrText(p *int) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

func handIDs(v *protocol.View) []int {
	out := make([]int, len(v.Hand))
	for i, h := range v.Hand {
		out[i] = h.Card
	}
	return out
}

func holds(v *protocol.View, id int) bool {
	for _, h := range v.Hand {
		if h.Card == id {
			return true
		}
	}
	return false
}

// send sends one action and waits for the server's answer.
func (s *wireSeat) send(a *protocol.Action) (protocol.ServerMsg, error) {
	ctx, cancel := context.WithTimeout(context.Background(), wireWait)
	defer cancel()
	return s.conn.Request(ctx, protocol.ClientMsg{Type: protocol.TypeAct, Action: a})
}

// stateAt is the state of seq the seat read.
func (s *wireSeat) stateAt(seq int64) *protocol.ServerMsg {
	for i := len(s.states) - 1; i >= 0; i-- {
		if s.states[i].Seq == seq {
			return s.states[i]
		}
	}
	return nil
}

// person is the test's seat s, or nil for a bot's (or Graybeard's).
func (g *wireGame) person(s int) *wireSeat {
	for _, p := range g.persons {
		if p.seat == s {
			return p
		}
	}
	return nil
}

// sync brings every client to the newest state any of them was shown.
func (g *wireGame) sync() {
	g.t.Helper()
	for _, p := range g.all() {
		p.until(g.known)
	}
}

func (g *wireGame) all() []*wireSeat {
	if g.watcher == nil {
		return g.persons
	}
	return append(slices.Clip(g.persons), g.watcher)
}

// autoForced reports whether the server is about to play the seat's last
// card for it (auto_last): its decision is not the test's to take.
func (g *wireGame) autoForced(p *wireSeat) bool {
	v := p.view()
	return g.autoLast && v.Phase == protocol.PhasePlaying && v.Turn == p.seat && len(v.Hand) == 1 && len(v.Legal) == 1
}

// position says who may change the game now. Frozen: only the test's
// people, who wait for the test, can change the phase, the turn or a hand
// (bots may still bid beside them): an action judged on the views now is
// judged on the game the server will judge it on. Strict: nothing at all
// moves until one of the test's people acts, so a refusal must leave the
// next acknowledgement at the seq after this one.
type position struct{ frozen, strict bool }

func (g *wireGame) position() position {
	v := g.persons[0].view()
	switch v.Phase {
	case protocol.PhaseOver:
		return position{true, true}
	case protocol.PhaseBidding:
		waiting, botsDone := false, true
		for s := range g.players {
			switch {
			case g.bots[s] && !v.Seats[s].HasBid:
				botsDone = false
			case !g.bots[s] && !v.Seats[s].HasBid:
				waiting = true
			}
		}
		return position{waiting, waiting && botsDone}
	case protocol.PhaseCannon:
		for _, p := range g.persons {
			if p.view().Seats[p.seat].Cannon == "" {
				return position{frozen: true}
			}
		}
	case protocol.PhasePlaying:
		if p := g.person(v.Turn); p != nil && !g.autoForced(p) {
			return position{true, true}
		}
	case protocol.PhaseAbility:
		if v.Pending != nil && g.person(v.Pending.Seat) != nil {
			return position{true, true}
		}
	}
	return position{}
}

// play plays the game to its end: each step, once every client has the
// newest state, one person with a decision sends a few fuzzed actions,
// then a legal one; another may fuzz between turns. When no person has a
// decision, a bot (or the server, for a forced last card) has: the step
// waits for the state it makes.
func (g *wireGame) play() {
	g.t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
	for {
		if time.Now().After(deadline) {
			g.t.Fatalf("the game is not over after 5 minutes (seq %d)", g.known)
		}
		g.sync()
		if g.persons[0].view().Phase == protocol.PhaseOver {
			return
		}
		var deciding, idle []*wireSeat
		for _, p := range g.persons {
			if len(p.view().Legal) > 0 && !g.autoForced(p) {
				deciding = append(deciding, p)
			} else {
				idle = append(idle, p)
			}
		}
		if len(deciding) == 0 {
			g.persons[0].until(g.known + 1)
			continue
		}
		pos := g.position()
		if g.fuzz && len(idle) > 0 && g.rng.IntN(3) == 0 {
			q := idle[g.rng.IntN(len(idle))]
			g.fuzzOnce(q, pos, g.drawFuzz(q, pos))
		}
		if g.fuzz && g.watcher != nil && g.rng.IntN(8) == 0 {
			g.spectatorActs()
		}
		p := deciding[g.rng.IntN(len(deciding))]
		if g.hook != nil && g.hook(g, p) {
			continue
		}
		if g.fuzz {
			if g.rng.IntN(4) > 0 {
				g.probe(p, pos)
			}
			for n := g.rng.IntN(4); n > 0; n-- {
				g.fuzzOnce(p, pos, g.drawFuzz(p, pos))
			}
		}
		g.act(p)
	}
}

// act takes one of the seat's legal actions, in one of the forms the
// protocol accepts, and checks that the state it made shows it.
func (g *wireGame) act(p *wireSeat) {
	g.t.Helper()
	v := p.view()
	listed := v.Legal[g.rng.IntN(len(v.Legal))]
	w, form := g.legalForm(p, listed)
	g.actAs(p, w, form)
}

// actAs sends w, a legal action of the seat's written in form, and checks
// that it is acknowledged and that the state it made shows what the
// engine must have applied.
func (g *wireGame) actAs(p *wireSeat, w *protocol.Action, form string) {
	g.t.Helper()
	v := p.view()
	want := g.engineAction(p, w)
	ack, err := p.send(w)
	if err != nil {
		g.t.Fatalf("%s: its legal %s sent %s (%s) at seq %d was refused: %v", p.name, w.Kind, form, actionText(w), p.seq(), err)
	}
	if g.expectNext != 0 && ack.Seq != g.expectNext {
		g.t.Fatalf("%s: acknowledged at seq %d; nothing but the test's people could act since seq %d, and what they sent "+
			"was refused: a refusal moved the log", p.name, ack.Seq, g.expectNext-1)
	}
	g.expectNext = 0
	for i := range p.watches {
		if p.watches[i].until == 0 {
			p.watches[i].until = ack.Seq
		}
	}
	g.known = max(g.known, ack.Seq)
	p.acked[ack.Seq] = want
	p.until(ack.Seq)
	st := p.stateAt(ack.Seq)
	if st == nil {
		g.t.Fatalf("%s: no state of the acknowledged seq %d", p.name, ack.Seq)
	}
	e := st.Event
	if e == nil || e.Kind != want.Kind.String() || e.Seat != p.seat || e.By != protocol.ByPlayer {
		g.t.Fatalf("%s: the state of its acknowledged %s (seq %d) tells %+v", p.name, actionText(w), ack.Seq, e)
	}
	switch want.Kind {
	case skullking.ActionPlay:
		gone := st.View.Round != v.Round || !holds(st.View, int(want.Card)) // a round's last card: a new deal follows
		if e.Card == nil || e.Card.Card != int(want.Card) || !holds(v, int(want.Card)) || !gone {
			g.t.Fatalf("%s: sent %s (%s) holding %v; the table shows %+v played and the hand %v, want card %d played from the hand",
				p.name, actionText(w), form, handIDs(v), e.Card, handIDs(st.View), want.Card)
		}
	case skullking.ActionDiscard:
		for _, c := range []skullking.Card{want.Card, want.Card2} {
			if c != skullking.NoCard && (holds(st.View, int(c)) || !slices.ContainsFunc(st.View.Discarded,
				func(r protocol.CardRef) bool { return r.Card == int(c) })) {
				g.t.Fatalf("%s: sent %s (%s); card %d is not among the discards %v", p.name, actionText(w), form, c, st.View.Discarded)
			}
		}
	}
	p.lastPlayed, p.lastPlayedRound = wireOf(want, g.named), v.Round
	g.stats.legal[form]++
	g.stats.kinds[w.Kind]++
}

// engineAction is the action the engine must keep for the wire action w
// of the seat: a card id is the card, a card code alone the lowest copy of
// its face the seat holds.
func (g *wireGame) engineAction(p *wireSeat, w *protocol.Action) skullking.Action {
	g.t.Helper()
	r := *w
	hand := handIDs(p.view())
	if r.Kind == protocol.KindPlay && r.Card == nil {
		id, as := g.heldCopy(hand, strings.Fields(r.Code)[0], -1)
		r.Card = &id
		if r.As == "" {
			r.As = as
		}
	}
	if r.Kind == protocol.KindDiscard && r.Card == nil {
		codes := strings.Fields(r.Code)
		id, _ := g.heldCopy(hand, codes[0], -1)
		r.Card = &id
		if len(codes) > 1 {
			id2, _ := g.heldCopy(hand, codes[1], id)
			r.Card2 = &id2
		}
	}
	a, err := protocol.ToAction(&r, p.seat)
	if err != nil {
		g.t.Fatalf("%s: the legal action %s does not read: %v", p.name, actionText(w), err)
	}
	return a
}

// heldCopy is the card a code names in hand: the lowest id of its face
// the seat holds other than not, and the Tigress's declaration the code
// makes.
func (g *wireGame) heldCopy(hand []int, code string, not int) (int, string) {
	code = strings.ToUpper(code)
	as := ""
	switch code {
	case "TIG-P":
		code, as = "TIG", "pirate"
	case "TIG-E":
		code, as = "TIG", "escape"
	}
	for _, id := range hand {
		if id != not && g.face(id) == code {
			return id, as
		}
	}
	g.t.Fatalf("no card of %s in the hand %v", code, hand)
	return 0, ""
}

// face is the code that names card id in this game: the catalogue's code,
// or its named code when the Pirates' names matter.
func (g *wireGame) face(id int) string {
	if g.named {
		return g.cards[id].NamedCode
	}
	return g.cards[id].Code
}

// copies are the other cards of id's face: cards played alike, any of
// which a code names.
func (g *wireGame) copies(id int) []int {
	var out []int
	for _, c := range g.cards {
		if c.Card != id && g.face(c.Card) == g.face(id) {
			out = append(out, c.Card)
		}
	}
	return out
}

// legalForm writes a legal action as the view listed it or in another form
// the protocol accepts: the card by its code alone, another held copy of
// its face, its id with some other code (the id counts), Bendt's two
// discards the other way round.
func (g *wireGame) legalForm(p *wireSeat, listed protocol.Action) (*protocol.Action, string) {
	v := p.view()
	w := listed
	held := func(id int) bool { return holds(v, id) }
	switch w.Kind {
	case protocol.KindPlay:
		var other []int
		for _, c := range g.copies(*w.Card) {
			if held(c) {
				other = append(other, c)
			}
		}
		switch g.rng.IntN(6) {
		case 0, 1:
			w.Card = nil
			if g.rng.IntN(2) == 0 && strings.HasPrefix(w.Code, "TIG-") {
				w.As = "" // the code declares her
			}
			if g.rng.IntN(3) == 0 {
				w.Code = strings.ToLower(w.Code)
			}
			return &w, "code"
		case 2:
			if len(other) > 0 {
				w.Card = &other[g.rng.IntN(len(other))]
				return &w, "held copy"
			}
		case 3:
			w.Code = g.face(v.Hand[g.rng.IntN(len(v.Hand))].Card)
			return &w, "id over code"
		}
	case protocol.KindDiscard:
		codes := strings.Fields(w.Code)
		switch g.rng.IntN(4) {
		case 0:
			w.Card, w.Card2 = nil, nil
			return &w, "code"
		case 1:
			if w.Card2 != nil {
				w.Card, w.Card2 = w.Card2, w.Card
				w.Code = codes[1] + " " + codes[0]
				return &w, "swapped"
			}
		case 2:
			for _, c := range g.copies(*w.Card) {
				if held(c) && (w.Card2 == nil || c != *w.Card2) {
					w.Card = &c
					return &w, "held copy"
				}
			}
		}
	}
	return &listed, "listed"
}

// wireOf writes an engine action with its card ids.
func wireOf(a skullking.Action, named bool) *protocol.Action {
	w := protocol.FromAction(a, named)
	return &w
}

func actionText(a *protocol.Action) string {
	if a == nil {
		return "no action"
	}
	b, _ := json.Marshal(a)
	return string(b)
}

// dealNow is the deal of the round in play (as the store has it now),
// read once a round.
func (g *wireGame) dealNow(round int) *roundDeal {
	g.t.Helper()
	if g.deal != nil && g.deal.round == round {
		return g.deal
	}
	tg, _ := g.replay(nil)
	d := &roundDeal{round: tg.Round()}
	deck := tg.DeckOrder()
	hands, cards := g.players, tg.Cards()
	if tg.GhostSeat() >= 0 {
		hands++
	}
	for s := range hands {
		if (s+1)*cards <= len(deck) {
			d.hands = append(d.hands, skullking.SetOf(deck[s*cards:(s+1)*cards]...))
		}
	}
	if hands*cards <= len(deck) {
		d.undealt = skullking.SetOf(deck[hands*cards:]...)
	}
	g.deal = d
	return d
}

// wireSetup is a table to open: its seats and settings, a spectator or
// not, and the seed of the test's choices.
type wireSetup struct {
	seats     []protocol.SeatSpec
	settings  protocol.Settings
	spectator bool
	seed      uint64
}

// openWireGame opens the table on the first node, seats a person in every
// open seat through the nodes in turn (and the spectator through the
// last), and starts the game.
func openWireGame(t wireT, nodes []*testserver.Server, cards []protocol.CardInfo, stats *wireStats, su wireSetup) *wireGame {
	t.Helper()
	g := &wireGame{t: t, nodes: nodes, store: nodes[0].Running().Store(), rng: rand.New(rand.NewPCG(su.seed, 0x5eed)),
		cards: cards, stats: stats, players: len(su.seats), bots: map[int]bool{}, options: su.settings.Options,
		named: su.settings.Options.PirateAbilities, autoLast: su.settings.AutoLast, fuzz: true, plays: map[playKey]protocol.Play{}}
	opened := false
	defer func() {
		if !opened {
			g.close() // a failure on the way: the clients dialled so far leave
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), wireWait)
	defer cancel()
	first := -1
	for s, sp := range su.seats {
		if sp.Kind == protocol.SeatBot {
			g.bots[s] = true
		} else if first < 0 {
			first = s
		}
	}
	created, err := nodes[0].Client().Create(ctx, protocol.CreateRequest{Nickname: nicknames[first], Seats: su.seats, Settings: su.settings})
	if err != nil {
		t.Fatalf("creating the table (%+v): %v", su, err)
	}
	g.id = created.ID
	tokens := map[int]string{created.Seat: created.Token}
	for s := range su.seats {
		if g.bots[s] || s == created.Seat {
			continue
		}
		j, err := nodes[s%len(nodes)].Client().Join(ctx, g.id, protocol.JoinRequest{Nickname: nicknames[s], Seat: &s})
		if err != nil || j.Seat != s {
			t.Fatalf("%s joining seat %d: %+v %v", nicknames[s], s, j, err)
		}
		tokens[s] = j.Token
	}
	dial := func(node int, name string, seat int, o client.Options) *wireSeat {
		conn, err := nodes[node%len(nodes)].Client().Dial(ctx, g.id, testserver.Quick(o))
		if err != nil {
			t.Fatalf("%s dialling node %d: %v", name, node%len(nodes)+1, err)
		}
		return &wireSeat{g: g, seat: seat, name: fmt.Sprintf("%s (seat %d, node %d)", name, seat, node%len(nodes)+1),
			conn: conn, acked: map[int64]skullking.Action{}}
	}
	for s := range su.seats {
		if !g.bots[s] {
			g.persons = append(g.persons, dial(s, nicknames[s], s, client.Options{Token: tokens[s]}))
		}
	}
	if su.spectator {
		g.watcher = dial(len(nodes)-1, "the spectator", -1, client.Options{Spectate: true})
	}
	host := g.person(created.Seat)
	if _, err := host.conn.Request(ctx, protocol.ClientMsg{Type: protocol.TypeStart}); err != nil {
		t.Fatalf("start: %v", err)
	}
	opened = true
	return g
}

// close closes every client's connection.
func (g *wireGame) close() {
	for _, p := range g.all() {
		p.conn.Close()
	}
}
