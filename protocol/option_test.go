package protocol

import (
	"testing"
)

// Rule: the option list reports, for each switch, the table sizes at which
// the engine refuses it on, with the problem its creation would answer:
// Loot at two players, and nothing else under the standard rules (issue
// 25).
func TestRuleOptionsReportWhereTheSeatsRefuseThem(t *testing.T) {
	for _, oi := range RuleOptions() {
		switch {
		case oi.Key == "loot":
			if len(oi.Refused) != 1 || oi.Refused[0].Players != 2 || oi.Refused[0].Problem == nil ||
				oi.Refused[0].Problem.Code != ProblemLootTwoPlayers {
				t.Errorf("loot is refused at %+v, want 2 players: %s", oi.Refused, ProblemLootTwoPlayers)
			}
		case len(oi.Refused) > 0:
			t.Errorf("%s is refused at %+v, want at no table size", oi.Key, oi.Refused)
		}
	}
}
