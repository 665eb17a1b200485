package protocol

import (
	"testing"

	"github.com/skullking-go/skullking"
)

// Rule: the option list reports, for each switch, the table sizes at which
// the engine refuses it on, in the engine's sentence: Loot at two players,
// and nothing else under the standard rules (issue 25).
func TestRuleOptionsReportWhereTheSeatsRefuseThem(t *testing.T) {
	o := skullking.DefaultOptions()
	o.Loot = true
	want := RulesProblem(o.Validate(2))
	if want != "Loot is never used with 2 players." {
		t.Fatalf("the engine refuses Loot at 2 players with %q", want)
	}
	for _, oi := range RuleOptions() {
		switch {
		case oi.Key == "loot":
			if len(oi.Refused) != 1 || oi.Refused[0] != (PlayersRefusal{Players: 2, Why: want}) {
				t.Errorf("loot is refused at %+v, want 2 players: %q", oi.Refused, want)
			}
		case len(oi.Refused) > 0:
			t.Errorf("%s is refused at %+v, want at no table size", oi.Key, oi.Refused)
		}
	}
}
