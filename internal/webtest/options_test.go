package webtest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// options is the server's option list (GET /api/options).
func options(t *testing.T, s *testserver.Server) []protocol.OptionInfo {
	t.Helper()
	opts, err := s.Client().Options(testserver.Context(t, 10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	return opts
}

// everyModule lists the keys of the option table's modules, the expansion
// cards' switches, for a test that plays with all of them: a module added
// to the table is played there with no edit.
func everyModule() []string {
	var keys []string
	for _, s := range skullking.OptionSpecs() {
		if s.Group == skullking.GroupModules && s.Type == skullking.OptionBool {
			keys = append(keys, s.Key)
		}
	}
	return keys
}

// TestCreateFormIsTheOptionTable builds nothing into the form the option
// table does not say: every option of GET /api/options is a field with its
// label, help and default; an option that needs another shows only while
// that one has the value it needs; and a table created with one option
// changed is sent that change alone and plays by it.
func TestCreateFormIsTheOptionTable(t *testing.T) {
	s := startSite(t)
	opts := options(t, s)
	p := newPage(t, "Ann", 1280, 900)
	p.nav(s.Base + "/")
	p.waitVisible("#create")
	for _, o := range opts {
		id := quote("#opt-" + o.Key)
		got := eval[string](p, `(() => {
			const el = document.querySelector(`+id+`);
			if (!el) return 'no field';
			const box = el.closest('.opt');
			const value = el.type === 'checkbox' ? el.checked : el.type === 'number' ? Number(el.value) : el.value;
			return JSON.stringify({ label: box.querySelector('label').textContent, help: box.querySelector('.expl').textContent, value });
		})()`)
		if got == "no field" {
			t.Errorf("option %s has no field in the form", o.Key)
			continue
		}
		var f struct {
			Label, Help string
			Value       any
		}
		if err := json.Unmarshal([]byte(got), &f); err != nil {
			t.Fatal(err)
		}
		if f.Label != optionLabel(o) || !strings.HasPrefix(f.Help, optionHelp(o)) {
			t.Errorf("option %s is labelled %q (%q), want %q (%q)", o.Key, f.Label, f.Help, optionLabel(o), optionHelp(o))
		}
		if fmt.Sprint(f.Value) != fmt.Sprint(o.Default) {
			t.Errorf("option %s starts at %v, its default is %v", o.Key, f.Value, o.Default)
		}
	}
	shown := func(key string) bool {
		return eval[bool](p, `!document.querySelector(`+quote("#opt-"+key)+`).closest('.opt').hidden`)
	}
	// The number of rounds is a standard schedule's; cannon loads are
	// Rascal's scoring's.
	if !shown("rounds") || shown("cannon_load") {
		t.Fatalf("at the defaults: rounds shown %v, cannon loads shown %v", shown("rounds"), shown("cannon_load"))
	}
	p.do("Whirlpool", selectValue("#opt-schedule", "whirlpool"))
	p.do("Rascal's scoring", selectValue("#opt-scoring", "rascal"))
	if shown("rounds") || !shown("cannon_load") {
		t.Fatalf("under Whirlpool and Rascal's scoring: rounds shown %v, cannon loads shown %v", shown("rounds"), shown("cannon_load"))
	}
	p.do("the standard schedule", selectValue("#opt-schedule", "standard"))
	p.do("standard scoring", selectValue("#opt-scoring", "standard"))

	// One house rule changed: the request carries it and nothing else.
	p.do("type a nickname", clearAndType("#nick", "Ann"))
	p.click("#house-rules summary")
	p.do("30 points a trick", clearAndType("#opt-points_per_trick", "30"))
	p.screenshot("create-form", true)
	eval[bool](p, `(() => {
		const send = window.fetch;
		window.fetch = (url, init) => { if (init && init.method === 'POST') window.__sent = JSON.parse(init.body); return send(url, init); };
		return true;
	})()`)
	p.click(`#create button[type=submit]`)
	p.waitVisible("#table-lobby")
	sent := eval[string](p, `JSON.stringify(window.__sent.settings)`)
	var settings map[string]json.RawMessage
	if err := json.Unmarshal([]byte(sent), &settings); err != nil {
		t.Fatal(err)
	}
	if got := string(settings["options"]); got != `{"points_per_trick":30}` {
		t.Fatalf("the form sent the options %s, want the one changed", got)
	}
	for _, o := range opts {
		if _, ok := settings[o.Key]; ok && o.In == protocol.InSettings {
			t.Errorf("the form sent %s at its default", o.Key)
		}
	}
	id := strings.TrimPrefix(eval[string](p, `location.pathname`), "/t/")
	info := s.Info(id)
	rules, err := info.Rules()
	if err != nil || rules.PointsPerTrick != 30 {
		t.Fatalf("the table's rules: %+v %v", rules, err)
	}
	p.until("the table's house rule named", `(document.querySelector('#table-rules')?.textContent || '').includes('Points per trick bid: 30')`, 5*time.Second)
}

// TestRulesPageListsEveryOption reads the rules page's list of options: one
// entry per option of GET /api/options, with its label, help and default.
func TestRulesPageListsEveryOption(t *testing.T) {
	opts, p := openRulesPage(t)
	if n := eval[int](p, `document.querySelectorAll('#options dt').length`); n != len(opts) {
		t.Fatalf("the page lists %d options, the server has %d", n, len(opts))
	}
	for _, o := range opts {
		entry := eval[string](p, `(() => { const dt = document.getElementById(`+quote("option-"+o.Key)+`); return dt ? dt.textContent + ' | ' + dt.nextElementSibling.textContent : ''; })()`)
		if !strings.Contains(entry, optionLabel(o)) || !strings.Contains(entry, optionHelp(o)) || !strings.Contains(entry, "Standard") {
			t.Errorf("option %s reads %q", o.Key, entry)
		}
		// A number's standard value says what it counts, in the unit
		// the option list gives it.
		if d, ok := o.Default.(float64); ok && o.Unit != "" {
			if want := locale.For(locale.Base).N("option.unit."+o.Unit, int(d), nil); !strings.Contains(entry, "Standard: "+want+".") {
				t.Errorf("option %s reads %q, not its standard %q", o.Key, entry, want)
			}
		}
	}
	p.do("scroll to the options", scrollTo("#options"))
	p.screenshot("rules-options", false)
	// The example cards are drawn from the catalogue: names, no codes.
	if n := eval[int](p, `document.querySelectorAll('main .card[aria-label]').length`); n < 10 {
		t.Fatalf("%d example cards drawn", n)
	}
	labels := eval[string](p, `[...document.querySelectorAll('main .card[aria-label]')].map(c => c.getAttribute('aria-label')).join(' | ')`)
	if cardCode.MatchString(labels) || !strings.Contains(labels, "Tigress as a Pirate") {
		t.Fatalf("the example cards are named %s", labels)
	}
}

// optionOf is one option of the server's list.
func optionOf(t *testing.T, opts []protocol.OptionInfo, key string) protocol.OptionInfo {
	t.Helper()
	for _, o := range opts {
		if o.Key == key {
			return o
		}
	}
	t.Fatalf("the server has no option %s", key)
	return protocol.OptionInfo{}
}

// TestOptionErrorsShowBesideTheField types numbers the option table's
// bounds refuse: the form says so beside the field, in a sentence naming
// it, as it is typed; sending the form then sends nothing. A number of
// rounds counts only under the standard schedule: under another one its
// box is gone and what it holds blocks nothing; under the standard one a
// game of 3 rounds is 3 rounds.
func TestOptionErrorsShowBesideTheField(t *testing.T) {
	s := startSite(t)
	opts := options(t, s)
	p := newPage(t, "Ann", phoneWidths[1], 800)
	p.nav(s.Base + "/")
	p.waitVisible("#create")
	p.do("type a nickname", clearAndType("#nick", "Ann"))
	eval[bool](p, countPostsJS)
	problem := func(key string) string {
		return eval[string](p, `(() => {
			const line = document.querySelector(`+quote("#opt-"+key+"-error")+`);
			const box = document.querySelector(`+quote("#opt-"+key)+`).closest('.opt');
			if (!line || line.hidden || !box.contains(line) || !line.getClientRects().length) return '';
			return line.textContent;
		})()`)
	}
	for _, c := range []struct {
		key, typed string
		want       func(o protocol.OptionInfo) string
	}{
		{"rounds", "", func(o protocol.OptionInfo) string {
			return fmt.Sprintf("%s is empty: type a whole number from %s to %s.", optionLabel(o), grouped(*o.Min), grouped(*o.Max))
		}},
		{"rounds", fmt.Sprint(*optionOf(t, opts, "rounds").Max + 1), func(o protocol.OptionInfo) string {
			return fmt.Sprintf("%s is at most %s (%s to %s).", optionLabel(o), grouped(*o.Max), grouped(*o.Min), grouped(*o.Max))
		}},
		{"turn_seconds", "-5", func(o protocol.OptionInfo) string {
			return fmt.Sprintf("%s is at least %s (%s to %s).", optionLabel(o), grouped(*o.Min), grouped(*o.Min), grouped(*o.Max))
		}},
	} {
		o := optionOf(t, opts, c.key)
		p.do("type "+c.typed, clearAndType("#opt-"+c.key, c.typed))
		if c.typed == "" {
			eval[bool](p, `(() => { const e = document.querySelector('#opt-rounds'); e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
		}
		if got, want := problem(c.key), c.want(o); got != want {
			t.Errorf("%s typed %q: beside the field %q, want %q", c.key, c.typed, got, want)
		}
		p.click(`#create button[type=submit]`)
		if n := eval[int](p, `window.__posts`); n != 0 {
			t.Fatalf("a form with %s %q was sent", c.key, c.typed)
		}
		if f := eval[string](p, `document.activeElement.id`); f != "opt-"+c.key {
			t.Errorf("after sending, the focus is on %q, not the field in error", f)
		}
		p.do("a good value", clearAndType("#opt-"+c.key, fmt.Sprint(o.Default)))
		if got := problem(c.key); got != "" {
			t.Errorf("%s at its default still says %q", c.key, got)
		}
	}

	// Under Whirlpool the rounds box is gone, and its error with it.
	p.do("300 rounds", clearAndType("#opt-rounds", "300"))
	p.do("Whirlpool", selectValue("#opt-schedule", "whirlpool"))
	if eval[bool](p, `!!document.querySelector('#opt-rounds').closest('.opt').getClientRects().length`) {
		t.Fatal("the rounds box shows under Whirlpool")
	}
	p.click(`#create button[type=submit]`)
	p.waitVisible("#start")
	if got := eval[string](p, `JSON.stringify(window.__sent.settings.options)`); got != `{"schedule":"whirlpool"}` {
		t.Fatalf("under Whirlpool the form sent the options %s", got)
	}

	// Back in the lobby: three rounds on the standard schedule.
	p.nav(s.Base + "/")
	p.waitVisible("#create")
	p.do("3 rounds", clearAndType("#opt-rounds", "3"))
	p.click(`#create button[type=submit]`)
	p.waitVisible("#start")
	p.click("#start")
	p.waitVisible("#round-info")
	if info := eval[string](p, `document.querySelector('#round-info').textContent`); !strings.HasPrefix(info, "Round 1 of 3 ") {
		t.Fatalf("a game of 3 rounds reads %q", info)
	}
}

// openRulesPage opens the rules page of a new site once its options are
// listed, and returns the server's options with the page.
func openRulesPage(t *testing.T) ([]protocol.OptionInfo, *page) {
	t.Helper()
	s := startSite(t)
	opts := options(t, s)
	p := newPage(t, "Ann", 1280, 900)
	p.nav(s.Base + "/rules")
	p.until("the options listed", `document.querySelectorAll('#options dt').length > 0`, 10*time.Second)
	return opts, p
}

// countPostsJS makes the page count the POST requests it sends
// (window.__posts) and keep the last one's body (window.__sent).
const countPostsJS = `(() => {
	const send = window.fetch;
	window.__posts = 0;
	window.fetch = (url, init) => { if (init && init.method === 'POST') { window.__posts++; window.__sent = JSON.parse(init.body); } return send(url, init); };
	return true;
})()`

// grouped writes a number as an English page does: 3600 is "3,600".
func grouped(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
