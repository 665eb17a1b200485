// The table before the game: the seat picker of an invite link (a seat
// to sit in, or watching), and the table waiting for its start — its
// seats, the invite link, the rules it plays differently, and the host's
// tools (seats changed, bots added, the start).

import { h, toast } from './dom.js';
import { t, n } from './locale.js';
import { api, remember, serverInfo, botName, tableLink, nickLimit, refusal } from './api.js';
import { optionOf, valueLabel, optionLabel, rulesSummary } from './catalog.js';

// lobbyViews gives the table's context (table.js) the screens before the game.
export function lobbyViews(ctx) {
  const { st, root, id } = ctx;
  async function picker(note) {
    if (ctx.local) { notHere(note); return; }
    if (st.conn) { st.conn.stop(); st.conn = null; }
    st.view = null; st.info = null; st.seat = -1;
    document.getElementById('banner').hidden = true;
    root.replaceChildren(h('p', { class: 'muted' }, t('table.loading')));
    const r = await api('GET', `/api/tables/${id}`);
    if (st.gone) return;
    if (!r.ok) {
      root.replaceChildren(h('section', { class: 'panel' }, h('h1', {}, t('table.missing.title')),
        h('p', {}, r.status === 404 ? t('table.missing.text', { Code: id }) : refusal(r)),
        h('a', { href: '/', 'data-nav': '', class: 'button' }, t('table.back'))));
      return;
    }
    const tb = r.data;
    document.title = pageTitle(tb);
    const nick = h('input', { id: 'nick', value: remember.nick(), autocomplete: 'nickname' });
    nickLimit(nick);
    const sit = async (seat) => {
      const n = nick.value.trim();
      if (!n) { toast(t('table.picker.nick_first'), 'error'); nick.focus(); return; }
      remember.setNick(n);
      const j = await api('POST', `/api/tables/${id}/join`, { nickname: n, seat });
      if (!j.ok) { toast(refusal(j), 'error'); return; }
      remember.setSeat(id, j.data.seat, j.data.token);
      ctx.connect({ token: j.data.token });
    };
    const open = tb.seats.filter((s) => s.kind === 'open');
    const canSit = tb.status !== 'over' && open.length > 0;
    root.replaceChildren(h('section', { class: 'panel', id: 'seat-picker' },
      h('h1', {}, tb.name || t('table.name', { Code: id })),
      h('p', { class: 'muted' }, `${rulesSummary(tb.options)} · ${t(`table.status.${tb.status === 'lobby' || tb.status === 'playing' ? tb.status : 'over'}`)}`),
      note ? h('p', { class: 'notice', role: 'alert' }, note) : null,
      canSit ? h('label', { class: 'field', for: 'nick' }, h('span', {}, t('table.picker.nick')), nick) : null,
      h('h2', {}, canSit ? t('table.picker.pick') : t('table.seats')),
      h('ul', { class: 'tables' }, tb.seats.map((s) => h('li', {},
        h('span', {}, h('strong', {}, t('table.seat.label', { Number: s.seat + 1 }) + ' '), s.kind === 'open' ? t('table.seat.open') : s.name,
          s.kind === 'bot' ? h('span', { class: 'muted' }, ' · ' + t('table.seat.bot', { Level: botName(s.level) })) : null,
          s.kind === 'person' && !s.connected ? h('span', { class: 'muted' }, ' · ' + t('table.tag.away')) : null),
        s.kind === 'open' && canSit ? h('button', { class: 'primary', onclick: () => sit(s.seat) }, t('table.picker.sit', { Number: s.seat + 1 })) : null))),
      h('div', { class: 'row' },
        tb.spectators ? h('button', { id: 'watch', onclick: () => ctx.connect({ spectate: true }) }, t('table.picker.watch')) : h('span', { class: 'muted' }, t('table.picker.closed')),
        tb.status === 'over' ? h('a', { href: `/t/${id}/review`, 'data-nav': '', class: 'button', id: 'picker-review' }, t('table.review')) : null,
        h('a', { href: '/', 'data-nav': '', class: 'button' }, t('table.back')))));
    const first = root.querySelector('button.primary');
    if (first) first.focus();
  }

  function lobbyScreen() {
    const tb = st.info;
    document.title = pageTitle(tb);
    const host = ctx.isHost();
    const link = tableLink(id);
    const linkBox = h('input', { id: 'invite-link', readonly: true, value: link, 'aria-label': t('table.invite.label'), size: String(Math.min(link.length, 40)) });
    const copy = async () => {
      try { await navigator.clipboard.writeText(link); toast(t('table.invite.copied')); } catch (e) {
        linkBox.select(); toast(t('table.invite.select'));
      }
    };
    const open = tb.seats.filter((s) => s.kind === 'open').length;
    const levels = serverLevels();
    return h('section', { class: 'panel', id: 'table-lobby' },
      h('h1', {}, tb.name || t('table.name', { Code: id })),
      h('p', { class: 'muted' }, [rulesSummary(tb.options), tb.turn_seconds ? t('table.rules.timer', { Seconds: tb.turn_seconds }) : t('table.rules.no_timer'),
        tb.auto_last ? t('table.rules.auto_last') : null, tb.public ? t('table.rules.public') : t('table.rules.private'),
        tb.spectators ? t('table.rules.spectators', { Watching: tb.watching }) : t('table.rules.no_spectators')].filter(Boolean).join(' · ')),
      rulesList(tb),
      h('div', { class: 'invite' }, h('span', {}, t('table.invite.title')), linkBox,
        h('button', { type: 'button', id: 'copy-invite', onclick: copy }, t('table.invite.copy')),
        h('span', { class: 'muted' }, t('table.invite.code'), ' ', h('code', {}, id))),
      h('h2', {}, t('table.seats')),
      h('ol', { class: 'tables', id: 'lobby-seats' }, tb.seats.map((s) => h('li', {},
        h('span', {}, h('strong', {}, t('table.seat.label', { Number: s.seat + 1 }) + ' '),
          s.kind === 'open' ? h('span', { class: 'muted' }, t('table.seat.open_waiting')) : s.name,
          s.seat === st.seat ? ' ' + t('table.seat.you') : null, s.seat === tb.host ? ' · ' + t('table.tag.host') : null,
          s.kind === 'bot' ? h('span', { class: 'muted' }, ' · ' + t('table.seat.bot', { Level: botName(s.level) })) : null,
          s.kind === 'person' && !s.connected ? h('span', { class: 'muted' }, ' · ' + t('table.seat.not_connected')) : null),
        host && s.seat !== st.seat ? seatControl(s, levels) : null))),
      host ? h('div', { class: 'row' },
        h('button', { type: 'button', disabled: tb.seats.length >= 8, onclick: () => st.conn.send({ type: 'add_seat', level: 'heuristic' }) }, t('table.host.add_bot')),
        h('button', { type: 'button', disabled: tb.seats.length >= 8, onclick: () => st.conn.send({ type: 'add_seat' }) }, t('table.host.add_open'))) : null,
      h('p', {}, open ? n('table.lobby.waiting_players', open) : t('table.lobby.full')),
      h('div', { class: 'row' },
        host ? h('button', { class: ['primary', 'big'], id: 'start', disabled: open > 0, onclick: () => st.conn.send({ type: 'start' }) }, t('table.host.start'))
          : h('p', {}, st.seat >= 0 ? (tb.host >= 0 ? t('table.lobby.waiting_host', { Name: tb.seats[tb.host].name }) : t('table.lobby.waiting_host_none')) : t('table.lobby.watching')),
        st.seat >= 0 ? h('button', { type: 'button', onclick: () => { st.conn.send({ type: 'leave' }); } }, t('table.lobby.leave')) : null),
      ctx.chatBox());
  }

  // rulesList names every rule the table plays differently from the
  // standard, from the table's options object (only what differs) and the
  // option table's labels and defaults.
  function rulesList(tb) {
    const opts = tb.options && typeof tb.options === 'object' ? Object.entries(tb.options) : [];
    if (!opts.length) return null;
    return h('ul', { class: 'rules-set', id: 'table-rules', 'aria-label': t('table.rules.label') }, opts.map(([k, val]) => {
      const o = optionOf(k);
      if (!o) return h('li', {}, `${k}: ${JSON.stringify(val)}`);
      return h('li', { 'data-key': k }, h('strong', {}, optionLabel(o)), `: ${valueLabel(o, val)}`,
        h('span', { class: 'muted' }, ' ' + t('table.rules.standard', { Value: valueLabel(o, o.default) })));
    }));
  }

  function seatControl(s, levels) {
    const cur = s.kind === 'bot' ? 'bot:' + s.level : s.kind === 'open' ? 'open' : 'person';
    const sel = h('select', { 'aria-label': t('table.host.change', { Number: s.seat + 1 }), onchange: () => {
      const v = sel.value;
      if (v === 'remove') st.conn.send({ type: 'seat', seat: s.seat, set: 'remove' });
      else if (v === 'open') st.conn.send({ type: 'seat', seat: s.seat, set: 'open' });
      else if (v.startsWith('bot:')) st.conn.send({ type: 'seat', seat: s.seat, set: 'bot', level: v.slice(4) });
    } },
    s.kind === 'person' ? h('option', { value: 'person', selected: true }, s.name) : null,
    h('option', { value: 'open', selected: cur === 'open' }, t('table.host.open')),
    levels.map((l) => h('option', { value: 'bot:' + l, selected: cur === 'bot:' + l }, t('table.host.bot', { Level: botName(l) }))),
    h('option', { value: 'remove' }, t('table.host.remove')));
    return sel;
  }

  // pageTitle is the tab's title at table tb before the game.
  function pageTitle(tb) {
    return tb.name ? t('table.title.named', { Name: tb.name }) : t('table.title.code', { Code: id });
  }

  let levelsCache = ['random', 'heuristic'];
  serverInfo().then((i) => { levelsCache = i.bots; });
  function serverLevels() { return levelsCache; }

  // notHere says a game on this device is not one this device keeps (a
  // link from another device, a game forgotten): nothing to sit at.
  function notHere(note) {
    if (st.conn) { st.conn.stop(); st.conn = null; }
    root.replaceChildren(h('section', { class: 'panel', id: 'not-here' },
      note ? h('p', {}, note) : null,
      h('p', {}, t('table.local.not_here')),
      h('a', { class: 'button', href: '/', 'data-nav': '' }, t('table.back'))));
  }

  return { lobbyScreen, notHere, picker, rulesList, seatControl, serverLevels };
}
