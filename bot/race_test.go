//go:build race

package bot

// raceEnabled shrinks the slowest tests under the race detector, which
// runs the searching bots ten times slower.
const raceEnabled = true
