// Package wire is the online protocol's vocabulary: the JSON messages that
// clients and the server exchange over a table's WebSocket, and the
// conversion of an engine view into what one client may see. It is the one
// place that decides what goes on the wire, so secrecy is checked here: a
// message is built from skullking.View (which already holds only what its
// seat may know) and from public events, never from the Game itself.
// docs/protocol.md documents every message.
package wire

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/skullking-go/skullking"
)

// Version is the protocol version a client names in its hello.
const Version = 1

// Subprotocol is the WebSocket subprotocol of this version.
const Subprotocol = "skullking.v1"

// MaxFrame is the largest frame a client may send, in bytes.
const MaxFrame = 4096

// Client message types.
const (
	TypeHello     = "hello"     // first frame: token or spectate
	TypeAct       = "act"       // a game action
	TypeStart     = "start"     // host: start the game
	TypeSeat      = "seat"      // host: set a seat to a bot, open it, or remove it
	TypeAddSeat   = "add_seat"  // host: add a seat before the start
	TypeConfigure = "configure" // host: change the settings before the start
	TypeRematch   = "rematch"   // host: offer a rematch once the game is over
	TypeChat      = "chat"      // a line of chat
	TypeLeave     = "leave"     // give up one's seat before the start
	TypeHint      = "hint"      // ask the expert what to do now (answered to the asker alone)
	TypeJoin      = "join"      // take a seat (sent by the HTTP lobby on the client's behalf)
)

// Server message types.
const (
	TypeWelcome = "welcome" // reply to hello
	TypeTable   = "table"   // the table: settings, seats, presence, status
	TypeState   = "state"   // the game as this client may see it
	TypeAck     = "ack"     // the sender's own intent was accepted
	TypeError   = "error"   // an intent was refused; nothing changed
	TypeJoined  = "joined"  // reply to join: seat and token
	TypeBye     = "bye"     // the server is closing this connection
)

// Error codes, stable for clients to switch on. Message carries the sentence.
const (
	ErrBadFrame    = "bad_frame"    // not JSON, not text, or too large
	ErrUnknownType = "unknown_type" // a message type the server does not know
	ErrBadVersion  = "bad_version"  // hello names a version the server does not speak
	ErrNeedHello   = "need_hello"   // a message before hello, or a second hello
	ErrBadToken    = "bad_token"    // no seat answers to this token
	ErrNoSpectator = "no_spectators"
	ErrIllegal     = "illegal"    // the engine refused the action (message: its sentence)
	ErrNotSeated   = "not_seated" // a spectator tried to act
	ErrNotHost     = "not_host"
	ErrBadRequest  = "bad_request" // a well-formed message that cannot be done now
	ErrRateLimited = "rate_limited"
	ErrOverloaded  = "overloaded" // the table's queue is full: try again
	ErrNoTable     = "no_table"
	ErrInternal    = "internal"
)

// ClientMsg is every message a client sends; Type says which fields count.
type ClientMsg struct {
	Type string `json:"type"`
	// ID is the client's number for this message, echoed in the ack or error.
	ID       int64           `json:"id,omitempty"`
	V        int             `json:"v,omitempty"`        // hello
	Token    string          `json:"token,omitempty"`    // hello
	Spectate bool            `json:"spectate,omitempty"` // hello
	Action   *Action         `json:"action,omitempty"`   // act
	Seat     *int            `json:"seat,omitempty"`     // seat, join
	Set      string          `json:"set,omitempty"`      // seat: "bot", "open", "remove"
	Level    string          `json:"level,omitempty"`    // seat, add_seat: bot level ("" on add_seat: open)
	Text     string          `json:"text,omitempty"`     // chat
	Name     string          `json:"name,omitempty"`     // join
	Settings *SettingsUpdate `json:"settings,omitempty"` // configure
}

// SettingsUpdate is a configure message's change: absent fields stay.
type SettingsUpdate struct {
	Name        *string            `json:"name,omitempty"`
	Options     *skullking.Options `json:"options,omitempty"`
	TurnSeconds *int               `json:"turn_seconds,omitempty"`
	Public      *bool              `json:"public,omitempty"`
	Spectators  *bool              `json:"spectators,omitempty"`
	Standin     *string            `json:"standin,omitempty"`
	AutoLast    *bool              `json:"auto_last,omitempty"`
}

// ServerMsg is every message the server sends; Type says which fields count.
type ServerMsg struct {
	Type    string     `json:"type"`
	V       int        `json:"v,omitempty"`     // welcome
	ID      int64      `json:"id,omitempty"`    // ack, error: the client's message id
	Seq     int64      `json:"seq,omitempty"`   // state, ack: actions accepted so far
	Seat    *int       `json:"seat,omitempty"`  // welcome, joined: −1 for a spectator
	Host    bool       `json:"host,omitempty"`  // welcome: this client may use host commands
	Token   string     `json:"token,omitempty"` // joined
	Table   *TableInfo `json:"table,omitempty"` // welcome, table
	View    *View      `json:"view,omitempty"`  // state
	Event   *Event     `json:"event,omitempty"` // state: what just happened, if anything
	Code    string     `json:"code,omitempty"`  // error
	Message string     `json:"message,omitempty"`
	Name    string     `json:"name,omitempty"` // chat: who
	Text    string     `json:"text,omitempty"` // chat
	Reason  string     `json:"reason,omitempty"`
	// Reconnect marks a bye worth coming back from: the server is
	// restarting, the table moved or was put away. Without it the seat (or
	// the spectator's place) is gone.
	Reconnect bool `json:"reconnect,omitempty"`
	// Hint answers a hint request: the expert's recommended action (Text
	// says why).
	Hint *Action `json:"hint,omitempty"`
	// Deadline is when the turn timer runs out for the seats still to act,
	// in Unix milliseconds; 0 when no timer runs.
	Deadline int64 `json:"deadline,omitempty"`
}

// TableInfo is what everyone may know of a table.
type TableInfo struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Status      string            `json:"status"` // lobby, playing, over
	Public      bool              `json:"public"`
	Spectators  bool              `json:"spectators"`
	TurnSeconds int               `json:"turn_seconds"`
	Standin     string            `json:"standin"`
	AutoLast    bool              `json:"auto_last"`
	Options     skullking.Options `json:"options"`
	Rules       string            `json:"rules"` // the options in one line
	Seats       []SeatPresence    `json:"seats"`
	Host        int               `json:"host"`
	Watching    int               `json:"watching"`          // spectators connected
	Rematch     string            `json:"rematch,omitempty"` // the rematch table's id once offered
}

// SeatPresence is a seat as the lobby and the table show it.
type SeatPresence struct {
	Seat      int    `json:"seat"`
	Kind      string `json:"kind"` // "open", "person" or "bot"
	Name      string `json:"name,omitempty"`
	Level     string `json:"level,omitempty"`      // bot seats
	Connected bool   `json:"connected"`            // a person with at least one live connection
	BotPlays  bool   `json:"bot_plays,omitempty"`  // a bot plays for the absent person
	AwaySince int64  `json:"away_since,omitempty"` // Unix ms the person dropped, while absent
}

// Action is a game action on the wire: one of the seat's legal actions,
// written back exactly as the server listed it. Card ids are the engine's
// (0–73, see docs/protocol.md); Code is for display and ignored on input.
type Action struct {
	Kind  string `json:"kind"` // bid, play, cannon, rosie, bendt, discard, wager, harry
	Card  *int   `json:"card,omitempty"`
	Card2 *int   `json:"card2,omitempty"` // discard of two cards
	Code  string `json:"code,omitempty"`
	As    string `json:"as,omitempty"` // the Tigress: "pirate" or "escape"
	Value *int   `json:"value,omitempty"`
}

// Event is what just happened, as everyone may know it: a bid says who bid,
// never how much; a discard says who discarded, never what.
type Event struct {
	Kind  string `json:"kind"` // an action kind, or "start"
	Seat  int    `json:"seat"`
	Card  *int   `json:"card,omitempty"`
	Code  string `json:"code,omitempty"`
	As    string `json:"as,omitempty"`
	Value *int   `json:"value,omitempty"`
	// By is who decided for the seat: "player", "bot" or "timer".
	By string `json:"by,omitempty"`
}

// View is one client's picture of the game (skullking.View on the wire).
type View struct {
	Seat        int        `json:"seat"` // −1 for a spectator
	Players     int        `json:"players"`
	Phase       string     `json:"phase"`
	Round       int        `json:"round"`
	Rounds      int        `json:"rounds"` // scheduled rounds
	Tiebreak    bool       `json:"tiebreak"`
	Cards       int        `json:"cards"`
	Seats       []SeatInfo `json:"seats"`
	Hand        []HandCard `json:"hand"`
	Legal       []Action   `json:"legal"`
	Turn        int        `json:"turn"`
	Leader      int        `json:"leader"`
	Trick       []Play     `json:"trick"`
	Winning     int        `json:"winning"`
	Lead        Lead       `json:"lead"`
	Tricks      []Trick    `json:"tricks"`
	TrickNo     int        `json:"trick_no"`
	Pending     *Pending   `json:"pending,omitempty"`
	UndealtSeen []CardRef  `json:"undealt_seen,omitempty"`
	Discarded   []CardRef  `json:"discarded,omitempty"`
	Results     []Result   `json:"results"`
	Winners     []int      `json:"winners"`
}

// SeatInfo is one seat in a view. Bid is null until every bid is in (the
// seat's own bid excepted), so "not yet bid" (has_bid false) and "bid 0"
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
	Cannon    string `json:"cannon,omitempty"` // once every seat has loaded
}

// HandCard is a card of the seat's hand, whether it may be played now and,
// if not, why (the engine's sentence).
type HandCard struct {
	Card     int    `json:"card"`
	Code     string `json:"code"`
	Playable bool   `json:"playable"`
	Why      string `json:"why,omitempty"`
}

// CardRef is a card by id and display code.
type CardRef struct {
	Card int    `json:"card"`
	Code string `json:"code"`
}

// Play is a card on the table.
type Play struct {
	Seat int    `json:"seat"`
	Card int    `json:"card"`
	Code string `json:"code"`
	As   string `json:"as,omitempty"`
}

// Lead is the current trick's suit: "" until set, or free.
type Lead struct {
	Suit string `json:"suit,omitempty"`
	Free bool   `json:"free,omitempty"`
}

// Trick is a completed trick and why it went the way it did.
type Trick struct {
	Plays   []Play `json:"plays"`
	Outcome string `json:"outcome"` // won, destroyed, discarded
	Winner  int    `json:"winner"`  // −1 when nobody won
	Reason  string `json:"reason"`
	Leader  int    `json:"leader"` // who leads next
	Bonus   int    `json:"bonus"`  // what the winner captured, if the bid holds
}

// Pending is a pirate ability awaiting its owner's decision.
type Pending struct {
	Kind   string `json:"kind"`
	Seat   int    `json:"seat"`
	Draw   int    `json:"draw,omitempty"`
	Leader int    `json:"leader"`
}

// Result is a scored round.
type Result struct {
	Round  int   `json:"round"`
	Cards  int   `json:"cards"`
	Bids   []int `json:"bids"`
	Won    []int `json:"won"`
	Bonus  []int `json:"bonus"`
	Points []int `json:"points"`
	Totals []int `json:"totals"`
}

var outcomeNames = map[skullking.Outcome]string{skullking.Won: "won", skullking.Destroyed: "destroyed", skullking.Discarded: "discarded"}

// asName writes a Tigress declaration.
func asName(as skullking.TigressAs) string {
	switch as {
	case skullking.AsPirate:
		return "pirate"
	case skullking.AsEscape:
		return "escape"
	}
	return ""
}

// code writes a card for display: named Pirates only when their names
// matter, as records do.
func code(c skullking.Card, named bool) string {
	if named {
		return c.NamedCode()
	}
	return c.String()
}

func intp(v int) *int { return &v }

// FromAction writes an engine action for the wire.
func FromAction(a skullking.Action, named bool) Action {
	w := Action{Kind: a.Kind.String()}
	switch a.Kind {
	case skullking.ActionPlay:
		w.Card, w.Code, w.As = intp(int(a.Card)), a.CardCode(named), asName(a.As)
	case skullking.ActionDiscard:
		w.Card, w.Code = intp(int(a.Card)), code(a.Card, named)
		if a.Card2.Valid() {
			w.Card2 = intp(int(a.Card2))
			w.Code += " " + code(a.Card2, named)
		}
	default:
		w.Value = intp(int(a.Value))
	}
	return w
}

var kindByName = map[string]skullking.ActionKind{
	"bid": skullking.ActionBid, "play": skullking.ActionPlay, "cannon": skullking.ActionCannon,
	"rosie": skullking.ActionRosie, "bendt": skullking.ActionBendt, "discard": skullking.ActionDiscard,
	"wager": skullking.ActionWager, "harry": skullking.ActionHarry,
}

// ToAction reads a wire action for seat. It checks only the form (known
// kind, fields present, numbers in range of their types); the engine judges
// legality. The seat always comes from the connection, never the message.
func ToAction(w *Action, seat int) (skullking.Action, error) {
	if w == nil {
		return skullking.Action{}, fmt.Errorf("act needs an action")
	}
	k, ok := kindByName[strings.ToLower(w.Kind)]
	if !ok {
		return skullking.Action{}, fmt.Errorf("unknown action kind %q (bid, play, cannon, rosie, bendt, discard, wager, harry)", w.Kind)
	}
	a := skullking.Decision(k, seat, 0)
	card := func(p *int, name string) (skullking.Card, error) {
		if p == nil {
			return 0, fmt.Errorf("%s needs %q, a card id", w.Kind, name)
		}
		if *p < 0 || *p >= skullking.NumCards {
			return 0, fmt.Errorf("%s: no card has id %d (ids are 0 to %d)", name, *p, skullking.NumCards-1)
		}
		return skullking.Card(*p), nil
	}
	var err error
	switch k {
	case skullking.ActionPlay:
		if a.Card, err = card(w.Card, "card"); err != nil {
			return a, err
		}
		switch strings.ToLower(w.As) {
		case "":
		case "pirate":
			a.As = skullking.AsPirate
		case "escape":
			a.As = skullking.AsEscape
		default:
			return a, fmt.Errorf("as: %q is neither \"pirate\" nor \"escape\"", w.As)
		}
	case skullking.ActionDiscard:
		if a.Card, err = card(w.Card, "card"); err != nil {
			return a, err
		}
		if w.Card2 != nil {
			if a.Card2, err = card(w.Card2, "card2"); err != nil {
				return a, err
			}
		}
	default:
		if w.Value == nil {
			return a, fmt.Errorf("%s needs a \"value\"", w.Kind)
		}
		if *w.Value < -128 || *w.Value > 127 {
			return a, fmt.Errorf("value %d is out of range", *w.Value)
		}
		a.Value = int8(*w.Value)
	}
	return a, nil
}

// EventOf describes an accepted action for everyone: what it reveals at
// the table and nothing more. A bid, a cannon load and Bendt's discards are
// secret, so their events name only the seat.
func EventOf(a skullking.Action, named bool, by string) *Event {
	e := &Event{Kind: a.Kind.String(), Seat: int(a.Seat), By: by}
	switch a.Kind {
	case skullking.ActionPlay:
		e.Card, e.Code, e.As = intp(int(a.Card)), a.CardCode(named), asName(a.As)
	case skullking.ActionRosie, skullking.ActionBendt, skullking.ActionWager, skullking.ActionHarry:
		e.Value = intp(int(a.Value))
	}
	return e
}

// ViewOf converts the engine's view for the wire. check, when the view
// has a seat, says why a card of the hand may not be played ("" if it may).
func ViewOf(v *skullking.View, check func(c skullking.Card) string) *View {
	w := viewOf(v, check)
	named := v.Options.PirateAbilities
	w.Tricks, w.Results = tricksOf(v, named), resultsOf(v)
	return w
}

// viewOf converts everything but the parts every viewer shares.
func viewOf(v *skullking.View, check func(c skullking.Card) string) *View {
	named := v.Options.PirateAbilities
	w := &View{
		Seat: v.Seat, Players: v.Players, Phase: v.Phase.String(), Round: v.Round, Rounds: v.ScheduledRounds,
		Tiebreak: v.Tiebreak, Cards: v.Cards, Turn: v.Turn, Leader: v.Leader, Winning: v.Winning,
		TrickNo: v.TrickNo, Hand: []HandCard{}, Legal: []Action{}, Trick: []Play{}, Winners: []int{},
	}
	if v.Lead.Suit != skullking.NoSuit {
		w.Lead.Suit = v.Lead.Suit.String()
	}
	w.Lead.Free = v.Lead.Free
	for _, s := range v.Seats {
		si := SeatInfo{Name: s.Name, HandSize: s.HandSize, HasBid: s.HasBid, Won: s.Won, Total: s.Total,
			Graybeard: s.Graybeard, Wager: s.Wager}
		if s.Bid >= 0 && !s.Graybeard {
			si.Bid = intp(s.Bid)
		}
		if s.Cannon >= 0 && !s.Graybeard && v.Options.CannonLoad {
			si.Cannon = "grapeshot"
			if s.Cannon == skullking.Cannonball {
				si.Cannon = "cannonball"
			}
		}
		w.Seats = append(w.Seats, si)
	}
	for _, c := range v.Hand {
		hc := HandCard{Card: int(c), Code: code(c, named), Playable: true}
		if check != nil {
			if why := check(c); why != "" {
				hc.Playable, hc.Why = false, why
			}
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
		w.UndealtSeen = append(w.UndealtSeen, CardRef{Card: int(c), Code: code(c, named)})
	}
	for _, c := range v.Discarded {
		w.Discarded = append(w.Discarded, CardRef{Card: int(c), Code: code(c, named)})
	}
	w.Winners = append(w.Winners, v.Winners...)
	return w
}

func tricksOf(v *skullking.View, named bool) []Trick {
	out := []Trick{}
	for _, t := range v.Tricks {
		out = append(out, Trick{Plays: plays(t.Plays, named), Outcome: outcomeNames[t.Result.Outcome],
			Winner: t.Result.Winner, Reason: t.Result.Reason.String(), Leader: t.Result.Leader, Bonus: t.Result.Bonus})
	}
	return out
}

func resultsOf(v *skullking.View) []Result {
	out := []Result{}
	for _, r := range v.Results {
		n := r.Players
		out = append(out, Result{Round: r.Round, Cards: r.Cards,
			Bids: append([]int(nil), r.Bids[:n]...), Won: append([]int(nil), r.Won[:n]...),
			Bonus: append([]int(nil), r.Bonus[:n]...), Points: append([]int(nil), r.Points[:n]...),
			Totals: append([]int(nil), r.Totals[:n]...)})
	}
	return out
}

// StateEncoder writes one state message for each viewer of a table. The
// completed tricks and the score sheet are the same for every viewer and
// grow through the game, so they are encoded once per state rather than
// once per connection.
type StateEncoder struct {
	seq      int64
	event    *Event
	deadline int64
	tricks   json.RawMessage
	results  json.RawMessage
}

// NewStateEncoder prepares a state after action seq from any viewer's
// engine view (the shared parts do not depend on the viewer).
func NewStateEncoder(any *skullking.View, seq int64, ev *Event, deadline int64) (*StateEncoder, error) {
	e := &StateEncoder{seq: seq, event: ev, deadline: deadline}
	var err error
	if e.tricks, err = json.Marshal(tricksOf(any, any.Options.PirateAbilities)); err != nil {
		return nil, err
	}
	if e.results, err = json.Marshal(resultsOf(any)); err != nil {
		return nil, err
	}
	return e, nil
}

// sharedView is a View whose shared parts are already encoded: the outer
// fields shadow the embedded ones of the same name.
type sharedView struct {
	*View
	Tricks  json.RawMessage `json:"tricks"`
	Results json.RawMessage `json:"results"`
}

// stateMsg is a state ServerMsg with a sharedView: the same JSON.
type stateMsg struct {
	Type     string     `json:"type"`
	Seq      int64      `json:"seq,omitempty"`
	View     sharedView `json:"view"`
	Event    *Event     `json:"event,omitempty"`
	Deadline int64      `json:"deadline,omitempty"`
}

// Encode writes the state message for one viewer's engine view.
func (e *StateEncoder) Encode(v *skullking.View, check func(c skullking.Card) string) ([]byte, error) {
	w := viewOf(v, check)
	return json.Marshal(stateMsg{Type: TypeState, Seq: e.seq, View: sharedView{View: w, Tricks: e.tricks,
		Results: e.results}, Event: e.event, Deadline: e.deadline})
}

func plays(ps []skullking.Played, named bool) []Play {
	out := make([]Play, 0, len(ps))
	for _, p := range ps {
		out = append(out, Play{Seat: int(p.Seat), Card: int(p.Card), Code: p.Code(named), As: asName(p.As)})
	}
	return out
}

// Why writes a refused action as the sentence a player reads: the action,
// what is wrong and the detail, without the round/seat preamble a hand's
// owner does not need ("Y9 breaks follow-suit: yellow was led and Ann holds Y3").
func Why(err error) string {
	if e, ok := err.(*skullking.ActionError); ok {
		return e.Reason()
	}
	return err.Error()
}
