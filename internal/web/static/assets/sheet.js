// The score sheet (rounds × players), the round summary and the chart of
// running totals, drawn from the view's results: the server scores every
// round part by part (results[].scores) and the client only lays the parts
// out, so every row adds up on screen to the points the server counted. It
// imports nothing but dom.js and locale.js, whose words it says: the score
// keeper's page loads this file for its chart, and nothing of the table.

import { h, s, cutChars } from './dom.js';
import { t, n, list, number, signed } from './locale.js';

// players are the seats that score (Graybeard never does).
export function scoringSeats(view) {
  return view.seats.map((st, i) => ({ st, i })).filter((x) => !x.st.graybeard);
}

// ranks places the seats by their totals: equal totals share a place.
function ranks(totals, seats) {
  const out = {};
  for (const { i } of seats) out[i] = 1 + seats.filter((o) => totals[o.i] > totals[i]).length;
  return out;
}

// bonusCell shows the bonus captured: counted, or struck through where
// the bid forfeited it (in part, under Rascal's scoring one off).
function bonusCell(sc) {
  const got = sc.bonus || 0;
  const counted = sc.bonus_points || 0;
  if (!got) return h('td', { class: 'bonus' }, h('span', { class: 'counted' }, '0'));
  if (counted === got) return h('td', { class: 'bonus' }, h('span', { class: 'counted' }, signed(counted)));
  const kids = [h('s', { class: 'forfeit', title: t('sheet.forfeited') }, signed(got)), h('span', { class: 'sr-only' }, ' ', t('sheet.forfeited'))];
  if (counted) kids.push(' ', h('span', { class: 'counted' }, signed(counted)), h('span', { class: 'sr-only' }, ' ', t('sheet.counted')));
  else kids.push(' ', h('span', { class: 'counted' }, '0'));
  return h('td', { class: 'bonus' }, kids);
}

// roundSummary is one round part by part, a row per player: bid, won,
// what the bid scored, the bonus counted or forfeited, Rascal's wager, the
// Loot, the cannon load, the round's points, the new total and the place.
// Columns no seat used this round are left out. words (words.js) says each
// row in a sentence, for a pointer's tooltip; prev is the round before, for
// the total each row started from.
export function roundSummary(view, result, words, prev, title) {
  const seats = scoringSeats(view);
  const scores = result.scores || [];
  const used = (f) => seats.some(({ i }) => scores[i] && f(scores[i]));
  const wager = used((x) => x.wager);
  const loot = used((x) => (x.loot && x.loot.length) || x.loot_points);
  const cannon = used((x) => x.cannon);
  const place = ranks(result.totals, seats);
  const cols = ['player', 'bid', 'won', 'bid_points', 'bonus', wager && 'wager', loot && 'loot', cannon && 'cannon', 'round', 'total', 'place'].filter(Boolean);
  return h('div', { class: 'sheet-wrap' }, h('table', { class: ['sheet', 'summary'], id: 'round-breakdown', 'data-round': String(result.round) },
    h('caption', { class: 'sr-only' }, title),
    h('thead', {}, h('tr', {}, cols.map((c, k) => h('th', { scope: 'col', class: k === 0 ? 'l' : null }, t(`sheet.col.${c}`))))),
    h('tbody', {}, seats.map(({ st, i }) => {
      const sc = scores[i] || { bid: result.bids[i], won: result.won[i], bid_points: result.points[i], total: result.points[i] };
      const before = prev ? prev.totals[i] : 0;
      const allies = (sc.loot || []).map((l) => view.seats[l.ally] ? view.seats[l.ally].name : '').filter(Boolean);
      return h('tr', { 'data-seat': String(i), title: words ? words.score(sc) : null },
        h('th', { scope: 'row', class: 'l' }, st.name),
        h('td', { class: 'bid' }, String(sc.bid)),
        h('td', { class: ['won', sc.exact && 'made'] }, String(sc.won), sc.exact ? h('span', { 'aria-label': t('sheet.exact') }, ' ✓') : null),
        h('td', { class: ['bidpts', sc.bid_points < 0 && 'neg'] }, signed(sc.bid_points)),
        bonusCell(sc),
        wager ? h('td', { class: ['wager', sc.wager_points < 0 && 'neg'], title: sc.wager ? t('sheet.wager', { Wager: sc.wager }) : null },
          sc.wager ? signed(sc.wager_points || 0) : '0') : null,
        loot ? h('td', { class: ['loot', sc.loot_points < 0 && 'neg'], title: allies.length ? t('sheet.allied', { Names: list(allies) }) : null },
          signed(sc.loot_points || 0)) : null,
        cannon ? h('td', { class: 'cannon' }, sc.cannon ? t(`table.seat.cannon.${sc.cannon}`) : '–') : null,
        h('td', { class: ['round', sc.total < 0 && 'neg'] }, h('strong', {}, signed(sc.total))),
        h('td', { class: ['total', result.totals[i] < 0 && 'neg'], title: t('sheet.before', { Total: before }) }, number(result.totals[i])),
        h('td', { class: 'place' }, String(place[i])));
    }))));
}

// fullSheet is every scored round: per player bid/won, points and total;
// words, when given, says each cell in a sentence for a pointer's tooltip.
export function fullSheet(view, words) {
  const seats = scoringSeats(view);
  const res = view.results || [];
  const head = h('tr', {}, h('th', { scope: 'col', class: 'l' }, t('sheet.col.round')), seats.map(({ st }) => h('th', { scope: 'col' }, st.name)));
  const rows = res.map((r) => h('tr', {},
    h('th', { scope: 'row' }, `${r.round}`, h('span', { class: 'muted' }, ' · ', n('sheet.cards', r.cards))),
    seats.map(({ i }) => {
      const sc = r.scores && r.scores[i];
      const made = !!(sc && sc.exact);
      return h('td', { title: sc && words ? words.score(sc) : t('sheet.bid_won', { Bid: r.bids[i], Won: r.won[i] }) },
        h('span', { class: 'muted' }, `${r.bids[i]}/${r.won[i]} `),
        h('span', { class: r.points[i] < 0 ? 'neg' : made ? 'made' : '' }, signed(r.points[i])),
        h('br'), h('strong', {}, number(r.totals[i])));
    })));
  if (!res.length) rows.push(h('tr', {}, h('td', { class: ['l', 'muted'], colspan: String(seats.length + 1) }, t('sheet.none'))));
  const last = res[res.length - 1];
  return h('div', { class: 'sheet-wrap' }, h('table', { class: ['sheet', 'full'], id: 'score-sheet' },
    h('caption', { class: 'sr-only' }, t('sheet.caption')),
    h('thead', {}, head), h('tbody', {}, rows),
    last ? h('tfoot', {}, h('tr', {}, h('td', { class: 'l' }, t('sheet.col.total')), seats.map(({ i }) => h('td', {}, number(last.totals[i]))))) : null));
}

// Line styles: each player gets a colour AND a dash pattern AND a marker
// shape, so the chart reads without colour.
const STYLES = [
  { dash: '', mark: 'circle' },
  { dash: '8 4', mark: 'square' },
  { dash: '2 4', mark: 'triangle' },
  { dash: '12 4 3 4', mark: 'diamond' },
  { dash: '4 4', mark: 'circle' },
  { dash: '1 3', mark: 'square' },
  { dash: '10 6', mark: 'triangle' },
  { dash: '6 2 2 2', mark: 'diamond' },
];

// marker draws a data point; cls gives its colour (the theme's palette).
function marker(kind, x, y, cls) {
  const r = 4.5;
  const c = 'mk ' + cls;
  if (kind === 'square') return s('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: c });
  if (kind === 'triangle') return s('path', { d: `M${x} ${y - r - 1}L${x + r + 1} ${y + r}H${x - r - 1}Z`, class: c });
  if (kind === 'diamond') return s('path', { d: `M${x} ${y - r - 1}L${x + r + 1} ${y}L${x} ${y + r + 1}L${x - r - 1} ${y}Z`, class: c });
  return s('circle', { cx: x, cy: y, r, class: c });
}

// chart draws the running totals by round as an SVG line chart.
export function chart(view) {
  const seats = scoringSeats(view);
  const res = view.results || [];
  const W = 720, H = 300, L = 48, R = 120, T = 16, B = 34;
  const totals = seats.map(({ i }) => [0, ...res.map((r) => r.totals[i])]);
  const all = totals.flat();
  let lo = Math.min(0, ...all), hi = Math.max(10, ...all);
  const step = niceStep((hi - lo) / 5);
  lo = Math.floor(lo / step) * step; hi = Math.ceil(hi / step) * step;
  const n = Math.max(res.length, 1);
  const x = (k) => L + (k / n) * (W - L - R);
  const y = (v) => T + (1 - (v - lo) / (hi - lo || 1)) * (H - T - B);
  const desc = seats.map(({ st, i }) => `${st.name} ${res.length ? res[res.length - 1].totals[i] : 0}`).join(', ');
  const svg = s('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', id: 'score-chart',
    'aria-label': res.length ? t('sheet.chart', { Round: res[res.length - 1].round, Totals: desc }) : t('sheet.chart.empty') });
  for (let v = lo; v <= hi + 1e-9; v += step) {
    svg.append(s('line', { class: v === 0 ? 'zero' : 'grid', x1: L, x2: W - R, y1: y(v), y2: y(v) }),
      s('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end' }, number(v)));
  }
  for (let k = 0; k <= n; k++) {
    if (n > 12 && k % 2) continue;
    svg.append(s('text', { x: x(k), y: H - B + 18, 'text-anchor': 'middle' }, k === 0 ? t('sheet.chart.start') : String(res[k - 1] ? res[k - 1].round : k)));
  }
  // End labels, pushed apart so that close totals stay readable.
  const labels = seats.map((_, p) => ({ p, v: totals[p][totals[p].length - 1], y: y(totals[p][totals[p].length - 1]) }))
    .sort((a, b) => a.y - b.y);
  for (let k = 1; k < labels.length; k++) labels[k].y = Math.max(labels[k].y, labels[k - 1].y + 14);
  seats.forEach(({ st }, p) => {
    const style = STYLES[p % STYLES.length];
    const cls = 'p' + (p % STYLES.length);
    const pts = totals[p].map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    const g = s('g', { 'aria-hidden': 'true' },
      s('polyline', { points: pts, class: 'ln ' + cls, 'stroke-dasharray': style.dash }));
    totals[p].forEach((v, k) => { if (k > 0) g.append(marker(style.mark, x(k), y(v), cls)); });
    const lab = labels.find((l) => l.p === p);
    g.append(s('text', { x: x(totals[p].length - 1) + 8, y: lab.y + 4, class: cls }, `${cutChars(st.name, 12)} ${lab.v}`));
    svg.append(g);
  });
  const legend = h('ul', { class: 'legend', 'aria-hidden': 'true' }, seats.map(({ st }, p) => {
    const style = STYLES[p % STYLES.length];
    const cls = 'p' + (p % STYLES.length);
    return h('li', {}, s('svg', { viewBox: '0 0 34 12' },
      s('line', { x1: 0, x2: 34, y1: 6, y2: 6, class: 'ln ' + cls, 'stroke-dasharray': style.dash }),
      marker(style.mark, 17, 6, cls)), ' ', st.name);
  }));
  return fitChart(h('div', { class: 'chart-box' }, svg, legend));
}

// CHART_TEXT is the size of the chart's words, in CSS px, on any screen.
const CHART_TEXT = 12;

// fitChart keeps the words of a chart box (chart draws it in a viewBox
// 720 wide, which a phone shows at half size) at CHART_TEXT
// px however narrow the screen: each word is sized in the drawing's units
// for the scale it is shown at, the players' end labels are spread apart
// again for that size, and the viewBox grows until it holds every word, so
// nothing is cut and nothing scrolls sideways. It fits again whenever the
// chart's width changes, and returns the box.
function fitChart(box) {
  const svg = box.querySelector('svg');
  const base = svg.getAttribute('viewBox').split(' ').map(Number);
  const words = [...svg.querySelectorAll('text')];
  // The end labels, from top to bottom, where the chart put them; the
  // round numbers, which it writes 18 units under the plot (for 12-unit words).
  const ends = [...svg.querySelectorAll('g > text')].map((el) => ({ el, y: Number(el.getAttribute('y')) })).sort((a, b) => a.y - b.y);
  const roundLabels = [...svg.querySelectorAll(':scope > text[text-anchor="middle"]')];
  const bottom = roundLabels.length ? Number(roundLabels[0].getAttribute('y')) - 18 : 0;
  let width = 0;
  const fit = () => {
    const px = svg.getBoundingClientRect().width;
    if (!svg.isConnected) { seen.disconnect(); return; }
    if (!px || px === width) return;
    width = px;
    let vb = base;
    // The words' size depends on the viewBox and the viewBox on the words:
    // a few rounds of fitting settle it (each step changes it less than the last).
    for (let k = 0; k < 8; k++) {
      const size = CHART_TEXT * vb[2] / px;
      for (const el of words) el.style.fontSize = `${size}px`;
      let y = -Infinity;
      for (const e of ends) { y = Math.max(e.y, y + size * 1.15); e.el.setAttribute('y', y.toFixed(1)); }
      for (const el of roundLabels) el.setAttribute('y', (bottom + size * 1.5).toFixed(1));
      let [x0, y0, x1, y1] = [base[0], base[1], base[0] + base[2], base[1] + base[3]];
      for (const el of words) {
        const b = el.getBBox();
        x0 = Math.min(x0, b.x - 2); y0 = Math.min(y0, b.y - 2);
        x1 = Math.max(x1, b.x + b.width + 2); y1 = Math.max(y1, b.y + b.height + 2);
      }
      const next = [x0, y0, x1 - x0, y1 - y0];
      const settled = next.every((v, i) => Math.abs(v - vb[i]) < 0.5);
      vb = next;
      svg.setAttribute('viewBox', vb.map((v) => v.toFixed(1)).join(' '));
      if (settled) break;
    }
  };
  const seen = new ResizeObserver(fit);
  seen.observe(svg);
  return box;
}

function niceStep(raw) {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const m of [1, 2, 5, 10]) if (raw <= m * p) return m * p;
  return 10 * p;
}
