package webtest

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// trickSentence is how the table words a completed trick: whose card won
// and the rule that made it win, or the Kraken's or the Whale's end.
var trickSentence = regexp.MustCompile(`^(Your|[A-Z][\w ]*'s) [A-Za-z0-9' ]+ wins: [a-z].*\.$|^The (Kraken|White Whale) `)

// cardCode is a card written as a code, which no sentence may hold.
var cardCode = regexp.MustCompile(`\b([GYPB]\d{1,2}|SK|PIR|MER|ESC|TIG|LOOT|KRAKEN|WHALE|ROSIE|BENDT|RASCAL|JUANITA|HARRY)\b`)

// screen is a size the table is laid out for.
type screen struct {
	name          string
	width, height int64
}

var (
	desktop = screen{"desktop", 1280, 800}
	phone   = screen{"phone", 390, 844}
	screens = []screen{desktop, phone}
)

// onEveryScreen runs test once on each screen, as a subtest with a page of
// that size.
func onEveryScreen(t *testing.T, test func(t *testing.T, p *page, screen string)) {
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) { test(t, newPage(t, "Ann", sc.width, sc.height), sc.name) })
	}
}

// TestLastTrickOfTheRoundIsSeen plays round 1 in the browser: through the
// bidding of round 2 the table still shows round 1's last trick, every
// card of it, with the sentence that says who won it and why, and the
// sentence was read out to screen readers.
func TestLastTrickOfTheRoundIsSeen(t *testing.T) {
	s := startSeeded(t, 3)
	onEveryScreen(t, func(t *testing.T, p *page, screen string) {
		startQuickGame(t, p, s, "Ann")
		p.playUntil(`/Round 2/.test(document.querySelector('#round-info')?.textContent) && document.querySelector('#bid-confirm')`, time.Minute)
		if got := eval[string](p, `document.querySelector('#last-caption')?.textContent || ''`); got != "Round 1: the last trick" {
			t.Fatalf("the caption over the trick is %q\n%s", got, p.snapshot())
		}
		if n := eval[int](p, `document.querySelectorAll('#trick.last li[data-seat] .card').length`); n != 4 {
			t.Fatalf("round 1's last trick shows %d cards, want 4", n)
		}
		if n := eval[int](p, `document.querySelectorAll('#trick.last li.winning').length`); n != 1 {
			t.Fatalf("%d cards of the last trick are marked as its winner", n)
		}
		sentence := eval[string](p, `document.querySelector('#outcome').textContent`)
		if !trickSentence.MatchString(sentence) || cardCode.MatchString(sentence) {
			t.Fatalf("the last trick's sentence is %q", sentence)
		}
		// The trick was announced when it was completed; the live
		// region keeps the last thing read.
		p.until("the sentence read out", `document.querySelector('#live').textContent.includes(`+quote(sentence)+`)`, 5*time.Second)
		inView(t, p, "#round-summary")
		inView(t, p, "#bid")
		inView(t, p, "#trick")
		inView(t, p, "#outcome")
		// The summary shows, per seat, the bid, the tricks won, the points
		// and the new total.
		cols := eval[string](p, `[...document.querySelectorAll('#round-breakdown thead th')].map(th => th.textContent).join('|')`)
		for _, c := range []string{"Bid", "Won", "Bid pts", "Round", "Total"} {
			if !strings.Contains("|"+cols+"|", "|"+c+"|") {
				t.Errorf("the round summary has no %s column: %s", c, cols)
			}
		}
		if n := eval[int](p, `document.querySelectorAll('#round-breakdown tbody tr').length`); n != 4 {
			t.Errorf("the round summary has %d rows, want 4", n)
		}
		p.screenshot("bidding-"+screen, false)
		// The chart is one key away, and the same key puts it away.
		p.keys("c")
		p.until("the chart window", `document.querySelector('#sheet-dialog[open] #score-chart')`, 5*time.Second)
		if n := eval[int](p, `document.querySelectorAll('#sheet-dialog #score-chart polyline').length`); n != 4 {
			t.Errorf("the chart from the table has %d lines, want 4", n)
		}
		if got := eval[string](p, `(() => { const r = document.querySelector('#sheet-dialog #score-chart').getBoundingClientRect();
			return r.top >= 0 && r.top < innerHeight && r.left >= 0 && r.right <= innerWidth + 1 ? '' : JSON.stringify(r); })()`); got != "" {
			t.Errorf("the chart opened from the table is not in view: %s", got)
		}
		p.keys("c")
		p.until("the chart window closed", `!document.querySelector('#sheet-dialog[open]')`, 5*time.Second)
	})
}

// TestCompletedTrickPausesBeforeTheNext holds a completed trick on the
// table, with its sentence, while the states that follow wait: "until I
// continue" holds it while the bots move, and the player's own turn ends
// the pause by itself; Continue ends it at once; turned off, the pause
// holds nothing back.
func TestCompletedTrickPausesBeforeTheNext(t *testing.T) {
	s := startSeeded(t, 3)
	onEveryScreen(t, func(t *testing.T, p *page, screen string) {
		startQuickGame(t, p, s, "Ann")
		choosePause(p, "wait")
		p.playUntil(`document.querySelector('#skip-pause')`, time.Minute)
		held := eval[string](p, `document.querySelector('#outcome').dataset.trick`)
		sentence := eval[string](p, `document.querySelector('#outcome').textContent`)
		if !trickSentence.MatchString(sentence) || cardCode.MatchString(sentence) {
			t.Fatalf("the held trick's sentence is %q", sentence)
		}
		if n := eval[int](p, `document.querySelectorAll('#trick.last li[data-seat]').length`); n != 4 {
			t.Fatalf("the held trick shows %d cards", n)
		}
		// The states behind it wait: the bots' moves, and Ann's turn, which
		// the pause then tells of ("your turn next") with the trick still
		// on the table. Whichever comes first is read, then checked.
		heldNow := `(document.querySelector('#outcome')?.dataset.trick || '') === ` + quote(held)
		p.until("Ann's turn waiting behind the held trick, or the trick gone",
			`document.querySelector('#turn-next') || !(`+heldNow+`)`, 10*time.Second)
		if got := eval[string](p, `document.querySelector('#outcome')?.dataset.trick || ''`); got != held {
			t.Fatalf("trick %s went before the pause ended (now %q)", held, got)
		}
		p.screenshot("trick-done-"+screen, false)
		// Every trick is Ann's too: her turn comes, and ends the pause
		// without a click, within moments.
		p.until("Ann's turn after the pause", `!document.querySelector('#skip-pause') && document.querySelector('.hand.myturn')`, 3*time.Second)

		// Continue ends a pause at once, long before it would end.
		choosePause(p, "long")
		p.playUntil(`document.querySelector('#skip-pause')`, time.Minute)
		held = eval[string](p, `document.querySelector('#outcome').dataset.trick`)
		p.click("#skip-pause")
		p.until("the pause ended by Continue", `!document.querySelector('#skip-pause') && document.querySelector('#outcome')?.dataset.trick !== `+quote(held), time.Second)

		// Turned off, the pause holds nothing back: the rest of the
		// round plays without one.
		choosePause(p, "off")
		if got := eval[string](p, `localStorage.getItem('sk.pause')`); got != "off" {
			t.Fatalf("the pause setting is remembered as %q", got)
		}
		p.playUntil(`document.querySelector('#skip-pause') || /Round 4/.test(document.querySelector('#round-info')?.textContent)`, time.Minute)
		if eval[bool](p, `!!document.querySelector('#skip-pause')`) {
			t.Fatal("a pause held a trick with the pause turned off")
		}
	})
}

// choosePause sets the pause after each trick in the keys and pace
// window, as a player does.
func choosePause(p *page, value string) {
	p.t.Helper()
	p.keys("?")
	p.until("the keys and pace window", `document.querySelector('#help-dialog[open] #pause-help')`, 5*time.Second)
	p.do("choose "+value, selectValue("#pause-help", value))
	p.keys(kbEscape)
	p.until("the window closed", `!document.querySelector('#help-dialog[open]')`, 5*time.Second)
}
