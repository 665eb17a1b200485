package natsbus

import (
	"bytes"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/nats-io/nats.go"

	"github.com/skullking-go/skullking/internal/natsbus/natstest"
	"github.com/skullking-go/skullking/internal/table"
)

// batch collects what an endpoint is handed, one handing at a time.
type batch struct{ got chan []table.Frame }

func (b *batch) Deliver(f table.Frame) bool { return b.DeliverAll([]table.Frame{f}) }

func (b *batch) DeliverAll(fs []table.Frame) bool {
	b.got <- slices.Clone(fs)
	return true
}

// Frames a table hands a client of another node together cross NATS in
// one message and are handed to the client together, each with its data,
// its answer's number and its close, in order.
func TestFramesHandedTogetherCrossTogether(t *testing.T) {
	srv := natstest.Start(t)
	owner, relay := connect(t, srv.URL(), "a"), connect(t, srv.URL(), "b")
	var msgs atomic.Int64
	sub, err := nats.Connect(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	counted := make(chan struct{}, 16)
	s, err := sub.Subscribe(clientSubject("b"), func(*nats.Msg) { msgs.Add(1); counted <- struct{}{} })
	if err != nil {
		t.Fatal(err)
	}
	defer s.Unsubscribe()
	sub.Flush()
	got := &batch{make(chan []table.Frame, 4)}
	defer relay.Subscribe("b/1", got)()
	want := []table.Frame{{Data: []byte(`{"type":"state"}`)}, {Data: []byte(`{"type":"ack","id":3}`), Req: 7}, {Data: []byte{}, Close: true}}
	if !owner.Publish("b/1", want...) {
		t.Fatal("Publish failed")
	}
	fs := <-got.got
	if len(fs) != len(want) {
		t.Fatalf("handed %d frames together, want %d", len(fs), len(want))
	}
	for i := range want {
		if !bytes.Equal(fs[i].Data, want[i].Data) || fs[i].Req != want[i].Req || fs[i].Close != want[i].Close {
			t.Errorf("frame %d: %+v, want %+v", i, fs[i], want[i])
		}
	}
	<-counted
	sub.Flush()
	if n := msgs.Load(); n != 1 {
		t.Errorf("%d messages crossed, want 1", n)
	}
}

// A frame list that does not match its data is refused with the reason,
// never read past the data.
func TestABadFrameListIsRefused(t *testing.T) {
	for _, c := range []struct{ list, data, want string }{
		{"3:0:0,2:0:0", "abcd", "length"},
		{"3:0:0", "abcd", "past the frames"},
		{"3:0", "abc", "length:req:close"},
		{"x:0:0", "abc", "length"},
		{"-1:0:0", "abc", "length"},
		{"3:no:0", "abc", "bad req"},
		{"3:0:2", "abc", "bad req or close"},
	} {
		m := nats.NewMsg("x")
		m.Header.Set(hdrFrames, c.list)
		m.Data = []byte(c.data)
		if _, err := framesOf(m); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("list %q over %q: %v, want an error saying %q", c.list, c.data, err, c.want)
		}
	}
}

// Whatever a frame list says, reading it never panics, and a list
// frameList wrote reads back as the frames it was written from.
func FuzzFrameList(f *testing.F) {
	f.Add("3:0:0,1:7:1", []byte("abcd"))
	f.Add("", []byte("x"))
	f.Fuzz(func(t *testing.T, list string, data []byte) {
		m := nats.NewMsg("x")
		m.Header.Set(hdrFrames, list)
		m.Data = data
		fs, err := framesOf(m)
		if err != nil || m.Header.Get(hdrFrames) == "" {
			return
		}
		again, back := frameList(fs)
		m2 := nats.NewMsg("x")
		m2.Header.Set(hdrFrames, again)
		m2.Data = back
		fs2, err := framesOf(m2)
		if err != nil || len(fs2) != len(fs) || !bytes.Equal(back, data) {
			t.Fatalf("%q over %q read as %d frames, written back as %q, read again: %v", list, data, len(fs), again, err)
		}
		for i := range fs {
			if !bytes.Equal(fs[i].Data, fs2[i].Data) || fs[i].Req != fs2[i].Req || fs[i].Close != fs2[i].Close {
				t.Fatalf("frame %d: %+v then %+v", i, fs[i], fs2[i])
			}
		}
	})
}
