// Package bot holds the players that fill empty seats, take over for dropped
// players and give hints: from uniformly random to the expert. A bot decides
// from one seat's window on the game (skullking.SeatView) and nothing else,
// so it cannot see another hand, Graybeard's pile, the undealt cards or a
// secret bid. Every bot is deterministic given its seed.
//
// The ladder, weakest first (player-facing names in brackets):
//
//   - random (deckhand): a uniformly random legal action.
//   - heuristic (bosun): bids the score-maximising number of tricks its
//     cards are likely to take; plays by rules — win cheaply while tricks are
//     needed, shed its highest loser otherwise, play its top card when every
//     trick is needed. Microseconds a decision.
//   - simulation (quartermaster): tries every bid, and every legal card, on
//     40 deals sampled consistently with what the seat has seen (voids
//     included), each finished by heuristic play. A millisecond or two.
//   - expert (captain): the same search with hundreds of deals, played out
//     by a heuristic that husbands its sure winners; a model of how players
//     who search bid; inference about hidden cards from the bids and the
//     cards played; opponents that bid and play exactly as the heuristic
//     recognised and modelled as such; the last tricks solved exactly; a
//     fixed work budget per decision (on one core p50 about 7 ms, p99
//     about 40 ms) and both cores.
//
// Hint gives the expert's advice for a seat, with a reason a player can read.
package bot

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/skullking-go/skullking"
)

// Bot decides for one seat. Act is called only when the seat has a decision
// to make (v.Waiting()), and must return one of v.Legal's actions.
type Bot interface {
	Act(v skullking.SeatView) skullking.Action
}

// Factory makes a bot from a seed.
type Factory func(seed uint64) Bot

var levels = map[string]Factory{
	"random":     func(seed uint64) Bot { return NewRandom(seed) },
	"heuristic":  func(seed uint64) Bot { return NewHeuristic(seed) },
	"simulation": func(seed uint64) Bot { return NewSimulation(seed) },
	"expert":     func(seed uint64) Bot { return NewExpert(seed) },
}

// aliases maps player-facing level names to ladder names.
var aliases = map[string]string{
	"deckhand":      "random",
	"bosun":         "heuristic",
	"quartermaster": "simulation",
	"captain":       "expert",
}

// Aliases returns the player-facing name of each ladder level, e.g.
// "captain" for "expert"; New accepts either.
func Aliases() map[string]string {
	out := make(map[string]string, len(aliases))
	for alias, level := range aliases {
		out[level] = alias
	}
	return out
}

// New returns a bot of the named level, seeded with seed. Level names are
// case-insensitive; see Levels.
func New(level string, seed uint64) (Bot, error) {
	name, err := canonical(level)
	if err != nil {
		return nil, err
	}
	return levels[name](seed), nil
}

// NewWithin is New for a server that must answer in time: the expert's
// decisions stop searching after limit (see WithTimeLimit). The other
// levels take milliseconds at most and are as New makes them.
func NewWithin(level string, seed uint64, limit time.Duration) (Bot, error) {
	name, err := canonical(level)
	if err != nil {
		return nil, err
	}
	if name == "expert" && limit > 0 {
		return NewExpert(seed, WithTimeLimit(limit)), nil
	}
	return levels[name](seed), nil
}

// canonical resolves a level name or alias, case-insensitively.
func canonical(level string) (string, error) {
	name := strings.ToLower(strings.TrimSpace(level))
	if a, ok := aliases[name]; ok {
		name = a
	}
	if _, ok := levels[name]; !ok {
		return "", fmt.Errorf("bot: unknown level %q (levels: %s)", level, strings.Join(Levels(), ", "))
	}
	return name, nil
}

// Levels lists the ladder's level names, weakest first where known.
func Levels() []string {
	order := []string{"random", "heuristic", "simulation", "expert"}
	var out []string
	for _, l := range order {
		if _, ok := levels[l]; ok {
			out = append(out, l)
		}
	}
	var rest []string
	for l := range levels {
		found := false
		for _, o := range order {
			found = found || o == l
		}
		if !found {
			rest = append(rest, l)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}
