// The Rules & share screen: the rules in force for any round and the form
// that changes them (asked of the engine first, confirmed when it removes
// entries, undone on request), the follow link, and the export.

import { h, announce, toast } from '/assets/dom.js';
import { canon, rulesForm, rulesInForce, currentRules, ruleAt, rulesFrom, rulesPart } from './keeper-rules.js';
import { CANNON_WORDS, words } from './keeper-say.js';
import { getEntry, checkRules } from './keeper-store.js';

// removalText says one entry a change of rules removes (the engine's
// Removal), in the words the round's entry screen used for it.
function removalText(sh, r) {
  const who = (i) => sh.players[i] || `Seat ${i + 1}`;
  switch (r.kind) {
    case 'loot': return `Round ${r.round}: ${who(r.seat)} looted with ${who(r.with)}`;
    case 'wager': return `Round ${r.round}: ${who(r.seat)}'s wager of ${r.amount} with Rascal of Roatan`;
    case 'cannon': return `Round ${r.round}: ${who(r.seat)}'s cannon load, ${words(CANNON_WORDS, r.load)}`;
    default: return `Round ${r.round}: ${who(r.seat)}'s ${words({}, r.kind)}`;
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
    if (!a) st.rulesNote = { refused: 'Neither the server nor the engine on this phone can be reached to say what the change does. Try again once online.' };
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
      st.rulesNote = { refused: 'The sheet changed meanwhile. Choose "Change the rules" again.' };
      ctx.redraw();
      return;
    }
    st.formRules = null;
    st.rulesNote = { undo: JSON.parse(JSON.stringify({ ...rulesPart(x.sheet), score: x.sheet.score })), removed: answer.removed,
      after: canon(rulesPart(answer)) };
    ctx.change((y) => {
      Object.assign(y.sheet, { options: answer.options, rule_changes: answer.rule_changes, rounds: answer.rounds, score: answer.score });
      ctx.ownRounds(y);
    }, answer.removed.length ? 'Rules changed; the entries listed were removed.' : 'Rules changed.');
  }

  // confirmRemoval lists what the change waiting for the keeper's yes
  // would remove, round by round, and asks.
  function confirmRemoval(sh) {
    const { answer, asked } = st.rulesAsk;
    return h('div', { class: 'panel', id: 'rules-confirm', role: 'alert' },
      h('p', {}, `These rules have no use for ${answer.removed.length === 1 ? 'this entry' : 'these entries'}, so changing them removes:`),
      h('ul', { id: 'rules-removed' }, answer.removed.map((r) => h('li', { 'data-round': r.round, 'data-kind': r.kind }, removalText(sh, r)))),
      h('p', { class: 'muted' }, 'Undo puts them back.'),
      h('div', { class: 'sk-bar' },
        h('button', { type: 'button', id: 'rules-keep', onclick: () => { st.rulesAsk = null; ctx.redraw(); announce('The rules were not changed.'); } }, 'Keep the rules as they are'),
        h('button', { type: 'button', class: 'primary', id: 'rules-remove', onclick: () => makeRules(answer, asked) }, 'Change the rules and remove them')));
  }

  // undoPanel offers to take back the last change of rules, while the
  // sheet is still as that change left it: the rules and the entries it
  // removed come back as they were.
  function undoPanel(sh) {
    const note = st.rulesNote;
    if (!note || !note.undo || canon(rulesPart(sh)) !== note.after) return null;
    return h('div', { id: 'rules-undo', class: 'row' },
      h('p', {}, 'The rules were changed.', note.removed.length ? ` Removed: ${note.removed.map((r) => removalText(sh, r)).join('; ')}.` : ''),
      h('button', { type: 'button', id: 'undo-rules', onclick: () => {
        st.rulesNote = null;
        ctx.change((y) => { Object.assign(y.sheet, JSON.parse(JSON.stringify(note.undo))); ctx.ownRounds(y); }, 'The change of rules was undone.');
      } }, 'Undo'));
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
    const picker = h('select', { id: 'rules-round', 'aria-label': 'The rules of round', onchange: () => {
      // Only the list of rules is drawn again: the form below keeps what
      // is chosen in it.
      st.rulesRound = Number(picker.value);
      inForce.replaceChildren(rulesInForce(ruleAt(real, st.rulesRound), rulesFrom(real, st.rulesRound), st.rulesRound, st.rulesRound <= entered));
    } }, Array.from({ length: last }, (_, k) => h('option', { value: k + 1, selected: k + 1 === at }, `Round ${k + 1}${k + 1 > entered ? ' (next)' : ''}`)));
    const refusal = st.rulesNote && st.rulesNote.refused ? `The rules were not changed. ${st.rulesNote.refused}`
      : e.error && e.base ? `The server refused this phone's changes, so the rules are still those it keeps. ${e.error}` : null;
    box.append(h('section', { class: 'panel', 'aria-labelledby': 'in-force-h' }, h('h2', { id: 'in-force-h' }, 'Rules in force'),
      refusal ? h('p', { class: 'sk-check bad', id: 'rules-refused', role: 'alert' }, refusal) : null,
      undoPanel(sh),
      h('label', { class: 'row', for: 'rules-round' }, h('span', {}, 'Show the rules of '), picker),
      inForce));
    const ask = () => {
      const o = rules.read();
      if (!o) return;
      st.formRules = o;
      changeRules(o, nextR.checked && sh.rounds.length > 0 ? 'next_round' : 'whole_game');
    };
    box.append(h('section', { class: 'panel' }, h('h2', {}, 'House rules'),
      h('p', { class: 'muted' }, 'Changed your mind about a rule? Choose the rules, then whether they score the whole game or only the rounds to come.'),
      rules.el,
      h('fieldset', {}, h('legend', {}, 'Apply to'),
        h('label', { class: 'opt' }, whole, h('span', {}, 'The whole game (rescore every round)')),
        h('label', { class: 'opt' }, nextR, h('span', {}, 'The next round on (rounds entered keep their points)'))),
      h('button', { type: 'button', id: 'apply-rules', disabled: st.rulesBusy, onclick: ask }, 'Change the rules'),
      st.rulesAsk ? confirmRemoval(sh) : null));
    if (sh.follow) {
      const link = location.origin + '/sheet/' + sh.follow;
      box.append(h('section', { class: 'panel' }, h('h2', {}, 'Follow on other phones'),
        h('p', { class: 'muted' }, 'A read-only link that follows the score live. (The address of this page can edit: keep it to yourself.)'),
        h('div', { class: 'sk-link' }, h('code', { id: 'follow-link' }, link),
          h('button', { type: 'button', onclick: () => navigator.clipboard.writeText(link).then(() => toast('Link copied.'), () => toast('Copy the link by hand.')) }, 'Copy'))));
    }
    if (sh.id) {
      box.append(h('section', { class: 'panel' }, h('h2', {}, 'Export'),
        h('p', { class: 'muted' }, 'The score sheet file imports back as this very sheet: title, captures and rules. The game record is for other programs; it keeps the points only.'),
        h('div', { class: 'row' },
          h('a', { class: 'button', href: `/api/sheets/${sh.id}/export`, download: 'skullking-sheet.json', id: 'export-sheet' }, 'Score sheet (JSON)'),
          h('a', { class: 'button', href: `/api/sheets/${sh.id}/record`, download: 'skullking-record.json', id: 'export-json' }, 'Game record (JSON)'),
          h('a', { class: 'button', href: `/api/sheets/${sh.id}/csv`, download: 'skullking-score.csv', id: 'export-csv' }, 'Spreadsheet (CSV)'))));
    } else {
      box.append(h('p', { class: 'sk-pending' }, 'Export and the follow link come once the sheet reaches the server.'));
    }
    return box;
  }

  return { changeRules, makeRules, confirmRemoval, undoPanel, moreScreen };
}
