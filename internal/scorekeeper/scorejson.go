package scorekeeper

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/skullking-go/skullking"
)

// ScoreJSON scores a sheet sent as JSON — a sheet as a client sends it
// (DecodeSheet) — and answers in JSON what the API answers for it: the
// sheet's score as the "score" of the sheet's view, or the refusal's body
// ({"error", "code", "round"}) with the sentence for the table. It is the
// score keeper's page's engine when the phone cannot reach the server
// (compiled to WebAssembly by internal/web), so that a round entered
// offline is scored by this very code, not by rules written again in
// JavaScript. It never panics, whatever data holds.
func ScoreJSON(data []byte) []byte {
	s, _, err := DecodeSheet(data)
	var sc *Score
	if err == nil {
		sc, err = s.Score()
	}
	if err != nil {
		return marshalAnswer(RefusalOf(err))
	}
	return marshalAnswer(sc)
}

// CheckJSON is CheckRound over JSON, answering what POST
// /api/sheets/check answers: {"round": …} with the round scored as far as
// it goes, or the refusal's body with the engine's sentence. The page's
// entry steps ask it when the phone cannot reach the server, through the
// same WebAssembly module as ScoreJSON. It never panics, whatever data holds.
func CheckJSON(data []byte) []byte {
	var req CheckRequest
	if err := json.Unmarshal(data, &req); err != nil {
		return marshalAnswer(RefusalOf(&MalformedError{msg: jsonErrorText(err, &req)}))
	}
	if req.Sheet == nil || req.Round == nil {
		return marshalAnswer(refusalBody{Error: NeedSheetAndRound, Code: CodeMalformed})
	}
	s, _, err := DecodeSheet(req.Sheet)
	var sr *ScoredRound
	if err == nil {
		sr, _, err = CheckRound(s, *req.Round, req.Replace)
	}
	if err != nil {
		return marshalAnswer(RefusalOf(err))
	}
	return marshalAnswer(map[string]any{"round": sr})
}

// RulesChangeJSON is Sheet.RulesChange over JSON, answering what POST
// /api/sheets/check-rules answers: the sheet's rules and rounds once
// changed, its score, and the entries the change removes — or the refusal's
// body with the engine's sentence. The page asks it before it changes the
// rules, so that it can say what goes and ask first, and applies what it
// answers: what a change drops is decided here alone, never again in
// JavaScript. It never panics, whatever data holds.
func RulesChangeJSON(data []byte) []byte {
	var req RulesChangeRequest
	if err := json.Unmarshal(data, &req); err != nil {
		return marshalAnswer(RefusalOf(&MalformedError{msg: jsonErrorText(err, &req)}))
	}
	a, err := req.Answer()
	if err != nil {
		return marshalAnswer(RefusalOf(err))
	}
	return marshalAnswer(a)
}

// rulesChangeRequest is the body of POST /api/sheets/check-rules: a sheet
// as a client holds it, and the change of rules it means to make.
type RulesChangeRequest struct {
	Sheet   json.RawMessage    `json:"sheet"`
	Options *skullking.Options `json:"options"`
	Apply   Apply              `json:"apply"`
}

// rulesChangeAnswer is what a change of rules makes of a sheet.
type RulesChangeAnswer struct {
	Options skullking.Options `json:"options"`
	Changes []RuleChange      `json:"rule_changes"`
	Rounds  []Round           `json:"rounds"`
	Score   *Score            `json:"score"`
	// Removed are the entries the change drops, never null: a client tells
	// "nothing goes" from an answer it did not understand.
	Removed []Removal `json:"removed"`
}

// needSheetAndOptions refuses a rules check that lacks either.
const needSheetAndOptions = `the body needs a "sheet" and "options" (the new rules; {} is the standard rules)`

func (req *RulesChangeRequest) Answer() (*RulesChangeAnswer, error) {
	if req.Sheet == nil || req.Options == nil {
		return nil, &MalformedError{msg: needSheetAndOptions}
	}
	s, _, err := DecodeSheet(req.Sheet)
	if err != nil {
		return nil, err
	}
	next, sc, removed, err := s.RulesChange(*req.Options, req.Apply)
	if err != nil {
		return nil, err
	}
	if removed == nil {
		removed = []Removal{}
	}
	if next.Changes == nil {
		next.Changes = []RuleChange{}
	}
	return &RulesChangeAnswer{Options: next.Options, Changes: next.Changes, Rounds: next.Rounds, Score: sc, Removed: removed}, nil
}

// needSheetAndRound refuses a check request that lacks either.
const NeedSheetAndRound = `the body needs a "sheet" and a "round"`

func marshalAnswer(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(refusalBody{Error: "internal error", Code: "internal", Wording: Wording{Reason: "error.internal"}})
	}
	return b
}

// refusalBody is the body of a refused sheet or entry, as the API answers it
// (docs/scorekeeper-api.md, Errors): the sentence, its code, and the round
// it is about when it is about one.
type refusalBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
	Round int    `json:"round,omitempty"`
	Wording
}

// The codes of refusal: a body that is not what the route reads, and an
// entry the rules refuse.
const (
	CodeMalformed = "malformed"
	codeInvalid   = "invalid"
)

// refusalOf words a refused request body or entry for the client.
func RefusalOf(err error) refusalBody {
	var ie *InvalidError
	switch {
	case errors.As(err, &ie):
		return refusalBody{Error: ie.Message(), Code: codeInvalid, Round: ie.Round, Wording: ie.Wording}
	case errors.Is(err, ErrMalformed):
		body := refusalBody{Error: ErrorText(err), Code: CodeMalformed}
		if me := (*MalformedError)(nil); errors.As(err, &me) {
			body.Wording = me.Wording
		}
		return body
	default:
		return refusalBody{Error: ErrorText(err), Code: codeInvalid}
	}
}

// errorText is an error in words for the table, without the package prefix.
func ErrorText(err error) string {
	var ie *InvalidError
	if errors.As(err, &ie) {
		return ie.Message()
	}
	var me *MalformedError
	if errors.As(err, &me) {
		return me.Message()
	}
	return strings.TrimPrefix(err.Error(), "scorekeeper: ")
}
