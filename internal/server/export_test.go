package server

import "github.com/skullking-go/skullking/internal/table"

// Lobby is the server's lobby index, for the tests to play another node's
// news of a table.
func (s *Server) Lobby() table.Lobby { return s.mgr.Lobby() }
