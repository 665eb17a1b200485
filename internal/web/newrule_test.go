package web

import (
	"encoding/json"
	"testing"

	sk "github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/optiontest"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// TestChecksTakeANewHouseRule adds a house rule to a copy of the option
// table — a whole number whose standard value is 1, in each unit — and
// runs the pages' checks with it: adding a rule is one entry in the table
// and the rule's code, and no check guesses from a rule's group or type
// what its numbers are. 1 is written in the scripts for many reasons that
// are no rule; only a rule counted in points makes its standard value a
// point value to look for, and a rule worth 1 point would make every 1
// suspect, so its check is only asked to look for it.
func TestChecksTakeANewHouseRule(t *testing.T) {
	wagers := sheetRulesInfo(t).Wagers
	for _, unit := range sk.Units() {
		t.Run(string(unit), func(t *testing.T) {
			options := servedOptions(t, protocol.RuleOptionsOf(optiontest.WithHouseRule(unit)))
			rule := options[len(options)-1]
			if rule.Key != optiontest.Key || rule.Unit != string(unit) || rule.Group != string(sk.GroupHouse) ||
				rule.Default != float64(optiontest.Default) {
				t.Fatalf("the option list gives the new rule as %+v", rule)
			}
			facts := newSheetFacts(t, options, wagers)
			if unit == sk.UnitPoints {
				if !facts.points[optiontest.Default] {
					t.Fatalf("a rule worth %d point is not a point value to look for: %v", optiontest.Default, facts.points)
				}
				return
			}
			if facts.points[optiontest.Default] {
				t.Fatalf("a rule counted in %s makes %d a point value", unit, optiontest.Default)
			}
			for _, leak := range sheetLeaks(t, facts) {
				t.Errorf("the score keeper's check: %s", leak)
			}
			for _, f := range clientRules(t, append(options, table.SettingOptions()...)) {
				t.Errorf("the table's check: %s", f)
			}
			// The checks still see the new rule: its key beside a
			// number is a rule kept in a page.
			planted := "const o = { " + optiontest.Key + ": 1 };\n"
			if leaks := facts.leaks("sheet/keeper-store.js", planted); len(leaks) == 0 {
				t.Errorf("the score keeper's check does not see %q", planted)
			}
			if found := scanJSFor(planted, options); len(found) == 0 {
				t.Errorf("the table's check does not see %q", planted)
			}
		})
	}
}

// servedOptions is an option list as a client reads it: through JSON,
// numbers as float64.
func servedOptions(t *testing.T, options []protocol.OptionInfo) []protocol.OptionInfo {
	t.Helper()
	b, err := json.Marshal(options)
	if err != nil {
		t.Fatal(err)
	}
	var out []protocol.OptionInfo
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
