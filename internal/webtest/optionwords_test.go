package webtest

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// Rule: the rules page names each option by its label, with its help,
// never by the key a record or a request uses for it ("turn_seconds"); its
// headings are words a player reads, capitalised (issue 25).
func TestRulesPageNamesOptionsByLabelNotKey(t *testing.T) {
	s := startSite(t)
	opts := options(t, s)
	p := newPage(t, "Ann", 1280, 900)
	p.nav(s.Base + "/rules")
	p.until("the options listed", `document.querySelectorAll('#options dt').length > 0`, 10*time.Second)
	for _, o := range opts {
		dt := eval[string](p, `(() => { const dt = document.getElementById(`+quote("option-"+o.Key)+`); return dt ? dt.textContent : ''; })()`)
		if dt != o.Label {
			t.Errorf("option %s is headed %q, want its label %q alone", o.Key, dt, o.Label)
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
