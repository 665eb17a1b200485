package scorekeeper

import "encoding/json"

// CheckRound is the engine's word on round r entered into sheet s: the
// round scored, or an *InvalidError whose sentence says why the round
// cannot be. replace is 0 for the next round, or the round r corrects.
// r may be a round still being entered — bids and tricks, the captures not
// yet — and is checked as far as it goes: what it says must be possible.
//
// It is one call from the sheet and the round to the sentence, holding no
// rule of its own, so that whatever runs the engine (this server, or a
// client with the engine built in) gives the entry screens the same word.
func CheckRound(s *Sheet, r Round, replace int) (*ScoredRound, *Score, error) {
	var (
		sc  *Score
		err error
		at  = len(s.Rounds) + 1
	)
	if replace != 0 {
		at = replace
		_, sc, err = s.WithRoundReplaced(replace, r)
	} else {
		_, sc, err = s.WithRound(r)
	}
	if err != nil {
		return nil, nil, err
	}
	return &sc.Rounds[at-1], sc, nil
}

// checkRequest is the body of POST /api/sheets/check: a sheet as a client
// holds it (stored or not) and the round being entered.
type CheckRequest struct {
	Sheet   json.RawMessage `json:"sheet"`
	Round   *Round          `json:"round"`
	Replace int             `json:"replace"`
}
