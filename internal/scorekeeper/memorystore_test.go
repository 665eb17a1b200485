package scorekeeper_test

import (
	"testing"

	"github.com/skullking-go/skullking/internal/scorekeeper"
	"github.com/skullking-go/skullking/internal/scorekeeper/sheettest"
)

// The memory store keeps the contract of every sheet store; the SQL ones
// are held to it in package sqlstore.
func TestMemoryStoreContract(t *testing.T) {
	sheettest.Run(t, func(*testing.T) scorekeeper.SheetStore { return scorekeeper.NewMemoryStore() })
}
