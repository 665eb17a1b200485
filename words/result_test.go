package words

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/locale"
)

// refusedRound enters results r in round 1 of a three-player sheet and
// returns the engine's refusal.
func refusedRound(t *testing.T, o skullking.Options, r skullking.RoundResult) *skullking.ResultError {
	t.Helper()
	g, err := skullking.NewGame(3, skullking.WithDealer(skullking.NoDeal), skullking.WithNames("Ann", "Ben", "Cat"),
		skullking.WithOptions(o))
	if err != nil {
		t.Fatal(err)
	}
	var re *skullking.ResultError
	if err := g.EnterResults(r); !errors.As(err, &re) {
		t.Fatalf("%+v: %v, want a ResultError", r, err)
	}
	return re
}

// A refused round reads in English as the engine's own sentence says it,
// whether the facts come from the engine or from JSON (the score keeper's
// answer), and in another language without a word of the English.
func TestWords_ResultAsTheEngineSaysIt(t *testing.T) {
	kraken := skullking.DefaultOptions()
	kraken.Kraken = true
	for _, c := range []struct {
		o skullking.Options
		r skullking.RoundResult
	}{
		{skullking.DefaultOptions(), skullking.RoundResult{Won: [8]int{1, 1}}},
		{kraken, skullking.RoundResult{Cards: 3, Won: [8]int{1}}},
		{skullking.DefaultOptions(), skullking.RoundResult{Cards: 1, Won: [8]int{1}, Captures: [8]skullking.Captures{skullking.NewCaptures(3, 1, 0, 0, 0)}}},
		{skullking.DefaultOptions(), skullking.RoundResult{Cards: 2, Won: [8]int{2}, Bonus: [8]int{15}}},
	} {
		re := refusedRound(t, c.o, c.r)
		want := "Round 1: " + re.Text + "."
		if got := (Words{}).Result(re); got != want {
			t.Errorf("%s: %q, want %q", re.Code, got, want)
		}
		var wire map[string]any
		b, _ := json.Marshal(re.Args)
		if err := json.Unmarshal(b, &wire); err != nil {
			t.Fatal(err)
		}
		if got := (Words{}).Reason("result."+string(re.Code), wire); got != re.Text {
			t.Errorf("%s from JSON: %q, want %q", re.Code, got, re.Text)
		}
		de := (Words{Lang: locale.For("de")}).Result(re)
		if strings.Contains(de, re.Text) || !strings.HasPrefix(de, "Runde 1: ") || strings.Contains(de, "[") {
			t.Errorf("%s in German: %q", re.Code, de)
		}
	}
}

// Every result code has its sentence in the catalogue.
func TestWords_EveryResultCodeHasASentence(t *testing.T) {
	en := locale.For(locale.Base)
	for _, code := range skullking.ResultCodes() {
		if !en.Has("result." + string(code)) {
			t.Errorf("result.%s is not in the catalogue", code)
		}
	}
}
