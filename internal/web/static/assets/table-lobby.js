// The table before the game: the seat picker of an invite link (a seat
// to sit in, or watching), and the table waiting for its start — its
// seats, the invite link, the rules it plays differently, and the host's
// tools (seats changed, bots added, the start).

import { h, toast, plural } from './dom.js';
import { api, remember, serverInfo, botName, tableLink, nickLimit } from './api.js';
import { optionOf, valueLabel } from './catalog.js';

// lobbyViews gives the table's context (table.js) the screens before the game.
export function lobbyViews(ctx) {
  const { st, root, id } = ctx;
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
      ctx.connect({ token: j.data.token });
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
        t.spectators ? h('button', { id: 'watch', onclick: () => ctx.connect({ spectate: true }) }, 'Watch this table') : h('span', { class: 'muted' }, 'This table is closed to spectators.'),
        t.status === 'over' ? h('a', { href: `/t/${id}/review`, 'data-nav': '', class: 'button', id: 'picker-review' }, "The captain's review") : null,
        h('a', { href: '/', 'data-nav': '', class: 'button' }, 'Back to the lobby'))));
    const first = root.querySelector('button.primary');
    if (first) first.focus();
  }

  function lobbyScreen() {
    const t = st.info;
    document.title = `Skull King — ${t.name || 'table ' + id}`;
    const host = ctx.isHost();
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
      ctx.chatBox());
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

  return { lobbyScreen, picker, rulesList, seatControl, serverLevels };
}
