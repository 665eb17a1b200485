package skullking

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/skullking-go/skullking/internal/goldenrecords"
)

// FuzzParseRecord feeds arbitrary bytes to the record reader and replay:
// they never panic, and a record they accept marshals and replays again to
// the same scores. Seeded with every golden record, valid and invalid.
//
//	go test -run '^$' -fuzz FuzzParseRecord
func FuzzParseRecord(f *testing.F) {
	for _, kind := range []string{"valid", "invalid"} {
		files, _ := filepath.Glob(filepath.Join(goldenrecords.Dir(f), kind, "*.json"))
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParseRecord(data)
		if err != nil {
			if !errors.Is(err, ErrBadRecord) {
				t.Fatalf("ParseRecord error %v does not wrap ErrBadRecord", err)
			}
			return
		}
		g, err := rec.Replay()
		if err != nil {
			var ae *ActionError
			var re *RecordError
			if !errors.As(err, &ae) && !errors.As(err, &re) {
				t.Fatalf("Replay error %T %v says neither where nor why", err, err)
			}
			return
		}
		sum := sheetOf(g)
		b, _, g2, err := rereadRecord(rec)
		if err != nil {
			t.Fatalf("an accepted record: %v\n%s", err, b)
		}
		if sum2 := sheetOf(g2); !reflect.DeepEqual(sum, sum2) {
			t.Fatalf("re-marshalled record scores differently:\n%+v\n%+v", sum, sum2)
		}
	})
}

// fuzzGame decodes the first bytes of data into a table and its rules.
func fuzzGame(data []byte) (*Game, []byte) {
	at := func(i int) byte {
		if i < len(data) {
			return data[i]
		}
		return 0
	}
	players := 2 + int(at(0))%7
	o := DefaultOptions()
	flags := at(1)
	o.Loot = flags&1 != 0 && players > 2
	o.Kraken = flags&2 != 0
	o.WhiteWhale = flags&4 != 0
	o.PirateAbilities = flags&8 != 0
	if flags&16 != 0 {
		o.Scoring, o.CannonLoad = RascalScoring, flags&32 != 0
	}
	if flags&64 != 0 {
		o.Schedule, o.ScheduleCards = "custom", []int{1 + int(at(2))%12, 1 + int(at(3))%12}
	}
	o.Tiebreak = flags&128 == 0
	g, err := NewGame(players, WithOptions(o), WithSeed(uint64(at(4))<<8|uint64(at(5))))
	if err != nil {
		panic(err) // the options above are always valid
	}
	if len(data) < 6 {
		return g, nil
	}
	return g, data[6:]
}

// FuzzApply decodes arbitrary bytes into actions applied to a game: nothing
// panics, every refusal is an *ActionError leaving the game unchanged, and
// the game's record replays. A byte with its top bit set picks a legal
// action instead, so that games get somewhere.
//
//	go test -run '^$' -fuzz FuzzApply
func FuzzApply(f *testing.F) {
	f.Add([]byte{2, 0, 0, 0, 1, 2, 0x80, 0x81, 0x82, 0x83, 0x80, 0x80, 0x80})
	f.Add([]byte{0, 0x0e, 3, 4, 9, 9, 0x80, 0x80, 0x80, 0x80, 1, 0, 5, 7, 0, 3})
	f.Add([]byte{6, 0xff, 5, 5, 0, 7, 2, 1, 200, 255, 1, 0, 0x90, 0xa0, 0xb0, 0xc0, 0xd0, 0xe0, 0xf0})
	f.Add([]byte{3, 0x1f, 1, 1, 3, 3, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80})
	f.Fuzz(func(t *testing.T, data []byte) {
		g, rest := fuzzGame(data)
		var legal []Action
		for len(rest) > 0 && !g.Over() {
			b := rest[0]
			if b&0x80 != 0 {
				legal = legal[:0]
				for s := 0; s < g.Players(); s++ {
					legal = g.LegalActions(s, legal)
				}
				if len(legal) == 0 {
					t.Fatalf("nobody may act in phase %v", g.Phase())
				}
				a := legal[int(b&0x7f)%len(legal)]
				if err := g.Apply(a); err != nil {
					t.Fatalf("legal %v refused: %v", a, err)
				}
				rest = rest[1:]
				continue
			}
			var raw [6]byte
			n := copy(raw[:], rest)
			rest = rest[n:]
			a := Action{
				Kind: ActionKind(raw[0] % 10),
				Seat: int8(raw[1]%12) - 2,
				Card: Card(raw[2]),
				ActionArgs: ActionArgs{
					Card2: Card(raw[3]),
					As:    TigressAs(raw[4] % 4),
					Value: int8(raw[5]),
				},
			}
			before := snap(g)
			if err := g.Apply(a); err != nil {
				var ae *ActionError
				if !errors.As(err, &ae) {
					t.Fatalf("refusal %T %v is not an *ActionError", err, err)
				}
				if !snap(g).equal(before) {
					t.Fatalf("refused %+v (%v) changed the game", a, err)
				}
			}
		}
		for s := Spectator; s < g.Players(); s++ {
			if _, err := json.Marshal(g.View(s)); err != nil {
				t.Fatalf("view %d does not encode: %v", s, err)
			}
		}
		b, _, g2, err := rereadRecord(RecordOf(g))
		if err != nil {
			t.Fatalf("the game's record: %v\n%s", err, b)
		}
		// A decision still awaited is written as pending: the replay awaits
		// it too (docs/record.md, "A game in progress").
		r1, r2 := g.Results(), g2.Results()
		if len(r1) != len(r2) || len(r1) > 0 && !reflect.DeepEqual(r1, r2) {
			t.Fatalf("the replayed record scores differently:\n%+v\n%+v\n%s", r1, r2, b)
		}
		k1, s1 := g.Pending()
		if k2, s2 := g2.Pending(); g.Phase() != g2.Phase() || g.Turn() != g2.Turn() || k1 != k2 || s1 != s2 {
			t.Fatalf("the replayed record waits for %v of seat %d in phase %v, the game for %v of seat %d in phase %v\n%s",
				k2, s2, g2.Phase(), k1, s1, g.Phase(), b)
		}
	})
}
