// The totals and the rounds as the server scored them: the strip of
// totals beside every screen, the table of rounds (each one a tap from
// its correction), the chart, Graybeard's tricks at two players, and the
// sideways scrolling of what is wider than a phone.

import { h } from '/assets/dom.js';
import { t, n, number } from '/assets/locale.js';
import { optionLabel } from '/assets/catalog.js';
import { chart } from '/assets/sheet.js';
import { info, ruleValue, needsMet, sameValue, sameRules, valueText, ruleAt, toNobody } from './keeper-rules.js';
import { SAY, scoreParts } from './keeper-say.js';

// fitScrollers marks what scrolls sideways on a narrow screen, so that it
// shows it does (a shadow at the hidden edge, a line saying so), and brings
// each chosen count into view.
export function fitScrollers(root) {
  for (const box of root.querySelectorAll('.sk-scroll')) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle('scrolls', scrolls);
    const hint = box.previousElementSibling && box.previousElementSibling.classList.contains('sk-scroll-hint') ? box.previousElementSibling : null;
    if (scrolls && !hint) box.before(h('p', { class: ['sk-scroll-hint', 'muted'], 'aria-hidden': 'true' }, t('keeper.scroll_hint')));
    else if (!scrolls && hint) hint.remove();
  }
  for (const strip of root.querySelectorAll('.sk-nums')) {
    const on = strip.querySelector('[aria-pressed="true"]');
    if (on && (on.offsetLeft < strip.scrollLeft || on.offsetLeft + on.offsetWidth > strip.scrollLeft + strip.clientWidth)) {
      strip.scrollLeft = on.offsetLeft - (strip.clientWidth - on.offsetWidth) / 2;
    }
    // The edge with counts out of sight fades out, wherever the strip is.
    const edges = () => {
      strip.classList.toggle('more-left', strip.scrollLeft > 1);
      strip.classList.toggle('more-right', strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1);
    };
    strip.addEventListener('scroll', edges, { passive: true });
    edges();
  }
}

export function totalsStrip(sh) {
  const sc = sh.score;
  const stale = !sc || sc.rounds.length !== sh.rounds.length;
  return h('div', { class: 'sk-totals', id: 'totals', 'aria-label': t('keeper.tab.totals') }, sh.players.map((p, i) =>
    h('div', { 'data-seat': i }, h('span', {}, p), h('b', { class: 'total' }, number(sc ? sc.totals[i] : 0)),
      stale ? h('span', { class: 'sk-pending' }, t('keeper.totals.pending')) : null)));
}

export function totalsScreen(sh, onRound) {
  const sc = sh.score || { rounds: [] };
  const two = sh.players.length === 2; // Graybeard's column: the tricks he won
  const rows = sh.rounds.map((r, k) => {
    const sr = sc.rounds[k];
    return h('tr', { tabindex: onRound ? 0 : null, 'data-round': k + 1, 'aria-label': onRound ? t('keeper.totals.correct', { Round: k + 1 }) : null,
      onclick: onRound ? () => onRound(k + 1) : null,
      onkeydown: onRound ? (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); onRound(k + 1); } } : null },
    h('th', { scope: 'row' }, sr && sr.tiebreak ? t('keeper.totals.tiebreak', { Round: k + 1 }) : String(k + 1), roundRules(sh, k + 1)),
    sh.players.map((_, i) => h('td', { 'data-seat': i, title: sr && sr.scores ? scoreParts(sr.scores[i]) : null }, `${r.bids[i]}/${r.won[i]} `,
      sr ? h('b', { class: 'pts' }, String(sr.points[i])) : h('span', { class: 'sk-pending' }, '…'))),
    two ? h('td', { class: 'sk-graybeard', 'data-graybeard': k + 1 }, sr ? n('keeper.totals.graybeard_won', graybeardTricks(sr)) : h('span', { class: 'sk-pending' }, '…')) : null);
  });
  const view = { seats: sh.players.map((name) => ({ name })), results: sc.rounds };
  return h('div', {},
    totalsStrip(sh),
    h('section', { class: 'panel' }, h('h2', {}, t('keeper.totals.rounds')),
      h('p', { class: 'muted' }, [t('keeper.totals.help'), two && SAY.graybeard(), onRound && t('keeper.totals.tap')].filter(Boolean).join(' ')),
      h('div', { class: 'sk-scroll', tabindex: 0, 'aria-label': t('keeper.totals.scroll') }, h('table', { class: 'sk-table', id: 'rounds-table' },
        h('thead', {}, h('tr', {}, h('th', {}, t('keeper.round')), sh.players.map((p) => h('th', { scope: 'col' }, p)),
          two ? h('th', { scope: 'col', class: 'sk-graybeard' }, t('keeper.graybeard.name')) : null)),
        h('tbody', {}, rows)))),
    h('section', { class: 'panel' }, h('h2', {}, t('keeper.totals.chart')), chart(view)));
}

// graybeardTricks are the tricks of scored round sr that no player won: at
// two players, Graybeard's (or, with the Kraken or the White Whale, nobody's).
function graybeardTricks(sr) { return sr.cards - sr.won.reduce((a, b) => a + b, 0); }

// graybeardRow is Graybeard's line under a two-player round's points (cols
// columns), scored under rules: the tricks he won, and that he never
// scores. Null at more players.
export function graybeardRow(sh, sr, rules, cols) {
  if (sh.players.length !== 2) return null;
  return h('tr', { class: 'sk-graybeard', id: 'graybeard-row' }, h('td', {}, t('keeper.graybeard.name')), h('td', {}, '—'), h('td', {}, String(graybeardTricks(sr))),
    h('td', { colspan: cols - 3 }, SAY.graybeardWon(graybeardTricks(sr), toNobody(rules))));
}

// roundRules says, under round n's number, the rules it was scored under
// where they differ from the first round's; nothing when they do not.
function roundRules(sh, n) {
  const first = sh.options || {}, these = ruleAt(sh, n);
  if (n === 1 || sameRules(first, these)) return null;
  const said = info ? info.options.filter((o) => needsMet(these, o) && !sameValue(ruleValue(these, o.key), ruleValue(first, o.key)))
    .map((o) => `${optionLabel(o)}: ${valueText(o, ruleValue(these, o.key))}`) : [];
  return h('small', { class: 'sk-round-rules', 'data-rules': n }, said.length ? said.join(' · ') : t('keeper.totals.other_rules'));
}
