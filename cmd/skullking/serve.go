package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/skullking-go/skullking/internal/server"
)

// runServe runs the online server until SIGINT or SIGTERM, then shuts it
// down gracefully: tables stop, clients are told to reconnect, the store is
// flushed.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	s, err := newServe(args, stderr)
	if err != nil {
		return usageExit(stderr, "serve", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := s.Run(ctx); err != nil {
		fmt.Fprintln(stderr, "skullking serve:", err)
		return 1
	}
	return 0
}

// newServe parses the serve flags into the server's one wiring
// (server.Main: the store with the score keeper's sheets, the bus of a
// cluster, the server), so that tests start exactly what the command runs.
func newServe(args []string, stderr io.Writer) (*server.Main, error) {
	m := &server.Main{Stderr: stderr}
	if err := m.ParseFlags(args); err != nil {
		if server.Explained(err) {
			err = flagError{err}
		}
		return nil, err
	}
	return m, nil
}
