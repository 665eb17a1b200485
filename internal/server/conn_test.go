package server

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/table"
)

var quiet = slog.New(slog.DiscardHandler)

// The outbound policy: a client whose queue is full is dropped at once;
// the sender (the table) never waits.
func TestSlowClientDropped(t *testing.T) {
	s, err := New(Config{DataDir: t.TempDir(), Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Shutdown(context.Background()) })
	c := &conn{s: s, out: make(chan table.Frame, 2), log: quiet}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	c.order = newReplyOrder(cap(c.out), c.queue)
	for i := 0; i < 2; i++ {
		if !c.Deliver(table.Frame{Data: []byte("{}")}) {
			t.Fatal("a frame refused before the queue is full")
		}
	}
	start := time.Now()
	if c.Deliver(table.Frame{Data: []byte("{}")}) {
		t.Fatal("a full queue took a frame")
	}
	if time.Since(start) > 10*time.Millisecond {
		t.Fatal("Deliver waited")
	}
	if c.ctx.Err() == nil {
		t.Fatal("the slow client was not dropped")
	}
	if c.Deliver(table.Frame{Data: []byte("{}")}) {
		t.Fatal("a dropped client took a frame")
	}
}
