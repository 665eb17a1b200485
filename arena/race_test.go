//go:build race

package arena

// raceEnabled shrinks the tests' runs under the race detector, which slows
// games tenfold.
const raceEnabled = true
