package scorekeeper

import (
	"bytes"
	"encoding/json"
)

// Two phones keeping one sheet may both change it offline. Each sends its
// sheet with the version its changes were made on and that version's
// content (its base); when the server has moved on meanwhile, the changes
// are merged three ways: every part of the sheet — the title, each
// player's name, the rules, each round — takes the side that changed it.
// A part both changed, each its own way, is a conflict for the keeper to
// settle: nothing is ever dropped without a person choosing.

// ConflictPart names the part of a sheet two phones changed differently.
type ConflictPart string

// The parts a merge compares.
const (
	ConflictTitle   ConflictPart = "title"
	ConflictPlayer  ConflictPart = "player"
	ConflictPlayers ConflictPart = "players" // the number of players changed
	ConflictRules   ConflictPart = "rules"
	ConflictRound   ConflictPart = "round"
)

// Conflict is one part of the sheet changed on both sides: Mine is what
// the phone sent, Theirs what the server holds (null for a round one side
// deleted or has not entered).
type Conflict struct {
	Part ConflictPart `json:"part"`
	// Seat is the player renamed (0-based), for a player's name.
	Seat int `json:"seat"`
	// Round is the round (1-based), for a round.
	Round  int `json:"round,omitempty"`
	Mine   any `json:"mine"`
	Theirs any `json:"theirs"`
}

// sheetRules is the rules of a sheet as one part: a change of rules rescores
// rounds, so the options and the changes go together.
type sheetRules struct {
	Options any          `json:"options"`
	Changes []RuleChange `json:"rule_changes"`
}

// Merge merges the changes made from base to mine into theirs, the sheet as
// it now is. The result is theirs (its identity and version) with every
// part mine changed and theirs did not; a part both changed differently
// keeps theirs in the result and is listed among the conflicts. The merged
// sheet is checked and scored: a merge whose parts do not fit together
// (a round with Loot under rules that dropped it, two players given one
// name) is refused with the engine's reason, for the keeper to choose a
// whole sheet.
func Merge(base, mine, theirs *Sheet) (*Sheet, []Conflict, error) {
	out := theirs.Clone()
	var conflicts []Conflict
	pick := func(b, m, t any, c Conflict) (takeMine bool) {
		switch {
		case samePart(m, t), samePart(m, b):
			return false
		case samePart(t, b):
			return true
		}
		c.Mine, c.Theirs = m, t
		conflicts = append(conflicts, c)
		return false
	}
	if pick(base.Title, mine.Title, theirs.Title, Conflict{Part: ConflictTitle}) {
		out.Title = mine.Title
	}
	if len(mine.Players) != len(theirs.Players) || len(base.Players) != len(theirs.Players) {
		if pick(base.Players, mine.Players, theirs.Players, Conflict{Part: ConflictPlayers}) {
			out.Players = append([]string(nil), mine.Players...)
		}
	} else {
		for seat := range theirs.Players {
			if pick(base.Players[seat], mine.Players[seat], theirs.Players[seat], Conflict{Part: ConflictPlayer, Seat: seat}) {
				out.Players[seat] = mine.Players[seat]
			}
		}
	}
	if pick(rulesOf(base), rulesOf(mine), rulesOf(theirs), Conflict{Part: ConflictRules}) {
		c := mine.Clone()
		out.Options, out.Changes = c.Options, c.Changes
	}
	out.Rounds, conflicts = mergeRounds(base.Rounds, mine.Rounds, theirs.Rounds, conflicts)
	if _, err := out.Score(); err != nil {
		return nil, conflicts, err
	}
	return out, conflicts, nil
}

// mergeRounds merges the rounds one by one. A round missing on one side (not
// entered yet, or deleted) is a side of its own: entered on one phone only,
// it is taken; deleted on one, changed on the other, it is a conflict. The
// rounds taken must follow on from each other: where a round taken would
// follow a gap, theirs stand from the gap on, each round mine had otherwise
// a conflict.
func mergeRounds(base, mine, theirs []Round, conflicts []Conflict) ([]Round, []Conflict) {
	at := func(rs []Round, i int) *Round {
		if i < len(rs) {
			return &rs[i]
		}
		return nil
	}
	n := max(len(base), len(mine), len(theirs))
	takes := make([]*Round, n)
	inConflict := make([]bool, n)
	for i := range n {
		b, m, t := at(base, i), at(mine, i), at(theirs, i)
		takes[i] = t
		switch {
		case samePart(m, t), samePart(m, b):
		case samePart(t, b):
			takes[i] = m
		default:
			inConflict[i] = true
			conflicts = append(conflicts, Conflict{Part: ConflictRound, Round: i + 1, Mine: m, Theirs: t})
		}
	}
	end := 0
	for end < n && takes[end] != nil {
		end++
	}
	for i := end; i < n; i++ {
		if takes[i] == nil {
			continue
		}
		// A hole: theirs from the gap on.
		for j := end; j < n; j++ {
			if t := at(theirs, j); takes[j] != t {
				if !inConflict[j] {
					conflicts = append(conflicts, Conflict{Part: ConflictRound, Round: j + 1, Mine: at(mine, j), Theirs: t})
				}
				takes[j] = t
			}
		}
		end = len(theirs)
		break
	}
	out := make([]Round, 0, end)
	for _, r := range takes[:end] {
		out = append(out, r.clone())
	}
	return out, conflicts
}

func rulesOf(s *Sheet) sheetRules {
	ch := s.Changes
	if ch == nil {
		ch = []RuleChange{}
	}
	return sheetRules{Options: s.Options, Changes: ch}
}

// samePart compares two parts by their JSON, as they are stored and sent; a
// nil *Round and nil are the same absent round.
func samePart(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}
