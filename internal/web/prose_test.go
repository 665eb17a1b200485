package web

import (
	"testing"

	"github.com/skullking-go/skullking/internal/prose"
)

// catalogued are the scripts whose every word for a person comes from
// the catalogue (locale/*.json through locale.js). A script joins the
// list once its sentences have moved there; the others still write
// English of their own, to be moved.
var catalogued = []string{"static/assets/words.js", "static/assets/locale.js", "static/assets/langmenu.js",
	"static/assets/table.js", "static/assets/table-keys.js", "static/assets/table-pace.js",
	"static/assets/table-chat.js", "static/assets/table-conn.js", "static/assets/table-felt.js",
	"static/assets/table-dialogs.js", "static/assets/table-state.js", "static/assets/table-lobby.js",
	"static/assets/table-game.js", "static/assets/table-dock.js", "static/assets/table-told.js", "static/assets/cards.js",
	"static/assets/review.js", "static/assets/lobby.js", "static/assets/api.js", "static/assets/problem.js",
	"static/assets/conn.js", "static/assets/local.js", "static/assets/local-worker.js",
	"static/assets/rules.js",
	"static/assets/sheet.js", "static/sheet/keeper.js", "static/sheet/keeper-say.js", "static/sheet/keeper-follow.js",
	"static/sheet/keeper-live.js", "static/sheet/engine.js", "static/sheet/book.js", "static/sheet/keeper-home.js",
	"static/sheet/keeper-history.js", "static/sheet/keeper-names.js", "static/sheet/keeper-sheet.js", "static/sheet/keeper-totals.js",
	"static/sheet/keeper-entry.js", "static/sheet/keeper-captures.js", "static/sheet/keeper-conflict.js", "static/sheet/keeper-more.js",
	"static/sheet/keeper-rules.js", "static/sheet/keeper-store.js"}

// proseIn lists the string and template literals of a script that read as
// words for a person.
func proseIn(src string) []ruleFinding {
	var out []ruleFinding
	for _, p := range lexJS(src) {
		if p.literal && prose.Sentence.MatchString(p.text) {
			out = append(out, ruleFinding{line: p.line, what: "words for a person", text: p.text})
		}
	}
	return out
}

// TestCataloguedScriptsWriteNoSentence reads the scripts that speak the
// player's language: none writes a sentence of its own.
func TestCataloguedScriptsWriteNoSentence(t *testing.T) {
	for _, name := range catalogued {
		b, err := static.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range proseIn(string(b)) {
			t.Errorf("%s %s: put it in locale/en.json", name, f)
		}
	}
}

// The check finds a sentence in a string or a template, and lets ids,
// selectors and separators be.
func TestTheProseCheckFindsASentence(t *testing.T) {
	for _, c := range []struct {
		src   string
		found bool
	}{
		{`toast('The game is over.');`, true},
		{"const s = `You bid ${n} — waiting`;", true},
		{`h('button', {}, "Keys & pace");`, true},
		{`t('refusal.game_over'); t(` + "`${id}.you`" + `);`, false},
		{`root.querySelector('.hand .card[aria-disabled="false"]');`, false},
		{`items.join(t('list.comma')); const sep = ' ';`, false},
	} {
		if got := len(proseIn(c.src)) > 0; got != c.found {
			t.Errorf("%s: found %v, want %v", c.src, got, c.found)
		}
	}
}
