package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	_ "modernc.org/sqlite" // the "sqlite" driver of the score keeper's database

	"github.com/skullking-go/skullking/internal/natsbus"
	"github.com/skullking-go/skullking/internal/pgdb"
	"github.com/skullking-go/skullking/internal/scorekeeper"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/sqlitedb"
)

// runServe runs the online server until SIGINT or SIGTERM, then shuts it
// down gracefully: tables stop, clients are told to reconnect, the store is
// flushed.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	s, err := newServe(args, stderr)
	if err != nil {
		return usageExit(stderr, "serve", err)
	}
	// The score keeper's database is closed only after the server, so that
	// no request still being served finds it closed.
	defer s.closeSheets()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := s.Run(ctx); err != nil {
		fmt.Fprintln(stderr, "skullking serve:", err)
		return 1
	}
	return 0
}

// serving is what serve runs: the server, and the score keeper's store
// mounted on it.
type serving struct {
	*server.Main
	sheets scorekeeper.SheetStore
	// closeSheets closes the score keeper's store (and the bus, on a
	// cluster); call it after the server is closed.
	closeSheets func() error
}

// newServe parses the serve flags and mounts the score keeper (its API under
// /api/sheets) on the server, so that tests start exactly what the command
// runs.
func newServe(args []string, stderr io.Writer) (*serving, error) {
	m := &server.Main{Stderr: stderr}
	if err := m.ParseFlags(args); err != nil {
		if server.Explained(err) {
			err = flagError{err}
		}
		return nil, err
	}
	sheets, closeSheets, err := openSheetStore(m.Config)
	if err != nil {
		return nil, err
	}
	sk := scorekeeper.NewHandler(sheets)
	if m.Config.BusURL != "" {
		// One node of a cluster: the tables, the lobby and the score
		// keeper's followers are shared over NATS (docs/scaling.md).
		bus, err := natsbus.Connect(m.Config.BusURL, m.Config.Node, natsbus.Options{Logger: m.Config.Logger})
		if err != nil {
			closeSheets()
			return nil, fmt.Errorf("--bus: %w", err)
		}
		var stopSheets func()
		sk, stopSheets, err = scorekeeper.NewSharedHandler(sheets, natsbus.NewSheetChanges(bus))
		if err != nil {
			bus.Close()
			closeSheets()
			return nil, fmt.Errorf("--bus: %w", err)
		}
		m.Config.Cluster = bus
		closeStore := closeSheets
		closeSheets = func() error {
			stopSheets()
			bus.Close()
			return closeStore()
		}
	}
	if m.Config.Mount == nil {
		m.Config.Mount = map[string]http.Handler{}
	}
	m.Config.Mount["/api/sheets"] = sk // POST /api/sheets without the slash
	m.Config.Mount["/api/sheets/"] = sk
	return &serving{Main: m, sheets: sheets, closeSheets: closeSheets}, nil
}

// openSheetStore opens and migrates the score keeper's store where the
// tables are kept: on PostgreSQL with --store, else in its own SQLite file
// in --data, as durable as the tables' (--durable). The returned func
// closes it.
func openSheetStore(c server.Config) (scorekeeper.SheetStore, func() error, error) {
	ctx := context.Background()
	if c.StoreURL != "" {
		pool, err := pgdb.Open(ctx, c.StoreURL)
		if err != nil {
			return nil, nil, fmt.Errorf("--store: %w", err)
		}
		if err := scorekeeper.MigratePostgres(ctx, pool); err != nil {
			pool.Close()
			return nil, nil, err
		}
		return scorekeeper.NewPostgresStore(pool), func() error { pool.Close(); return nil }, nil
	}
	db, err := openSheets(c.DataDir, c.Durable)
	if err != nil {
		return nil, nil, err
	}
	if err := scorekeeper.MigrateSQLite(ctx, db); err != nil {
		db.Close()
		return nil, nil, err
	}
	return scorekeeper.NewSQLiteStore(db), db.Close, nil
}

// openSheets opens the score keeper's own database file next to the tables'
// one. It is separate so that the two schemas and their migrations never
// meet, and opened as the table store opens its own (sqlitedb.Open, with
// the same durability).
func openSheets(dir string, durable bool) (*sql.DB, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("score keeper: %w", err)
	}
	db, err := sqlitedb.Open(filepath.Join(dir, "scorekeeper.db"), sqlitedb.Options{Durable: durable})
	if err != nil {
		return nil, fmt.Errorf("score keeper: %w", err)
	}
	return db, nil
}
