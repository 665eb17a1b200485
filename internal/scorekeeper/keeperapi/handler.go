package keeperapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/skullking-go/skullking/internal/scorekeeper"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
)

// BookHeader carries a book token on the routes that read a book (history,
// roster, statistics) and on the routes that create sheets in one.
const BookHeader = "Score-Book"

// Long-poll bounds: a follower waits at most maxWait for a change (short
// enough for proxies and a server shutdown), and the store is re-read every
// pollEvery meanwhile, for edits that another process made.
const (
	maxWait   = 30 * time.Second
	pollEvery = 5 * time.Second
)

// NewHandler returns the score keeper's HTTP API over store, every route
// under /api/sheets (docs/scorekeeper-api.md). Mount it with
//
//	mux.Handle("/api/sheets/", scorekeeper.NewHandler(store))
//
// (and mux.Handle("/api/sheets", …) too for creation without the slash).
func NewHandler(store scorekeeper.SheetStore) http.Handler { return newHandler(store).routes() }

// Changes carries the news that a sheet changed between the servers that
// share one store, so that a follower waiting on one server hears at once
// of an edit made through another.
type Changes interface {
	// Changed tells the other servers that sheet id changed.
	Changed(id string)
	// Watch calls f with the id of every sheet another server changed.
	Watch(f func(id string)) (stop func(), err error)
}

// NewSharedHandler is NewHandler for one of several servers sharing store:
// edits are told to the others through changes, and theirs wake the
// followers waiting here. The returned func stops listening.
func NewSharedHandler(store scorekeeper.SheetStore, changes Changes) (http.Handler, func(), error) {
	h := newHandler(store)
	stop, err := changes.Watch(h.watch.changed)
	if err != nil {
		return nil, nil, err
	}
	h.changes = changes
	return h.routes(), stop, nil
}

func newHandler(store scorekeeper.SheetStore) *handler {
	return &handler{store: store, now: time.Now, watch: &watchers{chans: map[string]*watch{}}, maxWait: maxWait, pollEvery: pollEvery}
}

func (h *handler) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/sheets", h.create)
	mux.HandleFunc("POST /api/sheets/{$}", h.create)
	mux.HandleFunc("POST /api/sheets/import", h.importRecord)
	mux.HandleFunc("POST /api/sheets/books", h.newBook)
	mux.HandleFunc("POST /api/sheets/check", h.check)
	mux.HandleFunc("POST /api/sheets/check-rules", h.checkRules)
	mux.HandleFunc("GET /api/sheets/history", h.history)
	mux.HandleFunc("GET /api/sheets/roster", h.roster)
	mux.HandleFunc("GET /api/sheets/stats", h.stats)
	mux.HandleFunc("GET /api/sheets/rules", h.rulesList)
	mux.HandleFunc("GET /api/sheets/{token}", h.get)
	mux.HandleFunc("PUT /api/sheets/{token}", h.put)
	mux.HandleFunc("PATCH /api/sheets/{token}", h.patch)
	mux.HandleFunc("DELETE /api/sheets/{token}", h.deleteSheet)
	mux.HandleFunc("POST /api/sheets/{token}/rounds", h.addRound)
	mux.HandleFunc("PUT /api/sheets/{token}/rounds/{n}", h.replaceRound)
	mux.HandleFunc("DELETE /api/sheets/{token}/rounds/{n}", h.deleteRound)
	mux.HandleFunc("PUT /api/sheets/{token}/rules", h.rules)
	mux.HandleFunc("POST /api/sheets/{token}/preview", h.preview)
	mux.HandleFunc("GET /api/sheets/{token}/record", h.record)
	mux.HandleFunc("GET /api/sheets/{token}/export", h.export)
	mux.HandleFunc("GET /api/sheets/{token}/csv", h.csv)
	mux.HandleFunc("GET /api/sheets/{token}/chart", h.chart)
	mux.HandleFunc("/api/sheets/", h.noRoute)
	return recoverJSON(mux)
}

type handler struct {
	store     scorekeeper.SheetStore
	now       func() time.Time
	watch     *watchers
	changes   Changes // nil: this server is alone with its store
	maxWait   time.Duration
	pollEvery time.Duration
}

// sheetView is a sheet as the API shows it: with its score, and without its
// edit token when read through the follow link.
type sheetView struct {
	*scorekeeper.Sheet
	ReadOnly   bool               `json:"read_only"`
	Score      *scorekeeper.Score `json:"score"`
	ScoreError string             `json:"score_error,omitempty"`
}

func view(s *scorekeeper.Sheet, sc *scorekeeper.Score, readOnly bool) *sheetView {
	c := *s
	if readOnly {
		c.ID = ""
	}
	c.Game = s.GameID()
	if c.Changes == nil {
		c.Changes = []scorekeeper.RuleChange{}
	}
	if c.Rounds == nil {
		c.Rounds = []scorekeeper.Round{}
	}
	v := &sheetView{Sheet: &c, ReadOnly: readOnly, Score: sc}
	if sc == nil {
		var err error
		if v.Score, err = s.Score(); err != nil {
			v.ScoreError = scorekeeper.ErrorText(err)
		}
	}
	return v
}

// apiError is every error's body.
type apiError struct {
	Error string `json:"error"`
	Code  string `json:"code"`
	Round int    `json:"round,omitempty"`
	scorekeeper.Wording
	Sheet *sheetView `json:"sheet,omitempty"`
	// Merge is, on a conflict the server tried to merge, the sheet merged
	// as far as it goes and what is left for the keeper to choose.
	Merge *mergeView `json:"merge,omitempty"`
}

// mergeView is a merge that needs the keeper: the merged sheet (theirs
// wherever the phones disagree) and the parts they disagree on; or, when
// the parts do not fit together, why (Problem), and no sheet.
type mergeView struct {
	Sheet     *sheetView             `json:"sheet,omitempty"`
	Conflicts []scorekeeper.Conflict `json:"conflicts"`
	Problem   string                 `json:"problem,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"internal error","code":"internal"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

func writeError(w http.ResponseWriter, status int, code, format string, args ...any) {
	writeJSON(w, status, apiError{Error: fmt.Sprintf(format, args...), Code: code})
}

// writeSaid is writeError for an error whose sentence the catalogue has
// (say), for the keeper to word in its reader's language.
func writeSaid(w http.ResponseWriter, status int, code string, say scorekeeper.Wording, format string, args ...any) {
	writeJSON(w, status, apiError{Error: fmt.Sprintf(format, args...), Code: code, Wording: say})
}

// writeRefusal answers a refused request body or entry: 400 for a body that
// is not what the route reads, 422 for an entry the rules refuse.
func writeRefusal(w http.ResponseWriter, err error) {
	r := scorekeeper.RefusalOf(err)
	status := http.StatusUnprocessableEntity
	if r.Code == scorekeeper.CodeMalformed {
		status = http.StatusBadRequest
	}
	writeJSON(w, status, apiError{Error: r.Error, Code: r.Code, Round: r.Round, Wording: r.Wording})
}

func (h *handler) storeError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, scorekeeper.ErrNotFound) {
		writeSaid(w, http.StatusNotFound, "not_found", scorekeeper.Wording{Reason: "keeper.error.no_sheet"}, "no such sheet")
		return
	}
	slog.ErrorContext(r.Context(), "scorekeeper: store", "err", err, "path", r.URL.Path)
	writeSaid(w, http.StatusInternalServerError, "internal", scorekeeper.Wording{Reason: "keeper.error.storage"},
		"the sheets cannot be read or written right now")
}

// recoverJSON turns a panic into a 500 with a JSON body: whatever a request
// holds, the server answers and goes on.
func recoverJSON(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				slog.ErrorContext(r.Context(), "scorekeeper: panic", "panic", v, "path", r.URL.Path)
				writeSaid(w, http.StatusInternalServerError, "internal", scorekeeper.Wording{Reason: "error.internal"}, "internal error")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func (h *handler) noRoute(w http.ResponseWriter, r *http.Request) {
	writeError(w, http.StatusNotFound, "no_route", "no route %s %s", r.Method, r.URL.Path)
}

// readBody reads a request body up to MaxBodyBytes.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, scorekeeper.MaxBodyBytes))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			writeSaid(w, http.StatusRequestEntityTooLarge, "too_large", scorekeeper.Wording{Reason: "keeper.error.too_large",
				Args: map[string]any{"Count": scorekeeper.MaxBodyBytes}}, "the body is larger than %d bytes", scorekeeper.MaxBodyBytes)
			return nil, false
		}
		writeSaid(w, http.StatusBadRequest, "malformed", scorekeeper.Wording{Reason: "keeper.error.unreadable"}, "the body could not be read")
		return nil, false
	}
	return b, true
}

// decodeBody reads a JSON body strictly into v.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) bool {
	b, ok := readBody(w, r)
	if !ok {
		return false
	}
	if err := scorekeeper.DecodeStrict(b, v); err != nil {
		writeRefusal(w, err)
		return false
	}
	return true
}

// book reads the book header: required or optional, and well formed if
// present.
func book(w http.ResponseWriter, r *http.Request, required bool) (string, bool) {
	b := strings.TrimSpace(r.Header.Get(BookHeader))
	if b == "" {
		if required {
			writeError(w, http.StatusBadRequest, "book_required", "send the book token in the %s header (POST /api/sheets/books makes one)", BookHeader)
			return "", false
		}
		return "", true
	}
	b = strings.ToLower(b)
	if !scorekeeper.ValidToken(b) {
		writeError(w, http.StatusBadRequest, "bad_book", "the %s header is not a book token (32 hex digits)", BookHeader)
		return "", false
	}
	return b, true
}

// load finds the sheet the path's token names: its edit token, or its
// follow token (readOnly), which is refused when the request edits.
func (h *handler) load(w http.ResponseWriter, r *http.Request, edit bool) (s *scorekeeper.Sheet, readOnly, ok bool) {
	token := strings.ToLower(r.PathValue("token"))
	if !scorekeeper.ValidToken(token) {
		writeSaid(w, http.StatusNotFound, "not_found", scorekeeper.Wording{Reason: "keeper.error.bad_link"},
			"no such sheet: a sheet link ends in 32 hex digits")
		return nil, false, false
	}
	s, err := h.store.Get(r.Context(), token)
	if err == nil {
		return s, false, true
	}
	if !errors.Is(err, scorekeeper.ErrNotFound) {
		h.storeError(w, r, err)
		return nil, false, false
	}
	s, err = h.store.GetByFollow(r.Context(), token)
	if err != nil {
		h.storeError(w, r, err)
		return nil, false, false
	}
	if edit {
		writeSaid(w, http.StatusForbidden, "read_only", scorekeeper.Wording{Reason: "keeper.error.read_only"},
			"this is the sheet's read-only follow link: only the keeper's link can change it")
		return nil, true, false
	}
	return s, true, true
}

// etag is a sheet's entity tag: its version, which every change moves.
func etag(s *scorekeeper.Sheet) string { return `"` + strconv.FormatInt(s.Version, 10) + `"` }

// fresh reports whether the client's If-None-Match already names the
// sheet's version.
func fresh(r *http.Request, s *scorekeeper.Sheet) bool {
	inm := r.Header.Get("If-None-Match")
	if inm == "" {
		return false
	}
	want := etag(s)
	for _, t := range strings.Split(inm, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == want || t == "*" {
			return true
		}
	}
	return false
}

// cacheHeaders mark a sheet's representation: revalidate every time, which
// with the ETag costs a 304.
func cacheHeaders(w http.ResponseWriter, s *scorekeeper.Sheet) {
	w.Header().Set("ETag", etag(s))
	w.Header().Set("Cache-Control", "no-cache")
}

func (h *handler) newBook(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusCreated, map[string]string{"book": scorekeeper.NewToken()})
}

func (h *handler) create(w http.ResponseWriter, r *http.Request) {
	bk, body, ok := bookAndBody(w, r)
	if !ok {
		return
	}
	s, _, err := scorekeeper.DecodeSheet(body)
	if err != nil {
		writeRefusal(w, err)
		return
	}
	h.createSheet(w, r, s, bk)
}

// createSheet gives a checked new sheet its tokens and stores it.
func (h *handler) createSheet(w http.ResponseWriter, r *http.Request, s *scorekeeper.Sheet, bk string) {
	sc, err := s.Score()
	if err != nil {
		writeRefusal(w, err)
		return
	}
	now := h.stamp()
	s.ID, s.Follow, s.Book, s.Version, s.Created, s.Updated = scorekeeper.NewToken(), scorekeeper.NewToken(), bk, 1, now, now
	if s.Game == "" {
		s.Game = scorekeeper.NewToken()
	}
	if err := h.store.Create(r.Context(), s); err != nil {
		h.storeError(w, r, err)
		return
	}
	w.Header().Set("Location", "/api/sheets/"+s.ID)
	cacheHeaders(w, s)
	writeJSON(w, http.StatusCreated, view(s, sc, false))
}

// stamp is the time of a change, to the millisecond, as every store keeps it.
func (h *handler) stamp() time.Time { return h.now().UTC().Truncate(time.Millisecond) }

// bookAndBody reads what a new sheet comes with: the book it goes in (if
// the request names one) and the request's body.
func bookAndBody(w http.ResponseWriter, r *http.Request) (bk string, body []byte, ok bool) {
	if bk, ok = book(w, r, false); !ok {
		return "", nil, false
	}
	if body, ok = readBody(w, r); !ok {
		return "", nil, false
	}
	return bk, body, true
}

func (h *handler) importRecord(w http.ResponseWriter, r *http.Request) {
	bk, body, ok := bookAndBody(w, r)
	if !ok {
		return
	}
	var s *scorekeeper.Sheet
	var rec *skullking.Record // the record imported, if it is one
	if scorekeeper.IsDocument(body) {
		doc, err := scorekeeper.ParseDocument(body)
		if err != nil {
			writeRefusal(w, err)
			return
		}
		s = doc
	} else {
		var err error
		if rec, err = skullking.ParseRecord(body); err != nil {
			why, say := scorekeeper.RecordText(err), scorekeeper.Wording{}
			// JSON of the wrong form is worded as for every other body.
			var me *scorekeeper.MalformedError
			if errors.As(scorekeeper.DecodeStrict(body, &skullking.Record{Options: skullking.DefaultOptions()}), &me) {
				why = me.Message()
				if me.Reason != "" {
					say = scorekeeper.Wording{Reason: "keeper.error.record", Args: map[string]any{"Why": scorekeeper.Phrase{ID: me.Reason, Args: me.Args}}}
				}
			}
			writeSaid(w, http.StatusUnprocessableEntity, "invalid", say, "the record: %s", why)
			return
		}
		if s, err = scorekeeper.FromRecord(rec); err != nil {
			writeRefusal(w, err)
			return
		}
		s.Game = recordGame(body)
	}
	if bk != "" {
		sheets, err := h.store.ListBook(r.Context(), bk)
		if err != nil {
			h.storeError(w, r, err)
			return
		}
		if had := sameGame(sheets, s, rec); had != nil {
			if r.URL.Query().Get("keep") != "both" {
				writeJSON(w, http.StatusConflict, apiError{
					Error: fmt.Sprintf("this game is already in the book, as %s: open it, or import it again with ?keep=both to keep two copies", sheetName(had)),
					Code:  "duplicate", Sheet: view(had, nil, false)})
				return
			}
			s.Game = had.GameID() // two copies of one game, counted once
		}
	}
	h.createSheet(w, r, s, bk)
}

// sameGame is the sheet of sheets that holds the game s was imported from:
// the one with s's game id, or, for a game record (rec, which carries no
// game id), the sheet that exports this very record — a sheet's record
// exported and imported again is that sheet's game. Nil when none is.
func sameGame(sheets []*scorekeeper.Sheet, s *scorekeeper.Sheet, rec *skullking.Record) *scorekeeper.Sheet {
	for _, had := range sheets {
		if had.GameID() == s.Game {
			return had
		}
	}
	if rec == nil {
		return nil
	}
	want, err := rec.Marshal()
	if err != nil {
		return nil
	}
	for _, had := range sheets {
		if !slices.Equal(had.Players, rec.Players) || len(had.Rounds) != len(rec.Rounds) {
			continue
		}
		if got, ok := recordOf(had); ok && bytes.Equal(got, want) {
			return had
		}
	}
	return nil
}

// recordOf is the game record sheet s exports, read back as an import
// reads it, so that it compares byte for byte with an imported record.
func recordOf(s *scorekeeper.Sheet) ([]byte, bool) {
	rec, err := s.Record()
	if err != nil {
		return nil, false
	}
	b, err := rec.Marshal()
	if err != nil {
		return nil, false
	}
	if rec, err = skullking.ParseRecord(b); err != nil {
		return nil, false
	}
	b, err = rec.Marshal()
	return b, err == nil
}

// sheetName names a sheet for a sentence: its title, quoted, or its
// players, with the rounds entered.
func sheetName(s *scorekeeper.Sheet) string {
	name := `"` + s.Title + `"`
	if s.Title == "" {
		name = s.Players[len(s.Players)-1]
		if len(s.Players) > 1 {
			name = strings.Join(s.Players[:len(s.Players)-1], ", ") + " and " + name
		}
	}
	rounds := "1 round"
	if len(s.Rounds) != 1 {
		rounds = strconv.Itoa(len(s.Rounds)) + " rounds"
	}
	return fmt.Sprintf("%s (%s)", name, rounds)
}

// recordGame is the game id of a sheet imported from a game record, which
// has none: one read from the record itself, so that the same record
// imported twice is the same game.
func recordGame(body []byte) string {
	var v any
	canon := body
	if json.Unmarshal(body, &v) == nil {
		if b, err := json.Marshal(v); err == nil {
			canon = b // the same record however it is spaced
		}
	}
	sum := sha256.Sum256(append([]byte("skullking-record-game:"), canon...))
	return hex.EncodeToString(sum[:16])
}

func (h *handler) get(w http.ResponseWriter, r *http.Request) {
	s, ro, ok := h.load(w, r, false)
	if !ok {
		return
	}
	wait := time.Duration(0)
	if q := r.URL.Query().Get("wait"); q != "" {
		secs, err := strconv.Atoi(q)
		if err != nil || secs < 0 {
			writeError(w, http.StatusBadRequest, "bad_wait", "wait=%q: a number of seconds, 0 to %d", q, int(h.maxWait/time.Second))
			return
		}
		wait = min(time.Duration(secs)*time.Second, h.maxWait)
	}
	if wait > 0 && fresh(r, s) {
		s = h.waitForChange(r, s, wait)
		if s == nil {
			return // the client went away
		}
	}
	cacheHeaders(w, s)
	if fresh(r, s) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	writeJSON(w, http.StatusOK, view(s, nil, ro))
}

// waitForChange holds a follower's request until sheet s changes, wait
// passes or the client leaves (nil). It returns the sheet as it then is.
func (h *handler) waitForChange(r *http.Request, s *scorekeeper.Sheet, wait time.Duration) *scorekeeper.Sheet {
	ch, release := h.watch.subscribe(s.ID)
	defer release()
	// Re-read once subscribed, so that a change between the first read and
	// the subscription is not missed.
	reload := func() *scorekeeper.Sheet {
		cur, err := h.store.Get(r.Context(), s.ID)
		if err != nil {
			return s // gone or unreadable: answer with what we have
		}
		return cur
	}
	if cur := reload(); cur.Version != s.Version {
		return cur
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	tick := time.NewTicker(h.pollEvery)
	defer tick.Stop()
	for {
		select {
		case <-ch:
			return reload()
		case <-tick.C:
			if cur := reload(); cur.Version != s.Version {
				return cur
			}
		case <-timer.C:
			return s
		case <-r.Context().Done():
			return nil
		}
	}
}

// mutate applies change to the sheet the request names, if version is the
// sheet's version, stores the result and answers with it. Every edit goes
// through here: follow links refused, stale versions answered with 409 and
// the current sheet, refusals with 422, and followers woken on success.
func (h *handler) mutate(w http.ResponseWriter, r *http.Request, version *int64, change func(*scorekeeper.Sheet) (*scorekeeper.Sheet, *scorekeeper.Score, error)) {
	cur, ok := h.atVersion(w, r, version, "send the version of the sheet this edit was made on (\"version\": %d is current)")
	if !ok {
		return
	}
	next, sc, err := change(cur)
	if err != nil {
		writeRefusal(w, err)
		return
	}
	next.ID, next.Follow, next.Book, next.Created, next.Game = cur.ID, cur.Follow, cur.Book, cur.Created, cur.Game
	next.Version, next.Updated = cur.Version+1, h.stamp()
	if err := h.store.Update(r.Context(), next, cur.Version); err != nil {
		h.writeFailed(w, r, cur, err)
		return
	}
	h.changed(next.ID)
	cacheHeaders(w, next)
	writeJSON(w, http.StatusOK, view(next, sc, false))
}

// atVersion loads the sheet the request names for a change made on
// version: none sent is answered with 428 (ask says how to send it, given
// the current version), another than the sheet's with 409 and the sheet.
func (h *handler) atVersion(w http.ResponseWriter, r *http.Request, version *int64, ask string) (*scorekeeper.Sheet, bool) {
	cur, _, ok := h.load(w, r, true)
	if !ok {
		return nil, false
	}
	if version == nil {
		writeError(w, http.StatusPreconditionRequired, "version_required", ask, cur.Version)
		return nil, false
	}
	if *version != cur.Version {
		h.conflict(w, r, cur, *version)
		return nil, false
	}
	return cur, true
}

// writeFailed answers a change to sheet cur that the store did not make:
// one made meanwhile by someone else with 409 and the sheet as it is now,
// anything else as the store's error.
func (h *handler) writeFailed(w http.ResponseWriter, r *http.Request, cur *scorekeeper.Sheet, err error) {
	if errors.Is(err, scorekeeper.ErrConflict) {
		if now, gerr := h.store.Get(r.Context(), cur.ID); gerr == nil {
			h.conflict(w, r, now, cur.Version)
			return
		}
	}
	h.storeError(w, r, err)
}

// conflict answers an edit made on an old version with the current sheet,
// for the client to merge or redo.
func (h *handler) conflict(w http.ResponseWriter, r *http.Request, cur *scorekeeper.Sheet, sent int64) {
	cacheHeaders(w, cur)
	writeJSON(w, http.StatusConflict, apiError{
		Error: fmt.Sprintf("the sheet is at version %d, but this edit was made on version %d: it changed meanwhile", cur.Version, sent),
		Code:  "conflict", Sheet: view(cur, nil, false)})
}

func (h *handler) put(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	s, version, err := scorekeeper.DecodeSheet(body)
	if err != nil {
		// A follower must hear "read-only" rather than about its body.
		if _, _, ok := h.load(w, r, true); ok {
			writeRefusal(w, err)
		}
		return
	}
	var v *int64
	if version >= 0 {
		v = &version
	}
	if base, ok := h.putBase(w, r, body); !ok {
		return
	} else if base != nil && v != nil {
		h.merge(w, r, base, s, *v)
		return
	}
	h.mutate(w, r, v, func(*scorekeeper.Sheet) (*scorekeeper.Sheet, *scorekeeper.Score, error) { return s.Scored() })
}

// putBase reads the "base" of a PUT, if any: the sheet as the phone last
// had it from the server, which its changes were made on.
func (h *handler) putBase(w http.ResponseWriter, r *http.Request, body []byte) (*scorekeeper.Sheet, bool) {
	var with struct {
		Base json.RawMessage `json:"base"`
	}
	if json.Unmarshal(body, &with) != nil || len(with.Base) == 0 || string(with.Base) == "null" {
		return nil, true
	}
	base, _, err := scorekeeper.DecodeSheet(with.Base)
	if err != nil {
		writeRefusal(w, fmt.Errorf("the base: %w", err))
		return nil, false
	}
	return base, true
}

// merge stores a phone's sheet made on version from base: as it is when
// the sheet is still at that version, else merged with the changes made
// meanwhile (Merge). A merge that leaves parts both sides changed, or
// whose parts do not fit together, is answered 409 with the current sheet
// and the merge, and stores nothing: no change is lost without the keeper
// choosing.
func (h *handler) merge(w http.ResponseWriter, r *http.Request, base, mine *scorekeeper.Sheet, version int64) {
	cur, _, ok := h.load(w, r, true)
	if !ok {
		return
	}
	if version == cur.Version {
		h.mutate(w, r, &version, func(*scorekeeper.Sheet) (*scorekeeper.Sheet, *scorekeeper.Score, error) { return mine.Scored() })
		return
	}
	merged, conflicts, err := scorekeeper.Merge(base, mine, cur)
	if err != nil || len(conflicts) > 0 {
		mv := &mergeView{Conflicts: conflicts}
		if mv.Conflicts == nil {
			mv.Conflicts = []scorekeeper.Conflict{}
		}
		if err != nil {
			mv.Problem = scorekeeper.ErrorText(err)
		} else {
			merged.ID, merged.Follow = cur.ID, cur.Follow
			mv.Sheet = view(merged, nil, false)
		}
		cacheHeaders(w, cur)
		writeJSON(w, http.StatusConflict, apiError{
			Error: fmt.Sprintf("the sheet is at version %d, but this edit was made on version %d: both changed the same part", cur.Version, version),
			Code:  "conflict", Sheet: view(cur, nil, false), Merge: mv})
		return
	}
	at := cur.Version
	h.mutate(w, r, &at, func(*scorekeeper.Sheet) (*scorekeeper.Sheet, *scorekeeper.Score, error) { return merged.Scored() })
}

func (h *handler) patch(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Version *int64   `json:"version"`
		Title   *string  `json:"title"`
		Players []string `json:"players"`
	}
	if !decodeBody(w, r, &req) {
		return
	}
	h.mutate(w, r, req.Version, func(cur *scorekeeper.Sheet) (*scorekeeper.Sheet, *scorekeeper.Score, error) {
		next := cur.Clone()
		if req.Players != nil {
			var err error
			if next, _, err = cur.WithPlayers(req.Players); err != nil {
				return nil, nil, err
			}
		}
		if req.Title != nil {
			next.Title = strings.TrimSpace(*req.Title)
		}
		return next.Scored()
	})
}

// versionQuery reads the ?version= of a DELETE, which has no body.
func versionQuery(w http.ResponseWriter, r *http.Request) (*int64, bool) {
	q := r.URL.Query().Get("version")
	if q == "" {
		return nil, true
	}
	v, err := strconv.ParseInt(q, 10, 64)
	if err != nil {
		writeError(w, http.StatusBadRequest, "malformed", "version=%q is not a number", q)
		return nil, false
	}
	return &v, true
}

func (h *handler) deleteSheet(w http.ResponseWriter, r *http.Request) {
	v, ok := versionQuery(w, r)
	if !ok {
		return
	}
	cur, ok := h.atVersion(w, r, v, "send ?version=%d to delete this sheet")
	if !ok {
		return
	}
	if err := h.store.Delete(r.Context(), cur.ID, cur.Version); err != nil {
		h.writeFailed(w, r, cur, err)
		return
	}
	h.changed(cur.ID)
	w.WriteHeader(http.StatusNoContent)
}

// roundRequest is the body of the round routes.
type roundRequest struct {
	Version *int64             `json:"version"`
	Round   *scorekeeper.Round `json:"round"`
}

func (req *roundRequest) decode(w http.ResponseWriter, r *http.Request) bool {
	if !decodeBody(w, r, req) {
		return false
	}
	if req.Round == nil {
		writeError(w, http.StatusBadRequest, "malformed", "the body needs a \"round\"")
		return false
	}
	return true
}

// roundNumber reads the path's round number.
func roundNumber(w http.ResponseWriter, r *http.Request) (int, bool) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 {
		writeError(w, http.StatusNotFound, "not_found", "round %q: rounds are numbered from 1", r.PathValue("n"))
		return 0, false
	}
	return n, true
}

func (h *handler) addRound(w http.ResponseWriter, r *http.Request) {
	var req roundRequest
	if !req.decode(w, r) {
		return
	}
	h.mutate(w, r, req.Version, func(cur *scorekeeper.Sheet) (*scorekeeper.Sheet, *scorekeeper.Score, error) {
		return cur.WithRound(*req.Round)
	})
}

func (h *handler) replaceRound(w http.ResponseWriter, r *http.Request) {
	n, ok := roundNumber(w, r)
	if !ok {
		return
	}
	var req roundRequest
	if !req.decode(w, r) {
		return
	}
	h.mutate(w, r, req.Version, func(cur *scorekeeper.Sheet) (*scorekeeper.Sheet, *scorekeeper.Score, error) {
		return cur.WithRoundReplaced(n, *req.Round)
	})
}

func (h *handler) deleteRound(w http.ResponseWriter, r *http.Request) {
	n, ok := roundNumber(w, r)
	if !ok {
		return
	}
	v, ok := versionQuery(w, r)
	if !ok {
		return
	}
	h.mutate(w, r, v, func(cur *scorekeeper.Sheet) (*scorekeeper.Sheet, *scorekeeper.Score, error) {
		return cur.WithoutLastRound(n)
	})
}

func (h *handler) rules(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Version *int64             `json:"version"`
		Options *skullking.Options `json:"options"`
		Apply   scorekeeper.Apply  `json:"apply"`
	}
	if !decodeBody(w, r, &req) {
		return
	}
	if req.Options == nil {
		writeError(w, http.StatusBadRequest, "malformed", "the body needs \"options\" (the new rules; {} is the standard rules)")
		return
	}
	h.mutate(w, r, req.Version, func(cur *scorekeeper.Sheet) (*scorekeeper.Sheet, *scorekeeper.Score, error) {
		return cur.WithRules(*req.Options, req.Apply)
	})
}

func (h *handler) preview(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Round   *scorekeeper.Round `json:"round"`
		Replace int                `json:"replace"`
	}
	if !decodeBody(w, r, &req) {
		return
	}
	if req.Round == nil {
		writeError(w, http.StatusBadRequest, "malformed", "the body needs a \"round\"")
		return
	}
	cur, _, ok := h.load(w, r, false)
	if !ok {
		return
	}
	sr, sc, err := scorekeeper.CheckRound(cur, *req.Round, req.Replace)
	if err != nil {
		writeRefusal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"round": sr, "score": sc})
}

// check is CheckRound for a sheet the client sends, stored or not: the
// entry screens ask it at each step of a round, offline sheets included
// once the server is reached.
func (h *handler) check(w http.ResponseWriter, r *http.Request) {
	var req scorekeeper.CheckRequest
	if !decodeBody(w, r, &req) {
		return
	}
	if req.Sheet == nil || req.Round == nil {
		writeError(w, http.StatusBadRequest, scorekeeper.CodeMalformed, scorekeeper.NeedSheetAndRound)
		return
	}
	s, _, err := scorekeeper.DecodeSheet(req.Sheet)
	if err != nil {
		writeRefusal(w, err)
		return
	}
	sr, _, err := scorekeeper.CheckRound(s, *req.Round, req.Replace)
	if err != nil {
		writeRefusal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"round": sr})
}

// checkRules is Sheet.RulesChange for a sheet the client sends, stored or
// not: what a change of rules would make of it and what it would remove,
// asked before the change so that the keeper is told what goes.
func (h *handler) checkRules(w http.ResponseWriter, r *http.Request) {
	var req scorekeeper.RulesChangeRequest
	if !decodeBody(w, r, &req) {
		return
	}
	a, err := req.Answer()
	if err != nil {
		writeRefusal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}

// readSheet loads the sheet for a read-only route, answering 304 when the
// client has this version.
func (h *handler) readSheet(w http.ResponseWriter, r *http.Request) (*scorekeeper.Sheet, bool) {
	s, _, ok := h.load(w, r, false)
	if !ok {
		return nil, false
	}
	cacheHeaders(w, s)
	if fresh(r, s) {
		w.WriteHeader(http.StatusNotModified)
		return nil, false
	}
	return s, true
}

// fileName names a download after the sheet's day, so exports sort.
func fileName(s *scorekeeper.Sheet, ext string) string {
	return fmt.Sprintf("skullking-%s-%s.%s", s.Created.UTC().Format("2006-01-02"), s.Follow[:min(8, len(s.Follow))], ext)
}

func (h *handler) record(w http.ResponseWriter, r *http.Request) {
	h.download(w, r, "json", "application/json; charset=utf-8", func(s *scorekeeper.Sheet) ([]byte, error) {
		rec, err := s.Record()
		if err != nil {
			return nil, err
		}
		return rec.Marshal()
	})
}

func (h *handler) export(w http.ResponseWriter, r *http.Request) {
	h.download(w, r, "sheet.json", "application/json; charset=utf-8", func(s *scorekeeper.Sheet) ([]byte, error) {
		d, err := s.Document()
		if err != nil {
			return nil, err
		}
		return d.Marshal()
	})
}

func (h *handler) csv(w http.ResponseWriter, r *http.Request) {
	h.download(w, r, "csv", "text/csv; charset=utf-8", (*scorekeeper.Sheet).CSV)
}

// download sends the sheet the request names as a file to save, its name
// ending in ext, in what export makes of it.
func (h *handler) download(w http.ResponseWriter, r *http.Request, ext, contentType string, export func(*scorekeeper.Sheet) ([]byte, error)) {
	s, ok := h.readSheet(w, r)
	if !ok {
		return
	}
	b, err := export(s)
	if err != nil {
		writeRefusal(w, err)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+fileName(s, ext)+`"`)
	_, _ = w.Write(b)
}

func (h *handler) chart(w http.ResponseWriter, r *http.Request) {
	s, ok := h.readSheet(w, r)
	if !ok {
		return
	}
	c, err := s.Chart()
	if err != nil {
		writeRefusal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func (h *handler) bookSheets(w http.ResponseWriter, r *http.Request) ([]*scorekeeper.Sheet, bool) {
	bk, ok := book(w, r, true)
	if !ok {
		return nil, false
	}
	sheets, err := h.store.ListBook(r.Context(), bk)
	if err != nil {
		h.storeError(w, r, err)
		return nil, false
	}
	return sheets, true
}

func (h *handler) history(w http.ResponseWriter, r *http.Request) {
	all := false
	switch q := r.URL.Query().Get("status"); q {
	case "", "finished":
	case "all":
		all = true
	default:
		writeError(w, http.StatusBadRequest, "malformed", "status=%q: \"finished\" (the default) or \"all\"", q)
		return
	}
	sheets, ok := h.bookSheets(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"sheets": scorekeeper.History(sheets, all)})
}

func (h *handler) roster(w http.ResponseWriter, r *http.Request) {
	sheets, ok := h.bookSheets(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"players": scorekeeper.Roster(sheets)})
}

func (h *handler) stats(w http.ResponseWriter, r *http.Request) {
	sheets, ok := h.bookSheets(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"players": scorekeeper.Stats(sheets)})
}

// RulesInfo is what a rules screen and the round entries can offer: every
// rule option from the engine's option table (protocol.RuleOptions: key,
// type, standard value, bounds or choices, group and what it needs; its
// words are the locale catalogue's), and the words of a round's entries. A client keeps no copy of
// any rule: this is where it learns them.
type RulesInfo struct {
	Options    []protocol.OptionInfo `json:"options"`
	BonusKinds []BonusKindInfo       `json:"bonus_kinds"`
	// MaxLoot is the most Loot alliances a round can form: one a Loot card.
	MaxLoot int      `json:"max_loot"`
	Cannon  []string `json:"cannon"`
	Wagers  []int    `json:"wagers"`
}

// BonusKindInfo is one kind of bonus event as an entry screen offers it:
// for a 14, the four cards it may be; for a count, its most.
type BonusKindInfo struct {
	Kind  scorekeeper.BonusKind `json:"kind"`
	Cards []FourteenCard        `json:"cards,omitempty"`
	Max   int                   `json:"max,omitempty"`
}

// FourteenCard is a 14 as a Fourteen event names it: its suit. A client
// names the card from the locale catalogue (card.phrase.<suit>).
type FourteenCard struct {
	Suit string `json:"suit"`
}

// rulesInfo is computed once: it holds nothing but the engine's tables.
var rulesInfo = sync.OnceValue(func() RulesInfo {
	fourteens := make([]FourteenCard, len(scorekeeper.FourteenSuits))
	for i, suit := range scorekeeper.FourteenSuits {
		fourteens[i] = FourteenCard{Suit: suit}
	}
	return RulesInfo{
		Options: protocol.RuleOptions(),
		BonusKinds: []BonusKindInfo{
			{Kind: scorekeeper.Fourteen, Cards: fourteens},
			{Kind: scorekeeper.PirateTookMermaids, Max: scorekeeper.DeckMermaids},
			{Kind: scorekeeper.SkullKingTookPirates, Max: scorekeeper.DeckPirates},
			{Kind: scorekeeper.MermaidTookSkullKing},
		},
		MaxLoot: scorekeeper.DeckLoot,
		Cannon:  []string{"grapeshot", "cannonball"},
		Wagers:  rascalWagers,
	}
})

// rascalWagers are the wagers Rascal of Roatan may make (docs/rules.md §8).
var rascalWagers = []int{0, 10, 20}

func (h *handler) rulesList(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, rulesInfo())
}

// watchers wake long-polling followers when their sheet changes in this
// process.
type watchers struct {
	mu    sync.Mutex
	chans map[string]*watch
}

type watch struct {
	ch   chan struct{}
	refs int
}

// subscribe returns a channel closed at the sheet's next change, and a
// release to call when done waiting, so that idle sheets hold no memory.
func (ws *watchers) subscribe(id string) (<-chan struct{}, func()) {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	wt := ws.chans[id]
	if wt == nil {
		wt = &watch{ch: make(chan struct{})}
		ws.chans[id] = wt
	}
	wt.refs++
	return wt.ch, func() {
		ws.mu.Lock()
		defer ws.mu.Unlock()
		wt.refs--
		if wt.refs == 0 && ws.chans[id] == wt {
			delete(ws.chans, id)
		}
	}
}

// changed wakes the followers of sheet id, here and on the servers that
// share the store.
func (h *handler) changed(id string) {
	h.watch.changed(id)
	if h.changes != nil {
		h.changes.Changed(id)
	}
}

// changed wakes everyone waiting on sheet id.
func (ws *watchers) changed(id string) {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if wt := ws.chans[id]; wt != nil {
		close(wt.ch)
		delete(ws.chans, id)
	}
}
