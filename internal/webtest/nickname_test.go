package webtest

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// pirateJack is the nickname of TestEmojiNickname: the pirate flag, a ZWJ
// sequence of four code points (five UTF-16 code units), and a word.
const pirateJack = "\U0001F3F4\u200d\u2620\ufe0f Jack"

// TestEmojiNickname: the nickname field counts characters as the server
// does (max_name of GET /api), never holding half an emoji, and a player
// named "🏴‍☠️ Jack" creates a table against bots, plays a game of two
// rounds to the end and finds the name whole wherever the page shows it.
func TestEmojiNickname(t *testing.T) {
	s := startSite(t)
	p := newPage(t, "Jack", 1280, 900)
	p.nav(s.Base + "/")
	p.waitVisible("#create")

	// An emoji keyboard sends the whole sequence at once. Past the limit,
	// the field keeps whole characters: 23 letters and the flag, where a
	// maxlength of 24 would have kept 23 letters and half of the flag.
	pirate := strings.TrimSuffix(pirateJack, " Jack")
	p.do("type 23 letters, a flag and a letter", insertText("#nick", strings.Repeat("a", 23)+pirate+"b"))
	p.until("the field cut to 24 characters", `document.querySelector('#nick').value === `+quote(strings.Repeat("a", 23)+pirate), 5*time.Second)
	p.do("type 25 flags", insertText("#nick", strings.Repeat("🇫🇷", 25)))
	p.until("the field cut to 24 flags", `document.querySelector('#nick').value === `+quote(strings.Repeat("🇫🇷", 24)), 5*time.Second)

	p.do("type the name", insertText("#nick", pirateJack))
	p.do("2 rounds", clearAndType("#opt-rounds", "2"))
	p.click(`#create button[type=submit]`)
	p.waitVisible("#start")
	if me := eval[string](p, `document.querySelector('#lobby-seats li').textContent`); !strings.Contains(me, pirateJack+" (you)") {
		t.Fatalf("seat 1 reads %q, want %q", me, pirateJack+" (you)")
	}
	p.click("#start")
	p.waitVisible("#round-info")
	nameWhole(t, p, "the table", 1)
	p.playUntil(`document.querySelector('#game-over')`, 2*time.Minute)
	p.do("scroll to the chart", scrollTo("#game-over svg.chart"))
	p.screenshot("emoji-nickname", false)
	if !eval[bool](p, `[...document.querySelectorAll('#game-over svg.chart text')].some((e) => e.textContent.startsWith(`+quote(pirateJack+" ")+`))`) {
		t.Errorf("the chart labels no line %q", pirateJack)
	}
	nameWhole(t, p, "the final screen", 3)
}

// nameWhole checks the page's text where it shows pirateJack: the name is
// there at least want times, and no text holds a piece of it — a flag
// without its skull, a joiner or a skull alone, half of a surrogate pair.
func nameWhole(t *testing.T, p *page, where string, want int) {
	t.Helper()
	var got struct {
		Whole int      `json:"whole"`
		Bad   []string `json:"bad"`
	}
	js := `(() => {
		const name = ` + quote(pirateJack) + `;
		const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		const out = { whole: 0, bad: [] };
		for (let n; (n = walk.nextNode());) {
			const text = n.textContent;
			if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)) out.bad.push(text);
			else if (text.includes(name)) out.whole += text.split(name).length - 1;
			else if (/\u{1F3F4}|\u200d|\u2620/u.test(text)) out.bad.push(text);
		}
		return JSON.stringify(out);
	})()`
	if err := json.Unmarshal([]byte(eval[string](p, js)), &got); err != nil {
		t.Fatal(err)
	}
	if got.Whole < want || len(got.Bad) > 0 {
		t.Errorf("%s shows %q whole %d times (want %d or more), and pieces of it in %q\n%s", where, pirateJack, got.Whole, want, got.Bad, p.snapshot())
	}
}

// insertText replaces an input's text as an input method or an emoji
// keyboard does: the whole text in one input event.
func insertText(sel, text string) chromedp.Action[chromedp.Void] {
	q, _ := json.Marshal(sel)
	return chromedp.Steps(
		chromedp.WaitVisible(chromedp.CSS(sel)),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`(() => { const e = document.querySelector(`+string(q)+`); e.value = ''; e.focus(); return true; })()`)(ctx, t)
			return err
		}),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: text})
			return err
		}),
	)
}
