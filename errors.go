package skullking

import (
	"errors"
	"strconv"
	"strings"
)

// Sentinel errors, each wrapped in an *ActionError that says who did what and
// why it is refused. Their texts complete a sentence that starts with the
// action: "Y9 breaks follow-suit".
var (
	ErrGameOver          = errors.New("comes after the game is over")
	ErrWrongPhase        = errors.New("is not allowed now")
	ErrNoSuchSeat        = errors.New("names no seat at this table")
	ErrNotYourTurn       = errors.New("is out of turn")
	ErrAlreadyBid        = errors.New("comes after this seat's bid is in")
	ErrBidOutOfRange     = errors.New("is out of range")
	ErrCardNotHeld       = errors.New("is not in the player's hand")
	ErrMustFollowSuit    = errors.New("breaks follow-suit")
	ErrTigressUndeclared = errors.New("must be declared as Pirate (TIG-P) or Escape (TIG-E)")
	ErrBadDecision       = errors.New("is not a legal choice")
)

// ActionError is a refused action: where it happened, the seat and action,
// the sentinel reason and a detail a player can read. The game is unchanged.
type ActionError struct {
	Round  int // 1-based; 0 when the game is over
	Trick  int // 1-based, 0 outside the play of a trick
	Seat   int
	Name   string // the seat's name, or "seat N"
	Action Action
	Err    error  // one of the sentinels
	Detail string // why, in a sentence fragment in the record's terms; may be empty
	// Refusal is the same as a code and facts, for clients to word.
	Refusal Refusal

	// named writes Pirates by name (ROSIE…) as records do with pirate
	// abilities on, and PIR without.
	named bool
}

func (e *ActionError) Error() string { return "skullking: " + e.Message() }

// Message is the error as one line for a player or a log, without the package
// prefix: "round 3, trick 2, seat 1 (Ben): Y9 breaks follow-suit: yellow was
// led and Ben holds Y3".
func (e *ActionError) Message() string {
	var b strings.Builder
	if e.Round > 0 {
		b.WriteString("round ")
		b.WriteString(strconv.Itoa(e.Round))
		b.WriteString(", ")
	}
	if e.Trick > 0 {
		b.WriteString("trick ")
		b.WriteString(strconv.Itoa(e.Trick))
		b.WriteString(", ")
	}
	b.WriteString("seat ")
	b.WriteString(strconv.Itoa(e.Seat))
	if e.Name != "" && e.Name != "seat "+strconv.Itoa(e.Seat) {
		b.WriteString(" (")
		b.WriteString(e.Name)
		b.WriteString(")")
	}
	b.WriteString(": ")
	b.WriteString(e.Reason())
	return b.String()
}

// Reason is the refusal without where it happened, for the seat that tried:
// "Y9 breaks follow-suit: yellow was led and Ben holds Y3".
func (e *ActionError) Reason() string {
	var b strings.Builder
	if e.Action.Kind == ActionPlay {
		b.WriteString(e.Action.CardCode(e.named))
	} else {
		b.WriteString(e.Action.String())
	}
	b.WriteString(" ")
	b.WriteString(e.Err.Error())
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	return b.String()
}

// Unwrap returns the sentinel, for errors.Is.
func (e *ActionError) Unwrap() error { return e.Err }
