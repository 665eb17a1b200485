package tui

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/tui/feed"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// RemoteConfig says which server table to sit at, and as whom.
type RemoteConfig struct {
	// Server is the server's address (http://host:8080, with any path
	// prefix it is served under) and Table the table's id: ParseInvite
	// reads both from an invite link.
	Server, Table string
	// Name is the nickname to take a seat with when no remembered seat is
	// reclaimed.
	Name string
	// Spectate watches the table instead of taking a seat: no token, no
	// hand, no decisions; the server may refuse (docs/protocol.md §4).
	Spectate bool
	// Lang is the language of the notes it words from the catalogue
	// (nil: English), as the screen's Config.Lang.
	Lang *locale.Lang
	// Tokens is the file that remembers seat tokens (DefaultTokenFile);
	// empty remembers them for this run only.
	Tokens string
	// HTTP makes the lobby requests (default: a client with a 15 s timeout).
	HTTP *http.Client
	// Backoff and MaxBackoff, Ping and PingTimeout are the connection's
	// timers (client.Options); AckTimeout bounds the wait for the server's
	// answer to an action (30 s).
	Backoff, MaxBackoff time.Duration
	Ping, PingTimeout   time.Duration
	AckTimeout          time.Duration
}

// ParseInvite reads an invite link (http://host:8080/t/ID), or the
// server's address and the table's id, into both.
func ParseInvite(link, table string) (server, id string, err error) {
	return client.ParseInvite(link, table)
}

// What can go wrong with the connection, in the catalogue's words.
var (
	errNotConnected error = screenError("tui.error.not_connected")
	errDropped      error = screenError("tui.error.dropped")
	errNoAnswer     error = screenError("tui.error.no_answer")
	errNoHints      error = screenError("tui.error.no_hints")
)

// Remote is a seat (or a spectator's place) at a table of a `skullking
// serve` server: the client package's Conn, and what the screen needs of
// it. The Conn decodes and checks every message; a goroutine turns its
// events into the screen's updates — the table's news into notes, each
// state's view as it is — so the screen never waits for the network nor
// the network for the screen.
type Remote struct {
	cfg  RemoteConfig
	cl   *client.Client
	conn *client.Conn
	key  string // the invite link: the table's key in the token file
	name string

	updates chan Update
	ctx     context.Context
	cancel  context.CancelFunc
	done    chan struct{} // the events goroutine has stopped
	once    sync.Once

	mu      sync.Mutex
	rematch string // the rematch table's id, once offered
}

// A server table does everything a table may.
var _ interface {
	Table
	Starter
	Offerer
	Hinter
	Chatter
	Rematcher
	Recorder
} = (*Remote)(nil)

// JoinRemote takes a seat at a server's table: the seat remembered in the
// token file for this table if the server still knows it, else the first
// open seat under cfg.Name; with cfg.Spectate it watches instead. It
// returns once the table's WebSocket has welcomed the seat, so that every
// reason not to play (no such table, the table is full, the nickname is
// taken, no spectators) is an error here, before any screen.
func JoinRemote(ctx context.Context, cfg RemoteConfig) (*Remote, error) {
	return joinRemote(ctx, cfg, nil)
}

// joinRemote is JoinRemote, trying the seat held (a token the person has
// in hand, for a rematch) before the token file's.
func joinRemote(ctx context.Context, cfg RemoteConfig, held *savedSeat) (*Remote, error) {
	if !protocol.ValidTableID(cfg.Table) {
		return nil, joinError(cfg.Lang, "tui.join.bad_id", locale.Args{"Table": cfg.Table}, nil)
	}
	if cfg.AckTimeout <= 0 {
		cfg.AckTimeout = 30 * time.Second
	}
	cl := client.New(cfg.Server)
	if cfg.HTTP != nil {
		cl = cl.WithHTTP(cfg.HTTP)
	}
	r := &Remote{cfg: cfg, cl: cl, key: cl.Invite(cfg.Table), name: cfg.Name, updates: make(chan Update),
		done: make(chan struct{})}
	opts := client.Options{Spectate: cfg.Spectate, Backoff: cfg.Backoff, MaxBackoff: cfg.MaxBackoff, Ping: cfg.Ping,
		PingTimeout: cfg.PingTimeout, AnswerTimeout: cfg.AckTimeout}
	var notes []string
	var err error
	if cfg.Spectate {
		if r.conn, err = cl.Dial(ctx, cfg.Table, opts); err != nil {
			return nil, joinError(cfg.Lang, "tui.join.cannot_watch", locale.Args{"Table": r.key}, err)
		}
	} else if r.conn, err = r.takeSeat(ctx, opts, held, &notes); err != nil {
		return nil, err
	}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	go r.run(notes)
	return r, nil
}

// takeSeat reclaims the seat held or remembered, or joins, and connects.
func (r *Remote) takeSeat(ctx context.Context, opts client.Options, held *savedSeat, notes *[]string) (*client.Conn, error) {
	saved, ok := loadSeat(r.cfg.Tokens, r.key)
	if held != nil && held.Token != "" {
		saved, ok = *held, true
	}
	if ok {
		opts.Token = saved.Token
		conn, err := r.cl.Dial(ctx, r.cfg.Table, opts)
		if err == nil {
			if held != nil {
				if err := storeSeat(r.cfg.Tokens, r.key, savedSeat{Token: saved.Token, Seat: conn.Seat(), Name: saved.Name}); err != nil {
					*notes = append(*notes, r.t("tui.note.seat_unsaved", locale.Args{"Error": err.Error()}))
				}
			}
			return conn, nil
		}
		if !errors.Is(err, client.ErrBadToken) {
			return nil, joinError(r.cfg.Lang, "tui.join.cannot_reach", locale.Args{"Table": r.key}, err)
		}
		// The host gave the seat away, or it was never this server's: the
		// token is worth nothing now, so sit down as a newcomer. A token
		// the file fails to forget is harmless: the new seat's token
		// replaces it just below (a failure there is told), and a later
		// run refused it would sit down as a newcomer again.
		_ = storeSeat(r.cfg.Tokens, r.key, savedSeat{})
	}
	joined, err := r.cl.Join(ctx, r.cfg.Table, protocol.JoinRequest{Nickname: r.name})
	if err != nil {
		return nil, joinError(r.cfg.Lang, r.refusedID(ctx), locale.Args{"Table": r.key,
			"Command": "skullking play --join " + r.key + " --spectate"}, err)
	}
	if err := storeSeat(r.cfg.Tokens, r.key, savedSeat{Token: joined.Token, Seat: joined.Seat, Name: r.name}); err != nil {
		*notes = append(*notes, r.t("tui.note.seat_unsaved", locale.Args{"Error": err.Error()}))
	}
	opts.Token = joined.Token
	conn, err := r.cl.Dial(ctx, r.cfg.Table, opts)
	if err != nil {
		return nil, joinError(r.cfg.Lang, "tui.join.cannot_connect", locale.Args{"Seat": joined.Seat, "Table": r.key}, err)
	}
	return conn, nil
}

// refusedID is the sentence of a refused join: when no seat is open, it
// says how to watch the table instead. The lobby's word on the table, not
// the refusal's sentence, decides.
func (r *Remote) refusedID(ctx context.Context) string {
	in, err := r.cl.Table(ctx, r.cfg.Table)
	if err != nil {
		return "tui.join.refused"
	}
	for _, s := range in.Seats {
		if s.Kind == protocol.SeatOpen {
			return "tui.join.refused" // refused for another reason
		}
	}
	if !in.Spectators {
		return "tui.join.refused_closed"
	}
	return "tui.join.refused_full"
}

// tableState is what the events goroutine knows of the table.
type tableState struct {
	status  string // lobby, playing, over
	host    bool
	lobby   string // the last word about the lobby, not to repeat it
	rematch string
	rules   string
	turn    time.Duration // the turn timer's length; 0: none
}

// run turns the Conn's events into the screen's updates, in order, until
// the Conn has no more.
func (r *Remote) run(notes []string) {
	defer close(r.done)
	defer close(r.updates)
	st := &tableState{}
	for _, n := range notes {
		if !r.put(st.note(n)) {
			return
		}
	}
	for ev := range r.conn.Events() {
		for _, u := range r.updatesOf(st, ev) {
			if !r.put(u) {
				return
			}
		}
	}
}

// put hands an update to the screen, unless the table is closing.
func (r *Remote) put(u Update) bool {
	select {
	case r.updates <- u:
		return true
	case <-r.ctx.Done():
		return false
	}
}

// note is a status line, saying too whether the person may start the game
// or offer a rematch, so that any note keeps those keys working.
func (st *tableState) note(text string) Update {
	return Update{Note: text, CanStart: st.status == protocol.StatusLobby && st.host,
		CanOffer: st.status == protocol.StatusOver && st.host && st.rematch == ""}
}

// updatesOf is what one event tells the screen.
func (r *Remote) updatesOf(st *tableState, ev client.Event) []Update {
	if ev.Msg == nil {
		return r.newsOf(st, ev)
	}
	m := ev.Msg
	switch m.Type {
	case protocol.TypeWelcome, protocol.TypeTable:
		if m.Table == nil {
			break
		}
		us := r.table(st, m.Table)
		if m.Type == protocol.TypeWelcome && len(m.StoodIn) > 0 && m.Seat != nil {
			// Back after a bot stood in: what it decided for the seat.
			w := words.Words{You: *m.Seat, Lang: r.cfg.Lang}
			for _, s := range m.Table.Seats {
				w.Names = append(w.Names, clean(s.Name, 24))
			}
			us = append(us, st.note(w.StoodIn(m.StoodIn)))
		}
		return us
	case protocol.TypeState:
		if r.conn.Stale(ev) {
			return nil // a later state is on its way: it says everything
		}
		u := Update{View: m.View, Rules: st.rules, TurnTime: st.turn}
		if m.Deadline > 0 {
			u.Deadline = time.UnixMilli(m.Deadline)
		}
		return []Update{u}
	case protocol.TypeError:
		return []Update{st.note(problemText(r.cfg.Lang, m.Problem))}
	case protocol.TypeChat:
		name := clean(m.Name, 24)
		if name == "" {
			name = r.t("tui.chat.someone", nil)
		}
		seat := -1
		if m.Seat != nil {
			seat = *m.Seat
		}
		u := st.note("")
		u.Chat = &feed.Chat{Seat: seat, Name: name, Text: clean(m.Text, 300)}
		return []Update{u}
	}
	return nil
}

// newsOf is what news of the connection tells the screen.
func (r *Remote) newsOf(st *tableState, ev client.Event) []Update {
	switch ev.Status {
	case client.Dropped:
		if ev.Problem != nil {
			return []Update{st.note(r.t("tui.conn.dropped_why", locale.Args{"Reason": problemText(r.cfg.Lang, ev.Problem)}))}
		}
		return []Update{st.note(r.t("tui.conn.dropped", nil))}
	case client.Retrying:
		return []Update{st.note(r.t("tui.conn.retrying", locale.Args{"Attempt": ev.Attempt, "Error": shortError(ev.Err),
			"Wait": ev.Wait.Round(time.Millisecond).String()}))}
	case client.Reconnected:
		return []Update{st.note(r.t("table.conn.reconnected", nil))}
	case client.Unreadable:
		return []Update{st.note(r.t("tui.conn.unreadable", locale.Args{"Error": clean(ev.Err.Error(), 120)}))}
	case client.Lost:
		if !r.cfg.Spectate {
			// The seat is gone (the host gave it away, the token no longer
			// answers): a later run must not try it again. Should the file
			// keep it, a later run is refused it and sits down as a
			// newcomer (takeSeat), so a failure here loses nothing.
			_ = storeSeat(r.cfg.Tokens, r.key, savedSeat{})
		}
		return []Update{{Err: lostError(ev.Err)}}
	}
	return nil
}

// shortError is a network error without the layers of "failed to…".
func shortError(err error) string {
	s := err.Error()
	if i := strings.LastIndex(s, ": "); i >= 0 && len(s)-i > 8 {
		s = s[i+2:]
	}
	return clean(s, 80)
}

// table takes the table's settings, seats and presence.
func (r *Remote) table(st *tableState, in *protocol.TableInfo) []Update {
	var out []Update
	was := st.status
	st.status = in.Status
	st.rules = ""
	if rules, err := in.Rules(); err == nil {
		st.rules = words.Words{Lang: r.cfg.Lang}.RulesSummary(rules)
	}
	st.turn = time.Duration(in.TurnSeconds) * time.Second // TableInfo.Check bounds it
	seat := r.conn.Seat()
	st.host = seat >= 0 && in.Host == seat // a spectator is never the host
	switch {
	case in.Status == protocol.StatusLobby:
		if text := r.lobbyText(st, in); text != st.lobby {
			st.lobby = text
			out = append(out, st.note(text))
		}
	case in.Status == protocol.StatusPlaying && was == protocol.StatusLobby:
		out = append(out, st.note(r.t("tui.note.started", nil)))
	case in.Status == protocol.StatusOver && was != protocol.StatusOver && st.host && in.Rematch == "":
		out = append(out, st.note(r.t("tui.note.offer", nil)))
	}
	if in.Rematch != "" && in.Rematch != st.rematch && protocol.ValidTableID(in.Rematch) {
		st.rematch = in.Rematch
		r.mu.Lock()
		r.rematch = in.Rematch
		r.mu.Unlock()
		link := r.cl.Invite(in.Rematch)
		text := r.t("tui.note.rematch", locale.Args{"Command": "skullking play --join " + link})
		if r.cfg.Spectate {
			text = r.t("tui.note.rematch_watch", locale.Args{"Command": "skullking play --join " + link + " --spectate"})
		}
		u := st.note(text)
		u.Rematch = link
		out = append(out, u)
		if !r.cfg.Spectate {
			// The same token takes the same seat at the rematch table
			// (docs/protocol.md §1), so a later run there reclaims it too;
			// if the file cannot keep it, the person is told (after the
			// offer: r takes the seat now whatever the file holds).
			if err := storeSeat(r.cfg.Tokens, link, savedSeat{Token: r.conn.Token(), Seat: seat, Name: r.name}); err != nil {
				out = append(out, st.note(r.t("tui.note.seat_unsaved", locale.Args{"Error": err.Error()})))
			}
		}
	}
	return out
}

// lobbyText says who is at the table and whom it waits for.
func (r *Remote) lobbyText(st *tableState, in *protocol.TableInfo) string {
	me := r.conn.Seat()
	var names []string
	open := 0
	hostName := ""
	for _, s := range in.Seats {
		name := clean(s.Name, 24)
		switch {
		case s.Kind == protocol.SeatOpen:
			open++
			continue
		case s.Seat == me:
			name = r.t("tui.name.you", locale.Args{"Name": name})
		case s.Kind == protocol.SeatBot:
			name = r.t("tui.name.bot", locale.Args{"Name": name})
		}
		if s.Seat == in.Host {
			hostName = clean(s.Name, 24)
		}
		names = append(names, name)
	}
	if open > 0 {
		names = append(names, r.cfg.Lang.N("tui.lobby.open", open, nil))
	}
	seats := " " + r.t("tui.lobby.seats", locale.Args{"Names": strings.Join(names, r.t("list.comma", nil))})
	switch {
	case st.host && open > 0:
		return r.t("tui.lobby.host_wait", locale.Args{"Invite": r.key}) + seats
	case st.host:
		return r.t("tui.lobby.host", nil) + seats
	case hostName != "":
		return r.t("tui.lobby.guest", locale.Args{"Name": hostName}) + seats
	}
	return r.t("table.lobby.waiting_host_none", nil) + seats
}

// t renders the catalogue's sentence id in the language of the screen.
func (r *Remote) t(id string, args locale.Args) string { return r.cfg.Lang.T(id, args) }

// answer turns the Conn's failures into the person's words, and the
// engine's refusal into the screen's.
func answer(err error) error {
	var ce *client.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ce) && ce.Refusal != nil:
		return &feed.RefusedError{Refusal: ce.Refusal}
	case errors.Is(err, client.ErrClosed):
		return ErrClosed
	case errors.Is(err, client.ErrNotConnected):
		return errNotConnected
	case errors.Is(err, client.ErrDropped):
		return errDropped
	case errors.Is(err, client.ErrNoAnswer):
		return errNoAnswer
	}
	return err
}

// ctxFor bounds one request.
func (r *Remote) ctxFor() (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.ctx, r.cfg.AckTimeout)
}

// Seat is the person's seat, as the server last numbered it.
func (r *Remote) Seat() int { return r.conn.Seat() }

// Updates delivers the person's view after every change at the table, and
// notes for the status bar.
func (r *Remote) Updates() <-chan Update { return r.updates }

// Send sends one of the person's legal actions and waits for the server's
// judgement: nil once accepted (its new view is then already on its way),
// or why not.
func (r *Remote) Send(a protocol.Action) error {
	ctx, cancel := r.ctxFor()
	defer cancel()
	return answer(r.conn.Act(ctx, a))
}

// Start starts the game; only the host may.
func (r *Remote) Start() error {
	ctx, cancel := r.ctxFor()
	defer cancel()
	return answer(r.conn.Start(ctx))
}

// OfferRematch asks the server, as the host, for a rematch table: the
// server then tells everyone at this table where it is.
func (r *Remote) OfferRematch() error {
	ctx, cancel := r.ctxFor()
	defer cancel()
	return answer(r.conn.Rematch(ctx))
}

// Chat says a line to everyone at the table. The server acknowledges no
// chat line: it relays it to everyone, the sender included, and that is
// the confirmation. A refusal comes back as the server's error, shown on
// the status line.
func (r *Remote) Chat(text string) error {
	text = strings.TrimSpace(text)
	if err := checkChat(text); err != nil {
		return err
	}
	ctx, cancel := r.ctxFor()
	defer cancel()
	return answer(r.conn.Chat(ctx, text))
}

// Hint asks the server's expert what the person should do now: one of
// the seat's legal actions. The server searches once per decision however
// often it is asked.
func (r *Remote) Hint() (Hint, error) {
	ctx, cancel := r.ctxFor()
	defer cancel()
	a, why, err := r.conn.Hint(ctx)
	var ce *client.Error
	switch {
	case errors.As(err, &ce) && ce.Code == protocol.ErrUnknownType:
		return Hint{}, errNoHints // a server from before hints
	case err != nil:
		return Hint{}, answer(err)
	}
	return Hint{Action: a, Why: words.Words{Lang: r.cfg.Lang}.Why(why)}, nil
}

// Record downloads the finished game's record; before the end the server
// refuses, since a running game's record would show every hand.
func (r *Remote) Record() ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return r.cl.Record(ctx, r.cfg.Table)
}

// Invite is the table's invite link.
func (r *Remote) Invite() string { return r.key }

// ID is the table's id (its invite code).
func (r *Remote) ID() string { return r.cfg.Table }

// Close leaves the table: the connection is closed politely and the seat
// stays the person's (its token is remembered), so a bot plays it after
// the grace period until they come back.
func (r *Remote) Close() error {
	r.once.Do(func() {
		r.cancel()
		r.conn.Close()
	})
	<-r.done
	return nil
}

// dropConnection closes the connection as a network failure would; tests
// use it to see the table come back.
func (r *Remote) dropConnection() { r.conn.Drop() }
