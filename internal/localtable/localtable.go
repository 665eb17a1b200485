// Package localtable runs tables on the player's own device, with no
// server: the server's own table actor (package table), its bots, hints,
// turn timers and records, on a memory store, behind the messages a server
// speaks (docs/protocol.md). The browser runs it compiled to WebAssembly in
// a Web Worker (internal/web/engine), so the table page has one transport
// to a server and one to this, and is otherwise the same page.
//
// Nothing here touches a disk: every write to the store is handed to the
// caller's Keep as a Change before the table goes on, so that the page
// keeps the table on the device (local storage) before any frame tells
// the player what happened; Restore gives a kept table back after a
// reload, and the table resumes where it was.
package localtable

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/internal/table"
	"github.com/skullking-go/skullking/protocol"
)

// Change is one write to a table's store, as the device keeps it: the
// table's row, actions appended to its log, or its finished record.
// Applied in order to a Saved, they make the table as the store holds it.
type Change struct {
	Table  string          `json:"table"`
	Row    *Row            `json:"row,omitempty"`
	Append []store.Action  `json:"append,omitempty"`
	Record json.RawMessage `json:"record,omitempty"`
}

// Saved is a table kept on the device: its row, its whole log and, once
// the game is over, its record.
type Saved struct {
	Row    *Row            `json:"row"`
	Log    []store.Action  `json:"log"`
	Record json.RawMessage `json:"record,omitempty"`
}

// Row is a table's row as the device keeps it: the store's, with the deal
// seed written as a string, since JavaScript, which keeps it, reads every
// number as a float and would round a seed of 64 bits.
type Row struct {
	store.Table
	Seed uint64 `json:"Seed,string"`
}

func rowOf(t *store.Table) *Row { return &Row{Table: *t, Seed: t.Seed} }

func (r *Row) table() *store.Table {
	t := r.Table
	t.Seed = r.Seed
	return &t
}

// Config sets up a Host.
type Config struct {
	// Keep is told of every write before the table goes on; it must not
	// call back into the Host.
	Keep func(Change)
	// BotDelay and ThinkLimit are the table's (table.Config): 0 takes the
	// server's bot delay and DeviceThinkLimit.
	BotDelay, ThinkLimit time.Duration
}

// DeviceThinkLimit caps an expert's move or a hint on a device: half the
// server's cap. Its work budget decides in well under that on this
// machine's browser (docs in the README), but a phone is slower than a
// server, and a player waits for the expert with the table on screen.
const DeviceThinkLimit = 500 * time.Millisecond

// Host runs the device's tables.
type Host struct {
	mgr   *table.Manager
	store *keeping
	clock *clock
}

// New starts a host with no tables; Restore brings back kept ones.
func New(cfg Config) *Host {
	keep := cfg.Keep
	if keep == nil {
		keep = func(Change) {}
	}
	s := &keeping{Memory: store.NewMemory(), keep: keep}
	c := &clock{times: map[string][]time.Duration{}}
	limit := cfg.ThinkLimit
	if limit <= 0 {
		limit = DeviceThinkLimit
	}
	mgr := table.NewManager(table.Config{Store: s, Node: "device", BotDelay: cfg.BotDelay, ThinkLimit: limit,
		// One person plays here: a refusal of the device's own chat rate
		// or spectators would only get in the way.
		ChatRate: -1, MaxSpectators: -1,
		Bots: func(level string, seed uint64) (bot.Bot, error) {
			b, err := bot.NewWithin(level, seed, limit)
			if err != nil {
				return nil, err
			}
			return timed{Bot: b, level: level, c: c}, nil
		}})
	return &Host{mgr: mgr, store: s, clock: c}
}

// Restore gives the host a table kept on the device (Saved as JSON), and
// starts it again if its game is not over.
func (h *Host) Restore(ctx context.Context, saved []byte) (string, error) {
	var s Saved
	if err := json.Unmarshal(saved, &s); err != nil {
		return "", fmt.Errorf("localtable: a kept table that is not one: %w", err)
	}
	if s.Row == nil || !protocol.ValidTableID(s.Row.ID) {
		return "", errors.New("localtable: a kept table without its row")
	}
	for i, a := range s.Log {
		if a.Seq != int64(i+1) {
			return "", fmt.Errorf("localtable: table %s: action %d of the log has seq %d", s.Row.ID, i+1, a.Seq)
		}
	}
	// What is restored is already kept: it is not handed to Keep again.
	if err := h.store.Memory.CreateTable(ctx, s.Row.table()); err != nil {
		return "", err
	}
	if err := h.store.Memory.Append(ctx, s.Row.ID, s.Log...); err != nil {
		return "", err
	}
	if len(s.Record) > 0 {
		if err := h.store.Memory.PutRecord(ctx, s.Row.ID, s.Record); err != nil {
			return "", err
		}
	}
	if s.Row.Status != store.StatusOver {
		if _, err := h.mgr.Ensure(ctx, s.Row.ID); err != nil {
			return "", err
		}
	}
	return s.Row.ID, nil
}

// Create makes a table as POST /api/tables does, from the same body
// (protocol.CreateRequest), and answers as it does.
func (h *Host) Create(ctx context.Context, body []byte) (protocol.CreateResponse, error) {
	req := table.CreateRequest{Settings: table.DefaultSettings()}
	if err := json.Unmarshal(body, &req); err != nil {
		return protocol.CreateResponse{}, &table.InvalidError{Problem: protocol.NewProblem(protocol.ProblemBody, "Detail", err.Error())}
	}
	id, seat, token, err := h.mgr.Create(ctx, req)
	if err != nil {
		return protocol.CreateResponse{}, err
	}
	return protocol.CreateResponse{ID: id, Seat: seat, Token: token}, nil
}

// Record is the record of a finished table on this device.
func (h *Host) Record(ctx context.Context, id string) ([]byte, error) { return h.store.Record(ctx, id) }

// Close stops every table.
func (h *Host) Close() { h.mgr.Close() }

// keeping is the host's store: memory, with every write handed to keep
// once it is made, before the table that made it goes on.
type keeping struct {
	*store.Memory
	mu   sync.Mutex // keep is called in the order of the writes
	keep func(Change)
}

func (k *keeping) told(c Change) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.keep(c)
}

// CreateTable implements store.Store.
func (k *keeping) CreateTable(ctx context.Context, t *store.Table) error {
	if err := k.Memory.CreateTable(ctx, t); err != nil {
		return err
	}
	k.told(Change{Table: t.ID, Row: rowOf(t)})
	return nil
}

// SaveTable implements store.Store.
func (k *keeping) SaveTable(ctx context.Context, t *store.Table, l store.Lease) error {
	if err := k.Memory.SaveTable(ctx, t, l); err != nil {
		return err
	}
	row, _, err := k.Memory.LoadTable(ctx, t.ID)
	if err != nil {
		return err
	}
	k.told(Change{Table: t.ID, Row: rowOf(row)})
	return nil
}

// Append implements store.Store.
func (k *keeping) Append(ctx context.Context, id string, actions ...store.Action) error {
	if err := k.Memory.Append(ctx, id, actions...); err != nil {
		return err
	}
	k.told(Change{Table: id, Append: actions})
	return nil
}

// PutRecord implements store.Store.
func (k *keeping) PutRecord(ctx context.Context, id string, record []byte) error {
	if err := k.Memory.PutRecord(ctx, id, record); err != nil {
		return err
	}
	k.told(Change{Table: id, Record: record})
	return nil
}
