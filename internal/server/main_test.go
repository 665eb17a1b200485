package server_test

import (
	"os"
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package's run if a goroutine any test started is
// still running once every test is done: a server stopped, a connection
// closed or a table put away leaves nothing behind.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.Cleanup(func(int) {
		if binary.dir != "" {
			os.RemoveAll(binary.dir)
		}
	}))
}
