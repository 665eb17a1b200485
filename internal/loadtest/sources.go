package loadtest

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/skullking-go/skullking/client"
)

// perSource is how many connections one source address opens to the
// server. A source and destination address pair has only the ephemeral
// ports (about 28,000 by Linux's default range) to tell its connections
// apart, so tens of thousands of them must come from several addresses;
// 20,000 leaves room for the lobby's requests and ports in TIME_WAIT.
const perSource = 20000

// sources returns the HTTP clients that dial conns table connections to base,
// spread over as many loopback source addresses (127.0.0.1, 127.0.0.2, …,
// all of them the loopback interface's on Linux) as they need. A server
// not on an IPv4 loopback address gets one client, dialling from the
// address the system picks.
func sources(base string, conns int) []*http.Client {
	u, err := url.Parse(base)
	ip := net.ParseIP(u.Hostname())
	n := (conns + perSource - 1) / perSource
	if err != nil || ip == nil || ip.To4() == nil || !ip.IsLoopback() || n <= 1 {
		d := &net.Dialer{Timeout: 15 * time.Second}
		return []*http.Client{{Transport: &http.Transport{DialContext: loopbackDial(d), DisableKeepAlives: true}}}
	}
	out := make([]*http.Client, n)
	for i := range out {
		d := &net.Dialer{Timeout: 15 * time.Second, LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(1+i))}}
		// No idle pool: each connection is a WebSocket, kept by its Conn.
		tr := &http.Transport{DialContext: loopbackDial(d), DisableKeepAlives: true}
		out[i] = &http.Client{Transport: tr}
	}
	return out
}

// loopbackDial is d's DialContext for loopback addresses only: a node of
// the cluster under load may send a player to its own address
// (serve --advertise), and the load test must not follow it off this
// machine. Refused, the player comes back to the node it dialled and is
// relayed.
func loopbackDial(d *net.Dialer) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		if ip := net.ParseIP(host); !strings.EqualFold(host, "localhost") && (ip == nil || !ip.IsLoopback()) {
			return nil, fmt.Errorf("%s: the load test runs against loopback addresses only", addr)
		}
		return d.DialContext(ctx, network, addr)
	}
}

// dialer is the HTTP client to open the next table connection to n with.
func (r *run) dialer(n *node) *http.Client {
	k := r.dialed.Add(1)
	return n.dialers[int(k)%len(n.dialers)]
}

// playerClient is the client to seat the next player at n with.
func (r *run) playerClient(n *node) *client.Client { return client.New(n.base).WithHTTP(r.dialer(n)) }

// enoughFiles refuses a run whose connections would not fit in the open
// files this process may have: each connection is a file descriptor, two
// when the server runs in this process too.
func enoughFiles(conns int, inProcess bool) error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return nil // no limit to read: let the dials tell
	}
	need := uint64(conns) + 200 // the lobby's requests, the database, the listener
	if inProcess {
		need += uint64(conns)
	}
	if lim.Cur < need {
		return fmt.Errorf("%d connections need about %d open files, and this process may open %d: "+
			"raise the limit (ulimit -n; past the hard limit, as root) or run fewer", conns, need, lim.Cur)
	}
	return nil
}
