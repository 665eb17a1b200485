// The table screen: the seat picker of an invite link, the table before
// the start (seats, invite link, host tools), the game itself, the score
// sheet and the end of the game. It draws only what the server sends and
// keeps no rule of its own: the view holds this seat's hand with each card
// marked playable or refused (a refusal code and its facts), the legal
// actions (sent back as they are), every completed trick with the reason it
// was won, and every round scored part by part (docs/protocol.md). words.js
// words those codes; the catalogue (catalog.js) names and draws the cards.
//
// Pacing: a completed trick stays on the table, with its sentence, until
// the next trick starts; when the next trick would start at once (a bot
// leads), the page holds the states that follow for a short pause the
// player can skip or turn off (remembered in local storage). What the
// player did never waits behind that pause: the hand, the turn line and
// the decisions are drawn from the newest state that holds the player's
// own action, while the trick on the table and the other seats show the
// held states in turn.

import { h, s as svg, icon, announce, toast, keepFocus, plural, names, capital } from './dom.js';
import { api, remember, serverInfo, botName, tableLink, nickLimit } from './api.js';
import { TableConn } from './conn.js';
import { cardOf, optionOf, valueLabel } from './catalog.js';
import { look, card, cardBack, cardFace, cardClasses, suitIcon, suitLabel } from './cards.js';
import { Words } from './words.js';
import { fullSheet, chart, roundSummary } from './sheet.js';

// The pauses a player may choose after a completed trick: "until I
// continue" holds the next trick back until the player says so.
const PAUSES = [['off', 'off', 0], ['short', '1.5 s', 1500], ['long', '3 s', 3000], ['wait', 'until I continue', Infinity]];
function pauseMs() {
  const p = PAUSES.find((x) => x[0] === remember.pause());
  return p ? p[2] : PAUSES[1][2];
}
// A decision of the player's own waiting behind the pause shortens it to
// this: the player's turn is never held back for long.
const DECISION_PAUSE = 1500;

// trickKey names a completed trick: its round and number.
function trickKey(t) { return t ? `${t.round}.${t.number}` : ''; }

// usable tells whether a state's view has the shape this page draws; a
// view that does not is ignored, never drawn half.
function usable(v) {
  return v && Array.isArray(v.seats) && v.seats.length > 0 && Array.isArray(v.hand) && Array.isArray(v.legal) &&
    Array.isArray(v.trick) && Array.isArray(v.tricks) && Array.isArray(v.results) && Array.isArray(v.winners);
}

export function openTable(root, id, navigate) {
  const st = {
    conn: null, seat: -1, info: null, view: null, words: new Words([], -1, false), seq: -1, deadline: 0,
    bidPick: null, digits: '', digitAt: 0, tigress: null, picked: new Set(), fresh: new Set(), handFocus: -1,
    stoodIn: [], stoodInSaid: false,
    busy: false, busyTimer: 0, chat: [], unread: 0, focusNext: '', why: null, gone: false, sheetMode: 'sheet',
    stageRound: -1, stageTrick: '', queue: [], own: null, ownShown: null, actId: 0, holdTimer: 0, holding: false, holdMine: false, shown: { key: '', at: 0 }, said: '',
  };
  let clock = 0;
  const sheetDlg = h('dialog', { id: 'sheet-dialog', 'aria-labelledby': 'sheet-title' });
  const helpDlg = h('dialog', { id: 'help-dialog', 'aria-labelledby': 'help-title' });
  document.body.append(sheetDlg, helpDlg);

  const isHost = () => st.seat >= 0 && st.info && st.info.host === st.seat;
  const name = (i) => (st.view && st.view.seats[i] ? st.view.seats[i].name : st.info && st.info.seats[i] ? st.info.seats[i].name || `seat ${i + 1}` : `seat ${i + 1}`);
  const who = (i) => (i === st.seat ? 'you' : name(i));
  // art is a card's catalogue entry; the view says whether Pirates are named.
  const art = (ref) => cardOf(ref && ref.card);
  // live is the view the player's own hand, turn and decisions are drawn
  // from: the newest state holding the player's own action while the pause
  // still holds it back from the table, else the view on the table. A card
  // played stays played, and a decision taken is not offered again, however
  // long the completed trick stays in view.
  const live = () => (st.own ? st.own.view : st.view);
  const liveDeadline = () => (st.own ? st.own.deadline || 0 : st.deadline);

  // ---- connecting -------------------------------------------------------

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
    root.replaceChildren(h('p', { class: 'muted' }, 'Joining the table…'));
    st.conn = new TableConn(id, hello, { message: onMessage, status: onStatus });
    st.conn.connect();
  }

  function onStatus(state, wait) {
    const banner = document.getElementById('banner');
    if (state === 'lost') {
      const until = Date.now() + wait;
      banner.hidden = false;
      const tick = () => {
        const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
        banner.replaceChildren(`Connection lost. Reconnecting in ${left} s…`,
          h('button', { type: 'button', onclick: () => st.conn && st.conn.retryNow() }, 'Reconnect now'));
      };
      tick();
      clearInterval(banner._tick);
      banner._tick = setInterval(tick, 1000);
      announce('Connection lost. Reconnecting.', true);
    } else if (state === 'connecting' && !banner.hidden) {
      clearInterval(banner._tick);
      banner.replaceChildren('Reconnecting…');
    } else if (state === 'open' || state === 'closed') {
      clearInterval(banner._tick);
      if (!banner.hidden && state === 'open') announce('Reconnected.');
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
        if (Array.isArray(m.chat)) catchUp(m.chat);
        render();
        autostart();
        break;
      case 'table':
        st.info = m.table;
        render();
        autostart();
        break;
      case 'state':
        if (!usable(m.view)) { console.warn('a state this page cannot draw was ignored'); return; }
        if ((m.seq || 0) < st.seq) return;
        st.seq = m.seq || 0;
        st.queue.push(m);
        // A state after the player's own action (the event names the
        // seat: a card played, a bid, or a decision the timer took for
        // them) is theirs to see at once.
        if (st.seat >= 0 && m.event && m.event.seat === st.seat) st.own = m;
        pump();
        break;
      case 'ack': {
        unbusy();
        // An action's ack follows the state it caused and names it by its
        // seq: that state holds the player's own move, whatever its event.
        const k = m.id && m.id === st.actId ? st.queue.findLastIndex((x) => (x.seq || 0) === m.seq) : -1;
        if (k >= 0 && k > st.queue.indexOf(st.own)) { st.own = st.queue[k]; pump(); }
        break;
      }
      case 'error':
        unbusy();
        if (m.code === 'bad_token') {
          remember.dropSeat(id);
          st.conn.stop();
          picker('That seat no longer answers to this browser. Pick a seat or watch.');
        } else if (m.code === 'no_spectators') {
          st.conn.stop();
          picker('This table does not allow spectators.');
        } else if (m.code === 'spectators_full') {
          st.conn.stop();
          picker('This table has as many spectators as the server takes. Try again later.');
        } else if (m.code !== 'no_table') {
          // An illegal action comes with the engine's refusal: worded here,
          // like every refusal the view shows.
          const text = m.refusal && m.refusal.code ? st.words.refusal(m.refusal) : m.message || 'The server refused that.';
          // A refused move is said in the line under the hand, where it
          // covers no control; without a hand on screen, in a toast.
          if (m.refusal && m.refusal.code && document.getElementById('whyline')) showWhy(text); else toast(text, 'error');
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
        if (!keepLine(m)) break;
        drawChat();
        announce(`${m.name}: ${m.text}`);
        break;
      case 'bye':
        if (!m.reconnect) {
          if (st.seat >= 0) remember.dropSeat(id);
          picker(`${capital(m.reason || 'The connection was closed')}.`);
        }
        break;
    }
  }

  function autostart() {
    const key = 'sk.autostart.' + id;
    if (!sessionStorage.getItem(key) || !isHost() || st.info.status !== 'lobby') return;
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
    if (!st.actId) { toast('Not connected: wait for the reconnection.', 'error'); return; }
    st.busy = true;
    document.body.setAttribute('data-busy', '');
    clearTimeout(st.busyTimer);
    st.busyTimer = setTimeout(unbusy, 5000);
  }

  // hintText words the expert's advice: its action in this client's words
  // and, after the server's ": ", why.
  function hintText(m) {
    const text = m.text || '';
    const at = text.indexOf(': ');
    const why = at >= 0 ? text.slice(at + 2) : '';
    if (!m.hint || !m.hint.kind) return text ? `Hint: ${text}` : 'No hint now.';
    return `Hint: ${capital(st.words.action(m.hint))}${why ? ` (${why})` : '.'}`;
  }

  // ---- pacing: a completed trick stays in view -------------------------

  // holdLeft is how long the state v must wait so that the completed trick
  // on the table now stays in view for the chosen pause: 0 when v still
  // shows that trick or the pause is over (or skipped), Infinity until the
  // player continues. mine says a decision of the player's waits in the
  // queue, which cuts the pause short.
  function holdLeft(v, mine) {
    const on = st.view && st.view.last_trick && st.view.trick.length === 0 ? trickKey(st.view.last_trick) : '';
    if (!on || on !== st.shown.key || trickKey(v.last_trick) === on) return 0;
    const pause = mine ? Math.min(pauseMs(), DECISION_PAUSE) : pauseMs();
    return st.shown.at + pause - Date.now();
  }

  // pump draws the states that came in, in order, holding them while a
  // completed trick's pause runs. Nothing is dropped: the held states are
  // drawn in turn once the pause ends. The player's own action is drawn
  // at once all the same, from the held state that holds it (live), into
  // the hand, the turn line and the decisions.
  function pump() {
    clearTimeout(st.holdTimer);
    while (st.queue.length) {
      // A decision of the player's still to come shortens the pause; one
      // already in a state of their own is in their hands now.
      const mine = st.queue.slice(st.queue.indexOf(st.own) + 1).some((m) => m.view.legal.length > 0);
      const wait = holdLeft(st.queue[0].view, mine);
      if (wait > 0) {
        if (wait !== Infinity) st.holdTimer = setTimeout(pump, wait);
        if (!st.holding || st.holdMine !== mine || st.ownShown !== st.own) {
          // The reason given under the hand belonged to the turn just
          // taken.
          if (st.own && st.ownShown !== st.own) st.why = null;
          st.holding = true; st.holdMine = mine; st.ownShown = st.own;
          render();
        }
        return;
      }
      const was = live();
      const m = st.queue.shift();
      if (m === st.own) st.own = null;
      st.ownShown = st.own;
      onState(m, was);
    }
    if (st.holding) { st.holding = false; st.holdMine = false; render(); }
  }

  function skipPause() {
    st.shown.at = -Infinity;
    st.focusNext = st.focusNext || 'felt';
    pump();
  }

  // ---- what changed: announcements and focus ---------------------------

  // onState draws the state m on the table; was is the view the player's
  // hand and decisions were drawn from until now (live), which is ahead of
  // the table's when the player acted during a pause.
  function onState(m, was) {
    const prev = st.view;
    const v = m.view;
    const words = Words.forView(v);
    const said = [];
    const sameRound = prev && prev.round === v.round;
    // A hand grows within a round only by Bendt the Bandit's draw: the
    // cards drawn are marked new while they stay in the hand.
    if (sameRound && st.seat >= 0) {
      const had = new Set(prev.hand.map((c) => c.card));
      for (const c of v.hand) if (!had.has(c.card)) st.fresh.add(c.card);
    }
    if (!sameRound) st.fresh.clear();
    for (const c of [...st.fresh]) if (!v.hand.some((x) => x.card === c)) st.fresh.delete(c);
    if (!sameRound) {
      st.bidPick = null; st.tigress = null; st.picked.clear();
      if (prev && v.results.length > prev.results.length) {
        const r = v.results[v.results.length - 1];
        const sc = r.scores && r.scores[st.seat];
        if (st.seat >= 0 && sc) said.push(`Round ${r.round} over: you scored ${words.score(sc)}, total ${r.totals[st.seat]}.`);
        else said.push(`Round ${r.round} over.`);
      }
      if (prev && v.tiebreak && v.phase !== 'over') said.push('The top is tied: a tiebreak round is dealt.');
    }
    if (st.stoodIn.length && !st.stoodInSaid) { said.push(words.stoodIn(st.stoodIn)); st.stoodInSaid = true; }
    // Every completed trick is announced once, the last of a round too.
    const done = v.last_trick || (v.tricks.length ? v.tricks[v.tricks.length - 1] : null);
    if (prev && done && trickKey(done) !== st.said) said.unshift(words.trick(done));
    if (done) st.said = trickKey(done);
    if (v.last_trick && v.trick.length === 0 && trickKey(v.last_trick) !== st.shown.key) st.shown = { key: trickKey(v.last_trick), at: Date.now() };
    if (prev && sameRound && prev.phase === 'bidding' && v.phase !== 'bidding') {
      said.push('Bids revealed: ' + v.seats.filter((s) => !s.graybeard).map((s) => `${s.name} ${s.bid}`).join(', ') + '.');
    }
    if (m.event && m.event.seat === st.seat && (m.event.by === 'timer' || m.event.by === 'auto')) {
      toast(m.event.by === 'timer' ? 'Time ran out: the stand-in bot decided for you.' : 'Your last card was played for you.');
    }
    const kinds = new Set(v.legal.map((a) => a.kind));
    const wasMine = was ? was.legal.length > 0 : false;
    if (v.phase === 'over' && (!prev || prev.phase !== 'over')) {
      if (prev) said.push(winnerLine(v));
    } else if (kinds.size && !wasMine) {
      said.push(kinds.has('bid') ? `Round ${v.round}: your bid, 0 to ${v.cards}.` : kinds.has('play') ? 'Your turn.' : 'Your decision.');
      st.focusNext = kinds.has('bid') ? 'bid' : kinds.has('play') ? 'hand' : 'decision';
    } else if (!kinds.size && v.turn >= 0 && (!prev || prev.turn !== v.turn) && v.turn !== st.seat) {
      said.push(`${name(v.turn)}'s turn.`);
    }
    if (!kinds.has('play')) st.tigress = null;
    if (!kinds.has('discard')) st.picked.clear();
    st.view = v;
    st.words = words;
    st.deadline = m.deadline || 0;
    // A new decision (the next round's bid, say) is never blocked by the
    // wait for an earlier ack; moves by others leave the wait alone, so a
    // double click cannot send the same card twice.
    if (kinds.size && !wasMine) unbusy();
    // A reason given under the hand belongs to the turn it was given in.
    if ((kinds.size > 0) !== wasMine) st.why = null;
    render();
    if (said.length) announce(said.join(' '));
  }

  function winnerLine(v) {
    if (!v.winners.length) return 'Game over.';
    const total = v.seats[v.winners[0]] ? v.seats[v.winners[0]].total : 0;
    const ws = v.winners.map(name);
    return `Game over: ${names(ws)} ${ws.length > 1 ? 'share the win' : 'wins'} with ${total} points.`;
  }


  // ---- the seat picker -------------------------------------------------

  async function picker(note) {
    if (st.conn) { st.conn.stop(); st.conn = null; }
    st.view = null; st.info = null; st.seat = -1;
    document.getElementById('banner').hidden = true;
    root.replaceChildren(h('p', { class: 'muted' }, 'Loading the table…'));
    const r = await api('GET', `/api/tables/${id}`);
    if (st.gone) return;
    if (!r.ok) {
      root.replaceChildren(h('section', { class: 'panel' }, h('h1', {}, 'No such table'),
        h('p', {}, r.status === 404 ? `No table answers to the code ${id}. Check the link, or ask for a new one.` : r.data.error),
        h('a', { href: '/', 'data-nav': '', class: 'button' }, 'Back to the lobby')));
      return;
    }
    const t = r.data;
    document.title = `Skull King — ${t.name || 'table ' + id}`;
    const nick = h('input', { id: 'nick', value: remember.nick(), autocomplete: 'nickname' });
    nickLimit(nick);
    const sit = async (seat) => {
      const n = nick.value.trim();
      if (!n) { toast('Choose a nickname first.', 'error'); nick.focus(); return; }
      remember.setNick(n);
      const j = await api('POST', `/api/tables/${id}/join`, { nickname: n, seat });
      if (!j.ok) { toast(j.data.error, 'error'); return; }
      remember.setSeat(id, j.data.seat, j.data.token);
      connect({ token: j.data.token });
    };
    const open = t.seats.filter((s) => s.kind === 'open');
    const canSit = t.status !== 'over' && open.length > 0;
    root.replaceChildren(h('section', { class: 'panel', id: 'seat-picker' },
      h('h1', {}, t.name || `Table ${id}`),
      h('p', { class: 'muted' }, `${t.rules} · ${t.status === 'lobby' ? 'waiting to start' : t.status === 'playing' ? 'game in progress' : 'game over'}`),
      note ? h('p', { class: 'notice', role: 'alert' }, note) : null,
      canSit ? h('label', { class: 'field', for: 'nick' }, h('span', {}, 'Your nickname'), nick) : null,
      h('h2', {}, canSit ? 'Pick a seat' : 'Seats'),
      h('ul', { class: 'tables' }, t.seats.map((s) => h('li', {},
        h('span', {}, h('strong', {}, `Seat ${s.seat + 1}: `), s.kind === 'open' ? 'open' : s.name,
          s.kind === 'bot' ? h('span', { class: 'muted' }, ` · bot, ${botName(s.level)}`) : null,
          s.kind === 'person' && !s.connected ? h('span', { class: 'muted' }, ' · away') : null),
        s.kind === 'open' && canSit ? h('button', { class: 'primary', onclick: () => sit(s.seat) }, `Sit in seat ${s.seat + 1}`) : null))),
      h('div', { class: 'row' },
        t.spectators ? h('button', { id: 'watch', onclick: () => connect({ spectate: true }) }, 'Watch this table') : h('span', { class: 'muted' }, 'This table is closed to spectators.'),
        t.status === 'over' ? h('a', { href: `/t/${id}/review`, 'data-nav': '', class: 'button', id: 'picker-review' }, "The captain's review") : null,
        h('a', { href: '/', 'data-nav': '', class: 'button' }, 'Back to the lobby'))));
    const first = root.querySelector('button.primary');
    if (first) first.focus();
  }

  // ---- rendering -------------------------------------------------------

  function render() {
    if (st.gone || !st.info) return;
    keepFocus(() => {
      // The screen is built whole before it replaces the old one, so a
      // view that cannot be drawn leaves the last good picture up.
      const screen = st.info.status === 'lobby' || !st.view
        ? (st.info.status === 'lobby' ? lobbyScreen() : h('p', { class: 'muted' }, 'Dealing…'))
        : gameScreen();
      document.body.classList.toggle('at-table', Boolean(st.view) && st.info.status !== 'lobby');
      const before = root.querySelector('#stage');
      const scrolled = before ? before.scrollTop : 0;
      root.replaceChildren(screen);
      document.body.classList.toggle('in-game', Boolean(root.querySelector('.game.playing')));
      const stage = root.querySelector('#stage');
      if (stage) placeStage(stage, scrolled);
    }, () => root.querySelector('.hand .card[tabindex="0"]'));
    if (st.focusNext) {
      const a = document.activeElement;
      const free = !a || a === document.body || a === root || (root.contains(a) && !a.closest('input, select, textarea, .chat'));
      if (free && !document.querySelector('dialog[open]')) {
        let el = null;
        if (st.focusNext === 'bid') el = root.querySelector('[data-group="bid"][aria-checked="true"]') || root.querySelector('[data-group="bid"]');
        else if (st.focusNext === 'hand') el = root.querySelector('.hand .card[aria-disabled="false"]');
        else if (st.focusNext === 'felt') el = root.querySelector('.hand .card[aria-disabled="false"]') || root.querySelector('#skip-pause');
        else el = root.querySelector('.decision button');
        if (el) el.focus({ preventScroll: false });
      }
      st.focusNext = '';
    }
    if (sheetDlg.open) drawSheet();
    tickClock();
  }

  // placeStage keeps the table where the player had scrolled it, across
  // redraws. A new round starts at the top, with the round just scored;
  // when the trick changes it is brought into view, whole, with the line
  // that says who won it.
  function placeStage(stage, scrolled) {
    const v = st.view;
    const trickAt = `${v.round}.${v.phase}.${v.trick_no}.${v.trick.length}`;
    if (st.stageRound !== v.round) {
      st.stageRound = v.round;
      st.stageTrick = trickAt;
      stage.scrollTop = 0;
      return;
    }
    stage.scrollTop = scrolled;
    if (st.stageTrick === trickAt) return;
    st.stageTrick = trickAt;
    // Through the bidding the round just scored comes first.
    if (stage.querySelector('.recap')) { stage.scrollTop = 0; return; }
    const f = stage.querySelector('.felt');
    if (!f) return;
    const box = stage.getBoundingClientRect();
    const r = f.getBoundingClientRect();
    // A felt taller than the stage shows from its cards down: the line
    // that names the trick is the one to go.
    const trick = f.querySelector('.trick');
    const top = r.height > box.height && trick ? trick.getBoundingClientRect().top : r.top;
    if (top < box.top) stage.scrollTop -= box.top - top;
    else if (r.bottom > box.bottom) stage.scrollTop += Math.min(r.bottom - box.bottom, top - box.top);
  }

  function lobbyScreen() {
    const t = st.info;
    document.title = `Skull King — ${t.name || 'table ' + id}`;
    const host = isHost();
    const link = tableLink(id);
    const linkBox = h('input', { id: 'invite-link', readonly: true, value: link, 'aria-label': 'Invite link', size: String(Math.min(link.length, 40)) });
    const copy = async () => {
      try { await navigator.clipboard.writeText(link); toast('Invite link copied.'); } catch (e) {
        linkBox.select(); toast('Select the link and copy it (the browser did not allow copying).');
      }
    };
    const open = t.seats.filter((s) => s.kind === 'open').length;
    const levels = serverLevels();
    return h('section', { class: 'panel', id: 'table-lobby' },
      h('h1', {}, t.name || `Table ${id}`),
      h('p', { class: 'muted' }, [t.rules, t.turn_seconds ? `turn timer ${t.turn_seconds} s` : 'no turn timer',
        t.auto_last ? 'forced last card auto-played' : null, t.public ? 'public' : 'private',
        t.spectators ? `spectators welcome (${t.watching} watching)` : 'no spectators'].filter(Boolean).join(' · ')),
      rulesList(t),
      h('div', { class: 'invite' }, h('span', {}, 'Invite link:'), linkBox,
        h('button', { type: 'button', id: 'copy-invite', onclick: copy }, 'Copy invite link'),
        h('span', { class: 'muted' }, 'code ', h('code', {}, id))),
      h('h2', {}, 'Seats'),
      h('ol', { class: 'tables', id: 'lobby-seats' }, t.seats.map((s) => h('li', {},
        h('span', {}, h('strong', {}, `Seat ${s.seat + 1}: `),
          s.kind === 'open' ? h('span', { class: 'muted' }, 'open — waiting for a person') : s.name,
          s.seat === st.seat ? ' (you)' : null, s.seat === t.host ? ' · host' : null,
          s.kind === 'bot' ? h('span', { class: 'muted' }, ` · bot, ${botName(s.level)}`) : null,
          s.kind === 'person' && !s.connected ? h('span', { class: 'muted' }, ' · not connected') : null),
        host && s.seat !== st.seat ? seatControl(s, levels) : null))),
      host ? h('div', { class: 'row' },
        h('button', { type: 'button', disabled: t.seats.length >= 8, onclick: () => st.conn.send({ type: 'add_seat', level: 'heuristic' }) }, 'Add a bot seat'),
        h('button', { type: 'button', disabled: t.seats.length >= 8, onclick: () => st.conn.send({ type: 'add_seat' }) }, 'Add an open seat')) : null,
      h('p', {}, open ? `Waiting for ${plural(open, 'more player')}.` : 'Every seat is taken.'),
      h('div', { class: 'row' },
        host ? h('button', { class: 'primary big', id: 'start', disabled: open > 0, onclick: () => st.conn.send({ type: 'start' }) }, 'Start the game')
          : h('p', {}, st.seat >= 0 ? `Waiting for ${t.host >= 0 ? t.seats[t.host].name : 'the host'} to start the game.` : 'You are watching this table.'),
        st.seat >= 0 ? h('button', { type: 'button', onclick: () => { st.conn.send({ type: 'leave' }); } }, 'Leave the seat') : null),
      chatBox());
  }

  // rulesList names every rule the table plays differently from the
  // standard, from the table's options object (only what differs) and the
  // option table's labels and defaults.
  function rulesList(t) {
    const opts = t.options && typeof t.options === 'object' ? Object.entries(t.options) : [];
    if (!opts.length) return null;
    return h('ul', { class: 'rules-set', id: 'table-rules', 'aria-label': 'Rules of this table' }, opts.map(([k, val]) => {
      const o = optionOf(k);
      if (!o) return h('li', {}, `${k}: ${JSON.stringify(val)}`);
      return h('li', { 'data-key': k }, h('strong', {}, o.label), `: ${valueLabel(o, val)}`,
        h('span', { class: 'muted' }, ` (standard: ${valueLabel(o, o.default)})`));
    }));
  }

  function seatControl(s, levels) {
    const cur = s.kind === 'bot' ? 'bot:' + s.level : s.kind === 'open' ? 'open' : 'person';
    const sel = h('select', { 'aria-label': `Change seat ${s.seat + 1}`, onchange: () => {
      const v = sel.value;
      if (v === 'remove') st.conn.send({ type: 'seat', seat: s.seat, set: 'remove' });
      else if (v === 'open') st.conn.send({ type: 'seat', seat: s.seat, set: 'open' });
      else if (v.startsWith('bot:')) st.conn.send({ type: 'seat', seat: s.seat, set: 'bot', level: v.slice(4) });
    } },
    s.kind === 'person' ? h('option', { value: 'person', selected: true }, s.name) : null,
    h('option', { value: 'open', selected: cur === 'open' }, 'Open for a person'),
    levels.map((l) => h('option', { value: 'bot:' + l, selected: cur === 'bot:' + l }, 'Bot: ' + botName(l))),
    h('option', { value: 'remove' }, 'Remove the seat'));
    return sel;
  }

  let levelsCache = ['random', 'heuristic'];
  serverInfo().then((i) => { levelsCache = i.bots; });
  function serverLevels() { return levelsCache; }

  function gameScreen() {
    const v = st.view;
    // The player's own part — their seat, hand, turn line and decisions —
    // is drawn from the live view: ahead of the table's while the pause
    // holds back a state of the player's own action.
    const o = live();
    const t = st.info;
    const kinds = new Set(o.legal.map((a) => a.kind));
    // The tab's title tells a player in another tab that the table waits.
    document.title = `${kinds.size ? '▶ Your turn · ' : ''}Skull King — round ${v.round}`;
    // Through the next round's bidding the round just scored and its last
    // trick come first, side by side where the screen is wide enough, so
    // both are seen without scrolling.
    const summary = v.phase !== 'over' ? roundPanel(v) : null;
    const notices = [
      v.tiebreak && v.phase === 'bidding' ? h('p', { class: 'notice', role: 'status' }, `Tiebreak round: the top total is tied, so round ${v.round} is played to break it.`) : null,
      st.stoodIn.length ? h('div', { class: 'notice row', id: 'away-report' }, h('span', {}, st.words.stoodIn(st.stoodIn)),
        h('button', { type: 'button', 'data-key': 'away-ok', onclick: () => { st.stoodIn = []; render(); } }, 'OK')) : null];
    const seats = [h('h2', { class: 'sr-only' }, 'Seats'), h('ul', { class: 'seats', id: 'seats' }, seatOrder(v).map((i) => seatBox(v, t, i)))];
    // Once the game is over the page reads from the top: who won, the
    // way to the review and the rematch, then the sheet and the table.
    if (v.phase === 'over') {
      return h('section', { class: 'game', 'aria-label': 'The table' },
        topBar(v), notices, gameOver(v), seats, felt(v),
        st.seat >= 0 ? h('div', { class: 'mine-seat' }, h('ul', { class: 'seats' }, seatBox(o, t, st.seat))) : null,
        chatBox());
    }
    // During the game the screen is the table, which scrolls, over the
    // dock, which holds what the player acts on: the dock never covers
    // the table, and the hand is never below the fold (style.css).
    return h('section', { class: 'game playing', 'aria-label': 'The table' },
      topBar(v),
      h('div', { class: 'stage', id: 'stage' },
        notices,
        summary ? h('div', { class: 'recap' }, summary, felt(v)) : null,
        seats,
        summary ? null : felt(v),
        // What only this seat learnt (Juanita's look, Bendt's discards)
        // shows by the trick, where the player looks.
        secrets(o),
        st.seat >= 0 ? null : h('p', { class: 'muted', id: 'spectating' }, `You are watching${t.watching > 1 ? ` with ${t.watching - 1} other${t.watching > 2 ? 's' : ''}` : ''}: hands stay hidden.`),
        chatBox()),
      h('div', { class: 'dock' },
        st.seat >= 0 ? h('div', { class: 'mine-seat' }, h('ul', { class: 'seats' }, seatBox(o, t, st.seat))) : null,
        turnLine(o, kinds),
        decision(o, kinds),
        st.seat >= 0 ? hand(o, kinds) : null,
        st.seat >= 0 ? h('p', { class: 'whyline', id: 'whyline', 'aria-hidden': 'true' }, whyText(o)) : null));
  }

  function topBar(v) {
    const scoring = v.seats.filter((s) => !s.graybeard);
    const revealed = scoring.every((s) => s.bid !== null && s.bid !== undefined) && v.phase !== 'bidding';
    let bids;
    if (revealed) {
      const sum = scoring.reduce((a, s) => a + s.bid, 0);
      const d = sum - v.cards;
      bids = h('span', {}, `bids ${sum} / ${v.cards} `,
        h('span', { class: d > 0 ? 'over' : d < 0 ? 'under' : '' }, d > 0 ? `(over by ${d})` : d < 0 ? `(under by ${-d})` : '(even)'));
    } else {
      bids = h('span', {}, `bids hidden: ${scoring.filter((s) => s.has_bid).length} of ${scoring.length} in`);
    }
    const roundText = v.tiebreak ? `Tiebreak round ${v.round}` : `Round ${v.round} of ${v.rounds}`;
    return h('div', { class: 'bar' },
      h('div', { class: 'info', id: 'round-info' }, `${roundText} · ${plural(v.cards, 'card')} · `, bids),
      h('div', { class: 'tools' },
        h('button', { type: 'button', id: 'open-sheet', 'aria-keyshortcuts': 's', onclick: () => toggleSheet('sheet') }, 'Sheet ', h('kbd', {}, 's')),
        h('button', { type: 'button', id: 'open-chart', 'aria-keyshortcuts': 'c', onclick: () => toggleSheet('chart') }, 'Chart ', h('kbd', {}, 'c')),
        h('button', { type: 'button', id: 'open-tricks', 'aria-keyshortcuts': 't', onclick: () => toggleSheet('tricks') }, 'Tricks ', h('kbd', {}, 't')),
        st.seat >= 0 && v.phase !== 'over'
          ? h('button', { type: 'button', id: 'ask-hint', 'aria-keyshortcuts': 'h', onclick: hint }, 'Hint ', h('kbd', {}, 'h'))
          : null,
        h('button', { type: 'button', id: 'open-help', 'aria-keyshortcuts': '?', onclick: toggleHelp }, h('span', { class: 'wide-only' }, 'Keys & pace'), h('span', { class: 'narrow-only' }, 'Pace'), ' ', h('kbd', {}, '?'))));
  }

  // seatOrder lists the other seats clockwise from the viewer, Graybeard
  // where he sits; a spectator sees every seat from seat 1.
  function seatOrder(v) {
    const n = v.seats.length;
    const out = [];
    const start = st.seat >= 0 ? st.seat + 1 : 0;
    for (let k = 0; k < n; k++) {
      const i = (start + k) % n;
      if (i !== st.seat) out.push(i);
    }
    return out;
  }

  function seatBox(v, t, i) {
    const s = v.seats[i];
    const p = t.seats[i];
    const acting = v.turn === i && (v.phase === 'playing' || v.phase === 'ability');
    const mine = i === st.seat;
    const tags = [];
    if (p && p.kind === 'bot') tags.push(['bot', 'bot']);
    if (p && p.kind === 'person' && !p.connected) tags.push(['away', p.bot_plays ? 'away · bot plays' : 'away']);
    if (p && p.kind === 'open') tags.push(['away', 'bot plays']);
    if (t.host === i) tags.push(['host', 'host']);
    const lines = [];
    if (s.graybeard) {
      lines.push(h('div', { class: 'st muted' }, 'the ghost: never bids, never scores'));
      lines.push(h('div', { class: 'pile' }, cardBack({ small: true }), h('span', { class: 'st' }, `${s.hand_size} face down`)));
    } else {
      let bid;
      if (s.bid !== null && s.bid !== undefined) bid = h('span', { class: 'bid' }, `bid ${s.bid}`);
      else if (s.has_bid) bid = h('span', { class: 'bid bid-in' }, 'has bid ✓');
      else bid = h('span', { class: 'bid bid-wait' }, v.phase === 'bidding' ? 'not yet bid' : 'no bid');
      lines.push(h('div', { class: 'st' }, bid, ` · won ${s.won}`));
      // One's own cards are counted by the hand itself.
      lines.push(h('div', { class: 'st' }, h('strong', {}, `${s.total}`), ' pts',
        v.phase !== 'over' && !mine ? h('span', { class: 'cards' }, ` · ${plural(s.hand_size, 'card')}`) : null));
      const extra = [];
      if (s.wager) extra.push(`wager ${s.wager}`);
      if (s.cannon) extra.push(s.cannon);
      if (extra.length) lines.push(h('div', { class: 'st muted' }, extra.join(' · ')));
    }
    const hostTool = isHost() && !mine && p && p.kind === 'person' && !p.connected && v.phase !== 'over'
      ? h('button', { type: 'button', class: 'link', onclick: () => st.conn.send({ type: 'seat', seat: i, set: 'bot', level: t.standin || 'heuristic' }) }, 'give the seat to a bot')
      : null;
    return h('li', { class: ['seat', acting && 'turn', mine && 'me', s.graybeard && 'ghost'], id: `seat-${i}`, 'data-seat': String(i),
      'aria-current': acting ? 'true' : null },
    acting ? h('span', { class: 'turnflag' }, v.phase === 'ability' ? 'deciding' : 'to play') : null,
    h('div', { class: 'nm' }, s.graybeard ? icon('roger', 'suit-icon') : null, h('span', { class: 'who' }, s.name), mine ? ' (you)' : null,
      tags.map(([k, x]) => h('span', { class: 'tag tag-' + k }, x))),
    lines, hostTool,
    acting ? h('span', { class: 'sr-only' }, mine ? ' — your turn' : ' — their turn') : null);
  }

  // felt is the trick on the table: the cards being played, or the trick
  // completed last with the sentence that says who won it and why — the
  // last trick of a round too, through the next round's bidding.
  function felt(v) {
    const trick = v.trick || [];
    const last = v.last_trick && !trick.length ? v.last_trick : null;
    const prior = trick.length && v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
    let list;
    let caption = null;
    if (trick.length) {
      list = trick.map((p, k) => trickCard(p, k === v.winning ? 'winning' : '', v));
    } else if (last) {
      const ended = last.round !== v.round || v.phase === 'over';
      caption = h('p', { class: 'lead', id: 'last-caption' }, ended ? `Round ${last.round}: the last trick` : `Trick ${last.number}`);
      list = last.plays.map((p, k) => trickCard(p, k === last.winning ? (last.outcome === 'won' ? 'took it' : last.outcome) : '', v));
    } else {
      list = [h('li', { class: 'empty' }, v.phase === 'bidding' ? 'Bidding: the cards wait until every bid is in.' : v.phase === 'over' ? 'The game is over.' : 'No card played yet.')];
    }
    let lead = null;
    // A card the player played during the pause has left the hand; until
    // the pause ends and it joins the table, the line under the trick
    // says where it went.
    const own = last && st.own && st.own.event;
    if (own && own.kind === 'play') lead = `You ${st.words.done(own)}: it joins the table after the pause.`;
    else if (v.phase === 'playing' || v.phase === 'ability') {
      if (trick.length === 0) lead = `${capital(who(v.turn >= 0 ? v.turn : v.leader))} ${v.turn === st.seat ? 'lead' : 'leads'} trick ${v.trick_no}.`;
      else if (v.lead && v.lead.suit) lead = h('span', {}, suitIcon(v.lead.suit), ` ${capital(suitLabel(v.lead.suit))} led.`);
      else if (v.lead && v.lead.free) lead = 'No suit to follow in this trick.';
      else lead = 'No suit led yet.';
    }
    const pausing = st.holding && last;
    return h('section', { class: 'felt', 'aria-label': `Trick ${v.trick_no || ''}` },
      caption,
      h('ol', { class: ['trick', last && 'last'], id: 'trick' }, list),
      last ? h('p', { class: 'outcome', id: 'outcome', 'data-trick': trickKey(last) }, trickWords(v, last)) : null,
      pausing ? h('div', { class: 'row pause' },
        h('button', { type: 'button', id: 'skip-pause', 'data-key': 'skip-pause', 'aria-keyshortcuts': 'n', onclick: skipPause }, 'Continue ', h('kbd', {}, 'n')),
        pauseSelect('pause-felt'),
        st.holdMine ? h('span', { class: 'turn-next', id: 'turn-next' }, 'Your turn is next') : null) : null,
      lead ? h('p', { class: 'lead', id: 'lead' }, lead) : null,
      prior ? h('p', { class: 'outcome last', id: 'prior' }, 'Last trick: ', st.words.trick(prior)) : null);
  }

  // trickWords says who won a trick and why; once its round is scored,
  // what its bonus came to rather than what it would.
  function trickWords(v, t) {
    return v.results.some((r) => r.round === t.round) ? st.words.trickScored(t) : st.words.trick(t);
  }

  // pauseSelect chooses the pause after each completed trick.
  function pauseSelect(elId) {
    const sel = h('select', { id: elId, 'aria-label': 'Pause after each trick', 'data-key': elId,
      onchange: () => { remember.setPause(sel.value); if (!pauseMs()) skipPause(); else pump(); } },
    PAUSES.map(([k, label]) => h('option', { value: k, selected: pauseKey() === k }, label)));
    return sel;
  }
  function pauseKey() { return PAUSES.some((p) => p[0] === remember.pause()) ? remember.pause() : PAUSES[1][0]; }

  function trickCard(p, label, v) {
    const nm = p.seat === st.seat ? 'you' : v.seats[p.seat] ? v.seats[p.seat].name : '';
    return h('li', { class: label ? 'winning' : null, 'data-seat': String(p.seat) },
      label ? h('span', { class: 'win' }, `★ ${label}`) : null,
      card(art(p), { as: p.as, named: v.named }),
      h('span', { class: 'who' }, nm),
      label ? h('span', { class: 'sr-only' }, `, ${label}`) : null);
  }

  function turnLine(v, kinds) {
    let text;
    let mine = kinds.size > 0;
    const waiting = v.seats.map((s, i) => (!s.graybeard && !s.has_bid ? i : -1)).filter((i) => i >= 0);
    if (v.phase === 'over') { text = winnerLine(v); mine = false; }
    // A player is never told the table waits for them by name.
    else if (kinds.has('bid') || (v.phase === 'bidding' && waiting.includes(st.seat))) text = 'Your bid: how many tricks will you win?';
    else if (v.phase === 'bidding') {
      const me = st.seat >= 0 ? v.seats[st.seat] : null;
      const others = names(waiting.map(name));
      text = me && me.bid !== null && me.bid !== undefined ? `You bid ${me.bid} — waiting for ${others}…` : `Bidding — waiting for ${others}…`;
    } else if (kinds.has('cannon')) text = 'Load your cannon: grapeshot or the cannonball?';
    else if (v.phase === 'cannon') text = 'Waiting for the others to load their cannons…';
    else if (kinds.has('play')) text = `Your turn. ${leadAdvice(v)}`;
    else if (v.phase === 'playing') text = v.turn === st.seat && st.seat >= 0 ? 'Your turn.' : v.turn >= 0 ? `${name(v.turn)} is playing…` : 'Waiting…';
    else if (v.phase === 'ability' && v.pending) text = v.pending.seat === st.seat ? 'Your decision: choose below.' : `${name(v.pending.seat)} is deciding: ${abilityName(v.pending.kind)}…`;
    else text = '';
    return h('p', { class: ['turnline', mine && 'mine'], id: 'turnline' }, text,
      liveDeadline() ? h('span', { class: 'clock', id: 'clock' }) : null);
  }

  // leadAdvice says what the hand may play, from the view alone: the
  // engine refuses the cards that do not follow, and says why.
  function leadAdvice(v) {
    const refused = v.hand.filter((c) => !c.playable && c.why);
    const follow = refused.find((c) => c.why.code === 'must_follow_suit');
    if (follow) return st.words.refusal(follow.why);
    if (!refused.length) return v.trick.length ? 'Any card may be played.' : 'You lead: any card may be played.';
    return 'Play one of the raised cards.';
  }

  // clockGlyph is the turn timer's stopwatch, drawn rather than written:
  // the stopwatch character has no glyph in many systems' fonts.
  function clockGlyph() {
    const line = { fill: 'none', stroke: 'currentColor', 'stroke-width': '1.6', 'stroke-linecap': 'round' };
    return svg('svg', { class: 'clock-glyph', viewBox: '0 0 16 16', 'aria-hidden': 'true', focusable: 'false' },
      svg('circle', Object.assign({ cx: '8', cy: '9.2', r: '5.8' }, line)),
      svg('path', Object.assign({ d: 'M8 9.2V6M6.2 1.6h3.6M8 1.6v1.8' }, line)));
  }

  function tickClock() {
    clearInterval(clock);
    const deadline = liveDeadline();
    if (!deadline) return;
    const run = () => {
      const el = document.getElementById('clock');
      if (!el) return;
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      el.replaceChildren(clockGlyph(), ` ${left} s`);
    };
    run();
    clock = setInterval(run, 1000);
  }

  // ---- decisions -------------------------------------------------------

  function choice(label, onclick, attrs = {}) {
    return h('button', Object.assign({ type: 'button', onclick }, attrs), label);
  }

  // offered is what the trick just won offers its winner, in words: the
  // title of an ability's decision.
  function offered(v) {
    const t = v.last_trick;
    return t && t.ability && t.ability.state === 'offered' ? st.words.ability(t) : '';
  }

  function decision(v, kinds) {
    if (kinds.has('bid')) return bidPanel(v);
    const say = (a) => capital(st.words.action(a));
    if (kinds.has('play') && st.tigress) {
      const opts = v.legal.filter((a) => a.kind === 'play' && a.card === st.tigress.card && a.as);
      const c = art(st.tigress);
      return h('div', { class: 'decision', id: 'tigress', role: 'group', 'aria-label': 'Play the Tigress as' },
        h('p', {}, c ? c.help : ''),
        h('div', { class: 'choices' },
          opts.map((a) => choice(say(a), () => { st.tigress = null; act(a); }, { 'data-key': 'tig-' + a.as, 'data-group': 'tig' })),
          choice('Cancel', () => { st.tigress = null; render(); }, { 'data-key': 'tig-cancel' })));
    }
    const other = v.legal.filter((a) => a.kind !== 'play' && a.kind !== 'bid');
    if (!other.length) return null;
    const k = other[0].kind;
    const byValue = (label) => other.filter((a) => a.kind === k).map((a) => choice(label(a), () => act(a), { 'data-key': `${k}-${a.value}` }));
    let title = offered(v) || `Your decision: ${abilityName(k)}.`;
    let body;
    if (k === 'cannon') {
      const o = optionOf('cannon_load');
      title = 'Load your cannon in secret: every load is revealed together.' + (o ? ' ' + o.help : '');
      body = byValue(say);
    } else if (k === 'rosie') {
      body = byValue((a) => capital(who(a.value)));
    } else if (k === 'harry') {
      const me = v.seats[st.seat];
      title += me && me.bid !== null && me.bid !== undefined ? ` You bid ${me.bid}.` : '';
      body = byValue(say);
    } else if (k === 'discard') {
      const n = v.pending && v.pending.draw ? v.pending.draw : 2;
      title = `Bendt the Bandit: pick ${plural(n, 'card')} from your hand to discard face down, then confirm.`;
      const match = other.find((a) => {
        const got = [a.card, a.card2].filter((c) => c !== undefined && c !== null);
        return got.length === st.picked.size && got.every((c) => st.picked.has(c));
      });
      body = [choice(match ? say(match) : 'Discard …', () => match && act(match), { 'data-key': 'discard-ok', disabled: !match, class: 'primary' })];
    } else {
      body = byValue(say);
    }
    return h('div', { class: 'decision', id: 'decision', role: 'group', 'aria-label': abilityName(k) },
      h('p', {}, title), h('div', { class: 'choices' }, body));
  }

  function bidPanel(v) {
    const values = v.legal.filter((a) => a.kind === 'bid').map((a) => a.value);
    const pick = st.bidPick;
    return h('div', { class: 'decision', id: 'bid' },
      h('div', { class: 'choices', role: 'radiogroup', 'aria-label': `Your bid, 0 to ${v.cards}` },
        values.map((x, k) => h('button', { type: 'button', role: 'radio', 'aria-checked': String(pick === x),
          tabindex: (pick === null ? k === 0 : pick === x) ? '0' : '-1', 'data-key': `bid-${x}`, 'data-group': 'bid', 'data-index': String(k),
          onclick: () => { st.bidPick = x; render(); } }, String(x)))),
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'primary', id: 'bid-confirm', 'data-key': 'bid-confirm', disabled: pick === null,
          onclick: () => pick !== null && act({ kind: 'bid', value: pick }) }, pick === null ? 'Choose a bid' : `Confirm bid ${pick}`),
        h('span', { class: 'hintline' }, 'Type a number, then Enter.')));
  }

  function abilityName(k) {
    return { rosie: "Rosie D'Laney's choice of leader", bendt: "Bendt the Bandit's draw", discard: "Bendt the Bandit's discard",
      wager: "Rascal of Roatan's wager", harry: "Harry the Giant's bid change", cannon: 'cannon load' }[k] || k;
  }

  // ---- the hand --------------------------------------------------------

  function hand(v, kinds) {
    const cards = [...v.hand].sort((a, b) => a.card - b.card);
    const discard = kinds.has('discard');
    const playing = kinds.has('play');
    if (st.handFocus >= cards.length) st.handFocus = cards.length - 1;
    let roving = st.handFocus;
    if (roving < 0) roving = Math.max(0, cards.findIndex((c) => c.playable));
    // --n lets the style overlap a long hand to fit one row on a phone.
    const box = h('div', { class: ['hand', playing && 'myturn'], id: 'hand', role: 'group', style: { '--n': String(Math.max(cards.length, 2)) },
      'aria-label': `Your hand, ${plural(cards.length, 'card')}${playing ? ': your turn' : ''}` });
    if (!cards.length) box.append(h('p', { class: 'muted' }, v.phase === 'over' ? '' : 'No cards in hand.'));
    cards.forEach((c, k) => {
      const lk = look(art(c), '', v.named);
      const usable = discard || c.playable;
      // Only on this seat's turn to play is a card refused (greyed, marked
      // ⊘): through the bidding and others' turns the hand is there to be
      // read, and a card clicked then still says why it waits.
      const refused = playing && !c.playable;
      // Why a card may not be played is the engine's refusal, worded; it is
      // shown in the line under the hand, which covers nothing.
      const why = cardWhy(c, discard);
      const state = usable ? (discard ? (st.picked.has(c.card) ? ', picked' : '') : ', playable') : refused ? `, not playable: ${why}` : '';
      const el = h('button', { type: 'button', class: cardClasses(lk, st.picked.has(c.card) && 'picked', refused && 'refused'),
        'data-key': `c${c.card}`, 'data-group': 'hand', 'data-index': String(k), 'data-code': c.code, 'data-card': String(c.card),
        tabindex: k === roving ? '0' : '-1', 'aria-disabled': String(!usable),
        'aria-label': lk.long + (st.fresh.has(c.card) ? ', new: drawn with Bendt the Bandit' : '') + state,
        'aria-pressed': discard ? String(st.picked.has(c.card)) : null,
        onclick: () => clickCard(c, k, v, discard, why),
        onfocus: () => { st.handFocus = k; showCardWhy(refused || discard ? c.card : null); },
        onmouseenter: () => showCardWhy(refused || discard ? c.card : null),
      }, cardFace(lk), st.fresh.has(c.card) ? h('span', { class: 'new-card', 'aria-hidden': 'true' }, 'new') : null);
      box.append(el);
    });
    return box;
  }

  // cardWhy words why a card in the hand may not be played now: the
  // engine's refusal, from the view the card came in.
  function cardWhy(c, discard) {
    return discard ? 'pick to discard' : c.playable ? '' : c.why ? st.words.refusal(c.why) : 'not playable now';
  }

  // The line under the hand says why a card waits, or why the server
  // refused a move. A card's reason is worded anew from each view drawn,
  // never kept as words: while it shows, the bids and plays of others
  // change it ("waiting for Ann and you" becomes "Bid first").
  function showWhy(text) {
    st.why = text ? { text } : null;
    drawWhy();
  }
  function showCardWhy(card) {
    st.why = card === null || card === undefined ? null : { card };
    drawWhy();
  }
  function whyText(v) {
    if (!st.why) return '';
    if (st.why.text) return st.why.text;
    const c = v.hand.find((x) => x.card === st.why.card);
    return c ? cardWhy(c, v.legal.some((a) => a.kind === 'discard')) : '';
  }
  function drawWhy() {
    const el = document.getElementById('whyline');
    if (el) el.textContent = whyText(live());
  }

  function clickCard(c, k, v, discard, why) {
    st.handFocus = k;
    if (discard) {
      if (st.picked.has(c.card)) st.picked.delete(c.card); else st.picked.add(c.card);
      const n = v.pending && v.pending.draw ? v.pending.draw : 2;
      while (st.picked.size > n) st.picked.delete(st.picked.values().next().value);
      render();
      return;
    }
    if (!c.playable) {
      showCardWhy(c.card);
      announce(why);
      return;
    }
    // A card played with a declaration (the Tigress) offers a choice; the
    // legal actions say which card needs one.
    const plays = v.legal.filter((x) => x.kind === 'play' && x.card === c.card);
    if (plays.some((x) => x.as)) {
      st.tigress = { card: c.card };
      st.focusNext = 'decision';
      render();
      return;
    }
    act(plays[0] || { kind: 'play', card: c.card });
  }

  // secrets shows what only this seat knows: Juanita's look at the undealt
  // cards and Bendt's discards.
  function secrets(v) {
    const parts = [];
    if (v.undealt_seen && v.undealt_seen.length) parts.push(h('div', {}, h('p', {}, 'Juanita Jade showed you the undealt cards:'),
      h('div', { class: 'row' }, v.undealt_seen.map((c) => card(art(c), { small: true, named: v.named })))));
    if (v.discarded && v.discarded.length) parts.push(h('div', {}, h('p', {}, 'You discarded, face down:'),
      h('div', { class: 'row' }, v.discarded.map((c) => card(art(c), { small: true, named: v.named })))));
    return parts.length ? h('section', { class: 'panel secrets', id: 'secrets', 'aria-label': 'What only you know' }, parts) : null;
  }

  // ---- rounds, sheet, game over ----------------------------------------

  // roundPanel is the round just scored, part by part, shown through the
  // next round's bidding.
  function roundPanel(v) {
    if (!v.results.length || v.phase !== 'bidding') return null;
    const r = v.results[v.results.length - 1];
    if (r.round !== v.round - 1) return null;
    return summaryBox(v, v.results.length - 1, 'round-summary');
  }

  function summaryBox(v, k, elId) {
    const r = v.results[k];
    return h('section', { class: 'panel summary-box', id: elId, 'aria-labelledby': elId + '-h' },
      h('h2', { id: elId + '-h' }, `Round ${r.round}: the score`),
      roundSummary(v, r, st.words, k > 0 ? v.results[k - 1] : null, `Round ${r.round}, part by part`));
  }

  function gameOver(v) {
    const t = st.info;
    const saved = remember.seat(id);
    let rematch;
    if (t.rematch) {
      rematch = h('button', { type: 'button', class: 'primary', id: 'go-rematch', onclick: () => {
        if (saved && st.seat >= 0) remember.setSeat(t.rematch, saved.seat, saved.token);
        navigate('/t/' + t.rematch);
      } }, 'Go to the rematch');
    } else if (isHost()) {
      rematch = h('button', { type: 'button', id: 'rematch', onclick: () => st.conn.send({ type: 'rematch' }) }, 'Offer a rematch');
    } else rematch = h('span', { class: 'muted' }, 'The host may offer a rematch.');
    return h('section', { class: 'panel over-box', id: 'game-over', 'aria-labelledby': 'go-h' },
      h('h2', { id: 'go-h' }, 'Game over'),
      h('p', { class: 'winner', id: 'winner' }, winnerLine(v).replace(/^Game over: /, '')),
      // What comes next is in view with the winner, above the sheet.
      h('div', { class: 'row next-steps' },
        h('a', { class: 'button', href: `/t/${id}/review`, 'data-nav': '', id: 'go-review' }, "The captain's review"),
        rematch,
        h('a', { class: 'button', href: `/api/tables/${id}/record`, download: `skullking-${id}.json`, id: 'download-record' }, 'Download the game record'),
        h('a', { class: 'button', href: '/', 'data-nav': '' }, 'Back to the lobby')),
      v.results.length ? summaryBox(v, v.results.length - 1, 'final-round') : null,
      fullSheet(v, st.words), chart(v));
  }

  // drawSheet fills the sheet window: the score sheet and the chart, the
  // chart first when the window was opened for it.
  function drawSheet() {
    const v = st.view;
    if (st.sheetMode === 'tricks') { drawTricks(v); return; }
    const chartFirst = st.sheetMode === 'chart';
    sheetDlg.dataset.mode = st.sheetMode;
    sheetDlg.replaceChildren(h('div', {},
      h('button', { type: 'button', class: 'close', onclick: () => sheetDlg.close() }, 'Close'),
      h('h2', { id: 'sheet-title' }, chartFirst ? 'Score chart' : 'Score sheet'),
      v ? [chartFirst ? chart(v) : null, fullSheet(v, st.words), chartFirst ? null : chart(v),
        v.phase === 'over' ? h('a', { class: 'button', href: `/api/tables/${id}/record`, download: `skullking-${id}.json` }, 'Download the game record') : null]
        : h('p', {}, 'The game has not started.')));
  }

  // drawTricks fills the sheet window with the tricks of the round so
  // far, each with its cards and the sentence that says who won it and
  // why: the round's story, as t tells it in the terminal. Before the
  // first trick of a round is done, the last round's last trick.
  function drawTricks(v) {
    sheetDlg.dataset.mode = 'tricks';
    const tricks = !v ? [] : v.tricks.length ? v.tricks : v.last_trick ? [v.last_trick] : [];
    const round = tricks.length ? tricks[0].round : v ? v.round : 0;
    sheetDlg.replaceChildren(h('div', {},
      h('button', { type: 'button', class: 'close', onclick: () => sheetDlg.close() }, 'Close'),
      h('h2', { id: 'sheet-title' }, round ? `Round ${round}: the tricks` : 'The tricks'),
      tricks.length ? h('ol', { class: 'trick-list', id: 'trick-list' }, tricks.map((t) => h('li', { 'data-trick': trickKey(t) },
        h('h3', {}, `Trick ${t.number}`),
        h('ol', { class: 'trick' }, t.plays.map((p, k) => trickCard(p, k === t.winning ? (t.outcome === 'won' ? 'took it' : t.outcome) : '', v))),
        h('p', { class: 'outcome' }, trickWords(v, t)))))
        : h('p', {}, 'No trick is done yet.')));
  }

  // toggleSheet opens the sheet window in a mode (sheet or chart), or
  // closes it when it is open in that mode already.
  function toggleSheet(mode = 'sheet') {
    if (sheetDlg.open && st.sheetMode === mode) { sheetDlg.close(); return; }
    if (helpDlg.open) helpDlg.close();
    st.sheetMode = mode;
    drawSheet();
    if (!sheetDlg.open) sheetDlg.showModal();
  }

  function toggleHelp() {
    if (helpDlg.open) { helpDlg.close(); return; }
    if (sheetDlg.open) sheetDlg.close();
    const k = (key, what) => [h('span', {}, h('kbd', {}, key)), h('span', {}, what)];
    helpDlg.replaceChildren(
      h('button', { type: 'button', class: 'close', onclick: () => helpDlg.close() }, 'Close'),
      h('h2', { id: 'help-title' }, 'Keyboard'),
      h('div', { class: 'keys' },
        k('← →', 'move across your hand (Home, End: first and last card)'),
        k('Enter', 'play the card (or press the focused button)'),
        k('0–9', 'choose a bid; Enter confirms it'),
        k('h', 'ask the expert bot what to do now'),
        k('n', 'continue: end the pause after a completed trick'),
        k('s', 'score sheet'),
        k('c', 'score chart: the running totals'),
        k('t', "the round's tricks so far, each with who won it and why"),
        k('?', 'this help'),
        k('Esc', 'close a window, or cancel the Tigress choice')),
      h('p', {}, 'A card you may not play says why, in the line under your hand, when it has the focus or the pointer or is tapped. ',
        h('a', { href: '/rules', target: '_blank', rel: 'noopener' }, 'The rules')),
      h('h2', {}, 'Pace'),
      h('label', { class: 'field', for: 'pause-help' }, h('span', {}, 'After each trick, before the next one starts'), pauseSelect('pause-help')),
      h('p', { class: 'muted' }, 'A completed trick stays on the table with the reason it was won; “Continue” ends the pause. ' +
        'When it is your turn, the pause lasts 1.5 s at most.'));
    helpDlg.showModal();
  }

  // hint asks the server's expert for advice; the answer (a 'hint'
  // message) goes to this client alone and is shown and announced.
  function hint() {
    if (st.seat < 0) { toast('Hints are for seated players.'); return; }
    if (!st.conn || !st.conn.send({ type: 'hint' })) toast('Not connected: wait for the reconnection.', 'error');
  }

  // ---- chat --------------------------------------------------------------

  // The chat box is built once and moved between redraws, so an open box
  // stays open and a half-typed line survives the moves at the table.
  let chatEl = null;
  let chatForm = null;
  let chatNote = null;
  let chatMark = null;
  function chatBox() {
    if (chatEl) {
      showChatForm();
      return chatEl;
    }
    const input = h('input', { id: 'chat-input', 'data-key': 'chat-input', 'aria-label': 'Chat message', autocomplete: 'off' });
    serverInfo().then((i) => { if (i.max_chat) input.maxLength = i.max_chat; });
    const send = (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (st.conn && st.conn.send({ type: 'chat', text })) input.value = '';
    };
    chatForm = h('form', { onsubmit: send }, input, h('button', { type: 'submit', 'data-key': 'chat-send' }, 'Send'));
    chatNote = h('p', { class: 'muted', id: 'chat-closed' }, 'Spectators watch without chatting at this table.');
    chatMark = h('span', { class: 'unread', id: 'chat-unread', hidden: true });
    // Opened from the unread mark, which on a phone floats in view
    // wherever the chat is (style.css), the box is brought into view.
    const opened = () => {
      if (!chatEl.open) return;
      st.unread = 0;
      drawUnread();
      chatEl.scrollIntoView({ block: 'nearest' });
    };
    chatEl = h('details', { class: 'chat panel', id: 'chat', ontoggle: opened },
      h('summary', { 'data-key': 'chat-summary' }, 'Chat', chatMark),
      h('ol', { id: 'chat-log', 'aria-label': 'Chat messages' }, chatLines()), chatForm, chatNote);
    showChatForm();
    drawUnread();
    return chatEl;
  }
  // drawUnread marks the closed chat with the number of lines unread.
  function drawUnread() {
    if (!chatMark) return;
    chatMark.hidden = st.unread === 0;
    chatMark.textContent = st.unread ? String(st.unread) : '';
    chatMark.setAttribute('aria-label', `${plural(st.unread, 'unread message')}`);
  }
  // showChatForm offers the line to write only to those who may: the
  // players, and spectators when the host allows it.
  function showChatForm() {
    const open = st.seat >= 0 || Boolean(st.info && st.info.spectator_chat);
    chatForm.hidden = !open;
    chatNote.hidden = open;
  }
  // keepLine adds a chat line to the log unless the log holds it already
  // (its number names it), and tells whether it did. A line from someone
  // else while the chat is closed is unread.
  function keepLine(m) {
    if (m.line && st.chat.some((c) => c.line === m.line)) return false;
    st.chat.push(m);
    st.chat.sort((a, b) => (a.line || 0) - (b.line || 0));
    // A line older than the hundred the page keeps is not kept either.
    if (st.chat.length > 100 && st.chat.shift() === m) return false;
    if (!(chatEl && chatEl.open) && !(st.seat >= 0 && m.seat === st.seat)) st.unread++;
    return true;
  }
  // catchUp takes a welcome's chat history: the lines said while this page
  // was away (or before it came) join the log, those it shows already are
  // not repeated.
  function catchUp(lines) {
    let added = 0;
    for (const l of lines) if (keepLine(l)) added++;
    if (added) drawChat();
  }
  function chatLines() {
    return st.chat.map((c) => h('li', {}, h('strong', {}, c.name), ': ', c.text));
  }
  function drawChat() {
    const log = document.getElementById('chat-log');
    if (log) { log.replaceChildren(...chatLines()); log.scrollTop = log.scrollHeight; }
    drawUnread();
  }

  // ---- keyboard ----------------------------------------------------------

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || !st.info) return;
    const t = e.target;
    if (t && t.closest && t.closest('input, textarea, select')) return;
    const v = live();
    const key = e.key;
    if (key === '?') { e.preventDefault(); toggleHelp(); return; }
    if (key === 's' || key === 'S') { if (v) { e.preventDefault(); toggleSheet('sheet'); } return; }
    if (key === 'c' || key === 'C') { if (v) { e.preventDefault(); toggleSheet('chart'); } return; }
    if (key === 't' || key === 'T') { if (v) { e.preventDefault(); toggleSheet('tricks'); } return; }
    if (document.querySelector('dialog[open]')) return;
    if (key === 'h' || key === 'H') { e.preventDefault(); hint(); return; }
    if ((key === 'n' || key === 'N') && st.holding) { e.preventDefault(); skipPause(); return; }
    if (!v) return;
    if (key === 'Escape' && st.tigress) { st.tigress = null; st.focusNext = 'hand'; render(); return; }
    const bidding = v.legal.some((a) => a.kind === 'bid');
    if (bidding && /^[0-9]$/.test(key)) {
      e.preventDefault();
      const now = Date.now();
      const joined = now - st.digitAt < 900 ? st.digits + key : key;
      st.digitAt = now;
      const ok = (x) => v.legal.some((a) => a.kind === 'bid' && a.value === x);
      if (ok(Number(joined))) { st.digits = joined; st.bidPick = Number(joined); } else if (ok(Number(key))) { st.digits = key; st.bidPick = Number(key); } else {
        // A digit no bid starts with is refused as the engine would.
        const why = st.words.refusal({ code: 'bid_out_of_range', count: v.cards });
        showWhy(why);
        announce(why, true);
        return;
      }
      st.why = null;
      render();
      const c = document.getElementById('bid-confirm');
      if (c) c.focus();
      return;
    }
    const arrows = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -99, End: 99 };
    if (!(key in arrows)) return;
    const inBid = t && t.dataset && t.dataset.group === 'bid';
    const group = inBid ? 'bid' : 'hand';
    const all = [...root.querySelectorAll(`[data-group="${group}"]`)];
    if (!all.length) return;
    e.preventDefault();
    let k = all.indexOf(t);
    if (k < 0) k = Math.max(0, all.findIndex((el) => el.getAttribute('tabindex') === '0'));
    else k = Math.min(all.length - 1, Math.max(0, k + arrows[key]));
    if (group === 'bid') {
      st.bidPick = v.legal.filter((a) => a.kind === 'bid')[k].value;
      render();
      const el = root.querySelector(`[data-key="bid-${st.bidPick}"]`);
      if (el) el.focus();
    } else {
      all.forEach((el, j) => el.setAttribute('tabindex', j === k ? '0' : '-1'));
      st.handFocus = k;
      all[k].focus();
    }
  }
  document.addEventListener('keydown', onKey);
  // A phone turned, or a window resized, shows the trick again.
  const onResize = () => {
    const stage = root.querySelector('#stage');
    if (!stage || !st.view) return;
    st.stageTrick = '';
    placeStage(stage, stage.scrollTop);
  };
  window.addEventListener('resize', onResize);

  // ---- start -------------------------------------------------------------

  const saved = remember.seat(id);
  if (saved && saved.token && !new URLSearchParams(location.search).has('watch')) connect({ token: saved.token });
  else picker();

  return () => {
    st.gone = true;
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('resize', onResize);
    document.body.classList.remove('at-table', 'in-game');
    clearInterval(clock);
    if (st.conn) st.conn.stop();
    sheetDlg.remove();
    helpDlg.remove();
    const banner = document.getElementById('banner');
    clearInterval(banner._tick);
    banner.hidden = true;
  };
}

