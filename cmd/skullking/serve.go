package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/skullking-go/skullking/server"
)

// runServe runs the online server until SIGINT or SIGTERM, then shuts it
// down gracefully: tables stop, clients are told to reconnect, the store is
// flushed.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	m := &server.Main{Stderr: stderr}
	if err := m.ParseFlags(args); err != nil {
		if server.IsHelp(err) {
			return 0
		}
		fmt.Fprintln(stderr, "skullking serve:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := m.Run(ctx); err != nil {
		fmt.Fprintln(stderr, "skullking serve:", err)
		return 1
	}
	return 0
}
