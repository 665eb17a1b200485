package table

import (
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/protocol"
)

// A bot's decision or a hint can take the expert tens of milliseconds. The
// actor must not wait for it — the table's chat, bids and reconnections
// would queue behind the search — so it hands a copy of the game to a
// goroutine and carries on. The answer comes back through Table.answers
// and counts only if the log has not moved since the question was asked.
//
// A table thinks about at most one move and one hint per seat at a time:
// the bot objects keep state between decisions and are never shared
// between goroutines.

// maxThoughts bounds a table's questions in flight — one move, and a hint
// for each of at most 8 seats — so that an answer never waits to be posted.
const maxThoughts = 1 + 8

// logPoint is a point of the table's history: which game (a rematch or a
// reload replaces it) and how far into its log. Whatever was worked out at
// one point holds only while the table is still there.
type logPoint struct {
	game *skullking.Game
	at   int // len(t.actions)
}

// now is the table's point of history.
func (t *Table) now() logPoint { return logPoint{t.game, len(t.actions)} }

// answer is what a thinking goroutine sends back to its actor.
type answer struct {
	from     logPoint // when the question was asked
	seat     int
	hint     bool   // advice for the seat's person, not a move
	by       string // for moves: who acts (protocol.ByBot, ByTimer)
	level    string
	asked    time.Time // for moves: when the actor asked, for latency figures
	action   skullking.Action
	advice   bot.Advice
	panicked string // the bot panicked: its message and stack
}

// think runs decide on a copy of the game in a goroutine, bounded by the
// manager's thinkers, and posts the answer back to the actor.
func (t *Table) think(q answer, decide func(v skullking.SeatView, q *answer)) {
	g := t.game.Clone()
	q.from = t.now()
	sem := t.m.thinkers
	out := t.answers
	go func() {
		sem <- struct{}{}
		defer func() {
			<-sem
			if r := recover(); r != nil {
				q.panicked = fmt.Sprintf("%v\n%s", r, debug.Stack())
			}
			out <- &q // never blocks: room for every question in flight
		}()
		decide(g.Seat(q.seat), &q)
	}()
}

// startMove asks seat s's bot (or the table's stand-in level) for a move in
// the background.
func (t *Table) startMove(s int, by string, asked time.Time) {
	level := t.st.Standin
	if seat := t.seats.Seats[s]; seat.Kind == KindBot {
		level = seat.Level
	}
	b := t.botFor(s, level)
	t.moving = true
	t.think(answer{seat: s, by: by, level: level, asked: asked}, func(v skullking.SeatView, q *answer) {
		q.action = b.Act(v)
	})
}

// startHint asks the expert for advice for seat s in the background; w
// hears it when it is ready.
func (t *Table) startHint(s int, w request) {
	t.park(w)
	waiting := t.hintWaiters[s]
	t.hintWaiters[s] = append(waiting, w)
	if len(waiting) > 0 {
		return // already being worked out for another of the seat's clients
	}
	limit := t.m.cfg.ThinkLimit
	t.think(answer{seat: s, hint: true}, func(v skullking.SeatView, q *answer) {
		q.advice = bot.Hint(v, bot.HintWith(bot.WithTimeLimit(limit)))
	})
}

// answered takes a thinking goroutine's answer back into the actor.
func (t *Table) answered(q answer) {
	if q.hint {
		t.hintAnswered(q)
		return
	}
	t.moving = false
	if q.panicked != "" {
		t.log.Error("bot panicked", "seat", q.seat, "level", q.level, "panic", q.panicked)
		delete(t.bots, botKey{q.seat, q.level}) // its state is suspect: start afresh
	}
	if !t.stillDue(q) {
		return // the game moved on (or the seat's person came back): the timer asks again if needed
	}
	if q.panicked != "" {
		t.playFirstLegal(q.seat, q.by, q.asked)
		return
	}
	if err := t.apply(q.action, q.by, q.asked); err != nil {
		if isActionError(err) {
			// A bot must only choose legal actions; if one ever does not,
			// the game still goes on with the first legal action.
			t.log.Error("bot chose an illegal action", "seat", q.seat, "level", q.level, "err", err)
			t.playFirstLegal(q.seat, q.by, q.asked)
		}
	}
}

// stillDue says whether a move thought out at q.from may still be played:
// nothing happened at the table since, and the seat is still one a bot (or
// the turn timer) decides for.
func (t *Table) stillDue(q answer) bool {
	if t.game == nil || t.broken != nil || t.game.Over() || q.from != t.now() {
		return false
	}
	due, by, ok := t.due(q.seat)
	return ok && by == q.by && !time.Now().Before(due)
}

// isActionError tells an engine refusal from a store failure.
func isActionError(err error) bool {
	var ae *skullking.ActionError
	return errors.As(err, &ae)
}

func (t *Table) playFirstLegal(s int, by string, at time.Time) {
	if legal := t.game.LegalActions(s, nil); len(legal) > 0 {
		// A legal action fails only by the table's own fault (broken, its
		// lease, its store), which apply has logged and acted on already;
		// no client asked, so no one else is to be told.
		_ = t.apply(legal[0], by, at)
	}
}

// hintAnswered caches advice and sends it to every client that asked, or
// tells them the moment passed.
func (t *Table) hintAnswered(q answer) {
	waiters := t.hintWaiters[q.seat]
	delete(t.hintWaiters, q.seat)
	var live []request
	for _, w := range waiters {
		if _, ok := t.clients[w.client]; ok {
			live = append(live, w)
		}
	}
	switch {
	case q.panicked != "":
		t.log.Error("hint panicked", "seat", q.seat, "panic", q.panicked)
		for _, w := range live {
			t.refuse(w, protocol.ErrInternal, protocol.NewProblem(protocol.ProblemNoAdvice))
		}
	case q.from == t.now():
		t.hints[q.seat] = hintAt{at: q.from, advice: q.advice}
		for _, w := range live {
			t.sendHint(w, q.advice)
		}
	case t.game != nil && t.broken == nil && !t.game.Over() && t.game.Waiting(q.seat) && len(live) > 0:
		// Others acted meanwhile (bots bidding beside the player, say) but
		// the seat still has to decide: think again on the game as it is.
		for _, w := range live {
			t.startHint(q.seat, w)
		}
	default:
		for _, w := range live {
			t.refuse(w, protocol.ErrBadRequest, protocol.NewProblem(protocol.ProblemAdviceLate))
		}
	}
}

// sendHint answers a client's hint with the advice for its seat.
func (t *Table) sendHint(r request, advice bot.Advice) {
	act := protocol.FromAction(advice.Action, t.game.Options().PirateAbilities)
	msg := protocol.ServerMsg{Type: protocol.TypeHint, ID: r.id, Hint: &act, Why: advice.Why}
	if en := t.m.cfg.English; en != nil {
		msg.Text = en.Advice(act, advice.Why)
	}
	t.answer(r, msg, false)
}
