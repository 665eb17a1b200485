package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Version is the protocol version a client names in its hello.
const Version = 2

// Subprotocol is the WebSocket subprotocol of this version.
const Subprotocol = "skullking.v2"

// MaxFrame is the largest frame a client may send, in bytes.
const MaxFrame = 4096

// MaxChat is the longest chat line, in characters (after surrounding
// spaces are trimmed): room for a sentence or two, not for a wall of text
// in front of every player.
const MaxChat = 300

// ChatHistory is how many of a table's latest chat lines its welcome
// carries (ServerMsg.Chat): enough to catch up on what was said during a
// dropped connection or a reload, few enough that a welcome stays small.
const ChatHistory = 50

// MaxServerFrame bounds one frame a client accepts from a server: a state
// of eight seats with a round's tricks and a long game's sheet is some tens
// of kilobytes; the bound only stops a runaway server from filling a
// client's memory.
const MaxServerFrame = 1 << 20

// Client message types.
const (
	TypeHello     = "hello"     // first frame: token or spectate
	TypeAct       = "act"       // a game action
	TypeStart     = "start"     // host: start the game
	TypeSeat      = "seat"      // host: set a seat to a bot, open it, or remove it
	TypeAddSeat   = "add_seat"  // host: add a seat before the start
	TypeConfigure = "configure" // host: change the settings before the start
	TypeRematch   = "rematch"   // host: offer a rematch once the game is over
	TypeChat      = "chat"      // a line of chat (also sent by the server: a line relayed)
	TypeLeave     = "leave"     // give up one's seat before the start
	TypeHint      = "hint"      // ask the expert what to do now (also the server's answer)
	TypeJoin      = "join"      // take a seat (sent by the HTTP lobby on the client's behalf)
)

// Server message types.
const (
	TypeWelcome = "welcome" // reply to hello
	TypeTable   = "table"   // the table: settings, seats, presence, status
	TypeState   = "state"   // the game as this client may see it
	TypeAck     = "ack"     // the sender's own message was accepted
	TypeError   = "error"   // a message was refused; nothing changed
	TypeJoined  = "joined"  // reply to join: seat and token
	TypeBye     = "bye"     // the server is closing this connection
)

// Error codes, stable for clients to switch on; Problem says what went
// wrong, for the client to word.
const (
	ErrBadFrame      = "bad_frame"    // not JSON, not text, or too large
	ErrUnknownType   = "unknown_type" // a message type the server does not know
	ErrBadVersion    = "bad_version"  // hello names a version the server does not speak
	ErrNeedHello     = "need_hello"   // a message before hello, or a second hello
	ErrBadToken      = "bad_token"    // no seat answers to this token
	ErrNoSpectator   = "no_spectators"
	ErrIllegal       = "illegal"    // the engine refused the action (refusal: why)
	ErrNotSeated     = "not_seated" // a spectator tried to act
	ErrNotHost       = "not_host"
	ErrPlayerPresent = "player_present" // mid-game, the host's seat message named a connected player
	ErrBadRequest    = "bad_request"    // a well-formed message that cannot be done now
	ErrRateLimited   = "rate_limited"
	ErrOverloaded    = "overloaded" // the table's queue is full: try again
	ErrNoTable       = "no_table"
	ErrInternal      = "internal"
	ErrNotOver       = "not_over" // HTTP: the record waits for the end of the game

	// The limits that keep a crowd from hurting a table or the server.
	ErrSpectatorsFull  = "spectators_full"      // the table has as many spectators as the server allows
	ErrTooManyConns    = "too_many_connections" // HTTP: this address has as many table connections open as allowed
	ErrTooManyTables   = "too_many_tables"      // HTTP: this address has as many unfinished tables as allowed
	ErrChatLimited     = "chat_limited"         // the table's chat is at its rate: the line was not relayed
	ErrChatTooLong     = "chat_too_long"        // a chat line over MaxChat characters
	ErrNoSpectatorChat = "no_spectator_chat"    // a spectator's line at a table whose host did not allow it
)

// Seat settings of a host's seat message.
const (
	SetBot    = "bot"
	SetOpen   = "open"
	SetRemove = "remove"
)

// ClientMsg is every message a client sends; Type says which fields count.
type ClientMsg struct {
	Type string `json:"type"`
	// ID is the client's number for this message, echoed in the ack or
	// error that answers it.
	ID       int64  `json:"id,omitempty"`
	V        int    `json:"v,omitempty"`        // hello
	Token    string `json:"token,omitempty"`    // hello
	Spectate bool   `json:"spectate,omitempty"` // hello
	// ResultsOnce, in a hello, asks the server to leave a state's results
	// out while they are what this connection was last sent (View.Results
	// absent: unchanged; KeepResults restores them).
	ResultsOnce bool `json:"results_once,omitempty"`
	// Follow, in a hello, says the client reconnects to the server a bye
	// names (ServerMsg.Server): a node of a cluster may then send it to the
	// node that runs its table instead of relaying its messages there.
	Follow   bool            `json:"follow,omitempty"`
	Action   *Action         `json:"action,omitempty"`   // act
	Seat     *int            `json:"seat,omitempty"`     // seat, join
	Set      string          `json:"set,omitempty"`      // seat: bot, open, remove
	Level    string          `json:"level,omitempty"`    // seat, add_seat: bot level ("" on add_seat: open)
	Text     string          `json:"text,omitempty"`     // chat
	Name     string          `json:"name,omitempty"`     // join
	Settings *SettingsUpdate `json:"settings,omitempty"` // configure
}

// ServerMsg is every message the server sends; Type says which fields count.
type ServerMsg struct {
	Type  string     `json:"type"`
	V     int        `json:"v,omitempty"`     // welcome
	ID    int64      `json:"id,omitempty"`    // ack, error, hint: the client's message id
	Seq   int64      `json:"seq,omitempty"`   // state, ack: actions accepted so far
	Seat  *int       `json:"seat,omitempty"`  // welcome, joined, chat: −1 for a spectator
	Host  bool       `json:"host,omitempty"`  // welcome: this client may use host commands
	Token string     `json:"token,omitempty"` // joined
	Table *TableInfo `json:"table,omitempty"` // welcome, table
	View  *View      `json:"view,omitempty"`  // state
	Event *Event     `json:"event,omitempty"` // state: what just happened, if anything
	Code  string     `json:"code,omitempty"`  // error
	// Problem, on an error or a bye, is what went wrong as a code and its
	// facts, for the client to word (problem.go).
	Problem *Problem `json:"problem,omitempty"`
	// Message, on an error, is Problem (or the refusal) in English, for
	// logs and tools: a client shows Problem, worded in its reader's
	// language.
	Message string `json:"message,omitempty"`
	// Refusal, on an illegal action's error, says why as a code and its
	// facts, for the client to word.
	Refusal *Refusal `json:"refusal,omitempty"`
	Name    string   `json:"name,omitempty"` // chat: who
	Text    string   `json:"text,omitempty"` // chat; hint: why
	// Line names a chat line (ChatLine.Line), so that a client can tell a
	// line of a welcome's history it has already shown.
	Line int64 `json:"line,omitempty"`
	// Reason, on a bye, is its Problem in English, for logs and tools.
	Reason string `json:"reason,omitempty"`
	// Reconnect marks a bye worth coming back from: the server is
	// restarting, the table moved or was put away. Without it the seat (or
	// the spectator's place) is gone.
	Reconnect bool `json:"reconnect,omitempty"`
	// Server, on a bye that asks to reconnect, is where to: the absolute
	// http or https address of the node that runs the table. Only a client
	// that said Follow in its hello is sent one.
	Server string `json:"server,omitempty"`
	// Hint answers a hint request: the expert's recommended action, and
	// Why its reason, for the client to word (Text is both in English, for
	// logs and tools).
	Hint *Action `json:"hint,omitempty"`
	Why  *Why    `json:"why,omitempty"`
	// Deadline is when the turn timer runs out for the seats still to act,
	// in Unix milliseconds; 0 when no timer runs.
	Deadline int64 `json:"deadline,omitempty"`
	// StoodIn, in the welcome of a player coming back, is what the stand-in
	// bot decided for the seat while the player was away, oldest first
	// (OwnEventOf: the seat's own bids and loads included), so that the
	// player is told what was done in their name.
	StoodIn []Event `json:"stood_in,omitempty"`
	// Chat, in a welcome, is the table's latest chat lines (at most
	// ChatHistory), oldest first: what was said while this client was
	// away, or before it came.
	Chat []ChatLine `json:"chat,omitempty"`
}

// ChatLine is a line of a table's chat as a welcome's history carries it:
// the fields of the chat message that relayed it.
type ChatLine struct {
	// Line names the line at its table. Numbers grow: a line's is the
	// Unix time in milliseconds when it was said, or one more than the
	// line before's when that is not less, so they keep growing across a
	// restart or a move of the table as long as the nodes' clocks agree.
	Line int64  `json:"line"`
	Seat int    `json:"seat"` // the speaker's; −1 for a spectator
	Name string `json:"name"`
	Text string `json:"text"`
}

// Encode writes a message as one frame.
func Encode(msg any) ([]byte, error) { return json.Marshal(msg) }

// DecodeClient reads one frame a client sent: a JSON object of at most
// MaxFrame bytes with a type. Unknown fields are ignored (a later client
// may send more); the message's fields are checked by the table that acts
// on it. Every string in the frame must be text (strict.go): bytes that are
// not UTF-8 are a *UTF8Error, a lone surrogate escape or U+FFFD a
// *TextError naming the field.
func DecodeClient(data []byte) (ClientMsg, error) {
	var m ClientMsg
	if len(data) > MaxFrame {
		return m, fmt.Errorf("a frame of %d bytes: at most %d", len(data), MaxFrame)
	}
	if err := CheckText(data); err != nil {
		return m, err
	}
	if err := decodeObject(data, &m); err != nil {
		return ClientMsg{}, err
	}
	if m.Type == "" {
		return ClientMsg{}, errors.New(`a message needs a "type"`)
	}
	return m, nil
}

// DecodeServer reads one frame a server sent and checks what a client will
// use of it: the view's seats, cards and indexes (View.Check), the table's
// seats. Unknown fields and message types are not errors (a later server
// may send more); a message that cannot be read or checked is.
func DecodeServer(data []byte) (ServerMsg, error) {
	var m ServerMsg
	return decodeServer(data, &m, &m, nil)
}

// decodeServer reads a server frame into into, a ServerMsg or a type
// that reads part of one into m, runs then (if any) to finish m, and
// checks m.
func decodeServer(data []byte, into any, m *ServerMsg, then func()) (ServerMsg, error) {
	if len(data) > MaxServerFrame {
		return ServerMsg{}, fmt.Errorf("a frame of %d bytes: at most %d", len(data), MaxServerFrame)
	}
	if err := decodeObject(data, into); err != nil {
		return ServerMsg{}, err
	}
	if then != nil {
		then()
	}
	return checkServer(*m)
}

// DecodeServerWithoutResults is DecodeServer for a program that does not
// show the score sheet: the view's results are left out (nil) unread, and
// everything else is read and checked as DecodeServer does. Every state
// repeats the whole sheet, most of a frame late in a game, so a client
// that only plays (a bot, a load generator) reads a state for a fraction
// of the cost. The sheet must still be well-formed JSON.
func DecodeServerWithoutResults(data []byte) (ServerMsg, error) {
	var m ServerMsg
	in := messageWithoutResults{ServerMsg: &m}
	return decodeServer(data, &in, &m, func() {
		if in.View != nil {
			m.View = in.View.View
			if m.View == nil { // a view of nothing but results
				m.View = &View{}
			}
		}
	})
}

// DecodeServerToAct reads a message for a program that acts from the
// view's legal actions alone, such as a load generator's players. Of a
// state it reads only the type, seq and event, and of the view its seat,
// phase and legal actions (glance.go): everything else, the hand, the
// tricks, the seats and the sheet, is stepped over, neither read nor
// checked, and left out of the view (zero). A state's view is most of its
// bytes, and such a program is sent four states an action. Any other
// message is read and checked as DecodeServer reads it.
func DecodeServerToAct(data []byte) (ServerMsg, error) {
	if len(data) <= MaxServerFrame {
		if m, ok := glanceState(data); ok {
			return m, nil
		}
	}
	var m ServerMsg
	in := messageToAct{ServerMsg: &m}
	return decodeServer(data, &in, &m, func() {
		if in.View != nil {
			m.View = in.View.View
			if m.View == nil { // a view of nothing but results and a hand
				m.View = &View{}
			}
		}
	})
}

type messageToAct struct {
	*ServerMsg
	View *viewToAct `json:"view"`
}

type viewToAct struct {
	*View
	Results unread `json:"results"`
	Hand    unread `json:"hand"`
}

// messageWithoutResults reads a ServerMsg whose view skips its results:
// encoding/json fills the shallowest field of a name, so "view" and
// "results" land in the fields declared here rather than in the embedded
// message's and view's.
type messageWithoutResults struct {
	*ServerMsg
	View *viewWithoutResults `json:"view"`
}

type viewWithoutResults struct {
	*View
	Results unread `json:"results"`
}

// unread takes any JSON value and keeps nothing of it.
type unread struct{}

func (*unread) UnmarshalJSON([]byte) error { return nil }

// DecodeServerHeading reads only a server frame's own fields (its type,
// seq, seat, code, message, reason…) and leaves the view, the table, the
// event and the refusal out (nil), unread: for a program that only counts
// what it is sent and watches for errors, such as a load generator's
// spectators. The frame must still be one well-formed JSON object of at
// most MaxServerFrame bytes, with a type.
func DecodeServerHeading(data []byte) (ServerMsg, error) {
	var m ServerMsg
	return decodeServer(data, &messageHeading{ServerMsg: &m}, &m, nil)
}

// messageHeading reads a ServerMsg without its parts that are objects.
type messageHeading struct {
	*ServerMsg
	Table   unread `json:"table"`
	View    unread `json:"view"`
	Event   unread `json:"event"`
	Refusal unread `json:"refusal"`
	Hint    unread `json:"hint"`
	StoodIn unread `json:"stood_in"`
}

// checkServer checks a decoded server message as DecodeServer promises.
func checkServer(m ServerMsg) (ServerMsg, error) {
	if m.Type == "" {
		return ServerMsg{}, errors.New(`a message without a "type"`)
	}
	if m.View != nil {
		if err := m.View.Check(); err != nil {
			return ServerMsg{}, fmt.Errorf("%s: the view %v", m.Type, err)
		}
	}
	if m.Table != nil {
		if err := m.Table.Check(); err != nil {
			return ServerMsg{}, fmt.Errorf("%s: the table %v", m.Type, err)
		}
	}
	if m.Seat != nil && (*m.Seat < -1 || *m.Seat >= maxSeats) {
		return ServerMsg{}, fmt.Errorf("%s: seat %d", m.Type, *m.Seat)
	}
	if m.Server != "" {
		if err := CheckServerAddress(m.Server); err != nil {
			return ServerMsg{}, fmt.Errorf("%s: %v", m.Type, err)
		}
	}
	for _, l := range m.Chat {
		if l.Seat < -1 || l.Seat >= maxSeats {
			return ServerMsg{}, fmt.Errorf("%s: a chat line of seat %d", m.Type, l.Seat)
		}
	}
	return m, nil
}

// decodeObject reads exactly one JSON object into v. json.Unmarshal
// refuses anything after the object, and reads the frame in place where a
// json.Decoder would copy it first.
func decodeObject(data []byte, v any) error {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return errors.New("not a JSON object")
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("not a message: %w", err)
	}
	return nil
}
