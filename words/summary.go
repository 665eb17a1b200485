package words

import (
	"reflect"
	"strings"

	"github.com/skullking-go/skullking"
)

// RulesSummary says rules o in one line, as a list of tables shows them:
// "standard rules", or "5 rounds, Rascal's scoring, Kraken, house rules"
// — the rounds, the scoring, each module on by its option's name, and
// whether any house rule differs. assets/catalog.js's rulesSummary says
// the same.
func (w Words) RulesSummary(o skullking.Options) string {
	l := w.Lang
	def := skullking.DefaultOptions()
	var parts []string
	sched, _ := skullking.OptionSpecOf("schedule")
	standard := false
	switch v := sched.Get(&o).(type) {
	case []int:
		parts = append(parts, l.N("option.summary.custom", len(v), nil))
	case string:
		if v != "standard" {
			parts = append(parts, l.T("option.schedule."+v, nil))
			break
		}
		standard = o.Rounds == def.Rounds
		parts = append(parts, l.N("option.summary.rounds", o.Rounds, nil))
	}
	if o.Scoring == skullking.RascalScoring {
		parts = append(parts, l.T(pick(o.CannonLoad, "option.summary.rascal_cannon", "option.summary.rascal"), nil))
	}
	house := false
	for _, s := range skullking.OptionSpecs() {
		switch {
		case s.Group == skullking.GroupModules && s.Get(&o) == true:
			parts = append(parts, l.T("option."+s.Key, nil))
		case s.Group == skullking.GroupHouse && !reflect.DeepEqual(s.Get(&o), s.Get(&def)):
			house = true
		}
	}
	if house {
		parts = append(parts, l.T("option.summary.house", nil))
	}
	if len(parts) == 1 && standard {
		return l.T("option.summary.standard", nil)
	}
	return strings.Join(parts, l.T("list.comma", nil))
}
