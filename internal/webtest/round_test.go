package webtest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking/internal/testserver"
)

// createAndStart creates a table from the lobby's form — Ann and three
// bots, with the options set picks — and starts it.
func createAndStart(t *testing.T, p *page, s *testserver.Server, picks func()) string {
	t.Helper()
	p.nav(s.Base + "/")
	p.do("type a nickname", clearAndType("#nick", "Ann"))
	if picks != nil {
		picks()
	}
	p.click(`#create button[type=submit]`)
	p.waitVisible("#start")
	id := strings.TrimPrefix(eval[string](p, `location.pathname`), "/t/")
	p.click("#start")
	p.waitVisible("#round-info")
	return id
}

// breakdownRow is one row of a round's breakdown as the screen shows it.
type breakdownRow struct {
	Seat      int    `json:"seat"`
	Name      string `json:"name"`
	Exact     bool   `json:"exact"`
	BidPoints int    `json:"bidpts"`
	Counted   int    `json:"counted"`
	Forfeited bool   `json:"forfeited"`
	Struck    int    `json:"struck"`
	Wager     int    `json:"wager"`
	Loot      int    `json:"loot"`
	Round     int    `json:"round"`
	Total     int    `json:"total"`
}

// breakdownJS reads a breakdown's rows from the screen's text: the
// numbers a player sees, the struck-through bonus among them.
const breakdownJS = `((sel) => {
  const num = (el) => el ? parseInt(el.textContent.replace('−', '-').replace('+', ''), 10) || 0 : 0;
  const t = document.querySelector(sel);
  if (!t) return null;
  return [...t.querySelectorAll('tbody tr')].map((tr) => ({
    seat: Number(tr.dataset.seat), name: tr.querySelector('th').textContent,
    exact: tr.querySelector('td.won').classList.contains('made'),
    bidpts: num(tr.querySelector('td.bidpts')), counted: num(tr.querySelector('td.bonus .counted')),
    forfeited: !!tr.querySelector('td.bonus s.forfeit'), struck: num(tr.querySelector('td.bonus s.forfeit')),
    wager: num(tr.querySelector('td.wager')), loot: num(tr.querySelector('td.loot')),
    round: num(tr.querySelector('td.round')), total: num(tr.querySelector('td.total')),
  }));
})`

// checkBreakdown reads the breakdown of the round just scored and checks
// that every row adds up: its parts to the round's points, the points to
// the new total from the one before.
func checkBreakdown(t *testing.T, p *page, sel string, before map[int]int) []breakdownRow {
	t.Helper()
	var rows []breakdownRow
	raw := eval[string](p, `JSON.stringify(`+breakdownJS+`(`+quote(sel)+`))`)
	if err := json.Unmarshal([]byte(raw), &rows); err != nil || len(rows) == 0 {
		t.Fatalf("no breakdown in %s: %s %v\n%s", sel, raw, err, p.snapshot())
	}
	for _, r := range rows {
		if sum := r.BidPoints + r.Counted + r.Wager + r.Loot; sum != r.Round {
			t.Errorf("%s's row does not add up: %d + %d + %d + %d = %d, the row says %d", r.Name, r.BidPoints, r.Counted, r.Wager, r.Loot, sum, r.Round)
		}
		if r.Total != before[r.Seat]+r.Round {
			t.Errorf("%s's total: %d before and %d this round make %d, the row says %d", r.Name, before[r.Seat], r.Round, before[r.Seat]+r.Round, r.Total)
		}
		if r.Forfeited && r.Exact {
			t.Errorf("%s made the bid and the bonus is struck through", r.Name)
		}
		before[r.Seat] = r.Total
	}
	return rows
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// playRounds plays a whole game by clicking and checks the breakdown of
// every round as it appears (through the next bidding, and at the end); it
// returns every row seen.
func playRounds(t *testing.T, p *page, shoot func(round int)) []breakdownRow {
	t.Helper()
	before := map[int]int{}
	var all []breakdownRow
	checked := 0
	for {
		p.playUntil(fmt.Sprintf(`document.querySelector('#game-over') || Number(document.querySelector('#round-breakdown')?.dataset.round) > %d`, checked), 2*time.Minute)
		if eval[bool](p, `!!document.querySelector('#game-over')`) {
			all = append(all, checkBreakdown(t, p, "#final-round table", before)...)
			return all
		}
		checked = eval[int](p, `Number(document.querySelector('#round-breakdown').dataset.round)`)
		if shoot != nil {
			shoot(checked)
		}
		all = append(all, checkBreakdown(t, p, "#round-breakdown", before)...)
	}
}

// TestRoundBreakdownAddsUp plays two known games (a fixed deal, bots and a
// player who click the same way every time) and reads every round's
// breakdown on screen: each row adds up, a missed bid's bonus is shown
// struck through and not counted, and Rascal of Roatan's wager (pirate
// abilities) has its column.
func TestRoundBreakdownAddsUp(t *testing.T) {
	t.Run("a missed bid forfeits its bonus", func(t *testing.T) {
		rows := playFiveRoundsOfFive(t, 5, desktop, nil)
		forfeits := 0
		for _, r := range rows {
			if r.Forfeited && r.Counted == 0 && r.Struck > 0 {
				forfeits++
			}
		}
		if forfeits == 0 {
			t.Fatalf("no missed bid with a bonus struck through in %d rows: %+v", len(rows), rows)
		}
	})
	t.Run("Rascal's wager", func(t *testing.T) {
		rows := playFiveRoundsOfFive(t, 11, phone, func(p *page) { p.click("#opt-pirate_abilities") })
		wagers := 0
		for _, r := range rows {
			if r.Wager != 0 {
				wagers++
			}
		}
		if wagers == 0 {
			t.Fatalf("no wager in %d rows: %+v", len(rows), rows)
		}
	})
}

// playFiveRoundsOfFive plays the game a seed deals, five rounds of five
// with the options picks sets, on screen sc, and returns every breakdown
// row; the summary of round 1 must be in view, and is shot.
func playFiveRoundsOfFive(t *testing.T, seed uint64, sc screen, picks func(p *page)) []breakdownRow {
	t.Helper()
	s := startSeeded(t, seed)
	p := newPage(t, "Ann", sc.width, sc.height)
	createAndStart(t, p, s, func() {
		p.do("five rounds of five", selectValue(`#opt-schedule`, "swift-n-salty"))
		if picks != nil {
			picks(p)
		}
	})
	rows := playRounds(t, p, func(round int) {
		if round == 1 {
			inView(t, p, "#round-summary")
			p.screenshot("summary-"+sc.name, false)
		}
	})
	// The final screen shows the chart of the running totals.
	if n := eval[int](p, `document.querySelectorAll('#game-over #score-chart polyline').length`); n != 4 {
		t.Errorf("the final screen's chart has %d lines, want 4", n)
	}
	return rows
}

// inView checks that an element is on screen without scrolling, above
// anything pinned to the bottom of the screen (the phone's dock) unless it
// is part of it.
func inView(t *testing.T, p *page, sel string) {
	t.Helper()
	got := eval[string](p, `(() => {
		const el = document.querySelector(`+quote(sel)+`);
		const r = el.getBoundingClientRect();
		const dock = document.querySelector('.dock');
		const pinned = dock && !dock.contains(el) && getComputedStyle(dock).position === 'sticky' ? dock.getBoundingClientRect().top : innerHeight;
		const bottom = Math.min(innerHeight, pinned);
		return r.top >= 0 && r.bottom <= bottom + 1 ? '' : 'from ' + Math.round(r.top) + ' to ' + Math.round(r.bottom) + ', the screen shows 0 to ' + Math.round(bottom);
	})()`)
	if got != "" {
		p.screenshot("not-in-view", false)
		t.Errorf("%s is not in view: %s", sel, got)
	}
}
