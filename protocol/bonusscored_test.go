package protocol

import "testing"

// Rule: a trick of a round already scored tells its bonus as the score
// settled it, never as if the winner's bid were still to be made.
func TestTrickScoredTellsTheBonusInThePast(t *testing.T) {
	w := Words{Names: []string{"Ann", "Ben", "Cat"}, You: 0}
	trick := func(winner int, lost bool) *Trick {
		return &Trick{Round: 3, Number: 3, Outcome: OutcomeWon, Winner: winner, Winning: 0, Reason: ReasonSkullKing,
			Plays: []Play{{Seat: winner, CardRef: CardRef{Code: "SK"}}}, Bonus: 60, BonusLost: lost,
			Bonuses: []BonusItem{{Kind: "skull_king_pirate", Count: 2, Points: 60}}}
	}
	for _, c := range []struct {
		t         *Trick
		now, past string
	}{
		{trick(1, false), "+60 for 2 Pirates if Ben's bid is exact.", "The +60 for 2 Pirates counted."},
		{trick(1, true), "The +60 for 2 Pirates is lost: Ben's bid can no longer hold.", "The +60 for 2 Pirates was lost: Ben's bid was missed."},
		{trick(0, true), "The +60 for 2 Pirates is lost: your bid can no longer hold.", "The +60 for 2 Pirates was lost: your bid was missed."},
	} {
		now, past := w.Trick(c.t), w.TrickScored(c.t)
		if !endsWith(now, c.now) || !endsWith(past, c.past) {
			t.Errorf("playing: %q, want it to end %q; scored: %q, want it to end %q", now, c.now, past, c.past)
		}
		if got := w.BonusScored(c.t); got != c.past {
			t.Errorf("BonusScored: %q, want %q", got, c.past)
		}
	}
}

func endsWith(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}
