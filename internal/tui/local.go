package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
)

// LocalConfig sets up a game against bots on this machine.
type LocalConfig struct {
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
}

// Local is a table on this machine: the engine and the bots, run by one
// goroutine that owns the game (an actor), so the screen, the bots and the
// pacing timer never share state.
type Local struct {
	seat    int
	updates chan Update
	reqs    chan request
	quit    chan struct{}
	done    chan struct{}
}

// request is a call into the actor: fn runs on the actor's goroutine.
type request struct {
	fn func(*localState)
}

// localState is what the actor goroutine owns.
type localState struct {
	cfg     LocalConfig
	g       *skullking.Game
	bots    []bot.Bot // by seat; nil for the person
	pending []Update  // updates not yet taken by the screen
}

// NewLocal deals a new game and starts its bots.
func NewLocal(cfg LocalConfig) (*Local, error) {
	opts := []skullking.GameOption{skullking.WithOptions(cfg.Options), skullking.WithSeed(cfg.Seed)}
	if len(cfg.Names) > 0 {
		opts = append(opts, skullking.WithNames(cfg.Names...))
	}
	g, err := skullking.NewGame(cfg.Players, opts...)
	if err != nil {
		return nil, err
	}
	if cfg.Seat < 0 || cfg.Seat >= cfg.Players {
		return nil, fmt.Errorf("tui: seat %d: the table has seats 0 to %d", cfg.Seat, cfg.Players-1)
	}
	st := &localState{cfg: cfg, g: g, bots: make([]bot.Bot, cfg.Players)}
	levels := cfg.Bots
	if len(levels) == 0 {
		levels = bot.Levels()[:1]
	}
	if len(levels) != 1 && len(levels) != cfg.Players-1 {
		return nil, fmt.Errorf("tui: %d bot levels for %d bot seats: give one level, or one per seat", len(levels), cfg.Players-1)
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
	t := &Local{
		seat:    cfg.Seat,
		updates: make(chan Update),
		reqs:    make(chan request),
		quit:    make(chan struct{}),
		done:    make(chan struct{}),
	}
	go t.run(st)
	return t, nil
}

// Seat is the person's seat.
func (t *Local) Seat() int { return t.seat }

// Updates delivers the person's view after every change.
func (t *Local) Updates() <-chan Update { return t.updates }

// Send plays one of the person's actions; the seat is always the person's.
func (t *Local) Send(a skullking.Action) error {
	var err error
	callErr := t.call(func(st *localState) {
		a.Seat = int8(st.cfg.Seat)
		err = st.apply(a)
	})
	if callErr != nil {
		return callErr
	}
	return err
}

// Hint asks the hint bot what it would do in the person's place.
func (t *Local) Hint() (Hint, error) {
	var h Hint
	var err error
	callErr := t.call(func(st *localState) { h, err = st.hint() })
	if callErr != nil {
		return Hint{}, callErr
	}
	return h, err
}

// Record writes the game so far as a record.
func (t *Local) Record() (*skullking.Record, error) {
	var rec *skullking.Record
	err := t.call(func(st *localState) { rec = skullking.RecordOf(st.g) })
	return rec, err
}

// Close stops the bots and closes Updates.
func (t *Local) Close() error {
	select {
	case <-t.quit:
	default:
		close(t.quit)
	}
	<-t.done
	return nil
}

// call runs fn on the actor and waits for it.
func (t *Local) call(fn func(*localState)) error {
	ran := make(chan struct{})
	select {
	case t.reqs <- request{fn: func(st *localState) { fn(st); close(ran) }}:
	case <-t.done:
		return ErrClosed
	}
	<-ran
	return nil
}

// run is the actor: it hands updates to the screen, serves calls and, when
// a bot is to decide, lets it after the configured pause. The screen may
// lag behind; pending holds what it has not taken yet, so the game never
// waits for the screen.
func (t *Local) run(st *localState) {
	defer close(t.done)
	defer close(t.updates)
	st.pending = append(st.pending, Update{View: st.g.View(st.cfg.Seat)})
	var timer *time.Timer
	var tick <-chan time.Time
	for {
		if tick == nil {
			if s := st.botToAct(); s >= 0 {
				pause := st.cfg.Delay
				if n := len(st.pending); n > 0 && st.pending[n-1].Trick != nil {
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
		var out chan<- Update
		var head Update
		if len(st.pending) > 0 {
			out, head = t.updates, st.pending[0]
		}
		select {
		case out <- head:
			st.pending[0] = Update{}
			st.pending = st.pending[1:]
		case r := <-t.reqs:
			r.fn(st)
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
func (st *localState) botToAct() int {
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
func (st *localState) botAct(s int) {
	a := st.safeAct(s)
	if err := st.apply(a); err != nil {
		legal := st.g.LegalActions(s, nil)
		if len(legal) == 0 {
			return
		}
		_ = st.apply(legal[0])
	}
}

// safeAct asks seat s's bot, turning a panic into an illegal action so that
// botAct falls back.
func (st *localState) safeAct(s int) (a skullking.Action) {
	defer func() {
		if recover() != nil {
			a = skullking.Action{}
		}
	}()
	return st.bots[s].Act(st.g.Seat(s))
}

// apply applies a and queues the person's new view, with the trick it
// completed.
func (st *localState) apply(a skullking.Action) error {
	g := st.g
	round, done := g.Round(), len(g.Seat(st.cfg.Seat).CompletedTricks())
	current := g.CurrentTrick()
	if err := g.Apply(a); err != nil {
		return err
	}
	u := Update{View: g.View(st.cfg.Seat)}
	switch {
	case g.Round() == round && len(g.Seat(st.cfg.Seat).CompletedTricks()) > done:
		ts := g.Seat(st.cfg.Seat).CompletedTricks()
		t := ts[done]
		u.Trick = &skullking.TrickLog{Plays: append([]skullking.Played(nil), t.Plays...), Result: t.Result}
	case g.Round() != round && a.Kind == skullking.ActionPlay:
		// The round's last trick: the engine has dealt the next round and
		// forgotten it, so it is rebuilt from the cards on the table.
		plays := append(current, skullking.Played{Card: a.Card, Seat: a.Seat, As: a.As})
		opts := g.Options()
		u.Trick = &skullking.TrickLog{Plays: plays, Result: skullking.ResolveTrick(plays, &opts)}
	}
	st.pending = append(st.pending, u)
	return nil
}

// hint asks a fresh bot of the hint level what it would do for the person.
func (st *localState) hint() (Hint, error) {
	if !st.g.Waiting(st.cfg.Seat) {
		return Hint{}, fmt.Errorf("nothing to decide now")
	}
	level := st.cfg.HintLevel
	if level == "" {
		levels := bot.Levels()
		level = levels[len(levels)-1]
	}
	b, err := bot.New(level, skullking.DeriveSeed(st.cfg.Seed, uint64(len(st.g.Log()))))
	if err != nil {
		return Hint{}, err
	}
	a := b.Act(st.g.Seat(st.cfg.Seat))
	if err := st.g.Check(a); err != nil {
		return Hint{}, fmt.Errorf("the %s bot has no good advice here", level)
	}
	return Hint{Action: a, Why: "what the " + strings.ToLower(level) + " bot would do"}, nil
}
