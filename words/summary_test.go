package words

import (
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/locale"
)

// The one-line summary of a table's rules that a list of tables shows.
func TestRulesSummary(t *testing.T) {
	set := func(kv ...any) skullking.Options {
		o := skullking.DefaultOptions()
		for i := 0; i < len(kv); i += 2 {
			s, _ := skullking.OptionSpecOf(kv[i].(string))
			if err := s.Set(&o, kv[i+1]); err != nil {
				t.Fatal(err)
			}
		}
		return o
	}
	for _, c := range []struct {
		o    skullking.Options
		want string
	}{
		{skullking.DefaultOptions(), "standard rules"},
		{set("rounds", 5), "5 rounds"},
		{set("schedule", "broadside"), "Broadside: ten rounds of 10"},
		{set("schedule", []int{2, 4}), "2 rounds (custom)"},
		{set("scoring", "rascal", "cannon_load", true, "kraken", true), "10 rounds, Rascal's scoring with cannon loads, Kraken"},
		{set("loot", true, "pirate_abilities", true, "bonus_mermaid_skull_king", 50), "10 rounds, Loot, Pirate abilities, house rules"},
	} {
		if got := (Words{}).RulesSummary(c.o); got != c.want {
			t.Errorf("RulesSummary() = %q, want %q", got, c.want)
		}
	}
	if got := (Words{Lang: locale.For("fr")}).RulesSummary(set("rounds", 5, "kraken", true)); got != "5 manches, Kraken" {
		t.Errorf("in French: %q", got)
	}
}
