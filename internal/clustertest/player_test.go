package clustertest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// ledger holds every action a player saw acknowledged, by table and seq,
// and counts the requests that were not: those need not survive a kill.
type ledger struct {
	mu    sync.Mutex
	acked map[string]map[int64]skullking.Action
	// forks are two actions acknowledged at the same seq of one table.
	forks []string
	// failed counts the act requests that got no ack, by why.
	failed map[string]int
}

func newLedger() *ledger {
	return &ledger{acked: map[string]map[int64]skullking.Action{}, failed: map[string]int{}}
}

func (l *ledger) acknowledge(id string, seq int64, a skullking.Action) {
	l.mu.Lock()
	defer l.mu.Unlock()
	byseq := l.acked[id]
	if byseq == nil {
		byseq = map[int64]skullking.Action{}
		l.acked[id] = byseq
	}
	if prev, ok := byseq[seq]; ok {
		l.forks = append(l.forks, fmt.Sprintf("table %s seq %d: %v and %v both acknowledged", id, seq, prev, a))
		return
	}
	byseq[seq] = a
}

// fail counts a request without its ack: the server's refusal code, or the
// connection's trouble.
func (l *ledger) fail(err error) {
	why := "connection"
	var e *client.Error
	if errors.As(err, &e) {
		why = e.Code
	}
	l.mu.Lock()
	l.failed[why]++
	l.mu.Unlock()
}

func (l *ledger) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, byseq := range l.acked {
		n += len(byseq)
	}
	return n
}

// pace is how long the players think before each action: long enough
// during the chaos that the games outlast a few kills, then next to
// nothing so that they finish.
type pace struct{ fast atomic.Bool }

func (p *pace) think() time.Duration {
	if p.fast.Load() {
		return time.Duration(rand.IntN(3)) * time.Millisecond
	}
	return 120*time.Millisecond + time.Duration(rand.IntN(130))*time.Millisecond
}

// game is one table under test: its people's connections, each through a
// different node, and how their play ended.
type game struct {
	id     string
	index  int
	conns  []*client.Conn
	done   chan struct{} // closed when every player has stopped
	mu     sync.Mutex
	finals []*protocol.View // each person's last view, once over
	errs   []error
	// seen is each seat's last event, to say where a stalled game stands.
	seen map[*client.Conn]string
}

// saw notes conn's last event.
func (g *game) saw(conn *client.Conn, ev client.Event) {
	what := ev.Status.String()
	if ev.Err != nil {
		what += " (" + ev.Err.Error() + ")"
	}
	if v := ev.View(); v != nil {
		what = fmt.Sprintf("state seq %d, %s, %d legal actions", ev.Msg.Seq, v.Phase, len(v.Legal))
	} else if ev.Msg != nil {
		what = ev.Msg.Type + " " + ev.Msg.Code
	}
	g.mu.Lock()
	g.seen[conn] = fmt.Sprintf("%s at %s", what, ev.At.Format("15:04:05.000"))
	g.mu.Unlock()
}

// where says what each seat saw last and through which node it plays.
func (g *game) where() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var b strings.Builder
	for k, conn := range g.conns {
		fmt.Fprintf(&b, "\n  seat %d through %s: %s", k, conn.Client().Server(), g.seen[conn])
	}
	return b.String()
}

// persons is how many people sit at each table; even tables have a bot
// besides.
const persons = 3

// connOptions are a seat's connection timers: a dropped connection is
// dialled again within a quarter of a second, so that the time measured
// is the cluster's, not the client's back-off.
func connOptions(token string) client.Options {
	return client.Options{Token: token, Backoff: 50 * time.Millisecond, MaxBackoff: 250 * time.Millisecond,
		Ping: time.Second, PingTimeout: time.Second, AnswerTimeout: 5 * time.Second, WithoutResults: true}
}

// openGame creates table index through node index, seats its people
// through nodes index, index+1 and index+2, so that most of them reach it
// through a node that does not own it, and starts the game.
func openGame(ctx context.Context, c *cluster, index, rounds int) (*game, error) {
	seats := []protocol.SeatSpec{{Kind: protocol.SeatOpen}, {Kind: protocol.SeatOpen}, {Kind: protocol.SeatOpen}}
	if index%2 == 0 {
		seats = append(seats, protocol.SeatSpec{Kind: protocol.SeatBot, Level: "random"})
	}
	st := table.DefaultSettings()
	st.Name = fmt.Sprintf("chaos %d", index)
	st.Options.Rounds = rounds
	names := []string{"Anne", "Mary", "Grace"}
	created, err := client.New(c.url(index)).Create(ctx, protocol.CreateRequest{Nickname: names[0], Seats: seats, Settings: st})
	if err != nil {
		return nil, fmt.Errorf("creating table %d: %w", index, err)
	}
	tokens := []string{created.Token}
	for k := 1; k < persons; k++ {
		joined, err := client.New(c.url(index+k)).Join(ctx, created.ID, protocol.JoinRequest{Nickname: names[k]})
		if err != nil {
			return nil, fmt.Errorf("%s joining table %s: %w", names[k], created.ID, err)
		}
		tokens = append(tokens, joined.Token)
	}
	g := &game{id: created.ID, index: index, done: make(chan struct{}), seen: map[*client.Conn]string{}}
	for k, token := range tokens {
		conn, err := client.New(c.url(index+k)).Dial(ctx, created.ID, connOptions(token))
		if err != nil {
			g.close()
			return nil, fmt.Errorf("seat %d dialling table %s: %w", k, created.ID, err)
		}
		g.conns = append(g.conns, conn)
	}
	if err := g.conns[0].Start(ctx); err != nil {
		g.close()
		return nil, fmt.Errorf("starting table %s: %w", created.ID, err)
	}
	return g, nil
}

// play runs every person of the game until the game is over or ctx ends.
func (g *game) play(ctx context.Context, led *ledger, p *pace) {
	var wg sync.WaitGroup
	for _, conn := range g.conns {
		wg.Go(func() {
			v, err := playSeat(ctx, g, conn, led, p)
			g.mu.Lock()
			defer g.mu.Unlock()
			if err != nil {
				g.errs = append(g.errs, fmt.Errorf("table %s seat %d: %w", g.id, conn.Seat(), err))
				return
			}
			g.finals = append(g.finals, v)
		})
	}
	go func() {
		wg.Wait()
		close(g.done)
	}()
}

func (g *game) over() bool {
	select {
	case <-g.done:
		return true
	default:
		return false
	}
}

func (g *game) close() {
	for _, conn := range g.conns {
		_ = conn.Close()
	}
}

// playSeat acts, after a pause to think, on every decision the seat's
// views offer, a legal action drawn at random, and enters every
// acknowledged one in the ledger at the seq its ack names. It returns the
// last view once the game is over.
func playSeat(ctx context.Context, g *game, conn *client.Conn, led *ledger, p *pace) (*protocol.View, error) {
	for {
		ev, err := conn.Next(ctx)
		if err != nil {
			return nil, err
		}
		g.saw(conn, ev)
		if ev.Status == client.Lost {
			return nil, fmt.Errorf("the seat is lost: %v", ev.Err)
		}
		v := ev.View()
		if v == nil {
			continue
		}
		if v.Phase == protocol.PhaseOver {
			return v, nil
		}
		if len(v.Legal) == 0 || conn.Stale(ev) {
			continue
		}
		select {
		case <-time.After(p.think()):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if conn.Stale(ev) {
			continue // something happened meanwhile: decide on the new state
		}
		w := v.Legal[rand.IntN(len(v.Legal))]
		a, err := protocol.ToAction(&w, v.Seat)
		if err != nil {
			return nil, fmt.Errorf("a legal action of the view does not read: %v", err)
		}
		ack, err := conn.Request(ctx, protocol.ClientMsg{Type: protocol.TypeAct, Action: &w})
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			led.fail(err)
			continue
		}
		if ack.Type != protocol.TypeAck || ack.Seq <= 0 {
			return nil, fmt.Errorf("the answer to an action is %s with seq %d", ack.Type, ack.Seq)
		}
		led.acknowledge(conn.Table(), ack.Seq, a)
	}
}
