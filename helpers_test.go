package skullking

import "fmt"

// fataler is what the test helpers need of a test: *testing.T, *testing.B,
// *rapid.T and the property tests' choosers all fail this way.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// newGame starts a game with players seats and the given settings; the
// engine refusing them fails the test.
func newGame(t fataler, players int, with ...GameOption) *Game {
	t.Helper()
	g, err := NewGame(players, with...)
	if err != nil {
		t.Fatalf("NewGame(%d): %v", players, err)
	}
	return g
}

// randomAction draws uniformly among every seat's legal actions: the one
// draw of every test that plays random games, so that a seed plays the same
// game in each (the generated golden records depend on it).
func randomAction(t fataler, g *Game, r *Rand) Action {
	t.Helper()
	var acts []Action
	for s := 0; s < g.Players(); s++ {
		acts = g.LegalActions(s, acts)
	}
	if len(acts) == 0 {
		t.Fatalf("nobody can act in phase %v, round %d", g.Phase(), g.Round())
	}
	return acts[r.IntN(len(acts))]
}

// stepRandom applies one random legal action (randomAction).
func stepRandom(t fataler, g *Game, r *Rand) {
	t.Helper()
	mustApply(t, g, randomAction(t, g, r))
}

// playUntil plays random legal actions until stop reports true or the game
// ends; a nil stop plays to the end.
func playUntil(t fataler, g *Game, r *Rand, stop func(*Game) bool) {
	t.Helper()
	for steps := 0; !g.Over() && (stop == nil || !stop(g)); steps++ {
		if steps > 20000 {
			t.Fatalf("the game does not end")
		}
		stepRandom(t, g, r)
	}
}

// playRandom plays g to the end with random legal actions.
func playRandom(t fataler, g *Game, r *Rand) {
	t.Helper()
	playUntil(t, g, r, nil)
}

// rereadRecord marshals rec, parses the bytes back and replays them: the
// round trip every record the engine writes or accepts must survive. b is
// the marshalled record, for the caller's failure message.
func rereadRecord(rec *Record) (b []byte, back *Record, g *Game, err error) {
	if b, err = rec.Marshal(); err != nil {
		return nil, nil, nil, fmt.Errorf("the record does not marshal: %w", err)
	}
	if back, err = ParseRecord(b); err != nil {
		return b, nil, nil, fmt.Errorf("the marshalled record does not parse: %w", err)
	}
	if g, err = back.Replay(); err != nil {
		return b, back, nil, fmt.Errorf("the marshalled record does not replay: %w", err)
	}
	return b, back, g, nil
}
