package scorekeeper

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/skullking-go/skullking"
)

// DocumentFormat tags a score sheet exported whole (docs/scorekeeper-api.md,
// "Sheet document"): what a game record cannot hold — the title, the
// capture events, the rules round by round as the table set them, and the
// game's stable id — so that a sheet exported and imported again is the
// same sheet, and its captures follow a later change of bonus values.
const DocumentFormat = "skullking-sheet/1"

// Document is a sheet as it is exported and imported whole.
type Document struct {
	Format string `json:"format"`
	// Game names the game across exports and imports: the same game
	// imported twice is recognised by it, and counted once by the
	// statistics.
	Game    string            `json:"game"`
	Title   string            `json:"title,omitempty"`
	Players []string          `json:"players"`
	Options skullking.Options `json:"options"`
	Changes []RuleChange      `json:"rule_changes"`
	Rounds  []Round           `json:"rounds"`
}

// GameID is the sheet's stable game id: the one it was given when made or
// imported, or, for a sheet stored before games had ids, one derived from
// its edit token (a hash, so that it reveals nothing of the token).
func (s *Sheet) GameID() string {
	if s.Game != "" {
		return s.Game
	}
	sum := sha256.Sum256([]byte("skullking-sheet-game:" + s.ID))
	return hex.EncodeToString(sum[:16])
}

// Document returns the sheet as an export document. The sheet must score:
// what is exported imports again.
func (s *Sheet) Document() (*Document, error) {
	if _, err := s.Score(); err != nil {
		return nil, err
	}
	c := s.Clone()
	d := &Document{Format: DocumentFormat, Game: s.GameID(), Title: c.Title, Players: c.Players, Options: c.Options,
		Changes: c.Changes, Rounds: c.Rounds}
	if d.Changes == nil {
		d.Changes = []RuleChange{}
	}
	if d.Rounds == nil {
		d.Rounds = []Round{}
	}
	return d, nil
}

// Marshal writes the document as JSON, indented as a file to keep.
func (d *Document) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("scorekeeper: export: %w", err)
	}
	return append(b, '\n'), nil
}

// documentInput is a document as read: strictly, its rules read on top of
// the standard rules as a sheet's are.
type documentInput struct {
	Format string `json:"format"`
	Game   string `json:"game"`
	sheetFields
}

// IsDocument reports whether data names the sheet document's format, so
// that an import can tell a sheet document from a game record before
// reading either strictly.
func IsDocument(data []byte) bool {
	var head struct {
		Format string `json:"format"`
	}
	return json.Unmarshal(data, &head) == nil && head.Format == DocumentFormat
}

// ParseDocument reads an export document strictly (unknown fields, trailing
// data and wrong types are errors) and returns its sheet, checked and
// scored, with the document's game id. It never panics, whatever data holds.
func ParseDocument(data []byte) (*Sheet, error) {
	var in documentInput
	if err := DecodeStrict(data, &in); err != nil {
		return nil, err
	}
	if in.Format != DocumentFormat {
		return nil, Invalid(0, "format is %q, want %q", in.Format, DocumentFormat)
	}
	if !ValidToken(in.Game) {
		return nil, Invalid(0, "the game id %q is not one this score keeper made (32 hex digits)", in.Game)
	}
	s, err := in.sheet()
	if err != nil {
		return nil, err
	}
	s.Game = in.Game
	s.Normalize()
	if err := s.Check(); err != nil {
		return nil, err
	}
	if _, err := s.Score(); err != nil {
		return nil, err
	}
	return s, nil
}
