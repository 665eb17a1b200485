package bot

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
)

// ProtocolVersion is the version of the external-bot protocol
// (docs/bot-protocol.md) this package speaks.
const ProtocolVersion = 1

// ExecPrefix marks a level that names an external program: "exec:PATH ARGS".
const ExecPrefix = "exec:"

// maxReply bounds one reply line; a bot's answer is a few dozen bytes.
const maxReply = 1 << 20

// maxLoggedFaults is how many faults an external bot describes on its log
// before it only counts them.
const maxLoggedFaults = 10

// ExternalOptions configure an external bot.
type ExternalOptions struct {
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

// External is a bot played by another program, over the line-based JSON
// protocol of docs/bot-protocol.md: one process for the bot's lifetime,
// one request line per message, one reply line per decision. The program
// sees exactly what the seat's view holds, and nothing else.
//
// A reply that is malformed, illegal or late is a fault: the seat plays
// its first legal action instead, the program is told (unless it is gone),
// and Faults counts it.
type External struct {
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
	waited    bool

	faults int
	first  error
	buf    []skullking.Action
	line   []byte
}

// StartExec starts the external program of an "exec:PATH ARGS" level:
// PATH and its arguments are separated by spaces (no quoting).
func StartExec(level string, seed uint64, opt ExternalOptions) (*External, error) {
	spec := strings.TrimSpace(level)
	fields := strings.Fields(strings.TrimPrefix(spec, ExecPrefix))
	if !strings.HasPrefix(spec, ExecPrefix) || len(fields) == 0 {
		return nil, fmt.Errorf("bot: %q does not name a program: write exec:PATH [ARGS]", level)
	}
	b, err := StartExternal(fields[0], fields[1:], seed, opt)
	if err != nil {
		return nil, err
	}
	b.spec = spec
	return b, nil
}

// StartExternal starts program path with args as an external bot seeded
// with seed (the seed is passed on to the program for its own choices).
func StartExternal(path string, args []string, seed uint64, opt ExternalOptions) (*External, error) {
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
	b := &External{
		spec: ExecPrefix + strings.Join(append([]string{path}, args...), " "), cmd: cmd,
		in: inW, out: outR, rd: bufio.NewReaderSize(outR, 4096), timeout: opt.Timeout, log: opt.Log, seed: seed,
	}
	if b.timeout <= 0 {
		b.timeout = 10 * time.Second
	}
	return b, nil
}

// Reseed starts a new game for the program: the next decision is preceded
// by a hello carrying the new seed.
func (b *External) Reseed(seed uint64) {
	b.seed = seed
	b.inGame = false
}

// Faults is the number of decisions the program failed to make.
func (b *External) Faults() int { return b.faults }

// FirstFault describes the first fault, or is nil.
func (b *External) FirstFault() error { return b.first }

// Close ends the program: its standard input is closed, it has a second to
// exit, then it is killed.
func (b *External) Close() error {
	if b.waited {
		return nil
	}
	b.in.Close()
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(time.Second):
		b.cmd.Process.Kill()
		err = <-done
	}
	b.waited = true
	b.out.Close()
	if b.dead == nil {
		b.dead = errors.New("the program was closed")
	}
	return err
}

// Act sends the seat's view and reads the program's decision.
func (b *External) Act(v skullking.SeatView) skullking.Action {
	b.buf = v.Legal(b.buf[:0])
	if len(b.buf) == 0 {
		return skullking.Action{}
	}
	fallback := b.buf[0]
	if b.dead != nil {
		b.fault(v, fmt.Errorf("%v; playing %s", b.dead, fallback))
		return fallback
	}
	view := v.View()
	named := view.Options.PirateAbilities
	if !b.inGame || v.Round() < b.lastRound {
		if !b.send(v, extHello(v, &view, b.seed)) {
			return fallback
		}
		b.inGame = true
	}
	b.lastRound = v.Round()
	b.id++
	if !b.send(v, extDecide(&view, b.id)) {
		return fallback
	}
	reply, err := b.readLine()
	if err != nil {
		b.stop(v, fmt.Errorf("decision %d: %v", b.id, err), fallback)
		return fallback
	}
	a, err := extParseReply(reply, b.id, b.buf, named)
	if err != nil {
		err = fmt.Errorf("decision %d: reply %s: %v", b.id, extClip(reply), err)
		b.fault(v, fmt.Errorf("%v; playing %s", err, fallback))
		b.send(v, extErrorMsg{Type: "error", ID: b.id, Message: err.Error(), Fallback: extAction(fallback, named)})
		return fallback
	}
	return a
}

// GameOver tells the program the game has ended.
func (b *External) GameOver(v skullking.SeatView) {
	if !b.inGame || b.dead != nil {
		b.inGame = false
		return
	}
	view := v.View()
	msg := extOverMsg{Type: "over", Seat: view.Seat, Winners: view.Winners, Results: extResults(view.Results, view.Players)}
	for s := 0; s < view.Players; s++ {
		msg.Totals = append(msg.Totals, view.Seats[s].Total)
	}
	if msg.Winners == nil {
		msg.Winners = []int{}
	}
	b.send(v, msg)
	b.inGame = false
}

// send writes one message line; a program that cannot take it within the
// timeout is stopped.
func (b *External) send(v skullking.SeatView, msg any) bool {
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
func (b *External) readLine() ([]byte, error) {
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
func (b *External) exitError(when string) error {
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	select {
	case err := <-done:
		b.waited = true
		if err != nil {
			return fmt.Errorf("the program ended (%v) %s", err, when)
		}
		return fmt.Errorf("the program ended %s", when)
	case <-time.After(time.Second):
		return fmt.Errorf("the program closed its pipes %s", when)
	}
}

// stop records a fault that leaves the program unusable and kills it.
func (b *External) stop(v skullking.SeatView, err error, fallback skullking.Action) {
	b.dead = err
	b.fault(v, fmt.Errorf("%v; playing %s, and the first legal action from now on", err, fallback))
	if !b.waited {
		b.cmd.Process.Kill()
	}
}

func (b *External) fault(v skullking.SeatView, err error) {
	b.faults++
	err = fmt.Errorf("bot %s, seat %d, round %d: %w", b.spec, v.Seat(), v.Round(), err)
	if b.first == nil {
		b.first = err
	}
	if b.log != nil && b.faults <= maxLoggedFaults {
		fmt.Fprintln(b.log, err)
		if b.faults == maxLoggedFaults {
			fmt.Fprintf(b.log, "bot %s: further faults are counted, not shown\n", b.spec)
		}
	}
}

func extClip(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// The messages of docs/bot-protocol.md.

type extHelloMsg struct {
	Type      string            `json:"type"`
	Protocol  int               `json:"protocol"`
	Seat      int               `json:"seat"`
	Players   int               `json:"players"`
	Graybeard int               `json:"graybeard"`
	Names     []string          `json:"names"`
	Options   skullking.Options `json:"options"`
	Schedule  []int             `json:"schedule"`
	Seed      uint64            `json:"seed"`
}

type extDecideMsg struct {
	Type        string          `json:"type"`
	ID          int64           `json:"id"`
	Seat        int             `json:"seat"`
	Phase       string          `json:"phase"`
	Round       int             `json:"round"`
	Rounds      int             `json:"rounds"`
	Tiebreak    bool            `json:"tiebreak"`
	Cards       int             `json:"cards"`
	Hand        []string        `json:"hand"`
	Seats       []extSeatMsg    `json:"seats"`
	Turn        int             `json:"turn"`
	TrickNumber int             `json:"trick_number"`
	Leader      int             `json:"leader"`
	Lead        string          `json:"lead"`
	Trick       []extPlayMsg    `json:"trick"`
	Winning     int             `json:"winning"`
	Tricks      []extTrickMsg   `json:"tricks"`
	Pending     *extPendingMsg  `json:"pending,omitempty"`
	UndealtSeen []string        `json:"undealt_seen,omitempty"`
	Discarded   []string        `json:"discarded,omitempty"`
	Results     []extResultMsg  `json:"results"`
	Legal       []*extActionMsg `json:"legal"`
}

type extSeatMsg struct {
	Name      string `json:"name"`
	HandSize  int    `json:"hand_size"`
	HasBid    bool   `json:"has_bid"`
	Bid       *int   `json:"bid"`
	Won       int    `json:"won"`
	Total     int    `json:"total"`
	Wager     int    `json:"wager,omitempty"`
	Cannon    string `json:"cannon,omitempty"`
	Graybeard bool   `json:"graybeard,omitempty"`
}

type extPlayMsg struct {
	Seat int    `json:"seat"`
	Card string `json:"card"`
}

type extTrickMsg struct {
	Plays   []extPlayMsg `json:"plays"`
	Outcome string       `json:"outcome"`
	Winner  int          `json:"winner"`
	Leader  int          `json:"leader"`
	Bonus   int          `json:"bonus"`
}

type extPendingMsg struct {
	Kind   string `json:"kind"`
	Seat   int    `json:"seat"`
	Draw   int    `json:"draw,omitempty"`
	Leader int    `json:"leader"`
}

type extResultMsg struct {
	Round  int   `json:"round"`
	Cards  int   `json:"cards"`
	Bids   []int `json:"bids"`
	Won    []int `json:"won"`
	Bonus  []int `json:"bonus"`
	Points []int `json:"points"`
	Totals []int `json:"totals"`
}

type extErrorMsg struct {
	Type     string        `json:"type"`
	ID       int64         `json:"id"`
	Message  string        `json:"message"`
	Fallback *extActionMsg `json:"fallback"`
}

type extOverMsg struct {
	Type    string         `json:"type"`
	Seat    int            `json:"seat"`
	Totals  []int          `json:"totals"`
	Winners []int          `json:"winners"`
	Results []extResultMsg `json:"results"`
}

// extActionMsg is an action on the wire: exactly one field set (and, in a
// reply, optionally the decision's id).
type extActionMsg struct {
	ID      *int64   `json:"id,omitempty"`
	Bid     *int     `json:"bid,omitempty"`
	Play    string   `json:"play,omitempty"`
	Cannon  string   `json:"cannon,omitempty"`
	Rosie   *int     `json:"rosie,omitempty"`
	Bendt   *bool    `json:"bendt,omitempty"`
	Discard []string `json:"discard,omitempty"`
	Wager   *int     `json:"wager,omitempty"`
	Harry   *int     `json:"harry,omitempty"`
}

func extInt(n int) *int { return &n }

func extCannon(v int) string {
	if v == skullking.Cannonball {
		return "cannonball"
	}
	return "grapeshot"
}

func extCode(c skullking.Card, named bool) string {
	if named {
		return c.NamedCode()
	}
	return c.String()
}

func extCodes(cards []skullking.Card, named bool) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = extCode(c, named)
	}
	return out
}

func extPlays(plays []skullking.Played, named bool) []extPlayMsg {
	out := make([]extPlayMsg, len(plays))
	for i, p := range plays {
		out[i] = extPlayMsg{Seat: int(p.Seat), Card: p.Code(named)}
	}
	return out
}

// extAction writes action a as the protocol does.
func extAction(a skullking.Action, named bool) *extActionMsg {
	m := &extActionMsg{}
	switch a.Kind {
	case skullking.ActionBid:
		m.Bid = extInt(int(a.Value))
	case skullking.ActionPlay:
		m.Play = a.CardCode(named)
	case skullking.ActionCannon:
		m.Cannon = extCannon(int(a.Value))
	case skullking.ActionRosie:
		m.Rosie = extInt(int(a.Value))
	case skullking.ActionBendt:
		draw := a.Value == 1
		m.Bendt = &draw
	case skullking.ActionDiscard:
		m.Discard = []string{extCode(a.Card, named)}
		if a.Card2 != skullking.NoCard {
			m.Discard = append(m.Discard, extCode(a.Card2, named))
		}
	case skullking.ActionWager:
		m.Wager = extInt(int(a.Value))
	case skullking.ActionHarry:
		m.Harry = extInt(int(a.Value))
	}
	return m
}

func extHello(v skullking.SeatView, view *skullking.View, seed uint64) extHelloMsg {
	o := view.Options
	m := extHelloMsg{Type: "hello", Protocol: ProtocolVersion, Seat: view.Seat, Players: view.Players,
		Graybeard: v.GhostSeat(), Options: o, Seed: seed & (1<<53 - 1)}
	for s := 0; s < view.Players; s++ {
		m.Names = append(m.Names, view.Seats[s].Name)
	}
	for _, n := range o.ScheduledCards() {
		m.Schedule = append(m.Schedule, o.CardsPerHand(n, view.Players))
	}
	return m
}

func extDecide(view *skullking.View, id int64) extDecideMsg {
	named := view.Options.PirateAbilities
	m := extDecideMsg{
		Type: "decide", ID: id, Seat: view.Seat, Phase: view.Phase.String(), Round: view.Round,
		Rounds: view.ScheduledRounds, Tiebreak: view.Tiebreak, Cards: view.Cards,
		Hand: extCodes(view.Hand, named), Turn: view.Turn, TrickNumber: view.TrickNo, Leader: view.Leader,
		Trick: extPlays(view.Trick, named), Winning: view.Winning, Tricks: []extTrickMsg{},
		Results: extResults(view.Results, view.Players),
	}
	switch {
	case view.Lead.Free:
		m.Lead = "free"
	case view.Lead.Suit != skullking.NoSuit:
		m.Lead = view.Lead.Suit.String()
	}
	for _, si := range view.Seats {
		sm := extSeatMsg{Name: si.Name, HandSize: si.HandSize, HasBid: si.HasBid, Won: si.Won, Total: si.Total,
			Wager: si.Wager, Graybeard: si.Graybeard}
		if si.Bid >= 0 && !si.Graybeard {
			sm.Bid = extInt(si.Bid)
		}
		if si.Cannon >= 0 && view.Options.CannonLoad {
			sm.Cannon = extCannon(si.Cannon)
		}
		m.Seats = append(m.Seats, sm)
	}
	for _, t := range view.Tricks {
		tm := extTrickMsg{Plays: extPlays(t.Plays, named), Winner: t.Result.Winner, Leader: t.Result.Leader}
		switch t.Result.Outcome {
		case skullking.Won:
			tm.Outcome, tm.Bonus = "won", t.Result.Bonus
		case skullking.Destroyed:
			tm.Outcome = "destroyed"
		default:
			tm.Outcome = "discarded"
		}
		m.Tricks = append(m.Tricks, tm)
	}
	if view.Pending != skullking.ActionNone {
		m.Pending = &extPendingMsg{Kind: view.Pending.String(), Seat: view.PendingSeat, Draw: view.PendingDraw,
			Leader: view.PendingLeader}
	}
	if len(view.UndealtSeen) > 0 {
		m.UndealtSeen = extCodes(view.UndealtSeen, named)
	}
	if len(view.Discarded) > 0 {
		m.Discarded = extCodes(view.Discarded, named)
	}
	for _, a := range view.Legal {
		m.Legal = append(m.Legal, extAction(a, named))
	}
	return m
}

func extResults(rs []skullking.RoundResult, players int) []extResultMsg {
	out := []extResultMsg{}
	for _, r := range rs {
		out = append(out, extResultMsg{Round: r.Round, Cards: r.Cards, Bids: r.Bids[:players:players],
			Won: r.Won[:players:players], Bonus: r.Bonus[:players:players], Points: r.Points[:players:players],
			Totals: r.Totals[:players:players]})
	}
	return out
}

// extParseReply reads a reply line and finds the legal action it names.
func extParseReply(line []byte, id int64, legal []skullking.Action, named bool) (skullking.Action, error) {
	var m extActionMsg
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		if len(line) == 0 {
			return skullking.Action{}, errors.New("an empty line, want one JSON object")
		}
		return skullking.Action{}, fmt.Errorf("not an action object: %v", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return skullking.Action{}, errors.New("more than one JSON value on the line")
	}
	if m.ID != nil && *m.ID != id {
		return skullking.Action{}, fmt.Errorf("answers decision %d, not %d", *m.ID, id)
	}
	set := 0
	for _, on := range []bool{m.Bid != nil, m.Play != "", m.Cannon != "", m.Rosie != nil, m.Bendt != nil,
		m.Discard != nil, m.Wager != nil, m.Harry != nil} {
		if on {
			set++
		}
	}
	if set != 1 {
		return skullking.Action{}, fmt.Errorf("%d action fields, want exactly one of bid, play, cannon, rosie, bendt, discard, wager, harry", set)
	}
	if m.Play != "" {
		p, err := skullking.ParseCode(m.Play)
		if err != nil {
			return skullking.Action{}, fmt.Errorf("unknown card %q", m.Play)
		}
		if p.Kind == skullking.KindTigress && p.As == skullking.Undeclared {
			return skullking.Action{}, errors.New("play the Tigress as TIG-P (Pirate) or TIG-E (Escape)")
		}
		for _, a := range legal {
			if a.Kind == skullking.ActionPlay && p.Matches(a.Card) && p.As == a.As {
				return a, nil
			}
		}
		return skullking.Action{}, fmt.Errorf("%s is not a legal play now (legal: %s)", m.Play, extLegalText(legal, named))
	}
	if m.Discard != nil {
		var faces []skullking.Face
		for _, code := range m.Discard {
			p, err := skullking.ParseCode(code)
			if err != nil || p.As != skullking.Undeclared {
				return skullking.Action{}, fmt.Errorf("unknown card %q", code)
			}
			faces = append(faces, p.Face)
		}
		for _, a := range legal {
			if a.Kind != skullking.ActionDiscard {
				continue
			}
			switch {
			case len(faces) == 1 && a.Card2 == skullking.NoCard && faces[0].Matches(a.Card):
				return a, nil
			case len(faces) == 2 && a.Card2 != skullking.NoCard &&
				((faces[0].Matches(a.Card) && faces[1].Matches(a.Card2)) ||
					(faces[1].Matches(a.Card) && faces[0].Matches(a.Card2))):
				return a, nil
			}
		}
		return skullking.Action{}, fmt.Errorf("discarding %s is not legal now (legal: %s)",
			strings.Join(m.Discard, " "), extLegalText(legal, named))
	}
	var kind skullking.ActionKind
	var value int
	switch {
	case m.Bid != nil:
		kind, value = skullking.ActionBid, *m.Bid
	case m.Cannon != "":
		kind = skullking.ActionCannon
		switch strings.ToLower(m.Cannon) {
		case "grapeshot":
			value = skullking.Grapeshot
		case "cannonball":
			value = skullking.Cannonball
		default:
			return skullking.Action{}, fmt.Errorf("cannon %q: load grapeshot or cannonball", m.Cannon)
		}
	case m.Rosie != nil:
		kind, value = skullking.ActionRosie, *m.Rosie
	case m.Bendt != nil:
		kind = skullking.ActionBendt
		if *m.Bendt {
			value = 1
		}
	case m.Wager != nil:
		kind, value = skullking.ActionWager, *m.Wager
	default:
		kind, value = skullking.ActionHarry, *m.Harry
	}
	for _, a := range legal {
		if a.Kind == kind && int(a.Value) == value {
			return a, nil
		}
	}
	return skullking.Action{}, fmt.Errorf("%s %d is not legal now (legal: %s)", kind, value, extLegalText(legal, named))
}

// extLegalText lists the legal actions as the protocol writes them.
func extLegalText(legal []skullking.Action, named bool) string {
	var parts []string
	for i, a := range legal {
		if i == 12 {
			parts = append(parts, "…")
			break
		}
		b, _ := json.Marshal(extAction(a, named))
		parts = append(parts, string(b))
	}
	return strings.Join(parts, " ")
}
