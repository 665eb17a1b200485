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

	seat [8]int // line-up entry in each seat this game
	// The bot in each seat this game, which the hot loop reaches by seat
	// in one load, and the seat's timer when this game is timed for it.
	seatBot   [8]bot.Bot
	seatTimer [8]*timer
	decided   [8]int64 // decisions made in each seat this game
	names     []string
	buf       []skullking.Action
}

func newWorker(r *run) (*worker, error) {
	g, err := skullking.NewGame(r.players, skullking.WithOptions(r.opts), skullking.WithDealKeeper(&dealCache{}))
	if err != nil {
		return nil, err
	}
	n := len(r.cfg.Lineup)
	w := &worker{
		r: r, g: g, players: r.players,
		bots: make([]bot.Bot, n), reseed: make([]Reseeder, n), over: make([]GameOverer, n), timers: make([]timer, n),
		faults: make([]int, n), firstFt: make([]string, n), names: make([]string, n),
		buf: make([]skullking.Action, 0, 128),
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
	for s := 0; s < p; s++ {
		t := &w.timers[w.seat[s]]
		w.seatBot[s], w.seatTimer[s] = w.bots[w.seat[s]], nil
		if t.due() {
			w.seatTimer[s] = t
		}
	}
	w.decided = [8]int64{}
	for !g.Over() {
		if s := g.Turn(); s >= 0 {
			w.act(g, s&7, out)
		} else {
			// Bids and cannon loads: every seat that has one to make.
			for s := 0; s < p; s++ {
				if g.Waiting(s) {
					w.act(g, s&7, out)
				}
			}
		}
	}
	for s := 0; s < p; s++ {
		w.timers[w.seat[s]].decisions += w.decided[s]
	}
	w.countBids(out)
	w.gameOver(out)
	return nil
}

// countBids adds the game's bids (as Harry left them) to each level's
// tally.
func (w *worker) countBids(out []dealStats) {
	g, rounds := w.g, w.g.ResultCount()
	for s := 0; s < w.players; s++ {
		// Sums of flags: whether a random bid is made is a branch the
		// processor would guess wrong.
		var made, zeros, zeroMade int64
		for i := range rounds {
			r := g.Result(i)
			m, z := b2i(r.Bids[s] == r.Won[s]), b2i(r.Bids[s] == 0)
			made += m
			zeros += z
			zeroMade += m & z
		}
		st := &out[w.r.levelOf[w.seat[s]]]
		st.bids += int64(rounds)
		st.bidsMade += made
		st.zeroBids += zeros
		st.zeroMade += zeroMade
	}
}

// act asks seat s's bot for its decision, times it if this game is timed
// for the seat, checks it and applies it. An illegal action is a fault: the
// first legal action is played instead.
func (w *worker) act(g *skullking.Game, s int, out []dealStats) {
	w.decided[s]++
	if t := w.seatTimer[s]; t != nil {
		w.actTimed(g, s, t, out)
		return
	}
	// The decision goes straight from the bot into Apply: held in a
	// variable across another call, the action would be stored byte by
	// byte and reloaded whole, a stall on every decision.
	if err := g.Apply(w.seatBot[s].Act(g.Seat(s))); err != nil {
		w.fault(s, err, out)
	}
}

// actTimed is act for a decision the timer times.
func (w *worker) actTimed(g *skullking.Game, s int, t *timer, out []dealStats) {
	start := time.Now()
	a := w.seatBot[s].Act(g.Seat(s))
	t.add(time.Since(start))
	if err := g.Apply(a); err != nil {
		w.fault(s, err, out)
	}
}

// fault replaces seat s's illegal action by its first legal one.
func (w *worker) fault(s int, err error, out []dealStats) {
	e := w.seat[s]
	out[w.r.levelOf[e]].faults++
	if w.firstFt[e] == "" {
		w.firstFt[e] = strings.TrimPrefix(err.Error(), "skullking: ")
	}
	w.buf = w.g.Seat(s).Legal(w.buf[:0])
	w.g.ApplyUnchecked(w.buf[0])
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

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
