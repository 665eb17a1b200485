package natsbus

import (
	"fmt"

	"github.com/nats-io/nats.go"
)

// sheetSubject carries the ids of score sheets just changed.
const sheetSubject = prefix + "sheet.changed"

// SheetChanges is the score keeper's keeperapi.Changes over the bus.
type SheetChanges struct{ nc *nats.Conn }

// NewSheetChanges shares score sheet changes on the bus's connection.
func NewSheetChanges(b *Bus) *SheetChanges { return &SheetChanges{nc: b.nc} }

// Changed implements keeperapi.Changes. A change that cannot be told is
// still seen by the followers elsewhere at their next poll of the store.
func (c *SheetChanges) Changed(id string) { _ = c.nc.Publish(sheetSubject, []byte(id)) }

// Watch implements keeperapi.Changes.
func (c *SheetChanges) Watch(f func(id string)) (func(), error) {
	sub, err := c.nc.Subscribe(sheetSubject, func(m *nats.Msg) { f(string(m.Data)) })
	if err != nil {
		return nil, fmt.Errorf("natsbus: sheet changes: %w", err)
	}
	return func() { _ = sub.Unsubscribe() }, nil
}
