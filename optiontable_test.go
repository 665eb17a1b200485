package skullking

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// otherValue is a value of spec other than its standard one.
func otherValue(t *testing.T, s *OptionSpec) any {
	t.Helper()
	switch s.Type {
	case OptionInt:
		if s.Default() == s.Min {
			return s.Max
		}
		return s.Min
	case OptionBool:
		return !s.Default().(bool)
	case OptionChoice, OptionSchedule:
		for _, c := range s.Choices {
			if c.Value != s.Default() {
				return c.Value
			}
		}
	}
	t.Fatalf("option %s has no other value", s.Key)
	return nil
}

// TestOptionTableCoversEveryRule checks that every field of Options is set
// by some entry of the option table: a rule added to Options without its
// entry would be missing from records, flags and forms.
func TestOptionTableCoversEveryRule(t *testing.T) {
	touched := map[string]bool{}
	def := DefaultOptions()
	dv := reflect.ValueOf(def)
	for i := range optionSpecs {
		s := &optionSpecs[i]
		o := DefaultOptions()
		v := otherValue(t, s)
		if s.Type == OptionSchedule {
			v = []int{3, 1}
		}
		if err := s.Set(&o, v); err != nil {
			t.Fatalf("%s: set %v: %v", s.Key, v, err)
		}
		ov := reflect.ValueOf(o)
		for f := 0; f < ov.NumField(); f++ {
			if !reflect.DeepEqual(ov.Field(f).Interface(), dv.Field(f).Interface()) {
				touched[ov.Type().Field(f).Name] = true
			}
		}
	}
	for f := 0; f < dv.NumField(); f++ {
		if name := dv.Type().Field(f).Name; !touched[name] {
			t.Errorf("Options.%s is set by no entry of the option table", name)
		}
	}
}

// TestOptionRecordRoundTrip checks each option through the record codec:
// a value other than the standard one is written under its key alone and
// read back the same.
func TestOptionRecordRoundTrip(t *testing.T) {
	for i := range optionSpecs {
		s := &optionSpecs[i]
		o := DefaultOptions()
		if s.Needs != nil {
			need, _ := OptionSpecOf(s.Needs.Key)
			if err := need.Set(&o, s.Needs.Value); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Set(&o, otherValue(t, s)); err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if _, ok := m[s.Key]; !ok {
			t.Errorf("%s: the record %s does not carry it", s.Key, b)
		}
		var back Options
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %s: %v", s.Key, b, err)
		}
		if !reflect.DeepEqual(back, o) {
			t.Errorf("%s: %s reads back as %+v, want %+v", s.Key, b, back, o)
		}
		// Text, as a flag writes it, reads back too.
		var fromText Options = DefaultOptions()
		for j := range optionSpecs {
			if err := optionSpecs[j].SetText(&fromText, optionSpecs[j].Text(&o)); err != nil {
				t.Fatalf("%s: text %q: %v", optionSpecs[j].Key, optionSpecs[j].Text(&o), err)
			}
		}
		if !reflect.DeepEqual(fromText, o) {
			t.Errorf("%s: from text %+v, want %+v", s.Key, fromText, o)
		}
	}
	if b, _ := json.Marshal(DefaultOptions()); string(b) != "{}" {
		t.Errorf("the standard rules are written as %s, want {}", b)
	}
}

// TestOptionRangesRefused checks that values outside an option's range or
// choices are refused by the record codec and by Validate, in words that
// name the option.
func TestOptionRangesRefused(t *testing.T) {
	for i := range optionSpecs {
		s := &optionSpecs[i]
		var bad []string
		switch s.Type {
		case OptionInt:
			bad = []string{jsonInt(s.Min - 1), jsonInt(s.Max + 1), `"20"`, `1.5`}
		case OptionBool:
			bad = []string{`"yes"`, `1`}
		case OptionChoice:
			bad = []string{`"nonsense"`, `3`}
		case OptionSchedule:
			bad = []string{`"nonsense"`, `[]`, `[0]`, `[75]`, `true`}
		}
		for _, v := range bad {
			var o Options
			err := json.Unmarshal([]byte(`{"`+s.Key+`": `+v+`}`), &o)
			if err == nil || !strings.Contains(err.Error(), s.Key) {
				t.Errorf("%s = %s: %v, want an error naming the option", s.Key, v, err)
			}
		}
		if s.Type == OptionInt {
			// Out of range behind Set's back, in the field the entry
			// keeps its value in.
			o := DefaultOptions()
			*s.field(&o) = s.Max + 1
			if err := o.Validate(4); err == nil || !strings.Contains(err.Error(), s.Key) {
				t.Errorf("%s = %d: Validate says %v", s.Key, s.Max+1, err)
			}
		}
	}
}

func jsonInt(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestOptionUnits checks that every number of the table says what it
// counts, in a unit of Units, and that nothing else claims one: a client
// words a value by it, and a check finds the rules' point values by it.
func TestOptionUnits(t *testing.T) {
	known := map[Unit]bool{}
	for _, u := range Units() {
		if u == UnitNone || known[u] {
			t.Fatalf("Units lists %q twice or lists no unit", u)
		}
		known[u] = true
	}
	for _, s := range OptionSpecs() {
		if (s.Type == OptionInt) != known[s.Unit] || (s.Type != OptionInt && s.Unit != UnitNone) {
			t.Errorf("%s (%s) has the unit %q", s.Key, s.Type, s.Unit)
		}
	}
	for key, want := range map[string]Unit{"rounds": UnitRounds, "points_per_trick": UnitPoints, "loot_bonus": UnitPoints} {
		if s, _ := OptionSpecOf(key); s.Unit != want {
			t.Errorf("%s counts %q, want %q", key, s.Unit, want)
		}
	}
}
