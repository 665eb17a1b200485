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

func BenchmarkDecodeServer(b *testing.B) {
	data := lateState(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := DecodeServer(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeServerWithoutResults(b *testing.B) {
	data := lateState(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := DecodeServerWithoutResults(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeServerHeading(b *testing.B) {
	data := lateState(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := DecodeServerHeading(data); err != nil {
			b.Fatal(err)
		}
	}
}
