package table

import (
	"bytes"
	"context"
	"testing"

	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/protocol"
)

// The moment the game's final state goes out, the lobby's index already
// says the table is over, and the record is kept: a client that sees the
// end and asks for the record at once (the server answers from the index)
// gets it. Checked on the table's own goroutine as it hands the final
// state to a client, so that no later moment can pass for it.
func TestTheIndexSaysOverBeforeTheFinalState(t *testing.T) {
	s := store.NewMemory()
	m := newManager(t, s)
	st := DefaultSettings()
	st.Options.Rounds = 1
	id, _, ann := startWithBot(t, m, st)
	var status string
	var record error
	watcher := m.NewClientID()
	seen := make(chan struct{}, 1)
	m.Bus().Subscribe(watcher, EndpointFunc(func(f Frame) bool {
		if bytes.Contains(f.Data, []byte(`"phase":"over"`)) && status == "" {
			in, _ := m.Lobby().Get(id)
			status = in.Status
			_, record = s.Record(context.Background(), id)
			seen <- struct{}{}
		}
		return true
	}))
	if err := m.Bus().SendWait(context.Background(), id, Intent{Kind: IntentHello, Client: watcher,
		Msg: protocol.ClientMsg{Type: protocol.TypeHello, V: protocol.Version, Spectate: true}}); err != nil {
		t.Fatal(err)
	}
	ann.playToEnd()
	<-seen
	if status != string(store.StatusOver) || record != nil {
		t.Fatalf("as the final state went out the index said %q and the record was %v", status, record)
	}
}
