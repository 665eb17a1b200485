package table

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/protocol"
)

// handle dispatches one intent.
func (t *Table) handle(in Intent) {
	switch in.Kind {
	case IntentHello:
		t.hello(in)
	case IntentDetach:
		t.detach(in.Client)
	case IntentJoin:
		t.join(in)
	case IntentMsg:
		c := t.clients[in.Client]
		if c == nil {
			t.refuse(in.request(), protocol.ErrNeedHello, protocol.NewProblem(protocol.ProblemSayHello))
			return
		}
		t.message(in, c)
	}
}

func (t *Table) message(in Intent, c *client) {
	m := in.Msg
	if m.Type == protocol.TypeAct {
		t.act(in, c)
		return
	}
	if m.Type == protocol.TypeChat {
		t.chat(in, c)
		return
	}
	if m.Type == protocol.TypeHint {
		t.hint(in, c)
		return
	}
	host := c.seat >= 0 && sameHash(c.hash, t.seats.HostHash)
	var err error
	switch m.Type {
	case protocol.TypeLeave:
		err = t.leave(c)
	case protocol.TypeStart, protocol.TypeSeat, protocol.TypeAddSeat, protocol.TypeConfigure, protocol.TypeRematch:
		if !host {
			t.refuse(in.request(), protocol.ErrNotHost, protocol.NewProblem(protocol.ProblemHostOnly, "Type", m.Type))
			return
		}
		switch m.Type {
		case protocol.TypeStart:
			err = t.start()
		case protocol.TypeSeat:
			err = t.setSeat(m)
		case protocol.TypeAddSeat:
			err = t.addSeat(m)
		case protocol.TypeConfigure:
			err = t.configure(m)
		case protocol.TypeRematch:
			err = t.rematch()
		}
	default:
		t.refuse(in.request(), protocol.ErrUnknownType, protocol.NewProblem(protocol.ProblemUnknownType, "Type", m.Type))
		return
	}
	if err != nil {
		if moved(err) {
			t.refuseMoved(in.request(), err)
			return
		}
		t.refuseWith(in.request(), err)
		return
	}
	if _, still := t.clients[in.Client]; still {
		t.answer(in.request(), protocol.ServerMsg{Type: protocol.TypeAck, ID: m.ID, Seq: int64(len(t.actions))}, false)
	}
}

// hello attaches a connection: a seat by its token, or a spectator.
func (t *Table) hello(in Intent) {
	m := in.Msg
	if m.V != protocol.Version {
		t.refuseAndClose(in.request(), protocol.ErrBadVersion, protocol.NewProblem(protocol.ProblemBadVersion, "Version", protocol.Version))
		return
	}
	if _, dup := t.clients[in.Client]; dup {
		t.refuse(in.request(), protocol.ErrNeedHello, protocol.NewProblem(protocol.ProblemHelloAgain))
		return
	}
	c := &client{seat: -1, resultsOnce: m.ResultsOnce, sent: -1}
	if m.Spectate {
		if !t.st.Spectators {
			t.refuseAndClose(in.request(), protocol.ErrNoSpectator, protocol.NewProblem(protocol.ProblemNoSpectators))
			return
		}
		if most := t.m.cfg.MaxSpectators; most > 0 && t.watching >= most {
			t.refuseAndClose(in.request(), protocol.ErrSpectatorsFull, protocol.NewProblem(protocol.ProblemSpectatorsFull, "Count", t.watching))
			return
		}
	} else {
		seat := t.seatByToken(m.Token)
		if seat < 0 {
			t.refuseAndClose(in.request(), protocol.ErrBadToken, protocol.NewProblem(protocol.ProblemBadToken))
			return
		}
		if t.pres[seat].conns >= maxConnsPerSeat {
			t.refuseAndClose(in.request(), protocol.ErrBadRequest, protocol.NewProblem(protocol.ProblemSeatConnections, "Count", maxConnsPerSeat))
			return
		}
		c.seat, c.hash = seat, t.seats.Seats[seat].TokenHash
	}
	if m.Follow && t.m.relayed(in.Client) && t.m.cfg.Advertise != "" {
		// A client that would be relayed from another node, and can come
		// here itself, is sent here: its messages then skip the relay.
		// Refusals come first, so that one is told where it was asked.
		bye := t.byeMsg(protocol.ProblemTableMoved, true)
		bye.Server = t.m.cfg.Advertise
		t.answer(in.request(), bye, true)
		return
	}
	if c.seat < 0 {
		t.watching++
	} else {
		p := &t.pres[c.seat]
		p.conns++
		p.awaySince, p.standin = time.Time{}, false
	}
	var stoodIn []protocol.Event
	if c.seat >= 0 {
		// The one coming back hears what was done in their name, once.
		stoodIn, t.pres[c.seat].stoodIn = t.pres[c.seat].stoodIn, nil
	}
	t.clients[in.Client] = c
	seat := c.seat
	info := t.info()
	t.answer(in.request(), protocol.ServerMsg{Type: protocol.TypeWelcome, V: protocol.Version, ID: m.ID, Seat: &seat,
		Host: c.seat >= 0 && sameHash(c.hash, t.seats.HostHash), Table: &info, StoodIn: stoodIn, Chat: t.chatLog.history()}, false)
	t.presenceChanged() // the others hear of the arrival soon, all arrivals of a moment in one message
	if t.game != nil {
		f, _ := t.stateFrame(c.seat, true, nil, nil)
		c.sent = t.game.ResultCount()
		t.publish(in.Client, Frame{Data: f})
	}
	if t.broken != nil {
		t.send(in.Client, t.errorMsg(0, protocol.ErrInternal, protocol.NewProblem(protocol.ProblemBrokenBecause, "Detail", t.broken.Error())), false)
	}
}

// seatByToken finds the person's seat a token reclaims, or −1. Every seat
// is compared, in constant time, whatever matches.
func (t *Table) seatByToken(token string) int {
	if token == "" || len(token) > 64 {
		return -1
	}
	h := hashToken(token)
	found := -1
	for i, s := range t.seats.Seats {
		if s.Kind == KindPerson && sameHash(s.TokenHash, h) {
			found = i
		}
	}
	return found
}

// detach forgets a connection that closed.
func (t *Table) detach(id ClientID) {
	c, ok := t.clients[id]
	if !ok {
		return
	}
	delete(t.clients, id)
	if len(t.clients) == 0 {
		t.idleSince = time.Now()
	}
	if c.seat < 0 {
		t.watching--
	} else {
		p := &t.pres[c.seat]
		p.conns--
		if p.conns <= 0 {
			p.conns, p.awaySince = 0, time.Now()
		}
	}
	t.presenceChanged()
}

// kick closes every connection of seat s (its person left or was
// replaced), for problem reason.
func (t *Table) kick(s int, reason string) {
	for id, c := range t.clients {
		if c.seat == s {
			t.send(id, t.byeMsg(reason, false), true)
			delete(t.clients, id)
		}
	}
	t.pres[s] = presence{awaySince: time.Now()}
}

// join gives a seat to a newcomer: in the lobby, or an open seat of a
// running game (taking over from the bot that plays it).
func (t *Table) join(in Intent) {
	r := in.request()
	r.id = 0 // a lobby request: its answer names no message
	fail := func(code, problem string, pairs ...any) { t.refuse(r, code, protocol.NewProblem(problem, pairs...)) }
	if t.broken != nil {
		fail(protocol.ErrInternal, protocol.ProblemBroken)
		return
	}
	if t.row.Status == store.StatusOver {
		fail(protocol.ErrBadRequest, protocol.ProblemGameOver)
		return
	}
	seat := -1
	if in.Msg.Seat != nil {
		s := *in.Msg.Seat
		if s < 0 || s >= len(t.seats.Seats) {
			fail(protocol.ErrBadRequest, protocol.ProblemNoSuchSeat, "Count", len(t.seats.Seats), "Last", len(t.seats.Seats)-1)
			return
		}
		if taken := t.seats.Seats[s]; taken.Kind != KindOpen {
			// Said by who sits there, not by number: the protocol counts
			// seats from 0 and the browser from 1.
			fail(protocol.ErrBadRequest, protocol.ProblemSeatTaken, "Name", taken.Name)
			return
		}
		seat = s
	} else {
		for i, s := range t.seats.Seats {
			if s.Kind == KindOpen {
				seat = i
				break
			}
		}
		if seat < 0 {
			fail(protocol.ErrBadRequest, protocol.ProblemTableFull)
			return
		}
	}
	name, err := checkNickname(in.Msg.Name, t.heldNames(seat))
	if err != nil {
		t.refuseWith(r, err)
		return
	}
	token, hash, err := newToken()
	if err != nil {
		fail(protocol.ErrInternal, protocol.ProblemNoToken)
		return
	}
	seats := t.seats.clone()
	seats.Seats[seat] = Seat{Kind: KindPerson, Name: name, TokenHash: hash}
	if seats.HostHash == "" {
		seats.HostHash = hash
	}
	if err := t.commit(t.st, seats, nil); err != nil {
		t.log.Error("save join", "err", err)
		if moved(err) {
			// The lobby answers a bye as "try again" (503): the table will
			// run somewhere in a moment.
			p := movedProblem(err)
			t.answer(r, protocol.ServerMsg{Type: protocol.TypeBye, Problem: p, Reason: t.m.problemText(p), Reconnect: true}, false)
			return
		}
		t.refuseWith(r, errStorage)
		return
	}
	t.pres[seat] = presence{awaySince: time.Now()}
	t.answer(r, protocol.ServerMsg{Type: protocol.TypeJoined, Seat: &seat, Token: token}, false)
	t.broadcastTable()
}

// act applies a seat's game action.
func (t *Table) act(in Intent, c *client) {
	m := in.Msg
	if c.seat < 0 {
		t.refuse(in.request(), protocol.ErrNotSeated, protocol.NewProblem(protocol.ProblemSpectatorsWatch))
		return
	}
	if t.game == nil {
		t.refuse(in.request(), protocol.ErrBadRequest, protocol.NewProblem(protocol.ProblemNotStarted))
		return
	}
	a, err := protocol.ReadAction(m.Action, t.game.Seat(c.seat))
	if err != nil {
		t.refuse(in.request(), protocol.ErrBadRequest, protocol.NewProblem(protocol.ProblemBadAction, "Detail", err.Error()))
		return
	}
	if err := t.apply(a, protocol.ByPlayer, in.At); err != nil {
		var ae *skullking.ActionError
		if errors.As(err, &ae) {
			t.refuseAction(in.request(), c.seat, &ae.Refusal)
			return
		}
		if moved(err) {
			t.refuseMoved(in.request(), err)
			return
		}
		t.refuseWith(in.request(), err)
		return
	}
	t.answer(in.request(), protocol.ServerMsg{Type: protocol.TypeAck, ID: m.ID, Seq: int64(len(t.actions))}, false)
}

// chat relays a line to everyone at the table: a line of the right length,
// from a seat or (if the host allows it) a spectator, while the table's
// chat is under its rate (chatlimit.go). The line is kept for the welcomes
// to come (chatlog.go).
func (t *Table) chat(in Intent, c *client) {
	text, err := checkChat(in.Msg.Text)
	if err != nil {
		t.refuseWith(in.request(), err)
		return
	}
	if c.seat < 0 && !t.st.SpectatorChat {
		t.refuse(in.request(), protocol.ErrNoSpectatorChat, protocol.NewProblem(protocol.ProblemSpectatorChat))
		return
	}
	if !t.chatLimits.allow(c.seat >= 0, time.Now()) {
		t.refuse(in.request(), protocol.ErrChatLimited, protocol.NewProblem(protocol.ProblemChatBusy))
		return
	}
	name := "spectator"
	if c.seat >= 0 {
		name = t.seats.Seats[c.seat].Name
	}
	line := t.chatLog.add(time.Now(), c.seat, name, text)
	b, err := json.Marshal(protocol.ServerMsg{Type: protocol.TypeChat, Seat: &line.Seat, Name: name, Text: text, Line: line.Line})
	if err != nil {
		t.refuse(in.request(), protocol.ErrInternal, protocol.NewProblem(protocol.ProblemChatEncode))
		return
	}
	for id := range t.clients {
		if id == in.Client {
			continue
		}
		t.publish(id, Frame{Data: b})
	}
	// The sender's copy is the answer to its chat message.
	t.answerFrame(in.request(), Frame{Data: b})
}

// hint answers a seated player's request for advice with the expert's
// recommended action and why, to that client alone. The search runs in the
// background (thinking.go), once per seat and decision: asking again, from
// any of the seat's connections, gets the advice already worked out.
func (t *Table) hint(in Intent, c *client) {
	if c.seat < 0 {
		t.refuse(in.request(), protocol.ErrBadRequest, protocol.NewProblem(protocol.ProblemHintSeated))
		return
	}
	if t.game == nil || t.broken != nil || t.game.Over() {
		t.refuse(in.request(), protocol.ErrBadRequest, protocol.NewProblem(protocol.ProblemNoGame))
		return
	}
	if !t.game.Waiting(c.seat) {
		t.refuse(in.request(), protocol.ErrBadRequest, protocol.NewProblem(protocol.ProblemNothingToDecide))
		return
	}
	if h, ok := t.hints[c.seat]; ok && h.at == t.now() {
		t.sendHint(in.request(), h.advice)
		return
	}
	t.startHint(c.seat, in.request())
}

// hintAt is the advice given to a seat at a point of the table's history.
type hintAt struct {
	at     logPoint
	advice bot.Advice
}

// leave gives up a person's seat before the game starts.
func (t *Table) leave(c *client) error {
	if c.seat < 0 {
		return refused(protocol.ProblemSpectatorNoSeat)
	}
	if t.row.Status != store.StatusLobby {
		return refused(protocol.ProblemLeaveStarted)
	}
	s := c.seat
	seats := t.seats.clone()
	seats.Seats[s] = Seat{Kind: KindOpen}
	if sameHash(c.hash, seats.HostHash) {
		seats.HostHash = ""
		for _, o := range seats.Seats {
			if o.Kind == KindPerson {
				seats.HostHash = o.TokenHash // the next person hosts
				break
			}
		}
	}
	if err := t.commit(t.st, seats, nil); err != nil {
		return saveFailed(err)
	}
	t.kick(s, protocol.ProblemLeftSeat)
	t.broadcastTable()
	return nil
}

// start deals the first round. Every seat must be held by a person or a bot.
func (t *Table) start() error {
	if t.row.Status != store.StatusLobby {
		return refused(protocol.ProblemAlreadyStarted)
	}
	n := len(t.seats.Seats)
	for i, s := range t.seats.Seats {
		if s.Kind == KindOpen {
			return refused(protocol.ProblemSeatOpen, "Seat", i)
		}
	}
	if err := t.st.Options.Validate(n); err != nil {
		return rulesRefused(err, n)
	}
	seed, err := newSeed()
	if t.m.cfg.Seed != nil {
		seed, err = t.m.cfg.Seed(), nil
	}
	if err != nil {
		return err
	}
	seats := t.seats.clone()
	seats.Names = make([]string, n)
	for i, s := range seats.Seats {
		seats.Names[i] = s.Name
	}
	g, err := skullking.NewGame(n, skullking.WithOptions(t.st.Options), skullking.WithSeed(seed),
		skullking.WithNames(seats.Names...))
	if err != nil {
		return err
	}
	now := time.Now()
	if err := t.commit(t.st, seats, func(r *store.Table) {
		r.Status, r.Seed, r.StartedAt = store.StatusPlaying, seed, now
	}); err != nil {
		t.log.Error("save start", "err", err)
		return saveFailed(err)
	}
	t.game, t.actions = g, nil
	t.turnKey, t.turnSince, t.lastChange = keyOf(g), t.row.StartedAt, t.row.StartedAt
	for i := range t.pres {
		if t.pres[i].conns == 0 {
			t.pres[i].awaySince = now // everyone absent gets a full grace period from the start
		}
	}
	t.log.Info("game started", "players", n)
	t.broadcastTable()
	t.broadcastState(&protocol.Event{Kind: "start", Seat: -1})
	return nil
}

// setSeat changes who holds a seat: a bot of some level, open for a
// person, or (before the start) removed. During a game this is how the host
// replaces an absent player with a bot, or opens a seat for someone new; a
// player who is there keeps their seat, so that a host cannot throw out,
// mid-game, someone who is playing. Before the start the host arranges the
// seats as they like, a connected person's included.
func (t *Table) setSeat(m protocol.ClientMsg) error {
	if m.Seat == nil || *m.Seat < 0 || *m.Seat >= len(t.seats.Seats) {
		return refused(protocol.ProblemSeatRange, "Last", len(t.seats.Seats)-1)
	}
	s := *m.Seat
	if t.row.Status == store.StatusOver {
		return refused(protocol.ProblemGameOver)
	}
	cur := t.seats.Seats[s]
	if cur.Kind == KindPerson && sameHash(cur.TokenHash, t.seats.HostHash) {
		return refused(protocol.ProblemHostKeepsSeat)
	}
	lobby := t.row.Status == store.StatusLobby
	if !lobby && cur.Kind == KindPerson && t.pres[s].conns > 0 && (m.Set == protocol.SetBot || m.Set == protocol.SetOpen) {
		return refusedAs(protocol.ErrPlayerPresent, protocol.ProblemPlayerPresent, "Name", cur.Name, "Seat", s)
	}
	seats := t.seats.clone()
	switch m.Set {
	case protocol.SetBot:
		lvl, err := checkLevel(m.Level)
		if err != nil {
			return err
		}
		name := cur.Name
		if lobby || name == "" {
			name = botName(s)
		}
		seats.Seats[s] = Seat{Kind: KindBot, Level: lvl, Name: name}
	case protocol.SetOpen:
		if !lobby && cur.Kind == KindOpen {
			return nil
		}
		seats.Seats[s] = Seat{Kind: KindOpen}
		if !lobby {
			seats.Seats[s].Name = cur.Name // the game keeps the seat's name
		}
	case protocol.SetRemove:
		if !lobby {
			return refused(protocol.ProblemRemoveStarted)
		}
		if len(seats.Seats) <= 2 {
			return refused(protocol.ProblemMinSeats, "Count", 2)
		}
		seats.Seats = append(seats.Seats[:s], seats.Seats[s+1:]...)
	default:
		return refused(protocol.ProblemBadSet, "Set", m.Set)
	}
	if err := t.commit(t.st, seats, nil); err != nil {
		return saveFailed(err)
	}
	if cur.Kind == KindPerson {
		reason := protocol.ProblemSeatToBot
		if m.Set != protocol.SetBot {
			reason = protocol.ProblemSeatOpened
		}
		t.kick(s, reason)
	}
	if m.Set == protocol.SetRemove {
		t.pres = append(t.pres[:s], t.pres[s+1:]...)
		for _, c := range t.clients {
			if c.seat > s {
				c.seat--
			}
		}
	} else {
		t.pres[s] = presence{awaySince: time.Now()}
	}
	t.broadcastTable()
	return nil
}

// addSeat adds a seat before the start, open or for a bot.
func (t *Table) addSeat(m protocol.ClientMsg) error {
	if t.row.Status != store.StatusLobby {
		return refused(protocol.ProblemAddStarted)
	}
	if len(t.seats.Seats) >= 8 {
		return refused(protocol.ProblemMaxSeats, "Count", 8)
	}
	seat := Seat{Kind: KindOpen}
	if m.Level != "" {
		lvl, err := checkLevel(m.Level)
		if err != nil {
			return err
		}
		seat = Seat{Kind: KindBot, Level: lvl, Name: botName(len(t.seats.Seats))}
	}
	seats := t.seats.clone()
	seats.Seats = append(seats.Seats, seat)
	if err := t.commit(t.st, seats, nil); err != nil {
		return saveFailed(err)
	}
	t.pres = append(t.pres, presence{awaySince: time.Now()})
	t.broadcastTable()
	return nil
}

// configure changes the settings before the start.
func (t *Table) configure(m protocol.ClientMsg) error {
	if t.row.Status != store.StatusLobby {
		return refused(protocol.ProblemConfigureStarted)
	}
	u := m.Settings
	if u == nil {
		return refused(protocol.ProblemConfigureEmpty)
	}
	st := t.st
	if u.Name != nil {
		st.Name = *u.Name
	}
	if u.Options != nil {
		st.Options = *u.Options
	}
	if u.TurnSeconds != nil {
		st.TurnSeconds = *u.TurnSeconds
	}
	if u.Public != nil {
		st.Public = *u.Public
	}
	if u.Spectators != nil {
		st.Spectators = *u.Spectators
	}
	if u.Standin != nil {
		st.Standin = *u.Standin
	}
	if u.AutoLast != nil {
		st.AutoLast = *u.AutoLast
	}
	if u.SpectatorChat != nil {
		st.SpectatorChat = *u.SpectatorChat
	}
	if err := normalizeSettings(&st, len(t.seats.Seats)); err != nil {
		return err
	}
	if err := t.commit(st, t.seats, nil); err != nil {
		return saveFailed(err)
	}
	if !st.Spectators {
		for id, c := range t.clients {
			if c.seat < 0 {
				t.send(id, t.byeMsg(protocol.ProblemSpectatorsClosed, false), true)
				delete(t.clients, id)
				t.watching--
			}
		}
	}
	t.broadcastTable()
	return nil
}

// rematch opens a new table with the same settings and seats: every
// person's token works there too, so clients just reconnect to it.
func (t *Table) rematch() error {
	if t.row.Status != store.StatusOver {
		return refused(protocol.ProblemRematchNotOver)
	}
	if t.row.Rematch != "" {
		return nil // already offered: the table message names it
	}
	seats := t.seats.clone()
	seats.Names = nil
	for i, s := range seats.Seats {
		if s.Kind == KindOpen {
			seats.Seats[i].Name = ""
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	id, err := t.m.createRow(ctx, t.st, seats, nil)
	if err != nil {
		t.log.Error("create rematch", "err", err)
		return errStorage
	}
	if err := t.commit(t.st, t.seats, func(r *store.Table) { r.Rematch = id }); err != nil {
		return saveFailed(err)
	}
	t.broadcastTable()
	return nil
}
