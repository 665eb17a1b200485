// Package external plays a seat with another program: any executable that
// speaks the line-based JSON protocol of docs/bot-protocol.md, for bots
// written in other languages and for tournaments (skullking sim). It is
// apart from package bot, whose levels are pure Go and run anywhere, the
// browser included: this one starts processes.
package external

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// ProtocolVersion is the version of the external-bot protocol
// (docs/bot-protocol.md) this package speaks.
const ProtocolVersion = 2

// ExecPrefix marks a level that names an external program: "exec:PATH ARGS".
const ExecPrefix = "exec:"

// maxReply bounds one reply line; a bot's answer is a few dozen bytes.
const maxReply = 1 << 20

// maxLoggedFaults is how many faults an external bot describes on its log
// before it only counts them.
const maxLoggedFaults = 10

// Options configure an external bot.
type Options struct {
	// Timeout bounds each reply; 0 means 10 seconds. A program that does
	// not answer in time is stopped, and every later decision of the seat
	// falls back to the first legal action.
	Timeout time.Duration
	// Stderr receives the program's standard error; nil discards it.
	Stderr io.Writer
	// Log, when set, receives one line per fault (the first few).
	Log io.Writer
}

// IsExec reports whether level names an external program.
func IsExec(level string) bool { return strings.HasPrefix(strings.TrimSpace(level), ExecPrefix) }

// Bot is a bot played by another program, over the line-based JSON
// protocol of docs/bot-protocol.md: one process for the bot's lifetime,
// one request line per message, one reply line per decision. The program
// receives the seat's view exactly as the online protocol sends it
// (protocol.ViewOf), which holds what the seat may know and nothing else,
// and answers with a protocol.Action.
//
// A reply that is malformed, illegal or late is a fault: the seat plays
// its first legal action instead, the program is told (unless it is gone),
// and Faults counts it.
type Bot struct {
	spec    string
	cmd     *exec.Cmd
	in      *os.File // the program's standard input
	out     *os.File // the program's standard output
	rd      *bufio.Reader
	timeout time.Duration
	log     io.Writer

	seed      uint64
	inGame    bool
	lastRound int
	id        int64
	dead      error // why the program can no longer be used, once it can't
	closed    bool

	// exited is closed once the program has ended and exitErr holds what
	// cmd.Wait said. One goroutine waits, from Start: Wait may be called
	// once only, and a program that closes its pipes without ending must
	// not leave a second waiter behind when it is killed.
	exited  chan struct{}
	exitErr error

	faults int
	first  error
	buf    []skullking.Action
	line   []byte
}

// StartExec starts the external program of an "exec:PATH ARGS" level:
// PATH and its arguments are separated by spaces (no quoting).
func StartExec(level string, seed uint64, opt Options) (*Bot, error) {
	spec := strings.TrimSpace(level)
	fields := strings.Fields(strings.TrimPrefix(spec, ExecPrefix))
	if !strings.HasPrefix(spec, ExecPrefix) || len(fields) == 0 {
		return nil, fmt.Errorf("bot: %q does not name a program: write exec:PATH [ARGS]", level)
	}
	b, err := Start(fields[0], fields[1:], seed, opt)
	if err != nil {
		return nil, err
	}
	b.spec = spec
	return b, nil
}

// Start starts program path with args as an external bot seeded
// with seed (the seed is passed on to the program for its own choices).
func Start(path string, args []string, seed uint64, opt Options) (*Bot, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("bot: %v", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("bot: %v", err)
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout = inR, outW
	if opt.Stderr != nil {
		cmd.Stderr = opt.Stderr
	}
	err = cmd.Start()
	inR.Close() // the program holds its own copies now
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("bot: starting %s: %v", path, err)
	}
	b := &Bot{
		spec: ExecPrefix + strings.Join(append([]string{path}, args...), " "), cmd: cmd,
		in: inW, out: outR, rd: bufio.NewReaderSize(outR, 4096), timeout: opt.Timeout, log: opt.Log, seed: seed,
		exited: make(chan struct{}),
	}
	go func() {
		b.exitErr = cmd.Wait()
		close(b.exited)
	}()
	if b.timeout <= 0 {
		b.timeout = 10 * time.Second
	}
	return b, nil
}

// Reseed starts a new game for the program: the next decision is preceded
// by a hello carrying the new seed.
func (b *Bot) Reseed(seed uint64) {
	b.seed = seed
	b.inGame = false
}

// Faults is the number of decisions the program failed to make.
func (b *Bot) Faults() int { return b.faults }

// FirstFault describes the first fault, or is nil.
func (b *Bot) FirstFault() error { return b.first }

// Close ends the program: its standard input is closed, it has a second to
// exit, then it is killed. It returns once the program has ended, with how
// it ended (nil for a program that had ended before, which a fault has
// told already).
func (b *Bot) Close() error {
	if b.closed {
		return nil
	}
	b.closed = true
	ended := b.hasExited()
	b.in.Close() // the program's cue to end
	select {
	case <-b.exited:
	case <-time.After(time.Second):
		b.kill()
		<-b.exited
	}
	b.out.Close()
	if b.dead == nil {
		b.dead = errors.New("the program was closed")
	}
	if ended {
		return nil
	}
	return b.exitErr
}

// hasExited reports whether the program has ended.
func (b *Bot) hasExited() bool {
	select {
	case <-b.exited:
		return true
	default:
		return false
	}
}

// kill kills the program. An error means it had ended already, which is
// all kill is for.
func (b *Bot) kill() { _ = b.cmd.Process.Kill() }

// Act sends the seat's view and reads the program's decision.
func (b *Bot) Act(v skullking.SeatView) skullking.Action {
	b.buf = v.Legal(b.buf[:0])
	if len(b.buf) == 0 {
		return skullking.Action{}
	}
	fallback := b.buf[0]
	if b.dead != nil {
		b.fault(v, b.dead, fallback, false)
		return fallback
	}
	view := v.View()
	named := view.Options.PirateAbilities
	if !b.inGame || v.Round() < b.lastRound {
		if !b.send(v, helloOf(v, &view, b.seed)) {
			return fallback
		}
		b.inGame = true
	}
	b.lastRound = v.Round()
	b.id++
	pv := protocol.ViewOf(&view)
	if !b.send(v, decideMsg{Type: "decide", ID: b.id, View: pv}) {
		return fallback
	}
	reply, err := b.readLine()
	if err != nil {
		b.stop(v, fmt.Errorf("decision %d: %v", b.id, err), fallback)
		return fallback
	}
	a, refusal, err := replyTo(reply, b.id, v, b.buf, words.For(pv), named)
	if err != nil {
		err = fmt.Errorf("decision %d: reply %s: %v", b.id, clip(reply), err)
		b.fault(v, err, fallback, false)
		b.send(v, errorMsg{Type: "error", ID: b.id, Message: err.Error(), Refusal: refusal,
			Fallback: protocol.FromAction(fallback, named)})
		return fallback
	}
	return a
}

// GameOver tells the program the game has ended.
func (b *Bot) GameOver(v skullking.SeatView) {
	if !b.inGame || b.dead != nil {
		b.inGame = false
		return
	}
	view := v.View()
	b.send(v, overMsg{Type: "over", Seat: view.Seat, Summary: summaryOf(protocol.ViewOf(&view))})
	b.inGame = false
}

// send writes one message line; a program that cannot take it within the
// timeout is stopped.
func (b *Bot) send(v skullking.SeatView, msg any) bool {
	if b.dead != nil {
		return false
	}
	data, err := json.Marshal(msg)
	if err == nil {
		data = append(data, '\n')
		b.in.SetWriteDeadline(time.Now().Add(b.timeout))
		_, err = b.in.Write(data)
	}
	if err != nil {
		switch {
		case errors.Is(err, os.ErrDeadlineExceeded):
			err = fmt.Errorf("the program did not read its input within %v", b.timeout)
		case errors.Is(err, syscall.EPIPE):
			// The program closed its input, which it does by ending: say
			// so, as a reply read at its end would.
			err = b.exitError("before reading its input")
		}
		b.buf = v.Legal(b.buf[:0])
		b.stop(v, err, b.buf[0])
		return false
	}
	return true
}

// readLine reads one reply line within the timeout.
func (b *Bot) readLine() ([]byte, error) {
	b.out.SetReadDeadline(time.Now().Add(b.timeout))
	b.line = b.line[:0]
	for {
		chunk, err := b.rd.ReadSlice('\n')
		b.line = append(b.line, chunk...)
		switch {
		case err == nil:
			return bytes.TrimSpace(b.line), nil
		case errors.Is(err, bufio.ErrBufferFull):
			if len(b.line) > maxReply {
				return nil, fmt.Errorf("a reply longer than %d bytes", maxReply)
			}
		case errors.Is(err, os.ErrDeadlineExceeded):
			return nil, fmt.Errorf("no reply within %v", b.timeout)
		case errors.Is(err, io.EOF):
			return nil, b.exitError("without replying")
		default:
			return nil, err
		}
	}
}

// exitError describes a program that closed its output or its input,
// once it has ended (or has had a second to end); when says at what point.
func (b *Bot) exitError(when string) error {
	select {
	case <-b.exited:
		if b.exitErr != nil {
			return fmt.Errorf("the program ended (%v) %s", b.exitErr, when)
		}
		return fmt.Errorf("the program ended %s", when)
	case <-time.After(time.Second):
		return fmt.Errorf("the program closed its pipes %s", when)
	}
}

// stop records a fault that leaves the program unusable and kills it.
func (b *Bot) stop(v skullking.SeatView, err error, fallback skullking.Action) {
	b.dead = err
	b.fault(v, err, fallback, true)
	b.kill()
}

// fault counts a decision the program failed to make, err saying why, and
// describes it with the action played instead (for good, once the program
// is stopped) as the first fault and on the log, as long as either wants it:
// a program that is gone faults at every later decision.
func (b *Bot) fault(v skullking.SeatView, err error, fallback skullking.Action, forGood bool) {
	b.faults++
	logged := b.log != nil && b.faults <= maxLoggedFaults
	if b.first != nil && !logged {
		return
	}
	if forGood {
		err = fmt.Errorf("%w; falling back to the first legal action (%s) from now on", err, say(v, fallback))
	} else {
		err = fmt.Errorf("%w; falling back to the first legal action: %s", err, say(v, fallback))
	}
	err = fmt.Errorf("bot %s, seat %d, round %d: %w", b.spec, v.Seat(), v.Round(), err)
	if b.first == nil {
		b.first = err
	}
	if logged {
		fmt.Fprintln(b.log, err)
		if b.faults == maxLoggedFaults {
			fmt.Fprintf(b.log, "bot %s: further faults are counted, not shown\n", b.spec)
		}
	}
}

// say words action a of the seat for the log, which its operator reads.
func say(v skullking.SeatView, a skullking.Action) string {
	view := v.View()
	w := words.Words{You: -1}
	for _, s := range view.Seats {
		w.Names = append(w.Names, s.Name)
	}
	return w.Action(protocol.FromAction(a, view.Options.PirateAbilities))
}

func clip(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// The messages of docs/bot-protocol.md. A decision carries the seat's view
// exactly as the online protocol sends it (protocol.View), and a reply is
// one protocol.Action: the program reads and writes the same vocabulary as
// a client of a table.

type helloMsg struct {
	Type      string            `json:"type"`
	Protocol  int               `json:"protocol"`
	Seat      int               `json:"seat"`
	Players   int               `json:"players"`
	Graybeard int               `json:"graybeard"`
	Names     []string          `json:"names"`
	Options   skullking.Options `json:"options"` // as a record writes them
	Schedule  []int             `json:"schedule"`
	Seed      uint64            `json:"seed"`
}

type decideMsg struct {
	Type string         `json:"type"`
	ID   int64          `json:"id"`
	View *protocol.View `json:"view"`
}

// errorMsg answers a reply the engine could not use: why, as a sentence
// and, when the engine refused the action, as its refusal code and facts.
type errorMsg struct {
	Type     string            `json:"type"`
	ID       int64             `json:"id"`
	Message  string            `json:"message"`
	Refusal  *protocol.Refusal `json:"refusal,omitempty"`
	Fallback protocol.Action   `json:"fallback"`
}

// overMsg is the scored game, as `skullking replay --json` prints it, for
// the seat that played it.
type overMsg struct {
	Type string `json:"type"`
	Seat int    `json:"seat"`
	protocol.Summary
}

// replyMsg is a reply line: an action and, optionally, the id of the
// decision it answers.
type replyMsg struct {
	protocol.Action
	ID *int64 `json:"id,omitempty"`
}

func helloOf(v skullking.SeatView, view *skullking.View, seed uint64) helloMsg {
	o := view.Options
	m := helloMsg{Type: "hello", Protocol: ProtocolVersion, Seat: view.Seat, Players: view.Players,
		Graybeard: v.GhostSeat(), Names: []string{}, Options: o, Schedule: []int{}, Seed: seed & (1<<53 - 1)}
	for s := 0; s < view.Players; s++ {
		m.Names = append(m.Names, view.Seats[s].Name)
	}
	for _, n := range o.ScheduledCards() {
		m.Schedule = append(m.Schedule, o.CardsPerHand(n, view.Players))
	}
	return m
}

// summaryOf is the scored game as the seat's view holds it: the same as
// protocol.SummaryOf of the game, which a bot may not reach.
func summaryOf(pv *protocol.View) protocol.Summary {
	sum := protocol.Summary{Players: []string{}, Rounds: pv.Results, Totals: []int{},
		Complete: pv.Phase == protocol.PhaseOver, Winners: pv.Winners}
	for s := 0; s < pv.Players && s < len(pv.Seats); s++ {
		sum.Players = append(sum.Players, pv.Seats[s].Name)
		sum.Totals = append(sum.Totals, pv.Seats[s].Total)
	}
	return sum
}

// replyTo reads a reply line and finds the legal action of seat v it names.
// A reply the engine refuses comes back with the refusal and a sentence
// wording it; one that cannot be read, with what is wrong with it.
func replyTo(line []byte, id int64, v skullking.SeatView, legal []skullking.Action, words words.Words,
	named bool) (skullking.Action, *protocol.Refusal, error) {
	var m replyMsg
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		if len(line) == 0 {
			return skullking.Action{}, nil, errors.New("an empty line, want one JSON action object")
		}
		return skullking.Action{}, nil, fmt.Errorf("not an action object such as {\"kind\": \"bid\", \"value\": 1}: %v",
			strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return skullking.Action{}, nil, errors.New("more than one JSON value on the line")
	}
	if m.ID != nil && *m.ID != id {
		return skullking.Action{}, nil, fmt.Errorf("answers decision %d, not %d", *m.ID, id)
	}
	a, err := protocol.ToAction(&m.Action, v.Seat())
	if err != nil {
		return skullking.Action{}, nil, err
	}
	for _, l := range legal {
		if sameChoice(l, a, named) {
			return l, nil, nil
		}
	}
	var ae *skullking.ActionError
	if err := v.Check(a); errors.As(err, &ae) {
		r := protocol.RefusalOf(&ae.Refusal, named)
		return skullking.Action{}, r, fmt.Errorf("%s Legal now: %s", words.Refusal(r), legalText(legal, words, named))
	}
	return skullking.Action{}, nil, fmt.Errorf("%s is not one of the legal actions. Legal now: %s",
		protocol.Capital(words.Action(protocol.FromAction(a, named))), legalText(legal, words, named))
}

// sameChoice reports whether action a is the legal action l: the same
// kind, value and Tigress declaration, and cards of the same face. The
// legal actions list one copy of each face whose copies play identically
// (the Mermaids, the Escapes, the Loots, and the Pirates while their names
// do not matter), and a reply may name any copy; the card code names the
// face, as the engine writes it.
func sameChoice(l, a skullking.Action, named bool) bool {
	if l.Kind != a.Kind {
		return false
	}
	face := func(c, d skullking.Card) bool {
		if named {
			return c.NamedCode() == d.NamedCode()
		}
		return c.String() == d.String()
	}
	switch l.Kind {
	case skullking.ActionPlay:
		return l.As == a.As && face(l.Card, a.Card)
	case skullking.ActionDiscard:
		switch {
		case l.Card2.Valid() != a.Card2.Valid():
			return false
		case !l.Card2.Valid():
			return face(l.Card, a.Card)
		}
		return (face(l.Card, a.Card) && face(l.Card2, a.Card2)) || (face(l.Card, a.Card2) && face(l.Card2, a.Card))
	}
	return l.Value == a.Value
}

// legalText words the legal actions, the first dozen of them.
func legalText(legal []skullking.Action, words words.Words, named bool) string {
	var parts []string
	for i, a := range legal {
		if i == 12 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, words.Action(protocol.FromAction(a, named)))
	}
	return protocol.List(parts, "or")
}
