// The table screen: the seat picker of an invite link, the table before
// the start (seats, invite link, host tools), the game itself, the score
// sheet and the end of the game. It draws only what the server sends: the
// view holds this seat's hand and what is public, marks each card playable
// or not with the engine's reason, and lists the legal actions, which the
// client sends back as they are (docs/protocol.md §6, §7).

import { h, icon, announce, toast, keepFocus, plural, names } from './dom.js';
import { api, remember, serverInfo, botName, tableLink } from './api.js';
import { TableConn } from './conn.js';
import { card, cardBack, cardFace, cardInfo, suitIcon, suitLabel } from './cards.js';
import { fullSheet, chart, roundSummary } from './sheet.js';

const TIGRESS = 61;

export function openTable(root, id, navigate) {
  const st = {
    conn: null, seat: -1, info: null, view: null, seq: -1, deadline: 0,
    bidPick: null, digits: '', digitAt: 0, tigress: false, picked: new Set(), handFocus: -1,
    busy: false, busyTimer: 0, chat: [], focusNext: '', whyText: '', gone: false,
  };
  let clock = 0;
  const sheetDlg = h('dialog', { id: 'sheet-dialog', 'aria-labelledby': 'sheet-title' });
  const helpDlg = h('dialog', { id: 'help-dialog', 'aria-labelledby': 'help-title' });
  document.body.append(sheetDlg, helpDlg);

  const isHost = () => st.seat >= 0 && st.info && st.info.host === st.seat;
  const name = (i) => (st.view && st.view.seats[i] ? st.view.seats[i].name : st.info && st.info.seats[i] ? st.info.seats[i].name || `seat ${i + 1}` : `seat ${i + 1}`);
  const who = (i) => (i === st.seat ? 'you' : name(i));
  const whose = (i) => (i === st.seat ? 'your' : `${name(i)}'s`);

  // ---- connecting -------------------------------------------------------

  function connect(hello) {
    if (st.conn) st.conn.stop();
    st.seq = -1;
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
        render();
        autostart();
        break;
      case 'table':
        st.info = m.table;
        render();
        autostart();
        break;
      case 'state':
        if (m.seq < st.seq) return;
        st.seq = m.seq;
        onState(m);
        break;
      case 'ack':
        unbusy();
        break;
      case 'error':
        unbusy();
        if (m.code === 'bad_token') {
          remember.dropSeat(id);
          st.conn.stop();
          picker('That seat no longer answers to this browser. Pick a seat or watch.');
        } else if (m.code === 'no_spectators') {
          st.conn.stop();
          picker('This table does not allow spectators.');
        } else if (m.code !== 'no_table') {
          toast(m.message || 'The server refused that.', 'error');
          announce(m.message, true);
        }
        break;
      case 'hint':
        toast(`Hint: ${m.text}`, 'hint');
        announce(`Hint: ${m.text}`);
        break;
      case 'chat':
        st.chat.push(m);
        if (st.chat.length > 100) st.chat.shift();
        drawChat();
        announce(`${m.name}: ${m.text}`);
        break;
      case 'bye':
        if (!/reconnect/i.test(m.reason || '')) {
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
    if (!st.conn.send({ type: 'act', action: a })) { toast('Not connected: wait for the reconnection.', 'error'); return; }
    st.busy = true;
    document.body.setAttribute('data-busy', '');
    clearTimeout(st.busyTimer);
    st.busyTimer = setTimeout(unbusy, 5000);
  }

  // ---- what changed: announcements and focus ---------------------------

  function onState(m) {
    const prev = st.view;
    const v = m.view;
    const said = [];
    const sameRound = prev && prev.round === v.round;
    if (!sameRound) {
      st.bidPick = null; st.tigress = false; st.picked.clear();
      if (prev && v.results.length > prev.results.length) {
        const r = v.results[v.results.length - 1];
        if (st.seat >= 0) said.push(`Round ${r.round} over: you scored ${r.points[st.seat]}, total ${r.totals[st.seat]}.`);
        else said.push(`Round ${r.round} over.`);
      }
      if (prev && v.tiebreak && v.phase !== 'over') said.push('The top is tied: a tiebreak round is dealt.');
    }
    if (prev && sameRound && v.tricks.length > prev.tricks.length) said.push(explain(v.tricks[v.tricks.length - 1], v));
    if (prev && sameRound && prev.phase === 'bidding' && v.phase !== 'bidding') {
      said.push('Bids revealed: ' + v.seats.filter((s) => !s.graybeard).map((s) => `${s.name} ${s.bid}`).join(', ') + '.');
    }
    if (m.event && m.event.seat === st.seat && (m.event.by === 'timer' || m.event.by === 'auto')) {
      toast(m.event.by === 'timer' ? 'Time ran out: the stand-in bot decided for you.' : 'Your last card was played for you.');
    }
    const kinds = new Set(v.legal.map((a) => a.kind));
    const wasMine = prev ? prev.legal.length > 0 : false;
    if (v.phase === 'over' && (!prev || prev.phase !== 'over')) {
      if (prev) said.push(winnerLine(v));
    } else if (kinds.size && !wasMine) {
      said.push(kinds.has('bid') ? `Round ${v.round}: your bid, 0 to ${v.cards}.` : kinds.has('play') ? 'Your turn.' : 'Your decision.');
      st.focusNext = kinds.has('bid') ? 'bid' : kinds.has('play') ? 'hand' : 'decision';
    } else if (!kinds.size && v.turn >= 0 && (!prev || prev.turn !== v.turn) && v.turn !== st.seat) {
      said.push(`${name(v.turn)}'s turn.`);
    }
    if (!kinds.has('play')) st.tigress = false;
    if (!kinds.has('discard')) st.picked.clear();
    st.view = v;
    st.deadline = m.deadline || 0;
    // A new decision (the next round's bid, say) is never blocked by the
    // wait for an earlier ack; moves by others leave the wait alone, so a
    // double click cannot send the same card twice.
    if (kinds.size && !wasMine) unbusy();
    render();
    if (said.length) announce(said.join(' '));
  }

  function winnerLine(v) {
    if (!v.winners.length) return 'Game over.';
    const total = v.seats[v.winners[0]].total;
    const ws = v.winners.map(name);
    return `Game over: ${names(ws)} ${ws.length > 1 ? 'share the win' : 'wins'} with ${total} points.`;
  }

  // explain says in one sentence who took a trick and why, and what it
  // carries if the bid holds (the engine's reason, composed with the names).
  function explain(t, v) {
    const nm = (i) => (v.seats[i] ? (i === st.seat ? 'you' : v.seats[i].name) : `seat ${i + 1}`);
    if (t.outcome === 'destroyed') return `The Kraken destroys the trick: nobody wins it. ${capital(nm(t.leader))} would have won and ${t.leader === st.seat ? 'lead' : 'leads'} next.`;
    if (t.outcome === 'discarded') return `The White Whale with no number played: the trick is discarded and ${nm(t.leader)} ${t.leader === st.seat ? 'lead' : 'leads'} next.`;
    const p = t.plays.find((x) => x.seat === t.winner);
    const cname = p ? cardInfo(p.code, p.as).name : 'card';
    const owner = t.winner === st.seat ? 'Your' : `${nm(t.winner)}'s`;
    let s = `${owner} ${cname} wins: ${t.reason}.`;
    const ghost = v.seats[t.winner] && v.seats[t.winner].graybeard;
    if (t.bonus > 0 && !ghost) s += ` +${t.bonus} if ${t.winner === st.seat ? 'your' : nm(t.winner) + "'s"} bid is exact.`;
    if (ghost) s += ' Graybeard takes it for nobody.';
    return s;
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
    const nick = h('input', { id: 'nick', maxlength: '24', value: remember.nick(), autocomplete: 'nickname' });
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
        h('a', { href: '/', 'data-nav': '', class: 'button' }, 'Back to the lobby'))));
    const first = root.querySelector('button.primary');
    if (first) first.focus();
  }

  // ---- rendering -------------------------------------------------------

  function render() {
    if (st.gone || !st.info) return;
    keepFocus(() => {
      if (st.info.status === 'lobby' || !st.view) root.replaceChildren(st.info.status === 'lobby' ? lobbyScreen() : h('p', { class: 'muted' }, 'Dealing…'));
      else root.replaceChildren(gameScreen());
    }, () => root.querySelector('.hand .card[tabindex="0"]'));
    if (st.focusNext) {
      const a = document.activeElement;
      const free = !a || a === document.body || a === root || (root.contains(a) && !a.closest('input, select, textarea, .chat'));
      if (free && !document.querySelector('dialog[open]')) {
        let el = null;
        if (st.focusNext === 'bid') el = root.querySelector('[data-group="bid"][aria-checked="true"]') || root.querySelector('[data-group="bid"]');
        else if (st.focusNext === 'hand') el = root.querySelector('.hand .card[aria-disabled="false"]');
        else el = root.querySelector('.decision button');
        if (el) el.focus({ preventScroll: false });
      }
      st.focusNext = '';
    }
    if (sheetDlg.open) drawSheet();
    tickClock();
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
    const t = st.info;
    const kinds = new Set(v.legal.map((a) => a.kind));
    // The tab's title tells a player in another tab that the table waits.
    document.title = `${kinds.size ? '▶ Your turn · ' : ''}Skull King — round ${v.round}`;
    return h('section', { class: 'game', 'aria-label': 'The table' },
      topBar(v),
      v.tiebreak && v.phase !== 'over' ? h('p', { class: 'notice', role: 'status' }, `Tiebreak round: the top total is tied, so round ${v.round} is played to break it.`) : null,
      h('h2', { class: 'sr-only' }, 'Seats'),
      h('ul', { class: 'seats', id: 'seats' }, seatOrder(v).map((i) => seatBox(v, t, i))),
      felt(v),
      st.seat >= 0 ? h('div', { class: 'mine-seat' }, h('ul', { class: 'seats' }, seatBox(v, t, st.seat))) : h('p', { class: 'muted', id: 'spectating' }, `You are watching${t.watching > 1 ? ` with ${t.watching - 1} other${t.watching > 2 ? 's' : ''}` : ''}: hands stay hidden.`),
      // The dock holds what the player acts on; on a phone it stays in
      // view at the bottom of the screen.
      h('div', { class: 'dock' },
        turnLine(v, kinds),
        decision(v, kinds),
        st.seat >= 0 && v.phase !== 'over' ? hand(v, kinds) : null,
        st.seat >= 0 && v.phase !== 'over' ? h('p', { class: 'whyline', id: 'whyline', 'aria-hidden': 'true' }, st.whyText) : null),
      secrets(v),
      v.phase === 'over' ? gameOver(v) : roundPanel(v),
      chatBox());
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
        h('button', { type: 'button', id: 'open-sheet', 'aria-keyshortcuts': 's', onclick: toggleSheet }, 'Sheet ', h('kbd', {}, 's')),
        st.seat >= 0 && v.phase !== 'over'
          ? h('button', { type: 'button', id: 'ask-hint', 'aria-keyshortcuts': 'h', onclick: hint }, 'Hint ', h('kbd', {}, 'h'))
          : null,
        h('button', { type: 'button', id: 'open-help', 'aria-keyshortcuts': '?', onclick: toggleHelp }, 'Keys ', h('kbd', {}, '?')),
        h('a', { class: 'button', href: '/', 'data-nav': '' }, 'Lobby')));
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
      lines.push(h('div', { class: 'st' }, h('strong', {}, `${s.total}`), ' pts', v.phase !== 'over' ? ` · ${plural(s.hand_size, 'card')}` : ''));
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

  function felt(v) {
    const trick = v.trick || [];
    const last = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
    let list;
    let caption = null;
    if (trick.length) {
      list = trick.map((p, k) => trickCard(p, k === v.winning, v));
    } else if (last && v.phase !== 'bidding') {
      caption = h('p', { class: 'lead' }, 'Last trick');
      list = last.plays.map((p) => trickCard(p, p.seat === last.winner, v, last.outcome === 'won' ? 'took it' : ''));
    } else {
      list = [h('li', { class: 'empty' }, v.phase === 'bidding' ? 'Bidding: the cards wait until every bid is in.' : v.phase === 'over' ? 'The game is over.' : 'No card played yet.')];
    }
    let lead = null;
    if (v.phase === 'playing' || v.phase === 'ability') {
      if (trick.length === 0) lead = `${capital(who(v.turn >= 0 ? v.turn : v.leader))} ${v.turn === st.seat ? 'lead' : 'leads'} trick ${v.trick_no}.`;
      else if (v.lead && v.lead.suit) lead = h('span', {}, suitIcon(v.lead.suit), ` ${capital(suitLabel(v.lead.suit))} led: follow it if you can, or play a special.`);
      else if (v.lead && v.lead.free) lead = 'Free trick: a character opened it, so nobody need follow.';
      else lead = 'No suit yet: only escapes so far.';
    }
    return h('section', { class: 'felt', 'aria-label': `Trick ${v.trick_no || ''}` },
      caption,
      h('ol', { class: ['trick', !trick.length && last && 'last'], id: 'trick' }, list),
      lead ? h('p', { class: 'lead', id: 'lead' }, lead) : null,
      last && v.phase !== 'bidding' ? h('p', { class: ['outcome', trick.length && 'last'], id: 'outcome' }, trick.length ? 'Last trick: ' : '', explain(last, v)) : null);
  }

  function trickCard(p, winning, v, label = 'winning') {
    const nm = p.seat === st.seat ? 'you' : v.seats[p.seat] ? v.seats[p.seat].name : '';
    return h('li', { class: winning ? 'winning' : null, 'data-seat': String(p.seat) },
      winning && label ? h('span', { class: 'win' }, `★ ${label}`) : null,
      card(p.code, { as: p.as }),
      h('span', { class: 'who' }, nm),
      winning && label ? h('span', { class: 'sr-only' }, `, ${label}`) : null);
  }

  function turnLine(v, kinds) {
    let text;
    let mine = kinds.size > 0;
    const waiting = v.seats.filter((s) => !s.graybeard && !s.has_bid).map((s) => s.name);
    if (v.phase === 'over') { text = winnerLine(v); mine = false; }
    else if (kinds.has('bid')) text = `Your bid: how many tricks will you win? (0 to ${v.cards})`;
    else if (v.phase === 'bidding') {
      const me = st.seat >= 0 ? v.seats[st.seat] : null;
      text = me && me.bid !== null ? `You bid ${me.bid} — waiting for ${names(waiting)}…` : `Bidding — waiting for ${names(waiting)}…`;
    } else if (kinds.has('cannon')) text = 'Load your cannon: Grapeshot or Cannonball?';
    else if (v.phase === 'cannon') text = 'Waiting for the others to load their cannons…';
    else if (kinds.has('play')) text = `Your turn — ${leadAdvice(v)}`;
    else if (v.phase === 'playing') text = v.turn >= 0 ? `${name(v.turn)} is playing…` : 'Waiting…';
    else if (v.phase === 'ability' && v.pending) text = v.pending.seat === st.seat ? abilityTitle(v.pending) : `${name(v.pending.seat)} is deciding: ${abilityName(v.pending.kind)}…`;
    else text = '';
    return h('p', { class: ['turnline', mine && 'mine'], id: 'turnline' }, text,
      st.deadline ? h('span', { class: 'clock', id: 'clock' }) : null);
  }

  function leadAdvice(v) {
    if (!v.trick.length) return 'you lead: play any card.';
    if (v.lead && v.lead.suit) {
      const letter = v.lead.suit[0].toUpperCase();
      const has = v.hand.some((c) => /^[GYPB]\d/.test(c.code) && c.code[0] === letter);
      return has ? `follow ${v.lead.suit} or play a special.` : `you have no ${v.lead.suit}: play any card.`;
    }
    return 'play any card.';
  }

  function tickClock() {
    clearInterval(clock);
    if (!st.deadline) return;
    const run = () => {
      const el = document.getElementById('clock');
      if (!el) return;
      const left = Math.max(0, Math.ceil((st.deadline - Date.now()) / 1000));
      el.textContent = `⏱ ${left} s`;
    };
    run();
    clock = setInterval(run, 1000);
  }

  // ---- decisions -------------------------------------------------------

  function choice(label, onclick, attrs = {}) {
    return h('button', Object.assign({ type: 'button', onclick }, attrs), label);
  }

  function decision(v, kinds) {
    if (kinds.has('bid')) return bidPanel(v);
    if (kinds.has('play') && st.tigress) {
      const opts = v.legal.filter((a) => a.kind === 'play' && a.card === TIGRESS);
      return h('div', { class: 'decision', id: 'tigress', role: 'group', 'aria-label': 'Play the Tigress as' },
        h('p', {}, 'Play the Tigress as:'),
        h('div', { class: 'choices' },
          opts.map((a) => choice(a.as === 'pirate' ? 'Pirate — wins like a Pirate' : 'Escape — loses like an Escape',
            () => { st.tigress = false; act(a); }, { 'data-key': 'tig-' + a.as, 'data-group': 'tig' })),
          choice('Cancel', () => { st.tigress = false; render(); }, { 'data-key': 'tig-cancel' })));
    }
    const other = v.legal.filter((a) => a.kind !== 'play' && a.kind !== 'bid');
    if (!other.length) return null;
    const k = other[0].kind;
    const byValue = (label) => other.filter((a) => a.kind === k).map((a) => choice(label(a.value), () => act(a), { 'data-key': `${k}-${a.value}` }));
    let title = '';
    let body;
    if (k === 'cannon') {
      title = 'Choose your cannon load in secret; all are revealed together.';
      body = byValue((x) => (x === 1 ? `Cannonball — 15 × ${v.cards} if exact, else nothing` : 'Grapeshot — full if exact, half if off by one'));
    } else if (k === 'rosie') {
      title = "Rosie D'Laney: choose who leads the next trick.";
      body = byValue((x) => capital(who(x)));
    } else if (k === 'bendt') {
      title = 'Bendt the Bandit: draw two undealt cards, then discard two face down?';
      body = byValue((x) => (x === 1 ? 'Draw and discard' : 'Decline'));
    } else if (k === 'wager') {
      title = 'Rascal of Roatan: wager on your bid (won if it is exact, lost otherwise).';
      body = byValue((x) => `Wager ${x}`);
    } else if (k === 'harry') {
      const myBid = v.seats[st.seat].bid;
      title = `Harry the Giant: change your bid by one (now ${myBid}).`;
      body = byValue((x) => (x === 0 ? `Keep ${myBid}` : `${x > 0 ? '+1' : '−1'} → bid ${myBid + x}`));
    } else if (k === 'discard') {
      const n = v.pending && v.pending.draw ? v.pending.draw : 2;
      title = `Bendt the Bandit: pick ${plural(n, 'card')} from your hand to discard face down, then confirm.`;
      const match = other.find((a) => {
        const got = [a.card, a.card2].filter((c) => c !== undefined && c !== null);
        return got.length === st.picked.size && got.every((c) => st.picked.has(c));
      });
      body = [choice(`Discard ${st.picked.size ? [...st.picked].map((c) => cardInfo(v.hand.find((x) => x.card === c).code).name).join(' and ') : '…'}`,
        () => match && act(match), { 'data-key': 'discard-ok', disabled: !match, class: 'primary' })];
    } else {
      title = 'Your decision:';
      body = other.map((a) => choice(`${a.kind} ${a.value !== undefined ? a.value : a.code || ''}`, () => act(a)));
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
        h('span', { class: 'hintline' }, 'Type a number and press Enter. Bids stay secret until everyone has bid.')));
  }

  function abilityName(k) {
    return { rosie: "Rosie D'Laney's choice of leader", bendt: "Bendt the Bandit's draw", discard: "Bendt the Bandit's discard",
      wager: "Rascal of Roatan's wager", harry: "Harry the Giant's bid change", cannon: 'cannon load' }[k] || k;
  }
  function abilityTitle(p) { return `Your ${abilityName(p.kind).replace(/^.*?'s /, '')}: choose below.`; }

  // ---- the hand --------------------------------------------------------

  function hand(v, kinds) {
    const cards = [...v.hand].sort((a, b) => a.card - b.card);
    const discard = kinds.has('discard');
    const playing = kinds.has('play');
    if (st.handFocus >= cards.length) st.handFocus = cards.length - 1;
    let roving = st.handFocus;
    if (roving < 0) roving = Math.max(0, cards.findIndex((c) => c.playable));
    const box = h('div', { class: ['hand', playing && 'myturn'], id: 'hand', role: 'group',
      'aria-label': `Your hand, ${plural(cards.length, 'card')}${playing ? ': your turn' : ''}` });
    if (!cards.length) box.append(h('p', { class: 'muted' }, v.phase === 'over' ? '' : 'No cards in hand.'));
    cards.forEach((c, k) => {
      const info = cardInfo(c.code);
      const usable = discard || c.playable;
      const why = discard ? 'pick to discard' : c.playable ? '' : c.why || 'not playable now';
      const el = h('button', { type: 'button', class: ['card', 'c-' + info.cls, info.number ? 'num' : 'special', st.picked.has(c.card) && 'picked'],
        'data-key': `c${c.card}`, 'data-group': 'hand', 'data-index': String(k), 'data-code': c.code,
        tabindex: k === roving ? '0' : '-1', 'aria-disabled': String(!usable),
        'aria-label': `${info.long}${usable ? (discard ? (st.picked.has(c.card) ? ', picked' : '') : ', playable') : `, not playable: ${why}`}`,
        'aria-pressed': discard ? String(st.picked.has(c.card)) : null,
        onclick: () => clickCard(c, k, v, discard),
        onfocus: () => { st.handFocus = k; showWhy(why); },
        onmouseenter: () => showWhy(why),
      }, cardFace(info), !usable ? h('span', { class: 'why', 'aria-hidden': 'true' }, why) : null);
      box.append(el);
    });
    return box;
  }

  function showWhy(text) {
    st.whyText = text || '';
    const el = document.getElementById('whyline');
    if (el) el.textContent = st.whyText;
  }

  function clickCard(c, k, v, discard) {
    st.handFocus = k;
    if (discard) {
      if (st.picked.has(c.card)) st.picked.delete(c.card); else st.picked.add(c.card);
      const n = v.pending && v.pending.draw ? v.pending.draw : 2;
      while (st.picked.size > n) st.picked.delete(st.picked.values().next().value);
      render();
      return;
    }
    if (!c.playable) {
      const why = c.why || 'not playable now';
      showWhy(why);
      announce(why);
      return;
    }
    if (c.card === TIGRESS) {
      st.tigress = true;
      st.focusNext = 'decision';
      render();
      return;
    }
    const a = v.legal.find((x) => x.kind === 'play' && x.card === c.card) || { kind: 'play', card: c.card };
    act(a);
  }

  // secrets shows what only this seat knows: Juanita's look at the undealt
  // cards and Bendt's discards.
  function secrets(v) {
    const parts = [];
    if (v.undealt_seen && v.undealt_seen.length) parts.push(h('div', {}, h('p', {}, 'Juanita Jade showed you the undealt cards:'),
      h('div', { class: 'row' }, v.undealt_seen.map((c) => card(c.code, { small: true })))));
    if (v.discarded && v.discarded.length) parts.push(h('div', {}, h('p', {}, 'You discarded, face down:'),
      h('div', { class: 'row' }, v.discarded.map((c) => card(c.code, { small: true })))));
    return parts.length ? h('section', { class: 'panel' }, parts) : null;
  }

  // ---- rounds, sheet, game over ----------------------------------------

  function roundPanel(v) {
    if (!v.results.length || v.phase !== 'bidding') return null;
    const r = v.results[v.results.length - 1];
    if (r.round !== v.round - 1) return null;
    return h('section', { class: 'panel', id: 'round-summary', 'aria-labelledby': 'rs-h' },
      h('h2', { id: 'rs-h' }, `Round ${r.round}: the score`), roundSummary(v, r, `Round ${r.round}`));
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
      fullSheet(v), chart(v),
      h('div', { class: 'row' },
        h('a', { class: 'button', href: `/api/tables/${id}/record`, download: `skullking-${id}.json`, id: 'download-record' }, 'Download the game record'),
        rematch, h('a', { class: 'button', href: '/', 'data-nav': '' }, 'Back to the lobby')));
  }

  function drawSheet() {
    const v = st.view;
    sheetDlg.replaceChildren(h('div', {},
      h('button', { type: 'button', class: 'close', onclick: () => sheetDlg.close() }, 'Close'),
      h('h2', { id: 'sheet-title' }, 'Score sheet'),
      v ? [fullSheet(v), chart(v),
        v.phase === 'over' ? h('a', { class: 'button', href: `/api/tables/${id}/record`, download: `skullking-${id}.json` }, 'Download the game record') : null]
        : h('p', {}, 'The game has not started.')));
  }

  function toggleSheet() {
    if (sheetDlg.open) { sheetDlg.close(); return; }
    if (helpDlg.open) helpDlg.close();
    drawSheet();
    sheetDlg.showModal();
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
        k('s', 'score sheet and chart'),
        k('?', 'this help'),
        k('Esc', 'close a window, or cancel the Tigress choice')),
      h('p', {}, 'A card you may not play says why when it has the focus or the pointer. ',
        h('a', { href: '/rules', target: '_blank', rel: 'noopener' }, 'The rules')));
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
  function chatBox() {
    if (chatEl) return chatEl;
    const input = h('input', { id: 'chat-input', 'data-key': 'chat-input', maxlength: '300', 'aria-label': 'Chat message', autocomplete: 'off' });
    const send = (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (st.conn && st.conn.send({ type: 'chat', text })) input.value = '';
    };
    chatEl = h('details', { class: 'chat panel', id: 'chat' }, h('summary', { 'data-key': 'chat-summary' }, 'Chat'),
      h('ol', { id: 'chat-log', 'aria-label': 'Chat messages' }, chatLines()),
      h('form', { onsubmit: send }, input, h('button', { type: 'submit', 'data-key': 'chat-send' }, 'Send')));
    return chatEl;
  }
  function chatLines() {
    return st.chat.map((c) => h('li', {}, h('strong', {}, c.name), ': ', c.text));
  }
  function drawChat() {
    const log = document.getElementById('chat-log');
    if (log) { log.replaceChildren(...chatLines()); log.scrollTop = log.scrollHeight; }
  }

  // ---- keyboard ----------------------------------------------------------

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || !st.info) return;
    const t = e.target;
    if (t && t.closest && t.closest('input, textarea, select')) return;
    const v = st.view;
    const key = e.key;
    if (key === '?') { e.preventDefault(); toggleHelp(); return; }
    if (key === 's' || key === 'S') { if (v) { e.preventDefault(); toggleSheet(); } return; }
    if (document.querySelector('dialog[open]')) return;
    if (key === 'h' || key === 'H') { e.preventDefault(); hint(); return; }
    if (!v) return;
    if (key === 'Escape' && st.tigress) { st.tigress = false; st.focusNext = 'hand'; render(); return; }
    const bidding = v.legal.some((a) => a.kind === 'bid');
    if (bidding && /^[0-9]$/.test(key)) {
      e.preventDefault();
      const now = Date.now();
      const joined = now - st.digitAt < 900 ? st.digits + key : key;
      st.digitAt = now;
      const ok = (x) => v.legal.some((a) => a.kind === 'bid' && a.value === x);
      if (ok(Number(joined))) { st.digits = joined; st.bidPick = Number(joined); } else if (ok(Number(key))) { st.digits = key; st.bidPick = Number(key); } else return;
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

  // ---- start -------------------------------------------------------------

  const saved = remember.seat(id);
  if (saved && saved.token && !new URLSearchParams(location.search).has('watch')) connect({ token: saved.token });
  else picker();

  return () => {
    st.gone = true;
    document.removeEventListener('keydown', onKey);
    clearInterval(clock);
    if (st.conn) st.conn.stop();
    sheetDlg.remove();
    helpDlg.remove();
    const banner = document.getElementById('banner');
    clearInterval(banner._tick);
    banner.hidden = true;
  };
}

function capital(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }
