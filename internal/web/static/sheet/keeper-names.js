// The names screen: the sheet's title and its players' names, fixed in
// place, and what the server would refuse of them, refused here first.

import { h, announce } from '/assets/dom.js';
import { t, list } from '/assets/locale.js';
import { nameKey } from '/sheet/assets/book.js';
import { MAX_NAME, MAX_TITLE } from './keeper-store.js';

// renameProblem is what the server would refuse in a new title and names
// (docs/scorekeeper-api.md, Sheet): {text, seat}, seat undefined for the
// title; null when all is well. Checked here so that a refusal reads as a
// sentence at once, offline too, and leaves the sheet as it was.
function renameProblem(want, was) {
  const tooLong = (s, max) => [...s].length > max;
  const control = /\p{Cc}/u;
  if (tooLong(want.title, MAX_TITLE)) return { text: t('keeper.names.title_long', { Count: [...want.title].length, Most: MAX_TITLE }) };
  if (control.test(want.title)) return { text: t('keeper.names.title_control') };
  const seen = new Map();
  for (const [i, p] of want.players.entries()) {
    if (!p) return { seat: i, text: t('keeper.names.empty', { Seat: i + 1, Name: was[i] }) };
    if (tooLong(p, MAX_NAME)) return { seat: i, text: t('keeper.names.long', { Name: p, Count: [...p].length, Most: MAX_NAME }) };
    if (control.test(p)) return { seat: i, text: t('keeper.names.control', { Seat: i + 1 }) };
    const k = nameKey(p);
    if (seen.has(k)) {
      // Point at the seat that was just renamed, not at the one already so called.
      const j = seen.get(k);
      const at = want.players[j] !== was[j] ? j : i;
      return { seat: at, text: t('keeper.names.same', { First: was[j], Second: was[i], Name: want.players[at] }) };
    }
    seen.set(k, i);
  }
  return null;
}

// renaming gives a sheet's context (keeper-sheet.js) the names screen.
export function renaming(ctx) {
  const { st } = ctx;
  // namesScreen retitles the sheet and fixes the spelling of players' names.
  // Seats keep their order, so every round stays with its player. The edit
  // goes through change() like a round: sent with the whole sheet, or kept
  // on the phone until the server is back. What the server would refuse is
  // refused here first, in words, with nothing changed.
  function namesScreen(e) {
    const sh = e.sheet;
    const title = h('input', { id: 'rename-title', maxlength: MAX_TITLE, autocomplete: 'off', value: sh.title || '', placeholder: list(sh.players) });
    const seats = sh.players.map((p, i) => h('input', { id: 'rename-player-' + i, maxlength: MAX_NAME, autocomplete: 'off', autocapitalize: 'words',
      value: p, 'aria-describedby': 'rename-error' }));
    const err = h('p', { class: ['sk-check', 'bad'], id: 'rename-error', role: 'alert' });
    const save = (ev) => {
      ev.preventDefault();
      const want = { title: title.value.trim(), players: seats.map((x) => x.value.trim()) };
      const bad = renameProblem(want, sh.players);
      if (bad) {
        err.textContent = bad.text;
        (bad.seat === undefined ? title : seats[bad.seat]).focus();
        return;
      }
      st.tab = st.back;
      if (want.title === (sh.title || '') && want.players.every((p, i) => p === sh.players[i])) { ctx.redraw(); announce(t('keeper.names.unchanged')); return; }
      // Only what was changed here: a name another phone fixed while this
      // form was open stays fixed.
      ctx.change((x) => {
        if (want.title !== (sh.title || '')) x.sheet.title = want.title;
        want.players.forEach((p, i) => { if (p !== sh.players[i]) x.sheet.players[i] = p; });
      }, t('keeper.names.saved'));
    };
    const cancel = () => { st.tab = st.back; ctx.redraw(); };
    const escape = (ev) => { if (ev.key === 'Escape') { ev.preventDefault(); cancel(); } };
    return h('form', { class: 'panel', id: 'rename-form', 'aria-labelledby': 'rename-h', onsubmit: save, onkeydown: escape },
      h('h2', { id: 'rename-h' }, t('keeper.names.title')),
      h('p', { class: 'muted' }, t('keeper.names.help')),
      h('label', { class: ['field', 'sk-rename'], for: 'rename-title' }, h('span', {}, t('keeper.title_field')), title),
      h('fieldset', {}, h('legend', {}, t('keeper.new.players')),
        sh.players.map((p, i) => h('label', { class: ['field', 'sk-rename'], for: 'rename-player-' + i }, h('span', {}, t('keeper.names.seat', { Seat: i + 1, Name: p })), seats[i]))),
      err,
      h('div', { class: 'sk-bar' },
        h('button', { type: 'button', id: 'rename-cancel', onclick: cancel }, t('keeper.cancel')),
        h('button', { type: 'submit', class: 'primary', id: 'rename-save' }, t('keeper.names.save'))));
  }

  return { namesScreen };
}
