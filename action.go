package skullking

import (
	"strconv"
)

// ActionKind is what a seat does.
type ActionKind uint8

// Action kinds. The module decisions (cannon load and pirate abilities) are
// actions like bids and cards, so one legal-action generator covers them all.
const (
	ActionNone    ActionKind = iota
	ActionBid                // Value: the bid
	ActionPlay               // Card, and As for the Tigress
	ActionCannon             // Value: Grapeshot or Cannonball (Rascal's scoring)
	ActionRosie              // Value: the seat that leads the next trick
	ActionBendt              // Value: 1 to draw two undealt cards, 0 to decline
	ActionDiscard            // Card and Card2: Bendt's two discards
	ActionWager              // Value: Rascal's wager, 0, 10 or 20
	ActionHarry              // Value: −1, 0 or +1 to the bid
)

var actionKindNames = [...]string{"none", "bid", "play", "cannon", "rosie", "bendt", "discard", "wager", "harry"}

func (k ActionKind) String() string {
	if int(k) < len(actionKindNames) {
		return actionKindNames[k]
	}
	return "ActionKind(" + strconv.Itoa(int(k)) + ")"
}

// Cannon loads under Rascal's scoring (docs/rules.md §8).
const (
	Grapeshot  = 0
	Cannonball = 1
)

// Action is one decision by one seat. It is a small value so that legal-action
// lists, logs and bot searches copy it freely.
type Action struct {
	Kind ActionKind
	Seat int8
	Card Card
	// ActionArgs holds the rest (Card2, As, Value: read them as a.As). They
	// are a struct of their own because the Go compiler keeps a struct of
	// at most four fields in registers; with six, every action a bot
	// returns is stored to memory byte by byte and read back whole, a
	// stall the processor pays on every decision of a simulation.
	ActionArgs
}

// ActionArgs are the arguments of an action beside its card.
type ActionArgs struct {
	Card2 Card      // Bendt's second discard (NoCard otherwise)
	As    TigressAs // how a played Tigress is declared
	Value int8      // a bid, a cannon load, Rosie's seat, Bendt's draw, a wager, Harry's move
}

// Bid returns the action of seat bidding n.
func Bid(seat, n int) Action {
	return Action{Kind: ActionBid, Seat: int8(seat), Card: NoCard, ActionArgs: ActionArgs{Card2: NoCard, Value: int8(clampInt8(n))}}
}

// Play returns the action of seat playing card c (declare a Tigress with PlayTigress).
func Play(seat int, c Card) Action {
	return Action{Kind: ActionPlay, Seat: int8(seat), Card: c, ActionArgs: ActionArgs{Card2: NoCard}}
}

// PlayTigress returns the action of seat playing the Tigress declared as as.
func PlayTigress(seat int, as TigressAs) Action {
	return Action{Kind: ActionPlay, Seat: int8(seat), Card: Tigress, ActionArgs: ActionArgs{Card2: NoCard, As: as}}
}

// Decision returns seat's decision of kind with value: a cannon load
// (Grapeshot or Cannonball), the seat Rosie chooses to lead, Bendt's draw (1)
// or refusal (0), Rascal's wager, Harry's move of the bid.
func Decision(kind ActionKind, seat, value int) Action {
	return Action{Kind: kind, Seat: int8(seat), Card: NoCard, ActionArgs: ActionArgs{Card2: NoCard, Value: int8(clampInt8(value))}}
}

// Discard returns Bendt's discard of c and c2 by seat (c2 NoCard when one
// card is discarded).
func Discard(seat int, c, c2 Card) Action {
	return Action{Kind: ActionDiscard, Seat: int8(seat), Card: c, ActionArgs: ActionArgs{Card2: c2}}
}

func clampInt8(n int) int {
	if n > 127 {
		return 127
	}
	if n < -128 {
		return -128
	}
	return n
}

// CardCode is the code of the played card as a record writes it: TIG-P and
// TIG-E for a declared Tigress, TIG for an undeclared one.
func (a Action) CardCode(named bool) string {
	if a.Card == Tigress {
		switch a.As {
		case AsPirate:
			return "TIG-P"
		case AsEscape:
			return "TIG-E"
		}
	}
	return a.Card.code(named)
}

// String describes the action in a few words: "bid 2", "Y9", "TIG-P",
// "wager 20".
func (a Action) String() string {
	v := strconv.Itoa(int(a.Value))
	switch a.Kind {
	case ActionBid:
		return "bid " + v
	case ActionPlay:
		return a.CardCode(true)
	case ActionCannon:
		if a.Value == Cannonball {
			return "cannonball"
		}
		return "grapeshot"
	case ActionRosie:
		return "Rosie chooses seat " + v + " to lead"
	case ActionBendt:
		if a.Value == 0 {
			return "Bendt declines to draw"
		}
		return "Bendt draws two"
	case ActionDiscard:
		return "discard " + a.Card.NamedCode() + " " + a.Card2.NamedCode()
	case ActionWager:
		return "wager " + v
	case ActionHarry:
		if a.Value > 0 {
			return "Harry moves the bid +" + v
		}
		return "Harry moves the bid " + v
	}
	return a.Kind.String()
}
