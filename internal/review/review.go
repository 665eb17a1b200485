// Package review judges a recorded game after it is played: every decision
// of a seat — bids, cards, Tigress declarations, cannon loads and pirate
// abilities, whatever the seat's legal actions offered — is scored by the
// expert bot (the captain) from what that seat knew at that moment, its own
// view of the game, never the hidden hands. For each decision it reports
// the expert's choice and the expected points the played choice gave up
// (docs/bots.md, "Reviewing a game").
//
// The review is a value with JSON tags, the shape `skullking review --json`
// prints, so that a server can compute it for a finished table and a
// browser can show it. What it says is told as the catalogue's sentences
// by id (Review.Tell), for each reader to word in their language; Worded
// words them through package words for a Go program.
package review

import (
	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// Review is one seat's decisions judged, in the order the game took them.
type Review struct {
	Seat      int        `json:"seat"` // 0-based, as in the record
	Name      string     `json:"name"`
	Decisions []Decision `json:"decisions"`
	// TotalLoss is the sum of the losses of the player's own decisions
	// (By empty), in expected points: a review judges the player, and a
	// decision a stand-in bot or the timer made for them is not theirs.
	TotalLoss float64 `json:"total_loss"`
	// Said is the review told to a reader, when a server sends it for
	// one (GET /api/tables/{id}/review): Seats leaves it out.
	Said *Said `json:"said,omitempty"`
}

// Decision is one decision of the seat, judged.
type Decision struct {
	Round int `json:"round"`
	// Trick is the trick a card is played to, or whose win offered a
	// pirate ability (1-based); 0 for bids and cannon loads.
	Trick int    `json:"trick"`
	Kind  string `json:"kind"` // see the Kind constants
	// Played is what the seat did, Best the expert's choice, as the
	// protocol writes a seat's action (docs/protocol.md, "Actions").
	Played protocol.Action `json:"played"`
	Best   protocol.Action `json:"best"`
	// PlayedPoints and BestPoints are the seat's expected points for the
	// round after each, as the expert's search estimates them.
	PlayedPoints float64 `json:"played_points"`
	BestPoints   float64 `json:"best_points"`
	// Loss is BestPoints − PlayedPoints, never below 0: 0 when the seat
	// played the expert's choice or one as good.
	Loss float64 `json:"loss"`
	// Choices is how many different legal actions the seat had; with one
	// there was nothing to judge, and the points are 0.
	Choices int `json:"choices"`
	// By is who decided for the seat when its player did not, as the
	// record says (docs/record.md, "Who decided"): skullking.DecidedByBot,
	// DecidedByTimer or DecidedByAuto; empty for the player's own. Such a
	// decision is judged and shown, but it is not in TotalLoss.
	By string `json:"by,omitempty"`
}

// Decision kinds.
const (
	KindBid     = "bid"
	KindCannon  = "cannon"
	KindCard    = "card"
	KindTigress = "tigress" // the Tigress played, as a Pirate or an Escape
	KindRosie   = "rosie"
	KindBendt   = "bendt"
	KindDiscard = "discard"
	KindWager   = "wager"
	KindHarry   = "harry"
)

// kindOf is the decision kind of action a.
func kindOf(a sk.Action) string {
	switch a.Kind {
	case sk.ActionBid:
		return KindBid
	case sk.ActionCannon:
		return KindCannon
	case sk.ActionPlay:
		if a.Card == sk.Tigress {
			return KindTigress
		}
		return KindCard
	case sk.ActionRosie:
		return KindRosie
	case sk.ActionBendt:
		return KindBendt
	case sk.ActionDiscard:
		return KindDiscard
	case sk.ActionWager:
		return KindWager
	case sk.ActionHarry:
		return KindHarry
	}
	return a.Kind.String()
}
