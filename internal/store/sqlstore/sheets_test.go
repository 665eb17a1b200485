package sqlstore

import (
	"context"
	"testing"

	"github.com/skullking-go/skullking/internal/pgdb/pgtest"
	"github.com/skullking-go/skullking/internal/scorekeeper"
	"github.com/skullking-go/skullking/internal/scorekeeper/sheettest"
)

// The score keeper's sheets in the database of the tables keep the
// contract of every sheet store, on both engines.
func TestSheetsKeepTheContract(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		sheettest.Run(t, func(t *testing.T) scorekeeper.SheetStore {
			s, _ := openTest(t)
			return s.Sheets()
		})
	})
	t.Run("postgres", func(t *testing.T) {
		sheettest.Run(t, func(t *testing.T) scorekeeper.SheetStore {
			s, err := OpenPostgres(context.Background(), pgtest.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s.Sheets()
		})
	})
}
