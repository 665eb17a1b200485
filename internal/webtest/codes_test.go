package webtest

import (
	"strings"
	"testing"
	"time"
)

// watchTextsJS watches everything the page gives its player to read — the
// visible text, the tab's title, what screen readers are told, every title
// and accessible name — at every change, and keeps what no player should
// read: an engine code of a card or a Pirate (from the server's catalogue),
// and the table waiting on the player by their own name.
const watchTextsJS = `(async (me) => {
	const cards = await (await fetch('/api/cards')).json();
	const codes = new Set();
	for (const c of cards) { codes.add(c.code); codes.add(c.named_code); }
	const code = new RegExp('\\b(' + [...codes].map((c) => c.replace(/[^A-Za-z0-9]/g, '\\$&')).join('|') + ')\\b');
	const self = new RegExp('waiting for ([^.…]*, |[^.…]* and )?' + me + '\\b|\\b' + me + ' is (playing|deciding)|\\b' + me + "'s turn");
	window.__bad = [];
	window.__scans = 0;
	const keep = (what, text, m) => {
		if (window.__bad.length < 20) window.__bad.push(what + ' «' + m[0] + '» in: ' + text.slice(Math.max(0, m.index - 60), m.index + 60));
	};
	const scan = () => {
		window.__scans++;
		const texts = [document.body.innerText, document.title, document.getElementById('live').textContent,
			document.getElementById('alert').textContent];
		for (const e of document.querySelectorAll('[title], [aria-label]')) texts.push(e.getAttribute('title') || '', e.getAttribute('aria-label') || '');
		for (const t of texts) {
			let m = t.match(code);
			if (m) keep('a code', t, m);
			m = t.match(self);
			if (m) keep('the player by name', t, m);
		}
	};
	// Changes come in bursts (a redraw is many): one reading per burst.
	let due = false;
	const soon = () => { if (!due) { due = true; setTimeout(() => { due = false; scan(); }, 0); } };
	new MutationObserver(soon).observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
	scan();
	return true;
})`

// TestNoEngineCodeMeetsTheEye plays a whole game with every module, pirate
// abilities and Rascal's scoring with cannon loads on — the page playing
// its seat, quick bots the others, no pause after tricks — and reads every
// text the page shows at every change, the expert's hint and the score
// sheet included: no card or Pirate is ever written as the engine's code
// ("B11", "HARRY"), and the table never waits on its player by name.
func TestNoEngineCodeMeetsTheEye(t *testing.T) {
	s := startSite(t)
	p := newPage(t, "Ann", 1280, 900)
	p.random = true
	p.nav(s.Base + "/")
	p.waitVisible("#create")
	eval[bool](p, `(localStorage.setItem('sk.pause', 'off'), true)`)
	eval[bool](p, watchTextsJS+`('Ann')`)
	// The watch sees what it is for: a code in the tab's title, and the
	// player waited on by name in the text.
	eval[bool](p, `(() => { const t = document.title; document.title = 'play HARRY'; setTimeout(() => { document.title = t; }, 50);
		const e = document.createElement('p'); e.textContent = 'Bidding — waiting for Ben and Ann…'; document.body.append(e);
		setTimeout(() => e.remove(), 50); return true; })()`)
	caught := `window.__bad.map((b) => b.split(' «')[0]).join(', ')`
	p.until("the watch catching both", `((s) => s.includes('a code') && s.includes('the player by name'))(`+caught+`)`, 5*time.Second)
	// The planted texts leave before the watch starts over, or a scan in
	// between would catch them again and fail the game.
	p.until("the planted texts gone", `document.title !== 'play HARRY' &&
		![...document.querySelectorAll('body > p')].some((e) => e.textContent === 'Bidding — waiting for Ben and Ann…')`, 5*time.Second)
	eval[bool](p, `(window.__bad = [], true)`)
	p.do("type a nickname", clearAndType("#nick", "Ann"))
	for i := 2; i <= 4; i++ {
		p.do("a quick bot", selectValue(`#seat-list select[aria-label="Seat `+itoa(i)+`"]`, "bot:random"))
	}
	p.do("five rounds of five", selectValue("#opt-schedule", "swift-n-salty"))
	p.do("Rascal's scoring", selectValue("#opt-scoring", "rascal"))
	for _, key := range append([]string{"cannon_load"}, everyModule()...) {
		p.click("#opt-" + key)
	}
	p.click(`#create button[type=submit]`)
	p.waitVisible("#start")
	p.click("#start")
	p.waitVisible("#round-info")
	p.playUntil(`/Round [3-9]/.test(document.querySelector('#round-info')?.textContent) && document.querySelector('.hand.myturn')`, time.Minute)
	p.keys("h")
	p.until("the hint", `/^Hint: \S/.test(document.querySelector('#toast:not([hidden])')?.textContent || '')`, 20*time.Second)
	p.playUntil("", 2*time.Minute)
	p.keys("s")
	p.until("the score sheet", `document.querySelector('#sheet-dialog[open] #score-sheet')`, 15*time.Second)
	if n := eval[int](p, `window.__scans`); n < 50 {
		t.Fatalf("the page's texts were read only %d times over a game", n)
	}
	t.Logf("the page's texts were read %d times", eval[int](p, `window.__scans`))
	if bad := eval[[]string](p, `window.__bad`); len(bad) > 0 {
		t.Fatalf("the page wrote:\n%s", strings.Join(bad, "\n"))
	}
}
