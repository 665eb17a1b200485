package server_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// The lobby refuses a nickname that looks like a seated person's (a
// combining mark does not make it new), a reserved name (a bot's,
// Graybeard, spectator), one with marks stacked past the cap and one that
// is not text, each with a 4xx error in the protocol's error shape naming
// the rule; the table is as it was.
func TestLobbyRefusesLookalikeAndReservedNicknames(t *testing.T) {
	ts := testserver.Start(t)
	id := ts.Create("Owner", []protocol.SeatSpec{testserver.Open, testserver.Open, testserver.Bot("random")}, short).ID
	before := ts.Info(id)
	ctx := testserver.Context(t, 30*time.Second)
	for _, c := range []struct{ nickname, problem, says string }{
		{"Оwner", protocol.ProblemNicknameLikeSeat, `the nickname "Оwner" looks like "Owner", who sits at this table`}, // a Cyrillic О
		{"ＯＷＮＥＲ", protocol.ProblemNicknameTaken, `the nickname "OWNER" is taken at this table`},
		{"Blackbeard", protocol.ProblemNicknameBot, "Blackbeard is a bot's name"},
		{"Mary Read", protocol.ProblemNicknameBot, "Mary Read is a bot's name"}, // the bot in seat 2
		{"B1ackbeard", protocol.ProblemNicknameLikeBot, `the nickname "B1ackbeard" looks like "Blackbeard", a bot's name`},
		{"Ann\u0007", protocol.ProblemNicknameDisallowed, `the nickname "Ann\a" holds U+0007, a control character`},
		{"Graybeard", protocol.ProblemNicknameGraybeard, "Graybeard is the name of the ghost player of a two-player game"},
		{"Spectator", protocol.ProblemNicknameSpectator, "spectator is the name every spectator chats under"},
		{"Owner\u0307", protocol.ProblemNicknameLikeSeatMark,
			`the nickname "Owneṙ" looks like "Owner", who sits at this table: only a combining mark sets them apart`},
		{"a" + strings.Repeat("\u0336", 23), protocol.ProblemNicknameMark,
			`a nickname stacks at most 4 combining marks on one character; this one stacks 23 on "a"`},
	} {
		// The problem is on the wire as a code for the client to word; the
		// English beside it, for logs, is the catalogue's sentence.
		_, err := ts.Client().Join(ctx, id, protocol.JoinRequest{Nickname: c.nickname})
		var e *client.Error
		if !errors.As(err, &e) || e.Status != 409 || e.Code != protocol.ErrBadRequest || e.Problem == nil ||
			e.Problem.Code != c.problem || e.Message != c.says {
			t.Fatalf("join as %q: %v (%+v), want 409 bad_request, problem %s, %q", c.nickname, err, e, c.problem, c.says)
		}
	}
	// Bytes no client of package client can send: an invalid byte, and a
	// lone surrogate escape the JSON decoder would turn into U+FFFD.
	for _, c := range []struct{ body, says string }{
		{"{\"nickname\": \"Ann\xff\"}", "request body: not valid UTF-8 (byte 0xff at offset 17)"},
		{`{"nickname": "Ann\udc00"}`, `request body: the field "nickname" holds \udc00, half of a UTF-16 surrogate pair without its other half: no character`},
		{`{"nickname": "Ann","x":"\ud800"}`, `request body: the field "x" holds \ud800, half of a UTF-16 surrogate pair without its other half: no character`},
	} {
		status, answer := httpPost(t, ts.Base+"/api/tables/"+id+"/join", []byte(c.body))
		var e protocol.ErrorBody
		if err := json.Unmarshal(answer, &e); err != nil || status/100 != 4 || e.Code != protocol.ErrBadRequest || e.Error != c.says {
			t.Fatalf("join with %q: %d %s, want a 4xx bad_request %q", c.body, status, answer, c.says)
		}
	}
	if after := ts.Info(id); !reflect.DeepEqual(after, before) {
		t.Fatalf("the table after refused joins:\n%+v\nbefore:\n%+v", after, before)
	}
	// Creating a table as a bot is refused too, and makes no table.
	for _, nickname := range []string{"Blackbeard", "Calico Jack"} {
		_, err := ts.Client().Create(ctx, protocol.CreateRequest{Nickname: nickname,
			Seats: []protocol.SeatSpec{testserver.Open, testserver.Open}, Settings: short})
		var e *client.Error
		if !errors.As(err, &e) || e.Status != 400 || e.Code != protocol.ErrBadRequest || e.Message != nickname+" is a bot's name" {
			t.Fatalf("create as %q: %v", nickname, err)
		}
	}
	status, answer := httpPost(t, ts.Base+"/api/tables", []byte("{\"nickname\": \"\xc3\", \"seats\": [{\"kind\": \"open\"}, {\"kind\": \"open\"}]}"))
	if status != 400 || !json.Valid(answer) {
		t.Fatalf("create with an invalid byte: %d %s", status, answer)
	}
	// A name unlike every other is stored in its normalised form.
	joined := ts.Join(id, "  Ｂｅｎ  ")
	ben := sit(t, ts.Client(), id, "Ben", joined.Token)
	if s := ben.welcome.Table.Seats[joined.Seat]; s.Name != "Ben" {
		t.Fatalf("Ben's seat %+v, want the name normalised", s)
	}
}

// During a game the host's seat message may not take a connected
// player's seat (player_present), and may give an away player's to a bot.
func TestHostSeatRuleOnTheWire(t *testing.T) {
	ts := testserver.Start(t)
	id, clients, _, _ := seatGame(t, ts, 3, nil, short)
	ann, ben := clients[0], clients[1]
	for _, set := range []string{protocol.SetBot, protocol.SetOpen} {
		_, err := ann.request(protocol.ClientMsg{Type: protocol.TypeSeat, Seat: intp(1), Set: set, Level: "random"})
		if code(err) != protocol.ErrPlayerPresent {
			t.Fatalf("set %s on Ben's seat while he plays: %v, want %s", set, err, protocol.ErrPlayerPresent)
		}
	}
	// The lobby hears of arrivals at its next presence interval.
	ts.WaitInfo(id, 5*time.Second, "Ben's, connected, after the refusals", func(in protocol.TableInfo) bool {
		s := in.Seats[1]
		return s.Kind == protocol.SeatPerson && s.Name == "Ben" && s.Connected
	})
	ben.conn.Close()
	waitTable(t, ann, func(in *protocol.TableInfo) bool { return !in.Seats[1].Connected })
	if _, err := ann.request(protocol.ClientMsg{Type: protocol.TypeSeat, Seat: intp(1), Set: protocol.SetBot, Level: "random"}); err != nil {
		t.Fatalf("give away Ben's seat once he is away: %v", err)
	}
	in := waitTable(t, ann, func(in *protocol.TableInfo) bool { return in.Seats[1].Kind == protocol.SeatBot })
	if s := in.Seats[1]; s.Name != "Ben" || s.Level != "random" {
		t.Fatalf("Ben's seat given to a bot: %+v", s)
	}
}

// Over the wire, a nickname is counted by grapheme and keeps the emoji
// Unicode recommends: GET /api says the limit, the pirate flag's joiner
// reaches the other seats whole, and a joiner between letters or a 25th
// flag is refused in the protocol's error shape.
func TestLobbyTakesEmojiNicknamesByGrapheme(t *testing.T) {
	ts := testserver.Start(t)
	ctx := testserver.Context(t, 30*time.Second)
	if info, err := ts.Client().Info(ctx); err != nil || info.MaxName != 24 {
		t.Fatalf("GET /api: %+v, %v, want max_name 24", info, err)
	}
	id := ts.Create("Owner", []protocol.SeatSpec{testserver.Open, testserver.Open, testserver.Bot("random")}, short).ID
	for _, c := range []struct{ nickname, says string }{
		{"Ja\u200dck", `the nickname "Ja\u200dck" holds U+200D, a zero-width joiner, outside an emoji: only one of Unicode's recommended emoji (the RGI set), such as 🏴‍☠️, may hold it`},
		{strings.Repeat("🇫🇷", 25), `a nickname has 1 to 24 characters; "` + strings.Repeat("🇫🇷", 25) + `" has 25`},
	} {
		_, err := ts.Client().Join(ctx, id, protocol.JoinRequest{Nickname: c.nickname})
		var e *client.Error
		if !errors.As(err, &e) || e.Status != 409 || e.Code != protocol.ErrBadRequest || e.Message != c.says {
			t.Fatalf("join as %q: %v (%+v), want 409 bad_request %q", c.nickname, err, e, c.says)
		}
	}
	const jack = "\U0001F3F4\u200d\u2620\ufe0f Jack" // the pirate flag, a ZWJ sequence
	joined := ts.Join(id, "  "+jack+" ")
	if s := sit(t, ts.Client(), id, jack, joined.Token).welcome.Table.Seats[joined.Seat]; s.Name != jack {
		t.Fatalf("Jack's seat %+v, want the name %q", s, jack)
	}
}
