// The table's windows: the score sheet and the chart, the round's tricks
// each with who won it and why, and the help with the keys and the pace.

import { h } from './dom.js';
import { fullSheet, chart } from './sheet.js';
import { trickKey } from './table-pace.js';

// dialogs gives the table's context (table.js) its windows, opened and drawn.
export function dialogs(ctx) {
  const { st, id, sheetDlg, helpDlg } = ctx;
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
        h('ol', { class: 'trick' }, t.plays.map((p, k) => ctx.trickCard(p, k === t.winning ? (t.outcome === 'won' ? 'took it' : t.outcome) : '', v))),
        h('p', { class: 'outcome' }, ctx.trickWords(v, t)))))
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
      h('label', { class: 'field', for: 'pause-help' }, h('span', {}, 'After each trick, before the next one starts'), ctx.pauseSelect('pause-help')),
      h('p', { class: 'muted' }, 'A completed trick stays on the table with the reason it was won; “Continue” ends the pause. ' +
        'When it is your turn, the pause lasts 1.5 s at most.'));
    helpDlg.showModal();
  }

  return { drawSheet, drawTricks, toggleHelp, toggleSheet };
}
