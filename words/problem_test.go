package words

import (
	"encoding/json"
	"testing"

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// A problem is worded from the catalogue as the server made it and as a
// client reads it from JSON (a count then a float64), in the reader's
// language; one the catalogue does not know is said as an unexplained
// refusal, never as its code.
func TestProblemIsTheCataloguesSentence(t *testing.T) {
	made := protocol.NewProblem(protocol.ProblemSpectatorsFull, "Count", 1)
	b, _ := json.Marshal(protocol.NewProblem(protocol.ProblemSpectatorsFull, "Count", 200))
	var read protocol.Problem
	if err := json.Unmarshal(b, &read); err != nil {
		t.Fatal(err)
	}
	fr := Words{Lang: locale.For("fr")}
	for _, c := range []struct {
		got, want string
	}{
		{Problem(made), "this table has 1 spectator, as many as this server allows: try again later"},
		{Problem(&read), "this table has 200 spectators, as many as this server allows: try again later"},
		{Problem(protocol.NewProblem(protocol.ProblemSeatTaken, "Name", "Ann")), "Ann already sits in that seat: pick another"},
		{fr.Problem(protocol.NewProblem(protocol.ProblemSeatTaken, "Name", "Ann")), "Ann occupe déjà cette place\u00a0: choisis-en une autre"},
		{Problem(&protocol.Problem{Code: "a_later_servers"}), "The server refused that."},
		{Problem(nil), "The server refused that."},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
