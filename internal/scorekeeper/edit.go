package scorekeeper

import (
	"bytes"
	"encoding/json"

	"github.com/skullking-go/skullking"
)

// Every edit works on a copy and returns it only once the whole sheet scores:
// a refused edit leaves the sheet as it was, and an accepted one can never
// leave a later round inconsistent with an earlier change.

// WithRound returns a copy of the sheet with r entered as the next round.
func (s *Sheet) WithRound(r Round) (*Sheet, *Score, error) {
	next := s.Clone()
	r = r.clone()
	r.normalize()
	next.Rounds = append(next.Rounds, r)
	return next.Scored()
}

// WithRoundReplaced returns a copy of the sheet with round n (1-based)
// replaced by r: a mistake fixed; every later total follows.
func (s *Sheet) WithRoundReplaced(n int, r Round) (*Sheet, *Score, error) {
	if n < 1 || n > len(s.Rounds) {
		return nil, nil, s.noRound(n)
	}
	next := s.Clone()
	r = r.clone()
	r.normalize()
	next.Rounds[n-1] = r
	return next.Scored()
}

// WithoutLastRound returns a copy of the sheet without its last round, n.
// Only the last round can go: removing an earlier one would move every later
// round to another deal size. A rule change waiting for the next round stays
// waiting.
func (s *Sheet) WithoutLastRound(n int) (*Sheet, *Score, error) {
	if len(s.Rounds) == 0 || n != len(s.Rounds) {
		if n >= 1 && n < len(s.Rounds) {
			return nil, nil, Invalid(n, "only the last round (%d) can be deleted; correct this one instead", len(s.Rounds))
		}
		return nil, nil, s.noRound(n)
	}
	next := s.Clone()
	next.Rounds = next.Rounds[:n-1]
	// Changes past the new end collapse into one waiting for the next
	// round: the most recent rules the table chose.
	var kept []RuleChange
	var waiting *RuleChange
	for i := range next.Changes {
		c := next.Changes[i]
		if c.FromRound <= n-1 {
			kept = append(kept, c)
			continue
		}
		c.FromRound = n
		waiting = &c
	}
	if waiting != nil {
		kept = append(kept, *waiting)
	}
	next.Changes = kept
	next.dropNoOpChange()
	return next.Scored()
}

func (s *Sheet) noRound(n int) error {
	if len(s.Rounds) == 0 {
		return Invalid(0, "there is no round %d: no round is entered yet", n)
	}
	return Invalid(0, "there is no round %d: rounds 1 to %d are entered", n, len(s.Rounds))
}

// Apply says which rounds a change of rules covers.
type Apply string

// The two ways to change the rules mid-game.
const (
	// ApplyWholeGame rescores every round with the new rules, as if they had
	// applied from round 1; earlier changes are dropped.
	ApplyWholeGame Apply = "whole_game"
	// ApplyNextRound keeps the rounds entered as they were scored and applies the
	// new rules from the next round on (Game.SetOptions).
	ApplyNextRound Apply = "next_round"
)

// WithRules returns a copy of the sheet under new rules o, applied as apply
// says. Module entries the new rules do not use (Loot alliances without
// Loot, wagers without pirate abilities, cannon loads without them) are
// dropped from the rounds the new rules cover, since they no longer mean
// anything there; RulesChange says which.
func (s *Sheet) WithRules(o skullking.Options, apply Apply) (*Sheet, *Score, error) {
	next, sc, _, err := s.RulesChange(o, apply)
	return next, sc, err
}

// Removal is one module entry a change of rules drops from a round, so that
// a keeper is told what goes before the change is made, and nothing
// disappears unasked. Kind is RemovedLoot (Seat played the Loot and With won
// its trick), RemovedWager (Seat's Amount with Rascal of Roatan) or
// RemovedCannon (Seat's Load).
type Removal struct {
	Round  int    `json:"round"`
	Kind   string `json:"kind"`
	Seat   int    `json:"seat"`
	With   *int   `json:"with,omitempty"`
	Amount int    `json:"amount,omitempty"`
	Load   string `json:"load,omitempty"`
}

// The kinds of Removal.
const (
	RemovedLoot   = "loot"
	RemovedWager  = "wager"
	RemovedCannon = "cannon"
)

// cannonGrapeshot is the load an absent cannon entry means (Round.Cannon).
const cannonGrapeshot = "grapeshot"

// RulesChange is WithRules saying also what the change removes, round by
// round, in seat order: the one place that decides it, which the API and
// the page's engine (RulesChangeJSON) both ask.
func (s *Sheet) RulesChange(o skullking.Options, apply Apply) (*Sheet, *Score, []Removal, error) {
	next := s.Clone()
	o = cloneOptions(o)
	from := 1
	switch apply {
	case ApplyWholeGame:
		next.Options = o
		next.Changes = nil
	case ApplyNextRound:
		from = len(next.Rounds) + 1
		if from == 1 {
			next.Options = o
			next.Changes = nil
			break
		}
		kept := next.Changes[:0]
		for _, c := range next.Changes {
			if c.FromRound < from {
				kept = append(kept, c)
			}
		}
		next.Changes = append(kept, RuleChange{FromRound: from, Options: o})
		next.dropNoOpChange()
	default:
		return nil, nil, nil, Invalid(0, "apply %q: %q (rescore every round) or %q (from the next round on)", apply, ApplyWholeGame, ApplyNextRound)
	}
	var removed []Removal
	for i := from - 1; i < len(next.Rounds); i++ {
		removed = append(removed, next.Rounds[i].dropUnused(i+1, &o)...)
	}
	next, sc, err := next.Scored()
	if err != nil {
		return nil, nil, nil, err
	}
	return next, sc, removed, nil
}

// dropNoOpChange removes a change waiting for the next round when it sets the
// rules already in force, so that undoing a change leaves no trace.
func (s *Sheet) dropNoOpChange() {
	k := len(s.Changes)
	if k == 0 || s.Changes[k-1].FromRound != len(s.Rounds)+1 {
		return
	}
	before := s.Options
	if k > 1 {
		before = s.Changes[k-2].Options
	}
	if sameOptions(before, s.Changes[k-1].Options) {
		s.Changes = s.Changes[:k-1]
	}
}

func sameOptions(a, b skullking.Options) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}

// dropUnused removes the module entries rules o have no use for from the
// round, which is round n, and says what went. A wager of 0 and a load of
// grapeshot are what an absent entry means, so nothing is lost with them.
func (r *Round) dropUnused(n int, o *skullking.Options) []Removal {
	var gone []Removal
	if !o.Loot {
		for _, l := range r.Loot {
			with := l[1]
			gone = append(gone, Removal{Round: n, Kind: RemovedLoot, Seat: l[0], With: &with})
		}
		r.Loot = nil
	}
	if !o.PirateAbilities {
		for seat, w := range r.Wagers {
			if w != 0 {
				gone = append(gone, Removal{Round: n, Kind: RemovedWager, Seat: seat, Amount: w})
			}
		}
		r.Wagers = nil
	}
	if !o.CannonLoad {
		for seat, c := range r.Cannon {
			if c != cannonGrapeshot {
				gone = append(gone, Removal{Round: n, Kind: RemovedCannon, Seat: seat, Load: c})
			}
		}
		r.Cannon = nil
	}
	return gone
}

// WithPlayers returns a copy of the sheet with its players renamed (a typo
// fixed); the number of players cannot change once rounds are entered.
func (s *Sheet) WithPlayers(names []string) (*Sheet, *Score, error) {
	if len(s.Rounds) > 0 && len(names) != len(s.Players) {
		return nil, nil, Invalid(0, "%d names for %d players: rounds are entered, so only names can change", len(names), len(s.Players))
	}
	next := s.Clone()
	next.Players = append([]string(nil), names...)
	next.Normalize()
	return next.Scored()
}

// scored checks and scores the sheet, returning it with its score.
func (s *Sheet) Scored() (*Sheet, *Score, error) {
	sc, err := s.Score()
	if err != nil {
		return nil, nil, err
	}
	return s, sc, nil
}
