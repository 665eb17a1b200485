//go:build race

package table

// raceDetector says whether the tests run under the race detector, whose
// instrumentation deepens every stack frame.
const raceDetector = true
