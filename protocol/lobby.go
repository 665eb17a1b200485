package protocol

import (
	"encoding/json"
	"fmt"

	"github.com/skullking-go/skullking"
)

// The lobby's HTTP API (docs/protocol.md §2): every body is one JSON
// object; every error answers with an ErrorBody.

// ServerInfo answers GET /api.
type ServerInfo struct {
	Protocol    int      `json:"protocol"`
	Subprotocol string   `json:"subprotocol"`
	Bots        []string `json:"bots"` // the bot levels, weakest first
	MaxFrame    int      `json:"max_frame"`
	MaxChat     int      `json:"max_chat"` // the longest chat line, in characters
	// MaxName is the longest nickname, in characters as a reader counts
	// them (grapheme clusters), for a client that checks before it sends.
	MaxName int `json:"max_name"`
}

// ErrorBody is every error of the HTTP API: a code for programs, the
// problem for the client to word (problem.go), and the problem in English
// for logs and tools.
type ErrorBody struct {
	Error   string   `json:"error"`
	Code    string   `json:"code"`
	Problem *Problem `json:"problem,omitempty"`
}

// Settings are a table's settings: its name, the rules, the pace and who
// may see it.
type Settings struct {
	Name        string            `json:"name"`
	Options     skullking.Options `json:"options"`
	TurnSeconds int               `json:"turn_seconds"` // 0: no turn timer
	Public      bool              `json:"public"`       // listed in the lobby
	Spectators  bool              `json:"spectators"`   // may be watched
	// Standin is the bot level that plays for an absent player and acts
	// when a turn timer runs out.
	Standin string `json:"standin"`
	// AutoLast plays a player's forced last card for them.
	AutoLast bool `json:"auto_last"`
	// SpectatorChat lets spectators chat; otherwise only the seats do, so
	// that a crowd of watchers cannot drown the players.
	SpectatorChat bool `json:"spectator_chat"`
}

// SettingsUpdate is a configure message's change: absent fields stay.
type SettingsUpdate struct {
	Name          *string            `json:"name,omitempty"`
	Options       *skullking.Options `json:"options,omitempty"`
	TurnSeconds   *int               `json:"turn_seconds,omitempty"`
	Public        *bool              `json:"public,omitempty"`
	Spectators    *bool              `json:"spectators,omitempty"`
	Standin       *string            `json:"standin,omitempty"`
	AutoLast      *bool              `json:"auto_last,omitempty"`
	SpectatorChat *bool              `json:"spectator_chat,omitempty"`
}

// SeatSpec is one seat of a new table: open for a person, or a bot.
type SeatSpec struct {
	Kind  string `json:"kind"`            // "open" (or "person") or "bot"
	Level string `json:"level,omitempty"` // a bot's level
}

// CreateRequest is POST /api/tables: everything needed to open a table. The
// creator takes the first open seat and becomes the host.
type CreateRequest struct {
	Nickname string     `json:"nickname"`
	Seats    []SeatSpec `json:"seats"`
	Settings Settings   `json:"settings"`
}

// CreateResponse is a new table: the creator's seat and token, and where
// to go.
type CreateResponse struct {
	ID     string `json:"id"`
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
	Invite string `json:"invite"` // the link to share
	WS     string `json:"ws"`     // the table's WebSocket path
}

// RecordResponse is POST /api/records: the finished table that keeps a
// game played elsewhere, and where its review is.
type RecordResponse struct {
	ID     string `json:"id"`
	Review string `json:"review"`
}

// JoinRequest is POST /api/tables/{id}/join: a seat for a nickname.
type JoinRequest struct {
	Nickname string `json:"nickname"`
	Seat     *int   `json:"seat,omitempty"` // default: the first open seat
}

// JoinResponse is the seat taken and the token that takes it back.
type JoinResponse struct {
	ID    string `json:"id"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
	WS    string `json:"ws"`
}

// TableList answers GET /api/tables.
type TableList struct {
	Tables []TableInfo `json:"tables"`
}

// Table statuses.
const (
	StatusLobby   = "lobby"
	StatusPlaying = "playing"
	StatusOver    = "over"
)

// TableInfo is what everyone may know of a table.
type TableInfo struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Status      string `json:"status"` // lobby, playing, over
	Public      bool   `json:"public"`
	Spectators  bool   `json:"spectators"`
	TurnSeconds int    `json:"turn_seconds"`
	Standin     string `json:"standin"`
	AutoLast    bool   `json:"auto_last"`
	// SpectatorChat says whether spectators may chat (a client hides their
	// chat box otherwise).
	SpectatorChat bool `json:"spectator_chat"`
	// Options are the rules as a record's options object: only what differs
	// from the standard rules. A client reads them with Rules, and says
	// them in one line from the catalogue (words.RulesSummary).
	Options  json.RawMessage `json:"options"`
	Seats    []SeatPresence  `json:"seats"`
	Host     int             `json:"host"`              // the host's seat, −1 if none
	Watching int             `json:"watching"`          // spectators connected
	Rematch  string          `json:"rematch,omitempty"` // the rematch table's id once offered
}

// Seat kinds of a table.
const (
	SeatOpen   = "open"
	SeatPerson = "person"
	SeatBot    = "bot"
)

// SeatPresence is a seat as the lobby and the table show it.
type SeatPresence struct {
	Seat      int    `json:"seat"`
	Kind      string `json:"kind"` // open, person or bot
	Name      string `json:"name,omitempty"`
	Level     string `json:"level,omitempty"`      // a bot seat's level
	Connected bool   `json:"connected"`            // a person with at least one live connection
	BotPlays  bool   `json:"bot_plays,omitempty"`  // a bot plays for the absent person
	AwaySince int64  `json:"away_since,omitempty"` // Unix ms the person dropped, while absent
}

// ValidTableID accepts what a server makes a table id of: 1 to 32
// lower-case letters and digits.
func ValidTableID(id string) bool {
	if len(id) == 0 || len(id) > 32 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// NewTableInfo starts the public picture of a table with rules o.
func NewTableInfo(id string, o skullking.Options) TableInfo {
	raw, _ := o.MarshalJSON()
	return TableInfo{ID: id, Options: raw, Host: -1}
}

// Rules reads the table's rules.
func (t *TableInfo) Rules() (skullking.Options, error) {
	o := skullking.DefaultOptions()
	if len(t.Options) == 0 || string(t.Options) == "null" {
		return o, nil
	}
	err := json.Unmarshal(t.Options, &o)
	return o, err
}

// maxSeats bounds the seats of a table or a view: eight players, or two and
// Graybeard.
const maxSeats = 9

// Check tests what a client will use of a table it was sent.
func (t *TableInfo) Check() error {
	if len(t.Seats) > 8 {
		return fmt.Errorf("has %d seats", len(t.Seats))
	}
	for i, s := range t.Seats {
		if s.Seat != i {
			return fmt.Errorf("lists seat %d as seat %d", i, s.Seat)
		}
		switch s.Kind {
		case SeatOpen, SeatPerson, SeatBot:
		default:
			return fmt.Errorf("seat %d is of kind %q", i, s.Kind)
		}
	}
	if t.Host < -1 || t.Host >= len(t.Seats) {
		return fmt.Errorf("names seat %d host", t.Host)
	}
	if t.TurnSeconds < 0 || t.TurnSeconds > 24*3600 {
		return fmt.Errorf("has a turn timer of %d s", t.TurnSeconds)
	}
	return nil
}

// SocketPath is table id's WebSocket path on its server.
func SocketPath(id string) string { return "/api/tables/" + id + "/ws" }
