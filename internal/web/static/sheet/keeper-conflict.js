// Two phones that changed the same sheet: the parts the server could not
// merge, side by side for the keeper to choose (conflictPanel), and a
// round being entered here that another phone entered, changed or deleted
// meanwhile (clashOf, clashPanel).

import { h, announce, plural, names } from '/assets/dom.js';
import { canon, rulesInForce, ruleAt } from './keeper-rules.js';
import { getEntry, putEntry } from './keeper-store.js';

// partTitle names a part two phones changed each its own way.
function partTitle(sh, k) {
  switch (k.part) {
    case 'title': return 'The title';
    case 'player': return `Seat ${k.seat + 1}'s name`;
    case 'players': return 'The players';
    case 'rules': return 'The rules';
    default: return `Round ${k.round}`;
  }
}

// blank writes a count of a round still being entered: a dash for one
// not entered yet.
const blank = (n) => (n === null || n === undefined ? '—' : String(n));

// partView shows one side of a part in conflict: a round as each player's
// bid and tricks won with its captures, a name or title as written.
function partView(sh, k, v) {
  if (v === null || v === undefined) return h('p', { class: 'muted' }, k.part === 'round' ? 'No such round (deleted or not entered).' : '—');
  if (k.part === 'title') return h('p', {}, v || '(no title)');
  if (k.part === 'player') return h('p', {}, v);
  if (k.part === 'players') return h('p', {}, names(v));
  if (k.part === 'rules') return rulesInForce(ruleAt({ options: v.options, rule_changes: v.rule_changes }, (sh.rounds || []).length + 1), 1);
  return h('table', { class: 'sk-table sk-compact' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Bid'), h('th', {}, 'Won'))),
    h('tbody', {}, sh.players.map((p, i) => h('tr', {}, h('td', {}, p), h('td', {}, blank(v.bids[i])), h('td', {}, blank(v.won[i]))))),
    (v.bonuses || []).length ? h('caption', { class: 'muted' }, plural(v.bonuses.length, 'capture')) : null);
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
      return h('div', { class: 'panel', role: 'alert', id: 'conflict' }, h('p', {}, 'Someone else changed this sheet on another phone meanwhile.',
        m && m.problem ? ` The two could not be merged: ${m.problem}` : ''),
      h('div', { class: 'row' },
        h('button', { type: 'button', id: 'keep-theirs', onclick: keepTheirs }, 'Keep theirs'),
        h('button', { type: 'button', id: 'keep-mine', onclick: keepMine }, 'Keep mine')));
    }
    const chosen = m.conflicts.map(() => null);
    const saveBtn = h('button', { type: 'button', class: 'primary', id: 'save-merge', disabled: true, onclick: () => settle(chosen) }, 'Save the merged sheet');
    const settle = (picks) => ctx.change((x) => {
      const sh = JSON.parse(JSON.stringify(m.sheet));
      m.conflicts.forEach((k, i) => { if (picks[i] === 'mine') takeMine(sh, k); });
      x.sheet = sh;
      x.sheet.version = c.theirs.version;
      x.base = c.theirs;
      x.conflict = null;
    }, 'Merged sheet saved.');
    const items = m.conflicts.map((k, i) => {
      const pick = (side) => () => {
        chosen[i] = side;
        for (const b of li.querySelectorAll('button[data-side]')) b.setAttribute('aria-pressed', String(b.dataset.side === side));
        saveBtn.disabled = chosen.some((x) => !x);
      };
      const side = (who, v, label) => h('div', { class: 'sk-side' }, h('h4', {}, label), partView(c.theirs, k, v),
        h('button', { type: 'button', 'data-side': who, id: `pick-${who}-${i}`, 'aria-pressed': 'false', onclick: pick(who) }, who === 'mine' ? 'Keep this phone\'s' : 'Keep the other phone\'s'));
      const li = h('li', { 'data-part': k.part },
        h('h3', {}, partTitle(c.theirs, k)),
        h('div', { class: 'sk-sides' }, side('mine', k.mine, 'This phone'), side('theirs', k.theirs, 'The other phone')));
      return li;
    });
    return h('div', { class: 'panel sk-offline', role: 'alert', id: 'conflict' },
      h('p', {}, 'This sheet was changed on another phone too. Everything else is merged; these were changed on both, each its own way: choose which to keep.'),
      h('ul', { class: 'sk-conflicts' }, items),
      h('div', { class: 'sk-bar' },
        h('button', { type: 'button', id: 'keep-theirs', onclick: () => settle(chosen.map(() => 'theirs')) }, 'All the other phone\'s'),
        h('button', { type: 'button', id: 'keep-mine', onclick: () => settle(chosen.map(() => 'mine')) }, 'All this phone\'s'),
        saveBtn));
  }

  // clashPanel shows both phones' round side by side, in place of the
  // entry, which holds until the keeper chooses: saving on regardless
  // would enter the round a second time, or undo the other phone's.
  function clashPanel(sh, d, c) {
    const next = sh.rounds.length + 1;
    const said = c.theirs
      ? `Round ${c.n} was ${d.replace ? 'changed' : 'entered'} on another phone while you were ${d.replace ? 'correcting' : 'entering'} it here.`
      : d.replace ? `Round ${c.n} was deleted on another phone while you were correcting it here.`
        : `Rounds were deleted on another phone while you were entering round ${c.n} here: round ${next} is next now.`;
    const theirs = () => {
      const x = getEntry(st.key);
      x.draft = null;
      putEntry(x);
      ctx.redraw();
      announce('Kept the other phone\'s.');
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
    return h('section', { class: 'panel sk-offline', role: 'alert', id: 'clash', 'aria-labelledby': 'clash-h' },
      h('h2', { id: 'clash-h' }, said),
      h('p', {}, 'Nothing from this phone is saved yet: choose which to keep.'),
      h('div', { class: 'sk-sides' },
        h('div', { class: 'sk-side', id: 'clash-theirs-side' }, h('h3', {}, 'The other phone'), partView(sh, part, c.theirs)),
        h('div', { class: 'sk-side', id: 'clash-mine-side' }, h('h3', {}, 'This phone'), partView(sh, part, d))),
      h('div', { class: 'sk-bar' },
        h('button', { type: 'button', id: 'clash-theirs', 'data-first': '', onclick: theirs }, 'Keep the other phone\'s'),
        h('button', { type: 'button', class: 'primary', id: 'clash-mine', onclick: mine },
          c.theirs ? `Keep this phone's: correct round ${c.n}` : `Keep this phone's: enter it as round ${next}`)));
  }

  return { conflictPanel, clashPanel };
}
