package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/scorekeeper"
)

// The score keeper's sheets live in the database of the tables, one row
// each in scorekeeper_sheets (migration 3): the tokens, book, version and
// times as columns (what lookups and the optimistic update need), the
// content as a JSON document (what only the score keeper reads). The same
// code serves both engines.

// sheets is the score keeper's store on a database.
type sheets struct{ c conn }

// Sheets is the score keeper's store in this database.
func (s *SQLite) Sheets() scorekeeper.SheetStore { return sheets{sqlConnOf(s.db)} }

// Sheets is the score keeper's store in this database.
func (p *Postgres) Sheets() scorekeeper.SheetStore { return sheets{pgConnOf(p.pool)} }

// storedDoc is the content column: what a sheet holds beyond its identity.
type storedDoc struct {
	Game    string                   `json:"game,omitempty"`
	Title   string                   `json:"title,omitempty"`
	Players []string                 `json:"players"`
	Options skullking.Options        `json:"options"`
	Changes []scorekeeper.RuleChange `json:"rule_changes,omitempty"`
	Rounds  []scorekeeper.Round      `json:"rounds"`
}

func encodeDoc(s *scorekeeper.Sheet) (string, error) {
	b, err := json.Marshal(storedDoc{Game: s.Game, Title: s.Title, Players: s.Players, Options: s.Options, Changes: s.Changes, Rounds: s.Rounds})
	if err != nil {
		return "", fmt.Errorf("scorekeeper: encode sheet: %w", err)
	}
	return string(b), nil
}

const sheetColumns = `id, follow, book, version, created_ns, updated_ns, doc`

func scanSheet(row scanner) (*scorekeeper.Sheet, error) {
	var s scorekeeper.Sheet
	var created, updated int64
	var doc string
	if err := row.Scan(&s.ID, &s.Follow, &s.Book, &s.Version, &created, &updated, &doc); err != nil {
		if noRows(err) {
			return nil, scorekeeper.ErrNotFound
		}
		return nil, fmt.Errorf("scorekeeper: read sheet: %w", err)
	}
	d := storedDoc{Options: skullking.DefaultOptions()}
	if err := json.Unmarshal([]byte(doc), &d); err != nil {
		return nil, fmt.Errorf("scorekeeper: sheet %s: stored document: %w", s.ID, err)
	}
	s.Created, s.Updated = time.Unix(0, created).UTC(), time.Unix(0, updated).UTC()
	s.Game, s.Title, s.Players, s.Options, s.Changes, s.Rounds = d.Game, d.Title, d.Players, d.Options, d.Changes, d.Rounds
	return &s, nil
}

// Create implements scorekeeper.SheetStore.
func (st sheets) Create(ctx context.Context, s *scorekeeper.Sheet) error {
	doc, err := encodeDoc(s)
	if err != nil {
		return err
	}
	_, err = st.c.exec(ctx, `INSERT INTO scorekeeper_sheets (`+sheetColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		s.ID, s.Follow, s.Book, s.Version, s.Created.UnixNano(), s.Updated.UnixNano(), doc)
	if err != nil {
		if unique(err) {
			return scorekeeper.ErrExists
		}
		return fmt.Errorf("scorekeeper: create sheet: %w", err)
	}
	return nil
}

// Get implements scorekeeper.SheetStore.
func (st sheets) Get(ctx context.Context, id string) (*scorekeeper.Sheet, error) {
	return scanSheet(st.c.queryRow(ctx, `SELECT `+sheetColumns+` FROM scorekeeper_sheets WHERE id = $1`, id))
}

// GetByFollow implements scorekeeper.SheetStore.
func (st sheets) GetByFollow(ctx context.Context, follow string) (*scorekeeper.Sheet, error) {
	return scanSheet(st.c.queryRow(ctx, `SELECT `+sheetColumns+` FROM scorekeeper_sheets WHERE follow = $1`, follow))
}

// Update implements scorekeeper.SheetStore. The version check and the
// write are one statement, so two edits racing from two phones cannot both
// win.
func (st sheets) Update(ctx context.Context, s *scorekeeper.Sheet, version int64) error {
	doc, err := encodeDoc(s)
	if err != nil {
		return err
	}
	n, err := st.c.exec(ctx, `UPDATE scorekeeper_sheets SET version = $1, updated_ns = $2, doc = $3
		WHERE id = $4 AND version = $5`, s.Version, s.Updated.UnixNano(), doc, s.ID, version)
	if err != nil {
		return fmt.Errorf("scorekeeper: update sheet: %w", err)
	}
	return st.changed(ctx, n, s.ID)
}

// Delete implements scorekeeper.SheetStore.
func (st sheets) Delete(ctx context.Context, id string, version int64) error {
	n, err := st.c.exec(ctx, `DELETE FROM scorekeeper_sheets WHERE id = $1 AND version = $2`, id, version)
	if err != nil {
		return fmt.Errorf("scorekeeper: delete sheet: %w", err)
	}
	return st.changed(ctx, n, id)
}

// changed tells a lost race (ErrConflict) from a missing sheet when a
// conditional write changed n rows.
func (st sheets) changed(ctx context.Context, n int64, id string) error {
	if n == 1 {
		return nil
	}
	var one int
	err := st.c.queryRow(ctx, `SELECT 1 FROM scorekeeper_sheets WHERE id = $1`, id).Scan(&one)
	switch {
	case noRows(err):
		return scorekeeper.ErrNotFound
	case err != nil:
		return fmt.Errorf("scorekeeper: write sheet: %w", err)
	}
	return scorekeeper.ErrConflict
}

// ListBook implements scorekeeper.SheetStore.
func (st sheets) ListBook(ctx context.Context, book string) ([]*scorekeeper.Sheet, error) {
	if book == "" {
		return nil, nil
	}
	rs, err := st.c.query(ctx, `SELECT `+sheetColumns+` FROM scorekeeper_sheets WHERE book = $1
		ORDER BY updated_ns DESC, id`, book)
	if err != nil {
		return nil, fmt.Errorf("scorekeeper: list sheets: %w", err)
	}
	defer rs.Close()
	var out []*scorekeeper.Sheet
	for rs.Next() {
		s, err := scanSheet(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("scorekeeper: list sheets: %w", err)
	}
	return out, nil
}
