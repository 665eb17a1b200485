package main

import (
	"flag"
	"strings"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/locale"
)

// ruleFlags registers a flag for every rule option of the engine's option
// table on fs, named after the record's keys with dashes (--points-per-trick
// for points_per_trick), each defaulting to the standard rule. The returned
// options are filled in as fs parses; validate them for the table with
// Options.Validate. Every command that starts games shares these flags;
// their help is the catalogue's, in English, for the operator reading
// --help.
func ruleFlags(fs *flag.FlagSet) *skullking.Options { return ruleFlagsOf(fs, skullking.OptionSpecs()) }

// ruleFlagsOf is ruleFlags for the options of specs: the engine's, or a
// test's with a rule the engine lacks.
func ruleFlagsOf(fs *flag.FlagSet, specs []skullking.OptionSpec) *skullking.Options {
	o := skullking.DefaultOptions()
	en := locale.For(locale.Base)
	for i := range specs {
		s := &specs[i]
		usage := en.T("option."+s.Key+".help", nil)
		if len(s.Choices) > 0 {
			values := make([]string, len(s.Choices))
			for j, c := range s.Choices {
				values[j] = c.Value
			}
			usage += " (" + strings.Join(values, ", ")
			if s.Type == skullking.OptionSchedule {
				usage += ", or a list such as 2,4,6"
			}
			usage += ")"
		}
		fs.Var(optionFlag{spec: s, o: &o}, strings.ReplaceAll(s.Key, "_", "-"), usage)
	}
	return &o
}

// optionFlag is one option of the table as a flag.
type optionFlag struct {
	spec *skullking.OptionSpec
	o    *skullking.Options
}

func (f optionFlag) String() string {
	if f.spec == nil {
		return "" // the zero value the flag package makes to find defaults
	}
	return f.spec.Text(f.o)
}

func (f optionFlag) Set(s string) error { return f.spec.SetText(f.o, s) }

// IsBoolFlag lets a bool option be given as --loot, without =true.
func (f optionFlag) IsBoolFlag() bool { return f.spec != nil && f.spec.Type == skullking.OptionBool }
