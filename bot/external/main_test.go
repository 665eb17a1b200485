package external

import (
	"os"
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package's run if a goroutine any test started is
// still running once every test is done: a closed bot has waited for its
// program, whatever state the program was left in.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.Cleanup(func(int) {
		if fakeBot.dir != "" {
			os.RemoveAll(fakeBot.dir)
		}
	}))
}
