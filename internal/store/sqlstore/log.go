package sqlstore

import (
	"fmt"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/store"
)

// actionColumns are the action log's columns as readLog scans them; both
// databases keep the log in the same columns (migrations/001_init.sql and
// its PostgreSQL dialect).
const actionColumns = `seq, at, seat, kind, card, card2, tas, value, by`

// readLog reads table id's action log from rows of actionColumns in seq
// order, refusing a log with a gap: an action is never skipped on replay.
func readLog(id string, rs interface {
	scanner
	Next() bool
	Err() error
}) ([]store.Action, error) {
	var log []store.Action
	for rs.Next() {
		var a store.Action
		var at int64
		var seat, kind, card, card2, tas, value int
		if err := rs.Scan(&a.Seq, &at, &seat, &kind, &card, &card2, &tas, &value, &a.By); err != nil {
			return nil, fmt.Errorf("store: load actions: %w", err)
		}
		a.At = fromMS(at)
		a.Action = skullking.Action{Kind: skullking.ActionKind(kind), Seat: int8(seat), Card: skullking.Card(card),
			ActionArgs: skullking.ActionArgs{Card2: skullking.Card(card2), As: skullking.TigressAs(tas), Value: int8(value)}}
		if a.Seq != int64(len(log)+1) {
			return nil, fmt.Errorf("store: table %s: action log has a gap at seq %d", id, len(log)+1)
		}
		log = append(log, a)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: load actions: %w", err)
	}
	return log, nil
}
