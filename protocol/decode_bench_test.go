package protocol

import (
	"testing"

	"github.com/skullking-go/skullking"
)

// lateState is a seat's state late in a ten-round game of four, when the
// score sheet is most of the frame: a seat to act (waiting false), or one
// waiting for another seat.
func lateState(b *testing.B, waiting bool) []byte {
	g, _ := skullking.NewGame(4, skullking.WithSeed(3))
	rng := skullking.NewRand(3)
	for g.Round() < 9 && playRandom(b, g, &rng) {
	}
	for g.Phase() != skullking.PhasePlaying && playRandom(b, g, &rng) {
	}
	for s := range 4 {
		v := g.View(s)
		if (len(v.Legal) == 0) != waiting {
			continue
		}
		data, err := Encode(ServerMsg{Type: TypeState, Seq: 1, View: ViewOf(&v), Event: &Event{Kind: KindPlay, Seat: 1, By: ByPlayer}})
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	b.Fatal("no such seat")
	return nil
}

// BenchmarkDecodeServer reads a late state whole, without its score
// sheet, without its sheet and hand, and as far as its heading; then the
// same state as most states go to a results_once connection, the sheet
// left out by the server; then such a state to a seat that waits for
// another, which DecodeServerToAct only glances at.
func BenchmarkDecodeServer(b *testing.B) {
	withoutSheet := func(frame []byte) []byte {
		m, err := DecodeServer(frame)
		if err != nil {
			b.Fatal(err)
		}
		m.View.Results = nil
		short, _ := Encode(m)
		return short
	}
	late := lateState(b, false)
	for _, frame := range []struct {
		name string
		data []byte
	}{{"sheet", late}, {"no-sheet", withoutSheet(late)}, {"no-sheet-waiting", withoutSheet(lateState(b, true))}} {
		for _, d := range []struct {
			name   string
			decode func([]byte) (ServerMsg, error)
		}{
			{"whole", DecodeServer}, {"without-results", DecodeServerWithoutResults}, {"to-act", DecodeServerToAct},
			{"heading", DecodeServerHeading},
		} {
			b.Run(frame.name+"/"+d.name, func(b *testing.B) {
				b.SetBytes(int64(len(frame.data)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := d.decode(frame.data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
