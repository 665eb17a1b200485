package protocol

import (
	"errors"
	"slices"

	"github.com/skullking-go/skullking"
)

// OptionInfo is one option as GET /api/options lists it, for the forms
// that set options and the pages that explain them: the engine's option
// table (skullking.OptionSpecs) and the table's own settings of pace. It
// holds codes and values only: a client writes an option's name, what it
// does and its choices from the locale catalogue (option.<key>,
// option.<key>.help, option.<key>.<choice>).
type OptionInfo struct {
	Key     string       `json:"key"`
	Type    string       `json:"type"` // int, bool, choice or schedule (a choice or a list of card counts)
	Default any          `json:"default"`
	Choices []ChoiceInfo `json:"choices,omitempty"`
	Min     *int         `json:"min,omitempty"`
	Max     *int         `json:"max,omitempty"`
	Step    *int         `json:"step,omitempty"`
	// Unit is what an int counts (skullking.Units: points, rounds,
	// seconds…), for a client to word a value with; absent for a switch or
	// a choice.
	Unit  string `json:"unit,omitempty"`
	Group string `json:"group"` // rules, house, modules or pace
	// Needs says the option matters only while another has a value.
	Needs *NeedInfo `json:"needs,omitempty"`
	// In says where a request sets it: "options" (the rules: a record's
	// options object) or "settings" (a table's settings).
	In string `json:"in"`
	// Refused lists the table sizes at which the engine refuses the
	// option switched on, each with the problem the table's creation would
	// refuse them with, so that a form says so as soon as the seats and
	// the option are chosen.
	Refused []PlayersRefusal `json:"refused,omitempty"`
}

// PlayersRefusal is a table size at which an option is refused, and the
// problem that says why: {"players": 2, "problem": {"code":
// "loot_two_players"}}.
type PlayersRefusal struct {
	Players int      `json:"players"`
	Problem *Problem `json:"problem"`
}

// ChoiceInfo is one value of a choice; for a schedule preset, the cards
// each round deals before a large table's cap.
type ChoiceInfo struct {
	Value string `json:"value"`
	Cards []int  `json:"cards,omitempty"`
}

// NeedInfo is an option and the value it must have.
type NeedInfo struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
}

// Where OptionInfo.In says an option is set.
const (
	InOptions  = "options"
	InSettings = "settings"
)

// GroupChat is the option list's group of a table's chat settings (the
// engine's groups are the rules'; pace is the engine's too).
const GroupChat = "chat"

// RuleOptions lists the engine's options, in the engine's order.
func RuleOptions() []OptionInfo { return RuleOptionsOf(skullking.OptionSpecs()) }

// RuleOptionsOf lists the options of an option table, in its order: the
// engine's (RuleOptions), or a test's with a rule the engine lacks.
func RuleOptionsOf(specs []skullking.OptionSpec) []OptionInfo {
	out := make([]OptionInfo, 0, len(specs))
	for i := range specs {
		s := &specs[i]
		oi := OptionInfo{Key: s.Key, Type: string(s.Type), Default: s.Default(), Group: string(s.Group), Unit: string(s.Unit),
			In: InOptions}
		if s.Type == skullking.OptionInt {
			oi.Min, oi.Max, oi.Step = intp(s.Min), intp(s.Max), intp(s.Step)
		}
		for _, c := range s.Choices {
			oi.Choices = append(oi.Choices, ChoiceInfo{Value: c.Value, Cards: c.Cards})
		}
		if s.Needs != nil {
			oi.Needs = &NeedInfo{Key: s.Needs.Key, Value: s.Needs.Value}
		}
		oi.Refused = refusedWith(specs, s)
		out = append(out, oi)
	}
	return out
}

// refusedWith asks the engine at which table sizes a switch, turned on
// from the standard rules (with what it needs), makes rules it refuses
// that it accepts with the switch off: the one definition of such a rule
// is the engine's Validate, never a copy in a client.
func refusedWith(specs []skullking.OptionSpec, s *skullking.OptionSpec) []PlayersRefusal {
	if s.Type != skullking.OptionBool || s.Default() != false {
		return nil
	}
	off := skullking.DefaultOptions()
	if s.Needs != nil {
		i := slices.IndexFunc(specs, func(n skullking.OptionSpec) bool { return n.Key == s.Needs.Key })
		if i < 0 || specs[i].Set(&off, s.Needs.Value) != nil {
			return nil
		}
	}
	on := off
	if s.Set(&on, true) != nil {
		return nil
	}
	var out []PlayersRefusal
	for players := skullking.MinPlayers; players <= skullking.MaxPlayers; players++ {
		if err := on.Validate(players); err != nil && off.Validate(players) == nil {
			out = append(out, PlayersRefusal{Players: players, Problem: RulesRefusal(err, players)})
		}
	}
	return out
}

// RulesRefusal is the problem of the engine's refusal of a table's rules
// for players seats: the refusals a person can meet have problems of
// their own; an option out of range (which only a program sends) is said
// in the engine's words.
func RulesRefusal(err error, players int) *Problem {
	var oe *skullking.OptionError
	if errors.As(err, &oe) {
		switch {
		case oe.Key == "" && (players < skullking.MinPlayers || players > skullking.MaxPlayers):
			return NewProblem(ProblemPlayers, "Count", players)
		case oe.Key == "loot" && oe.Alone:
			return NewProblem(ProblemLootTwoPlayers)
		case oe.Key == "cannon_load" && oe.Alone:
			return NewProblem(ProblemCannonRascal)
		}
	}
	return NewProblem(ProblemBadOption, "Detail", RulesProblem(err))
}
