package locale_test

import (
	"slices"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/optiontest"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// Every option GET /api/options lists (the engine's table and a table's
// settings) has its name, its help and a name for each choice in the
// catalogue, each group its headings on the pages that list it and each
// unit its words: a new option without them fails here, not on a page
// showing an id.
func TestEveryOptionHasItsWords(t *testing.T) {
	for _, id := range missingOptionWords(skullking.OptionSpecs(), table.SettingOptions()) {
		t.Errorf("locale/en.json has no %s", id)
	}
}

// TestANewRuleNeedsItsWords: a house rule added to the table asks for its
// own name and help, and for nothing else — the words a player reads are
// the one thing besides its entry and its code that a new rule needs.
func TestANewRuleNeedsItsWords(t *testing.T) {
	got := missingOptionWords(optiontest.WithHouseRule(skullking.UnitRounds), table.SettingOptions())
	want := []string{"option." + optiontest.Key, "option." + optiontest.Key + ".help"}
	if !slices.Equal(got, want) {
		t.Fatalf("a new rule misses %v, want %v", got, want)
	}
}

// missingOptionWords lists the catalogue ids the options of specs and the
// settings need that the English catalogue lacks.
func missingOptionWords(specs []skullking.OptionSpec, settings []protocol.OptionInfo) []string {
	en := locale.For(locale.Base)
	var out []string
	want := func(id string) {
		if !en.Has(id) && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	for _, o := range append(protocol.RuleOptionsOf(specs), settings...) {
		want("option." + o.Key)
		want("option." + o.Key + ".help")
		for _, c := range o.Choices {
			want("option." + o.Key + "." + c.Value)
		}
		want("rules.options.group." + o.Group)
	}
	for _, s := range specs {
		want("keeper.rules.group." + string(s.Group))
	}
	// A number is worded with what it counts: every unit has its words.
	for _, u := range skullking.Units() {
		want("option.unit." + string(u))
	}
	return out
}
