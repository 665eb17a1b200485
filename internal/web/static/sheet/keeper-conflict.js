// Two phones that changed the same sheet: the parts the server could not
// merge, side by side for the keeper to choose (conflictPanel), and a
// round being entered here that another phone entered, changed or deleted
// meanwhile (clashOf, clashPanel).

import { h, announce } from '/assets/dom.js';
import { t, n, list } from '/assets/locale.js';
import { canon, rulesInForce, ruleAt } from './keeper-rules.js';
import { getEntry, putEntry } from './keeper-store.js';

// partTitle names a part two phones changed each its own way.
function partTitle(sh, k) {
  switch (k.part) {
    case 'title': return t('keeper.part.title');
    case 'player': return t('keeper.part.player', { Seat: k.seat + 1 });
    case 'players': return t('keeper.part.players');
    case 'rules': return t('keeper.part.rules');
    default: return t('keeper.entry.round', { Round: k.round });
  }
}

// blank writes a count of a round still being entered: a dash for one
// not entered yet.
const blank = (n) => (n === null || n === undefined ? '—' : String(n));

// partView shows one side of a part in conflict: a round as each player's
// bid and tricks won with its captures, a name or title as written.
function partView(sh, k, v) {
  if (v === null || v === undefined) return h('p', { class: 'muted' }, k.part === 'round' ? t('keeper.part.no_round') : '—');
  if (k.part === 'title') return h('p', {}, v || t('keeper.part.no_title'));
  if (k.part === 'player') return h('p', {}, v);
  if (k.part === 'players') return h('p', {}, list(v));
  if (k.part === 'rules') return rulesInForce(ruleAt({ options: v.options, rule_changes: v.rule_changes }, (sh.rounds || []).length + 1), 1);
  return h('table', { class: ['sk-table', 'sk-compact'] },
    h('thead', {}, h('tr', {}, ['player', 'bid', 'won'].map((c) => h('th', {}, t(`keeper.col.${c}`))))),
    h('tbody', {}, sh.players.map((p, i) => h('tr', {}, h('td', {}, p), h('td', {}, blank(v.bids[i])), h('td', {}, blank(v.won[i]))))),
    (v.bonuses || []).length ? h('caption', { class: 'muted' }, n('keeper.part.captures', v.bonuses.length)) : null);
}

// takeMine puts this phone's side of part k into the merged sheet sh.
function takeMine(sh, k) {
  switch (k.part) {
    case 'title': sh.title = k.mine; break;
    case 'player': sh.players[k.seat] = k.mine; break;
    case 'players': sh.players = k.mine; break;
    case 'rules': sh.options = k.mine.options; sh.rule_changes = k.mine.rule_changes; break;
    default:
      if (k.mine === null) sh.rounds.length = Math.min(sh.rounds.length, k.round - 1);
      else sh.rounds[k.round - 1] = k.mine;
  }
}

// clashOf says whether the round being entered here was entered,
// changed or deleted on another phone meanwhile: whether the draft's
// round, as the sheet now has it, is still as it was when the draft
// began (none yet, for a new round). Null when it is, or for a draft
// from before drafts said their round.
export function clashOf(sh, d) {
  if (!d || !d.round || d.from === undefined) return null;
  const theirs = sh.rounds[d.round - 1] || null;
  if (canon(theirs) === d.from && (d.replace || sh.rounds.length === d.round - 1)) return null;
  return { n: d.round, theirs };
}

// conflicts gives a sheet's context (keeper-sheet.js) its conflict panels.
export function conflicts(ctx) {
  const { st, main } = ctx;
  // conflictPanel settles what the server could not merge: each part both
  // phones changed, side by side, to keep one of; every other change of
  // both phones is already in the merged sheet. Without a merge (the
  // parts did not fit together) the keeper keeps one whole sheet.
  function conflictPanel(e) {
    const c = e.conflict.theirs ? e.conflict : { theirs: e.conflict, merge: null }; // an older page's entry
    const m = c.merge;
    const keepTheirs = () => { const x = getEntry(st.key); Object.assign(x, { sheet: c.theirs, base: c.theirs, conflict: null, dirty: false }); putEntry(x); ctx.redraw(); };
    const keepMine = () => ctx.change((x) => { x.sheet.version = c.theirs.version; x.base = c.theirs; x.conflict = null; });
    if (!m || !m.sheet || !m.conflicts.length) {
      return h('div', { class: 'panel', role: 'alert', id: 'conflict' }, h('p', {}, t('keeper.conflict.whole'),
        m && m.problem ? [' ', t('keeper.conflict.unmerged', { Problem: m.problem })] : ''),
      h('div', { class: 'row' },
        h('button', { type: 'button', id: 'keep-theirs', onclick: keepTheirs }, t('keeper.conflict.theirs')),
        h('button', { type: 'button', id: 'keep-mine', onclick: keepMine }, t('keeper.conflict.mine'))));
    }
    const chosen = m.conflicts.map(() => null);
    const saveBtn = h('button', { type: 'button', class: 'primary', id: 'save-merge', disabled: true, onclick: () => settle(chosen) }, t('keeper.conflict.save'));
    const settle = (picks) => ctx.change((x) => {
      const sh = JSON.parse(JSON.stringify(m.sheet));
      m.conflicts.forEach((k, i) => { if (picks[i] === 'mine') takeMine(sh, k); });
      x.sheet = sh;
      x.sheet.version = c.theirs.version;
      x.base = c.theirs;
      x.conflict = null;
    }, t('keeper.conflict.saved'));
    const items = m.conflicts.map((k, i) => {
      const pick = (side) => () => {
        chosen[i] = side;
        for (const b of li.querySelectorAll('button[data-side]')) b.setAttribute('aria-pressed', String(b.dataset.side === side));
        saveBtn.disabled = chosen.some((x) => !x);
      };
      const side = (who, v, label) => h('div', { class: 'sk-side' }, h('h4', {}, label), partView(c.theirs, k, v),
        h('button', { type: 'button', 'data-side': who, id: `pick-${who}-${i}`, 'aria-pressed': 'false', onclick: pick(who) }, t(`keeper.conflict.keep.${who}`)));
      const li = h('li', { 'data-part': k.part },
        h('h3', {}, partTitle(c.theirs, k)),
        h('div', { class: 'sk-sides' }, side('mine', k.mine, t('keeper.phone.mine')), side('theirs', k.theirs, t('keeper.phone.theirs'))));
      return li;
    });
    return h('div', { class: ['panel', 'sk-offline'], role: 'alert', id: 'conflict' },
      h('p', {}, t('keeper.conflict.parts')),
      h('ul', { class: 'sk-conflicts' }, items),
      h('div', { class: 'sk-bar' },
        h('button', { type: 'button', id: 'keep-theirs', onclick: () => settle(chosen.map(() => 'theirs')) }, t('keeper.conflict.all.theirs')),
        h('button', { type: 'button', id: 'keep-mine', onclick: () => settle(chosen.map(() => 'mine')) }, t('keeper.conflict.all.mine')),
        saveBtn));
  }

  // clashPanel shows both phones' round side by side, in place of the
  // entry, which holds until the keeper chooses: saving on regardless
  // would enter the round a second time, or undo the other phone's.
  function clashPanel(sh, d, c) {
    const next = sh.rounds.length + 1;
    const said = t(`keeper.clash.${c.theirs ? (d.replace ? 'changed' : 'entered') : d.replace ? 'deleted' : 'shortened'}`, { Round: c.n, Next: next });
    const theirs = () => {
      const x = getEntry(st.key);
      x.draft = null;
      putEntry(x);
      ctx.redraw();
      announce(t('keeper.clash.kept'));
    };
    // Mine corrects their round with this phone's entry, or enters it as
    // the next round when there is none; either way through the steps,
    // nothing saved until the keeper saves it.
    const mine = () => {
      const x = getEntry(st.key);
      const dd = x.draft;
      const now = x.sheet.rounds[dd.round - 1];
      if (now) Object.assign(dd, { replace: dd.round, from: canon(now) });
      else Object.assign(dd, { replace: 0, round: x.sheet.rounds.length + 1, from: canon(null), step: 'bids' });
      putEntry(x);
      ctx.redraw();
      const f = main.querySelector('[data-first]');
      if (f) f.focus();
    };
    const part = { part: 'round', round: c.n };
    return h('section', { class: ['panel', 'sk-offline'], role: 'alert', id: 'clash', 'aria-labelledby': 'clash-h' },
      h('h2', { id: 'clash-h' }, said),
      h('p', {}, t('keeper.clash.choose')),
      h('div', { class: 'sk-sides' },
        h('div', { class: 'sk-side', id: 'clash-theirs-side' }, h('h3', {}, t('keeper.phone.theirs')), partView(sh, part, c.theirs)),
        h('div', { class: 'sk-side', id: 'clash-mine-side' }, h('h3', {}, t('keeper.phone.mine')), partView(sh, part, d))),
      h('div', { class: 'sk-bar' },
        h('button', { type: 'button', id: 'clash-theirs', 'data-first': '', onclick: theirs }, t('keeper.conflict.keep.theirs')),
        h('button', { type: 'button', class: 'primary', id: 'clash-mine', onclick: mine },
          c.theirs ? t('keeper.clash.correct', { Round: c.n }) : t('keeper.clash.enter', { Round: next }))));
  }

  return { conflictPanel, clashPanel };
}
