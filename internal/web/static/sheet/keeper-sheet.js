// A sheet on the keeper's phone: the keeper's state across redraws, the
// change that stores, syncs and redraws, the live questions and what
// they bring from other phones, the status line, the tabs and the swipe
// between them. The screens come from the modules it puts together.

import { h, announce, toast } from '/assets/dom.js';
import { t, list } from '/assets/locale.js';
import { follow } from './keeper-follow.js';
import { live } from './keeper-live.js';
import { info, rulesInfo } from './keeper-rules.js';
import { entries, getEntry, putEntry, api, synced, sync, scoreHere, syncAll } from './keeper-store.js';
import { fitScrollers, totalsScreen } from './keeper-totals.js';
import { entrySteps } from './keeper-entry.js';
import { captures } from './keeper-captures.js';
import { conflicts } from './keeper-conflict.js';
import { renaming } from './keeper-names.js';
import { moreTab } from './keeper-more.js';

export async function openSheet(page, token) {
  const { main } = page;
  // A sheet started offline keeps answering to its first address.
  let e = getEntry(token) || Object.values(entries()).find((x) => x.was === token);
  if (!e && token.startsWith('local-')) { main.append(h('p', { class: 'panel' }, t('keeper.sheet.not_here'))); return; }
  if (!e) {
    main.append(h('p', { class: 'muted' }, t('keeper.sheet.loading')));
    let r;
    try { r = await api('GET', '/api/sheets/' + token); } catch { main.replaceChildren(h('p', { class: 'panel' }, t('keeper.sheet.unreachable'))); return; }
    if (r.status !== 200) { main.replaceChildren(h('p', { class: 'panel' }, t('keeper.sheet.none'))); return; }
    if (r.data.read_only) { follow(page, token, r.data); return; }
    e = synced(r.data.id, r.data);
    putEntry(e);
  }
  keeper(page, e.key);
}

// keeper is the phone that enters the rounds.
function keeper(page, key) {
  const { main } = page;
  // st is the keeper's state across redraws, read and changed by the
  // screens' modules through the context (ctx, below).
  const st = {
    key,
    tab: 'round',
    back: 'round', // the screen the names screen goes back to
    alive: true, // false once the keeper left for another screen
    applyNext: false, // the rules form's "apply to", kept across redraws
    // The Rules tab's state across redraws: the round whose rules are shown
    // (null: the latest), the rules chosen in the form and not yet made,
    // a change being checked, one waiting for the keeper's yes ({answer,
    // asked}), and the word on the last one ({refused} or {undo, removed,
    // after}: the sheet as it was, for Undo).
    rulesRound: null,
    formRules: null,
    rulesBusy: false,
    rulesAsk: null,
    rulesNote: null,
    // What the live questions last said ('checking' until the first answer,
    // 'live', 'offline'), and the version of the sheet the screen was drawn
    // from: the status line says "Saved." only when what is shown is what
    // the server has.
    net: 'checking',
    drawn: null,
    watch: null, // the live questions, once the sheet is on the server
  };
  const redraw = () => { if (st.alive) { main.replaceChildren(); draw(); } };
  const change = async (mutate, msg) => {
    const e = getEntry(st.key);
    mutate(e);
    e.dirty = true;
    e.rev = (e.rev || 0) + 1;
    putEntry(e);
    redraw();
    let after = await sync(st.key);
    if (after && after.dirty && after.offline) after = await scoreHere(after.key);
    // A send that failed says the server is out of reach before the live
    // question held open does; one that went through says it is back.
    if (after && after.offline) netState('offline');
    else if (after && st.net === 'offline' && st.watch) st.watch.now();
    if (after && after.key !== st.key) { st.key = after.key; if (st.alive) history.replaceState(null, '', '/sheet/' + st.key); }
    if (msg && after && !after.dirty) announce(msg);
    redraw();
    // A redraw drops the focused button: keyboard users go on from the
    // first choice of the screen rather than from the top of the page.
    const f = main.querySelector('[data-first]');
    if (f && (document.activeElement === document.body || !document.activeElement)) f.focus({ preventScroll: true });
  };

  // ctx is what the screens' modules share: the page, the state, redraw
  // and change, and each module's functions once they are made.
  const ctx = { page, main, st, redraw, change };
  for (const part of [entrySteps, captures, conflicts, renaming, moreTab]) Object.assign(ctx, part(ctx));

  function draw() {
    drawSheet();
    fitScrollers(main);
    startLive();
  }

  // startLive starts the live questions once the sheet is on the server
  // (a sheet started offline has no id until then).
  function startLive() {
    const e = getEntry(st.key);
    if (st.watch || !st.alive || !e || !e.sheet.id) return;
    st.watch = live(e.sheet.id, (e.base || e.sheet).version, { sheet: arrived, state: netState });
  }

  // arrived takes the sheet as the server has it after another phone
  // changed it. A phone with changes of its own not yet sent sends them:
  // the server merges both, part by part. Otherwise the sheet is shown as
  // it is now; a round being entered here stays as typed, and if the other
  // phone entered or changed that very round, the entry screen says so and
  // the keeper chooses (clashOf).
  function arrived(sh) {
    const x = getEntry(st.key);
    if (!st.alive || !x) return;
    if (sh.version <= (x.base || x.sheet).version) {
      // This phone's own change, or older news; another tab of this phone
      // may have stored it without this one drawing it yet.
      if (!x.dirty && x.sheet.version !== st.drawn) refresh();
      return;
    }
    if (x.dirty) {
      if (!x.conflict) retry();
      return;
    }
    x.sheet = sh;
    x.base = sh;
    putEntry(x);
    toast(t('keeper.sheet.changed'));
    refresh();
  }

  // netState hears the live questions' state; back in reach, what this
  // phone kept while offline is sent.
  function netState(s) {
    if (s === st.net) return;
    const was = st.net;
    st.net = s;
    restatus();
    const e = getEntry(st.key);
    if (s === 'live' && was === 'offline' && e && e.dirty && !e.conflict) retry();
  }

  // refresh draws what came in the background — another phone's change, a
  // sync — without losing what the keeper is doing: focus and scroll stay,
  // and the names and rules forms keep what is typed in them (their status
  // line says the sheet moved on until they are left).
  function refresh() {
    if (!st.alive) return;
    if (st.tab === 'names' || st.tab === 'more') { restatus(); return; }
    const a = document.activeElement;
    const sel = a && main.contains(a) ? (a.id ? '#' + CSS.escape(a.id) : a.dataset.key ? `[data-key="${CSS.escape(a.dataset.key)}"]` : null) : null;
    const y = window.scrollY;
    redraw();
    window.scrollTo(0, y);
    const f = sel && main.querySelector(sel);
    if (f) f.focus({ preventScroll: true });
  }

  // restatus redraws the status line alone, which the live questions'
  // state changes without anything else on the screen changing.
  function restatus() {
    const old = main.querySelector('#sync-status');
    const e = getEntry(st.key);
    if (st.alive && old && e && !e.conflict && !e.error) old.replaceWith(status(e));
  }

  function drawSheet() {
    let e = getEntry(st.key);
    if (!e) {
      // Synced in the background under the id the server gave it.
      e = Object.values(entries()).find((x) => x.was === st.key);
      if (!e) { page.navigate('/sheet', true); return; }
      st.key = e.key;
      history.replaceState(null, '', '/sheet/' + st.key);
    }
    const sh = e.sheet;
    st.drawn = sh.version;
    main.append(
      h('div', { class: 'sk-head' }, h('h1', { id: 'sheet-title' }, sh.title || list(sh.players)),
        h('button', { type: 'button', id: 'rename', 'aria-pressed': String(st.tab === 'names'), onclick: toggleNames }, t('keeper.sheet.rename'))),
      status(e),
      h('div', { class: 'sk-tabs', role: 'group', 'aria-label': t('keeper.tabs') },
        ['round', 'totals', 'more'].map((k) =>
          h('button', { type: 'button', id: 'tab-' + k, 'aria-pressed': String(st.tab === k), onclick: () => { st.tab = k; redraw(); } }, t(`keeper.tab.${k}`)))));
    if (st.tab === 'round') main.append(ctx.entryScreen(e));
    else if (st.tab === 'totals') {
      main.append(totalsScreen(sh, (n) => ctx.startEdit(n)));
      if (sh.rounds.length) {
        main.append(h('button', { type: 'button', id: 'delete-last', onclick: () => {
          if (confirm(t('keeper.delete.confirm', { Round: sh.rounds.length }))) change((x) => { x.sheet.rounds.pop(); ctx.ownRounds(x); }, t('keeper.delete.done'));
        } }, t('keeper.delete', { Round: sh.rounds.length })));
      }
    }
    else if (st.tab === 'names') main.append(ctx.namesScreen(e));
    else main.append(ctx.moreScreen(e));
  }

  // toggleNames opens the names screen, or closes it back to the screen it
  // was opened from.
  function toggleNames() {
    if (st.tab === 'names') st.tab = st.back;
    else { st.back = st.tab; st.tab = 'names'; }
    redraw();
    const f = document.getElementById(st.tab === 'names' ? 'rename-title' : 'rename');
    if (f) f.focus();
  }

  function status(e) {
    if (e.conflict) return ctx.conflictPanel(e);
    if (e.error) {
      return h('div', { class: 'panel', role: 'alert' }, h('p', { class: ['sk-check', 'bad'] }, e.error),
        h('div', { class: 'row' },
          e.errorRound && e.errorRound <= e.sheet.rounds.length ? h('button', { type: 'button', id: 'fix-round', onclick: () => ctx.startEdit(e.errorRound) }, t('keeper.sheet.fix', { Round: e.errorRound })) : null,
          e.sheet.id ? h('button', { type: 'button', id: 'drop-change', onclick: dropChange }, t('keeper.sheet.drop')) : null));
    }
    const line = (cls, text) => h('p', { class: cls, id: 'sync-status' }, text);
    if (st.rulesBusy) return line('sk-pending', t('keeper.status.rules'));
    if (e.dirty) return line('sk-pending', t(e.offline || st.net === 'offline' ? 'keeper.status.kept' : 'keeper.status.saving'));
    if (st.net === 'offline') return line('sk-pending', t('keeper.status.offline'));
    if (e.sheet.version !== st.drawn) return line('sk-pending', t('keeper.status.moved'));
    if (st.net === 'checking') return line('muted', t('keeper.status.checking'));
    return line('muted', t('keeper.status.saved'));
  }

  // dropChange gives up the local changes the server refused, taking the
  // sheet as the server keeps it.
  async function dropChange() {
    const x = getEntry(st.key);
    try {
      const r = await api('GET', '/api/sheets/' + x.sheet.id);
      if (r.status !== 200) { toast(t('keeper.sheet.unread'), 'error'); return; }
      Object.assign(x, { sheet: r.data, base: r.data, dirty: false, error: null, errorRound: null, conflict: null });
      putEntry(x);
      redraw();
    } catch {
      toast(t('keeper.unreachable'), 'error');
    }
  }

  // A swipe sideways moves between the screens, as the tabs do: the totals
  // are one swipe from the round being entered.
  let touch = null;
  const order = ['round', 'totals', 'more'];
  const onStart = (ev) => { touch = ev.touches.length === 1 ? { x: ev.touches[0].clientX, y: ev.touches[0].clientY } : null; };
  const onEnd = (ev) => {
    if (!touch || order.indexOf(st.tab) < 0 || ev.target.closest(['input', 'select', '.sk-scroll', '.chart-box'].join())) return;
    const dx = ev.changedTouches[0].clientX - touch.x, dy = ev.changedTouches[0].clientY - touch.y;
    touch = null;
    if (Math.abs(dx) < 80 || Math.abs(dx) < 2 * Math.abs(dy)) return;
    const k = order.indexOf(st.tab) + (dx < 0 ? 1 : -1);
    if (k >= 0 && k < order.length) { st.tab = order[k]; redraw(); }
  };
  main.addEventListener('touchstart', onStart, { passive: true });
  main.addEventListener('touchend', onEnd);
  // The option table, fresh from the server; a page that had none draws
  // again with it.
  const had = info;
  rulesInfo().then((x) => { if (!had && x) redraw(); });
  const retry = async () => { await syncAll(); if (main.isConnected) refresh(); };
  window.addEventListener('online', retry);
  const every = setInterval(() => { const e = getEntry(st.key); if (e && e.dirty && !e.conflict) retry(); }, 15000);
  page.leave = () => {
    st.alive = false;
    if (st.watch) st.watch.stop();
    window.removeEventListener('online', retry);
    clearInterval(every);
    main.removeEventListener('touchstart', onStart);
    main.removeEventListener('touchend', onEnd);
  };
  // Drawing starts the live questions, whose first answer brings what
  // other phones changed since this one last had the sheet.
  draw();
  const first = main.querySelector('[data-first]');
  if (first) first.focus({ preventScroll: true });
  // This phone's own changes, waiting to be sent, go first.
  const e = getEntry(st.key);
  if (e && e.dirty) retry();
}
