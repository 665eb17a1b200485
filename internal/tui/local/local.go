// Package local is a Skull King table on this machine for the terminal's
// screen: the engine and the bots, run by one goroutine that owns the game
// (an actor), so the screen, the bots and the pacing timer never share
// state. It hands the screen the person's view as the wire carries it
// (protocol.ViewOf), exactly what a server would send, so the screen keeps
// no rule of its own and cannot tell the two tables apart.
package local

import (
	"errors"
	"fmt"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/internal/tui/feed"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// Config sets up a game against bots on this machine.
type Config struct {
	Players int
	Options skullking.Options
	Seed    uint64
	Names   []string // one per seat; empty for "seat N"
	Seat    int      // the person's seat
	// Bots are the levels of the other seats, in seat order skipping the
	// person's; one level serves every seat, none means the weakest.
	Bots []string
	// Delay is the pause before each bot decision, so a person can follow
	// the play; TrickPause the longer one after a trick is complete, so its
	// last card can be read. Both 0 in tests.
	Delay, TrickPause time.Duration
	// HintLevel is the bot level that gives hints; empty picks the
	// strongest level there is.
	HintLevel string
	// Lang is the language of the rules' summary (nil: English), as the
	// screen's.
	Lang *locale.Lang
}

// Table is a table on this machine. It is a feed.Table with hints and a
// record.
type Table struct {
	seat    int
	updates chan feed.Update
	reqs    chan func(*state)
	quit    chan struct{}
	done    chan struct{}
}

var _ feed.Table = (*Table)(nil)

// state is what the actor goroutine owns.
type state struct {
	cfg     Config
	g       *skullking.Game
	rules   string
	bots    []bot.Bot     // by seat; nil for the person
	pending []feed.Update // updates not yet taken by the screen
	// trickDone says the last action completed a trick: the next bot waits
	// the longer pause, so that the trick's last card can be read.
	trickDone bool
}

// New deals a new game and starts its bots.
func New(cfg Config) (*Table, error) {
	opts := []skullking.GameOption{skullking.WithOptions(cfg.Options), skullking.WithSeed(cfg.Seed)}
	if len(cfg.Names) > 0 {
		opts = append(opts, skullking.WithNames(cfg.Names...))
	}
	g, err := skullking.NewGame(cfg.Players, opts...)
	if err != nil {
		return nil, err
	}
	if cfg.Seat < 0 || cfg.Seat >= cfg.Players {
		return nil, fmt.Errorf("seat %d: the table has seats 0 to %d", cfg.Seat, cfg.Players-1)
	}
	st := &state{cfg: cfg, g: g, rules: words.Words{Lang: cfg.Lang}.RulesSummary(g.Options()), bots: make([]bot.Bot, cfg.Players)}
	levels := cfg.Bots
	if len(levels) == 0 {
		levels = bot.Levels()[:1]
	}
	if len(levels) != 1 && len(levels) != cfg.Players-1 {
		return nil, fmt.Errorf("%s for %s: give one level, or one per seat",
			protocol.Count(len(levels), "bot level", "bot levels"), protocol.Count(cfg.Players-1, "bot seat", "bot seats"))
	}
	i := 0
	for s := 0; s < cfg.Players; s++ {
		if s == cfg.Seat {
			continue
		}
		level := levels[0]
		if len(levels) > 1 {
			level = levels[i]
		}
		i++
		// Each seat's bot has its own stream, derived from the game's seed,
		// so a seed replays the whole game when the person plays the same.
		b, err := bot.New(level, skullking.DeriveSeed(cfg.Seed, uint64(s)+1))
		if err != nil {
			return nil, err
		}
		st.bots[s] = b
	}
	t := &Table{seat: cfg.Seat, updates: make(chan feed.Update), reqs: make(chan func(*state)),
		quit: make(chan struct{}), done: make(chan struct{})}
	go t.run(st)
	return t, nil
}

// Seat is the person's seat.
func (t *Table) Seat() int { return t.seat }

// Updates delivers the person's view after every change.
func (t *Table) Updates() <-chan feed.Update { return t.updates }

// Send plays one of the person's actions; the seat is always the person's.
// The rules' refusal is a *feed.RefusedError.
func (t *Table) Send(a protocol.Action) error {
	var err error
	if callErr := t.call(func(st *state) { err = st.send(a) }); callErr != nil {
		return callErr
	}
	return err
}

// Hint asks the hint bot what it would do in the person's place.
func (t *Table) Hint() (feed.Hint, error) {
	var h feed.Hint
	var err error
	if callErr := t.call(func(st *state) { h, err = st.hint() }); callErr != nil {
		return feed.Hint{}, callErr
	}
	return h, err
}

// Record writes the game so far as a record (docs/record.md).
func (t *Table) Record() ([]byte, error) {
	var b []byte
	var err error
	if callErr := t.call(func(st *state) { b, err = skullking.RecordOf(st.g).Marshal() }); callErr != nil {
		return nil, callErr
	}
	return b, err
}

// Close stops the bots and closes Updates.
func (t *Table) Close() error {
	select {
	case <-t.quit:
	default:
		close(t.quit)
	}
	<-t.done
	return nil
}

// call runs fn on the actor and waits for it.
func (t *Table) call(fn func(*state)) error {
	ran := make(chan struct{})
	select {
	case t.reqs <- func(st *state) { fn(st); close(ran) }:
	case <-t.done:
		return feed.ErrClosed
	}
	<-ran
	return nil
}

// run is the actor: it hands updates to the screen, serves calls and, when
// a bot is to decide, lets it after the configured pause. The screen may
// lag behind; pending holds what it has not taken yet, so the game never
// waits for the screen.
func (t *Table) run(st *state) {
	defer close(t.done)
	defer close(t.updates)
	st.show()
	var timer *time.Timer
	var tick <-chan time.Time
	for {
		if tick == nil {
			if s := st.botToAct(); s >= 0 {
				pause := st.cfg.Delay
				if st.trickDone {
					pause = max(pause, st.cfg.TrickPause)
				}
				if pause <= 0 {
					st.botAct(s)
					continue
				}
				timer = time.NewTimer(pause)
				tick = timer.C
			}
		}
		var out chan<- feed.Update
		var head feed.Update
		if len(st.pending) > 0 {
			out, head = t.updates, st.pending[0]
		}
		select {
		case out <- head:
			st.pending[0] = feed.Update{}
			st.pending = st.pending[1:]
		case fn := <-t.reqs:
			fn(st)
		case <-tick:
			tick = nil
			if s := st.botToAct(); s >= 0 {
				st.botAct(s)
			}
		case <-t.quit:
			if timer != nil {
				timer.Stop()
			}
			return
		}
	}
}

// botToAct returns the lowest bot seat with a decision to make, or −1.
func (st *state) botToAct() int {
	for s, b := range st.bots {
		if b != nil && st.g.Waiting(s) {
			return s
		}
	}
	return -1
}

// botAct lets seat s's bot decide. A bot that answers with an illegal
// action (a bug in the bot) plays its first legal action instead: the
// person's game goes on.
func (st *state) botAct(s int) {
	if err := st.apply(st.safeAct(s)); err != nil {
		legal := st.g.LegalActions(s, nil)
		if len(legal) == 0 {
			return
		}
		_ = st.apply(legal[0])
	}
}

// safeAct asks seat s's bot, turning a panic into an illegal action so that
// botAct falls back.
func (st *state) safeAct(s int) (a skullking.Action) {
	defer func() {
		if recover() != nil {
			a = skullking.Action{}
		}
	}()
	return st.bots[s].Act(st.g.Seat(s))
}

// send applies the person's action as the wire carries it.
func (st *state) send(w protocol.Action) error {
	a, err := protocol.ReadAction(&w, st.g.Seat(st.cfg.Seat))
	if err != nil {
		return err
	}
	err = st.apply(a)
	var ae *skullking.ActionError
	if errors.As(err, &ae) {
		return &feed.RefusedError{Refusal: protocol.RefusalOf(&ae.Refusal, st.g.Options().PirateAbilities)}
	}
	return err
}

// apply applies a and queues the person's new view. A local game keeps
// nothing but judges an action as the server does (Commit).
func (st *state) apply(a skullking.Action) error {
	if err := st.g.Commit(a, func(skullking.Action) error { return nil }); err != nil {
		return err
	}
	st.show()
	v := &st.pending[len(st.pending)-1]
	st.trickDone = v.View.LastTrick != nil && len(v.View.Trick) == 0 && a.Kind == skullking.ActionPlay
	return nil
}

// show queues the person's view.
func (st *state) show() {
	v := st.g.View(st.cfg.Seat)
	st.pending = append(st.pending, feed.Update{View: protocol.ViewOf(&v), Rules: st.rules})
}

// hint asks a fresh bot of the hint level what it would do for the person.
func (st *state) hint() (feed.Hint, error) {
	if !st.g.Waiting(st.cfg.Seat) {
		return feed.Hint{}, feed.ErrNoAdvice
	}
	level := st.cfg.HintLevel
	if level == "" {
		levels := bot.Levels()
		level = levels[len(levels)-1]
	}
	b, err := bot.New(level, skullking.DeriveSeed(st.cfg.Seed, uint64(len(st.g.Log()))))
	if err != nil {
		return feed.Hint{}, err
	}
	a := b.Act(st.g.Seat(st.cfg.Seat))
	if err := st.g.Check(a); err != nil {
		return feed.Hint{}, feed.ErrNoAdvice
	}
	l := st.cfg.Lang // nil speaks English
	return feed.Hint{Action: protocol.FromAction(a, st.g.Options().PirateAbilities),
		Why: l.T("tui.hint.bot_why", locale.Args{"Level": l.T("bot.level."+level, nil)})}, nil
}
