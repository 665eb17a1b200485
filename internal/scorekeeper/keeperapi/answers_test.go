package keeperapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/scorekeeper"
	"github.com/skullking-go/skullking/internal/scorekeeper/sheettest"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/words"
)

// TestAPIImportRecognisesAGameAlreadyKept: a sheet exported and imported
// into the book it is in is answered 409 duplicate with that sheet; kept
// twice knowingly, the history lists both and the statistics count the
// game once. The same record imported twice is one game too.
func TestAPIImportRecognisesAGameAlreadyKept(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben"], "title": "Friday", "options": {"rounds": 1}}`)
	s = c.round(s, sheettest.Rnd([]int{1, 0}, []int{1, 0}, scorekeeper.Bonus{Seat: 0, Kind: scorekeeper.Fourteen, Suit: "black"}))
	rec := c.do("GET", "/api/sheets/"+s.ID+"/export", nil)
	expect(t, rec, http.StatusOK)
	if cd := rec.Header().Get("Content-Disposition"); !strings.HasSuffix(cd, `.sheet.json"`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	exported := rec.Body.String()

	rec = c.do("POST", "/api/sheets/import", exported)
	expect(t, rec, http.StatusConflict)
	if e := decodeAs[errResp](t, rec); e.Code != "duplicate" || e.Sheet == nil || e.Sheet.ID != s.ID {
		t.Fatalf("duplicate %+v", e)
	}
	rec = c.do("POST", "/api/sheets/import?keep=both", exported)
	expect(t, rec, http.StatusCreated)
	copied := decodeAs[sheetResp](t, rec)
	if copied.ID == s.ID || copied.Title != "Friday" || len(copied.Rounds[0].Bonuses) != 1 {
		t.Fatalf("the copy %+v", copied)
	}
	if again := c.do("GET", "/api/sheets/"+copied.ID+"/export", nil).Body.String(); again != exported {
		t.Fatalf("the copy exports\n%s\nnot\n%s", again, exported)
	}
	hist := decodeAs[struct{ Sheets []scorekeeper.SheetSummary }](t, c.do("GET", "/api/sheets/history", nil))
	stats := decodeAs[struct{ Players []scorekeeper.PlayerStats }](t, c.do("GET", "/api/sheets/stats", nil))
	if len(hist.Sheets) != 2 || hist.Sheets[0].Game != hist.Sheets[1].Game {
		t.Fatalf("history %+v", hist.Sheets)
	}
	if len(stats.Players) != 2 || stats.Players[0].Games != 1 {
		t.Fatalf("the game counted twice: %+v", stats.Players)
	}

	// A record has no game id: the same record is the same game.
	record := fmt.Sprintf(`{"format": %q, "players": ["Cat", "Dan"], "options": {"rounds": 1}, "rounds": [{"bids": [1, 0], "won": [1, 0]}]}`, skullking.RecordFormat)
	expect(t, c.do("POST", "/api/sheets/import", record), http.StatusCreated)
	rec = c.do("POST", "/api/sheets/import", strings.ReplaceAll(record, " ", ""))
	expect(t, rec, http.StatusConflict)
	if e := decodeAs[errResp](t, rec); e.Code != "duplicate" {
		t.Fatalf("the record imported again: %+v", e)
	}
}

// TestAPIImportRecognisesASheetsOwnRecord: a sheet exported as a game
// record (which has no game id) and imported into the book it is in is the
// same game: answered 409 duplicate with that sheet, however the record is
// spaced; kept twice knowingly, the copy has the sheet's game id and the
// statistics count the game once (issue 25, item 8).
func TestAPIImportRecognisesASheetsOwnRecord(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben", "Cat"], "title": "Friday", "options": {"rounds": 2, "loot": true}}`)
	s = c.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}, scorekeeper.Bonus{Seat: 0, Kind: scorekeeper.Fourteen, Suit: "black"}))
	s = c.round(s, scorekeeper.Round{Bids: []int{1, 1, 0}, Won: []int{1, 1, 0}, Loot: [][]int{{2, 1}}})
	rec := c.do("GET", "/api/sheets/"+s.ID+"/record", nil)
	expect(t, rec, http.StatusOK)
	record := rec.Body.String()

	for _, body := range []string{record, strings.Join(strings.Fields(record), "")} {
		rec = c.do("POST", "/api/sheets/import", body)
		expect(t, rec, http.StatusConflict)
		if e := decodeAs[errResp](t, rec); e.Code != "duplicate" || e.Sheet == nil || e.Sheet.ID != s.ID || !strings.Contains(e.Error, "Friday") {
			t.Fatalf("the sheet's own record imported again: %+v", e)
		}
	}
	rec = c.do("POST", "/api/sheets/import?keep=both", record)
	expect(t, rec, http.StatusCreated)
	copied := decodeAs[struct {
		sheetResp
		Game string `json:"game"`
	}](t, rec)
	if !slices.Equal(copied.Score.Totals, s.Score.Totals) {
		t.Fatalf("the copy's totals %v, want %v", copied.Score.Totals, s.Score.Totals)
	}
	hist := decodeAs[struct{ Sheets []scorekeeper.SheetSummary }](t, c.do("GET", "/api/sheets/history", nil))
	if len(hist.Sheets) != 2 || hist.Sheets[0].Game != hist.Sheets[1].Game || copied.Game != hist.Sheets[0].Game {
		t.Fatalf("history %+v, the copy's game %q", hist.Sheets, copied.Game)
	}
	stats := decodeAs[struct{ Players []scorekeeper.PlayerStats }](t, c.do("GET", "/api/sheets/stats", nil))
	if len(stats.Players) != 3 || stats.Players[0].Games != 1 {
		t.Fatalf("the game counted twice: %+v", stats.Players)
	}
}

// TestAPIPutWithBaseMerges: a stale whole-sheet PUT with its base is
// merged and stored; one whose round the other phone entered differently
// is refused with both versions, storing nothing.
func TestAPIPutWithBaseMerges(t *testing.T) {
	c := newClient(t)
	s := c.create(`{"players": ["Ann", "Ben", "Cat"], "title": "Friday"}`)
	s = c.round(s, sheettest.Rnd([]int{1, 0, 0}, []int{1, 0, 0}))
	base := s

	// The other phone enters round 2 meanwhile.
	theirs := c.round(s, sheettest.Rnd([]int{1, 1, 0}, []int{1, 1, 0}))

	// This phone renamed Ann offline: without the base, the stale PUT is refused.
	mine := base
	mine.Players = []string{"Anne", "Ben", "Cat"}
	expect(t, c.do("PUT", "/api/sheets/"+s.ID, mine), http.StatusConflict)
	rec := c.do("PUT", "/api/sheets/"+s.ID, map[string]any{"version": mine.Version, "players": mine.Players,
		"title": mine.Title, "rounds": mine.Rounds, "base": base})
	expect(t, rec, http.StatusOK)
	got := decodeAs[sheetResp](t, rec)
	if got.Version != theirs.Version+1 || !slices.Equal(got.Players, []string{"Anne", "Ben", "Cat"}) || len(got.Rounds) != 2 {
		t.Fatalf("merged %+v", got)
	}

	// Both phones enter round 3, differently: 409 with both, nothing stored.
	other := c.round(got, sheettest.Rnd([]int{0, 0, 3}, []int{0, 0, 3}))
	rec = c.do("PUT", "/api/sheets/"+s.ID, map[string]any{"version": got.Version, "players": got.Players, "title": got.Title,
		"rounds": append(slices.Clone(got.Rounds), sheettest.Rnd([]int{3, 0, 0}, []int{3, 0, 0})), "base": got})
	expect(t, rec, http.StatusConflict)
	e := decodeAs[struct {
		Code  string     `json:"code"`
		Sheet *sheetResp `json:"sheet"`
		Merge struct {
			Sheet     *sheetResp `json:"sheet"`
			Conflicts []struct {
				Part   string             `json:"part"`
				Round  int                `json:"round"`
				Mine   *scorekeeper.Round `json:"mine"`
				Theirs *scorekeeper.Round `json:"theirs"`
			} `json:"conflicts"`
		} `json:"merge"`
	}](t, rec)
	if e.Code != "conflict" || e.Sheet.Version != other.Version || len(e.Merge.Conflicts) != 1 {
		t.Fatalf("conflict %+v", e)
	}
	k := e.Merge.Conflicts[0]
	if k.Part != "round" || k.Round != 3 || !slices.Equal(k.Mine.Bids, []int{3, 0, 0}) || !slices.Equal(k.Theirs.Bids, []int{0, 0, 3}) {
		t.Fatalf("the round's two versions %+v", k)
	}
	if e.Merge.Sheet == nil || e.Merge.Sheet.Title != "Friday" {
		t.Fatalf("merged sheet %+v", e.Merge.Sheet)
	}
	if now := c.get(s.ID); now.Version != other.Version {
		t.Fatalf("a refused merge stored version %d", now.Version)
	}
}

// TestScoreJSONAnswersAsTheAPI checks that the page's offline engine
// answers a sheet exactly as the server does when that sheet is sent to it:
// the same score, byte for byte, or the same refusal body — so that the
// points a phone shows offline are the points the server keeps once it is
// back.
func TestScoreJSONAnswersAsTheAPI(t *testing.T) {
	for _, tc := range []struct {
		name   string
		sheet  string
		status int
	}{
		{"a round with a capture", `{"players": ["Ann", "Ben"], "rounds": [{"bids": [1, 0], "won": [1, 0],
			"bonuses": [{"seat": 0, "kind": "fourteen", "suit": "black"}]}]}`, http.StatusCreated},
		{"modules, a rule change and the server's own fields sent back", `{"version": 3, "id": "x", "score": {"totals": [1]},
			"title": "Friday", "players": ["Ann", "Ben", "Cat"], "options": {"loot": true, "pirate_abilities": true},
			"rounds": [{"bids": [1, 0, 0], "won": [1, 0, 0]},
			           {"bids": [1, 1, 0], "won": [1, 1, 0], "loot": [[2, 0]], "wagers": [10, 0, 0],
			            "bonuses": [{"seat": 1, "kind": "skull_king_took_pirates", "count": 2}]}],
			"rule_changes": [{"from_round": 3, "options": {"zero_scaling": "flat"}}]}`, http.StatusCreated},
		{"a game played out, with its winner", `{"players": ["Ann", "Ben", "Cat"], "options": {"rounds": 2},
			"rounds": [{"bids": [1, 0, 0], "won": [1, 0, 0]}, {"bids": [2, 0, 0], "won": [2, 0, 0]}]}`, http.StatusCreated},
		{"an impossible round names its round", `{"players": ["Ann", "Ben"], "rounds": [{"bids": [1, 0], "won": [1, 0]},
			{"bids": [1, 1], "won": [2, 1]}]}`, http.StatusUnprocessableEntity},
		{"an impossible sheet", `{"players": ["Ann"]}`, http.StatusUnprocessableEntity},
		{"a field the API does not know", `{"players": ["Ann", "Ben"], "colour": "red"}`, http.StatusBadRequest},
		{"not JSON", `{"players": [`, http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t)
			resp := c.do("POST", "/api/sheets", tc.sheet)
			if resp.Code != tc.status {
				t.Fatalf("the API answered %d %s, want %d", resp.Code, resp.Body, tc.status)
			}
			want := bytes.TrimSuffix(resp.Body.Bytes(), []byte("\n"))
			if resp.Code == http.StatusCreated {
				var view struct {
					Score json.RawMessage `json:"score"`
				}
				if err := json.Unmarshal(want, &view); err != nil {
					t.Fatal(err)
				}
				want = view.Score
			}
			if got := scorekeeper.ScoreJSON([]byte(tc.sheet)); !bytes.Equal(got, want) {
				t.Fatalf("ScoreJSON answered\n%s\nthe API\n%s", got, want)
			}
		})
	}
}

// TestCheckJSONAnswersAsTheAPI: the page's offline engine gives a round
// being entered the word POST /api/sheets/check gives it, byte for byte,
// so that an impossible round is stopped at its step with no network too.
func TestCheckJSONAnswersAsTheAPI(t *testing.T) {
	kraken := `{"players": ["Ann", "Ben", "Cat"], "options": {"kraken": true}, "rounds": [{"bids": [1, 0, 0], "won": [1, 0, 0]}]}`
	for _, tc := range []struct {
		name, body string
		status     int
	}{
		{"bids and tricks that can be", `{"sheet": ` + kraken + `, "round": {"bids": [1, 1, 0], "won": [1, 0, 0]}}`, http.StatusOK},
		{"two tricks to nobody with one Kraken", `{"sheet": ` + kraken + `, "round": {"bids": [0, 0, 0], "won": [0, 0, 0]}}`, http.StatusUnprocessableEntity},
		{"a correction of round 1", `{"sheet": ` + kraken + `, "round": {"bids": [1, 0, 0], "won": [0, 0, 2]}, "replace": 1}`, http.StatusUnprocessableEntity},
		{"a Loot ally with yourself", `{"sheet": {"players": ["Ann", "Ben", "Cat"], "options": {"loot": true}},
			"round": {"bids": [1, 0, 0], "won": [1, 0, 0], "loot": [[0, 0]]}}`, http.StatusUnprocessableEntity},
		{"no round", `{"sheet": ` + kraken + `}`, http.StatusBadRequest},
		{"an impossible sheet", `{"sheet": {"players": ["Ann"]}, "round": {"bids": [0], "won": [1]}}`, http.StatusUnprocessableEntity},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t)
			resp := c.do("POST", "/api/sheets/check", tc.body)
			if resp.Code != tc.status {
				t.Fatalf("the API answered %d %s, want %d", resp.Code, resp.Body, tc.status)
			}
			want := bytes.TrimSuffix(resp.Body.Bytes(), []byte("\n"))
			if got := scorekeeper.CheckJSON([]byte(tc.body)); !bytes.Equal(got, want) {
				t.Fatalf("CheckJSON answered\n%s\nthe API\n%s", got, want)
			}
		})
	}
}

// TestRulesChangeJSONAnswersAsTheAPI: the page's engine says what a change
// of rules removes as POST /api/sheets/check-rules does, byte for byte, so
// that the keeper is asked before anything goes, online or not.
func TestRulesChangeJSONAnswersAsTheAPI(t *testing.T) {
	loot := `{"players": ["Ann", "Ben", "Cat"], "options": {"loot": true}, "rounds": [{"bids": [1, 0, 0], "won": [1, 0, 0], "loot": [[1, 0]]}]}`
	for _, tc := range []struct {
		name, body, has string
		status          int
	}{
		{"Loot off for the whole game", `{"sheet": ` + loot + `, "options": {}, "apply": "whole_game"}`,
			`"removed":[{"round":1,"kind":"loot","seat":1,"with":0}]`, http.StatusOK},
		{"Loot off from the next round", `{"sheet": ` + loot + `, "options": {}, "apply": "next_round"}`, `"removed":[]`, http.StatusOK},
		{"fewer rounds than entered", `{"sheet": {"players": ["Ann", "Ben"], "rounds": [{"bids": [1, 0], "won": [1, 0]}, {"bids": [2, 0], "won": [2, 0]}]},
			"options": {"rounds": 1}, "apply": "whole_game"}`, "the game was over after round 1", http.StatusUnprocessableEntity},
		{"an unknown apply", `{"sheet": ` + loot + `, "options": {}, "apply": "tomorrow"}`, "", http.StatusUnprocessableEntity},
		{"no options", `{"sheet": ` + loot + `}`, "", http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t)
			resp := c.do("POST", "/api/sheets/check-rules", tc.body)
			if resp.Code != tc.status || !strings.Contains(resp.Body.String(), tc.has) {
				t.Fatalf("the API answered %d %s, want %d with %s", resp.Code, resp.Body, tc.status, tc.has)
			}
			want := bytes.TrimSuffix(resp.Body.Bytes(), []byte("\n"))
			if got := scorekeeper.RulesChangeJSON([]byte(tc.body)); !bytes.Equal(got, want) {
				t.Fatalf("RulesChangeJSON answered\n%s\nthe API\n%s", got, want)
			}
		})
	}
}

// The API's refusals that are the same sentence each time carry its id
// too: the keeper words them in its reader's language.
func TestFixedRefusalsAreWorded(t *testing.T) {
	h := NewHandler(scorekeeper.NewMemoryStore())
	for _, c := range []struct{ path, reason string }{
		{"/api/sheets/0123456789abcdef0123456789abcdef", "keeper.error.no_sheet"},
		{"/api/sheets/nope", "keeper.error.bad_link"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, c.path, nil))
		var body apiError
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if body.Reason != c.reason {
			t.Errorf("GET %s: %+v, want the reason %s", c.path, body, c.reason)
		}
		if got := (words.Words{}).Reason(body.Reason, body.Args); got != body.Error {
			t.Errorf("GET %s in English: %q, want %q", c.path, got, body.Error)
		}
	}
}

// A body or an imported record of the wrong form names the field and what
// it should be in the catalogue's words too.
func TestMalformedBodiesAreWorded(t *testing.T) {
	h := NewHandler(scorekeeper.NewMemoryStore())
	for _, c := range []struct{ path, body, reason string }{
		{"/api/sheets/import", `{"format": "skullking-record/1", "players": "Ann"}`, "keeper.error.record"},
		{"/api/sheets", `{"players": "Ann"}`, "keeper.error.json.field"},
		{"/api/sheets", `{"players": ["Ann", 3]}`, "keeper.error.json.item"},
		{"/api/sheets", `{"players": ["Ann", "Ben"], "rounds": [{"bids": "x"}]}`, "keeper.error.json.in_field"},
		{"/api/sheets", `{"players": ["Ann", "Ben"], "nope": 1}`, "keeper.error.json.unknown_field"},
		{"/api/sheets", ``, "keeper.error.json.empty"},
		{"/api/sheets", `{"players": [`, "keeper.error.json.cut"},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, c.path, strings.NewReader(c.body))
		req.Header.Set(BookHeader, "0123456789abcdef0123456789abcdef")
		h.ServeHTTP(rec, req)
		var body apiError
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if body.Reason != c.reason {
			t.Errorf("POST %s %s: %+v, want the reason %s", c.path, c.body, body, c.reason)
			continue
		}
		var wire map[string]any
		b, _ := json.Marshal(body.Args)
		_ = json.Unmarshal(b, &wire)
		if got := (words.Words{}).Reason(body.Reason, wire); got != body.Error {
			t.Errorf("POST %s %s in English: %q, want %q", c.path, c.body, got, body.Error)
		}
		if de := (words.Words{Lang: locale.For("de")}).Reason(body.Reason, wire); strings.Contains(de, "should be") || strings.Contains(de, "[keeper") {
			t.Errorf("POST %s %s in German: %q", c.path, c.body, de)
		}
	}
}

// TestAPIDocNamesEveryField: docs/scorekeeper-api.md documents the API's
// JSON exactly, so every field a response or a request can hold — the
// protocol's shapes a sheet embeds included — is named there, in code.
func TestAPIDocNamesEveryField(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/scorekeeper-api.md")
	if err != nil {
		t.Fatal(err)
	}
	// The book's header too: a client sends the one the document names.
	if !strings.Contains(string(doc), "Header `"+BookHeader+"`") {
		t.Errorf("the book's header %q is not the one docs/scorekeeper-api.md names", BookHeader)
	}
	seen := map[reflect.Type]bool{}
	var walk func(ty reflect.Type, path string)
	walk = func(ty reflect.Type, path string) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Map {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seen[ty] || ty.Implements(reflect.TypeFor[json.Marshaler]()) ||
			reflect.PointerTo(ty).Implements(reflect.TypeFor[json.Marshaler]()) {
			return
		}
		seen[ty] = true
		for f := range ty.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if f.Anonymous && name == "" {
				walk(f.Type, path)
				continue
			}
			if name == "" {
				name = f.Name
			}
			if !strings.Contains(string(doc), "`"+name+"`") && !strings.Contains(string(doc), `"`+name+`"`) {
				t.Errorf("%s.%s (%q) is not in docs/scorekeeper-api.md", path, f.Name, name)
			}
			walk(f.Type, path+"."+f.Name)
		}
	}
	for _, v := range []any{sheetView{}, scorekeeper.Round{}, scorekeeper.Bonus{}, scorekeeper.RuleChange{}, scorekeeper.Chart{}, scorekeeper.SheetSummary{}, scorekeeper.RosterEntry{}, scorekeeper.PlayerStats{},
		RulesInfo{}, apiError{}} {
		ty := reflect.TypeOf(v)
		walk(ty, ty.Name())
	}
}
