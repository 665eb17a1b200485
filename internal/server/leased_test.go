package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/store/sqlstore"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// A table that another node runs, whose lobby entry has not reached this
// node yet (a guest following the invite a moment after the table was
// created elsewhere), is not an internal error: the lobby waits a moment
// for the owner's news and answers with it, and without it says to try
// again (503, overloaded), never 500.
func TestATableLeasedElsewhereIsNoInternalError(t *testing.T) {
	ts := testserver.Start(t)
	created := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Open}, testserver.Settings(1))
	ts.Stop()
	st, err := sqlstore.OpenSQLite(ts.Dir, sqlstore.SQLiteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AcquireLease(context.Background(), created.ID, "elsewhere", time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	ts.Restart() // the table stays with its owner: not resumed here, not in this node's lobby

	url := ts.Base + "/api/tables/" + created.ID
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	var body protocol.ErrorBody
	_ = json.NewDecoder(resp.Body).Decode(&body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || body.Code != protocol.ErrOverloaded || resp.Header.Get("Retry-After") == "" {
		t.Errorf("a table leased elsewhere and unknown here: %d %+v (Retry-After %q), want 503 %s with Retry-After",
			resp.StatusCode, body, resp.Header.Get("Retry-After"), protocol.ErrOverloaded)
	}
	if strings.Contains(ts.Log(), "lobby request failed") {
		t.Errorf("the server logged a leased table as a failure:\n%s", ts.Log())
	}

	// The owner's news arrives while a request waits for it.
	go func() {
		time.Sleep(100 * time.Millisecond)
		ts.Running().Lobby().Put(protocol.TableInfo{ID: created.ID, Status: protocol.StatusLobby}, time.Now())
	}()
	status, b := httpGet(t, url)
	var in protocol.TableInfo
	if err := json.Unmarshal(b, &in); status != http.StatusOK || err != nil || in.ID != created.ID {
		t.Errorf("with the owner's news on its way: %d %s, want 200 and the table", status, b)
	}
}
