// The table's connection: the WebSocket opened with a seat's token or as a
// spectator, the banner while it is lost, and every message the server
// sends, handed to the part of the page it concerns (the pacing queue for
// states, the chat, the seat picker on a refusal). The player's actions go
// out from here too, one at a time (act), with the hint asked of the
// server's expert.

import { h, announce, toast, capital } from './dom.js';
import { remember } from './api.js';
import { TableConn } from './conn.js';
import { LocalConn } from './local.js';
import { t } from './locale.js';
import { problemText } from './problem.js';

// usable tells whether a state's view has the shape this page draws; a
// view that does not is ignored, never drawn half.
function usable(v) {
  return v && Array.isArray(v.seats) && v.seats.length > 0 && Array.isArray(v.hand) && Array.isArray(v.legal) &&
    Array.isArray(v.trick) && Array.isArray(v.tricks) && Array.isArray(v.results) && Array.isArray(v.winners);
}
// connection gives the table's context (table.js) its link to the server.
export function connection(ctx) {
  const { st, root, id } = ctx;
  function connect(hello) {
    if (st.conn) st.conn.stop();
    st.seq = -1;
    // A new connection's first state is complete: nothing held for the old
    // one is worth drawing.
    st.queue = [];
    st.own = null;
    st.actId = 0;
    clearTimeout(st.holdTimer);
    st.holding = false;
    root.replaceChildren(h('p', { class: 'muted' }, t('table.joining')));
    const Line = ctx.local ? LocalConn : TableConn;
    st.conn = new Line(id, hello, { message: onMessage, status: onStatus });
    st.conn.connect();
  }

  function onStatus(state, wait) {
    const banner = document.getElementById('banner');
    if (state === 'lost') {
      const until = Date.now() + wait;
      banner.hidden = false;
      const tick = () => {
        const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
        banner.replaceChildren(t('table.conn.lost_wait', { Seconds: left }),
          h('button', { type: 'button', onclick: () => st.conn && st.conn.retryNow() }, t('table.conn.retry')));
      };
      tick();
      clearInterval(banner._tick);
      banner._tick = setInterval(tick, 1000);
      announce(t('table.conn.lost'), true);
    } else if (state === 'connecting' && !banner.hidden) {
      clearInterval(banner._tick);
      banner.replaceChildren(t('table.conn.reconnecting'));
    } else if (state === 'open' || state === 'closed') {
      clearInterval(banner._tick);
      if (!banner.hidden && state === 'open') announce(t('table.conn.reconnected'));
      banner.hidden = true;
    }
  }

  function onMessage(m) {
    switch (m.type) {
      case 'welcome':
        st.seat = m.seat;
        st.info = m.table;
        // A report of what the stand-in did stays up until dismissed; a
        // welcome without one (a short drop) leaves it be.
        if (Array.isArray(m.stood_in) && m.stood_in.length) { st.stoodIn = m.stood_in; st.stoodInSaid = false; }
        if (Array.isArray(m.chat)) ctx.catchUp(m.chat);
        ctx.render();
        autostart();
        break;
      case 'table':
        st.info = m.table;
        ctx.render();
        autostart();
        break;
      case 'state':
        if (!usable(m.view)) { console.warn('ignored', m.view); return; }
        if ((m.seq || 0) < st.seq) return;
        st.seq = m.seq || 0;
        st.queue.push(m);
        // A state after the player's own action (the event names the
        // seat: a card played, a bid, or a decision the timer took for
        // them) is theirs to see at once.
        if (st.seat >= 0 && m.event && m.event.seat === st.seat) st.own = m;
        ctx.pump();
        break;
      case 'ack': {
        unbusy();
        // An action's ack follows the state it caused and names it by its
        // seq: that state holds the player's own move, whatever its event.
        const k = m.id && m.id === st.actId ? st.queue.findLastIndex((x) => (x.seq || 0) === m.seq) : -1;
        if (k >= 0 && k > st.queue.indexOf(st.own)) { st.own = st.queue[k]; ctx.pump(); }
        break;
      }
      case 'error':
        unbusy();
        if (m.code === 'bad_token') {
          remember.dropSeat(id);
          st.conn.stop();
          ctx.picker(t('table.picker.bad_token'));
        } else if (m.code === 'no_spectators') {
          st.conn.stop();
          ctx.picker(t('table.picker.no_spectators'));
        } else if (m.code === 'spectators_full') {
          st.conn.stop();
          ctx.picker(t('table.picker.spectators_full'));
        } else if (m.code !== 'no_table') {
          // An illegal action comes with the engine's refusal: worded here,
          // like every refusal the view shows.
          const text = m.refusal && m.refusal.code ? st.words.refusal(m.refusal) : problemText(m.problem);
          // A refused move is said in the line under the hand, where it
          // covers no control; without a hand on screen, in a toast.
          if (m.refusal && m.refusal.code && document.getElementById('whyline')) ctx.showWhy(text); else toast(text, 'error');
          announce(text, true);
        }
        break;
      case 'hint': {
        const text = hintText(m);
        toast(text, 'hint');
        announce(text);
        break;
      }
      case 'chat':
        if (!ctx.keepLine(m)) break;
        ctx.drawChat();
        announce(`${m.name}: ${m.text}`);
        break;
      case 'bye':
        if (!m.reconnect) {
          if (st.seat >= 0) remember.dropSeat(id);
          ctx.picker(m.problem ? capital(problemText(m.problem)) : t('table.conn.closed'));
        }
        break;
    }
  }

  function autostart() {
    const key = 'sk.autostart.' + id;
    if (!sessionStorage.getItem(key) || !ctx.isHost() || st.info.status !== 'lobby') return;
    if (st.info.seats.some((s) => s.kind === 'open')) return;
    sessionStorage.removeItem(key);
    st.conn.send({ type: 'start' });
  }

  // While an action awaits the server's answer the page takes no other, and
  // says so on <body data-busy> (for styles, and for tests that must not
  // read a view the answer is about to replace).
  function unbusy() { st.busy = false; clearTimeout(st.busyTimer); document.body.removeAttribute('data-busy'); }

  function act(action) {
    if (st.busy) return;
    const a = Object.assign({}, action);
    delete a.code;
    st.actId = st.conn.send({ type: 'act', action: a });
    if (!st.actId) { toast(t('table.error.offline'), 'error'); return; }
    st.busy = true;
    document.body.setAttribute('data-busy', '');
    clearTimeout(st.busyTimer);
    st.busyTimer = setTimeout(unbusy, 5000);
  }

  // hintText words the expert's advice: its action and why, both in this
  // client's words (the server's text is its English, for logs).
  function hintText(m) {
    if (!m.hint || !m.hint.kind) return t('table.hint.none');
    const why = st.words.why(m.why);
    const args = { Action: capital(st.words.action(m.hint)), Why: why };
    return why ? t('table.hint.action_why', args) : t('table.hint.action', args);
  }

  // hint asks the server's expert for advice; the answer (a 'hint'
  // message) goes to this client alone and is shown and announced.
  function hint() {
    if (st.seat < 0) { toast(t('table.hint.seated')); return; }
    if (!st.conn || !st.conn.send({ type: 'hint' })) toast(t('table.error.offline'), 'error');
  }

  return { act, autostart, connect, hint, hintText, onMessage, onStatus, unbusy };
}
