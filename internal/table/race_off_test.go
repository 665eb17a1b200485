//go:build !race

package table

// raceDetector says whether the tests run under the race detector.
const raceDetector = false
