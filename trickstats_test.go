package skullking

import "testing"

// TestTrickStatsAgreesWithResolveTrick checks the engine's incremental trick
// resolution against the reference ResolveTrick on random base-card tricks.
// The result it writes into starts as a stale one with every field set, as
// the engine's reused trick records do: resolve must write every field.
func TestTrickStatsAgreesWithResolveTrick(t *testing.T) {
	o := DefaultOptions()
	r := NewRand(7)
	deck := o.Deck().Cards(nil)
	for i := 0; i < 200000; i++ {
		n := 2 + r.IntN(8)
		var plays []Played
		var ts trickStats
		ts.reset()
		var lead Lead
		used := CardSet{}
		for len(plays) < n {
			c := deck[r.IntN(len(deck))]
			if used.Has(c) {
				continue
			}
			used = used.With(c)
			p := Played{Card: c, Seat: int8(len(plays))}
			if c == Tigress {
				p.As = AsPirate + TigressAs(r.IntN(2))
			}
			lead = lead.after(p)
			ts.add(int8(len(plays)), statCode(p), lead)
			plays = append(plays, p)
		}
		want := ResolveTrick(plays, &o)
		got := TrickResult{Outcome: Destroyed, Reason: ByKraken, Index: 9, Winner: 9, Leader: 9, Bonus: 99,
			Captured:  NewCaptures(9, 9, 9, 9, 9),
			Alliances: [2]Alliance{{1, 2}, {3, 4}}, NAlliances: 2}
		ts.resolve(plays, &o, &got)
		if got != want {
			t.Fatalf("%v:\n got %+v\nwant %+v", plays, got, want)
		}
	}
}
