package server_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// A game played on a player's device is sent as its record (POST
// /api/records) and kept as a finished table of its own: its record comes
// back as sent, its replay and review are served as any finished table's.
// A record that does not replay, or whose game is not over, is refused
// with its problem, and nothing is kept.
func TestARecordFromADeviceIsKeptForItsReview(t *testing.T) {
	ts := testserver.StartWith(t, quickReviews(func(string) {}))
	base := ts.Base
	status, rec := httpGet(t, base+"/api/tables/"+finishedGame(t, ts, 5)+"/record")
	if status != http.StatusOK {
		t.Fatalf("the record of a game played here: %d", status)
	}

	post := func(body []byte) (*http.Response, []byte) {
		t.Helper()
		res, err := http.Post(base+"/api/records", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	res, b := post(rec)
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/records: %d %s", res.StatusCode, b)
	}
	var kept protocol.RecordResponse
	if err := json.Unmarshal(b, &kept); err != nil || !protocol.ValidTableID(kept.ID) || kept.Review != "/t/"+kept.ID+"/review" {
		t.Fatalf("answer %s: %v", b, err)
	}
	status, got := httpGet(t, base+"/api/tables/"+kept.ID+"/record")
	if status != http.StatusOK || !bytes.Equal(bytes.TrimSpace(got), bytes.TrimSpace(rec)) {
		t.Fatalf("the record kept differs from the one sent:\n%s\n%s", got, rec)
	}
	var info protocol.TableInfo
	if status, b := httpGet(t, base+"/api/tables/"+kept.ID); status != http.StatusOK || json.Unmarshal(b, &info) != nil || info.Status != protocol.StatusOver {
		t.Fatalf("the table kept: %d %s", status, b)
	}
	checkReplay(t, ts, kept.ID)
	if reviews := waitReview(t, ts, kept.ID); len(reviews) != len(info.Seats) {
		t.Fatalf("%d seats reviewed of %d", len(reviews), len(info.Seats))
	}

	parsed, err := skullking.ParseRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	unfinished := *parsed
	unfinished.Rounds = unfinished.Rounds[:len(unfinished.Rounds)-1]
	short, err := unfinished.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		body    []byte
		problem string
	}{
		{[]byte(`{"format":"nonsense"}`), protocol.ProblemRecordBad},
		{[]byte(`not json`), protocol.ProblemRecordBad},
		{short, protocol.ProblemRecordUnplayed},
	} {
		res, b := post(c.body)
		var eb protocol.ErrorBody
		if err := json.Unmarshal(b, &eb); err != nil || res.StatusCode != http.StatusBadRequest || eb.Problem == nil || eb.Problem.Code != c.problem {
			t.Fatalf("POST %.40q: %d %s, want 400 with problem %s", c.body, res.StatusCode, b, c.problem)
		}
	}
}
