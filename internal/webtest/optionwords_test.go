package webtest

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// Rule: the rules page names each option by its label, with its help,
// never by the key a record or a request uses for it ("turn_seconds"); its
// headings are words a player reads, capitalised (issue 25).
func TestRulesPageNamesOptionsByLabelNotKey(t *testing.T) {
	opts, p := openRulesPage(t)
	for _, o := range opts {
		dt := eval[string](p, `(() => { const dt = document.getElementById(`+quote("option-"+o.Key)+`); return dt ? dt.textContent : ''; })()`)
		if dt != optionLabel(o) {
			t.Errorf("option %s is headed %q, want its label %q alone", o.Key, dt, optionLabel(o))
		}
	}
	text := eval[string](p, `document.querySelector('#options').innerText`)
	for _, o := range opts {
		if !strings.Contains(o.Key, "_") {
			continue // a key that is a word ("loot") may be a word of the help
		}
		if regexp.MustCompile(`\b` + o.Key + `\b`).MatchString(text) {
			t.Errorf("the page shows the key %s:\n%s", o.Key, text)
		}
	}
	for _, h := range strings.Split(eval[string](p, `[...document.querySelectorAll('#options h3')].map(h => h.textContent).join('\n')`), "\n") {
		if h == "" || strings.ToUpper(h[:1]) != h[:1] {
			t.Errorf("the options heading %q does not start with a capital", h)
		}
	}
}

// Rule: the create form says at once when the seats and a module do not
// go together — Loot with two players — in the sentence its refusal has,
// beside the switch, and Create waits until the seats or the switch
// change; the form takes the rule from the server's option table.
func TestCreateFormRefusesLootWithTwoPlayersAtOnce(t *testing.T) {
	s := startSite(t)
	loot := optionOf(t, options(t, s), "loot")
	want := locale.For(locale.Base).T("error."+protocol.ProblemLootTwoPlayers, nil)
	if len(loot.Refused) != 1 || loot.Refused[0].Players != 2 || loot.Refused[0].Problem == nil ||
		loot.Refused[0].Problem.Code != protocol.ProblemLootTwoPlayers {
		t.Fatalf("the option table reports Loot refused at %+v, want at 2 players: %s", loot.Refused, protocol.ProblemLootTwoPlayers)
	}
	p := newPage(t, "Ann", 1280, 900)
	p.nav(s.Base + "/")
	p.waitVisible("#create")
	p.do("type a nickname", clearAndType("#nick", "Ann"))
	eval[bool](p, countPostsJS)
	beside := func() string {
		return eval[string](p, `(() => {
			const line = document.querySelector('#opt-loot-error');
			const box = document.querySelector('#opt-loot').closest('.opt');
			if (!line || line.hidden || !box.contains(line) || !line.getClientRects().length) return '';
			return line.textContent;
		})()`)
	}
	disabled := func() bool { return eval[bool](p, `document.querySelector('#create-table').disabled`) }

	// Four players, Loot on: nothing to say.
	p.click("#opt-loot")
	if got := beside(); got != "" || disabled() {
		t.Fatalf("Loot at 4 players: beside it %q, Create disabled %v", got, disabled())
	}
	// Down to two players: said at once, before any press of Create.
	p.click(`button[aria-label="Remove seat 4"]`)
	p.click(`button[aria-label="Remove seat 3"]`)
	p.until("the refusal beside Loot", `!document.querySelector('#opt-loot-error').hidden`, 5*time.Second)
	if got := beside(); got != want {
		t.Errorf("Loot at 2 players: beside it %q, want %q", got, want)
	}
	if !disabled() {
		t.Error("Loot at 2 players: Create is enabled")
	}
	p.do("scroll to Loot", scrollTo("#opt-loot"))
	p.screenshot("create-loot-two-players", false)
	if n := eval[int](p, `window.__posts`); n != 0 {
		t.Fatalf("%d requests sent", n)
	}
	// Loot off: fine again; on again and a third seat: fine too.
	p.click("#opt-loot")
	if got := beside(); got != "" || disabled() {
		t.Errorf("Loot off at 2 players: beside it %q, Create disabled %v", got, disabled())
	}
	p.click("#opt-loot")
	if got := beside(); got != want || !disabled() {
		t.Errorf("Loot on again at 2 players: beside it %q, Create disabled %v", got, disabled())
	}
	p.click(`#seat-list .row button`) // Add a seat
	if got := beside(); got != "" || disabled() {
		t.Errorf("Loot at 3 players: beside it %q, Create disabled %v", got, disabled())
	}
}

// optionLabel is an option's name as an English page writes it, from the
// catalogue; optionHelp what it says the option does.
func optionLabel(o protocol.OptionInfo) string {
	return locale.For(locale.Base).T("option."+o.Key, nil)
}

func optionHelp(o protocol.OptionInfo) string {
	return locale.For(locale.Base).T("option."+o.Key+".help", nil)
}
