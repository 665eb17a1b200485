package client_test

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package's run if a goroutine any test started is
// still running once every test is done: a closed connection stops its
// reader, its pinger and its reconnecting.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
