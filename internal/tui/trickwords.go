package tui

import "github.com/skullking-go/skullking/protocol"

// trickWords tells a completed trick in the view's words. The bonus a
// trick carries counts only if its winner's bid holds; once the engine
// reports that it can no longer hold (the seat's bonus_lost this round, or
// a scored round that counted none of it), the bonus is told as lost
// instead of as counting if the bid is exact.
func (m *Model) trickWords(t *protocol.Trick) string {
	if t.Bonus <= 0 || t.Outcome != protocol.OutcomeWon || !m.bonusLost(t) {
		return m.words.Trick(t)
	}
	without := *t
	without.Bonus, without.Bonuses = 0, nil
	return m.words.Trick(&without) + " " + m.words.BonusLost(t)
}

// bonusLost reports whether the bonus of trick t, won by a player, no
// longer counts, as the view says: the round's result once it is scored,
// the winner's seat while the round is played.
func (m *Model) bonusLost(t *protocol.Trick) bool {
	v := m.v
	for i := len(v.Results) - 1; i >= 0; i-- {
		if r := &v.Results[i]; r.Round == t.Round {
			return t.Winner >= 0 && t.Winner < len(r.Scores) && r.Scores[t.Winner].BonusPoints == 0
		}
	}
	return t.Round == v.Round && t.Winner >= 0 && t.Winner < len(v.Seats) && v.Seats[t.Winner].BonusLost
}
