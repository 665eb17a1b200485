package webtest

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chartProblems says, in JavaScript, what makes the score chart hard to
// read once the page has laid it out for the screen (two frames on, after
// any resize is observed): a word shown smaller than 11 CSS px (its font
// size in the drawing's units times the scale the drawing is shown at), a
// word cut off at the chart's edge, or two words over each other. Empty
// when there is nothing.
const chartProblems = `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done((() => {
	const svg = document.querySelector('#score-chart');
	if (!svg) return 'no chart';
	const box = svg.getBoundingClientRect(), scale = svg.getScreenCTM().a;
	const out = [];
	const words = [...svg.querySelectorAll('text')];
	if (!words.length) return 'no words in the chart';
	for (const t of words) {
		const px = parseFloat(getComputedStyle(t).fontSize) * scale;
		if (px < 11) out.push('"' + t.textContent + '" at ' + px.toFixed(1) + 'px');
		const r = t.getBoundingClientRect();
		if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) out.push('"' + t.textContent + '" cut off');
	}
	const rects = words.map((t) => t.getBoundingClientRect());
	for (let i = 0; i < words.length; i++) for (let j = i + 1; j < words.length; j++) {
		const a = rects[i], b = rects[j];
		if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) out.push('"' + words[i].textContent + '" covers "' + words[j].textContent + '"');
	}
	return out.join('; ');
})()))))`

// TestScoreKeeperChartReadsOnAPhone: on phones 360 to 414 px wide the score
// chart's words (axis values, rounds, the players' end labels, long names
// too) show at 11 CSS px or more, none is cut off or covers another (the
// end labels of equal totals included), and nothing scrolls sideways (issue 25,
// item 8: the chart was drawn at about 6 px on a 390 px phone).
func TestScoreKeeperChartReadsOnAPhone(t *testing.T) {
	base := startKeeperSite(t)
	p := newPage(t, "phone", 390, 844)
	p.nav(base + "/sheet")
	playGame(p, keeperGame{title: "Friday", players: []string{"Annabelle", "Bartholomew", "Cat"}, rounds: 3,
		bids: [][]int{{1, 0, 0}, {1, 1, 0}, {0, 2, 1}}, won: [][]int{{1, 0, 0}, {1, 1, 0}, {0, 2, 1}}})
	p.click("#tab-totals")
	p.waitVisible("#score-chart")
	for _, width := range phoneWidths {
		p.do("resize", chromedp.EmulateViewport(width, 844))
		p.until("the new width", fmt.Sprintf(`innerWidth === %d`, width), 5*time.Second)
		if got := eval[string](p, chartProblems); got != "" {
			t.Errorf("at %d px the chart is hard to read: %s", width, got)
		}
		if w := sideways(p); w != "" {
			t.Errorf("at %d px the page is %s", width, w)
		}
	}
	p.do("resize", chromedp.EmulateViewport(390, 844))
	p.until("the width of the phone again", `innerWidth === 390`, 5*time.Second)
	if got := eval[string](p, chartProblems); got != "" {
		t.Errorf("back at 390 px the chart is hard to read: %s", got)
	}
	eval[bool](p, `(document.querySelector('#score-chart').scrollIntoView({block: 'center'}), true)`)
	p.screenshot("scorekeeper-chart-390", false)
}
