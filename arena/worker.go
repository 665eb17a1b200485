package arena

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
)

// worker plays deal sets on its own game and bots. Everything the hot loop
// touches is made once here, so that playing a game allocates nothing when
// the bots do not.
type worker struct {
	r       *run
	g       *skullking.Game
	players int

	bots    []bot.Bot    // per line-up entry
	reseed  []Reseeder   // per line-up entry; nil when the bot is made anew each game
	over    []GameOverer // per line-up entry, when the bot wants to hear of the end
	timers  []timer      // per line-up entry
	faults  []int        // per line-up entry: faults of bots already thrown away
	firstFt []string     // per line-up entry: the first fault seen

	seat  [8]int // line-up entry in each seat this game
	names []string
	buf   []skullking.Action
	trick []skullking.Played

	// this round's bids (after Harry) and tricks won, per seat
	bids, won [8]int
	round     int
}

func newWorker(r *run) (*worker, error) {
	g, err := skullking.NewGame(r.players, skullking.WithOptions(r.opts))
	if err != nil {
		return nil, err
	}
	n := len(r.cfg.Lineup)
	w := &worker{
		r: r, g: g, players: r.players,
		bots: make([]bot.Bot, n), reseed: make([]Reseeder, n), over: make([]GameOverer, n), timers: make([]timer, n),
		faults: make([]int, n), firstFt: make([]string, n), names: make([]string, n),
		buf: make([]skullking.Action, 0, 128), trick: make([]skullking.Played, 0, 9),
	}
	for i, level := range r.cfg.Lineup {
		b, err := r.newBot(level, 0)
		if err != nil {
			w.closeBots()
			return nil, err
		}
		w.setBot(i, b)
		w.timers[i].init()
	}
	return w, nil
}

func (w *worker) setBot(e int, b bot.Bot) {
	w.bots[e] = b
	w.reseed[e], _ = b.(Reseeder)
	w.over[e], _ = b.(GameOverer)
}

func (w *worker) closeBots() {
	for i, b := range w.bots {
		w.retire(i, b)
		w.bots[i] = nil
	}
}

// retire collects a bot's own fault count and closes it.
func (w *worker) retire(e int, b bot.Bot) {
	if b == nil {
		return
	}
	if f, ok := b.(Faulter); ok {
		if n := f.Faults(); n > 0 {
			w.faults[e] += n
			if w.firstFt[e] == "" && f.FirstFault() != nil {
				w.firstFt[e] = f.FirstFault().Error()
			}
		}
	}
	if c, ok := b.(io.Closer); ok {
		c.Close()
	}
}

// playDealSet plays deal set d in every rotation and stores its statistics.
func (w *worker) playDealSet(d int) (err error) {
	rot := 0
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("arena: deal set %d, rotation %d: panic: %v", d, rot, p)
		}
	}()
	r := w.r
	out := r.out[d*len(r.levels) : (d+1)*len(r.levels)]
	gameSeed := skullking.DeriveSeed(r.cfg.Seed, uint64(d))
	botBase := skullking.DeriveSeed(gameSeed, BotStream)
	for rot = 0; rot < w.players; rot++ {
		if err := w.playGame(gameSeed, botBase, rot, out); err != nil {
			return err
		}
		if r.cfg.RecordDir != "" {
			for s := 0; s < w.players; s++ {
				w.names[s] = r.names[w.seat[s]]
			}
			if err := r.writeRecord(w.g, d, rot, w.names); err != nil {
				return err
			}
		}
	}
	return nil
}

// playGame plays one game of a deal set with the line-up rotated rot seats:
// line-up entry i sits in seat (i+rot) mod players.
func (w *worker) playGame(gameSeed, botBase uint64, rot int, out []dealStats) error {
	g, p := w.g, w.players
	g.Reset(gameSeed)
	for s := 0; s < p; s++ {
		e := (s - rot + p) % p
		w.seat[s] = e
		seed := skullking.DeriveSeed(botBase, uint64(s))
		if w.reseed[e] != nil {
			w.reseed[e].Reseed(seed)
			continue
		}
		w.retire(e, w.bots[e])
		w.bots[e] = nil
		b, err := w.r.newBot(w.r.cfg.Lineup[e], seed)
		if err != nil {
			return err
		}
		w.setBot(e, b)
	}
	w.round = g.Round()
	for !g.Over() {
		switch ph := g.Phase(); ph {
		case skullking.PhaseBidding, skullking.PhaseCannon:
			for s := 0; s < p; s++ {
				if g.Waiting(s) {
					w.act(s, out)
				}
			}
			if ph == skullking.PhaseBidding {
				for s := 0; s < p; s++ {
					w.bids[s], _ = g.Bid(s)
				}
			}
		case skullking.PhasePlaying:
			// Before the last trick no card can end the round: the short way.
			if s := g.Turn(); g.Seat(s).HandSize(s) > 1 {
				w.act(s, out)
				continue
			}
			w.step(g.Turn(), out)
		default:
			w.step(g.Turn(), out)
		}
	}
	w.gameOver(out)
	return nil
}

// step plays one turn of the playing or ability phase and, when the round
// ends with it, counts the round's bids made. The engine clears the round as
// it deals the next, so what the last action changes is worked out here:
// that keeps the count free of allocation (Game.Results copies the sheet).
func (w *worker) step(s int, out []dealStats) {
	g := w.g
	v := g.Seat(s)
	// Only the last trick's cards, or an ability decision, can end a round.
	last := g.Phase() == skullking.PhaseAbility || v.HandSize(s) == 1
	if last {
		for i := 0; i < w.players; i++ {
			w.won[i] = g.TricksWon(i)
		}
		w.trick = append(w.trick[:0], v.Trick()...)
	}
	a := w.act(s, out)
	if a.Kind == skullking.ActionHarry {
		w.bids[s] += int(a.Value)
	}
	if !last || (g.Round() == w.round && !g.Over()) {
		return
	}
	switch {
	case g.Over():
		for i := 0; i < w.players; i++ {
			w.won[i] = g.TricksWon(i)
		}
	case a.Kind == skullking.ActionPlay:
		// The card completed the round's last trick (Graybeard never plays
		// last in a trick): resolve it as the engine did.
		w.trick = append(w.trick, skullking.Played{Card: a.Card, Seat: a.Seat, As: a.As})
		res := skullking.ResolveTrick(w.trick, &w.r.opts)
		if res.Outcome == skullking.Won && res.Winner >= 0 && res.Winner < w.players {
			w.won[res.Winner]++
		}
	}
	for i := 0; i < w.players; i++ {
		st := &out[w.r.levelOf[w.seat[i]]]
		st.bids++
		made := w.bids[i] == w.won[i]
		if made {
			st.bidsMade++
		}
		if w.bids[i] == 0 {
			st.zeroBids++
			if made {
				st.zeroMade++
			}
		}
	}
	w.round = g.Round()
}

// act asks seat s's bot for its decision, times it, checks it and applies
// it. An illegal action is a fault: the first legal action is played
// instead. It returns the action applied.
func (w *worker) act(s int, out []dealStats) skullking.Action {
	g := w.g
	e := w.seat[s]
	b := w.bots[e]
	v := g.Seat(s)
	t := &w.timers[e]
	var a skullking.Action
	if t.due() {
		start := time.Now()
		a = b.Act(v)
		t.add(time.Since(start))
	} else {
		a = b.Act(v)
	}
	if err := g.Apply(a); err != nil {
		out[w.r.levelOf[e]].faults++
		if w.firstFt[e] == "" {
			w.firstFt[e] = strings.TrimPrefix(err.Error(), "skullking: ")
		}
		w.buf = v.Legal(w.buf[:0])
		a = w.buf[0]
		g.ApplyUnchecked(a)
	}
	return a
}

// gameOver scores the finished game for every seat and tells the bots.
func (w *worker) gameOver(out []dealStats) {
	g, p := w.g, w.players
	v := g.Seat(0)
	sum, top, atTop := 0, 0, 0
	for s := 0; s < p; s++ {
		t := v.Total(s)
		sum += t
		switch {
		case s == 0 || t > top:
			top, atTop = t, 1
		case t == top:
			atTop++
		}
	}
	for s := 0; s < p; s++ {
		t := v.Total(s)
		st := &out[w.r.levelOf[w.seat[s]]]
		st.n++
		st.score += int64(t)
		st.margin += int64((p-1)*t - (sum - t))
		if t == top {
			st.win += winUnit / int64(atTop)
		}
		if o := w.over[w.seat[s]]; o != nil {
			o.GameOver(g.Seat(s))
		}
	}
}
