package table

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// A seated player asking for a hint gets one of its legal actions and a
// reason; a spectator and a player with nothing to decide are refused.
func TestHintAnswersTheAskerWithALegalAction(t *testing.T) {
	s, _ := newStore(t)
	m := newManager(t, s)
	id, _, token, err := m.Create(context.Background(), CreateRequest{Nickname: "Ann", Seats: []SeatSpec{
		{Kind: "open"}, {Kind: "bot", Level: "random"}, {Kind: "bot", Level: "random"}},
		Settings: Settings{Options: skullking.DefaultOptions(), Spectators: true}})
	if err != nil {
		t.Fatal(err)
	}
	c := attach(t, m, id, protocol.ClientMsg{Token: token})
	c.next(protocol.TypeWelcome)
	c.send(protocol.ClientMsg{Type: protocol.TypeStart})
	st := c.next(protocol.TypeState)
	for len(st.View.Legal) == 0 {
		st = c.next(protocol.TypeState)
	}
	ask := c.send(protocol.ClientMsg{Type: protocol.TypeHint})
	h := c.next(protocol.TypeHint, protocol.TypeError)
	if h.Type != protocol.TypeHint || h.ID != ask || h.Hint == nil || h.Text == "" {
		t.Fatalf("hint answer %+v", h)
	}
	// Why is the reason as a code for the client to word; the text is the
	// advice in English, the same reason's sentence.
	if h.Why == nil || h.Why.Code == "" || !strings.HasSuffix(h.Text, ": "+words.Words{}.Why(h.Why)) {
		t.Fatalf("hint's reason %+v beside its text %q", h.Why, h.Text)
	}
	legal := false
	for _, a := range c.last.View.Legal {
		legal = legal || reflect.DeepEqual(a, *h.Hint)
	}
	if !legal {
		t.Fatalf("hint %+v is not among the legal actions %+v", *h.Hint, c.last.View.Legal)
	}

	spec := attach(t, m, id, protocol.ClientMsg{Spectate: true})
	spec.next(protocol.TypeWelcome)
	spec.send(protocol.ClientMsg{Type: protocol.TypeHint})
	if e := spec.next(protocol.TypeHint, protocol.TypeError); e.Type != protocol.TypeError {
		t.Fatalf("a spectator got a hint: %+v", e)
	}
}
