package server_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// TestCreateRefusesRulesInTheFormsWords posts tables whose rules or pace
// the server refuses: each answer is a sentence under the field's label, as
// the create form shows it — never the engine's "bad options" prefix, the
// request's plumbing or an option's record key.
func TestCreateRefusesRulesInTheFormsWords(t *testing.T) {
	ts := testserver.Start(t)
	seats := []map[string]string{{"kind": "open"}, {"kind": "bot", "level": "random"}}
	for _, c := range []struct {
		settings map[string]any
		want     string
	}{
		{map[string]any{"options": map[string]any{"rounds": 300}}, "Rounds: 300: must be 1 to 100."},
		{map[string]any{"options": map[string]any{"bonus_fourteen": "x"}}, `Colour 14 captured: want a whole number, got "x".`},
		{map[string]any{"options": map[string]any{"loot": true}}, "Loot is never used with 2 players."},
		{map[string]any{"turn_seconds": -5}, "Turn timer (seconds): -5: must be 0 (off) to 3,600."},
	} {
		b, _ := json.Marshal(map[string]any{"nickname": "Ann", "seats": seats, "settings": c.settings})
		code, answer := httpPost(t, ts.Base+"/api/tables", b)
		var e protocol.ErrorBody
		if err := json.Unmarshal(answer, &e); err != nil || code != 400 {
			t.Fatalf("%v: %d %s", c.settings, code, answer)
		}
		if e.Error != c.want {
			t.Errorf("%v is refused with %q, want %q", c.settings, e.Error, c.want)
		}
		for _, plumbing := range []string{"bad options", "request body", "rounds\"", "bonus_fourteen", "turn_seconds"} {
			if strings.Contains(e.Error, plumbing) {
				t.Errorf("%v: the refusal %q says %q", c.settings, e.Error, plumbing)
			}
		}
	}
}

// TestJoinATakenSeatNamesWhoSitsThere joins a seat someone took first:
// the refusal names who sits there rather than a seat number, which the
// protocol counts from 0 and the browser from 1.
func TestJoinATakenSeatNamesWhoSitsThere(t *testing.T) {
	ts := testserver.Start(t)
	id := ts.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Open}, testserver.Settings(0)).ID
	b, _ := json.Marshal(map[string]any{"nickname": "Ben", "seat": 0})
	code, answer := httpPost(t, ts.Base+"/api/tables/"+id+"/join", b)
	var e protocol.ErrorBody
	if err := json.Unmarshal(answer, &e); err != nil || code != 409 {
		t.Fatalf("join a taken seat: %d %s", code, answer)
	}
	if want := "Ann already sits in that seat: pick another"; e.Error != want {
		t.Errorf("joining Ann's seat is refused with %q, want %q", e.Error, want)
	}
}
