package protocol

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/goldenrecords"
)

// A replay has every trick of every played round, in order, and each
// seat's hand at a trick holds the card it played to it and one card more
// than at its next trick of the round.
func TestReplayShowsEveryTrickWithTheHands(t *testing.T) {
	for _, path := range goldenrecords.List(t, "valid") {
		if strings.Contains(path, "in-progress") {
			continue
		}
		t.Run(path, func(t *testing.T) {
			rec, rp := replayFile(t, path)
			want := 0
			for _, rr := range rec.Rounds {
				if rr.Won != nil {
					// Results only: a score sheet's round, which no table
					// plays, and after which the engine does not report
					// the last trick before it.
					t.Skip("a record with results-only rounds")
				}
				want += len(rr.Tricks)
			}
			if len(rp.Tricks) != want {
				t.Fatalf("%d tricks, the record has %d", len(rp.Tricks), want)
			}
			for i, tr := range rp.Tricks {
				if i > 0 {
					prev := rp.Tricks[i-1]
					if prev.Round > tr.Round || prev.Round == tr.Round && prev.Number+1 != tr.Number {
						t.Fatalf("trick %d.%d follows %d.%d", tr.Round, tr.Number, prev.Round, prev.Number)
					}
				}
				for _, p := range tr.Trick.Plays {
					h := tr.Hands[p.Seat]
					if len(h) == 0 {
						continue // the Graybeard's: nobody holds it
					}
					if !slices.ContainsFunc(h, func(c CardRef) bool { return c.Card == p.Card }) {
						t.Fatalf("trick %d.%d: seat %d played %s, not in its hand %v", tr.Round, tr.Number, p.Seat, p.Code, h)
					}
					if i+1 < len(rp.Tricks) && rp.Tricks[i+1].Round == tr.Round {
						if next := rp.Tricks[i+1].Hands[p.Seat]; len(next) != len(h)-1 {
							t.Fatalf("trick %d.%d: seat %d holds %d cards, then %d", tr.Round, tr.Number, p.Seat, len(h), len(next))
						}
					}
				}
				if len(tr.Bids) != len(tr.Hands) && len(tr.Bids) != len(rec.Players) {
					t.Fatalf("trick %d.%d: bids %v for %d seats", tr.Round, tr.Number, tr.Bids, len(tr.Hands))
				}
			}
		})
	}
}

// A replay reports what became of each trick's pirate ability — used or
// declined, with its value — never an offer still waiting: the game is
// over, and a review page must not show another seat's choice as a
// choice still to make.
func TestReplayReportsAbilitiesAsDecided(t *testing.T) {
	_, rp := replayFile(t, goldenrecords.File(t, "valid", "module-pirate-abilities-4p"))
	seen := 0
	for _, tr := range rp.Tricks {
		a := tr.Trick.Ability
		if a == nil {
			continue
		}
		seen++
		if a.State == "offered" {
			t.Errorf("trick %d.%d: %s's ability is reported %q", tr.Round, tr.Number, a.Pirate, a.State)
		}
		if a.Pirate != "juanita" && a.Value == nil {
			t.Errorf("trick %d.%d: %s's ability %s without its value", tr.Round, tr.Number, a.Pirate, a.State)
		}
	}
	if seen < 5 {
		t.Fatalf("%d abilities in the replay, want 5 or more", seen)
	}
}

// replayFile reads the record at path and replays it.
func replayFile(t *testing.T, path string) (*skullking.Record, *Replay) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := skullking.ParseRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := ReplayOf(rec)
	if err != nil {
		t.Fatal(err)
	}
	return rec, rp
}
