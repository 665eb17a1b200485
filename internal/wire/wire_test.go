package wire

import (
	"encoding/json"
	"testing"

	"github.com/skullking-go/skullking"
)

// Every legal action of random games with every module survives the trip
// to the wire and back unchanged, so a client can send back exactly what
// the view listed.
func TestActionsRoundTrip(t *testing.T) {
	o := skullking.DefaultOptions()
	o.Kraken, o.WhiteWhale, o.PirateAbilities, o.Loot = true, true, true, true
	rng := skullking.NewRand(3)
	for game := 0; game < 20; game++ {
		g, err := skullking.NewGame(4, skullking.WithOptions(o), skullking.WithSeed(uint64(game)))
		if err != nil {
			t.Fatal(err)
		}
		var buf []skullking.Action
		for !g.Over() {
			for s := 0; s < 4; s++ {
				buf = g.LegalActions(s, buf[:0])
				for _, a := range buf {
					w := FromAction(a, true)
					b, _ := json.Marshal(w)
					var back Action
					if err := json.Unmarshal(b, &back); err != nil {
						t.Fatal(err)
					}
					got, err := ToAction(&back, s)
					if err != nil {
						t.Fatalf("%v: %v", a, err)
					}
					if got != a {
						t.Fatalf("%v came back as %v (wire %s)", a, got, b)
					}
				}
				if len(buf) > 0 {
					if err := g.Apply(buf[rng.IntN(len(buf))]); err != nil {
						t.Fatal(err)
					}
					break
				}
			}
		}
	}
}

func TestEventsKeepSecrets(t *testing.T) {
	if e := EventOf(skullking.Bid(2, 3), false, "player"); e.Value != nil {
		t.Fatalf("a bid event carries its amount: %+v", e)
	}
	if e := EventOf(skullking.Action{Kind: skullking.ActionCannon, Seat: 1, ActionArgs: skullking.ActionArgs{Value: 1}}, false, "bot"); e.Value != nil {
		t.Fatalf("a cannon event carries the load: %+v", e)
	}
	d := skullking.Action{Kind: skullking.ActionDiscard, Seat: 1, Card: 3, ActionArgs: skullking.ActionArgs{Card2: 4}}
	if e := EventOf(d, false, "player"); e.Card != nil || e.Code != "" {
		t.Fatalf("a discard event names cards: %+v", e)
	}
	if e := EventOf(skullking.PlayTigress(0, skullking.AsEscape), false, "player"); e.Code != "TIG-E" || e.As != "escape" {
		t.Fatalf("a played Tigress: %+v", e)
	}
}

// The shared encoder writes exactly what encoding a whole ServerMsg writes.
func TestStateEncoderMatchesServerMsg(t *testing.T) {
	o := skullking.DefaultOptions()
	o.PirateAbilities = true
	g, _ := skullking.NewGame(3, skullking.WithOptions(o), skullking.WithSeed(9))
	rng := skullking.NewRand(1)
	var buf []skullking.Action
	for step := 0; step < 150 && !g.Over(); step++ {
		for s := 0; s < 3; s++ {
			if buf = g.LegalActions(s, buf[:0]); len(buf) > 0 {
				g.Apply(buf[rng.IntN(len(buf))])
				break
			}
		}
		ev := &Event{Kind: "play", Seat: 1, By: "player"}
		v0 := g.View(-1)
		enc, err := NewStateEncoder(&v0, int64(step), ev, 5)
		if err != nil {
			t.Fatal(err)
		}
		for seat := -1; seat < 3; seat++ {
			v := g.View(seat)
			got, err := enc.Encode(&v, nil)
			if err != nil {
				t.Fatal(err)
			}
			var a, b any
			json.Unmarshal(got, &a)
			want, _ := json.Marshal(ServerMsg{Type: TypeState, Seq: int64(step), View: ViewOf(&v, nil), Event: ev, Deadline: 5})
			json.Unmarshal(want, &b)
			ga, _ := json.Marshal(a)
			gb, _ := json.Marshal(b)
			if string(ga) != string(gb) {
				t.Fatalf("step %d seat %d:\n got %s\nwant %s", step, seat, ga, gb)
			}
		}
	}
}
