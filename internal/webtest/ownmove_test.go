package webtest

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// recorderJS runs in the page before its own scripts. It keeps, on the
// page's own clock (performance.now), what a test of pacing must time:
// the server's error frames and the actions the page sends on the table's
// WebSocket; when each completed trick's sentence came onto the table and
// when it went; when each card left the hand, with what the page showed at
// that moment; and when each card of the hand was clicked. Times taken
// here are the page's, so a slow test process cannot blur them.
const recorderJS = `(() => {
	const rec = window.__rec = { errors: [], acts: [], came: {}, went: {}, left: {}, clicks: [] };
	const WS = window.WebSocket;
	window.WebSocket = class extends WS {
		constructor(...args) {
			super(...args);
			this.addEventListener('message', (e) => {
				let m;
				try { m = JSON.parse(e.data); } catch (err) { return; }
				if (m.type === 'error') rec.errors.push(m.code + ': ' + m.message);
			});
		}
		send(data) {
			try {
				const m = JSON.parse(data);
				if (m.type === 'act') rec.acts.push({ t: performance.now(), action: m.action });
			} catch (err) { /* not a message this test counts */ }
			return super.send(data);
		}
	};
	let trick = '';
	let hand = new Set();
	const look = () => {
		const now = performance.now();
		const o = document.querySelector('#outcome');
		const key = o ? o.dataset.trick : '';
		if (key !== trick) {
			if (trick && !(trick in rec.went)) rec.went[trick] = now;
			if (key && !(key in rec.came)) rec.came[key] = now;
			trick = key;
		}
		const cards = new Set([...document.querySelectorAll('.hand .card')].map((c) => c.dataset.key));
		for (const k of hand) {
			if (cards.has(k)) continue;
			rec.left[k] = { t: now, trick: key, myturn: !!document.querySelector('.hand.myturn'),
				pausing: !!document.querySelector('#skip-pause'), turnline: (document.querySelector('#turnline') || {}).textContent || '' };
		}
		hand = cards;
	};
	document.addEventListener('DOMContentLoaded', () => {
		new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-trick'] });
	});
	document.addEventListener('click', (e) => {
		const c = e.target.closest && e.target.closest('.hand .card');
		if (c) rec.clicks.push({ t: performance.now(), key: c.dataset.key });
	}, true);
})()`

// leadStepJS says what the page offers its player now: "lead" when the
// player has just won a trick (not a round's last) and leads the next —
// the moment this file's tests are about — else the element to click (a
// bid, the strongest playable card, Continue), "wait" or "over".
const leadStepJS = `(() => {
	if (document.querySelector('#game-over')) return 'over';
	const outcome = document.querySelector('#outcome');
	const caption = (document.querySelector('#last-caption') || {}).textContent || '';
	if (document.querySelector('.hand.myturn') && outcome && /^Trick /.test(caption) && /^Your /.test(outcome.textContent)) return 'lead';
	if (document.querySelector('#skip-pause')) return 'click:#skip-pause';
	if (document.querySelector('#tigress')) return 'click:[data-key="tig-pirate"]';
	const confirm = document.querySelector('#bid-confirm');
	if (confirm) return confirm.disabled ? 'click:[data-key="bid-1"]' : 'click:#bid-confirm';
	const cards = [...document.querySelectorAll('.hand.myturn .card[aria-disabled="false"]')];
	if (!cards.length) return 'wait';
	return 'click:[data-key="' + strongest(cards).dataset.key + '"]';
})()`

// strongestJS picks the card most likely to win a trick, by card number
// (docs/protocol.md §8): the Skull King, a Pirate, a Mermaid, a high black,
// a high number; the Tigress last, since she asks how she is played.
const strongestJS = `const strongest = (cards) => {
	const rank = (c) => {
		const n = Number(c.dataset.card);
		if (n === 62) return 100;
		if (n >= 56 && n <= 60) return 90;
		if (n === 63 || n === 64) return 80;
		if (n >= 42 && n <= 55) return 40 + n - 42;
		if (n < 42) return n % 14;
		return n === 61 ? -2 : -1;
	};
	return cards.reduce((a, b) => (rank(b) > rank(a) ? b : a));
};`

// ownLead is what the recorder saw of one lead played in a trick's pause.
type ownLead struct {
	Trick   string  // the completed trick on the table, round.number
	Came    float64 // when its sentence came onto the table
	Click   float64 // when the player clicked the card to lead
	Card    string  // the card's data-key
	Label   string  // the card's name, as the trick shows it
	Left    float64 // when the card left the hand
	Showing string  // the completed trick on the table then
	MyTurn  bool    // the hand still said it was the player's turn
	Pausing bool    // the pause's Continue was on the table
	Line    string  // the turn line then
	Acts    int     // the actions the page sent since the trick came
	Errors  []string
}

// TestOwnLeadShowsThroughThePause wins a trick in a two-player game and
// leads the next one at once, inside the pause that keeps the completed
// trick on the table — the standard 1.5 s, and "until I continue". The
// card leaves the hand as soon as the server has taken it, long before the
// pause ends, and the page no longer says it is the player's turn; a
// second card clicked while the pause runs is not sent, so the server
// refuses nothing; and the completed trick stays on the table for its
// whole pause all the same, the led card joining the table after it.
func TestOwnLeadShowsThroughThePause(t *testing.T) {
	s := startSeeded(t, 7)
	for _, tc := range []struct {
		name  string
		pause string  // sk.pause; "" is the standard pause
		ms    float64 // how long the pause holds the trick; 0 until the player continues
	}{
		{"standard pause", "", 1500},
		{"until I continue", "wait", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, seat := sitAtTwoPlayerTable(t, s, tc.pause)
			lead := leadInThePause(t, p)
			t.Logf("trick %s on the table at %.0f ms; lead clicked %.0f ms later, left the hand %.0f ms after the click",
				lead.Trick, lead.Came, lead.Click-lead.Came, lead.Left-lead.Click)

			// The click came inside the pause, or this test tests nothing.
			if tc.ms > 0 && lead.Click-lead.Came > tc.ms-500 {
				t.Fatalf("the lead was clicked %.0f ms into a pause of %.0f ms: too late to test it", lead.Click-lead.Came, tc.ms)
			}
			// The card left at once: within a round trip, far below the
			// pause, and while the completed trick was still on the table.
			if d := lead.Left - lead.Click; d > 500 {
				t.Errorf("the card left the hand %.0f ms after the click", d)
			}
			if tc.ms > 0 && lead.Left >= lead.Came+tc.ms {
				t.Errorf("the card left the hand %.0f ms after trick %s came, once its pause of %.0f ms was over", lead.Left-lead.Came, lead.Trick, tc.ms)
			}
			if lead.Showing != lead.Trick || !lead.Pausing {
				t.Errorf("when the card left the hand the table showed trick %q (pause running: %v), want %s in its pause", lead.Showing, lead.Pausing, lead.Trick)
			}
			if lead.MyTurn || strings.HasPrefix(lead.Line, "Your turn") {
				t.Errorf("with the card played the hand says it is the player's turn (%v), the turn line %q", lead.MyTurn, lead.Line)
			}
			// One decision, one action: the second card clicked during the
			// pause was not sent, and the server refused nothing.
			if lead.Acts != 1 || len(lead.Errors) > 0 {
				t.Errorf("the page sent %d actions for one lead; the server refused %d: %v", lead.Acts, len(lead.Errors), lead.Errors)
			}

			if tc.ms > 0 {
				// The completed trick stays its whole pause all the same.
				p.until("the pause over", `__rec.went[`+quote(lead.Trick)+`] !== undefined`, 5*time.Second)
				if held := eval[float64](p, `__rec.went[`+quote(lead.Trick)+`]`) - lead.Came; held < tc.ms-100 {
					t.Errorf("trick %s stayed on the table %.0f ms, want its pause of %.0f ms", lead.Trick, held, tc.ms)
				}
			} else {
				// Until the player continues: the trick is still there; the
				// player ends the pause.
				if got := eval[string](p, `(document.querySelector('#outcome') || {dataset: {}}).dataset.trick || ''`); got != lead.Trick {
					t.Errorf("the pause until the player continues let trick %s go (now %q)", lead.Trick, got)
				}
				p.keys("n")
			}
			// Then the led card is on the table, in the player's place.
			p.until("the led card on the table", `[...document.querySelectorAll('#trick li[data-seat="`+strconv.Itoa(seat)+`"] .card')].some((c) => c.getAttribute('aria-label') === `+quote(lead.Label)+`)`, 5*time.Second)
			if errs := eval[[]string](p, `__rec.errors`); len(errs) > 0 {
				t.Errorf("the server refused: %v", errs)
			}
		})
	}
}

// sitAtTwoPlayerTable opens a two-player table — the player and a bot,
// with Graybeard — of two rounds of six cards, with the recorder in the
// page and the pause after each trick set (as the pace menu keeps it), and
// starts the game. It returns the page and the player's seat.
func sitAtTwoPlayerTable(t *testing.T, s *testserver.Server, pause string) (*page, int) {
	t.Helper()
	st := testserver.Settings(0)
	st.Options.ScheduleCards = []int{6, 6}
	created := s.Create("Ann", []protocol.SeatSpec{testserver.Open, testserver.Bot("random")}, st)
	p := newPage(t, "Ann", 1280, 900)
	p.do("install the recorder", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: recorderJS})
		return err
	}))
	p.nav(s.Base + "/")
	eval[bool](p, `(localStorage.setItem('sk.pause', `+quote(pause)+`), localStorage.setItem('sk.seat.`+created.ID+`',
		JSON.stringify({seat: `+strconv.Itoa(created.Seat)+`, token: `+quote(created.Token)+`})), true)`)
	p.nav(s.Base + "/t/" + created.ID)
	p.click("#start")
	p.waitVisible("#round-info")
	return p, created.Seat
}

// leadInThePause plays until the player has won a trick and leads the next,
// then leads at once with the strongest card and, as an impatient player
// would, clicks another card right after; it returns what the recorder saw.
func leadInThePause(t *testing.T, p *page) ownLead {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		step := eval[string](p, `(() => { `+strongestJS+` return `+leadStepJS+`; })()`)
		switch {
		case step == "lead":
			return leadNow(t, p)
		case step == "over":
			t.Fatalf("the game ended without the player winning a trick and leading the next\n%s", p.snapshot())
		case strings.HasPrefix(step, "click:"):
			if err := p.tryClick(step[len("click:"):]); err == nil {
				// The answer redraws the page: read the next step from it.
				p.until("the answer", `!document.body.hasAttribute('data-busy')`, 10*time.Second)
			}
		default:
			p.until("something to do", `document.querySelector('.hand.myturn, #bid-confirm, #skip-pause, #game-over, #tigress')`, 10*time.Second)
		}
		if time.Now().After(deadline) {
			t.Fatalf("no trick won and led within 90 s\n%s", p.snapshot())
		}
	}
}

// leadNow leads with the strongest card of the hand, clicks a second card
// at once, and waits — a bounded time, far below any pause — for the led
// card to leave the hand. What it needs to click is read in one go, so
// that the click comes as soon after the trick as a quick player's.
func leadNow(t *testing.T, p *page) ownLead {
	t.Helper()
	var pick struct {
		Trick, Lead, Label, Other string
		Came                      float64
		Clicks                    int
		XY, OtherXY               []float64
	}
	js := `(() => { ` + strongestJS + `
		const at = (e) => { e.scrollIntoView({block: 'nearest'}); const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
		const cards = [...document.querySelectorAll('.hand.myturn .card[aria-disabled="false"]')];
		const plain = cards.filter((c) => c.dataset.card !== '61');
		const lead = strongest(plain.length ? plain : cards);
		const other = [...document.querySelectorAll('.hand .card')].find((c) => c !== lead);
		const trick = document.querySelector('#outcome').dataset.trick;
		return JSON.stringify({ trick, came: __rec.came[trick], clicks: __rec.clicks.length,
			lead: lead.dataset.key, label: lead.getAttribute('aria-label').replace(/, playable$/, ''), xy: at(lead),
			other: other ? other.dataset.key : '', otherXY: other ? at(other) : [] });
	})()`
	if err := json.Unmarshal([]byte(eval[string](p, js)), &pick); err != nil {
		t.Fatal(err)
	}
	p.do("lead with "+pick.Lead, chromedp.MouseClickXY(pick.XY[0], pick.XY[1]))
	if pick.Other != "" {
		// A second card at once, while the first is on its way.
		p.do("click "+pick.Other, chromedp.MouseClickXY(pick.OtherXY[0], pick.OtherXY[1]))
	}
	lead := ownLead{Trick: pick.Trick, Came: pick.Came, Card: pick.Lead, Label: pick.Label}
	lead.Click = eval[float64](p, fmt.Sprintf(`__rec.clicks[%d].t`, pick.Clicks))
	p.until("the led card off the hand", fmt.Sprintf(`(__rec.left[%s] || {t: 0}).t > %f`, quote(lead.Card), lead.Click), 1200*time.Millisecond)
	if pick.Other != "" {
		// And again once the lead is taken, as a player who did not see
		// the first card go would.
		_ = p.tryClick(`[data-key="` + pick.Other + `"]`)
	}
	var left struct {
		T        float64
		Trick    string
		MyTurn   bool
		Pausing  bool
		Turnline string
	}
	if err := json.Unmarshal([]byte(eval[string](p, `JSON.stringify(__rec.left[`+quote(lead.Card)+`])`)), &left); err != nil {
		t.Fatal(err)
	}
	lead.Left, lead.Showing, lead.MyTurn, lead.Pausing, lead.Line = left.T, left.Trick, left.MyTurn, left.Pausing, left.Turnline
	// The actions since the trick came: the player's only decision since
	// is this lead (a click's own time, taken by a listener, may come
	// after the action it sent).
	lead.Acts = eval[int](p, fmt.Sprintf(`__rec.acts.filter((a) => a.t >= %f).length`, lead.Came))
	lead.Errors = eval[[]string](p, `__rec.errors`)
	return lead
}
