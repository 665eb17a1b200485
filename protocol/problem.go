package protocol

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Problem is what went wrong with a client's message or request, for the
// person: a code and its facts, never a sentence. A client words it in its
// reader's language from the catalogue, whose sentence error.<Code> takes
// Args as its placeholders (a sentence about a number is chosen by
// Args["Count"]). It rides on an error (ServerMsg.Problem, with the error
// code a program switches on), on a bye (why the connection closes) and on
// every error body of the HTTP API. The server's English sentence beside
// it (message, reason, error) is for logs and tools: a client shows the
// problem.
type Problem struct {
	Code string         `json:"code"`
	Args map[string]any `json:"args,omitempty"`
}

// NewProblem is problem code with its facts as name, value pairs:
// NewProblem(ProblemSeatTaken, "Name", "Ann").
func NewProblem(code string, pairs ...any) *Problem {
	p := &Problem{Code: code}
	for i := 0; i+1 < len(pairs); i += 2 {
		if p.Args == nil {
			p.Args = map[string]any{}
		}
		p.Args[pairs[i].(string)] = pairs[i+1]
	}
	return p
}

// String is the problem as a program's log line: its code and its facts
// in the order of their names, "seat_taken Name=Ann". A person reads it
// worded by the catalogue instead (package words).
func (p *Problem) String() string {
	if p == nil {
		return "no problem"
	}
	var b strings.Builder
	b.WriteString(p.Code)
	for _, name := range slices.Sorted(maps.Keys(p.Args)) {
		fmt.Fprintf(&b, " %s=%v", name, p.Args[name])
	}
	return b.String()
}

// The problems, each a sentence of the catalogue (error.<code>); the
// comment names its facts. Detail, where a problem has one, is a technical
// fact in English (a parser's complaint, the engine's reason for a value
// out of range) that only a program building messages by hand meets.
const (
	// Saying hello, and the connection.
	ProblemSayHello         = "say_hello"         //
	ProblemHelloAgain       = "hello_again"       //
	ProblemBadVersion       = "bad_version"       // Version
	ProblemNoSpectators     = "no_spectators"     //
	ProblemSpectatorsFull   = "spectators_full"   // Count
	ProblemBadToken         = "bad_token"         //
	ProblemSeatConnections  = "seat_connections"  // Count
	ProblemUnknownType      = "unknown_type"      // Type
	ProblemHostOnly         = "host_only"         // Type
	ProblemBadFrame         = "bad_frame"         // Detail
	ProblemBadFrameBinary   = "bad_frame_binary"  //
	ProblemBadText          = "bad_text"          // Detail
	ProblemBadFrames        = "bad_frames"        //
	ProblemRateLimited      = "rate_limited"      // Rate
	ProblemRateClosing      = "rate_closing"      //
	ProblemTableBusy        = "table_busy"        //
	ProblemNotRunning       = "not_running"       //
	ProblemMoved            = "moved"             //
	ProblemMovedSaving      = "moved_saving"      //
	ProblemRestarting       = "restarting"        //
	ProblemTableMoved       = "table_moved"       //
	ProblemPutAway          = "put_away"          //
	ProblemRestartingUnread = "restarting_unread" //
	ProblemTableMovedUnread = "table_moved_unread"
	ProblemPutAwayUnread    = "put_away_unread"
	ProblemServerGone       = "server_gone"    //
	ProblemLinkLost         = "link_lost"      //
	ProblemInternal         = "internal"       //
	ProblemRestored         = "restored"       //
	ProblemStorage          = "storage"        //
	ProblemBroken           = "broken"         //
	ProblemBrokenBecause    = "broken_because" // Detail
	ProblemNoToken          = "no_token"       //
	ProblemOverloaded       = "overloaded"     //

	// Seats, joining and leaving.
	ProblemGameOver         = "game_over"         //
	ProblemNoSuchSeat       = "no_such_seat"      // Count, Last
	ProblemSeatTaken        = "seat_taken"        // Name
	ProblemTableFull        = "table_full"        //
	ProblemSpectatorNoSeat  = "spectator_no_seat" //
	ProblemLeaveStarted     = "leave_started"     //
	ProblemLeftSeat         = "left_seat"         //
	ProblemSeatToBot        = "seat_to_bot"       //
	ProblemSeatOpened       = "seat_opened"       //
	ProblemSpectatorsClosed = "spectators_closed" //
	ProblemAlreadyStarted   = "already_started"   //
	ProblemSeatOpen         = "seat_open"         // Seat
	ProblemSeatRange        = "seat_range"        // Last
	ProblemHostKeepsSeat    = "host_keeps_seat"   //
	ProblemPlayerPresent    = "player_present"    // Name, Seat
	ProblemRemoveStarted    = "remove_started"    //
	ProblemMinSeats         = "min_seats"         // Count
	ProblemMaxSeats         = "max_seats"         // Count
	ProblemBadSet           = "bad_set"           // Set
	ProblemAddStarted       = "add_started"       //
	ProblemSeatCount        = "seat_count"        // Count
	ProblemSeatKind         = "seat_kind"         // Seat, Kind
	ProblemSeatForYou       = "seat_for_you"      //
	ProblemBotLevel         = "bot_level"         // Level, Levels
	ProblemSeatBotLevel     = "seat_bot_level"    // Seat, Level, Levels
	ProblemStandinLevel     = "standin_level"     // Level, Levels

	// Settings and rules.
	ProblemConfigureStarted = "configure_started" //
	ProblemConfigureEmpty   = "configure_empty"   //
	ProblemRematchNotOver   = "rematch_not_over"  //
	ProblemTableName        = "table_name"        // Max
	ProblemTurnSeconds      = "turn_seconds"      // Value, Max
	ProblemPlayers          = "players"           // Count
	ProblemLootTwoPlayers   = "loot_two_players"  //
	ProblemCannonRascal     = "cannon_rascal"     //
	ProblemBadOption        = "bad_option"        // Detail

	// Playing, chatting, hints.
	ProblemSpectatorsWatch = "spectators_watch"  //
	ProblemNotStarted      = "not_started"       //
	ProblemBadAction       = "bad_action"        // Detail
	ProblemChatEmpty       = "chat_empty"        // Max
	ProblemChatNotUTF8     = "chat_not_utf8"     //
	ProblemChatTooLong     = "chat_too_long"     // Count, Max
	ProblemChatUnprintable = "chat_unprintable"  // Char
	ProblemSpectatorChat   = "no_spectator_chat" //
	ProblemChatBusy        = "chat_busy"         //
	ProblemChatEncode      = "chat_encode"       //
	ProblemHintSeated      = "hint_seated"       //
	ProblemNoGame          = "no_game"           //
	ProblemNothingToDecide = "nothing_to_decide" //
	ProblemNoAdvice        = "no_advice"         //
	ProblemAdviceLate      = "advice_late"       //

	// Nicknames (Nickname: the name as the server quotes it, its invisible
	// characters escaped; Name: a name it looks like).
	ProblemNicknameNotUTF8               = "nickname_not_utf8"                // Detail
	ProblemNicknameUnreadable            = "nickname_unreadable"              // Nickname
	ProblemNicknameEmpty                 = "nickname_empty"                   // Max
	ProblemNicknameTooLong               = "nickname_too_long"                // Count, Max
	ProblemNicknameLong                  = "nickname_long"                    // Nickname, Count, Max
	ProblemNicknameDisallowed            = "nickname_disallowed"              // Nickname, Detail
	ProblemNicknameMark                  = "nickname_mark"                    // Detail
	ProblemNicknameUnchecked             = "nickname_unchecked"               // Nickname
	ProblemNicknameCluster               = "nickname_cluster"                 // Nickname, Count, Max
	ProblemNicknameBot                   = "nickname_bot"                     // Name
	ProblemNicknameGraybeard             = "nickname_graybeard"               // Name
	ProblemNicknameSpectator             = "nickname_spectator"               // Name
	ProblemNicknameLikeBot               = "nickname_like_bot"                // Nickname, Name
	ProblemNicknameLikeBotMark           = "nickname_like_bot_mark"           // Nickname, Name
	ProblemNicknameLikeBotSelector       = "nickname_like_bot_selector"       // Nickname, Name
	ProblemNicknameLikeGraybeard         = "nickname_like_graybeard"          // Nickname, Name
	ProblemNicknameLikeGraybeardMark     = "nickname_like_graybeard_mark"     // Nickname, Name
	ProblemNicknameLikeGraybeardSelector = "nickname_like_graybeard_selector" // Nickname, Name
	ProblemNicknameLikeSpectator         = "nickname_like_spectator"          // Nickname, Name
	ProblemNicknameLikeSpectatorMark     = "nickname_like_spectator_mark"     // Nickname, Name
	ProblemNicknameLikeSpectatorSelector = "nickname_like_spectator_selector" // Nickname, Name
	ProblemNicknameLikeSeat              = "nickname_like_seat"               // Nickname, Name
	ProblemNicknameLikeSeatMark          = "nickname_like_seat_mark"          // Nickname, Name
	ProblemNicknameLikeSeatSelector      = "nickname_like_seat_selector"      // Nickname, Name
	ProblemNicknameTaken                 = "nickname_taken"                   // Nickname

	// The HTTP API's own.
	ProblemNoTable         = "no_table"             //
	ProblemNoRoute         = "no_route"             // Method, Path
	ProblemBody            = "body"                 // Detail
	ProblemBodyTooBig      = "body_too_big"         // Max
	ProblemTooManyRequests = "too_many_requests"    //
	ProblemTooManyConns    = "too_many_connections" // Count
	ProblemTooManyTables   = "too_many_tables"      // Count
	ProblemServerFull      = "server_full"          //
	ProblemServerClosing   = "server_closing"       //
	ProblemTableMoving     = "table_moving"         //
	ProblemNoAnswer        = "no_answer"            //
	ProblemUnhealthy       = "unhealthy"            // Detail
	ProblemRecordNotOver   = "record_not_over"      //
	ProblemReviewNotOver   = "review_not_over"      //
	ProblemReplayNotOver   = "replay_not_over"      //
	ProblemBadViewer       = "bad_viewer"           // Value
	ProblemReviewBusy      = "review_busy"          //
	ProblemReviewFailed    = "review_failed"        // Detail
	ProblemRecordBad       = "record_unreadable"    // Detail
	ProblemRecordUnplayed  = "record_unfinished"    //

	// A client's own, for a problem it cannot word (a later server's).
	ProblemUnknown = "unknown"
)
