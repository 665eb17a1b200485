package locale_test

import (
	"testing"

	"github.com/skullking-go/skullking"
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
	en := locale.For(locale.Base)
	want := func(id string) {
		if !en.Has(id) {
			t.Errorf("locale/en.json has no %s", id)
		}
	}
	for _, o := range append(protocol.RuleOptions(), table.SettingOptions()...) {
		want("option." + o.Key)
		want("option." + o.Key + ".help")
		for _, c := range o.Choices {
			want("option." + o.Key + "." + c.Value)
		}
		want("rules.options.group." + o.Group)
	}
	for _, s := range skullking.OptionSpecs() {
		want("keeper.rules.group." + string(s.Group))
	}
	// A number is worded with what it counts: every unit has its words.
	for _, u := range skullking.Units() {
		want("option.unit." + string(u))
	}
}
