package scorekeeper

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"

	"github.com/skullking-go/skullking"
)

// rulesAt returns the rules in force in round rn and whether they changed
// at that very round.
func (s *Sheet) rulesAt(rn int) (skullking.Options, bool) {
	o, changed := s.Options, false
	for _, c := range s.Changes {
		if c.FromRound <= rn {
			o, changed = c.Options, c.FromRound == rn
		}
	}
	return o, changed
}

// Record writes the sheet as a skullking-record/1 record of results-only
// rounds (docs/record.md), which `skullking replay` scores to the sheet's totals.
// Bonuses are written as the points captured, with the bonus values of
// each round's rules; a rule change becomes that round's "options". A change
// waiting for a round not yet entered has no round to ride on and is left
// out.
//
// The record is built from the sheet rather than with skullking.RecordOf,
// which writes every round's wagers and cannon loads by the final rules.
func (s *Sheet) Record() (*skullking.Record, error) {
	sc, err := s.Score()
	if err != nil {
		return nil, err
	}
	rec := &skullking.Record{Format: skullking.RecordFormat, Players: append([]string(nil), s.Players...),
		Options: cloneOptions(s.Options), Rounds: make([]skullking.RecordRound, 0, len(s.Rounds))}
	for i := range s.Rounds {
		r := &s.Rounds[i]
		o, changed := s.rulesAt(i + 1)
		rr := skullking.RecordRound{Bids: cloneInts(r.Bids), Won: cloneInts(r.Won), Bonus: cloneInts(sc.Rounds[i].Bonus),
			Cards: r.Cards}
		if changed {
			oc := cloneOptions(o)
			rr.Options = &oc
		}
		if o.PirateAbilities {
			for _, w := range r.Wagers {
				if w != 0 {
					rr.Wagers = cloneInts(r.Wagers)
					break
				}
			}
		}
		for _, l := range r.Loot {
			rr.Loot = append(rr.Loot, [2]int{l[0], l[1]})
		}
		if o.CannonLoad && r.Cannon != nil {
			rr.Cannon = append([]string(nil), r.Cannon...)
		}
		rec.Rounds = append(rec.Rounds, rr)
	}
	return rec, nil
}

// CSV writes the sheet as a table: one row per round with each player's
// bid, tricks won, bonus captured, points and running total.
func (s *Sheet) CSV() ([]byte, error) {
	sc, err := s.Score()
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	head := []string{"round", "cards"}
	for _, name := range s.Players {
		name = csvText(name)
		head = append(head, name+" bid", name+" won", name+" bonus", name+" points", name+" total")
	}
	_ = w.Write(head)
	for _, r := range sc.Rounds {
		row := []string{strconv.Itoa(r.Round), strconv.Itoa(r.Cards)}
		if r.Tiebreak {
			row[0] += " (tiebreak)"
		}
		for p := range s.Players {
			row = append(row, strconv.Itoa(s.Rounds[r.Round-1].Bids[p]), strconv.Itoa(s.Rounds[r.Round-1].Won[p]),
				strconv.Itoa(r.Bonus[p]), strconv.Itoa(r.Points[p]), strconv.Itoa(r.Totals[p]))
		}
		_ = w.Write(row)
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// csvText keeps a name from being read as a formula by a spreadsheet.
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// Chart is the score chart: each player's running total after every round.
type Chart struct {
	Players []string `json:"players"`
	// Rounds labels the points of every series: 0 (the start), 1, 2, …
	Rounds []int `json:"rounds"`
	// Totals holds one series per player, starting at 0.
	Totals [][]int `json:"totals"`
	// Tiebreak is the first tiebreak round, 0 when none was played.
	Tiebreak int `json:"tiebreak"`
}

// Chart returns the score chart's data.
func (s *Sheet) Chart() (*Chart, error) {
	sc, err := s.Score()
	if err != nil {
		return nil, err
	}
	return chartOf(s.Players, sc), nil
}

func chartOf(players []string, sc *Score) *Chart {
	c := &Chart{Players: append([]string(nil), players...), Rounds: []int{0}, Totals: make([][]int, len(players))}
	for p := range players {
		c.Totals[p] = []int{0}
	}
	for _, r := range sc.Rounds {
		c.Rounds = append(c.Rounds, r.Round)
		for p := range players {
			c.Totals[p] = append(c.Totals[p], r.Totals[p])
		}
		if r.Tiebreak && c.Tiebreak == 0 {
			c.Tiebreak = r.Round
		}
	}
	return c
}
