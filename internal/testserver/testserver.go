// Package testserver runs the real server — server.Main, the program
// `skullking serve` runs — in the test's own process, for the end-to-end
// tests of every package that talks to one: the client package, the
// terminal client, the commands, the browser tests and the server's own.
// They all start it here, one way, and sit at its tables through package
// client, so that what they test is what a player's program meets.
//
// Start serves on a free port of 127.0.0.1 with its data in a temporary
// directory, with timers fit for tests: bots that do not pause, an absent
// player's seat kept for an hour, no rate limits. The flags a test passes
// are the serve command's and override those. Stop and Restart take the
// server down and bring it back on the same address and data, as an
// operator's restart would. A server that logged a panic fails its test.
//
// The lobby helpers (Create, Join, Info, WaitOver, Record, Send) fail the
// test on any error, since a test that wants an error calls package
// client itself.
package testserver

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/recordtest"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// Server is one in-process server that a test started.
type Server struct {
	// Base is the server's address, http://Addr: what a client is given.
	Base string
	// Addr is host:port, the same across a restart.
	Addr string
	// Dir is the data directory, the same across a restart.
	Dir string

	t         testing.TB
	flags     []string
	configure func(*server.Config)
	log       *Log
	m         *server.Main
}

// Start starts a server with test timers; flags are the serve command's
// and override them.
func Start(t testing.TB, flags ...string) *Server {
	t.Helper()
	return StartWith(t, nil, flags...)
}

// StartWith is Start with configure changing the server's configuration
// once the flags are read, before every start: what no flag sets, such as
// a fixed deal or a handler mounted beside the API.
func StartWith(t testing.TB, configure func(*server.Config), flags ...string) *Server {
	t.Helper()
	s := &Server{Addr: "127.0.0.1:0", Dir: t.TempDir(), t: t, flags: flags, configure: configure, log: &Log{}}
	s.Restart()
	s.Addr = s.m.Addr()
	s.Base = "http://" + s.Addr
	t.Cleanup(func() {
		s.Stop()
		if strings.Contains(s.log.String(), "panicked") {
			t.Errorf("the server logged a panic:\n%s", s.log.String())
		}
	})
	return s
}

// Restart starts the stopped server again on its address and data: the
// tables it had come back where they were.
func (s *Server) Restart() {
	s.t.Helper()
	if s.m != nil {
		s.t.Fatal("testserver: Restart of a server that runs")
	}
	m := &server.Main{Stderr: s.log}
	args := append([]string{"--addr", s.Addr, "--data", s.Dir, "--bot-delay", "0", "--grace", "1h",
		"--http-rate", "-1", "--msg-rate", "-1", "--log-level", "info"}, s.flags...)
	if err := m.ParseFlags(args); err != nil {
		s.t.Fatal(err)
	}
	if s.configure != nil {
		s.configure(&m.Config)
	}
	if err := m.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.m = m
}

// Stop shuts the server down gracefully, as on SIGTERM: every client is
// told to come back.
func (s *Server) Stop() {
	if s.m == nil {
		return
	}
	if err := s.m.Close(); err != nil {
		s.t.Errorf("stopping the server: %v", err)
	}
	s.m = nil
}

// Running is the running server (nil once stopped), for tests that look
// inside it.
func (s *Server) Running() *server.Server {
	if s.m == nil {
		return nil
	}
	return s.m.Server()
}

// Log is everything the server has logged so far.
func (s *Server) Log() string { return s.log.String() }

// Client is a client of the server.
func (s *Server) Client() *client.Client { return client.New(s.Base) }

// Context is a context that ends after d or with the test.
func Context(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// FreeAddr is a loopback address that nothing listens on now, for a
// server whose address must be known before it starts: one that
// advertises it (serve --advertise). Its port is below the kernel's range
// of ephemeral ports, as scripts/free-port.sh picks one: a port in that
// range may be taken, before the server binds it, as the source port of a
// connection another test opens.
func FreeAddr(t testing.TB) string {
	t.Helper()
	low := 32768
	if b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 0 {
			if n, err := strconv.Atoi(f[0]); err == nil {
				low = n
			}
		}
	}
	if low <= 21024 {
		low = 50000
	}
	for range 50 {
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", 20000+rand.IntN(low-20000)))
		if err != nil {
			continue // taken
		}
		l.Close()
		return l.Addr().String()
	}
	t.Fatal("no free loopback port below the ephemeral range")
	return ""
}

// lobby bounds one lobby request or dial of a helper.
const lobby = 15 * time.Second

// Open is a seat for a person.
var Open = protocol.SeatSpec{Kind: protocol.SeatOpen}

// Bot is a seat for a bot of level.
func Bot(level string) protocol.SeatSpec {
	return protocol.SeatSpec{Kind: protocol.SeatBot, Level: level}
}

// Settings are the settings of a table whose creator left them alone (the
// standard rules, open to spectators) but for the number of rounds; 0
// keeps the standard ten.
func Settings(rounds int) protocol.Settings {
	st := table.DefaultSettings()
	if rounds > 0 {
		st.Options.Rounds = rounds
	}
	return st
}

// Create opens a table for nickname, who takes its first open seat and
// hosts it.
func (s *Server) Create(nickname string, seats []protocol.SeatSpec, st protocol.Settings) protocol.CreateResponse {
	s.t.Helper()
	out, err := s.Client().Create(Context(s.t, lobby), protocol.CreateRequest{Nickname: nickname, Seats: seats, Settings: st})
	if err != nil {
		s.t.Fatalf("creating a table: %v", err)
	}
	return out
}

// Join takes the first open seat of table id for nickname.
func (s *Server) Join(id, nickname string) protocol.JoinResponse {
	s.t.Helper()
	out, err := s.Client().Join(Context(s.t, lobby), id, protocol.JoinRequest{Nickname: nickname})
	if err != nil {
		s.t.Fatalf("%s joining table %s: %v", nickname, id, err)
	}
	return out
}

// Info is what the lobby says of table id.
func (s *Server) Info(id string) protocol.TableInfo {
	s.t.Helper()
	in, err := s.Client().Table(Context(s.t, lobby), id)
	if err != nil {
		s.t.Fatalf("table %s: %v", id, err)
	}
	return in
}

// WaitOver waits until the lobby sees table id's game over: it learns of
// the end just after the last state goes out.
func (s *Server) WaitOver(id string, within time.Duration) protocol.TableInfo {
	s.t.Helper()
	return s.WaitInfo(id, within, "over", func(in protocol.TableInfo) bool { return in.Status == protocol.StatusOver })
}

// WaitInfo waits until what the lobby says of table id satisfies ok, what
// describes for the failure: the lobby learns of arrivals and departures
// once an interval (table.PresenceEvery), not at once.
func (s *Server) WaitInfo(id string, within time.Duration, what string, ok func(protocol.TableInfo) bool) protocol.TableInfo {
	s.t.Helper()
	deadline := time.Now().Add(within)
	for {
		in := s.Info(id)
		if ok(in) {
			return in
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("table %s is not %s after %v: %+v", id, what, within, in)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Record downloads the record of table id's finished game and replays it.
func (s *Server) Record(id string) (*skullking.Record, *skullking.Game) {
	s.t.Helper()
	b, err := s.Client().Record(Context(s.t, lobby), id)
	if err != nil {
		s.t.Fatalf("the record of table %s: %v", id, err)
	}
	return recordtest.Replay(s.t, b)
}

// Quick are a connection's timers for tests: a dropped connection is
// dialled again within a tenth of a second, a dead one noticed within two.
func Quick(o client.Options) client.Options {
	o.Backoff, o.MaxBackoff, o.Ping, o.PingTimeout = 10*time.Millisecond, 100*time.Millisecond, time.Second, time.Second
	return o
}

// Send sits at table id with token for as long as it takes the server to
// accept a message of type typ (a host's start or rematch), then leaves.
func (s *Server) Send(id, token, typ string) {
	s.t.Helper()
	conn, err := s.Client().Dial(Context(s.t, lobby), id, Quick(client.Options{Token: token}))
	if err != nil {
		s.t.Fatalf("dialling table %s: %v", id, err)
	}
	defer conn.Close()
	if _, err := conn.Request(Context(s.t, lobby), protocol.ClientMsg{Type: typ}); err != nil {
		s.t.Fatalf("%s refused: %v", typ, err)
	}
}

// Log keeps what a server writes to its log, for a test to read while the
// server still writes.
type Log struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
