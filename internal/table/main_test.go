package table

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package's run if a goroutine any test started is
// still running once every test is done: a closed manager stops its
// tables, their timers and their bots' moves.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
