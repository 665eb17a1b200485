// The table's windows: the score sheet and the chart, the round's tricks
// each with who won it and why, and the help with the keys, the pace and
// how the player is told of their turn.

import { h } from './dom.js';
import { fullSheet, chart } from './sheet.js';
import { trickKey } from './table-pace.js';
import { t } from './locale.js';

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
      h('button', { type: 'button', class: 'close', onclick: () => sheetDlg.close() }, t('table.close')),
      h('h2', { id: 'sheet-title' }, chartFirst ? t('table.chart.title') : t('table.sheet.title')),
      v ? [chartFirst ? chart(v) : null, fullSheet(v, st.words), chartFirst ? null : chart(v),
        v.phase === 'over' ? ctx.recordLink() : null]
        : h('p', {}, t('table.sheet.not_started'))));
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
      h('button', { type: 'button', class: 'close', onclick: () => sheetDlg.close() }, t('table.close')),
      h('h2', { id: 'sheet-title' }, round ? t('table.tricks.title', { Round: round }) : t('table.tricks.title_none')),
      tricks.length ? h('ol', { class: 'trick-list', id: 'trick-list' }, tricks.map((tr) => h('li', { 'data-trick': trickKey(tr) },
        h('h3', {}, t('table.trick.number', { Number: tr.number })),
        h('ol', { class: 'trick' }, tr.plays.map((p, k) => ctx.trickCard(p, k === tr.winning ? ctx.outcomeMark(tr.outcome) : '', v))),
        h('p', { class: 'outcome' }, ctx.trickWords(v, tr)))))
        : h('p', {}, t('table.tricks.none'))));
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
      h('button', { type: 'button', class: 'close', onclick: () => helpDlg.close() }, t('table.close')),
      h('h2', { id: 'help-title' }, t('table.help.title')),
      h('div', { class: 'keys' },
        k('← →', t('table.help.arrows')),
        k('Enter', t('table.help.enter')),
        k('0–9', t('table.help.digits')),
        k('h', t('table.help.hint')),
        k('n', t('table.help.continue')),
        k('s', t('table.help.sheet')),
        k('c', t('table.help.chart')),
        k('t', t('table.help.tricks')),
        k('?', t('table.help.help')),
        k('Esc', t('table.help.escape'))),
      h('p', {}, t('table.help.why'), ' ',
        h('a', { href: '/rules', target: '_blank', rel: 'noopener' }, t('table.help.rules'))),
      h('h2', {}, t('table.help.pace')),
      h('label', { class: 'field', for: 'pause-help' }, h('span', {}, t('table.help.pause')), ctx.pauseSelect('pause-help')),
      h('p', { class: 'muted' }, t('table.help.pace_note')),
      h('h2', {}, t('table.told.heading')),
      ctx.toldSwitches(),
      h('p', { class: 'muted' }, t('table.told.note')));
    helpDlg.showModal();
  }

  return { drawSheet, drawTricks, toggleHelp, toggleSheet };
}
