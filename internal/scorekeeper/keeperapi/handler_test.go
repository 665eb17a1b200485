package keeperapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/recordtest"
	"github.com/skullking-go/skullking/internal/scorekeeper"
	"github.com/skullking-go/skullking/internal/scorekeeper/sheettest"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// client drives the API in process.
type client struct {
	t    *testing.T
	h    *handler
	srv  http.Handler
	book string
}

func newClient(t *testing.T) *client {
	h := newHandler(scorekeeper.NewMemoryStore())
	return &client{t: t, h: h, srv: h.routes(), book: scorekeeper.NewToken()}
}

// do sends a request; body is JSON-encoded unless it is a string or nil.
func (c *client) do(method, path string, body any, header ...string) *httptest.ResponseRecorder {
	c.t.Helper()
	var rd *bytes.Reader
	switch b := body.(type) {
	case nil:
		rd = bytes.NewReader(nil)
	case string:
		rd = bytes.NewReader([]byte(b))
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			c.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set(BookHeader, c.book)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	c.srv.ServeHTTP(rec, req)
	return rec
}

// sheetResp is a sheet as the API answers it.
type sheetResp struct {
	ID          string          `json:"id"`
	Follow      string          `json:"follow"`
	Version     int64           `json:"version"`
	ReadOnly    bool            `json:"read_only"`
	Title       string          `json:"title"`
	Players     []string        `json:"players"`
	Options     json.RawMessage `json:"options"`
	RuleChanges []struct {
		FromRound int             `json:"from_round"`
		Options   json.RawMessage `json:"options"`
	} `json:"rule_changes"`
	Rounds []scorekeeper.Round `json:"rounds"`
	Score  *scorekeeper.Score  `json:"score"`
}

type errResp struct {
	Error string     `json:"error"`
	Code  string     `json:"code"`
	Round int        `json:"round"`
	Sheet *sheetResp `json:"sheet"`
}

func decodeAs[T any](t *testing.T, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("%v: %s", err, rec.Body)
	}
	return v
}

// expect fails unless the response has the status.
func expect(t *testing.T, rec *httptest.ResponseRecorder, status int) {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("status %d, want %d: %s", rec.Code, status, rec.Body)
	}
}

// create makes a sheet and returns it.
func (c *client) create(body string) sheetResp {
	c.t.Helper()
	rec := c.do("POST", "/api/sheets", body)
	expect(c.t, rec, http.StatusCreated)
	return decodeAs[sheetResp](c.t, rec)
}

// round enters a round and returns the sheet after it.
func (c *client) round(s sheetResp, r scorekeeper.Round) sheetResp {
	c.t.Helper()
	rec := c.do("POST", "/api/sheets/"+s.ID+"/rounds", map[string]any{"version": s.Version, "round": r})
	expect(c.t, rec, http.StatusOK)
	return decodeAs[sheetResp](c.t, rec)
}

func (c *client) get(token string) sheetResp {
	c.t.Helper()
	rec := c.do("GET", "/api/sheets/"+token, nil)
	expect(c.t, rec, http.StatusOK)
	return decodeAs[sheetResp](c.t, rec)
}

func TestAPICreateFollowAndReadOnly(t *testing.T) {
	c := newClient(t)
	rec := c.do("POST", "/api/sheets", `{"title": " Friday ", "players": [" Ann", "Ben", "Cat"], "options": {"loot": true}}`)
	expect(t, rec, http.StatusCreated)
	s := decodeAs[sheetResp](t, rec)
	if !scorekeeper.ValidToken(s.ID) || !scorekeeper.ValidToken(s.Follow) || s.ID == s.Follow || s.Version != 1 || s.ReadOnly {
		t.Fatalf("created %+v", s)
	}
	if rec.Header().Get("Location") != "/api/sheets/"+s.ID || rec.Header().Get("ETag") != `"1"` {
		t.Fatalf("headers %v", rec.Header())
	}
	if s.Title != "Friday" || s.Players[0] != "Ann" || s.Score.Next.Round != 1 || s.Score.Next.Cards != 1 ||
		!s.Score.Next.Rules.Loot || s.RuleChanges == nil || s.Rounds == nil {
		t.Fatalf("created %+v", s)
	}
	f := c.get(s.Follow)
	if f.ID != "" || !f.ReadOnly || f.Follow != s.Follow || f.Version != 1 {
		t.Fatalf("follow view %+v shows the edit token or is not read-only", f)
	}
	if bytes.Contains(c.do("GET", "/api/sheets/"+s.Follow, nil).Body.Bytes(), []byte(s.ID)) {
		t.Fatal("the follow view holds the edit token")
	}
	// Every edit through the follow link is refused, and changes nothing.
	round := map[string]any{"version": 1, "round": sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0})}
	for _, req := range []struct {
		method, path string
		body         any
	}{
		{"POST", "/rounds", round},
		{"PUT", "/rounds/1", round},
		{"DELETE", "/rounds/1?version=1", nil},
		{"PUT", "/rules", map[string]any{"version": 1, "options": map[string]any{}, "apply": "whole_game"}},
		{"PUT", "", map[string]any{"version": 1, "players": []string{"Ann", "Ben", "Cat"}}},
		{"PUT", "", "not even JSON"},
		{"PATCH", "", map[string]any{"version": 1, "title": "mine"}},
		{"DELETE", "?version=1", nil},
	} {
		rec := c.do(req.method, "/api/sheets/"+s.Follow+req.path, req.body)
		expect(t, rec, http.StatusForbidden)
		if e := decodeAs[errResp](t, rec); e.Code != "read_only" {
			t.Fatalf("%s %s: %+v", req.method, req.path, e)
		}
	}
	if got := c.get(s.ID); got.Version != 1 || len(got.Rounds) != 0 || got.Title != "Friday" {
		t.Fatalf("a refused edit changed the sheet: %+v", got)
	}
	// Reads work through either token.
	for _, p := range []string{"/record", "/csv", "/chart"} {
		expect(t, c.do("GET", "/api/sheets/"+s.Follow+p, nil), http.StatusOK)
		expect(t, c.do("GET", "/api/sheets/"+s.ID+p, nil), http.StatusOK)
	}
}

func TestAPICreateRefusals(t *testing.T) {
	c := newClient(t)
	for _, tc := range []struct {
		body   string
		status int
		code   string
		want   string
	}{
		{`{"players": ["Ann"]}`, 422, "invalid", "1 players"},
		{`{"players": ["Ann", "ann"]}`, 422, "invalid", "both called"},
		{`{"players": ["Ann", "Ben"], "options": {"loot": true}}`, 422, "invalid", "Loot is never used with 2 players"},
		{`{"players": ["Ann", "Ben"], "options": {"colour": "red"}}`, 400, "malformed", `the rule "colour" in "options" is not right: unknown option`},
		{`{"players": ["Ann", "Ben"], "player": "Cat"}`, 400, "malformed", `there is no field "player" here`},
		{`{"players": ["Ann", "Ben"]} {}`, 400, "malformed", "the body holds more after its JSON value"},
		{`{"players": "Ann"}`, 400, "malformed", `the field "players" should be a list of names in quotes, like ["Ann", "Ben"], not text`},
		{`{"players": ["Ann", "Ben"], "rounds": [{"bids": [1.5, 0], "won": [1, 0]}]}`, 400, "malformed", `each item of the field "bids" (in "rounds") should be a whole number, not the number 1.5`},
		{``, 400, "malformed", "the body is empty: it should be a JSON object"},
		{`{"players": ["Ann", "Ben"], "rounds": [{"bids": [1, 0], "won": [0, 0]}]}`, 200, "", ""},
		{`{"players": ["Ann", "Ben", "Cat"], "rounds": [{"bids": [1, 0, 0], "won": [0, 0, 0]}]}`, 422, "invalid", "round 1: tricks won add up to 0"},
	} {
		rec := c.do("POST", "/api/sheets", tc.body)
		if tc.status == 200 {
			expect(t, rec, http.StatusCreated) // two players: Graybeard may take the trick
			continue
		}
		expect(t, rec, tc.status)
		e := decodeAs[errResp](t, rec)
		if e.Code != tc.code || !strings.Contains(e.Error, tc.want) {
			t.Fatalf("%s: %+v, want %s %q", tc.body, e, tc.code, tc.want)
		}
	}
	big := `{"players": ["Ann", "Ben"], "title": "` + strings.Repeat("x", scorekeeper.MaxBodyBytes) + `"}`
	expect(t, c.do("POST", "/api/sheets", big), http.StatusRequestEntityTooLarge)
}

// TestAPIEveryEntryRule sends every refused round of the rules tests through
// the API: 422, the round named, the message, and the sheet unchanged.
func TestAPIEveryEntryRule(t *testing.T) {
	for _, set := range []struct {
		name  string
		base  *scorekeeper.Sheet
		valid scorekeeper.Round // a round the next one could be
		cases []sheettest.Refusal
	}{
		{"standard", sheettest.RefusalBase(t), sheettest.Rnd([]int{1, 1, 1}, []int{1, 1, 1}), sheettest.StandardRefusals()},
		{"modules", sheettest.ModuleBase(t), sheettest.Rnd([]int{2, 0, 0}, []int{2, 0, 0}), sheettest.ModuleRefusals()},
		{"kraken", sheettest.KrakenBase(t), sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}), sheettest.KrakenRefusals()},
	} {
		t.Run(set.name, func(t *testing.T) {
			c := newClient(t)
			b, err := json.Marshal(set.base)
			if err != nil {
				t.Fatal(err)
			}
			// s is at round rn; e has round rn entered, to be replaced.
			s := c.create(string(b))
			e := c.round(c.create(string(b)), set.valid)
			rn := len(set.base.Rounds) + 1
			// The same sheets as a client holds them, for POST /api/sheets/check.
			withValid := set.base.Clone()
			withValid.Rounds = append(withValid.Rounds, set.valid)
			sent, err := json.Marshal(withValid)
			if err != nil {
				t.Fatal(err)
			}
			for _, tc := range set.cases {
				t.Run(tc.Name, func(t *testing.T) {
					for _, req := range []struct {
						method, path string
						body         map[string]any
					}{
						{"POST", "/api/sheets/" + s.ID + "/rounds", map[string]any{"version": s.Version, "round": tc.Round}},
						{"POST", "/api/sheets/" + s.ID + "/preview", map[string]any{"round": tc.Round}},
						{"PUT", fmt.Sprintf("/api/sheets/%s/rounds/%d", e.ID, rn), map[string]any{"version": e.Version, "round": tc.Round}},
						{"POST", "/api/sheets/" + e.ID + "/preview", map[string]any{"round": tc.Round, "replace": rn}},
						{"POST", "/api/sheets/check", map[string]any{"sheet": json.RawMessage(b), "round": tc.Round}},
						{"POST", "/api/sheets/check", map[string]any{"sheet": json.RawMessage(sent), "round": tc.Round, "replace": rn}},
					} {
						rec := c.do(req.method, req.path, req.body)
						expect(t, rec, http.StatusUnprocessableEntity)
						e := decodeAs[errResp](t, rec)
						if e.Code != "invalid" || !strings.Contains(e.Error, tc.Want) || e.Round != rn {
							t.Fatalf("%s %s: %+v, want %q in round %d", req.method, req.path, e, tc.Want, rn)
						}
					}
				})
			}
			if got := c.get(s.ID); got.Version != s.Version || len(got.Rounds) != len(set.base.Rounds) {
				t.Fatalf("refused entries changed the sheet: version %d, %d rounds", got.Version, len(got.Rounds))
			}
			if got := c.get(e.ID); got.Version != e.Version || !slices.Equal(got.Rounds[rn-1].Won, set.valid.Won) {
				t.Fatalf("refused edits changed the sheet: version %d, round %d %+v", got.Version, rn, got.Rounds[rn-1])
			}
		})
	}
}

func TestAPITricksMayGoToNobody(t *testing.T) {
	c := newClient(t)
	for _, tc := range []struct {
		sheet string
		round scorekeeper.Round
	}{
		{`{"players": ["Ann", "Ben", "Cat"], "options": {"kraken": true}}`, sheettest.Rnd([]int{0, 0, 0}, []int{0, 0, 0})},
		{`{"players": ["Ann", "Ben", "Cat"], "options": {"white_whale": true}}`, sheettest.Rnd([]int{0, 0, 0}, []int{0, 0, 0})},
		{`{"players": ["Ann", "Ben"]}`, sheettest.Rnd([]int{0, 0}, []int{0, 0})},
	} {
		s := c.create(tc.sheet)
		if !s.Score.Next.TricksMayGoToNobody {
			t.Fatalf("%s: next round does not say tricks may go to nobody", tc.sheet)
		}
		s = c.round(s, tc.round)
		if s.Score.Rounds[0].Points[0] != 10 {
			t.Fatalf("%s: points %v", tc.sheet, s.Score.Rounds[0].Points)
		}
	}
}

// TestAPIEditRecomputesLaterTotals: correcting round 1 moves the totals of
// every round after it.
func TestAPIEditRecomputesLaterTotals(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben"]}`)
	s = c.round(s, sheettest.Rnd([]int{1, 0}, []int{1, 0}))
	s = c.round(s, sheettest.Rnd([]int{1, 1}, []int{1, 1}, scorekeeper.Bonus{Seat: 0, Kind: scorekeeper.Fourteen, Suit: "black"}))
	s = c.round(s, sheettest.Rnd([]int{2, 1}, []int{2, 1}))
	if !slices.Equal(s.Score.Totals, []int{100, 50}) {
		t.Fatalf("totals %v", s.Score.Totals)
	}
	rec := c.do("PUT", "/api/sheets/"+s.ID+"/rounds/1", map[string]any{"version": s.Version, "round": sheettest.Rnd([]int{1, 0}, []int{0, 1})})
	expect(t, rec, http.StatusOK)
	s = decodeAs[sheetResp](t, rec)
	want := [][]int{{-10, -10}, {30, 10}, {70, 30}}
	for i, r := range s.Score.Rounds {
		if !slices.Equal(r.Totals, want[i]) {
			t.Fatalf("round %d totals %v, want %v", i+1, r.Totals, want[i])
		}
	}
	if s.Version != 5 {
		t.Fatalf("version %d, want 5", s.Version)
	}
	// Round 2's black 14 was really Ben's: the bonus moves, Ann's bid still
	// holds.
	rec = c.do("PUT", "/api/sheets/"+s.ID+"/rounds/2", map[string]any{"version": s.Version,
		"round": sheettest.Rnd([]int{1, 1}, []int{1, 1}, scorekeeper.Bonus{Seat: 1, Kind: scorekeeper.Fourteen, Suit: "black"})})
	expect(t, rec, http.StatusOK)
	s = decodeAs[sheetResp](t, rec)
	if !slices.Equal(s.Score.Totals, []int{50, 50}) {
		t.Fatalf("totals %v", s.Score.Totals)
	}
	rec = c.do("PUT", "/api/sheets/"+s.ID+"/rounds/4", map[string]any{"version": s.Version, "round": sheettest.Rnd([]int{1, 0}, []int{1, 0})})
	expect(t, rec, http.StatusUnprocessableEntity)
	expect(t, c.do("PUT", "/api/sheets/"+s.ID+"/rounds/zero", map[string]any{"version": s.Version, "round": sheettest.Rnd([]int{1, 0}, []int{1, 0})}), http.StatusNotFound)
}

func TestAPIRuleChanges(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben", "Cat"]}`)
	s = c.round(s, sheettest.Rnd([]int{0, 1, 0}, []int{0, 1, 0}))
	s = c.round(s, sheettest.Rnd([]int{0, 2, 0}, []int{0, 2, 0}))
	flat := map[string]any{"zero_scaling": "flat", "zero_points": 15}

	// From the next round on: earlier rounds keep their points.
	rec := c.do("PUT", "/api/sheets/"+s.ID+"/rules", map[string]any{"version": s.Version, "options": flat, "apply": "next_round"})
	expect(t, rec, http.StatusOK)
	next := decodeAs[sheetResp](t, rec)
	if !slices.Equal(next.Score.Totals, []int{30, 60, 30}) || len(next.RuleChanges) != 1 || next.RuleChanges[0].FromRound != 3 ||
		next.Score.Next.RulesFrom != 3 || next.Score.Next.Rules.ZeroPoints != 15 {
		t.Fatalf("next round: %+v", next)
	}
	next = c.round(next, sheettest.Rnd([]int{0, 3, 0}, []int{0, 3, 0}))
	if !slices.Equal(next.Score.Totals, []int{45, 120, 45}) {
		t.Fatalf("under the new rule: totals %v", next.Score.Totals)
	}
	rec = c.do("GET", "/api/sheets/"+next.ID+"/record", nil)
	expect(t, rec, http.StatusOK)
	r, err := skullking.ParseRecord(rec.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if r.Rounds[2].Options == nil || r.Rounds[2].Options.ZeroPoints != 15 || r.Options.ZeroPoints != 10 {
		t.Fatalf("the record does not carry the change in round 3:\n%s", rec.Body)
	}

	// The whole game rescored.
	rec = c.do("PUT", "/api/sheets/"+next.ID+"/rules", map[string]any{"version": next.Version, "options": flat, "apply": "whole_game"})
	expect(t, rec, http.StatusOK)
	whole := decodeAs[sheetResp](t, rec)
	if !slices.Equal(whole.Score.Totals, []int{45, 120, 45}) || len(whole.RuleChanges) != 0 {
		t.Fatalf("whole game: %+v", whole)
	}
	if whole.Score.Rounds[0].Points[0] != 15 {
		t.Fatalf("round 1 not rescored: %v", whole.Score.Rounds[0].Points)
	}

	for _, tc := range []struct {
		body   map[string]any
		status int
		want   string
	}{
		{map[string]any{"version": whole.Version, "options": flat, "apply": "yesterday"}, 422, `apply "yesterday"`},
		{map[string]any{"version": whole.Version, "options": map[string]any{"schedule": "bedtime"}, "apply": "whole_game"}, 422, "the game was over after round 1"},
		{map[string]any{"version": whole.Version, "apply": "whole_game"}, 400, `needs "options"`},
		{map[string]any{"version": whole.Version, "options": map[string]any{"rounds": "ten"}, "apply": "whole_game"}, 400, "want a whole number"},
	} {
		rec := c.do("PUT", "/api/sheets/"+whole.ID+"/rules", tc.body)
		expect(t, rec, tc.status)
		if e := decodeAs[errResp](t, rec); !strings.Contains(e.Error, tc.want) {
			t.Fatalf("%v: %+v", tc.body, e)
		}
	}
}

func TestAPIVersions(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben", "Cat"]}`)
	s2 := c.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	// A second phone still on version 1.
	rec := c.do("POST", "/api/sheets/"+s.ID+"/rounds", map[string]any{"version": 1, "round": sheettest.Rnd([]int{0, 1, 0}, []int{0, 1, 0})})
	expect(t, rec, http.StatusConflict)
	e := decodeAs[errResp](t, rec)
	if e.Code != "conflict" || e.Sheet == nil || e.Sheet.Version != 2 || len(e.Sheet.Rounds) != 1 || e.Sheet.ID != s.ID ||
		rec.Header().Get("ETag") != `"2"` {
		t.Fatalf("conflict %+v", e)
	}
	rec = c.do("POST", "/api/sheets/"+s.ID+"/rounds", map[string]any{"round": sheettest.Rnd([]int{0, 1, 0}, []int{0, 1, 0})})
	expect(t, rec, http.StatusPreconditionRequired)
	expect(t, c.do("DELETE", "/api/sheets/"+s.ID+"/rounds/1", nil), http.StatusPreconditionRequired)
	expect(t, c.do("DELETE", "/api/sheets/"+s.ID+"/rounds/1?version=x", nil), http.StatusBadRequest)
	if got := c.get(s.ID); got.Version != s2.Version {
		t.Fatalf("version %d", got.Version)
	}
}

// TestAPIOfflineSync: the client PUTs the whole sheet it kept while
// offline; it is taken if made on the current version, else 409 with the
// current sheet.
func TestAPIOfflineSync(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben", "Cat"]}`)
	s = c.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	got := c.do("GET", "/api/sheets/"+s.ID, nil).Body.Bytes()

	// Offline, the phone adds two rounds to the sheet it holds, as it got it
	// (score and all).
	var local map[string]any
	if err := json.Unmarshal(got, &local); err != nil {
		t.Fatal(err)
	}
	local["rounds"] = append(local["rounds"].([]any),
		sheettest.Rnd([]int{1, 1, 0}, []int{1, 1, 0}),
		scorekeeper.Round{Bids: []int{1, 1, 1}, Won: []int{1, 1, 1}, Bonuses: []scorekeeper.Bonus{{Seat: 2, Kind: scorekeeper.Fourteen, Suit: "purple"}}})
	rec := c.do("PUT", "/api/sheets/"+s.ID, local)
	expect(t, rec, http.StatusOK)
	synced := decodeAs[sheetResp](t, rec)
	if synced.Version != 3 || len(synced.Rounds) != 3 || !slices.Equal(synced.Score.Totals, []int{60, 50, 60}) {
		t.Fatalf("synced %+v", synced)
	}
	// The same offline copy sent again is now stale.
	rec = c.do("PUT", "/api/sheets/"+s.ID, local)
	expect(t, rec, http.StatusConflict)
	if e := decodeAs[errResp](t, rec); e.Sheet == nil || e.Sheet.Version != 3 || len(e.Sheet.Rounds) != 3 {
		t.Fatalf("conflict %+v", e)
	}
	// An impossible round kept offline is refused on sync, naming it.
	local["version"] = 3
	local["rounds"] = append(local["rounds"].([]any), sheettest.Rnd([]int{1, 1, 1}, []int{5, 0, 0}))
	rec = c.do("PUT", "/api/sheets/"+s.ID, local)
	expect(t, rec, http.StatusUnprocessableEntity)
	if e := decodeAs[errResp](t, rec); e.Round != 4 || !strings.Contains(e.Error, "Ann won 5 tricks") {
		t.Fatalf("refusal %+v", e)
	}
	delete(local, "version")
	expect(t, c.do("PUT", "/api/sheets/"+s.ID, local), http.StatusPreconditionRequired)
	if got := c.get(s.Follow); got.Version != 3 {
		t.Fatalf("version %d after refused syncs", got.Version)
	}
}

// TestAPIETag: a follower's refresh of an unchanged sheet costs a 304.
func TestAPIETag(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben", "Cat"]}`)
	for _, p := range []string{"", "/record", "/csv", "/chart"} {
		rec := c.do("GET", "/api/sheets/"+s.Follow+p, nil, "If-None-Match", `"1"`)
		expect(t, rec, http.StatusNotModified)
		if rec.Body.Len() != 0 || rec.Header().Get("ETag") != `"1"` {
			t.Fatalf("%s: 304 with body %q etag %q", p, rec.Body, rec.Header().Get("ETag"))
		}
	}
	c.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	rec := c.do("GET", "/api/sheets/"+s.Follow, nil, "If-None-Match", `W/"1", "0"`)
	expect(t, rec, http.StatusOK)
	if rec.Header().Get("ETag") != `"2"` || rec.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("headers %v", rec.Header())
	}
}

// TestAPILongPoll: a follower waiting on its version is answered as soon
// as the keeper enters a round, and with 304 when nothing happens.
func TestAPILongPoll(t *testing.T) {
	c := newClient(t)
	srv := httptest.NewServer(c.srv)
	defer srv.Close()
	s := c.create(`{"players": ["Ann", "Ben", "Cat"]}`)

	poll := func(wait string) (*http.Response, time.Duration) {
		req, _ := http.NewRequest("GET", srv.URL+"/api/sheets/"+s.Follow+"?wait="+wait, nil)
		req.Header.Set("If-None-Match", `"1"`)
		start := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			return nil, 0
		}
		return resp, time.Since(start)
	}
	type result struct {
		resp *http.Response
		took time.Duration
	}
	done := make(chan result, 1)
	go func() {
		resp, took := poll("20")
		done <- result{resp, took}
	}()
	time.Sleep(100 * time.Millisecond)
	c.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	select {
	case r := <-done:
		if r.resp == nil {
			t.FailNow()
		}
		defer r.resp.Body.Close()
		var got sheetResp
		if err := json.NewDecoder(r.resp.Body).Decode(&got); err != nil {
			t.Fatal(err)
		}
		if r.resp.StatusCode != 200 || got.Version != 2 || !got.ReadOnly || got.ID != "" {
			t.Fatalf("long poll answered %d %+v", r.resp.StatusCode, got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the long poll was not woken by the change")
	}

	// Nothing changes: 304 once the wait is over.
	resp, took := poll("1")
	if resp == nil {
		t.FailNow()
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		// If-None-Match "1" is stale now: answered at once with version 2.
		t.Fatalf("stale poll: %d", resp.StatusCode)
	}
	req, _ := http.NewRequest("GET", srv.URL+"/api/sheets/"+s.Follow+"?wait=1", nil)
	req.Header.Set("If-None-Match", `"2"`)
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if took = time.Since(start); resp.StatusCode != http.StatusNotModified || took < 900*time.Millisecond {
		t.Fatalf("idle poll: %d after %v", resp.StatusCode, took)
	}
	expect(t, c.do("GET", "/api/sheets/"+s.Follow+"?wait=soon", nil), http.StatusBadRequest)
	c.h.watch.mu.Lock()
	n := len(c.h.watch.chans)
	c.h.watch.mu.Unlock()
	if n != 0 {
		t.Fatalf("%d watches left after the polls", n)
	}
}

// TestAPILongPollSeesAnotherProcess: an edit made by another process on the
// same store wakes the follower at the next poll of the store.
func TestAPILongPollSeesAnotherProcess(t *testing.T) {
	store := scorekeeper.NewMemoryStore()
	h := newHandler(store)
	h.pollEvery = 50 * time.Millisecond
	other := newHandler(store)
	c := &client{t: t, h: h, srv: h.routes()}
	o := &client{t: t, h: other, srv: other.routes()}
	s := o.create(`{"players": ["Ann", "Ben", "Cat"]}`)
	done := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		done <- c.do("GET", "/api/sheets/"+s.Follow+"?wait=10", nil, "If-None-Match", `"1"`)
	}()
	time.Sleep(100 * time.Millisecond)
	o.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	select {
	case rec := <-done:
		expect(t, rec, http.StatusOK)
	case <-time.After(5 * time.Second):
		t.Fatal("the other process's edit was not seen")
	}
}

// TestAPILongPollOnTheEditLink: a phone holding the edit link follows the
// sheet live as a follower does. Waiting on one server, it is answered as
// soon as a round is entered through another sharing the store — woken by
// the news the servers pass (NATS in a cluster), never by a read of the
// store — with the sheet as the edit link reads it. A write it then makes
// on the version it held is refused, saying why, with the current sheet.
func TestAPILongPollOnTheEditLink(t *testing.T) {
	store, news := scorekeeper.NewMemoryStore(), &localNews{}
	one, stop, err := NewSharedHandler(store, news)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	two := newHandler(store)
	two.pollEvery = time.Hour // only the news can wake it in time
	stopTwo, _ := news.Watch(two.watch.changed)
	defer stopTwo()
	two.changes = news
	c1 := &client{t: t, srv: one, book: scorekeeper.NewToken()}
	c2 := &client{t: t, h: two, srv: two.routes(), book: scorekeeper.NewToken()}
	s := c1.create(`{"players": ["Ann", "Ben", "Cat"]}`)

	done := make(chan *httptest.ResponseRecorder, 1)
	go func() { done <- c2.do("GET", "/api/sheets/"+s.ID+"?wait=20", nil, "If-None-Match", `"1"`) }()
	for waiting := time.Now().Add(5 * time.Second); ; {
		two.watch.mu.Lock()
		n := len(two.watch.chans)
		two.watch.mu.Unlock()
		if n == 1 {
			break
		}
		if time.Now().After(waiting) {
			t.Fatal("the edit link's long poll is not waiting on the sheet")
		}
		time.Sleep(time.Millisecond)
	}
	c1.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	select {
	case rec := <-done:
		expect(t, rec, http.StatusOK)
		got := decodeAs[sheetResp](t, rec)
		if got.Version != 2 || got.ID != s.ID || got.ReadOnly || len(got.Rounds) != 1 {
			t.Fatalf("the edit link's long poll answered %+v", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the edit link's long poll was not woken by the round entered on the other server")
	}

	rec := c2.do("POST", "/api/sheets/"+s.ID+"/rounds", map[string]any{"version": 1, "round": sheettest.Rnd([]int{0, 0, 1}, []int{0, 0, 1})})
	expect(t, rec, http.StatusConflict)
	refused := decodeAs[struct {
		Error, Code string
		Sheet       sheetResp
	}](t, rec)
	if refused.Code != "conflict" || !strings.Contains(refused.Error, "the sheet is at version 2, but this edit was made on version 1") ||
		refused.Sheet.Version != 2 || len(refused.Sheet.Rounds) != 1 {
		t.Fatalf("a write on the old version answered %s", rec.Body)
	}
}

// localNews is Changes between the handlers of one process, as NATS is
// between servers.
type localNews struct {
	mu    sync.Mutex
	heard []func(id string)
}

func (n *localNews) Changed(id string) {
	n.mu.Lock()
	heard := slices.Clone(n.heard)
	n.mu.Unlock()
	for _, f := range heard {
		f(id)
	}
}

func (n *localNews) Watch(f func(id string)) (func(), error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.heard = append(n.heard, f)
	return func() {}, nil
}

// TestAPIExportReplaysToTheSameTotals: the record the API exports replays
// with the engine to the totals the API shows.
func TestAPIExportReplaysToTheSameTotals(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben", "Cat", "Dan"], "options": {"loot": true, "pirate_abilities": true, "white_whale": true}}`)
	s = c.round(s, sheettest.Rnd([]int{1, 0, 0, 0}, []int{1, 0, 0, 0}, scorekeeper.Bonus{Seat: 0, Kind: scorekeeper.Fourteen, Suit: "yellow"}))
	s = c.round(s, scorekeeper.Round{Bids: []int{1, 1, 0, 0}, Won: []int{1, 1, 0, 0}, Loot: [][]int{{3, 1}}, Wagers: []int{0, 20, 0, 0},
		Bonuses: []scorekeeper.Bonus{{Seat: 1, Kind: scorekeeper.PirateTookMermaids, Count: 2}}})
	s = c.round(s, scorekeeper.Round{Cards: 2, Bids: []int{2, 0, 0, 0}, Won: []int{1, 0, 0, 0}, Bonuses: []scorekeeper.Bonus{{Seat: 0, Kind: scorekeeper.SkullKingTookPirates, Count: 3}}})
	rec := c.do("GET", "/api/sheets/"+s.Follow+"/record", nil)
	expect(t, rec, http.StatusOK)
	if !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") ||
		!strings.Contains(rec.Header().Get("Content-Disposition"), ".json") {
		t.Fatalf("headers %v", rec.Header())
	}
	r, err := skullking.ParseRecord(rec.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Replay()
	if err != nil {
		t.Fatalf("%v\n%s", err, rec.Body)
	}
	sum := protocol.SummaryOf(g)
	if !slices.Equal(sum.Totals, s.Score.Totals) {
		t.Fatalf("replayed totals %v, sheet %v\n%s", sum.Totals, s.Score.Totals, rec.Body)
	}
	for i, rr := range sum.Rounds {
		if !slices.Equal(rr.Points, s.Score.Rounds[i].Points) {
			t.Fatalf("round %d: replayed %v, sheet %v", i+1, rr.Points, s.Score.Rounds[i].Points)
		}
	}

	rec = c.do("GET", "/api/sheets/"+s.Follow+"/csv", nil)
	expect(t, rec, http.StatusOK)
	if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") || strings.Count(rec.Body.String(), "\n") != 4 {
		t.Fatalf("csv %v\n%s", rec.Header(), rec.Body)
	}
	rec = c.do("GET", "/api/sheets/"+s.Follow+"/chart", nil)
	expect(t, rec, http.StatusOK)
	ch := decodeAs[scorekeeper.Chart](t, rec)
	if len(ch.Rounds) != 4 || !slices.Equal(ch.Totals[0], []int{0, 30, 50, 40}) {
		t.Fatalf("chart %+v", ch)
	}
}

func TestAPIImport(t *testing.T) {
	c := newClient(t)
	_, g, b := recordtest.Reread(t, recordtest.RandomGame(t, 4, skullking.DefaultOptions(), 3))
	resp := c.do("POST", "/api/sheets/import", b)
	expect(t, resp, http.StatusCreated)
	s := decodeAs[sheetResp](t, resp)
	if !slices.Equal(s.Score.Totals, g.Totals()) || !s.Score.Over || len(s.Rounds) != 10 {
		t.Fatalf("imported totals %v over %v, want %v", s.Score.Totals, s.Score.Over, g.Totals())
	}
	// The imported game is in the book's history.
	hist := decodeAs[struct{ Sheets []scorekeeper.SheetSummary }](t, c.do("GET", "/api/sheets/history", nil))
	if len(hist.Sheets) != 1 || hist.Sheets[0].ID != s.ID {
		t.Fatalf("history %+v", hist)
	}
	for _, body := range []string{`{"format": "pgn"}`, `not json`,
		`{"format": "skullking-record/1", "players": ["Ann", "ann"], "rounds": []}`,
		`{"format": "skullking-record/1", "players": ["Ann", "Ben"], "rounds": [{"bids": [2, 0], "won": [1, 0]}]}`} {
		r := c.do("POST", "/api/sheets/import", body)
		expect(t, r, http.StatusUnprocessableEntity)
		if e := decodeAs[errResp](t, r); !strings.HasPrefix(e.Error, "the record") {
			t.Fatalf("%s: %+v", body, e)
		}
	}
}

func TestAPIBook(t *testing.T) {
	c := newClient(t)
	newBook := decodeAs[map[string]string](t, c.do("POST", "/api/sheets/books", nil))
	if !scorekeeper.ValidToken(newBook["book"]) {
		t.Fatalf("book %v", newBook)
	}
	one := `{"players": ["Ann", "Ben", "Cat"], "options": {"rounds": 2}}`
	// Game 1: Ann wins; Ben's zero bid fails once.
	s := c.create(one)
	s = c.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	c.round(s, sheettest.Rnd([]int{2, 0, 0}, []int{2, 0, 0}))
	time.Sleep(2 * time.Millisecond) // distinct update times order the history
	// Game 2: Cat wins, with Dan joining.
	s = c.create(`{"players": ["cat", "Ann", "Dan"], "options": {"rounds": 2}}`)
	s = c.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	c.round(s, sheettest.Rnd([]int{2, 0, 1}, []int{2, 0, 0}))
	time.Sleep(2 * time.Millisecond)
	// Game 3 is still running, with Eve.
	running := c.create(`{"players": ["Eve", "Ann"]}`)

	hist := decodeAs[struct{ Sheets []scorekeeper.SheetSummary }](t, c.do("GET", "/api/sheets/history", nil))
	if len(hist.Sheets) != 2 || hist.Sheets[0].Players[0] != "cat" || !slices.Equal(hist.Sheets[0].Winners, []int{0}) {
		t.Fatalf("history %+v", hist)
	}
	all := decodeAs[struct{ Sheets []scorekeeper.SheetSummary }](t, c.do("GET", "/api/sheets/history?status=all", nil))
	if len(all.Sheets) != 3 || all.Sheets[0].ID != running.ID || all.Sheets[0].Over {
		t.Fatalf("all %+v", all)
	}
	roster := decodeAs[struct{ Players []scorekeeper.RosterEntry }](t, c.do("GET", "/api/sheets/roster", nil))
	var names []string
	for _, p := range roster.Players {
		names = append(names, p.Name)
	}
	if !slices.Equal(names, []string{"Eve", "Ann", "cat", "Dan", "Ben"}) {
		t.Fatalf("roster %v", names)
	}
	stats := decodeAs[struct{ Players []scorekeeper.PlayerStats }](t, c.do("GET", "/api/sheets/stats", nil))
	by := map[string]scorekeeper.PlayerStats{}
	for _, p := range stats.Players {
		by[scorekeeper.NameKey(p.Name)] = p
	}
	ann, cat, ben := by["ann"], by["cat"], by["ben"]
	// Ann: game 1 20+40 = 60 (won), game 2 10+20 = 30 (lost); 4 exact bids
	// of 4; zero bids 2 of 2.
	if ann.Games != 2 || ann.Wins != 1 || ann.AvgScore != 45 || ann.BestScore != 60 || ann.BidAccuracy != 1 ||
		ann.ZeroBids != 2 || *ann.ZeroSuccess != 1 {
		t.Fatalf("Ann %+v", ann)
	}
	if cat.Games != 2 || cat.Wins != 1 || ben.Games != 1 || ben.Wins != 0 {
		t.Fatalf("Cat %+v Ben %+v", cat, ben)
	}
	if d := by["dan"]; d.Rounds != 2 || d.ExactBids != 1 || d.BidAccuracy != 0.5 || d.ZeroMade != 1 || *d.ZeroSuccess != 1 {
		t.Fatalf("Dan %+v", d)
	}
	if _, ok := by["eve"]; ok {
		t.Fatal("a running game counts in the statistics")
	}
	// Another book sees nothing; no book is an error.
	other := &client{t: t, h: c.h, srv: c.srv, book: scorekeeper.NewToken()}
	if h := decodeAs[struct{ Sheets []scorekeeper.SheetSummary }](t, other.do("GET", "/api/sheets/history?status=all", nil)); len(h.Sheets) != 0 {
		t.Fatalf("another book sees %d sheets", len(h.Sheets))
	}
	nobook := &client{t: t, h: c.h, srv: c.srv}
	for _, p := range []string{"history", "roster", "stats"} {
		rec := nobook.do("GET", "/api/sheets/"+p, nil)
		expect(t, rec, http.StatusBadRequest)
		if e := decodeAs[errResp](t, rec); e.Code != "book_required" {
			t.Fatalf("%s: %+v", p, e)
		}
	}
	bad := &client{t: t, h: c.h, srv: c.srv, book: "not-a-book"}
	expect(t, bad.do("GET", "/api/sheets/roster", nil), http.StatusBadRequest)
	expect(t, bad.do("POST", "/api/sheets", `{"players": ["Ann", "Ben"]}`), http.StatusBadRequest)
	expect(t, c.do("GET", "/api/sheets/history?status=old", nil), http.StatusBadRequest)
}

func TestAPIDeleteRoundAndSheet(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben", "Cat"]}`)
	s = c.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	s = c.round(s, sheettest.Rnd([]int{1, 1, 0}, []int{1, 1, 0}))
	rec := c.do("DELETE", fmt.Sprintf("/api/sheets/%s/rounds/1?version=%d", s.ID, s.Version), nil)
	expect(t, rec, http.StatusUnprocessableEntity)
	rec = c.do("DELETE", fmt.Sprintf("/api/sheets/%s/rounds/2?version=%d", s.ID, s.Version), nil)
	expect(t, rec, http.StatusOK)
	s = decodeAs[sheetResp](t, rec)
	if len(s.Rounds) != 1 || s.Score.Next.Round != 2 {
		t.Fatalf("after delete %+v", s)
	}
	expect(t, c.do("DELETE", "/api/sheets/"+s.ID+"?version=1", nil), http.StatusConflict)
	expect(t, c.do("DELETE", fmt.Sprintf("/api/sheets/%s?version=%d", s.ID, s.Version), nil), http.StatusNoContent)
	expect(t, c.do("GET", "/api/sheets/"+s.ID, nil), http.StatusNotFound)
	expect(t, c.do("GET", "/api/sheets/"+s.Follow, nil), http.StatusNotFound)
}

// TestAPICheckRound: POST /api/sheets/check scores a round of a sheet the
// client holds, never stored: a round still being entered (bids and
// tricks, no captures yet) is checked as far as it goes (docs/rules.md
// §8.1: the Kraken takes one trick a round to nobody), and a malformed
// request is a 400.
func TestAPICheckRound(t *testing.T) {
	c := newClient(t)
	sheet := json.RawMessage(`{"players": ["Ann", "Ben", "Cat"], "options": {"kraken": true}, "rounds": [{"bids": [1, 0, 0], "won": [1, 0, 0]}]}`)
	rec := c.do("POST", "/api/sheets/check", map[string]any{"sheet": sheet, "round": sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0})})
	expect(t, rec, http.StatusOK)
	got := decodeAs[struct{ Round scorekeeper.ScoredRound }](t, rec)
	if got.Round.Round != 2 || !slices.Equal(got.Round.Points, []int{20, 20, 20}) {
		t.Fatalf("round 2 with one trick destroyed by the Kraken: %+v", got.Round)
	}
	rec = c.do("POST", "/api/sheets/check", map[string]any{"sheet": sheet, "round": sheettest.Rnd([]int{1, 0, 0}, []int{0, 0, 0}), "replace": 1})
	expect(t, rec, http.StatusOK)
	rec = c.do("POST", "/api/sheets/check", map[string]any{"sheet": sheet, "round": sheettest.Rnd([]int{1, 0, 0}, []int{0, 0, 0})})
	expect(t, rec, http.StatusUnprocessableEntity)
	if e := decodeAs[errResp](t, rec); e.Round != 2 || !strings.Contains(e.Error, "so 2 tricks went to nobody, but only the Kraken's trick can (one a round)") {
		t.Fatalf("both tricks of round 2 went to nobody: %+v", e)
	}
	expect(t, c.do("POST", "/api/sheets/check", map[string]any{"round": sheettest.Rnd([]int{0, 0, 0}, []int{0, 0, 0})}), http.StatusBadRequest)
	expect(t, c.do("POST", "/api/sheets/check", map[string]any{"sheet": json.RawMessage(`{"players": ["Ann"]}`), "round": sheettest.Rnd([]int{0}, []int{1})}),
		http.StatusUnprocessableEntity)
}

func TestAPIPreviewAndPatch(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben", "Cat"]}`)
	s = c.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	rec := c.do("POST", "/api/sheets/"+s.ID+"/preview", map[string]any{
		"round": sheettest.Rnd([]int{2, 0, 0}, []int{2, 0, 0}, scorekeeper.Bonus{Seat: 0, Kind: scorekeeper.SkullKingTookPirates, Count: 2})})
	expect(t, rec, http.StatusOK)
	p := decodeAs[struct {
		Round scorekeeper.ScoredRound
		Score scorekeeper.Score
	}](t, rec)
	if p.Round.Round != 2 || !slices.Equal(p.Round.Points, []int{100, 20, 20}) || !slices.Equal(p.Score.Totals, []int{120, 30, 30}) {
		t.Fatalf("preview %+v", p)
	}
	rec = c.do("POST", "/api/sheets/"+s.ID+"/preview", map[string]any{"replace": 1, "round": sheettest.Rnd([]int{0, 1, 0}, []int{0, 1, 0})})
	expect(t, rec, http.StatusOK)
	if got := c.get(s.ID); got.Version != s.Version || len(got.Rounds) != 1 {
		t.Fatal("a preview changed the sheet")
	}

	rec = c.do("PATCH", "/api/sheets/"+s.ID, map[string]any{"version": s.Version, "title": "Saturday", "players": []string{"Anna", "Ben", "Cat"}})
	expect(t, rec, http.StatusOK)
	s = decodeAs[sheetResp](t, rec)
	if s.Title != "Saturday" || s.Players[0] != "Anna" || len(s.Rounds) != 1 {
		t.Fatalf("patched %+v", s)
	}
	rec = c.do("PATCH", "/api/sheets/"+s.ID, map[string]any{"version": s.Version, "players": []string{"Anna", "Ben"}})
	expect(t, rec, http.StatusUnprocessableEntity)
}

// TestAPIRenames: a misspelt name fixed by PATCH or by the whole-sheet PUT
// of a phone that renamed offline. Two players alike are refused in words
// with nothing changed; once fixed, the book counts the two spellings as one
// player, under the name as now written.
func TestAPIRenames(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben"], "options": {"rounds": 1}}`)
	c.round(s, sheettest.Rnd([]int{1, 0}, []int{1, 0}))
	typo := c.create(`{"players": ["Ann", "Bne"], "options": {"rounds": 1}}`)
	typo = c.round(typo, sheettest.Rnd([]int{0, 1}, []int{0, 1}))
	one := map[string]int{"rounds": 1}

	for _, tc := range []struct {
		method string
		body   map[string]any
	}{
		{"PATCH", map[string]any{"version": typo.Version, "players": []string{"Ann", " ann "}}},
		{"PUT", map[string]any{"version": typo.Version, "players": []string{"ANN", "Ann"}, "options": one, "rounds": typo.Rounds}},
	} {
		rec := c.do(tc.method, "/api/sheets/"+typo.ID, tc.body)
		expect(t, rec, http.StatusUnprocessableEntity)
		if e := decodeAs[errResp](t, rec); e.Code != "invalid" || !strings.Contains(e.Error, "players 1 and 2 are both called") {
			t.Fatalf("%s refusal %+v", tc.method, e)
		}
		if got := c.get(typo.ID); got.Version != typo.Version || !slices.Equal(got.Players, []string{"Ann", "Bne"}) {
			t.Fatalf("a refused %s changed the sheet: %+v", tc.method, got)
		}
	}

	// The phone's offline copy, renamed and retitled, sent whole (its rules
	// too: a whole sheet without them is one of the standard rules).
	rec := c.do("PUT", "/api/sheets/"+typo.ID, map[string]any{"version": typo.Version, "title": " Friday ",
		"players": []string{"Ann", " Ben "}, "options": one, "rounds": typo.Rounds})
	expect(t, rec, http.StatusOK)
	if got := decodeAs[sheetResp](t, rec); got.Title != "Friday" || !slices.Equal(got.Players, []string{"Ann", "Ben"}) ||
		!slices.Equal(got.Score.Totals, []int{10, 20}) {
		t.Fatalf("renamed %+v", got)
	}
	stats := decodeAs[struct{ Players []scorekeeper.PlayerStats }](t, c.do("GET", "/api/sheets/stats", nil))
	if len(stats.Players) != 2 || stats.Players[1].Name != "Ben" || stats.Players[1].Games != 2 || stats.Players[1].Wins != 1 {
		t.Fatalf("stats after the rename %+v", stats.Players)
	}
	hist := decodeAs[struct{ Sheets []scorekeeper.SheetSummary }](t, c.do("GET", "/api/sheets/history", nil))
	i := slices.IndexFunc(hist.Sheets, func(h scorekeeper.SheetSummary) bool { return h.ID == typo.ID })
	if len(hist.Sheets) != 2 || i < 0 || hist.Sheets[i].Title != "Friday" || !slices.Equal(hist.Sheets[i].Players, []string{"Ann", "Ben"}) {
		t.Fatalf("history after the rename %+v", hist.Sheets)
	}
}

func TestAPIRoutesAndTokens(t *testing.T) {
	c := newClient(t)
	for _, tc := range []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/api/sheets/" + scorekeeper.NewToken(), 404, "not_found"},
		{"GET", "/api/sheets/short", 404, "not_found"},
		{"GET", "/api/sheets/" + scorekeeper.NewToken() + "/nothing", 404, "no_route"},
		{"PATCH", "/api/sheets/" + scorekeeper.NewToken() + "/rounds", 404, "no_route"},
	} {
		rec := c.do(tc.method, tc.path, nil)
		expect(t, rec, tc.status)
		if e := decodeAs[errResp](t, rec); e.Code != tc.code {
			t.Fatalf("%s %s: %+v", tc.method, tc.path, e)
		}
	}
	// Creation answers with and without the trailing slash.
	expect(t, c.do("POST", "/api/sheets/", `{"players": ["Ann", "Ben"]}`), http.StatusCreated)
}

// TestNewHandlerMountsOnAServerMux: the one line a server needs.
func TestNewHandlerMountsOnAServerMux(t *testing.T) {
	mux := http.NewServeMux()
	sk := NewHandler(scorekeeper.NewMemoryStore())
	mux.Handle("/api/sheets/", sk)
	mux.Handle("/api/sheets", sk)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {})
	for _, p := range []string{"/api/sheets", "/api/sheets/"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("POST", p, strings.NewReader(`{"players": ["Ann", "Ben"]}`)))
		expect(t, rec, http.StatusCreated)
	}
}

// TestAPIPanicIsA500: whatever goes wrong inside, the answer is JSON.
func TestAPIPanicIsA500(t *testing.T) {
	rec := httptest.NewRecorder()
	recoverJSON(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") })).
		ServeHTTP(rec, httptest.NewRequest("GET", "/api/sheets/x", nil))
	expect(t, rec, http.StatusInternalServerError)
	if e := decodeAs[errResp](t, rec); e.Code != "internal" {
		t.Fatalf("%+v", e)
	}
}

// TestAPIRulesInfo: the rules a screen can offer are the engine's option
// table, every option with its standard value, so that a rules screen built
// on them cannot drift; the entry words name the 14s as the engine does.
func TestAPIRulesInfo(t *testing.T) {
	c := newClient(t)
	rec := c.do("GET", "/api/sheets/rules", nil)
	expect(t, rec, http.StatusOK)
	info := decodeAs[RulesInfo](t, rec)
	specs := skullking.OptionSpecs()
	if len(info.Options) != len(specs) {
		t.Fatalf("%d options listed, want the engine's %d", len(info.Options), len(specs))
	}
	std := skullking.DefaultOptions()
	for i, oi := range info.Options {
		spec := &specs[i]
		if oi.Key != spec.Key || oi.In != protocol.InOptions || oi.Group != string(spec.Group) || oi.Unit != string(spec.Unit) {
			t.Fatalf("option %d is %+v, want the engine's %q", i, oi, spec.Key)
		}
		// A value read back from JSON is a float64 or a string, a bool.
		want := spec.Get(&std)
		if n, ok := want.(int); ok {
			want = float64(n)
		}
		if oi.Default != want {
			t.Fatalf("%s: default %v, want the standard %v", oi.Key, oi.Default, want)
		}
		if (spec.Needs == nil) != (oi.Needs == nil) {
			t.Fatalf("%s: needs %+v, want %+v", oi.Key, oi.Needs, spec.Needs)
		}
	}
	kinds := map[scorekeeper.BonusKind]BonusKindInfo{}
	for _, k := range info.BonusKinds {
		kinds[k.Kind] = k
	}
	if len(kinds) != 4 || info.MaxLoot != 2 || kinds[scorekeeper.PirateTookMermaids].Max != 2 || kinds[scorekeeper.SkullKingTookPirates].Max != 6 {
		t.Fatalf("bonus kinds %+v", info.BonusKinds)
	}
	if f := kinds[scorekeeper.Fourteen].Cards; len(f) != 4 || f[3] != (FourteenCard{Suit: "black"}) {
		t.Fatalf("the 14s %+v", f)
	}
	if !slices.Equal(info.Wagers, []int{0, 10, 20}) || !slices.Equal(info.Cannon, []string{"grapeshot", "cannonball"}) {
		t.Fatalf("wagers %v, cannon %v", info.Wagers, info.Cannon)
	}
}

// TestAPIDecodeErrorsAreSentences: a body of the wrong form, on any route,
// is refused with a sentence for a person that names the field and says
// what it should be — never Go's names for it (issue 25, item 9).
func TestAPIDecodeErrorsAreSentences(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben"]}`)
	for _, tc := range []struct{ method, path, body, want string }{
		{"POST", "/api/sheets", `{"players": "Ann"}`, `the field "players" should be a list of names in quotes, like ["Ann", "Ben"], not text`},
		{"POST", "/api/sheets", `{"players": ["Ann", 3]}`, `each item of the field "players" should be text in quotes, not a number`},
		{"POST", "/api/sheets", `{"players": ["Ann", "Ben"], "title": 5}`, `the field "title" should be text in quotes, not a number`},
		{"POST", "/api/sheets", `{"players": ["Ann", "Ben"], "rounds": [{"bids": [1, 0], "won": [1, 0], "bonuses": [{"seat": "0"}]}]}`,
			`the field "seat" (in "rounds", "bonuses") should be a whole number, not text`},
		{"POST", "/api/sheets", `[1]`, `the body should be an object, like {…}, not a list`},
		{"POST", "/api/sheets", `{"players": ["Ann", "Ben"]`, `the body's JSON stops in the middle`},
		{"POST", "/api/sheets", `{"players": ["Ann", "Ben"], "options": 3}`, `the rules ("options") should be an object of rules, like {"loot": true}`},
		{"POST", "/api/sheets/" + s.ID + "/rounds", `{"version": "1", "round": {}}`, `the field "version" should be a whole number, not text`},
		{"PATCH", "/api/sheets/" + s.ID, `{"version": 1, "players": "Ann"}`, `the field "players" should be a list of names`},
		{"POST", "/api/sheets/check", `{"sheet": {"players": "Ann"}, "round": {}}`, `the field "players" should be a list of names`},
		{"POST", "/api/sheets/check-rules", `{"sheet": {"players": ["Ann", "Ben"]}, "options": {}, "apply": 3}`, `the field "apply" should be text in quotes, not a number`},
		{"POST", "/api/sheets/import", `{"format": "skullking-sheet/1", "players": "Ann"}`, `the field "players" should be a list of names`},
		{"POST", "/api/sheets/import", `{"format": "skullking-record/1", "players": "Ann"}`, `the record: the field "players" should be a list of names`},
	} {
		rec := c.do(tc.method, tc.path, tc.body)
		e := decodeAs[errResp](t, rec)
		if !strings.HasPrefix(e.Error, tc.want) {
			t.Errorf("%s %s %s: %d %q, want %q", tc.method, tc.path, tc.body, rec.Code, e.Error, tc.want)
		}
		for _, goism := range []string{"sheetFields", "[]", "int64", "scorekeeper.", "json:", "malformed JSON", " want "} {
			if strings.Contains(e.Error, goism) {
				t.Errorf("%s %s: %q speaks Go (%q)", tc.method, tc.body, e.Error, goism)
			}
		}
	}
	// The engine on the phone words them the same.
	if got := string(scorekeeper.CheckJSON([]byte(`{"sheet": {"players": ["Ann", "Ben"]}, "round": {}, "replace": "1"}`))); !strings.Contains(got, `the field \"replace\" should be a whole number, not text`) {
		t.Errorf("CheckJSON: %s", got)
	}
}
