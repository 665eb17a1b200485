//go:build race

package protocol

// raceEnabled: the race detector is on, and slows the tests that need it
// least, those of one goroutine, tenfold.
const raceEnabled = true
