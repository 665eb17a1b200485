package protocol

import (
	"fmt"
	"strings"

	"github.com/skullking-go/skullking"
)

// Action is a game action on the wire: one of the seat's legal actions,
// written back exactly as the view listed it. Kind is bid, play, cannon,
// rosie, bendt, discard, wager or harry. A card is named by its id; a
// message without the id may name it by its code instead (MER, ESC and LOOT,
// and PIR while the Pirates' names do not matter, then mean any copy the
// seat holds).
type Action struct {
	Kind  string `json:"kind"`
	Card  *int   `json:"card,omitempty"`
	Card2 *int   `json:"card2,omitempty"` // Bendt's second discard
	Code  string `json:"code,omitempty"`  // the card's code (two for two discards)
	As    string `json:"as,omitempty"`    // the Tigress: "pirate" or "escape"
	Value *int   `json:"value,omitempty"` // a bid, a load, a seat, a draw, a wager, a move
}

// Action kinds on the wire.
const (
	KindBid     = "bid"
	KindPlay    = "play"
	KindCannon  = "cannon"
	KindRosie   = "rosie"
	KindBendt   = "bendt"
	KindDiscard = "discard"
	KindWager   = "wager"
	KindHarry   = "harry"
)

var kindByName = map[string]skullking.ActionKind{
	KindBid: skullking.ActionBid, KindPlay: skullking.ActionPlay, KindCannon: skullking.ActionCannon,
	KindRosie: skullking.ActionRosie, KindBendt: skullking.ActionBendt, KindDiscard: skullking.ActionDiscard,
	KindWager: skullking.ActionWager, KindHarry: skullking.ActionHarry,
}

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

func intp(v int) *int { return &v }

// FromAction writes an engine action for the wire; named writes the Pirates'
// codes by name, as the game's rules decide.
func FromAction(a skullking.Action, named bool) Action {
	w := Action{Kind: a.Kind.String()}
	switch a.Kind {
	case skullking.ActionPlay:
		w.Card, w.Code, w.As = intp(int(a.Card)), a.CardCode(named), asName(a.As)
	case skullking.ActionDiscard:
		w.Card, w.Code = intp(int(a.Card)), refOf(a.Card, named).Code
		if a.Card2.Valid() {
			w.Card2 = intp(int(a.Card2))
			w.Code += " " + refOf(a.Card2, named).Code
		}
	default:
		w.Value = intp(int(a.Value))
	}
	return w
}

// ToAction reads a wire action for seat. It checks only the form (a known
// kind, the fields it needs, numbers in range of their types); the engine
// judges legality. The seat always comes from the connection, never the
// message.
func ToAction(w *Action, seat int) (skullking.Action, error) {
	if w == nil {
		return skullking.Action{}, fmt.Errorf("an action is needed")
	}
	k, ok := kindByName[strings.ToLower(w.Kind)]
	if !ok {
		return skullking.Action{}, fmt.Errorf("unknown action kind %q (bid, play, cannon, rosie, bendt, discard, wager, harry)", w.Kind)
	}
	a := skullking.Decision(k, seat, 0)
	var codes []string
	if w.Code != "" {
		codes = strings.Fields(w.Code)
	}
	pick := func(id *int, i int, name string) (skullking.Card, skullking.TigressAs, error) {
		if id != nil {
			c, err := card(*id)
			if err != nil {
				return c, skullking.Undeclared, fmt.Errorf("%s: %v", name, err)
			}
			return c, skullking.Undeclared, nil
		}
		if i >= len(codes) {
			return skullking.NoCard, skullking.Undeclared, fmt.Errorf("%s needs %q, a card id (or a card code)", w.Kind, name)
		}
		p, err := skullking.ParseCode(codes[i])
		if err != nil {
			return skullking.NoCard, skullking.Undeclared, fmt.Errorf("%s: unknown card code %q", name, codes[i])
		}
		return p.Cards()[0], p.As, nil
	}
	var err error
	switch k {
	case skullking.ActionPlay:
		if a.Card, a.As, err = pick(w.Card, 0, "card"); err != nil {
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
		if a.Card, _, err = pick(w.Card, 0, "card"); err != nil {
			return a, err
		}
		if w.Card2 != nil || (w.Card == nil && len(codes) > 1) {
			if a.Card2, _, err = pick(w.Card2, 1, "card2"); err != nil {
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

// ReadAction reads a wire action as seat v's own, the way the server and the
// local table judge it: a card id names one copy of a card, taken as it is,
// so a seat that sends the id of an Escape it does not hold is refused even
// while it holds another Escape; a card code alone ("ESC") names a face, read
// as the copy of it the seat holds. The engine's Commit then checks and
// applies this one form.
func ReadAction(w *Action, v skullking.SeatView) (skullking.Action, error) {
	a, err := ToAction(w, v.Seat())
	if err != nil || !w.namesFaces() {
		return a, err
	}
	return v.HeldCopies(a), nil
}

// namesFaces reports whether the action gives a card by its code alone.
func (w *Action) namesFaces() bool {
	switch strings.ToLower(w.Kind) {
	case KindPlay, KindDiscard:
		return w.Card == nil || (w.Card2 == nil && len(strings.Fields(w.Code)) > 1)
	}
	return false
}

// Event is what just happened, as everyone may know it: a bid says who bid,
// never how much; a discard says who discarded, never what.
type Event struct {
	Kind string   `json:"kind"` // an action kind, or "start"
	Seat int      `json:"seat"`
	Card *CardRef `json:"card,omitempty"`
	As   string   `json:"as,omitempty"`
	// Value is the public value of a rosie, bendt, wager or harry decision.
	Value *int `json:"value,omitempty"`
	// By is who decided for the seat: "player", "bot", "timer" or "auto".
	By string `json:"by,omitempty"`
}

// Who decided an action. Those who decide for a seat are the record's own
// words (skullking.DecidedBy*), so the log, the wire and the record agree.
const (
	ByPlayer = "player"
	ByBot    = skullking.DecidedByBot
	ByTimer  = skullking.DecidedByTimer
	ByAuto   = skullking.DecidedByAuto
)

// KindStart is the event of a game's start.
const KindStart = "start"

// OwnEventOf describes an accepted action for the seat that took it: the
// event everyone hears, with the seat's own secrets (its bid, its cannon
// load) that only it may know.
func OwnEventOf(a skullking.Action, named bool, by string) *Event {
	e := EventOf(a, named, by)
	if a.Kind == skullking.ActionBid || a.Kind == skullking.ActionCannon {
		e.Value = intp(int(a.Value))
	}
	return e
}

// EventOf describes an accepted action for everyone: what it reveals at the
// table and nothing more. A bid, a cannon load and Bendt's discards are
// secret, so their events name only the seat.
func EventOf(a skullking.Action, named bool, by string) *Event {
	e := &Event{Kind: a.Kind.String(), Seat: int(a.Seat), By: by}
	switch a.Kind {
	case skullking.ActionPlay:
		ref := refOf(a.Card, named)
		e.Card, e.As = &ref, asName(a.As)
		if a.Card == skullking.Tigress {
			e.Card.Code = a.CardCode(named)
		}
	case skullking.ActionRosie, skullking.ActionBendt, skullking.ActionWager, skullking.ActionHarry:
		e.Value = intp(int(a.Value))
	}
	return e
}
