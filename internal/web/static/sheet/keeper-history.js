// History and statistics: the book's games, each player's figures, the
// server's when it answers and else those this phone works out.

import { h } from '/assets/dom.js';
import { t, n, list, lang } from '/assets/locale.js';
import { nameKey, summary, newestFirst, playerStats, percent, mean } from '/sheet/assets/book.js';
import { KEY_ROSTER, writeJSON, entries, Offline, api, syncAll } from './keeper-store.js';
import { fitScrollers } from './keeper-totals.js';

// historyScreen shows the book's games and each player's statistics: the
// server's figures when it answers, since they count every phone sharing
// the book; else those this phone works out from the sheets it keeps, and
// it says so. Coming back online redraws it with the server's.
export async function historyScreen(page) {
  const { main } = page;
  let alive = true;
  const again = () => { if (alive) page.route(); };
  window.addEventListener('online', again);
  page.leave = () => { alive = false; window.removeEventListener('online', again); };
  main.append(h('h1', {}, t('keeper.history.title')), h('p', { class: 'muted', id: 'history-source', role: 'status' }, t('keeper.history.reading')));
  const fig = await bookFigures();
  if (!alive) return;
  main.replaceChildren(h('h1', {}, t('keeper.history.title')), sourceNote(fig, again), statsPanel(fig), gamesPanel(fig));
  fitScrollers(main);
}

// bookFigures are {server, games, players, others, unsent, problem}: the
// games (as SheetSummary), the players' statistics (as PlayerStats), the
// names with no finished game yet, and where they come from.
async function bookFigures() {
  // What this phone entered offline goes first, so that the server counts it.
  await syncAll().catch(() => {});
  let answers;
  try {
    answers = await Promise.all([`/api/sheets/history?${new URLSearchParams({ status: 'all' })}`, '/api/sheets/stats', '/api/sheets/roster'].map((p) => api('GET', p)));
  } catch (err) {
    if (!(err instanceof Offline)) throw err;
    return phoneFigures();
  }
  const [hist, stats, roster] = answers;
  if (hist.status !== 200 || stats.status !== 200) {
    const bad = hist.status !== 200 ? hist : stats;
    return { ...phoneFigures(), problem: (bad.data && bad.data.error) || t('keeper.server_answered', { Status: String(bad.status) }) };
  }
  const known = roster.status === 200 ? roster.data.players : [];
  if (roster.status === 200) writeJSON(KEY_ROSTER, known); // the names a new sheet offers, offline too
  const unsent = Object.values(entries()).filter((e) => e.dirty).length;
  return { server: true, games: newestFirst(hist.data.sheets), players: stats.data.players,
    others: withoutStats(known.map((p) => p.name), stats.data.players), unsent };
}

// phoneFigures are bookFigures worked out from the sheets on this phone.
function phoneFigures() {
  const kept = Object.values(entries());
  const players = playerStats(kept.map((e) => e.sheet));
  return { server: false, games: newestFirst(kept.map((e) => summary(e.key, e.sheet))), players,
    others: withoutStats(kept.flatMap((e) => e.sheet.players), players), unsent: 0 };
}

// withoutStats are the names, each once, of players with no finished game.
function withoutStats(names, stats) {
  const seen = new Set(stats.map((p) => nameKey(p.name)));
  return names.filter((n) => { const k = nameKey(n); if (seen.has(k)) return false; seen.add(k); return true; });
}

function sourceNote(fig, again) {
  if (fig.server) {
    return h('p', { class: 'muted', id: 'history-source', role: 'status' },
      t('keeper.history.server'), fig.unsent ? [' ', n('keeper.history.unsent', fig.unsent)] : '');
  }
  const why = fig.problem ? [t('keeper.history.no_figures'), ' ', fig.problem] : t('keeper.history.offline');
  return h('div', { class: ['panel', 'sk-offline'], id: 'history-source', role: 'status' },
    h('p', {}, why, ' ', t('keeper.history.phone'), ' ', t('keeper.history.fuller')),
    h('button', { type: 'button', id: 'history-retry', onclick: again }, t('keeper.retry')));
}

// statsPanel is the table of each player's figures over the finished games.
function statsPanel(fig) {
  const done = new Set(fig.games.filter((g) => g.over).map((g) => g.game || g.id)).size; // a game kept twice is one
  const cols = ['games', 'wins', 'bid_accuracy', 'zero_success', 'average_score', 'best_score', 'total_score'];
  const box = h('section', { class: 'panel', 'aria-labelledby': 'stats-h' }, h('h2', { id: 'stats-h' }, t('keeper.stats.title')));
  if (!fig.players.length) {
    box.append(h('p', { class: 'muted', id: 'no-stats' }, t('keeper.stats.none')));
  } else {
    box.append(h('p', { class: 'muted' }, n('keeper.stats.over', done)),
      h('div', { class: 'sk-scroll', tabindex: 0, 'aria-label': t('keeper.stats.scroll') },
        h('table', { class: ['sk-table', 'sk-stats'], id: 'stats' },
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('keeper.col.player')), cols.map((k) => h('th', { scope: 'col' }, t(`keeper.stats.${k}`))))),
          h('tbody', {}, fig.players.map((p) => h('tr', { 'data-player': p.name }, h('th', { scope: 'row' }, p.name),
            cols.map((k) => h('td', { 'data-stat': k }, statText(p, k)))))))));
  }
  if (fig.others.length) box.append(h('p', { class: 'muted', id: 'no-finished' }, t('keeper.stats.unfinished', { Names: list(fig.others) })));
  return box;
}

// statText writes one figure: ratios as percentages with what they count.
function statText(p, k) {
  switch (k) {
    case 'bid_accuracy': return [percent(p.bid_accuracy), h('span', { class: 'muted' }, ' ', t('keeper.stats.of', { Part: p.exact_bids, All: p.rounds }))];
    case 'zero_success': return p.zero_success === null || p.zero_success === undefined ? h('span', { 'aria-label': t('keeper.stats.no_zero') }, '—')
      : [percent(p.zero_success), h('span', { class: 'muted' }, ' ', t('keeper.stats.of', { Part: p.zero_made, All: p.zero_bids }))];
    case 'average_score': return mean(p.average_score);
    default: return String(p[k]);
  }
}

// gamesPanel lists the games, newest first; each opens its sheet.
function gamesPanel(fig) {
  const copies = copiesOf(fig.games);
  return h('section', { class: 'panel', 'aria-labelledby': 'games-h' }, h('h2', { id: 'games-h' }, t('keeper.games.title')),
    fig.games.length ? h('ul', { class: 'sk-games', id: 'games' }, fig.games.map((g) => gameItem(g, copies.has(g)))) : h('p', { class: 'muted' }, t('keeper.games.none')));
}

// copiesOf are the games kept twice that the statistics leave out: every
// sheet of a game but its most recently updated, as the server counts.
function copiesOf(games) {
  const at = (g) => (g.updated ? Date.parse(g.updated) : Infinity);
  const seen = new Set();
  const out = new Set();
  for (const g of [...games].sort((a, b) => at(b) - at(a))) {
    if (!g.game) continue;
    if (seen.has(g.game)) out.add(g); else seen.add(g.game);
  }
  return out;
}

function gameItem(g, copy) {
  const win = new Set(g.winners || []);
  const when = g.created ? dateText(g.created) : t('keeper.games.unsent');
  return h('li', { 'data-id': g.id }, h('a', { class: 'sk-game', href: '/sheet/' + g.id, 'data-nav': '' },
    h('span', { class: 'sk-game-title' }, g.title || list(g.players)),
    h('span', { class: 'muted' }, [when, n('keeper.home.rounds', g.rounds), gameState(g)].join(' · ')),
    h('span', { class: 'sk-game-score', 'data-totals': '' }, g.players.map((p, i) => [i ? ' · ' : '',
      win.has(i) ? h('b', {}, `★ ${p} ${g.totals[i]}`) : g.totals ? `${p} ${g.totals[i]}` : p])),
    copy ? h('span', { class: 'sk-copy' }, t('keeper.games.copy')) : null));
}

// gameState says how a game stands: who won, or that it goes on.
function gameState(g) {
  if (!g.totals) return t('keeper.games.pending');
  if (!g.over) return t('keeper.games.playing');
  const w = g.winners.map((i) => g.players[i]);
  return w.length > 1 ? t('keeper.games.shared', { Names: list(w) }) : t('keeper.games.won', { Name: w[0] });
}

function dateText(iso) {
  return new Date(iso).toLocaleDateString(lang(), { year: 'numeric', month: 'short', day: 'numeric' });
}
