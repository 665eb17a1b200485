package loadtest

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/protocol"
)

// More connections than one source address has ports for come from as
// many loopback addresses as they need, each client dialling from its own.
func TestConnectionsSpreadOverSourceAddresses(t *testing.T) {
	var mu sync.Mutex
	from := map[string]bool{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, _ := net.SplitHostPort(r.RemoteAddr)
		mu.Lock()
		from[host] = true
		mu.Unlock()
		_ = json.NewEncoder(w).Encode(protocol.ServerInfo{Protocol: protocol.Version})
	}))
	defer srv.Close()
	clients := sources(srv.URL, 2*perSource+1)
	if len(clients) != 3 {
		t.Fatalf("%d clients for %d connections, want 3", len(clients), 2*perSource+1)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, hc := range clients {
		if _, err := client.New(srv.URL).WithHTTP(hc).Info(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if len(from) != 3 || !from["127.0.0.1"] || !from["127.0.0.2"] || !from["127.0.0.3"] {
		t.Errorf("requests came from %v, want 127.0.0.1 to 127.0.0.3", from)
	}
	if n := len(sources(srv.URL, perSource)); n != 1 {
		t.Errorf("%d clients for %d connections, want 1", n, perSource)
	}
	localhost := strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)
	if n := len(sources(localhost, 3*perSource)); n != 1 {
		t.Errorf("%d clients for a server named by host name, want 1: its address may be IPv6", n)
	}
}

// A run that needs more open files than the process may have is refused
// before it opens anything, saying so.
func TestTooManyConnectionsForTheFileLimit(t *testing.T) {
	err := enoughFiles(1<<40, false)
	if err == nil || !strings.Contains(err.Error(), "ulimit -n") {
		t.Errorf("%v, want a refusal naming ulimit -n", err)
	}
	if err := enoughFiles(10, false); err != nil {
		t.Errorf("ten connections: %v", err)
	}
}
