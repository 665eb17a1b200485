package server

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/table"
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

func buildTruth(t *testing.T, ts *testServer, id string) *truth {
	t.Helper()
	row, log, err := ts.m.Server().store.LoadTable(context.Background(), id)
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
	n := len(seats.Seats)
	g, err := skullking.NewGame(n, skullking.WithOptions(st.Options), skullking.WithSeed(row.Seed))
	if err != nil {
		t.Fatal(err)
	}
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
		tr.hands = append(tr.hands, hands)
		tr.played = append(tr.played, played)
		tr.phase = append(tr.phase, g.Phase())
		tr.last = append(tr.last, a)
	}
	snap(skullking.Action{})
	for _, a := range log {
		if err := g.Apply(a.Action); err != nil {
			t.Fatalf("log does not replay: %v", err)
		}
		snap(a.Action)
	}
	return tr
}

var numberCode = regexp.MustCompile(`^[GYPB](1[0-4]|[1-9])$`)

// checkSecrecy decodes every frame a client received and checks that none
// holds another seat's hand, Graybeard's pile, an undealt card or a bid
// before every bid is in. seat is −1 for a spectator.
func checkSecrecy(t *testing.T, tr *truth, name string, seat int, frames [][]byte) {
	t.Helper()
	seq := 0
	for i, raw := range frames {
		var doc map[string]any
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatalf("%s frame %d: %v", name, i, err)
		}
		if doc["type"] == "state" {
			s, _ := doc["seq"].(float64)
			seq = int(s)
		}
		if seq >= len(tr.hands) {
			t.Fatalf("%s frame %d: seq %d beyond the log (%d)", name, i, seq, len(tr.hands)-1)
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
			t.Helper()
			t.Fatalf("%s (seat %d) frame %d at seq %d leaks: "+format+"\n%s", append([]any{name, seat, i, seq}, append(args, raw)...)...)
		}
		walk(doc, "", func(path, key string, v any) {
			switch key {
			case "card", "card2":
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
