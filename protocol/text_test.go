package protocol

import (
	"testing"

	"github.com/skullking-go/skullking"
)

// The engine's refusal of a set of rules reaches a person in a form's words:
// the option's label, never its record key or the engine's prefix.
func TestRulesProblemSpeaksTheFormsWords(t *testing.T) {
	o := skullking.DefaultOptions()
	o.Loot = true
	if got, want := RulesProblem(o.Validate(2)), "Loot is never used with 2 players."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	o = skullking.DefaultOptions()
	o.BonusFourteen = 5000
	if got, want := RulesProblem(o.Validate(4)), "Colour 14 captured: 5000: must be 0 to 1000."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var back skullking.Options
	err := back.UnmarshalJSON([]byte(`{"rounds": 0}`))
	if got, want := RulesProblem(err), "Rounds: 0: must be 1 to 100."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A sentence starts with a capital in any script: a name may be its
// first word.
func TestCapitalStartsASentenceInAnyScript(t *testing.T) {
	for in, want := range map[string]string{"": "", "ann leads.": "Ann leads.", "éric leads.": "Éric leads.",
		"1 card": "1 card", "ölür": "Ölür", "\xff": "\xff"} {
		if got := Capital(in); got != want {
			t.Errorf("Capital(%q) = %q, want %q", in, got, want)
		}
	}
}
