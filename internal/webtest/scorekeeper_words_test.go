package webtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// checkSays waits for a step's check (sel, "#tricks-check") to give its
// verdict, good or bad, and returns it.
func checkSays(p *page, sel string) string {
	p.t.Helper()
	p.until("the check of "+sel, `document.querySelector('`+sel+`.good, `+sel+`.bad')`, 10*time.Second)
	return eval[string](p, `document.querySelector('`+sel+`').textContent`)
}

// importFile picks a file holding text to import on the page's home.
func importFile(p *page, base, text string) {
	p.t.Helper()
	file := filepath.Join(p.t.TempDir(), "import.json")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.nav(base + "/sheet")
	p.do("import", chromedp.SetUploadFiles(chromedp.CSS("#import-file"), []string{file}))
}

// TestScoreKeeperTwoPlayersNameGraybeard: a two-player sheet names
// Graybeard, the third hand (docs/rules.md §9), wherever his tricks matter —
// the new sheet, the bids and tricks steps, the tricks no player won, the
// round's points and the table of rounds (issue 25, item 9).
func TestScoreKeeperTwoPlayersNameGraybeard(t *testing.T) {
	base := startKeeperSite(t)
	p := newPage(t, "keeper", 390, 844)
	p.nav(base + "/sheet")
	p.click("#new-sheet")
	addPlayers(p, "Ann")
	if got := eval[string](p, `document.querySelector('#graybeard-note').textContent`); got != "" {
		t.Errorf("one player so far, the form says %q", got)
	}
	addPlayers(p, "Ben")
	p.until("Graybeard explained", `/^Two players play with Graybeard, a third hand dealt face down/.test(document.querySelector('#graybeard-note').textContent)`, 5*time.Second)
	p.click("#rules-custom")
	p.do("rounds", clearAndType("#opt-rounds", "2"))
	p.click("#create")
	p.until("the sheet on the server", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname)`, 10*time.Second)

	// Round 1, one card: both bid 0 and Graybeard takes the trick.
	if got := eval[string](p, `document.querySelector('#bids-note').textContent`); !strings.Contains(got, "Graybeard never bids") {
		t.Errorf("the bids step says %q", got)
	}
	for i := range 2 {
		p.click(fmt.Sprintf(`[data-key="bid-%d-0"]`, i))
	}
	nextStep(p, `[data-key="won-0-0"]`)
	if got := eval[string](p, `document.querySelector('#won-note').textContent`); !strings.Contains(got, "Graybeard's tricks are not entered") {
		t.Errorf("the tricks step says %q", got)
	}
	for i := range 2 {
		p.click(fmt.Sprintf(`[data-key="won-%d-0"]`, i))
	}
	if got := checkSays(p, "#tricks-check"); got != "1 trick went to Graybeard." {
		t.Errorf("the trick no player won: %q", got)
	}
	nextStep(p, "#events-check")
	nextStep(p, "#preview table")
	if got := eval[string](p, `document.querySelector('#graybeard-row').textContent`); got != "Graybeard—11 trick went to Graybeard; he never scores." {
		t.Errorf("Graybeard's line under the points: %q", got)
	}
	p.click("#save-round:not([disabled])")
	p.until("round 2", `/^Round 2/.test(document.querySelector('#round-h').textContent)`, 10*time.Second)

	// Round 2, two cards: Ann bids and wins both, Ben neither, none goes
	// to Graybeard. The totals differ (50 and 30), so the game ends: a tie
	// would call a tiebreak round.
	p.click(`[data-key="bid-0-2"]`)
	p.click(`[data-key="bid-1-0"]`)
	nextStep(p, `[data-key="won-0-0"]`)
	p.click(`[data-key="won-0-2"]`)
	p.click(`[data-key="won-1-0"]`)
	if got := checkSays(p, "#tricks-check"); got != "All 2 tricks are counted: Graybeard won none." {
		t.Errorf("every trick to a player: %q", got)
	}
	nextStep(p, "#events-check")
	nextStep(p, "#preview table")
	p.click("#save-round:not([disabled])")
	p.until("game over", `document.querySelector('#game-over')`, 10*time.Second)

	p.click("#tab-totals")
	p.waitVisible("#rounds-table")
	if got := eval[string](p, `[...document.querySelectorAll('#rounds-table .sk-graybeard')].map((e) => e.textContent).join(', ')`); got != "Graybeard, won 1, won 0" {
		t.Errorf("Graybeard's column in the rounds table: %q", got)
	}
}

// TestScoreKeeperSaysSentences: what the keeper tells the table reads as a
// sentence — one trick is "the one trick", the server's and the engine's
// refusals start with a capital and end with a stop, a body of the wrong
// form names the field and what it should be — and a sheet's own game
// record imported again leads to that sheet rather than counting the game
// twice (issue 25, items 8 and 9).
func TestScoreKeeperSaysSentences(t *testing.T) {
	base := startKeeperSite(t)
	p := newPage(t, "keeper", 390, 844)
	// The refusals asked for here, which the browser logs as failed requests.
	t.Cleanup(func() { forgetLogged(p, "422"); forgetLogged(p, "409") })
	p.nav(base + "/sheet")
	p.click("#new-sheet")
	addPlayers(p, "Ann", "Ben", "Cat")
	p.do("title", clearAndType("#title", "Friday"))
	p.click("#rules-custom")
	p.do("rounds", clearAndType("#opt-rounds", "1"))
	p.click("#create")
	p.until("the sheet on the server", `/^\/sheet\/[0-9a-f]{32}$/.test(location.pathname)`, 10*time.Second)
	sheet := eval[string](p, `location.pathname`)

	p.click(`[data-key="bid-0-1"]`)
	p.click(`[data-key="bid-1-0"]`)
	p.click(`[data-key="bid-2-0"]`)
	nextStep(p, `[data-key="won-0-0"]`)
	for i := range 3 {
		p.click(fmt.Sprintf(`[data-key="won-%d-0"]`, i))
	}
	if got := checkSays(p, "#tricks-check"); !strings.HasPrefix(got, "Round 1: ") || !strings.HasSuffix(got, ".") {
		t.Errorf("the engine's refusal reads %q, want a sentence about round 1", got)
	}
	p.click(`[data-key="won-0-1"]`)
	if got := checkSays(p, "#tricks-check"); got != "The one trick is counted." {
		t.Errorf("one trick counted: %q", got)
	}
	nextStep(p, "#events-check")
	nextStep(p, "#preview table")
	p.click("#save-round:not([disabled])")
	p.until("game over", `document.querySelector('#game-over')`, 10*time.Second)
	savedThen(p, "true")

	// The sheet's game record, imported again: the game is already kept.
	record := eval[string](p, `fetch('/api/sheets/`+strings.TrimPrefix(sheet, "/sheet/")+`/record').then((r) => r.text())`)
	importFile(p, base, record)
	p.waitVisible("#import-duplicate")
	if got := eval[string](p, `document.querySelector('#import-duplicate p').textContent`); got != "This game is already kept here: Friday, 1 round." {
		t.Errorf("the duplicate is said as %q", got)
	}
	p.click("#import-open")
	p.until("the sheet the record came from", `location.pathname === '`+sheet+`'`, 10*time.Second)

	// A record of the wrong form: the field, and what it should be.
	importFile(p, base, `{"format": "skullking-record/1", "players": "Ann"}`)
	p.until("the refusal", `document.querySelector('#toast') && document.querySelector('#toast').textContent !== ''`, 10*time.Second)
	if got := eval[string](p, `document.querySelector('#toast').textContent`); got != `The record: the field "players" should be a list of names in quotes, like ["Ann", "Ben"], not text.` {
		t.Errorf("the refused record is said as %q", got)
	}
}
