package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// truth is what the engine knew after each accepted action: every hand, and
// the cards played in the current round. Frames are checked against it.
type truth struct {
	players int
	hands   [][]skullking.CardSet // [seq][hand]
	played  []skullking.CardSet   // [seq]
	phase   []skullking.Phase
	last    []skullking.Action // [seq]: the action that made seq
}

func buildTruth(t *testing.T, ts *testserver.Server, id string) *truth {
	t.Helper()
	row, log, err := ts.Running().Store().LoadTable(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var st table.Settings
	if err := json.Unmarshal(row.Settings, &st); err != nil {
		t.Fatal(err)
	}
	var seats struct {
		Seats []json.RawMessage `json:"seats"`
	}
	if err := json.Unmarshal(row.Seats, &seats); err != nil {
		t.Fatal(err)
	}
	g, err := skullking.NewGame(len(seats.Seats), skullking.WithOptions(st.Options), skullking.WithSeed(row.Seed))
	if err != nil {
		t.Fatal(err)
	}
	var actions []skullking.Action
	for _, a := range log {
		actions = append(actions, a.Action)
	}
	return truthOf(t, g, actions)
}

// truthOf replays actions on a fresh game g, remembering what the engine
// knew after each.
func truthOf(t *testing.T, g *skullking.Game, log []skullking.Action) *truth {
	t.Helper()
	n := g.Players()
	tr := &truth{players: n}
	snap := func(a skullking.Action) {
		hands := make([]skullking.CardSet, n+1)
		for s := range hands {
			hands[s] = g.Hand(s)
		}
		var played skullking.CardSet
		for _, p := range g.CurrentTrick() {
			played = played.With(p.Card)
		}
		for _, tr := range g.CompletedTricks() {
			for _, p := range tr.Plays {
				played = played.With(p.Card)
			}
		}
		// Until the next trick's first card, the trick completed last is
		// on the table, a round's last trick into the next bidding: the
		// last cards of the log before the trick on the table.
		if len(g.CurrentTrick()) == 0 {
			var plays []skullking.Card
			for _, a := range g.Log() {
				if a.Kind == skullking.ActionPlay {
					plays = append(plays, a.Card)
				}
			}
			hands := n
			if g.GhostSeat() >= 0 {
				hands++
			}
			if len(plays) >= hands {
				played = played.Or(skullking.SetOf(plays[len(plays)-hands:]...))
			}
		}
		tr.hands = append(tr.hands, hands)
		tr.played = append(tr.played, played)
		tr.phase = append(tr.phase, g.Phase())
		tr.last = append(tr.last, a)
	}
	snap(skullking.Action{})
	for _, a := range log {
		if err := g.Apply(a); err != nil {
			t.Fatalf("log does not replay: %v", err)
		}
		snap(a)
	}
	return tr
}

var numberCode = regexp.MustCompile(`^[GYPB](1[0-4]|[1-9])$`)

// checkSecrecy reads every frame a client decoded and checks that none
// holds another seat's hand, Graybeard's pile, an undealt card or a bid
// before every bid is in. seat is −1 for a spectator.
func checkSecrecy(t *testing.T, tr *truth, name string, seat int, frames [][]byte) {
	t.Helper()
	if err := findLeak(tr, seat, frames); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// errLeak carries the first leak found out of the walk.
type errLeak struct{ msg string }

func (e *errLeak) Error() string { return e.msg }

// findLeak returns the first secret a seat's frames reveal, or nil.
func findLeak(tr *truth, seat int, frames [][]byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*errLeak); ok {
				err = e
				return
			}
			panic(r)
		}
	}()
	seq := 0
	for i, raw := range frames {
		var doc map[string]any
		if err := json.Unmarshal(raw, &doc); err != nil {
			return fmt.Errorf("frame %d: %v", i, err)
		}
		if doc["type"] == "state" {
			s, _ := doc["seq"].(float64)
			seq = int(s)
		}
		if seq >= len(tr.hands) {
			return fmt.Errorf("frame %d: seq %d beyond the log (%d)", i, seq, len(tr.hands)-1)
		}
		var own skullking.CardSet
		if seat >= 0 {
			own = tr.hands[seq][seat]
		}
		allowed := own.Or(tr.played[seq])
		if a := tr.last[seq]; a.Kind == skullking.ActionPlay {
			allowed = allowed.With(a.Card) // the event of a play that ended a round
		}
		fail := func(format string, args ...any) {
			panic(&errLeak{fmt.Sprintf("seat %d frame %d at seq %d leaks: "+format+"\n%s",
				append([]any{seat, i, seq}, append(args, raw)...)...)})
		}
		walk(doc, "", func(path, key string, v any) {
			switch key {
			case "card", "card2":
				if _, ref := v.(map[string]any); ref {
					return // a card object: its own "card" is checked
				}
				id, ok := v.(float64)
				if !ok || id < 0 || id >= skullking.NumCards {
					fail("bad card %v at %s", v, path)
				}
				if c := skullking.Card(id); !allowed.Has(c) {
					fail("card %s at %s is neither its own nor played", c, path)
				}
			}
			if str, ok := v.(string); ok {
				for _, tok := range strings.FieldsFunc(str, func(r rune) bool {
					return !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
				}) {
					if numberCode.MatchString(tok) {
						c, _ := skullking.ParseCode(tok)
						if !allowed.Has(c.Card) {
							fail("card code %s in text at %s", tok, path)
						}
					}
				}
			}
		})
		// Bids: nobody else's before all are in; a bid event or ack never
		// carries an amount outside the seat's own legal list.
		walkObjects(doc, "", func(path string, obj map[string]any) {
			if obj["kind"] == "bid" && obj["value"] != nil && !strings.Contains(path, ".legal") {
				fail("a bid amount at %s", path)
			}
		})
		if doc["type"] != "state" {
			continue
		}
		view := doc["view"].(map[string]any)
		hand, _ := view["hand"].([]any)
		if len(hand) != own.Len() {
			fail("a hand of %d cards, the seat holds %d", len(hand), own.Len())
		}
		for si, x := range view["seats"].([]any) {
			info := x.(map[string]any)
			if info["bid"] != nil && (info["has_bid"] != true) {
				fail("seat %d has a bid without having bid", si)
			}
			if tr.phase[seq] == skullking.PhaseBidding && si != seat && info["bid"] != nil {
				fail("seat %d's bid during bidding", si)
			}
		}
	}
	return nil
}

// walk calls f for every key/value in a decoded JSON document.
func walk(v any, path string, f func(path, key string, v any)) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			f(path+"."+k, k, e)
			walk(e, path+"."+k, f)
		}
	case []any:
		for _, e := range x {
			walk(e, path+"[]", f)
		}
	}
}

func walkObjects(v any, path string, f func(path string, obj map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		f(path, x)
		for k, e := range x {
			walkObjects(e, path+"."+k, f)
		}
	case []any:
		for _, e := range x {
			walkObjects(e, path+"[]", f)
		}
	}
}

// The secrecy check itself must catch leaks: frames doctored to show
// another hand, an undealt card, Graybeard's pile or an early bid fail it.
func TestSecrecyCheckCatchesLeaks(t *testing.T) {
	g, _ := skullking.NewGame(2, skullking.WithSeed(7))  // the truth, replayed from the log
	g2, _ := skullking.NewGame(2, skullking.WithSeed(7)) // the game the frames show
	_ = g2.Apply(skullking.Bid(1, 1))
	log := []skullking.Action{skullking.Bid(1, 1)}
	tr := truthOf(t, g, log)
	frame := func(seq int, seat int, edit func(v *protocol.View)) []byte {
		v := g2.View(seat)
		w := protocol.ViewOf(&v)
		if edit != nil {
			edit(w)
		}
		b, _ := json.Marshal(protocol.ServerMsg{Type: protocol.TypeState, Seq: int64(seq), View: w})
		return b
	}
	if err := findLeak(tr, 0, [][]byte{frame(1, 0, nil)}); err != nil {
		t.Fatalf("an honest frame fails the check: %v", err)
	}
	if err := findLeak(tr, -1, [][]byte{frame(1, -1, nil)}); err != nil {
		t.Fatalf("an honest spectator frame fails the check: %v", err)
	}
	other := g2.Hand(1).First()
	pile := g2.Hand(2).First()
	undealt := g2.DeckOrder()[len(g2.DeckOrder())-1]
	one := 1
	for name, edit := range map[string]func(v *protocol.View){
		"another hand": func(v *protocol.View) {
			v.Hand = append(v.Hand, protocol.HandCard{CardRef: protocol.CardRef{Card: int(other), Code: other.String()}})
		},
		"Graybeard's pile": func(v *protocol.View) {
			v.Trick = append(v.Trick, protocol.Play{Seat: 2, CardRef: protocol.CardRef{Card: int(pile)}})
		},
		"an undealt card": func(v *protocol.View) { v.UndealtSeen = []protocol.CardRef{{Card: int(undealt)}} },
		"an early bid":    func(v *protocol.View) { v.Seats[1].Bid = &one },
		"a card in a refusal": func(v *protocol.View) {
			v.Hand[0].Why = &protocol.Refusal{Code: "must_follow_suit", Card: &protocol.CardRef{Card: int(other), Code: other.String()}}
		},
	} {
		if err := findLeak(tr, 0, [][]byte{frame(1, 0, edit)}); err == nil {
			t.Errorf("%s passes the check", name)
		}
	}
	bidEvent, _ := json.Marshal(protocol.ServerMsg{Type: protocol.TypeState, Seq: 1, View: func() *protocol.View { v := g2.View(0); return protocol.ViewOf(&v) }(),
		Event: &protocol.Event{Kind: "bid", Seat: 1, Value: &one}})
	if err := findLeak(tr, 0, [][]byte{bidEvent}); err == nil {
		t.Error("a bid amount in an event passes the check")
	}
}
