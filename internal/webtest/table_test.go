package webtest

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/skullking-go/skullking/internal/testserver"
)

// startQuickGame opens the lobby and starts a game against bots with the
// one-click button.
func startQuickGame(t *testing.T, p *page, s *testserver.Server, nick string) string {
	t.Helper()
	p.nav(s.Base + "/")
	p.do("type a nickname", clearAndType("#nick", nick))
	p.click("#play-now")
	p.waitVisible("#round-info")
	loc := eval[string](p, `location.pathname`)
	if !strings.HasPrefix(loc, "/t/") {
		t.Fatalf("after Play now the page is at %s", loc)
	}
	return strings.TrimPrefix(loc, "/t/")
}

const myTurnMidTrick = `document.querySelector('.hand.myturn') && document.querySelectorAll('#trick:not(.last) li[data-seat]').length >= 1`

func handCodes(p *page) string {
	return eval[string](p, `[...document.querySelectorAll('.hand .card')].map(c => c.dataset.code).join(' ')`)
}

func trickCodes(p *page) string {
	return eval[string](p, `[...document.querySelectorAll('#trick:not(.last) li[data-seat]')].map(li => li.dataset.seat + ':' + li.querySelector('.card').getAttribute('aria-label')).join(' ')`)
}

// TestReloadMidTrickReturnsToTheSeat reloads the page while a trick is
// half played, on a phone-sized screen: the token in local storage takes
// the seat back, with the same hand and the same trick.
func TestReloadMidTrickReturnsToTheSeat(t *testing.T) {
	s := startSite(t)
	p := newPage(t, "Ann", 360, 740)
	startQuickGame(t, p, s, "Ann")
	p.playUntil(`/Round [2-9]/.test(document.querySelector('#round-info')?.textContent) && (`+myTurnMidTrick+`)`, time.Minute)
	p.screenshot("trick-phone", false)
	if w := eval[int](p, `document.documentElement.scrollWidth`); w > 360 {
		t.Errorf("the phone layout is %dpx wide: it scrolls sideways", w)
	}
	hand, trick := handCodes(p), trickCodes(p)

	p.do("reload", chromedp.Reload())
	p.waitVisible(".hand.myturn")
	if got := handCodes(p); got != hand {
		t.Fatalf("after the reload the hand is %q, was %q", got, hand)
	}
	if got := trickCodes(p); got != trick {
		t.Fatalf("after the reload the trick is %q, was %q", got, trick)
	}
	if me := eval[string](p, `document.querySelector('.seat.me .who').textContent`); me != "Ann" {
		t.Fatalf("after the reload the seat is %q", me)
	}
	// And the seat plays on.
	before := len(strings.Fields(hand))
	p.playUntil(`document.querySelectorAll('.hand .card').length < `+itoa(before), 20*time.Second)
}

// TestSpectatorSeesNoHands watches a game from a second browser: seats,
// bids and the trick, and no hand at all.
func TestSpectatorSeesNoHands(t *testing.T) {
	s := startSite(t)
	ann := newPage(t, "Ann", 1280, 900)
	id := startQuickGame(t, ann, s, "Ann")
	ann.playUntil(myTurnMidTrick, 30*time.Second)

	eve := newPage(t, "Eve", 1280, 900)
	eve.nav(s.Base + "/t/" + id)
	eve.click("#watch")
	eve.waitVisible("#spectating")
	eve.until("the trick on the table", `document.querySelectorAll('#trick:not(.last) li[data-seat]').length >= 1`, 20*time.Second)
	if n := eval[int](eve, `document.querySelectorAll('.hand, .hand .card, button.card').length`); n != 0 {
		t.Fatalf("the spectator sees %d hand elements", n)
	}
	if n := eval[int](eve, `document.querySelectorAll('.seat').length`); n != 4 {
		t.Fatalf("the spectator sees %d seats, want 4", n)
	}
	// The table left spectators' chat off: the spectator reads the chat
	// but is offered no line to write.
	if !eval[bool](eve, `document.querySelector('#chat form').hidden && !document.querySelector('#chat-closed').hidden`) {
		t.Fatal("the spectator is offered a chat line at a table closed to spectators' chat")
	}
	if eval[bool](ann, `document.querySelector('#chat form').hidden`) {
		t.Fatal("the player is offered no chat line")
	}
	// Ann's cards appear nowhere on the spectator's page, except any she
	// has played into the trick.
	for _, code := range strings.Fields(handCodes(ann)) {
		if eval[bool](eve, `!!document.querySelector('[data-code="`+code+`"]')`) {
			t.Fatalf("the spectator's page holds Ann's %s", code)
		}
	}
	// Ann plays on; the spectator follows.
	ann.playUntil(`!(`+myTurnMidTrick+`)`, 20*time.Second)
	eve.until("Ann's card on the table", `document.querySelector('#trick li[data-seat="0"]') || document.querySelector('#outcome') || document.querySelector('#round-summary')`, 20*time.Second)
}

// TestKeyboardOnlyTrick bids and plays a trick with the keyboard alone:
// digits and Enter to bid, arrows across the hand, Enter to play.
func TestKeyboardOnlyTrick(t *testing.T) {
	s := startSite(t)
	p := newPage(t, "Ann", 1280, 900)
	startQuickGame(t, p, s, "Ann")
	// Round 1 by clicking; round 2 (two cards) by keyboard.
	p.playUntil(`/Round 2/.test(document.querySelector('#round-info')?.textContent) && document.querySelector('#bid-confirm')`, 30*time.Second)
	p.keys("1")
	if got := eval[string](p, `document.activeElement.id + ' ' + document.activeElement.textContent`); got != "bid-confirm Confirm bid 1" {
		t.Fatalf("after typing 1 the focus is on %q", got)
	}
	p.keys("\r")
	p.until("the bid is taken", `!document.querySelector('#bid-confirm')`, 15*time.Second)
	p.until("my turn", `document.querySelector('.hand.myturn')`, 20*time.Second)
	// h asks the expert; its advice shows to this player.
	p.keys("h")
	p.until("the hint", `/^Hint: \S/.test(document.querySelector('#toast:not([hidden])')?.textContent || '')`, 20*time.Second)

	// Walk the hand with the arrows; a card that may not be played says
	// why, in the line under the hand.
	before := eval[int](p, `document.querySelectorAll('.hand .card').length`)
	p.keys(kbHome)
	if !eval[bool](p, `document.activeElement.matches('.hand .card')`) {
		t.Fatalf("Home did not focus the hand: %s", eval[string](p, `document.activeElement.outerHTML.slice(0, 200)`))
	}
	for i := 0; i < before && eval[string](p, `document.activeElement.getAttribute('aria-disabled')`) == "true"; i++ {
		label := eval[string](p, `document.activeElement.getAttribute('aria-label')`)
		if !strings.Contains(label, "not playable: ") {
			t.Fatalf("a disabled card's label gives no reason: %q", label)
		}
		if why := eval[string](p, `document.querySelector('#whyline').textContent`); why == "" || !strings.Contains(label, why) {
			t.Fatalf("a focused refused card (%q) says under the hand %q", label, why)
		}
		p.keys(kbRight)
	}
	if eval[string](p, `document.activeElement.getAttribute('aria-disabled')`) != "false" {
		t.Fatal("no playable card reached with the arrows")
	}
	code := eval[string](p, `document.activeElement.dataset.code`)
	p.keys("\r")
	if code == "TIG" {
		p.until("the Tigress choice", `document.activeElement.closest('#tigress')`, 15*time.Second)
		p.keys("\r")
	}
	p.until("the card played", `document.querySelectorAll('.hand .card').length === `+itoa(before-1), 20*time.Second)
	// The help opens with ? and the sheet with s.
	p.keys("?")
	p.until("the key help", `document.querySelector('#help-dialog[open]')`, 15*time.Second)
	p.keys(kbEscape)
	p.keys("s")
	p.until("the score sheet", `document.querySelector('#sheet-dialog[open] #score-sheet')`, 15*time.Second)
}

// TestTwoPlayersSecretBids seats two people in two browsers at one table,
// created with the form, reached by its invite link: neither sees the
// other's bid before both are in; then both see both.
func TestTwoPlayersSecretBids(t *testing.T) {
	s := startSite(t)
	ann := newPage(t, "Ann", 1280, 900)
	ann.nav(s.Base + "/")
	ann.do("type a nickname", clearAndType("#nick", "Ann"))
	// Two seats, the second open for a person, two short rounds, public.
	ann.click(`[aria-label="Remove seat 4"]`)
	ann.click(`[aria-label="Remove seat 3"]`)
	ann.do("open seat 2", selectValue(`[aria-label="Seat 2"]`, "open"))
	ann.do("a short game of 2 rounds", clearAndType("#opt-rounds", "2"))
	ann.click("#t-public")
	ann.do("name the table", clearAndType("#t-name", "Friday night"))
	ann.click(`#create button[type=submit]`)
	ann.waitVisible("#invite-link")
	invite := eval[string](ann, `document.querySelector('#invite-link').value`)
	if !regexp.MustCompile(`^http://127\.0\.0\.1:\d+/t/[a-z0-9]+$`).MatchString(invite) {
		t.Fatalf("invite link %q", invite)
	}

	ben := newPage(t, "Ben", 1280, 900)
	// The public list shows the table: seats free and rules in one line.
	ben.nav(s.Base + "/")
	ben.until("the table in the public list", `[...document.querySelectorAll('#public-tables li')].some(li => li.textContent.includes('Friday night'))`, 20*time.Second)
	line := eval[string](ben, `[...document.querySelectorAll('#public-tables li')].find(li => li.textContent.includes('Friday night')).textContent`)
	if !strings.Contains(line, "1 of 2 seats free") || !strings.Contains(line, "2 rounds") {
		t.Fatalf("public list line %q", line)
	}
	// The invite link opens straight into the seat picker.
	ben.nav(invite)
	ben.waitVisible("#seat-picker")
	ben.do("type a nickname", clearAndType("#nick", "Ben"))
	ben.click(`#seat-picker button.primary`)
	ben.waitVisible("#table-lobby")

	ann.until("Ben seated", `!document.querySelector('#start').disabled`, 20*time.Second)
	ann.click("#start")
	ann.waitVisible("#bid-confirm")
	ben.waitVisible("#bid-confirm")
	// Graybeard sits at the table with his face-down pile.
	if !eval[bool](ann, `!!document.querySelector('.seat.ghost .card.back')`) {
		t.Fatal("no Graybeard seat with a pile")
	}

	ben.click(`[data-key="bid-1"]`)
	ben.click("#bid-confirm")
	ben.until("Ben's own bid shown", `document.querySelector('.seat.me').textContent.includes('bid 1')`, 15*time.Second)
	ann.until("Ben has bid", `document.querySelector('#seat-1').textContent.includes('has bid')`, 15*time.Second)
	// Ann knows that Ben has bid, and nothing of how much.
	if html := eval[string](ann, `document.documentElement.outerHTML`); regexp.MustCompile(`bid [0-9]`).MatchString(html) {
		t.Fatalf("Ann's page shows a bid before all are in: %q", regexp.MustCompile(`.{40}bid [0-9].{40}`).FindString(html))
	}
	if txt := eval[string](ann, `document.querySelector('#turnline').textContent`); !strings.Contains(txt, "Your bid") {
		t.Fatalf("Ann's turn line %q", txt)
	}
	if txt := eval[string](ben, `document.querySelector('#turnline').textContent`); !strings.Contains(txt, "waiting for Ann") {
		t.Fatalf("Ben's turn line %q", txt)
	}

	// A line of chat reaches the other browser, whose closed chat marks
	// it unread until opened; the writer's own line is not unread.
	ann.click("#chat summary")
	ann.do("type a chat line", clearAndType("#chat-input", "ahoy"))
	ann.click(`#chat button[type=submit]`)
	ben.until("the chat line", `document.querySelector('#chat-log').textContent.includes('Ann: ahoy')`, 15*time.Second)
	if got := eval[string](ben, `(() => { const u = document.querySelector('#chat:not([open]) summary #chat-unread:not([hidden])'); return u ? u.textContent : ''; })()`); got != "1" {
		t.Errorf("Ben's closed chat marks %q lines unread, want 1", got)
	}
	ben.click("#chat summary")
	ben.until("the unread mark gone once the chat is open", `document.querySelector('#chat-unread').hidden`, 5*time.Second)
	if eval[bool](ann, `!document.querySelector('#chat-unread').hidden`) {
		t.Error("Ann's own line is marked unread for her")
	}

	ann.click(`[data-key="bid-0"]`)
	ann.click("#bid-confirm")
	for _, p := range []*page{ann, ben} {
		p.until("both bids revealed", `document.querySelector('#seat-0, .seat.me') && [...document.querySelectorAll('.seat')].map(s => s.textContent).join('|').match(/bid 0/) && [...document.querySelectorAll('.seat')].map(s => s.textContent).join('|').match(/bid 1/)`, 15*time.Second)
	}
}

// TestServerRestartReconnects restarts the server under a game in
// progress: the page shows that the connection is lost, reconnects by
// itself and puts the player back in the seat with the same hand.
func TestServerRestartReconnects(t *testing.T) {
	s := startSite(t)
	p := newPage(t, "Ann", 1280, 900)
	startQuickGame(t, p, s, "Ann")
	p.playUntil(`/Round 2/.test(document.querySelector('#round-info')?.textContent) && (`+myTurnMidTrick+`)`, 30*time.Second)
	hand := handCodes(p)
	// The server goes down (as in a deploy, it tells every client to
	// reconnect); while it is down the page says so.
	s.Stop()
	p.until("the lost-connection banner", `!document.querySelector('#banner').hidden && /Reconnect/.test(document.querySelector('#banner').textContent)`, 15*time.Second)
	s.Restart()
	p.until("reconnected", `document.querySelector('#banner').hidden && document.querySelector('.hand.myturn')`, 40*time.Second)
	if got := handCodes(p); got != hand {
		t.Fatalf("after reconnecting the hand is %q, was %q", got, hand)
	}
	p.playUntil(`document.querySelectorAll('.hand .card').length < `+itoa(len(strings.Fields(hand))), 20*time.Second)
}

// TestModulesGame plays a game with every module and Rascal's scoring with
// cannon loads, choosing cards at random, so that every decision panel —
// the Tigress, cannon loads, pirate abilities — is drawn and answered.
func TestModulesGame(t *testing.T) {
	s := startSite(t)
	p := newPage(t, "Ann", 1280, 900)
	p.nav(s.Base + "/")
	p.do("type a nickname", clearAndType("#nick", "Ann"))
	p.do("skip to the brawl", selectValue(`#opt-schedule`, "skip-to-the-brawl"))
	p.do("Rascal's scoring", selectValue(`#opt-scoring`, "rascal"))
	for _, key := range append([]string{"cannon_load"}, everyModule()...) {
		p.click("#opt-" + key)
	}
	p.click(`#create button[type=submit]`)
	p.waitVisible("#start")
	if rules := eval[string](p, `document.querySelector('#table-lobby p.muted').textContent`); !strings.Contains(rules, "Kraken") {
		t.Fatalf("the table's rules line %q", rules)
	}
	p.click("#start")
	p.waitVisible("#round-info")
	p.random = true
	p.playUntil(`document.querySelector('#game-over')`, 2*time.Minute)
	t.Logf("decisions seen: %s", eval[string](p, `window.__seen ? [...window.__seen].join(' ') : ''`))
}
