package natsbus

import (
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/natsbus/natstest"
	"github.com/skullking-go/skullking/protocol"
)

func newLobby(t *testing.T, b *Bus) *Lobby {
	t.Helper()
	l, err := NewLobby(b)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.Close)
	return l
}

// eventually waits up to 5s for ok.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("after 5s: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func ids(infos []protocol.TableInfo) []string {
	var out []string
	for _, in := range infos {
		out = append(out, in.ID)
	}
	return out
}

// Every node lists every node's public tables, newest first; a private one
// is found by its id only; a table that moved is listed once, as its new
// owner tells it, and the old owner's late removal leaves it listed.
func TestLobbyIsSharedByTheNodes(t *testing.T) {
	nats := natstest.Start(t)
	a, b := newLobby(t, connect(t, nats.URL(), "a")), newLobby(t, connect(t, nats.URL(), "b"))
	now := time.Now()
	a.Put(protocol.TableInfo{ID: "old", Public: true, Status: "lobby"}, now.Add(-time.Minute))
	b.Put(protocol.TableInfo{ID: "new", Public: true, Status: "playing"}, now)
	a.Put(protocol.TableInfo{ID: "secret", Status: "lobby"}, now)
	eventually(t, "both nodes list both public tables", func() bool {
		return len(a.List(10)) == 2 && len(b.List(10)) == 2
	})
	if got := ids(b.List(10)); got[0] != "new" || got[1] != "old" {
		t.Fatalf("b lists %v, want new, old", got)
	}
	// a sent "secret" after "old": b may list "old" before it hears of it.
	eventually(t, "b finds a's private table by its id", func() bool { _, ok := b.Get("secret"); return ok })
	if b.Owner("old") != "a" || b.Owner("new") != "b" {
		t.Fatalf("owners %q %q, want a b", b.Owner("old"), b.Owner("new"))
	}
	// The table "old" moves to b (a died, say); then a's removal comes late.
	watcher := newLobby(t, connect(t, nats.URL(), "w"))
	eventually(t, "w lists both", func() bool { return len(watcher.List(10)) == 2 })
	a.own.Remove("old") // a's stale actor stopped here…
	b.Put(protocol.TableInfo{ID: "old", Public: true, Status: "playing"}, now.Add(-time.Minute))
	eventually(t, "a hears that b runs old", func() bool { return a.Owner("old") == "b" })
	a.publish(lobbyNews{Node: "a", Remove: "old"}) // …and its removal comes after b's news
	b.Put(protocol.TableInfo{ID: "marker", Public: true}, now)
	eventually(t, "w hears the marker", func() bool { _, ok := watcher.Get("marker"); return ok })
	if in, ok := watcher.Get("old"); !ok || in.Status != "playing" || watcher.Owner("old") != "b" {
		t.Fatalf("a late removal by the old owner took b's table old off the list: %+v %v", in, ok)
	}
	b.Remove("new")
	eventually(t, "a no longer lists new", func() bool { _, ok := a.Get("new"); return !ok })
	// A node that starts later hears of every table at once.
	c := newLobby(t, connect(t, nats.URL(), "c"))
	eventually(t, "a new node lists the others' tables", func() bool { return len(c.List(10)) == 2 })
	if got := ids(c.List(10)); got[0] != "marker" || got[1] != "old" {
		t.Fatalf("c lists %v, want marker, old", got)
	}
}

// A sheet changed through one node wakes the followers of another.
func TestSheetChangesReachTheOtherNodes(t *testing.T) {
	nats := natstest.Start(t)
	a, b := NewSheetChanges(connect(t, nats.URL(), "a")), NewSheetChanges(connect(t, nats.URL(), "b"))
	heard := make(chan string, 1)
	stop, err := b.Watch(func(id string) { heard <- id })
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	if err := a.nc.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := b.nc.Flush(); err != nil {
		t.Fatal(err)
	}
	a.Changed("sheet1")
	select {
	case id := <-heard:
		if id != "sheet1" {
			t.Fatalf("heard %q, want sheet1", id)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("b never heard of a's change")
	}
}

// After NATS was away, the nodes list each other's tables as they are
// then: those told before the outage, and not one whose removal was
// missed meanwhile.
func TestLobbyComesBackWithNATS(t *testing.T) {
	nats := natstest.Start(t)
	a, b := newLobby(t, connect(t, nats.URL(), "a")), newLobby(t, connect(t, nats.URL(), "b"))
	a.Put(protocol.TableInfo{ID: "kept", Public: true}, time.Now())
	a.Put(protocol.TableInfo{ID: "gone", Public: true}, time.Now())
	eventually(t, "b lists a's tables", func() bool { return len(b.List(10)) == 2 })
	nats.Stop()
	a.own.Remove("gone") // its news is lost with NATS
	nats.Restart()
	eventually(t, "b lists what a has after the outage", func() bool {
		got := ids(b.List(10))
		return len(got) == 1 && got[0] == "kept"
	})
}
