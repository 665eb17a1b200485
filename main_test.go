package skullking

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// propertyChecks is how many random games each property test plays per
// table size unless -rapid.checks (or RAPID_CHECKS) says otherwise: enough
// to cover every module set several times while the package's tests stay
// well under a minute. The race detector slows games tenfold, so it gets
// fewer, and so does -short, the quick loop (TestProperty_EveryModuleSet
// still plays every module set there). Run with -rapid.checks=1000 for a
// long search.
func propertyChecks() int {
	switch {
	case raceEnabled:
		return 8
	case testing.Short():
		return 10
	}
	return 30
}

func TestMain(m *testing.M) {
	flag.Parse()
	explicit := os.Getenv("RAPID_CHECKS") != ""
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "rapid.checks" {
			explicit = true
		}
	})
	if !explicit {
		if err := flag.Set("rapid.checks", strconv.Itoa(propertyChecks())); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
