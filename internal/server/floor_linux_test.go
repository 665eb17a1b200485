package server

import (
	"fmt"
	"io"
	"net"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// BenchmarkSocketFloor is what one action's socket work costs this
// machine's kernel with no server around it: the actor's frame read from
// its loopback TCP socket, then one write to each of the four seats'
// sockets (the actor's ack and state go out in one write), frames of the
// sizes a game's states have. Its cpu-µs/action is the CPU of the thread
// that does it, system time included (on loopback the sender's write
// carries the receiver's side of TCP and its wake-up too), measured with
// getrusage: a floor under the server's own CPU an action, which adds
// the runtime's poller, the WebSocket framing, the engine, the encoding
// and the store (docs/scaling.md).
//
// With one table its few sockets stay in the CPU's caches; with a
// thousand, as in the README's load, each action finds its table's
// sockets cold, as the server does.
func BenchmarkSocketFloor(b *testing.B) {
	for _, tables := range []int{1, 1000} {
		b.Run(fmt.Sprintf("tables=%d", tables), func(b *testing.B) {
			f := newSocketFloor(b, tables)
			defer f.close()
			b.ResetTimer()
			b.Run("action", f.bench)
		})
	}
}

// socketFloor is tables of four seats, each seat a loopback TCP pair
// whose far end a goroutine reads to the end.
type socketFloor struct {
	servers, peers [][]net.Conn // by table, then seat; seat 0 acts
}

const floorSeats, floorState, floorAct = 4, 2600, 90

func newSocketFloor(b *testing.B, tables int) *socketFloor {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	f := &socketFloor{servers: make([][]net.Conn, tables), peers: make([][]net.Conn, tables)}
	for t := range tables {
		for range floorSeats {
			peer, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				f.close()
				b.Fatal(err)
			}
			server, err := ln.Accept()
			if err != nil {
				peer.Close()
				f.close()
				b.Fatal(err)
			}
			f.servers[t], f.peers[t] = append(f.servers[t], server), append(f.peers[t], peer)
			go io.Copy(io.Discard, peer)
		}
	}
	return f
}

func (f *socketFloor) close() {
	for t := range f.servers {
		for _, c := range append(f.servers[t], f.peers[t]...) {
			c.Close()
		}
	}
}

func (f *socketFloor) bench(b *testing.B) {
	tables := len(f.servers)
	// Each table's actor sends its frames from a goroutine of its own,
	// ahead of the reads below, which mostly find one waiting, as a woken
	// reader does; a socket's buffer bounds how far ahead.
	act := make([]byte, floorAct)
	for t := range tables {
		go func() {
			for range (b.N + tables - 1 - t) / tables {
				if _, err := f.peers[t][0].Write(act); err != nil {
					return
				}
			}
		}()
	}
	state := make([]byte, floorState)
	in := make([]byte, floorAct)
	runtime.LockOSThread() // getrusage counts this thread's work alone
	defer runtime.UnlockOSThread()
	before := threadCPU(b)
	b.ResetTimer()
	for i := range b.N {
		table := f.servers[i%tables]
		if _, err := io.ReadFull(table[0], in); err != nil {
			b.Fatal(err)
		}
		for _, s := range table {
			if _, err := s.Write(state); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(threadCPU(b)-before)/float64(time.Microsecond)/float64(b.N), "cpu-µs/action")
}

// threadCPU is the calling thread's CPU time, user and system.
func threadCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
