package webtest

import (
	"testing"
	"time"
)

// TestServerRefusalsInTheReadersLanguage: the server says why it refuses
// as a problem code, and the page words it in the reader's language — a
// table created under a bot's name, in French; the lobby around it is
// French too.
func TestServerRefusalsInTheReadersLanguage(t *testing.T) {
	s := startSite(t)
	p := newPage(t, "Ann", 1280, 900)
	p.nav(s.Base + "/")
	p.waitVisible("#create")
	p.chooseLanguage("fr")
	p.waitVisible("#create")
	if got := eval[string](p, `document.querySelector('#create-table').textContent`); got != "Créer la table" {
		t.Errorf("the create button in French says %q", got)
	}
	p.do("a bot's name", clearAndType("#nick", "Blackbeard"))
	p.click("#create-table")
	p.until("the refusal beside the button", `!document.querySelector('#create-error').hidden`, 10*time.Second)
	if got, want := eval[string](p, `document.querySelector('#create-error').textContent`), "Blackbeard est le nom d'un bot"; got != want {
		t.Errorf("the refusal says %q, want %q", got, want)
	}
	forgetLogged(p, "status of 400")
	p.screenshot("lobby-refusal-fr", false)
}
