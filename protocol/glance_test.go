package protocol

import (
	"encoding/json"
	"reflect"
	"testing"

	"pgregory.net/rapid"

	"github.com/skullking-go/skullking"
)

// Every state frame the server's encoder writes, for every viewer, with
// and without the sheet, with tricky names and any event, is glanced at,
// and the glance reads what reading the frame whole reads: type, seq,
// event, seat, phase and legal actions.
func TestAGlanceReadsWhatTheWholeFrameSays(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		g, o, seed := drawGame(rt, 4)
		every := rapid.IntRange(1, 8).Draw(rt, "glance every")
		rng := skullking.NewRand(seed)
		var ev *Event
		for step := int64(0); ; step++ {
			if step%int64(every) == 0 {
				views := viewsOf(g)
				enc, err := NewStateEncoder(&views[0], step, ev, step%2*1_700_000_000_000)
				if err != nil {
					rt.Fatalf("%v", err)
				}
				for i := range views {
					for _, results := range []bool{true, false} {
						frame, err := enc.Encode(&views[i], results)
						if err != nil {
							rt.Fatalf("%v", err)
						}
						checkGlance(rt, frame)
					}
				}
			}
			a, ok := randomAction(g, &rng)
			if !ok {
				break
			}
			if err := g.Apply(a); err != nil {
				rt.Fatalf("%v", err)
			}
			ev = nil
			if step%3 != 0 {
				ev = EventOf(a, o.PirateAbilities, rapid.SampledFrom([]string{ByPlayer, ByBot, ByTimer}).Draw(rt, "by"))
			}
		}
	})
}

// checkGlance holds the glance at frame to what decoding it whole says.
func checkGlance(t fataler, frame []byte) {
	whole, err := DecodeServer(frame)
	if err != nil {
		t.Fatalf("%v\n%s", err, frame)
	}
	got, ok := glanceState(frame)
	if !ok {
		t.Fatalf("not glanced at:\n%s", frame)
	}
	want := ServerMsg{Type: whole.Type, Seq: whole.Seq, Event: whole.Event,
		View: &View{Seat: whole.View.Seat, Phase: whole.View.Phase, Legal: whole.View.Legal}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the glance %+v (view %+v, event %+v), want %+v (view %+v, event %+v):\n%s",
			got, got.View, got.Event, want, want.View, want.Event, frame)
	}
	toAct, err := DecodeServerToAct(frame)
	if err != nil || !reflect.DeepEqual(toAct, want) {
		t.Fatalf("DecodeServerToAct: %+v, %v; want the glance", toAct, err)
	}
}

// What is no state, or not shaped as one, is not glanced at: it is read
// whole, and refused there if it is broken.
func TestAGlanceLeavesTheRestToTheDecoder(t *testing.T) {
	for _, frame := range []string{
		``, `{}`, `[]`, `{"type":"ack","seq":3}`, `{"type":"state","seq":3}`,
		`{"type":"state","view":{"seat":9,"phase":"playing","legal":[]}}`,
		`{"type":"state","view":{"seat":-1,"phase":"playing","legal":[{"kind":"bid","value":1}]}}`,
		`{"type":"state","view":{"seat":0,"phase":"playing","legal":[{"kind":3}]}}`,
		`{"type":"state","view":{"seat":0,"phase":"dancing","legal":[]}}`,
		`{"type":"state","view":{"seat":0,"phase":"playing"}} {}`,
		`{"type":"state","view":{"seat":0,"phase":"playing"},"event":{"seat":"x"}}`,
		`{"type":"state","view":{"seat":0,"phase":"playing","seats":[{"name":"unterminated}]}}`,
		`{"type":"st\u0061te","view":{"seat":0,"phase":"playing"}}`,
		`{"type":"state","seq":1.5,"view":{"seat":0,"phase":"playing"}}`,
		`{"type":"state","view":{"seat":0,"phase":"playing"`,
		`{"type":"state","view":{"seat":0,"phase":"playing","Legal":[{"kind":"bid","value":1}]}}`,
		`{"type":"state","view":{"seat":0,"phase":"playing","ſeat":1}}`,
		`{"type":"state","view":{"seat":0,"phase":"playing","legal":[{"kind":"b\u0069d","value":1}]}}`,
		`{"type":"state","view":{"seat":0,"phase":"playing","legal":[{"kind":"bid","value":1e0}]}}`,
		`{"type":"state","view":{"seat":0,"phase":"playing","legal":[{"kind":null}]}}`,
		`{"type":"state","view":{"seat":0,"phase":"playing","legal":[]},"view":{"legal":[]}}`,
		`{"type":"state","view":{"seat":0,"phase":"playing"},"event":{"seat":null}}`,
		`{"type":"state","view":{"seat":0,"phase":"playing"},"event":{"card":{"card":99999999999999999999}}}`,
	} {
		if m, ok := glanceState([]byte(frame)); ok {
			t.Errorf("%s glanced at: %+v", frame, m)
		}
	}
	// Stepped over, a value may be anything a string's escapes and the
	// brackets allow.
	m, ok := glanceState([]byte(` { "seq" : 12 , "view" : { "seats" : [ { "name" : "a \"}]\\" } ] , "seat" : -1 , "phase" : "over" ,
		"legal" : null } , "type" : "state" , "event" : { "kind" : "play" , "seat" : 2 , "by" : "timer" } , "deadline" : 5 } `))
	want := ServerMsg{Type: TypeState, Seq: 12, View: &View{Seat: -1, Phase: PhaseOver}, Event: &Event{Kind: "play", Seat: 2, By: ByTimer}}
	if !ok || !reflect.DeepEqual(m, want) {
		t.Fatalf("glanced at: %v, %+v (view %+v)", ok, m, m.View)
	}
	// A second event is read into the first, and actions as encoding/json
	// reads them: an empty list is not nil, null clears a card.
	for _, frame := range []string{
		`{"type":"state","event":{"kind":"play","card":{"card":7,"code":"G7"},"by":"bot"},"event":{"seat":3,"value":null},
		"view":{"seat":3,"phase":"playing","legal":[{"kind":"play","card":5,"code":"Y5","x":[1,{"y":"]"}]},{"kind":"bid","value":0,"card":2,"card":null}]}}`,
		`{"type":"state","view":{"seat":0,"phase":"bidding","legal":[]},"event":{"kind":"start","seat":0}}`,
	} {
		var whole ServerMsg
		if err := json.Unmarshal([]byte(frame), &whole); err != nil {
			t.Fatal(err)
		}
		want := ServerMsg{Type: whole.Type, Seq: whole.Seq, Event: whole.Event,
			View: &View{Seat: whole.View.Seat, Phase: whole.View.Phase, Legal: whole.View.Legal}}
		if m, ok := glanceState([]byte(frame)); !ok || !reflect.DeepEqual(m, want) {
			t.Errorf("%s glanced at: %v, %+v (view %+v, event %+v), want %+v (view %+v, event %+v)",
				frame, ok, m, m.View, m.Event, want, want.View, want.Event)
		}
	}
}

// FuzzGlanceState: glancing at any bytes never panics, and what it reads
// is in range; a frame it reads that decodes whole says the same.
func FuzzGlanceState(f *testing.F) {
	f.Add([]byte(`{"type":"state","seq":4,"view":{"seat":1,"phase":"bidding","legal":[]},"event":{"kind":"bid","seat":0,"by":"player"}}`))
	f.Add([]byte(`{"type":"state","view":{"seat":0,"phase":"playing","seats":[{"name":"\"]}"}],"legal":null}}`))
	f.Add([]byte(`{"type":"state","view":{"seat":0,"phase":"playing","legal":[{"kind":"play","card":3}]}}`))
	f.Add([]byte(`{"type":"state","view":{"seat":1,"phase":"over"},"view":{"SEAT":2},"event":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, ok := glanceState(data)
		if !ok {
			return
		}
		if m.Type != TypeState || m.View == nil || m.View.Seat < -1 || m.View.Seat >= maxSeats || m.View.Seat < 0 && len(m.View.Legal) > 0 {
			t.Fatalf("%q glanced at as %+v (view %+v)", data, m, m.View)
		}
		whole, err := DecodeServer(data)
		if err != nil {
			return
		}
		if whole.Seq != m.Seq || whole.View.Seat != m.View.Seat || whole.View.Phase != m.View.Phase ||
			!reflect.DeepEqual(whole.View.Legal, m.View.Legal) || !reflect.DeepEqual(whole.Event, m.Event) {
			t.Fatalf("%q: glanced at as %+v (view %+v), read whole as %+v (view %+v)", data, m, m.View, whole, whole.View)
		}
	})
}
