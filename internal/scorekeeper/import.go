package scorekeeper

import (
	"errors"
	"strings"

	"github.com/skullking-go/skullking"
)

// FromRecord makes a sheet of a game record (docs/record.md). The record is
// checked and scored by the engine first. Results-only rounds come over as
// they are, their bonus as imported bonus points. Played rounds are
// summarised into results: bids (after any change by Harry the Giant), tricks
// won and, where the tricks show them, the bonuses as events — else the
// bonus points the replayed game captured. Only complete rounds are kept: a
// round the record stops in the middle of is left out.
func FromRecord(rec *skullking.Record) (*Sheet, error) {
	g, err := rec.Replay()
	if err != nil {
		return nil, Invalid(0, "the record does not replay: %s", RecordText(err))
	}
	n := len(rec.Players)
	s := &Sheet{Players: append([]string(nil), rec.Players...), Options: cloneOptions(rec.Options)}
	results := g.Results()
	for i, res := range results {
		rr := &rec.Rounds[i]
		if rr.Options != nil {
			if i == 0 {
				s.Options = cloneOptions(*rr.Options)
			} else {
				s.Changes = append(s.Changes, RuleChange{FromRound: i + 1, Options: cloneOptions(*rr.Options)})
			}
		}
		r := Round{Bids: cloneInts(res.Bids[:n]), Won: cloneInts(res.Won[:n])}
		o, _ := s.rulesAt(i + 1)
		if res.Played {
			if ev, ok := playedBonuses(rec, i, &o, res); ok {
				r.Bonuses = ev
			} else {
				r.BonusPoints = cloneInts(res.Bonus[:n])
			}
		} else {
			r.Cards = rr.Cards
			if anyNonZero(res.Bonus[:n]) {
				r.BonusPoints = cloneInts(res.Bonus[:n])
			}
		}
		for _, a := range res.Alliances[:res.NAlliances] {
			r.Loot = append(r.Loot, []int{int(a.Looter), int(a.Winner)})
		}
		if anyNonZero(res.Wagers[:n]) {
			r.Wagers = cloneInts(res.Wagers[:n])
		}
		if o.CannonLoad {
			r.Cannon = make([]string, n)
			for seat := range n {
				r.Cannon[seat] = "grapeshot"
				if res.Cannon[seat] == skullking.Cannonball {
					r.Cannon[seat] = "cannonball"
				}
			}
		}
		s.Rounds = append(s.Rounds, r)
	}
	s.Normalize()
	sc, err := s.Score()
	if err != nil {
		return nil, Invalid(0, "the record replays, but not as a score sheet: %s", ErrorText(err))
	}
	want := g.Totals()
	for seat, t := range sc.Totals {
		if t != want[seat] {
			return nil, Invalid(0, "the record's totals %v could not be reproduced on a sheet (%v)", want, sc.Totals)
		}
	}
	return s, nil
}

// recordText is a record error without the engine's prefix.
func RecordText(err error) string {
	var re *skullking.RecordError
	if errors.As(err, &re) {
		return re.Message()
	}
	msg := err.Error()
	msg = strings.TrimPrefix(msg, skullking.ErrBadRecord.Error()+": ")
	return strings.TrimPrefix(msg, "skullking: ")
}

func anyNonZero(v []int) bool {
	for _, x := range v {
		if x != 0 {
			return true
		}
	}
	return false
}

// playedBonuses reads the bonus events of played round i from its tricks:
// the record is replayed up to the round's last card, which gives every
// completed trick with its resolution, and the last trick is resolved from
// the cards on the table. The events must add up to the bonus the engine
// scored; if anything does not fit, ok is false and the caller keeps the
// points instead.
func playedBonuses(rec *skullking.Record, i int, o *skullking.Options, res skullking.RoundResult) (events []Bonus, ok bool) {
	defer func() {
		// The events are a convenience; a surprise in reading them must not
		// cost the import.
		if recover() != nil {
			events, ok = nil, false
		}
	}()
	rr := rec.Rounds[i]
	if len(rr.Tricks) == 0 {
		return nil, false
	}
	last := rr.Tricks[len(rr.Tricks)-1]
	if len(last) == 0 {
		return nil, false
	}
	cut := *rec
	cut.Rounds = append(append([]skullking.RecordRound(nil), rec.Rounds[:i]...), rr)
	round := &cut.Rounds[i]
	round.Tricks = append(append([][]string(nil), rr.Tricks[:len(rr.Tricks)-1]...), last[:len(last)-1])
	// Abilities after the last trick (Harry) never change a capture.
	round.Abilities = nil
	for _, a := range rr.Abilities {
		if a.Trick < len(rr.Tricks) {
			round.Abilities = append(round.Abilities, a)
		}
	}
	g, err := cut.Replay()
	if err != nil || g.Round() != i+1 || g.Turn() < 0 {
		return nil, false
	}
	var results []skullking.TrickResult
	var plays [][]skullking.Played
	for _, t := range g.CompletedTricks() {
		results = append(results, t.Result)
		plays = append(plays, t.Plays)
	}
	seat := g.Turn()
	p, err := skullking.ParseCode(last[len(last)-1])
	if err != nil {
		return nil, false
	}
	card := skullking.NoCard
	for _, c := range p.Cards() {
		if g.Hand(seat).Has(c) {
			card = c
			break
		}
	}
	if card == skullking.NoCard {
		return nil, false
	}
	final := append(g.CurrentTrick(), skullking.Played{Card: card, Seat: int8(seat), As: p.As})
	results = append(results, skullking.ResolveTrick(final, o))
	plays = append(plays, final)

	n := len(rec.Players)
	var caught [8]skullking.Captures
	for t, tr := range results {
		w := tr.Winner
		if w < 0 || w >= n {
			continue // destroyed, discarded, or Graybeard's
		}
		caught[w] += tr.Captured
		for _, pl := range plays[t] {
			if pl.Card.IsNumber() && pl.Card.Rank() == 14 && tr.Captured.Fourteens()+tr.Captured.Black14() > 0 {
				events = append(events, Bonus{Seat: w, Kind: Fourteen, Suit: pl.Card.Suit().String()})
			}
		}
		switch {
		case tr.Captured.SkullKing() > 0:
			events = append(events, Bonus{Seat: w, Kind: MermaidTookSkullKing})
		case tr.Captured.Pirates() > 0:
			events = append(events, Bonus{Seat: w, Kind: SkullKingTookPirates, Count: tr.Captured.Pirates()})
		case tr.Captured.Mermaids() > 0:
			events = append(events, Bonus{Seat: w, Kind: PirateTookMermaids, Count: tr.Captured.Mermaids()})
		}
	}
	// The tricks read must account for every capture the engine counted in
	// the round, and so for its bonus at any bonus values.
	for seat := range n {
		if caught[seat] != res.Captures[seat] || o.CaptureBonus(caught[seat]) != res.Bonus[seat] {
			return nil, false
		}
	}
	return events, true
}
