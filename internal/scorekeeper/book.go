package scorekeeper

import (
	"sort"
	"time"
)

// A book is the set of sheets kept by one device or group, named by a random
// token the client keeps (there are no accounts). History, the roster and
// the statistics are read from a book, never from the whole store: a book
// lists its sheets' edit tokens, and strangers' games are none of a table's
// business.

// SheetSummary is one line of a book's history.
type SheetSummary struct {
	ID      string    `json:"id"`
	Follow  string    `json:"follow"`
	Game    string    `json:"game"`
	Title   string    `json:"title,omitempty"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	Players []string  `json:"players"`
	Rounds  int       `json:"rounds"`
	Totals  []int     `json:"totals"`
	Over    bool      `json:"over"`
	Winners []int     `json:"winners"`
}

// History summarises sheets, most recently updated first: the finished ones,
// or all of them with all set. A sheet that no longer scores (stored by an
// older version with other rules) is skipped rather than failing the list.
func History(sheets []*Sheet, all bool) []SheetSummary {
	out := []SheetSummary{}
	for _, s := range sortedByUpdate(sheets) {
		sc, err := s.Score()
		if err != nil || (!all && !sc.Over) {
			continue
		}
		out = append(out, SheetSummary{ID: s.ID, Follow: s.Follow, Game: s.GameID(), Title: s.Title, Created: s.Created, Updated: s.Updated,
			Players: append([]string(nil), s.Players...), Rounds: len(s.Rounds), Totals: sc.Totals, Over: sc.Over,
			Winners: sc.Winners})
	}
	return out
}

// RosterEntry is a remembered player.
type RosterEntry struct {
	Name     string    `json:"name"`
	LastSeen time.Time `json:"last_seen"`
	Sheets   int       `json:"sheets"`
}

// Roster lists the players of the sheets, most recently seen first, each
// name once (names differing only in case or surrounding spaces are one
// player, shown as last written).
func Roster(sheets []*Sheet) []RosterEntry {
	out := []RosterEntry{}
	at := map[string]int{}
	for _, s := range sortedByUpdate(sheets) {
		for _, name := range s.Players {
			k := NameKey(name)
			if i, ok := at[k]; ok {
				out[i].Sheets++
				continue
			}
			at[k] = len(out)
			out = append(out, RosterEntry{Name: name, LastSeen: s.Updated, Sheets: 1})
		}
	}
	return out
}

// PlayerStats are one player's statistics over finished sheets.
type PlayerStats struct {
	Name  string `json:"name"`
	Games int    `json:"games"`
	// Wins counts games with the top total, a shared victory included.
	Wins       int     `json:"wins"`
	TotalScore int     `json:"total_score"`
	AvgScore   float64 `json:"average_score"`
	BestScore  int     `json:"best_score"`
	Rounds     int     `json:"rounds"`
	// ExactBids is the rounds where the bid was made; BidAccuracy is it
	// over Rounds.
	ExactBids   int     `json:"exact_bids"`
	BidAccuracy float64 `json:"bid_accuracy"`
	// ZeroBids is the rounds bid 0, ZeroMade those that took no trick;
	// ZeroSuccess is ZeroMade over ZeroBids, null without zero bids.
	ZeroBids    int      `json:"zero_bids"`
	ZeroMade    int      `json:"zero_made"`
	ZeroSuccess *float64 `json:"zero_success"`
}

// Stats computes each player's statistics over the finished sheets, most
// games first (then by name). A game kept twice (imported again, both
// copies kept) counts once, as its most recently updated copy: sheets are
// told apart by their game id.
func Stats(sheets []*Sheet) []PlayerStats {
	by := map[string]*PlayerStats{}
	var order []string
	counted := map[string]bool{}
	for _, s := range sortedByUpdate(sheets) {
		sc, err := s.Score()
		if err != nil || !sc.Over || counted[s.GameID()] {
			continue
		}
		counted[s.GameID()] = true
		win := map[int]bool{}
		for _, w := range sc.Winners {
			win[w] = true
		}
		for seat, name := range s.Players {
			k := NameKey(name)
			st := by[k]
			if st == nil {
				st = &PlayerStats{Name: name, BestScore: sc.Totals[seat]}
				by[k] = st
				order = append(order, k)
			}
			st.Games++
			if win[seat] {
				st.Wins++
			}
			st.TotalScore += sc.Totals[seat]
			st.BestScore = max(st.BestScore, sc.Totals[seat])
			for _, r := range s.Rounds {
				st.Rounds++
				if r.Bids[seat] == r.Won[seat] {
					st.ExactBids++
				}
				if r.Bids[seat] == 0 {
					st.ZeroBids++
					if r.Won[seat] == 0 {
						st.ZeroMade++
					}
				}
			}
		}
	}
	out := make([]PlayerStats, 0, len(order))
	for _, k := range order {
		st := by[k]
		st.AvgScore = float64(st.TotalScore) / float64(st.Games)
		if st.Rounds > 0 {
			st.BidAccuracy = float64(st.ExactBids) / float64(st.Rounds)
		}
		if st.ZeroBids > 0 {
			z := float64(st.ZeroMade) / float64(st.ZeroBids)
			st.ZeroSuccess = &z
		}
		out = append(out, *st)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return NameKey(out[i].Name) < NameKey(out[j].Name)
	})
	return out
}

func sortedByUpdate(sheets []*Sheet) []*Sheet {
	out := append([]*Sheet(nil), sheets...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Updated.After(out[j].Updated) })
	return out
}
