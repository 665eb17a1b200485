//go:build race

package server_test

// crowdSize under the race detector: a thousand connections there take
// longer than a test should (every frame written is instrumented), so the
// crowd is smaller; the bound it checks is the same, per connection.
const crowdSize = 300

// raceDetector says whether the tests run under the race detector, whose
// instrumentation deepens every stack frame.
const raceDetector = true
