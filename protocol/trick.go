package protocol

import (
	"github.com/skullking-go/skullking"
)

// Trick is a completed trick as the engine resolved it: its cards, how it
// ended and why (a reason code), who leads next, what the winner captured
// and what it is worth if the winner's bid holds, the Loot alliances it made
// and the pirate ability its win gave.
type Trick struct {
	Round  int    `json:"round"`
	Number int    `json:"number"` // 1-based within the round
	Plays  []Play `json:"plays"`
	// Outcome is won, destroyed (the Kraken: nobody wins) or discarded (the
	// White Whale with no number played).
	Outcome string `json:"outcome"`
	Winner  int    `json:"winner"` // −1 when nobody won
	// Winning is the index in Plays of the card that won; for a destroyed
	// trick the card that would have won, for a discarded one the Whale.
	Winning int    `json:"winning"`
	Reason  string `json:"reason"` // a Reason code
	Leader  int    `json:"leader"` // who leads next (before any choice of Rosie's)
	// Bonus is what the winner captured, in points, counted only if the
	// winner's bid is exact; Bonuses lists it capture by capture.
	Bonus   int         `json:"bonus"`
	Bonuses []BonusItem `json:"bonuses,omitempty"`
	// BonusLost: the bonus will not count, as the engine reports it — the
	// winner's bid can no longer hold this round (SeatInfo.BonusLost), or
	// the round is scored and counted none of it.
	BonusLost bool       `json:"bonus_lost,omitempty"`
	Loot      []Alliance `json:"loot,omitempty"`
	Ability   *Ability   `json:"ability,omitempty"`
}

// Trick outcomes.
const (
	OutcomeWon       = "won"
	OutcomeDestroyed = "destroyed"
	OutcomeDiscarded = "discarded"
)

// Reason codes: the rule that decided a trick (docs/rules.md §5, §8).
const (
	ReasonMermaidTakesSkullKing = "mermaid_takes_skull_king" // a Mermaid and the Skull King: the first Mermaid
	ReasonSkullKing             = "skull_king"               // the Skull King beats every Pirate and number
	ReasonPirate                = "pirate"                   // the first Pirate beats Mermaids and numbers
	ReasonMermaid               = "mermaid"                  // the first Mermaid beats every number
	ReasonTrump                 = "trump"                    // the highest black wins
	ReasonSuit                  = "suit"                     // the highest card of the suit led wins
	ReasonFirstEscape           = "first_escape"             // only Escapes: the first one wins
	ReasonWhaleHighest          = "whale_highest"            // the White Whale: the highest number wins
	ReasonKraken                = "kraken"                   // the Kraken destroys the trick
	ReasonWhaleDiscard          = "whale_discard"            // the White Whale and no number: discarded
)

var reasonCodes = map[skullking.Reason]string{
	skullking.ByMermaidOverSkullKing: ReasonMermaidTakesSkullKing, skullking.BySkullKing: ReasonSkullKing,
	skullking.ByPirate: ReasonPirate, skullking.ByMermaid: ReasonMermaid, skullking.ByTrump: ReasonTrump,
	skullking.BySuit: ReasonSuit, skullking.ByFirstEscape: ReasonFirstEscape,
	skullking.ByWhaleHighest: ReasonWhaleHighest, skullking.ByKraken: ReasonKraken,
	skullking.ByWhaleDiscard: ReasonWhaleDiscard,
}

var outcomeNames = map[skullking.Outcome]string{
	skullking.Won: OutcomeWon, skullking.Destroyed: OutcomeDestroyed, skullking.Discarded: OutcomeDiscarded,
}

// BonusItem is one kind of capture in a trick or a round: fourteen (a
// green, yellow or purple 14), black_fourteen, pirate_mermaid (a Mermaid
// taken by a Pirate), skull_king_pirate (a Pirate taken by the Skull King)
// or mermaid_skull_king (the Skull King taken by a Mermaid); how many, and
// the points they are worth.
type BonusItem struct {
	Kind   string `json:"kind"`
	Count  int    `json:"count"`
	Points int    `json:"points"`
}

// Alliance is a Loot alliance: the Loot's player and the trick's winner.
type Alliance struct {
	Looter int `json:"looter"`
	Winner int `json:"winner"`
}

// Ability is the pirate ability a trick's win gave: the Pirate (rosie,
// bendt, rascal, juanita, harry), whether it is offered (the decision is
// awaited), used or declined, and the public part of the decision: the seat
// Rosie chose to lead, the cards Bendt drew, Rascal's wager, Harry's move.
type Ability struct {
	Pirate string `json:"pirate"`
	State  string `json:"state"`
	Value  *int   `json:"value,omitempty"`
}

// Ability states.
const (
	AbilityOffered  = "offered"
	AbilityUsed     = "used"
	AbilityDeclined = "declined"
)

func bonusItems(c skullking.Captures, o *skullking.Options) []BonusItem {
	var out []BonusItem
	for _, p := range o.CaptureParts(c) {
		out = append(out, BonusItem{Kind: p.Kind.String(), Count: p.Count, Points: p.Points})
	}
	return out
}

// TrickOf writes a completed trick of the engine under options o.
func TrickOf(t *skullking.TrickLog, o *skullking.Options) Trick {
	r := &t.Result
	w := Trick{Round: t.Round, Number: t.Number, Plays: plays(t.Plays, o.PirateAbilities),
		Outcome: outcomeNames[r.Outcome], Winner: r.Winner, Winning: r.Index, Reason: reasonCodes[r.Reason],
		Leader: r.Leader, Bonus: r.Bonus, Bonuses: bonusItems(r.Captured, o)}
	for _, a := range r.Alliances[:r.NAlliances] {
		w.Loot = append(w.Loot, Alliance{Looter: int(a.Looter), Winner: int(a.Winner)})
	}
	if ab := t.Ability; ab.Ability != skullking.NoAbility && ab.State != 0 {
		w.Ability = &Ability{Pirate: ab.Ability.String(), State: ab.State.String()}
		if ab.State != skullking.AbilityOffered && ab.Ability != skullking.JuanitaLooks {
			w.Ability.Value = intp(int(ab.Value))
		}
	}
	return w
}
