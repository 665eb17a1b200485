package natsbus

import (
	"reflect"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// Whatever another node (or anything else on the NATS server) sends as an
// intent is refused with an error or taken as a well-formed intent, never
// a panic; one taken crosses the bus again unchanged.
func FuzzDecodeIntent(f *testing.F) {
	seat := 2
	for _, in := range []table.Intent{
		{Kind: table.IntentHello, Client: "a/1", Msg: protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Token: "t"}, Req: 1},
		{Kind: table.IntentJoin, Client: "b/9", Msg: protocol.ClientMsg{Type: protocol.TypeJoin, Name: "Ann", Seat: &seat}, At: time.UnixMilli(1).UTC()},
		{Kind: table.IntentDetach, Client: "c/3"},
	} {
		b, err := encodeIntent(in)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"Kind":3,"Client":"x"}`))
	f.Add([]byte(`{"Kind":3,"Client":"x/1","Msg":{"type":"act","action":{"kind":"play","card":-5}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := decodeIntent(data)
		if err != nil {
			return
		}
		if _, ok := nodeOf(in.Client); !ok {
			t.Fatalf("took an intent whose client %q names no node", in.Client)
		}
		b, err := encodeIntent(in)
		if err != nil {
			t.Fatal(err)
		}
		again, err := decodeIntent(b)
		if err != nil || !reflect.DeepEqual(again.Msg, in.Msg) || again.Kind != in.Kind || again.Client != in.Client {
			t.Fatalf("an intent did not cross the bus unchanged: %+v, then %+v (%v)", in, again, err)
		}
	})
}
