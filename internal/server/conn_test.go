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
	s.cfg.OutQueue = 2
	c := &conn{s: s, log: quiet}
	// The writer is busy with a peer that does not read: frames pile up.
	c.out.writing = true
	c.ctx, c.cancel = context.WithCancel(context.Background())
	c.order = newReplyOrder(s.cfg.OutQueue, c.queue)
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
