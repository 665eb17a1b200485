package protocol

import (
	"github.com/skullking-go/skullking"
)

// OptionInfo is one option as GET /api/options lists it, for the forms
// that set options and the pages that explain them: the engine's option
// table (skullking.OptionSpecs) and the table's own settings of pace.
type OptionInfo struct {
	Key     string       `json:"key"`
	Type    string       `json:"type"` // int, bool, choice or schedule (a choice or a list of card counts)
	Default any          `json:"default"`
	Choices []ChoiceInfo `json:"choices,omitempty"`
	Min     *int         `json:"min,omitempty"`
	Max     *int         `json:"max,omitempty"`
	Step    *int         `json:"step,omitempty"`
	Group   string       `json:"group"` // rules, house, modules or pace
	Label   string       `json:"label"`
	Help    string       `json:"help"`
	// Needs says the option matters only while another has a value.
	Needs *NeedInfo `json:"needs,omitempty"`
	// In says where a request sets it: "options" (the rules: a record's
	// options object) or "settings" (a table's settings).
	In string `json:"in"`
}

// ChoiceInfo is one value of a choice; for a schedule preset, the cards
// each round deals before a large table's cap.
type ChoiceInfo struct {
	Value string `json:"value"`
	Label string `json:"label"`
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
func RuleOptions() []OptionInfo {
	specs := skullking.OptionSpecs()
	out := make([]OptionInfo, 0, len(specs))
	for i := range specs {
		s := &specs[i]
		oi := OptionInfo{Key: s.Key, Type: string(s.Type), Default: s.Default(), Group: string(s.Group),
			Label: s.Label, Help: s.Help, In: InOptions}
		if s.Type == skullking.OptionInt {
			oi.Min, oi.Max, oi.Step = intp(s.Min), intp(s.Max), intp(s.Step)
		}
		for _, c := range s.Choices {
			oi.Choices = append(oi.Choices, ChoiceInfo{Value: c.Value, Label: c.Label, Cards: c.Cards})
		}
		if s.Needs != nil {
			oi.Needs = &NeedInfo{Key: s.Needs.Key, Value: s.Needs.Value}
		}
		out = append(out, oi)
	}
	return out
}
