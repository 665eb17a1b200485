package protocol

import (
	"encoding/json"
	"strconv"

	"github.com/skullking-go/skullking"
)

// View is one seat's picture of the game (or a spectator's): skullking.View
// on the wire. It holds only what the seat may know.
type View struct {
	Seat     int    `json:"seat"` // −1 for a spectator
	Players  int    `json:"players"`
	Phase    string `json:"phase"` // bidding, cannon, playing, ability, over
	Round    int    `json:"round"`
	Rounds   int    `json:"rounds"` // scheduled rounds
	Tiebreak bool   `json:"tiebreak"`
	Cards    int    `json:"cards"`
	// Named says whether the Pirates' names matter (pirate abilities).
	Named bool       `json:"named"`
	Seats []SeatInfo `json:"seats"`
	Hand  []HandCard `json:"hand"`
	Legal []Action   `json:"legal"`
	Turn  int        `json:"turn"`
	// Leader leads the trick on the table, or the next one while it waits:
	// the round's first leader through the bidding.
	Leader  int     `json:"leader"`
	Trick   []Play  `json:"trick"`
	Winning int     `json:"winning"`
	Lead    Lead    `json:"lead"`
	Tricks  []Trick `json:"tricks"`
	TrickNo int     `json:"trick_no"`
	// LastTrick is the trick completed last while no card of the next one
	// is on the table, a round's last trick through the next bidding.
	LastTrick   *Trick    `json:"last_trick,omitempty"`
	Pending     *Pending  `json:"pending,omitempty"`
	UndealtSeen []CardRef `json:"undealt_seen,omitempty"`
	Discarded   []CardRef `json:"discarded,omitempty"`
	// Results is the score sheet, every round scored so far. On a
	// connection that said results_once in its hello it is absent (nil)
	// from a state whose sheet is the one last sent.
	Results []Result `json:"results"`
	Winners []int    `json:"winners"`
}

// KeepResults gives v the score sheet of prev, the view before it on the
// same connection, when v's was left out as unchanged (results_once).
func (v *View) KeepResults(prev *View) {
	if v.Results == nil && prev != nil {
		v.Results = prev.Results
	}
}

// Phases of a game on the wire.
const (
	PhaseBidding = "bidding"
	PhaseCannon  = "cannon"
	PhasePlaying = "playing"
	PhaseAbility = "ability"
	PhaseOver    = "over"
)

// SeatInfo is one seat in a view. Bid is null until every bid is in (the
// viewer's own bid excepted), so "not yet bid" (has_bid false) and "bid 0"
// never look alike.
type SeatInfo struct {
	Name      string `json:"name"`
	HandSize  int    `json:"hand_size"`
	HasBid    bool   `json:"has_bid"`
	Bid       *int   `json:"bid"`
	Won       int    `json:"won"`
	Total     int    `json:"total"`
	Graybeard bool   `json:"graybeard,omitempty"`
	Wager     int    `json:"wager,omitempty"`
	Cannon    string `json:"cannon,omitempty"` // grapeshot or cannonball: the viewer's own once loaded, the others' once every seat has
	// BonusLost says the bonus the seat captures this round can no longer
	// count: whatever is still to play, its bid cannot be made (nor come
	// close enough under Rascal's scoring). Public: it follows from the
	// bids, the tricks won and the cards played.
	BonusLost bool `json:"bonus_lost,omitempty"`
}

// HandCard is a card of the viewer's hand: whether it may be played now
// and, if not, why.
type HandCard struct {
	CardRef
	Playable bool     `json:"playable"`
	Why      *Refusal `json:"why,omitempty"`
}

// Play is a card on the table and whose it is.
type Play struct {
	Seat int `json:"seat"`
	CardRef
	As string `json:"as,omitempty"` // the Tigress: pirate or escape
}

// Lead is the current trick's suit: none until set, or free.
type Lead struct {
	Suit string `json:"suit,omitempty"`
	Free bool   `json:"free,omitempty"`
}

// Pending is a pirate ability awaiting its owner's decision: its kind (an
// action kind), whose it is, Bendt's draw to discard, who leads next unless
// Rosie decides otherwise.
type Pending struct {
	Kind   string `json:"kind"`
	Seat   int    `json:"seat"`
	Draw   int    `json:"draw,omitempty"`
	Leader int    `json:"leader"`
}

// phaseNames writes the engine's phases.
var phaseNames = map[skullking.Phase]string{
	skullking.PhaseBidding: PhaseBidding, skullking.PhaseCannon: PhaseCannon, skullking.PhasePlaying: PhasePlaying,
	skullking.PhaseAbility: PhaseAbility, skullking.PhaseOver: PhaseOver,
}

func cannonName(v int) string {
	if v == skullking.Cannonball {
		return "cannonball"
	}
	return "grapeshot"
}

// ViewOf converts the engine's view for the wire.
func ViewOf(v *skullking.View) *View {
	w := viewOf(v)
	w.Tricks, w.LastTrick, w.Results = tricksOf(v), lastTrickOf(v), resultsOf(v)
	return w
}

// viewOf converts everything but the parts every viewer shares.
func viewOf(v *skullking.View) *View {
	named := v.Options.PirateAbilities
	w := &View{
		Seat: v.Seat, Players: v.Players, Phase: phaseNames[v.Phase], Round: v.Round, Rounds: v.ScheduledRounds,
		Tiebreak: v.Tiebreak, Cards: v.Cards, Named: named, Turn: v.Turn, Leader: v.Leader, Winning: v.Winning,
		TrickNo: v.TrickNo, Hand: []HandCard{}, Legal: []Action{}, Trick: []Play{}, Winners: []int{},
	}
	if v.Lead.Suit != skullking.NoSuit {
		w.Lead.Suit = v.Lead.Suit.String()
	}
	w.Lead.Free = v.Lead.Free
	for _, s := range v.Seats {
		si := SeatInfo{Name: s.Name, HandSize: s.HandSize, HasBid: s.HasBid, Won: s.Won, Total: s.Total,
			Graybeard: s.Graybeard, Wager: s.Wager, BonusLost: s.BonusLost}
		if s.Bid >= 0 && !s.Graybeard {
			si.Bid = intp(s.Bid)
		}
		if s.Cannon >= 0 && !s.Graybeard && v.Options.CannonLoad {
			si.Cannon = cannonName(s.Cannon)
		}
		w.Seats = append(w.Seats, si)
	}
	for i, c := range v.Hand {
		hc := HandCard{CardRef: refOf(c, named), Playable: true}
		if i < len(v.Refusals) && v.Refusals[i].Refused() {
			hc.Playable, hc.Why = false, RefusalOf(&v.Refusals[i], named)
		}
		w.Hand = append(w.Hand, hc)
	}
	for _, a := range v.Legal {
		w.Legal = append(w.Legal, FromAction(a, named))
	}
	w.Trick = plays(v.Trick, named)
	if v.Pending != skullking.ActionNone {
		w.Pending = &Pending{Kind: v.Pending.String(), Seat: v.PendingSeat, Draw: v.PendingDraw, Leader: v.PendingLeader}
	}
	for _, c := range v.UndealtSeen {
		w.UndealtSeen = append(w.UndealtSeen, refOf(c, named))
	}
	for _, c := range v.Discarded {
		w.Discarded = append(w.Discarded, refOf(c, named))
	}
	w.Winners = append(w.Winners, v.Winners...)
	return w
}

func plays(ps []skullking.Played, named bool) []Play {
	out := make([]Play, 0, len(ps))
	for _, p := range ps {
		ref := refOf(p.Card, named)
		ref.Code = p.Code(named)
		out = append(out, Play{Seat: int(p.Seat), CardRef: ref, As: asName(p.As)})
	}
	return out
}

func tricksOf(v *skullking.View) []Trick {
	out := []Trick{}
	for i := range v.Tricks {
		out = append(out, trickIn(v, &v.Tricks[i]))
	}
	return out
}

func lastTrickOf(v *skullking.View) *Trick {
	if v.LastTrick == nil {
		return nil
	}
	t := trickIn(v, v.LastTrick)
	return &t
}

// trickIn is a completed trick as view v reports it: with whether its bonus
// is lost.
func trickIn(v *skullking.View, tl *skullking.TrickLog) Trick {
	t := TrickOf(tl, &v.Options)
	t.BonusLost = bonusLostIn(v, t.Round, t.Winner, t.Bonus)
	return t
}

// bonusLostIn says whether the bonus of a trick of round won by winner is
// lost, in view v: as the engine says of the winner's seat while the round
// is played, and as the round's score says once it is scored.
func bonusLostIn(v *skullking.View, round, winner, bonus int) bool {
	if bonus <= 0 || winner < 0 {
		return false
	}
	for i := range v.Results {
		if r := &v.Results[i]; r.Round == round {
			o := v.Options
			if i < len(v.RoundRules) {
				o = v.RoundRules[i]
			}
			return o.Score(r, winner).BonusPoints == 0
		}
	}
	if round == v.Round && winner < len(v.Seats) {
		return v.Seats[winner].BonusLost
	}
	return false
}

func resultsOf(v *skullking.View) []Result {
	out := []Result{}
	for i := range v.Results {
		o := v.Options
		if i < len(v.RoundRules) {
			o = v.RoundRules[i]
		}
		r := ResultOf(&v.Results[i], &o, v.ScheduledRounds)
		if i > 0 && i < len(v.RoundRules) && !sameRules(o, v.RoundRules[0]) {
			r.Rules = &o
		}
		out = append(out, r)
	}
	return out
}

// StateEncoder writes one state message for each viewer of a table. The
// completed tricks and the score sheet are the same for every viewer and
// grow through the game, so they are encoded once per state rather than once
// per connection, and spliced into each viewer's message as they are. The
// view and the tricks are appended by hand (viewjson.go), as they are on
// every frame; the score sheet, which a results_once connection gets once a
// round, and the event, one per state, are left to encoding/json.
type StateEncoder struct {
	from    *skullking.View // the view it was made from, whole: the sheet's source
	head    []byte          // {"type":"state","seq":…,"view":
	shared  []byte          // ,"tricks":…,"last_trick":…
	results []byte          // ,"results":…, once a viewer's message needs it
	tail    []byte          // ,"event":…,"deadline":…}
}

// NewStateEncoder prepares a state after action seq from any viewer's
// engine view (the shared parts do not depend on the viewer).
func NewStateEncoder(any *skullking.View, seq int64, ev *Event, deadline int64) (*StateEncoder, error) {
	e := &StateEncoder{from: any, head: []byte(`{"type":"` + TypeState + `"`)}
	if seq != 0 {
		e.head = append(e.head, `,"seq":`...)
		e.head = strconv.AppendInt(e.head, seq, 10)
	}
	e.head = append(e.head, `,"view":`...)
	e.shared = make([]byte, 0, sharedSizeHint(any))
	e.shared = append(e.shared, `,"tricks":`...)
	e.shared = appendTricks(e.shared, any)
	if any.LastTrick != nil {
		e.shared = append(e.shared, `,"last_trick":`...)
		e.shared = appendTrick(e.shared, any, any.LastTrick)
	}
	var err error
	if ev != nil {
		if e.tail, err = appendField(e.tail, "event", ev); err != nil {
			return nil, err
		}
	}
	if deadline != 0 {
		e.tail = append(e.tail, `,"deadline":`...)
		e.tail = strconv.AppendInt(e.tail, deadline, 10)
	}
	e.tail = append(e.tail, '}')
	return e, nil
}

// appendField appends ,"key":v to b.
func appendField(b []byte, key string, v any) ([]byte, error) {
	j, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	b = append(b, ',', '"')
	b = append(b, key...)
	b = append(b, '"', ':')
	return append(b, j...), nil
}

// Encode writes the state message for one viewer's engine view: a State
// ServerMsg, the same JSON that encoding one whole would write, but for the
// order of its fields. The view's own parts are all Encode reads of it, so
// it may be a skullking.Game.OwnView: the parts every viewer shares come
// from the view the encoder was made from. Without results, the score
// sheet is left out, for a connection that has it already (results_once);
// the sheet is encoded the first time a message needs it, and not at all
// when every connection has it.
func (e *StateEncoder) Encode(v *skullking.View, results bool) ([]byte, error) {
	if results && e.results == nil {
		var err error
		if e.results, err = appendField(nil, "results", resultsOf(e.from)); err != nil {
			return nil, err
		}
	}
	size := len(e.head) + ownSizeHint(v) + len(e.shared) + 1 + len(e.tail)
	if results {
		size += len(e.results)
	}
	out := make([]byte, 0, size)
	out = append(out, e.head...)
	out = appendOwnView(out, v)
	out = append(out, e.shared...)
	if results {
		out = append(out, e.results...)
	}
	out = append(out, '}')
	return append(out, e.tail...), nil
}

// ownSizeHint is about the most a viewer's own part of v takes, so that a
// frame is allocated once: a refused card takes the most, with its why.
func ownSizeHint(v *skullking.View) int {
	n := 280 + 3*len(v.Winners) + 40*len(v.Trick) + 32*(len(v.UndealtSeen)+len(v.Discarded))
	for i := range v.Seats {
		n += 120 + len(v.Seats[i].Name)
	}
	for i := range v.Hand {
		n += 44
		if i < len(v.Refusals) && v.Refusals[i].Refused() {
			n += 135 + 3*len(v.Refusals[i].Seats)
		}
	}
	for _, a := range v.Legal {
		n += 40
		if a.Kind == skullking.ActionDiscard {
			n += 26 // two cards and their two codes
		}
	}
	return n
}

// sharedSizeHint is about the most the completed tricks of v take.
func sharedSizeHint(v *skullking.View) int {
	n := 16
	for i := range v.Tricks {
		n += 300 + 64*len(v.Tricks[i].Plays)
	}
	if v.LastTrick != nil {
		n += 320 + 64*len(v.LastTrick.Plays)
	}
	return n
}
