// The Rules & share screen: the rules in force for any round and the form
// that changes them (asked of the engine first, confirmed when it removes
// entries, undone on request), the follow link, and the export.

import { h, announce, toast } from '/assets/dom.js';
import { t, n } from '/assets/locale.js';
import { canon, rulesForm, rulesInForce, currentRules, ruleAt, rulesFrom, rulesPart } from './keeper-rules.js';
import { cannonWord } from './keeper-say.js';
import { getEntry, checkRules } from './keeper-store.js';

// removalText says one entry a change of rules removes (the engine's
// Removal), in the words the round's entry screen used for it.
function removalText(sh, r) {
  const who = (i) => sh.players[i] || t('keeper.seat', { Seat: i + 1 });
  const args = { Round: r.round, Name: who(r.seat) };
  switch (r.kind) {
    case 'loot': return t('keeper.removed.loot', { ...args, Ally: who(r.with) });
    case 'wager': return t('keeper.removed.wager', { ...args, Amount: r.amount });
    case 'cannon': return t('keeper.removed.cannon', { ...args, Load: cannonWord(r.load) });
    default: return t('keeper.removed.other', { ...args, Entry: String(r.kind).replace(/_/g, ' ') });
  }
}

// moreTab gives a sheet's context (keeper-sheet.js) the Rules & share screen.
export function moreTab(ctx) {
  const { st, main } = ctx;
  // changeRules asks the engine what changing the rules to o (apply as
  // PUT …/rules takes it) would make of the sheet, then makes the change
  // at once when it removes nothing, else asks the keeper first.
  async function changeRules(o, apply) {
    st.rulesBusy = true;
    st.rulesNote = null;
    st.rulesAsk = null;
    ctx.redraw(); // the status line says the change is being checked
    const asked = canon(rulesPart(getEntry(st.key).sheet));
    const a = await checkRules(getEntry(st.key).sheet, o, apply);
    st.rulesBusy = false;
    if (!st.alive) return;
    if (!a) st.rulesNote = { refused: t('keeper.rules.unanswered') };
    else if (!a.ok) st.rulesNote = { refused: a.error };
    else if (a.answer.removed.length) st.rulesAsk = { answer: a.answer, asked };
    else { makeRules(a.answer, asked); return; }
    ctx.redraw();
    // Focus goes where the answer is: the keeper's choice, or the refusal
    // (a paragraph, focusable for this alone).
    const f = main.querySelector(st.rulesAsk ? '#rules-remove' : '#rules-refused');
    if (f && !st.rulesAsk) f.setAttribute('tabindex', '-1');
    if (f) f.focus();
  }

  // makeRules puts the engine's answer into the sheet, keeping the sheet as
  // it was for Undo. The answer is of the sheet as it was asked about
  // (asked); if the sheet moved on meanwhile, nothing is changed.
  function makeRules(answer, asked) {
    const x = getEntry(st.key);
    st.rulesAsk = null;
    if (canon(rulesPart(x.sheet)) !== asked) {
      st.rulesNote = { refused: t('keeper.rules.moved') };
      ctx.redraw();
      return;
    }
    st.formRules = null;
    st.rulesNote = { undo: JSON.parse(JSON.stringify({ ...rulesPart(x.sheet), score: x.sheet.score })), removed: answer.removed,
      after: canon(rulesPart(answer)) };
    ctx.change((y) => {
      Object.assign(y.sheet, { options: answer.options, rule_changes: answer.rule_changes, rounds: answer.rounds, score: answer.score });
      ctx.ownRounds(y);
    }, t(answer.removed.length ? 'keeper.rules.done_removed' : 'keeper.rules.done'));
  }

  // confirmRemoval lists what the change waiting for the keeper's yes
  // would remove, round by round, and asks.
  function confirmRemoval(sh) {
    const { answer, asked } = st.rulesAsk;
    return h('div', { class: 'panel', id: 'rules-confirm', role: 'alert' },
      h('p', {}, n('keeper.rules.removes', answer.removed.length)),
      h('ul', { id: 'rules-removed' }, answer.removed.map((r) => h('li', { 'data-round': r.round, 'data-kind': r.kind }, removalText(sh, r)))),
      h('p', { class: 'muted' }, t('keeper.rules.undo_help')),
      h('div', { class: 'sk-bar' },
        h('button', { type: 'button', id: 'rules-keep', onclick: () => { st.rulesAsk = null; ctx.redraw(); announce(t('keeper.rules.unchanged')); } }, t('keeper.rules.keep')),
        h('button', { type: 'button', class: 'primary', id: 'rules-remove', onclick: () => makeRules(answer, asked) }, t('keeper.rules.remove'))));
  }

  // undoPanel offers to take back the last change of rules, while the
  // sheet is still as that change left it: the rules and the entries it
  // removed come back as they were.
  function undoPanel(sh) {
    const note = st.rulesNote;
    if (!note || !note.undo || canon(rulesPart(sh)) !== note.after) return null;
    return h('div', { id: 'rules-undo', class: 'row' },
      h('p', {}, t('keeper.rules.changed'), note.removed.length ? [' ', t('keeper.rules.removed', { Entries: note.removed.map((r) => removalText(sh, r)).join('; ') })] : ''),
      h('button', { type: 'button', id: 'undo-rules', onclick: () => {
        st.rulesNote = null;
        ctx.change((y) => { Object.assign(y.sheet, JSON.parse(JSON.stringify(note.undo))); ctx.ownRounds(y); }, t('keeper.rules.undone'));
      } }, t('keeper.undo')));
  }

  // moreScreen's rules part: the rules in force for any round, and the
  // form that changes them. A change is first asked of the engine
  // (checkRules), which says what it would remove; entries go only once
  // the keeper agreed, and an Undo puts the sheet back as it was. A change
  // refused is never shown as made: the panel shows the rules the sheet
  // has, with the refusal.
  function moreScreen(e) {
    const sh = e.sheet;
    const box = h('div', {});
    const rules = rulesForm(st.formRules || currentRules(sh));
    const whole = h('input', { type: 'radio', name: 'apply', id: 'apply-whole', checked: !st.applyNext, onchange: () => { st.applyNext = false; } });
    const nextR = h('input', { type: 'radio', name: 'apply', id: 'apply-next', checked: st.applyNext, onchange: () => { st.applyNext = true; } });
    // A local change the server refused is not the sheet's: the rules shown
    // are those the server keeps.
    const real = e.error && e.base ? e.base : sh;
    const entered = (real.rounds || []).length;
    const last = real.score && real.score.over && entered ? entered : entered + 1;
    const at = st.rulesRound && st.rulesRound <= last ? st.rulesRound : last;
    const inForce = h('div', {}, rulesInForce(ruleAt(real, at), rulesFrom(real, at), at, at <= entered));
    const picker = h('select', { id: 'rules-round', 'aria-label': t('keeper.rules.of_round'), onchange: () => {
      // Only the list of rules is drawn again: the form below keeps what
      // is chosen in it.
      st.rulesRound = Number(picker.value);
      inForce.replaceChildren(rulesInForce(ruleAt(real, st.rulesRound), rulesFrom(real, st.rulesRound), st.rulesRound, st.rulesRound <= entered));
    } }, Array.from({ length: last }, (_, k) => h('option', { value: k + 1, selected: k + 1 === at }, t(k + 1 > entered ? 'keeper.rules.round_next' : 'keeper.entry.round', { Round: k + 1 }))));
    const refusal = st.rulesNote && st.rulesNote.refused ? `${t('keeper.rules.unchanged')} ${st.rulesNote.refused}`
      : e.error && e.base ? `${t('keeper.rules.refused')} ${e.error}` : null;
    box.append(h('section', { class: 'panel', 'aria-labelledby': 'in-force-h' }, h('h2', { id: 'in-force-h' }, t('keeper.rules.in_force')),
      refusal ? h('p', { class: ['sk-check', 'bad'], id: 'rules-refused', role: 'alert' }, refusal) : null,
      undoPanel(sh),
      h('label', { class: 'row', for: 'rules-round' }, h('span', {}, t('keeper.rules.show'), ' '), picker),
      inForce));
    const ask = () => {
      const o = rules.read();
      if (!o) return;
      st.formRules = o;
      changeRules(o, nextR.checked && sh.rounds.length > 0 ? 'next_round' : 'whole_game');
    };
    box.append(h('section', { class: 'panel' }, h('h2', {}, t('keeper.rules.house')),
      h('p', { class: 'muted' }, t('keeper.rules.house_help')),
      rules.el,
      h('fieldset', {}, h('legend', {}, t('keeper.rules.apply')),
        h('label', { class: 'opt' }, whole, h('span', {}, t('keeper.rules.apply.whole'))),
        h('label', { class: 'opt' }, nextR, h('span', {}, t('keeper.rules.apply.next')))),
      h('button', { type: 'button', id: 'apply-rules', disabled: st.rulesBusy, onclick: ask }, t('keeper.rules.change')),
      st.rulesAsk ? confirmRemoval(sh) : null));
    if (sh.follow) {
      const link = location.origin + '/sheet/' + sh.follow;
      box.append(h('section', { class: 'panel' }, h('h2', {}, t('keeper.follow.title')),
        h('p', { class: 'muted' }, t('keeper.follow.help')),
        h('div', { class: 'sk-link' }, h('code', { id: 'follow-link' }, link),
          h('button', { type: 'button', onclick: () => navigator.clipboard.writeText(link).then(() => toast(t('keeper.follow.copied')), () => toast(t('keeper.follow.copy_by_hand'))) }, t('keeper.follow.copy')))));
    }
    if (sh.id) {
      box.append(h('section', { class: 'panel' }, h('h2', {}, t('keeper.export.title')),
        h('p', { class: 'muted' }, t('keeper.export.help')),
        h('div', { class: 'row' },
          h('a', { class: 'button', href: `/api/sheets/${sh.id}/export`, download: 'skullking-sheet.json', id: 'export-sheet' }, t('keeper.export.sheet')),
          h('a', { class: 'button', href: `/api/sheets/${sh.id}/record`, download: 'skullking-record.json', id: 'export-json' }, t('keeper.export.record')),
          h('a', { class: 'button', href: `/api/sheets/${sh.id}/csv`, download: 'skullking-score.csv', id: 'export-csv' }, t('keeper.export.csv')))));
    } else {
      box.append(h('p', { class: 'sk-pending' }, t('keeper.export.later')));
    }
    return box;
  }

  return { changeRules, makeRules, confirmRemoval, undoPanel, moreScreen };
}
