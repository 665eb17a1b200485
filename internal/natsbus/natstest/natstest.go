// Package natstest runs a real NATS server inside a test process, on a
// free loopback port, for the tests of the clustered services. It is the
// nats-server module's own server, embedded through its Go API: no mock.
package natstest

import (
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Server is a NATS server running for one test.
type Server struct {
	t    testing.TB
	opts server.Options
	srv  *server.Server
}

// Start runs a NATS server until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{t: t, opts: server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true}}
	s.start()
	// A server started again takes the same port, so that clients
	// reconnect to it as they would to a restarted NATS.
	s.opts.Port = s.srv.Addr().(*net.TCPAddr).Port
	t.Cleanup(s.Stop)
	return s
}

func (s *Server) start() {
	s.t.Helper()
	opts := s.opts
	srv, err := server.NewServer(&opts)
	if err != nil {
		s.t.Fatalf("nats server: %v", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		s.t.Fatal("nats server: not ready after 10s")
	}
	s.srv = srv
}

// URL is the server's client URL (nats://127.0.0.1:PORT).
func (s *Server) URL() string { return fmt.Sprintf("nats://127.0.0.1:%d", s.opts.Port) }

// Stop shuts the server down, as an outage would; Restart brings it back.
func (s *Server) Stop() {
	if s.srv != nil {
		s.srv.Shutdown()
		s.srv.WaitForShutdown()
		s.srv = nil
	}
}

// Restart starts a stopped server again on its port.
func (s *Server) Restart() {
	s.t.Helper()
	s.Stop()
	s.start()
}
