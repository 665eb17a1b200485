package protocol

import (
	"testing"

	"github.com/skullking-go/skullking"
)

// lateState is a seat's state late in a ten-round game of four, when the
// score sheet is most of the frame.
func lateState(b *testing.B) []byte {
	g, _ := skullking.NewGame(4, skullking.WithSeed(3))
	rng := skullking.NewRand(3)
	for g.Round() < 9 && playRandom(b, g, &rng) {
	}
	v := g.View(0)
	data, err := Encode(ServerMsg{Type: TypeState, Seq: 1, View: ViewOf(&v)})
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkDecodeServer reads a late state whole, without its score
// sheet, without its sheet and hand, and as far as its heading; then the
// same state as most states go to a results_once connection, the sheet
// left out by the server.
func BenchmarkDecodeServer(b *testing.B) {
	late := lateState(b)
	m, err := DecodeServer(late)
	if err != nil {
		b.Fatal(err)
	}
	m.View.Results = nil
	short, _ := Encode(m)
	for _, frame := range []struct {
		name string
		data []byte
	}{{"sheet", late}, {"no-sheet", short}} {
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
