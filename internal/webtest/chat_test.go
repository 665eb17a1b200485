package webtest

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/skullking-go/skullking/client"
	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/protocol"
)

// socketsJS keeps every WebSocket the page opens in window.__sockets, so
// that a test can drop the table's connection as a flaky network would.
const socketsJS = `window.__sockets = [];
window.WebSocket = class extends WebSocket {
  constructor(...args) { super(...args); window.__sockets.push(this); }
};`

// TestChatWhileAway: Ben, on a phone, leaves the table's page while Ann
// chats; back at the table he reads what she said, and the unread mark is
// on his screen though the chat is at the foot of the page. A dropped
// connection, welcomed again with the same lines, shows none of them
// twice.
func TestChatWhileAway(t *testing.T) {
	s := startSite(t)
	// Eight seats: the chat is below the fold of a phone's screen.
	seats := []protocol.SeatSpec{testserver.Open, testserver.Open}
	for range 6 {
		seats = append(seats, testserver.Bot("random"))
	}
	created := s.Create("Ann", seats, testserver.Settings(2))
	id := created.ID
	ben := s.Join(id, "Ben")
	ann, err := s.Client().Dial(testserver.Context(t, 15*time.Second), id, testserver.Quick(client.Options{Token: created.Token}))
	if err != nil {
		t.Fatalf("Ann: dial: %v", err)
	}
	t.Cleanup(func() { ann.Close() })
	if _, err := ann.Request(testserver.Context(t, 15*time.Second), protocol.ClientMsg{Type: protocol.TypeStart}); err != nil {
		t.Fatalf("Ann: start: %v", err)
	}
	say := func(text string) {
		t.Helper()
		ctx := testserver.Context(t, 15*time.Second)
		if err := ann.Chat(ctx, text); err != nil {
			t.Fatalf("Ann's chat: %v", err)
		}
		// Her own line relayed back: the table has kept it.
		for {
			ev, err := ann.Next(ctx)
			if err != nil {
				t.Fatalf("Ann's line %q not relayed: %v", text, err)
			}
			if ev.Msg != nil && ev.Msg.Type == protocol.TypeChat && ev.Msg.Text == text {
				return
			}
		}
	}

	p := newPage(t, "Ben", 390, 844)
	p.do("keep the sockets", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: socketsJS})
		return err
	}))
	p.nav(s.Base + "/")
	eval[bool](p, `(localStorage.setItem('sk.seat.`+id+`', JSON.stringify({seat: `+strconv.Itoa(ben.Seat)+`, token: `+quote(ben.Token)+`})), true)`)
	p.nav(s.Base + "/t/" + id)
	p.waitVisible("#round-info")

	// Away: Ben is back in the lobby while Ann talks.
	p.nav(s.Base + "/")
	p.waitVisible("#create")
	say("Ben, are you there?")
	say("your bid when you are back")
	p.nav(s.Base + "/t/" + id)
	p.waitVisible("#round-info")
	const log = `[...document.querySelectorAll('#chat-log li')].map((li) => li.textContent)`
	p.until("what Ann said while Ben was away", log+`.join('|') === 'Ann: Ben, are you there?|Ann: your bid when you are back'`, 15*time.Second)
	mark := eval[string](p, `(() => {
		const m = document.querySelector('#chat:not([open]) #chat-unread:not([hidden])');
		if (!m) return 'no unread mark';
		const r = m.getBoundingClientRect();
		if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return 'the mark is off the screen at ' + JSON.stringify(r);
		if (!m.contains(document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2))) return 'the mark is covered';
		return m.textContent;
	})()`)
	if mark != "2" {
		p.screenshot("chat-unread-phone", false)
		t.Fatalf("Ben's unread mark on a phone: %s, want 2 in view", mark)
	}

	// The connection drops and comes back: the welcome's history holds
	// the lines shown already, and the log does not repeat them.
	eval[bool](p, `(window.__sockets.at(-1).close(), true)`)
	p.until("a new connection", `window.__sockets.length === 2 && window.__sockets[1].readyState === 1 && document.querySelector('#banner').hidden`, 15*time.Second)
	say("ahoy")
	p.until("the line said after the reconnection", log+`.join('|').endsWith('|Ann: ahoy')`, 15*time.Second)
	if n := eval[int](p, log+`.length`); n != 3 {
		t.Fatalf("after the reconnection the chat shows %d lines, want 3: %s", n, eval[string](p, log+`.join('|')`))
	}

	// A tap on the mark opens the chat and brings it into view.
	p.click("#chat-unread")
	p.until("the chat open and in view", `document.querySelector('#chat[open]') && document.querySelector('#chat-unread').hidden &&
		document.querySelector('#chat-input').getBoundingClientRect().bottom <= innerHeight`, 5*time.Second)
}
