//go:build !race

package server_test

// crowdSize is the crowd of spectators TestACrowdCostsFramesInProportion
// sends to one table.
const crowdSize = 1000

// raceDetector says whether the tests run under the race detector, whose
// instrumentation deepens every stack frame.
const raceDetector = false
