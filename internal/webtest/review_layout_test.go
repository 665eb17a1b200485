package webtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/internal/goldenrecords"
	"github.com/skullking-go/skullking/internal/review"
	"github.com/skullking-go/skullking/internal/server"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// reviewedGame is a finished table whose record is a ten-round game of four
// with the pirate abilities (a golden record), in which Ann, seat 0, is the
// player whose review the page shows: the other seats' Harry, Rascal,
// Bendt, Rosie and Juanita are theirs, and a stand-in bot bid for Ann in
// round 1 and the timer played her first card of round 2, as the record's
// "by" says.
type reviewedGame struct {
	s   *testserver.Server
	p   *page
	id  string
	rec *skullking.Record
	// mine are Ann's decisions as the engine walks them.
	mine []skullking.Action
}

// openReviewedGame plays a one-round game for Ann against quick bots, so
// that the server has a finished table with Ann's seat token in the page,
// puts the golden record in its place in the store (which drops any
// review), and opens the review at width×height.
func openReviewedGame(t *testing.T, width, height int64) *reviewedGame {
	t.Helper()
	data, err := os.ReadFile(goldenrecords.File(t, "valid", "module-pirate-abilities-4p"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	rounds := doc["rounds"].([]any)
	rounds[0].(map[string]any)["by"] = []any{map[string]any{"seat": 0, "decision": "bid", "by": "bot"}}
	rounds[1].(map[string]any)["by"] = []any{map[string]any{"seat": 0, "trick": 1, "decision": "card", "by": "timer"}}
	data, _ = json.Marshal(doc)
	rec, err := skullking.ParseRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	g := &reviewedGame{rec: rec}
	if _, err := rec.Walk(func(v skullking.SeatView, a skullking.Action) {
		if a.Seat == 0 {
			g.mine = append(g.mine, a)
		}
	}); err != nil {
		t.Fatal(err)
	}

	g.s = testserver.StartWith(t, func(c *server.Config) { c.ReviewBudget = 0.02 }, "--bot-delay", "5ms")
	created := g.s.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random"), testserver.Bot("random"),
		testserver.Bot("random")}, testserver.Settings(1))
	if created.Seat != 0 {
		t.Fatalf("Ann sits at seat %d, want 0", created.Seat)
	}
	g.id = created.ID
	g.p = newPage(t, "Ann", width, height)
	g.p.nav(g.s.Base + "/")
	eval[bool](g.p, `(localStorage.setItem('sk.pause', 'off'), localStorage.setItem('sk.seat.`+g.id+`',
		JSON.stringify({seat: 0, token: `+quote(created.Token)+`})), true)`)
	g.p.nav(g.s.Base + "/t/" + g.id)
	g.p.click("#start")
	g.p.playUntil(`document.querySelector('#game-over')`, time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := g.s.Running().Store().PutRecord(ctx, g.id, data); err != nil {
		t.Fatal(err)
	}
	g.open("")
	return g
}

// open opens the review page, at the decision hash names if any.
func (g *reviewedGame) open(hash string) {
	g.p.t.Helper()
	g.p.nav(g.s.Base + "/t/" + g.id + "/review" + hash)
	g.p.until("the review", `document.querySelector('#review-decisions > li') && document.querySelector('#review-decision')`, 30*time.Second)
}

// resize lays the page out at width×height.
func (g *reviewedGame) resize(width, height int64) {
	g.p.t.Helper()
	g.p.do("resize", chromedp.EmulateViewport(width, height))
	g.p.until("the new width", `innerWidth === `+itoa(int(width)), 5*time.Second)
}

// box is an element's place on the screen.
type box struct{ Left, Top, Right, Bottom float64 }

func (g *reviewedGame) box(sel string) box {
	g.p.t.Helper()
	b := eval[[]float64](g.p, `(() => { const e = document.querySelector(`+quote(sel)+`); if (!e) return [];
		const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()`)
	if len(b) != 4 {
		g.p.t.Fatalf("%s is not on the page\n%s", sel, g.p.snapshot())
	}
	return box{b[0], b[1], b[2], b[3]}
}

// decisionAt is the index among Ann's decisions of the first one that
// pick chooses.
func (g *reviewedGame) decisionAt(t *testing.T, pick func(a skullking.Action, round int) bool) int {
	t.Helper()
	i, round := 0, 0
	found := -1
	if _, err := g.rec.Walk(func(v skullking.SeatView, a skullking.Action) {
		if a.Seat != 0 {
			return
		}
		round = v.Round()
		if found < 0 && pick(a, round) {
			found = i
		}
		i++
	}); err != nil {
		t.Fatal(err)
	}
	if found < 0 {
		t.Fatal("no such decision of Ann's")
	}
	return found
}

// TestReviewLaysTheDecisionOutAsATable: the chosen decision is shown as
// the table stood — the four seats' hands around (the reviewed one apart,
// at the bottom), the cards played to the trick before Ann's in the
// middle, and the decision beside it — drawn with the table's cards; on
// phones 360 to 414 px wide nothing scrolls sideways and the trick and the
// decision are on the screen's width, covering nothing; at 1280×800 the
// table and the list of decisions sit side by side.
func TestReviewLaysTheDecisionOutAsATable(t *testing.T) {
	g := openReviewedGame(t, 390, 844)
	p := g.p
	var rp protocol.Replay
	if err := json.Unmarshal([]byte(eval[string](p, `fetch('/api/tables/`+g.id+`/replay').then((r) => r.text())`)), &rp); err != nil {
		t.Fatal(err)
	}
	// Ann's card in round 10, trick 4: ten-card hands, a trick under way.
	i := g.decisionAt(t, func(a skullking.Action, round int) bool { return round == 10 && a.Kind == skullking.ActionPlay })
	i += 3
	g.open("#d" + itoa(i))
	var tr protocol.ReplayTrick
	for _, x := range rp.Tricks {
		if x.Round == 10 && x.Number == 4 {
			tr = x
		}
	}
	before := 0
	for before < len(tr.Trick.Plays) && tr.Trick.Plays[before].Seat != 0 {
		before++
	}
	if h := eval[string](p, `document.querySelector('#step-h').textContent`); !strings.HasPrefix(h, "Round 10, trick 4 (") {
		t.Fatalf("the decision shown is %q, want round 10, trick 4", h)
	}
	if n := eval[int](p, `document.querySelectorAll('#review-trick .card').length`); n != before {
		t.Fatalf("the trick shows %d cards, want the %d played before Ann's", n, before)
	}
	hands := eval[map[string]int](p, `Object.fromEntries([...document.querySelectorAll('#review-table .review-hand')].map((li) => [li.dataset.seat, li.querySelectorAll('.card').length]))`)
	if len(hands) != 4 {
		t.Fatalf("%d hands around the table, want 4: %v", len(hands), hands)
	}
	for s := range 4 {
		want := len(tr.Hands[s])
		for _, pl := range tr.Trick.Plays[:before] {
			if pl.Seat == s {
				want-- // played already, to the trick in the middle
			}
		}
		if hands[strconv.Itoa(s)] != want {
			t.Errorf("seat %d holds %d cards at the table, want %d", s, hands[strconv.Itoa(s)], want)
		}
	}
	if !eval[bool](p, `!!document.querySelector('.review-me .review-hand.reviewed[data-seat="0"] .card.played')`) {
		t.Errorf("Ann's hand is not at the bottom with the card she played marked\n%s", p.snapshot())
	}
	if d := eval[string](p, `document.querySelector('#review-decision').textContent`); !strings.Contains(d, "You chose to play ") {
		t.Errorf("the decision beside the trick reads %q", d)
	}

	for _, width := range phoneWidths {
		g.resize(width, 844)
		if w := sideways(p); w != "" {
			p.screenshot(fmt.Sprintf("review-sideways-%d", width), true)
			t.Errorf("at %dpx the review scrolls sideways: %s", width, w)
		}
		for _, sel := range []string{"#review-trick", "#review-decision", "#review-table"} {
			if b := g.box(sel); b.Left < 0 || b.Right > float64(width)+.5 {
				t.Errorf("at %dpx %s runs from %.0f to %.0f px: off the screen's width", width, sel, b.Left, b.Right)
			}
		}
		if o := overlap(p, "#review-decision", "#review-trick", ".review-hand", "#review-last"); o != "" {
			t.Errorf("at %dpx the decision covers %s", width, o)
		}
		if o := overlap(p, "#review-trick", ".review-hand", "#review-last"); o != "" {
			t.Errorf("at %dpx the trick covers %s", width, o)
		}
		if width == 390 {
			p.screenshot("review-table-phone", false)
		}
	}

	g.resize(1280, 800)
	if w := sideways(p); w != "" {
		t.Errorf("at 1280px the review scrolls sideways: %s", w)
	}
	table, list := g.box("#review-table"), g.box("#review-aside")
	if list.Left < table.Right || list.Top >= table.Bottom || table.Top >= list.Bottom || list.Right > 1280 {
		t.Errorf("at 1280×800 the table (%v) and the list (%v) are not side by side", table, list)
	}
	if o := overlap(p, "#review-decision", "#review-trick", ".review-hand"); o != "" {
		t.Errorf("at 1280px the decision covers %s", o)
	}
	p.screenshot("review-table-wide", false)
}

// currentInView says whether the list's entry for the decision shown is in
// view: inside the list's box as scrolled, and on the screen.
const currentInView = `(() => {
	const li = document.querySelector('#review-decisions > li[aria-current], .review-by > li[aria-current]');
	const box = document.querySelector('#review-aside');
	if (!li || !box) return false;
	const r = li.getBoundingClientRect(), b = box.getBoundingClientRect();
	return r.top >= b.top - 1 && r.bottom <= b.bottom + 1 && r.top >= -1 && r.top < innerHeight;
})()`

// TestReviewListScrollsToTheChoice: a decision chosen with the arrow
// keys, the Next and Previous buttons or a link to it is the list's entry
// marked current, brought into view in the list's box — beside the table
// on a wide screen; under it on a phone, where the page itself stays on
// the table.
func TestReviewListScrollsToTheChoice(t *testing.T) {
	g := openReviewedGame(t, 1280, 800)
	p := g.p
	if !eval[bool](p, `(() => { const b = document.querySelector('#review-aside'); return b.scrollHeight > b.clientHeight; })()`) {
		t.Fatal("the list fits its box: nothing to scroll")
	}
	at := func(i int) string {
		return `document.querySelector('#review-decisions > li[aria-current], .review-by > li[aria-current]')?.dataset.index === '` + itoa(i) + `'`
	}
	for i := 1; i <= 30; i++ {
		p.keys(kb.ArrowRight)
		p.until("decision "+itoa(i), at(i), 5*time.Second)
	}
	if !eval[bool](p, currentInView) {
		t.Fatalf("after 30 steps with the arrow key the chosen decision is out of the list's view")
	}
	p.click("#review-next")
	p.until("decision 31", at(31), 5*time.Second)
	if !eval[bool](p, currentInView) {
		t.Fatalf("the decision chosen with Next is out of the list's view")
	}
	last := len(g.mine) - 1
	g.open("#d" + itoa(last))
	p.until("the last decision", at(last), 5*time.Second)
	if !eval[bool](p, currentInView) {
		t.Fatalf("the decision a link names is out of the list's view")
	}
	p.click("#review-prev")
	p.until("the one before", at(last-1), 5*time.Second)
	if !eval[bool](p, currentInView) {
		t.Fatalf("the decision chosen with Previous is out of the list's view")
	}

	// On a phone the list is under the table, in a box of its own: the
	// box scrolls to the choice, the page stays on the table.
	g.resize(390, 844)
	g.open("")
	eval[bool](p, `(scrollTo(0, 0), true)`)
	for i := 1; i <= 25; i++ {
		p.keys(kb.ArrowRight)
		p.until("decision "+itoa(i), at(i), 5*time.Second)
	}
	if y := eval[float64](p, `scrollY`); y != 0 {
		t.Errorf("choosing a decision scrolled the page %.0f px away from the table", y)
	}
	if !eval[bool](p, `(() => {
		const li = document.querySelector('#review-decisions > li[aria-current]');
		const b = document.querySelector('#review-aside');
		const r = li.getBoundingClientRect(), q = b.getBoundingClientRect();
		return b.scrollTop > 0 && r.top >= q.top - 1 && r.bottom <= q.bottom + 1;
	})()`) {
		t.Errorf("on a phone the list's box did not scroll to the chosen decision")
	}
}

// TestReviewOffersOnlyTheSeatsOwnDecisions: the list and the decision
// beside the table are the reviewed player's own decisions — as many as
// the record has for the seat, its pirate abilities only those it won —
// and another seat's ability choice shows only as what became of it, in
// the sentence of the trick its win gave, never as a choice on offer.
func TestReviewOffersOnlyTheSeatsOwnDecisions(t *testing.T) {
	g := openReviewedGame(t, 1280, 800)
	p := g.p
	abilities := 0
	for _, a := range g.mine {
		switch a.Kind {
		case skullking.ActionRosie, skullking.ActionBendt, skullking.ActionDiscard, skullking.ActionWager, skullking.ActionHarry:
			abilities++
		}
	}
	items := eval[[]string](p, `[...document.querySelectorAll('#review-decisions > li, .review-by > li')].map((li) => li.textContent)`)
	if len(items) != len(g.mine) {
		t.Fatalf("the list offers %d decisions; Ann made %d", len(items), len(g.mine))
	}
	after := 0
	for _, it := range items {
		if strings.Contains(it, ", after trick ") {
			after++
		}
		_, says, _ := strings.Cut(it, ": ")
		if !strings.HasPrefix(says, "You ") && !strings.HasPrefix(says, "A bot standing in for you ") && !strings.HasPrefix(says, "When the time ran out, the game ") {
			t.Errorf("the list offers a decision that is not Ann's: %q", it)
		}
	}
	if after != abilities {
		t.Errorf("the list has %d ability decisions; Ann decided %d", after, abilities)
	}

	// Every moment of Ann's review: the trick's sentences say what became
	// of the others' abilities, and offer nothing.
	offer := []string{" may change ", " may wager ", " may draw ", "who leads next"}
	shown := map[string]bool{}
	for i := range g.mine {
		if i > 0 {
			p.keys(kb.ArrowRight)
			p.until("the next decision", `document.querySelector('#step-h').textContent.endsWith('(`+itoa(i+1)+` of `+itoa(len(g.mine))+`)')`, 5*time.Second)
		}
		said := eval[[]string](p, `[...document.querySelectorAll('#review-outcome, #review-last, #review-decision')].map((e) => e.id + ': ' + e.textContent)`)
		for _, s := range said {
			for _, o := range offer {
				if strings.Contains(s, o) {
					t.Errorf("decision %d offers a choice: %q", i, s)
				}
			}
			for _, name := range []string{"Ben", "Cat", "Dan"} {
				for _, pirate := range []string{"Harry the Giant", "Rascal of Roatan", "Bendt the Bandit", "Rosie D'Laney"} {
					if strings.Contains(s, name+" ") && strings.Contains(s, "with "+pirate) {
						shown[pirate] = true
					}
				}
			}
			if strings.HasPrefix(s, "review-decision: ") && !strings.Contains(s, "You ") && !strings.Contains(s, " for you ") && !strings.Contains(s, "the game chose") {
				t.Errorf("decision %d beside the table is not Ann's: %q", i, s)
			}
		}
	}
	if len(shown) < 2 {
		t.Errorf("the others' abilities are shown as what became of them for %v only, want two or more", shown)
	}
}

// TestReviewSaysWhatTheServerWords: the page chooses no sentence of the
// review itself: the summary, the headings and every decision read as the
// server tells them to this reader (GET …/review?you=0), worded as the Go
// renderer words them, Ann's own and the ones a stand-in bot and the
// timer made for her, listed apart under who made them; another seat's
// review, picked, reads as the server tells it to Ann; and so in French
// and Korean.
func TestReviewSaysWhatTheServerWords(t *testing.T) {
	g := openReviewedGame(t, 390, 844)
	p := g.p
	var rs []review.Review
	if err := json.Unmarshal([]byte(eval[string](p, `fetch('/api/tables/`+g.id+`/review?you=0').then((r) => r.text())`)), &rs); err != nil {
		t.Fatal(err)
	}
	w, err := review.WordsFor(g.rec, 0)
	if err != nil {
		t.Fatal(err)
	}
	worded := func(who string, r review.Review) review.Text {
		t.Helper()
		if r.Said == nil {
			t.Fatalf("the server sends %s's review without what it says", who)
		}
		return r.Said.In(w)
	}
	check := func(who string, r review.Review) {
		t.Helper()
		x := worded(who, r)
		sep := ": "
		if w.Lang != nil {
			sep = w.Lang.T("review.where.separator", nil)
		}
		if got := eval[string](p, `document.querySelector('#review-total').textContent`); got != x.Summary {
			t.Errorf("%s: the page sums up %q, the server %q", who, got, x.Summary)
		}
		var want []string
		for _, s := range append([]review.Section{x.Costliest, x.Every}, x.Apart...) {
			if len(s.Items) == 0 {
				want = append(want, s.Heading+" | "+s.Empty)
				continue
			}
			for _, it := range s.Items {
				want = append(want, s.Heading+" | "+it.Where+sep+it.Says)
			}
		}
		got := eval[[]string](p, `[...document.querySelectorAll('#review-aside h2')].flatMap((h) => {
			const l = h.nextElementSibling;
			return l.tagName === 'OL' ? [...l.children].map((li) => h.textContent + ' | ' + li.textContent) : [h.textContent + ' | ' + l.textContent];
		})`)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: the page says\n%s\n\nthe server words\n%s", who, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		i := eval[int](p, `Number(document.querySelector('#review-aside .decision-item[aria-current]').dataset.index)`)
		all := x.Every.Items
		for _, a := range x.Apart {
			all = slices.Concat(all, a.Items)
		}
		for _, it := range all {
			if it.Decision == i {
				if got := eval[string](p, `document.querySelector('#review-decision .did > span').textContent`); got != it.Did+"." {
					t.Errorf("%s: the decision beside the table reads %q, the server %q", who, got, it.Did+".")
				}
			}
		}
	}
	check("Ann", rs[0])
	if x := worded("Ann", rs[0]); len(x.Apart) != 2 || x.Apart[0].Heading != "Played for you while away" || x.Apart[1].Heading != "By the timer" {
		t.Fatalf("the decisions made for Ann are not apart: %+v", x.Apart)
	}
	p.do("pick Ben's seat", selectValue("#review-seat", "1"))
	p.until("Ben's review", `document.querySelector('#review-total').textContent.startsWith("Ben's decisions")`, 5*time.Second)
	check("Ben", rs[1])

	// In another language the page words what the server tells as the Go
	// renderer does in it: the same sentences, numbers and cards.
	for _, code := range []string{"fr", "ko"} {
		eval[bool](p, `(localStorage.setItem('sk.lang', '`+code+`'), true)`)
		g.open("")
		w.Lang = locale.For(code)
		check(code+": Ann", rs[0])
	}
}
