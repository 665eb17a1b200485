package server

import (
	"errors"
	"io"
	"net/http"

	"github.com/skullking-go/skullking/protocol"
)

// maxRecordBody bounds a record sent for review: a finished game of eight
// players is some tens of kilobytes.
const maxRecordBody = 1 << 20

// importRecord keeps the record of a game played on a player's device as a
// finished table of its own, whose review, replay and record are then
// served as any finished table's (POST /api/records).
func (s *Server) importRecord(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRecordBody))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		writeError(w, http.StatusBadRequest, protocol.ErrBadRequest, protocol.ProblemBodyTooBig, "Max", maxRecordBody>>10)
		return
	case err != nil:
		writeError(w, http.StatusBadRequest, protocol.ErrBadRequest, protocol.ProblemBody, "Detail", err.Error())
		return
	}
	// A table kept this way is over from the start: it holds no place in
	// the address's quota of unfinished tables, and the lobby's rate
	// limit (limited) bounds how fast records come.
	id, err := s.mgr.Import(r.Context(), body)
	if err != nil {
		s.tableError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, protocol.RecordResponse{ID: id, Review: "/t/" + id + "/review"})
}
