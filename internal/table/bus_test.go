package table

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/skullking-go/skullking/protocol"
)

// A table's queue holds as many intents as its inbox has room for and
// refuses the next at once; SendWait waits for room instead. Each intent
// is queued as a copy of its own: the sender may reuse its value.
func TestLocalBusQueuesUpToTheInboxAndRefusesMore(t *testing.T) {
	b := NewLocalBus()
	in := Intent{Kind: IntentMsg, Client: "c1", Msg: protocol.ClientMsg{Type: protocol.TypeChat, Text: "one"}, Req: 1}
	if err := b.Send("t1", in); !errors.Is(err, ErrNoTable) {
		t.Fatalf("send to an unowned table: %v, want ErrNoTable", err)
	}
	inbox := make(chan *Intent, 2)
	release, err := b.Own("t1", inbox)
	if err != nil {
		t.Fatal(err)
	}
	for req := uint64(1); req <= 2; req++ {
		in.Req = req
		if err := b.Send("t1", in); err != nil {
			t.Fatalf("intent %d: %v", req, err)
		}
	}
	in.Req = 3
	if err := b.Send("t1", in); !errors.Is(err, ErrOverloaded) {
		t.Fatalf("send to a full queue: %v, want ErrOverloaded", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := b.SendWait(ctx, "t1", in); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("send-wait to a full queue: %v, want the deadline", err)
	}
	waited := make(chan error, 1)
	go func() { waited <- b.SendWait(context.Background(), "t1", in) }()
	for want := uint64(1); want <= 3; want++ {
		got := <-inbox
		if got.Req != want || got.Msg.Text != "one" {
			t.Fatalf("intent %d came as %+v", want, got)
		}
	}
	if err := <-waited; err != nil {
		t.Fatalf("send-wait once there is room: %v", err)
	}
	release()
	if err := b.Send("t1", in); !errors.Is(err, ErrNoTable) {
		t.Fatalf("send after the owner let go: %v, want ErrNoTable", err)
	}
}
