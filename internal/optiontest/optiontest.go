// Package optiontest makes option tables with a rule the engine does not
// have, so that a test can show that a check reads its list of options from
// the table it is given (skullking.OptionSpecs in use) rather than from a
// list or a guess of its own: adding a rule must be one entry in the table
// and the rule's code, with no check to teach.
package optiontest

import (
	"sync"

	"github.com/skullking-go/skullking"
)

// Key is the generated rule's key.
const Key = "generated_house_rule"

// Default is the generated rule's standard value: 1, the number most
// likely to be written in a client for reasons that are no rule.
const Default = 1

// WithHouseRule returns a copy of the engine's option table with one more
// house rule at its end: a whole number from 0 to 10 counted in unit, whose
// standard value is Default. Options has no field for it, so its value is
// kept beside each Options, by its address: it reads back from the Options
// it was set on, and a copy of that Options has the standard value.
func WithHouseRule(unit skullking.Unit) []skullking.OptionSpec {
	var mu sync.Mutex
	values := map[*skullking.Options]*int{}
	field := func(o *skullking.Options) *int {
		mu.Lock()
		defer mu.Unlock()
		v, ok := values[o]
		if !ok {
			v = new(int)
			*v = Default
			values[o] = v
		}
		return v
	}
	specs := append([]skullking.OptionSpec(nil), skullking.OptionSpecs()...)
	return append(specs, skullking.IntOption(Key, skullking.GroupHouse, unit, "Generated house rule", 0, 10, 1, field))
}

// Rule is the generated rule's entry in specs.
func Rule(specs []skullking.OptionSpec) *skullking.OptionSpec {
	for i := range specs {
		if specs[i].Key == Key {
			return &specs[i]
		}
	}
	return nil
}
