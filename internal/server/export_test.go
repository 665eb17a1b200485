package server

import "github.com/skullking-go/skullking/internal/store"

// Store is the server's store, for the end-to-end tests (package
// server_test) to read what the engine was told.
func (s *Server) Store() store.Store { return s.store }
