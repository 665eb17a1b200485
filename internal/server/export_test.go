package server

import (
	"github.com/skullking-go/skullking/internal/store"
	"github.com/skullking-go/skullking/internal/table"
)

// Store is the server's store, for the end-to-end tests (package
// server_test) to read what the engine was told.
func (s *Server) Store() store.Store { return s.store }

// Lobby is the server's lobby index, for the tests to play another node's
// news of a table.
func (s *Server) Lobby() table.Lobby { return s.mgr.Lobby() }
