// The score keeper: one phone passed around a table playing with real
// cards. Each round is entered as what happened — bids, then tricks won,
// then the captures as events — and the server (docs/scorekeeper-api.md)
// computes every point; this page never adds a point itself.
//
// The phone is the keeper of record while the game runs: every sheet lives
// in local storage (with the round being entered), so a closed tab or a
// lost network loses nothing. Changes are synced by sending the whole sheet
// with the version it was made on; a 409 means another phone changed it,
// and the keeper chooses whose sheet stays.

import { h, announce, toast, plural, names } from '/assets/dom.js';
import { installSprite, suitIcon } from '/assets/cards.js';
import { chart } from '/assets/sheet.js';
import { nameKey, summary, newestFirst, playerStats, percent, mean } from '/sheet/assets/book.js';

const KEY_BOOK = 'sk.score.book';
const KEY_SHEETS = 'sk.score.sheets';
const KEY_RULES = 'sk.score.rules';
const KEY_ROSTER = 'sk.score.roster';
const SUITS = ['green', 'yellow', 'purple', 'black'];
const MODULES = [['loot', 'Loot'], ['kraken', 'Kraken'], ['white_whale', 'White Whale'], ['pirate_abilities', 'Pirate abilities']];

const main = document.getElementById('main');
let leave = null; // the current screen's clean-up (a follower's poll)

// ---- local storage ----------------------------------------------------

function readJSON(key, def) {
  try { const v = JSON.parse(localStorage.getItem(key)); return v === null ? def : v; } catch { return def; }
}
function writeJSON(key, v) { localStorage.setItem(key, JSON.stringify(v)); }

function hex(n) {
  const b = crypto.getRandomValues(new Uint8Array(n));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

// book is this phone's own book token: made here, so that a sheet started
// offline is filed in it once it reaches the server.
function book() {
  let b = localStorage.getItem(KEY_BOOK);
  if (!/^[0-9a-f]{32}$/.test(b || '')) { b = hex(16); localStorage.setItem(KEY_BOOK, b); }
  return b;
}

// Entries by key (the sheet id, or "local-…" until the server gave one):
// {key, sheet, dirty, error, conflict, draft}.
function entries() { return readJSON(KEY_SHEETS, {}); }
function getEntry(key) { return entries()[key] || null; }
function putEntry(e) { const all = entries(); all[e.key] = e; writeJSON(KEY_SHEETS, all); }
function dropEntry(key) { const all = entries(); delete all[key]; writeJSON(KEY_SHEETS, all); }

// ---- the API ----------------------------------------------------------

class Offline extends Error {}

async function api(method, path, body, extra = {}) {
  const headers = { 'Score-Book': book(), ...extra };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let r;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : (typeof body === 'string' ? body : JSON.stringify(body)) });
  } catch (err) {
    throw new Offline(String(err));
  }
  let data = null;
  if (r.status !== 204 && r.status !== 304) { try { data = await r.json(); } catch { data = null; } }
  return { status: r.status, data, etag: r.headers.get('ETag') };
}

// rulesInfo is GET /api/sheets/rules, kept for offline use.
async function rulesInfo() {
  try {
    const r = await api('GET', '/api/sheets/rules');
    if (r.status === 200) { writeJSON(KEY_RULES, r.data); return r.data; }
  } catch { /* offline: the copy from last time */ }
  return readJSON(KEY_RULES, { defaults: { rounds: 10, schedule: 'standard' }, schedules: { standard: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } });
}

// sheetBody is what a sheet sends back: the server ignores its own fields.
function sheetBody(sh) {
  return { version: sh.version, title: sh.title || '', players: sh.players, options: sh.options || {},
    rule_changes: sh.rule_changes || [], rounds: sh.rounds || [] };
}

// sync sends a changed sheet: POST for one made offline, else PUT with the
// version the changes were made on. Syncs of one sheet run one at a time:
// two PUTs of the same version would make the phone conflict with itself.
const syncing = new Map();
function sync(key) {
  const run = (syncing.get(key) || Promise.resolve()).then(() => syncOnce(key), () => syncOnce(key));
  syncing.set(key, run);
  run.finally(() => { if (syncing.get(key) === run) syncing.delete(key); });
  return run;
}

async function syncOnce(key) {
  let e = getEntry(key);
  if (!e) {
    // Synced meanwhile under the id the server gave it.
    e = Object.values(entries()).find((x) => x.was === key);
    if (e) key = e.key;
  }
  if (!e || !e.dirty || e.conflict) return e;
  const rev = e.rev || 0;
  let r;
  try {
    r = e.sheet.id ? await api('PUT', '/api/sheets/' + e.sheet.id, sheetBody(e.sheet))
      : await api('POST', '/api/sheets', sheetBody(e.sheet));
  } catch (err) {
    if (!(err instanceof Offline)) throw err;
    e.offline = true;
    putEntry(e);
    return e;
  }
  e = getEntry(key) || e; // a tap may have changed it while the request ran
  e.offline = false;
  if (r.status === 200 || r.status === 201) {
    if ((e.rev || 0) === rev) {
      e.sheet = r.data;
      e.dirty = false;
    } else {
      // Changed again while the request ran: the local copy is the server's
      // plus that change, so it keeps its entries and takes the new version.
      Object.assign(e.sheet, { id: r.data.id, follow: r.data.follow, version: r.data.version, score: r.data.score });
      setTimeout(() => sync(r.data.id), 0);
    }
    e.error = null;
    if (e.key !== r.data.id) {
      dropEntry(e.key);
      e.was = e.key;
      e.key = r.data.id;
    }
  } else if (r.status === 409 && r.data && r.data.sheet) {
    e.conflict = r.data.sheet;
  } else {
    e.error = (r.data && r.data.error) || `The server answered ${r.status}.`;
    e.errorRound = r.data && r.data.round;
  }
  putEntry(e);
  return e;
}

async function syncAll() {
  for (const k of Object.keys(entries())) await sync(k);
}

// ---- routing ----------------------------------------------------------

function navigate(path, replace = false) {
  if (replace) history.replaceState(null, '', path); else history.pushState(null, '', path);
  route();
}

function route() {
  if (leave) { leave(); leave = null; }
  main.replaceChildren();
  const m = location.pathname.match(/^\/sheet\/([a-z0-9-]+)\/?$/i);
  if (m && m[1] === 'new') newSheet();
  else if (m && m[1] === 'history') historyScreen();
  else if (m) openSheet(m[1].toLowerCase());
  else home();
}

document.addEventListener('click', (ev) => {
  const a = ev.target.closest && ev.target.closest('a[data-nav]');
  if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
  ev.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', route);

// ---- home: the sheets on this phone, new, import ----------------------

function home() {
  const list = Object.values(entries()).sort((a, b) => String(b.sheet.updated || b.key).localeCompare(String(a.sheet.updated || a.key)));
  const file = h('input', { type: 'file', id: 'import-file', accept: 'application/json,.json', class: 'sr-only',
    onchange: () => importRecord(file.files[0]) });
  main.append(
    h('h1', {}, 'Keep score for a real game'),
    h('p', { class: 'muted' }, 'Pass one phone around the table: enter the bids, the tricks and what was captured; the points are worked out for you.'),
    h('div', { class: 'row' },
      h('a', { class: 'button primary big', href: '/sheet/new', 'data-nav': '', id: 'new-sheet' }, 'New score sheet'),
      h('a', { class: 'button', href: '/sheet/history', 'data-nav': '', id: 'open-history' }, 'History and statistics'),
      h('label', { class: 'button', for: 'import-file' }, 'Import a game record'), file),
    h('section', { class: 'panel', 'aria-labelledby': 'mine-h' },
      h('h2', { id: 'mine-h' }, 'Sheets on this phone'),
      list.length ? h('ul', { class: 'sk-list' }, list.map((e) => h('li', {},
        h('a', { href: '/sheet/' + e.key, 'data-nav': '' }, e.sheet.title || names(e.sheet.players)),
        h('span', { class: 'muted' }, plural((e.sheet.rounds || []).length, 'round'),
          e.sheet.score && e.sheet.score.over ? ' · finished' : '', e.dirty ? ' · not synced yet' : ''))))
        : h('p', { class: 'muted' }, 'None yet.')));
}

async function importRecord(f) {
  if (!f) return;
  const text = await f.text();
  try {
    const r = await api('POST', '/api/sheets/import', text);
    if (r.status !== 201) { toast((r.data && r.data.error) || 'The record was not accepted.', 'error'); return; }
    putEntry({ key: r.data.id, sheet: r.data, dirty: false });
    navigate('/sheet/' + r.data.id);
  } catch {
    toast('Importing needs the server: you are offline.', 'error');
  }
}

// ---- history and statistics: the book's games, each player's figures ----

// historyScreen shows the book's games and each player's statistics: the
// server's figures when it answers, since they count every phone sharing
// the book; else those this phone works out from the sheets it keeps, and
// it says so. Coming back online redraws it with the server's.
async function historyScreen() {
  let alive = true;
  const again = () => { if (alive) route(); };
  window.addEventListener('online', again);
  leave = () => { alive = false; window.removeEventListener('online', again); };
  main.append(h('h1', {}, 'History and statistics'), h('p', { class: 'muted', id: 'history-source', role: 'status' }, 'Reading the book…'));
  const fig = await bookFigures();
  if (!alive) return;
  main.replaceChildren(h('h1', {}, 'History and statistics'), sourceNote(fig, again), statsPanel(fig), gamesPanel(fig));
}

// bookFigures are {server, games, players, others, unsent, problem}: the
// games (as SheetSummary), the players' statistics (as PlayerStats), the
// names with no finished game yet, and where they come from.
async function bookFigures() {
  // What this phone entered offline goes first, so that the server counts it.
  await syncAll().catch(() => {});
  let answers;
  try {
    answers = await Promise.all(['/api/sheets/history?status=all', '/api/sheets/stats', '/api/sheets/roster'].map((p) => api('GET', p)));
  } catch (err) {
    if (!(err instanceof Offline)) throw err;
    return phoneFigures();
  }
  const [hist, stats, roster] = answers;
  if (hist.status !== 200 || stats.status !== 200) {
    const bad = hist.status !== 200 ? hist : stats;
    return { ...phoneFigures(), problem: (bad.data && bad.data.error) || `the server answered ${bad.status}` };
  }
  const known = roster.status === 200 ? roster.data.players : [];
  if (roster.status === 200) writeJSON(KEY_ROSTER, known); // the names a new sheet offers, offline too
  const unsent = Object.values(entries()).filter((e) => e.dirty).length;
  return { server: true, games: newestFirst(hist.data.sheets), players: stats.data.players,
    others: withoutStats(known.map((p) => p.name), stats.data.players), unsent };
}

// phoneFigures are bookFigures worked out from the sheets on this phone.
function phoneFigures() {
  const list = Object.values(entries());
  const players = playerStats(list.map((e) => e.sheet));
  return { server: false, games: newestFirst(list.map((e) => summary(e.key, e.sheet))), players,
    others: withoutStats(list.flatMap((e) => e.sheet.players), players), unsent: 0 };
}

// withoutStats are the names, each once, of players with no finished game.
function withoutStats(names, stats) {
  const seen = new Set(stats.map((p) => nameKey(p.name)));
  return names.filter((n) => { const k = nameKey(n); if (seen.has(k)) return false; seen.add(k); return true; });
}

function sourceNote(fig, again) {
  if (fig.server) {
    return h('p', { class: 'muted', id: 'history-source', role: 'status' },
      'From the server: every game in this phone\'s book, with those entered on phones that share it.',
      fig.unsent ? ` ${plural(fig.unsent, 'sheet')} on this phone ${fig.unsent === 1 ? 'is' : 'are'} not on the server yet and not counted.` : '');
  }
  const why = fig.problem ? `The server could not give its figures (${fig.problem}). ` : 'Offline. ';
  return h('div', { class: 'panel sk-offline', id: 'history-source', role: 'status' },
    h('p', {}, why, 'These are the games kept on this phone, and statistics worked out from them. ',
      'The server\'s fuller figures, which count every phone sharing this book, show once it can be reached.'),
    h('button', { type: 'button', id: 'history-retry', onclick: again }, 'Try again'));
}

// statsPanel is the table of each player's figures over the finished games.
function statsPanel(fig) {
  const done = fig.games.filter((g) => g.over).length;
  const cols = [['games', 'Games'], ['wins', 'Wins'], ['bid_accuracy', 'Bids made'], ['zero_success', 'Zero bids made'],
    ['average_score', 'Mean score'], ['best_score', 'Best game'], ['total_score', 'All points']];
  const box = h('section', { class: 'panel', 'aria-labelledby': 'stats-h' }, h('h2', { id: 'stats-h' }, 'Players'));
  if (!fig.players.length) {
    box.append(h('p', { class: 'muted', id: 'no-stats' }, 'No finished game yet: the statistics start with the first one.'));
  } else {
    box.append(h('p', { class: 'muted' }, `Over ${plural(done, 'finished game')}. A bid is made when the player won exactly the tricks bid.`),
      h('div', { class: 'sk-scroll', tabindex: 0, 'aria-label': 'Statistics table, scrolls sideways' },
        h('table', { class: 'sk-table sk-stats', id: 'stats' },
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), cols.map(([, l]) => h('th', { scope: 'col' }, l)))),
          h('tbody', {}, fig.players.map((p) => h('tr', { 'data-player': p.name }, h('th', { scope: 'row' }, p.name),
            cols.map(([k]) => h('td', { 'data-stat': k }, statText(p, k)))))))));
  }
  if (fig.others.length) box.append(h('p', { class: 'muted', id: 'no-finished' }, `No finished game yet: ${names(fig.others)}.`));
  return box;
}

// statText writes one figure: ratios as percentages with what they count.
function statText(p, k) {
  switch (k) {
    case 'bid_accuracy': return [percent(p.bid_accuracy), h('span', { class: 'muted' }, ` (${p.exact_bids} of ${p.rounds})`)];
    case 'zero_success': return p.zero_success === null || p.zero_success === undefined ? h('span', { 'aria-label': 'no zero bids' }, '—')
      : [percent(p.zero_success), h('span', { class: 'muted' }, ` (${p.zero_made} of ${p.zero_bids})`)];
    case 'average_score': return mean(p.average_score);
    default: return String(p[k]);
  }
}

// gamesPanel lists the games, newest first; each opens its sheet.
function gamesPanel(fig) {
  return h('section', { class: 'panel', 'aria-labelledby': 'games-h' }, h('h2', { id: 'games-h' }, 'Games'),
    fig.games.length ? h('ul', { class: 'sk-games', id: 'games' }, fig.games.map(gameItem)) : h('p', { class: 'muted' }, 'No games yet.'));
}

function gameItem(g) {
  const win = new Set(g.winners || []);
  const when = g.created ? dateText(g.created) : 'not on the server yet';
  return h('li', { 'data-id': g.id }, h('a', { class: 'sk-game', href: '/sheet/' + g.id, 'data-nav': '' },
    h('span', { class: 'sk-game-title' }, g.title || names(g.players)),
    h('span', { class: 'muted' }, `${when} · ${plural(g.rounds, 'round')} · ${gameState(g)}`),
    h('span', { class: 'sk-game-score', 'data-totals': '' }, g.players.map((p, i) => [i ? ' · ' : '',
      win.has(i) ? h('b', {}, `★ ${p} ${g.totals[i]}`) : g.totals ? `${p} ${g.totals[i]}` : p]))));
}

// gameState says how a game stands: who won, or that it goes on.
function gameState(g) {
  if (!g.totals) return 'points pending';
  if (!g.over) return 'in progress';
  const w = g.winners.map((i) => g.players[i]);
  return w.length > 1 ? `${names(w)} shared the victory` : `${w[0]} won`;
}

function dateText(iso) {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

// ---- a new sheet: players and rules ------------------------------------

async function newSheet() {
  const picked = [];
  let roster = readJSON(KEY_ROSTER, []);
  const info = await rulesInfo();
  const title = h('input', { id: 'title', maxlength: 100, placeholder: 'e.g. Friday at Ann\'s' });
  const nameIn = h('input', { id: 'player-name', maxlength: 40, autocomplete: 'off', placeholder: 'Name' });
  const chosen = h('ol', { class: 'sk-list', id: 'players' });
  const rosterBox = h('div', { class: 'sk-pick', id: 'roster' });
  const rules = rulesForm(info, {});
  const err = h('p', { class: 'sk-check bad', role: 'alert' });

  const draw = () => {
    chosen.replaceChildren(...picked.map((n, i) => h('li', {}, h('span', {}, `${i + 1}. ${n}`),
      h('span', { class: 'row' },
        i > 0 ? h('button', { type: 'button', 'aria-label': `Move ${n} up`, onclick: () => { picked.splice(i - 1, 0, picked.splice(i, 1)[0]); draw(); } }, '↑') : null,
        h('button', { type: 'button', 'aria-label': `Remove ${n}`, onclick: () => { picked.splice(i, 1); draw(); } }, '✕')))));
    rosterBox.replaceChildren(...roster.map((p) => {
      const on = picked.some((n) => n.toLowerCase() === p.name.toLowerCase());
      return h('button', { type: 'button', class: 'sk-chip', 'aria-pressed': String(on),
        onclick: () => { if (on) picked.splice(picked.findIndex((n) => n.toLowerCase() === p.name.toLowerCase()), 1); else add(p.name); draw(); } }, p.name);
    }));
  };
  const add = (n) => {
    n = n.trim();
    if (!n) return;
    if (picked.some((x) => x.toLowerCase() === n.toLowerCase())) { err.textContent = `${n} is already playing.`; return; }
    if (picked.length >= 8) { err.textContent = 'At most 8 players.'; return; }
    err.textContent = '';
    picked.push(n);
  };
  api('GET', '/api/sheets/roster').then((r) => {
    if (r.status === 200) { roster = r.data.players; writeJSON(KEY_ROSTER, roster); draw(); }
  }).catch(() => {});

  const create = async (ev) => {
    ev.preventDefault();
    // Enter in the name field adds that player; it does not start the game.
    if (document.activeElement === nameIn && nameIn.value.trim()) { add(nameIn.value); nameIn.value = ''; draw(); return; }
    if (picked.length < 2) { err.textContent = 'A game needs at least 2 players.'; return; }
    const options = rules.read();
    const key = 'local-' + hex(8);
    putEntry({ key, sheet: { version: 0, title: title.value.trim(), players: [...picked], options, rule_changes: [], rounds: [], score: null }, dirty: true });
    const e = await sync(key);
    if (e && e.error) { err.textContent = e.error; dropEntry(key); return; }
    navigate('/sheet/' + (e ? e.key : key), true);
  };

  main.append(h('h1', {}, 'New score sheet'),
    h('form', { onsubmit: create },
      h('section', { class: 'panel' },
        h('h2', {}, 'Players, in seat order'),
        h('p', { class: 'muted' }, 'Clockwise from the player who leads the first round.'),
        chosen,
        h('div', { class: 'row' }, nameIn, h('button', { type: 'button', id: 'add-player', onclick: () => { add(nameIn.value); nameIn.value = ''; nameIn.focus(); draw(); } }, 'Add')),
        h('p', { class: 'muted' }, roster.length ? 'Or tap players from earlier games:' : ''), rosterBox),
      h('section', { class: 'panel' }, h('label', { class: 'field', for: 'title' }, h('span', {}, 'Title (optional)'), title)),
      h('section', { class: 'panel' }, h('h2', {}, 'Rules'), rules.el),
      err,
      h('button', { type: 'submit', class: 'primary big', id: 'create' }, 'Start the game')));
  draw();
  nameIn.focus();
}

// rulesForm edits a Rules object: standard, or the schedule, the modules
// and the common house rules. read() writes only what differs from the
// standard rules, as the API keeps them.
function rulesForm(info, current) {
  const d = info.defaults || {};
  const cur = { ...d, ...current };
  const custom = Object.keys(current).length > 0;
  const std = h('input', { type: 'radio', name: 'rules-kind', id: 'rules-std', checked: !custom });
  const cus = h('input', { type: 'radio', name: 'rules-kind', id: 'rules-custom', checked: custom });
  const rounds = h('input', { type: 'number', id: 'opt-rounds', min: 1, max: 30, value: cur.rounds || 10 });
  const sched = h('select', { id: 'opt-schedule' }, Object.keys(info.schedules || { standard: [] }).map((n) =>
    h('option', { value: n, selected: (typeof cur.schedule === 'string' ? cur.schedule : 'standard') === n }, n)));
  const boxes = MODULES.map(([k, label]) => [k, h('input', { type: 'checkbox', id: 'opt-' + k, checked: !!cur[k] }), label]);
  const house = [['keep_bonus_on_miss', 'Keep bonuses on a missed bid'], ['tiebreak', 'Play tiebreak rounds on a tied top']]
    .map(([k, label]) => [k, h('input', { type: 'checkbox', id: 'opt-' + k, checked: !!cur[k] }), label]);
  const scoring = h('select', { id: 'opt-scoring' }, [['standard', 'Standard scoring'], ['rascal', 'Rascal\'s scoring']].map(([v, l]) =>
    h('option', { value: v, selected: (cur.scoring || 'standard') === v }, l)));
  const cannon = h('input', { type: 'checkbox', id: 'opt-cannon_load', checked: !!cur.cannon_load });
  const zero = h('select', { id: 'opt-zero_scaling' }, ['cards', 'round', 'flat'].map((v) =>
    h('option', { value: v, selected: cur.zero_scaling === v }, { cards: 'Bid 0: 10 × cards dealt', round: 'Bid 0: 10 × round number', flat: 'Bid 0: a flat amount' }[v])));
  const more = h('div', { id: 'rules-more' },
    h('label', { class: 'field', for: 'opt-rounds' }, h('span', {}, 'Rounds'), rounds),
    h('label', { class: 'field', for: 'opt-schedule' }, h('span', {}, 'Cards per round'), sched),
    h('fieldset', {}, h('legend', {}, 'Modules'), boxes.map(([, el, label]) => h('label', { class: 'opt' }, el, h('span', {}, label)))),
    h('fieldset', {}, h('legend', {}, 'House rules'), house.map(([, el, label]) => h('label', { class: 'opt' }, el, h('span', {}, label))),
      h('label', { class: 'field', for: 'opt-zero_scaling' }, h('span', {}, 'A bid of zero'), zero),
      h('label', { class: 'field', for: 'opt-scoring' }, h('span', {}, 'Scoring'), scoring),
      h('label', { class: 'opt' }, cannon, h('span', {}, 'Cannon loads (with Rascal\'s scoring)'))));
  const show = () => { more.hidden = std.checked; };
  std.addEventListener('change', show); cus.addEventListener('change', show);
  show();
  const el = h('div', {},
    h('div', { class: 'row' }, h('label', { class: 'opt' }, std, h('span', {}, 'Standard rules')),
      h('label', { class: 'opt' }, cus, h('span', {}, 'Choose options and modules'))), more);
  const read = () => {
    if (std.checked) return {};
    const o = { ...current };
    o.rounds = Number(rounds.value) || d.rounds;
    o.schedule = sched.value;
    for (const [k, box] of [...boxes, ...house]) o[k] = box.checked;
    o.zero_scaling = zero.value;
    o.scoring = scoring.value;
    o.cannon_load = scoring.value === 'rascal' && cannon.checked;
    for (const k of Object.keys(o)) if (JSON.stringify(o[k]) === JSON.stringify(d[k])) delete o[k];
    return o;
  };
  return { el, read };
}

// ---- a sheet: keeper or follower --------------------------------------

async function openSheet(token) {
  // A sheet started offline keeps answering to its first address.
  let e = getEntry(token) || Object.values(entries()).find((x) => x.was === token);
  if (!e && token.startsWith('local-')) { main.append(h('p', { class: 'panel' }, 'This sheet is not on this phone.')); return; }
  if (!e) {
    main.append(h('p', { class: 'muted' }, 'Loading the sheet…'));
    let r;
    try { r = await api('GET', '/api/sheets/' + token); } catch { main.replaceChildren(h('p', { class: 'panel' }, 'This sheet is not on this phone, and the server cannot be reached.')); return; }
    if (r.status !== 200) { main.replaceChildren(h('p', { class: 'panel' }, 'There is no such sheet.')); return; }
    if (r.data.read_only) { follow(token, r.data, r.etag); return; }
    e = { key: r.data.id, sheet: r.data, dirty: false };
    putEntry(e);
  }
  keeper(e.key);
}

// keeper is the phone that enters the rounds.
function keeper(key) {
  let tab = 'round';
  let back = 'round'; // the screen the names screen goes back to
  let info = readJSON(KEY_RULES, null);
  let alive = true; // false once the keeper left for another screen
  const redraw = () => { if (alive) { main.replaceChildren(); draw(); } };
  const change = async (mutate, msg) => {
    const e = getEntry(key);
    mutate(e);
    e.dirty = true;
    e.rev = (e.rev || 0) + 1;
    putEntry(e);
    redraw();
    const after = await sync(key);
    if (after && after.key !== key) { key = after.key; if (alive) history.replaceState(null, '', '/sheet/' + key); }
    if (msg && after && !after.dirty) announce(msg);
    redraw();
    // A redraw drops the focused button: keyboard users go on from the
    // first choice of the screen rather than from the top of the page.
    const f = main.querySelector('[data-first]');
    if (f && (document.activeElement === document.body || !document.activeElement)) f.focus({ preventScroll: true });
  };

  function draw() {
    let e = getEntry(key);
    if (!e) {
      // Synced in the background under the id the server gave it.
      e = Object.values(entries()).find((x) => x.was === key);
      if (!e) { navigate('/sheet', true); return; }
      key = e.key;
      history.replaceState(null, '', '/sheet/' + key);
    }
    const sh = e.sheet;
    main.append(
      h('div', { class: 'sk-head' }, h('h1', { id: 'sheet-title' }, sh.title || names(sh.players)),
        h('button', { type: 'button', id: 'rename', 'aria-pressed': String(tab === 'names'), onclick: toggleNames }, 'Rename')),
      status(e),
      h('div', { class: 'sk-tabs', role: 'group', 'aria-label': 'Screens' },
        [['round', 'Round'], ['totals', 'Totals'], ['more', 'Rules & share']].map(([k, label]) =>
          h('button', { type: 'button', id: 'tab-' + k, 'aria-pressed': String(tab === k), onclick: () => { tab = k; redraw(); } }, label))));
    if (tab === 'round') main.append(entryScreen(e));
    else if (tab === 'totals') {
      main.append(totalsScreen(sh, (n) => startEdit(n)));
      if (sh.rounds.length) {
        main.append(h('button', { type: 'button', id: 'delete-last', onclick: () => {
          if (confirm(`Delete round ${sh.rounds.length}? Its entries are lost.`)) change((x) => { x.sheet.rounds.pop(); }, 'Round deleted.');
        } }, `Delete round ${sh.rounds.length}`));
      }
    }
    else if (tab === 'names') main.append(namesScreen(e));
    else main.append(moreScreen(e));
  }

  // toggleNames opens the names screen, or closes it back to the screen it
  // was opened from.
  function toggleNames() {
    if (tab === 'names') tab = back;
    else { back = tab; tab = 'names'; }
    redraw();
    const f = document.getElementById(tab === 'names' ? 'rename-title' : 'rename');
    if (f) f.focus();
  }

  // namesScreen retitles the sheet and fixes the spelling of players' names.
  // Seats keep their order, so every round stays with its player. The edit
  // goes through change() like a round: sent with the whole sheet, or kept
  // on the phone until the server is back. What the server would refuse is
  // refused here first, in words, with nothing changed.
  function namesScreen(e) {
    const sh = e.sheet;
    const title = h('input', { id: 'rename-title', maxlength: 100, autocomplete: 'off', value: sh.title || '', placeholder: names(sh.players) });
    const seats = sh.players.map((p, i) => h('input', { id: 'rename-player-' + i, maxlength: 40, autocomplete: 'off', autocapitalize: 'words',
      value: p, 'aria-describedby': 'rename-error' }));
    const err = h('p', { class: 'sk-check bad', id: 'rename-error', role: 'alert' });
    const save = (ev) => {
      ev.preventDefault();
      const want = { title: title.value.trim(), players: seats.map((x) => x.value.trim()) };
      const bad = renameProblem(want, sh.players);
      if (bad) {
        err.textContent = bad.text;
        (bad.seat === undefined ? title : seats[bad.seat]).focus();
        return;
      }
      tab = back;
      if (want.title === (sh.title || '') && want.players.every((p, i) => p === sh.players[i])) { redraw(); announce('Nothing changed.'); return; }
      change((x) => { x.sheet.title = want.title; x.sheet.players = want.players; }, 'Names saved.');
    };
    const cancel = () => { tab = back; redraw(); };
    const escape = (ev) => { if (ev.key === 'Escape') { ev.preventDefault(); cancel(); } };
    return h('form', { class: 'panel', id: 'rename-form', 'aria-labelledby': 'rename-h', onsubmit: save, onkeydown: escape },
      h('h2', { id: 'rename-h' }, 'Title and names'),
      h('p', { class: 'muted' }, 'Retitle the game or fix how a name is spelt. Seats keep their order, and every round and point stays with its player.'),
      h('label', { class: 'field sk-rename', for: 'rename-title' }, h('span', {}, 'Title (optional)'), title),
      h('fieldset', {}, h('legend', {}, 'Players, in seat order'),
        sh.players.map((p, i) => h('label', { class: 'field sk-rename', for: 'rename-player-' + i }, h('span', {}, `Seat ${i + 1}: ${p}`), seats[i]))),
      err,
      h('div', { class: 'sk-bar' },
        h('button', { type: 'button', id: 'rename-cancel', onclick: cancel }, 'Cancel'),
        h('button', { type: 'submit', class: 'primary', id: 'rename-save' }, 'Save names')));
  }

  function status(e) {
    if (e.conflict) {
      return h('div', { class: 'panel', role: 'alert' }, h('p', {}, 'Someone else changed this sheet on another phone meanwhile.'),
        h('div', { class: 'row' },
          h('button', { type: 'button', id: 'keep-theirs', onclick: () => { const x = getEntry(key); x.sheet = x.conflict; x.conflict = null; x.dirty = false; putEntry(x); redraw(); } }, 'Keep theirs'),
          h('button', { type: 'button', id: 'keep-mine', onclick: () => change((x) => { x.sheet.version = x.conflict.version; x.conflict = null; }) }, 'Keep mine')));
    }
    if (e.error) {
      return h('div', { class: 'panel', role: 'alert' }, h('p', { class: 'sk-check bad' }, e.error),
        h('div', { class: 'row' },
          e.errorRound && e.errorRound <= e.sheet.rounds.length ? h('button', { type: 'button', id: 'fix-round', onclick: () => startEdit(e.errorRound) }, `Fix round ${e.errorRound}`) : null,
          e.sheet.id ? h('button', { type: 'button', id: 'drop-change', onclick: dropChange }, 'Undo: back to the saved sheet') : null));
    }
    if (e.dirty) return h('p', { class: 'sk-pending', id: 'sync-status' }, e.offline ? 'Offline: kept on this phone, sent when the server is back.' : 'Saving…');
    return h('p', { class: 'muted', id: 'sync-status' }, 'Saved.');
  }

  // dropChange gives up the local changes the server refused, taking the
  // sheet as the server keeps it.
  async function dropChange() {
    const x = getEntry(key);
    try {
      const r = await api('GET', '/api/sheets/' + x.sheet.id);
      if (r.status !== 200) { toast('The saved sheet could not be read.', 'error'); return; }
      Object.assign(x, { sheet: r.data, dirty: false, error: null, errorRound: null, conflict: null });
      putEntry(x);
      redraw();
    } catch {
      toast('The server cannot be reached.', 'error');
    }
  }

  // next is the round to enter: the server's word when the score is up to
  // date; offline, the schedule as last known.
  function nextRound(sh) {
    const sc = sh.score;
    const n = sh.rounds.length + 1;
    if (sc && sc.rounds.length === sh.rounds.length) return sc.next;
    const last = sc && sc.next;
    const sched = (info && info.schedules) || {};
    const opts = currentRules(sh);
    const list = Array.isArray(opts.schedule) ? opts.schedule : sched[opts.schedule || 'standard'] || [];
    const total = opts.rounds || list.length || 10;
    if (n > total) return null;
    return { round: n, cards: Math.min(list[n - 1] || n, (last && last.max_cards) || 99), max_cards: (last && last.max_cards) || 10,
      tricks_may_go_to_nobody: !!(opts.kraken || opts.white_whale), rules: opts, pending: true };
  }

  function startEdit(n) {
    const e = getEntry(key);
    const r = e.sheet.rounds[n - 1];
    const sr = e.sheet.score && e.sheet.score.rounds[n - 1];
    e.draft = { replace: n, step: 'bids', cards: (r.cards || (sr && sr.cards) || 1), sched: r.cards ? 0 : sr && sr.cards, bids: [...r.bids], won: [...r.won],
      bonuses: (r.bonuses || []).map((b) => ({ ...b })), loot: r.loot || [], wagers: r.wagers || null, cannon: r.cannon, bonus_points: r.bonus_points };
    putEntry(e);
    tab = 'round';
    redraw();
  }

  // entryScreen is one round: bids, then tricks, then captures, then the
  // points as the server scores them.
  function entryScreen(e) {
    const sh = e.sheet;
    const next = nextRound(sh);
    let d = e.draft;
    if (!d) {
      if (!next) return finished(sh);
      d = { replace: 0, step: 'bids', cards: next.cards, sched: next.pending ? 0 : next.cards, bids: sh.players.map(() => null), won: sh.players.map(() => null), bonuses: [], loot: [], wagers: null };
    }
    const save = () => { const x = getEntry(key); x.draft = d; putEntry(x); };
    const n = d.replace || next.round;
    const rules = (d.replace ? ruleAt(sh, d.replace) : next.rules) || {};
    const maxCards = (next && next.max_cards) || (sh.score && sh.score.next && sh.score.next.max_cards) || Math.max(d.cards, 10);
    const nobody = d.replace ? !!(rules.kraken || rules.white_whale) : next.tricks_may_go_to_nobody;
    const box = h('section', { class: 'panel', 'aria-labelledby': 'round-h' });
    const steps = [['bids', 'Bids'], ['won', 'Tricks'], ['bonus', 'Captures'], ['confirm', 'Points']];
    box.append(h('h2', { id: 'round-h' }, `${d.replace ? 'Correct round' : 'Round'} ${n}`, next && next.tiebreak && !d.replace ? ' (tiebreak)' : '',
      ` · ${plural(d.cards, 'card')} each`),
      h('div', { class: 'sk-steps', 'aria-label': 'Steps' }, steps.map(([k, l]) => h('span', { 'aria-current': d.step === k ? 'step' : null }, l))));
    const go = (step) => { d.step = step; save(); redraw(); const f = main.querySelector('[data-first]'); if (f) f.focus(); };
    const bar = (back, fwd, fwdLabel, ok) => h('div', { class: 'sk-bar' },
      back ? h('button', { type: 'button', id: 'back', onclick: () => go(back) }, 'Back')
        : d.replace ? h('button', { type: 'button', id: 'cancel', onclick: () => { const x = getEntry(key); x.draft = null; putEntry(x); redraw(); } }, 'Cancel') : h('span'),
      h('button', { type: 'button', class: 'primary', id: 'next', disabled: !ok, onclick: fwd }, fwdLabel));

    const numbers = (what, list) => sh.players.map((p, i) => h('div', { class: 'sk-seat', role: 'group', 'aria-label': `${p}: ${what}` },
      h('span', { class: 'who' }, p),
      h('div', { class: 'sk-nums' }, Array.from({ length: d.cards + 1 }, (_, v) => h('button', {
        type: 'button', 'data-key': `${what}-${i}-${v}`, 'aria-pressed': String(list[i] === v), 'data-first': i === 0 && v === 0 ? '' : null,
        'aria-label': `${p} ${what === 'bid' ? 'bids' : 'won'} ${v}`,
        onclick: () => { list[i] = v; save(); redraw(); const b = main.querySelector(`[data-key="${what}-${i}-${v}"]`); if (b) b.focus(); },
      }, String(v))))));

    if (d.step === 'bids') {
      const dealt = h('select', { id: 'cards-dealt', 'aria-label': 'Cards dealt to each player', onchange: () => {
        d.cards = Number(dealt.value); d.bids = d.bids.map((b) => (b !== null && b > d.cards ? null : b)); d.won = d.won.map(() => null); save(); redraw();
      } }, Array.from({ length: maxCards }, (_, i) => h('option', { value: i + 1, selected: i + 1 === d.cards }, String(i + 1))));
      box.append(h('p', { class: 'muted' }, 'Everyone\'s bid, as revealed.'), ...numbers('bid', d.bids),
        h('p', { class: 'row' }, h('label', { for: 'cards-dealt' }, 'Cards dealt (if the deal differed): '), dealt),
        bar(null, () => go('won'), 'Tricks →', d.bids.every((b) => b !== null)));
    } else if (d.step === 'won') {
      const sum = d.won.reduce((a, b) => a + (b || 0), 0);
      const all = d.won.every((b) => b !== null);
      const ok = all && (sum === d.cards || (nobody && sum < d.cards));
      const msg = !all ? 'Tap how many tricks each player won.'
        : sum > d.cards ? `That is ${plural(sum, 'trick')}, but only ${d.cards} were played.`
          : sum < d.cards && !nobody ? `That is ${plural(sum, 'trick')} of ${d.cards}: every trick is won by someone.`
            : sum < d.cards ? `${plural(d.cards - sum, 'trick')} went to nobody (Kraken, White Whale or Graybeard).` : `All ${plural(d.cards, 'trick')} counted.`;
      box.append(h('p', { class: 'muted' }, 'Tricks each player won.'), ...numbers('won', d.won),
        h('p', { class: ['sk-check', ok ? 'good' : all ? 'bad' : ''], id: 'tricks-check', role: 'status' }, msg),
        bar('bids', () => go('bonus'), 'Captures →', ok));
    } else if (d.step === 'bonus') {
      box.append(bonusStep(sh, d, rules, save, redraw), bar('won', () => go('confirm'), 'Points →', true));
    } else {
      box.append(confirmStep(sh, d, n, bar, go));
    }
    return h('div', { class: 'sk-wide' }, box, h('aside', {}, totalsStrip(sh)));
  }

  function bonusStep(sh, d, rules, save, redraw) {
    const wrap = h('div', {});
    const winners = sh.players.map((p, i) => i).filter((i) => d.won[i] > 0);
    if (d.bonus_points) {
      wrap.append(h('p', { class: 'muted' }, 'This round came from a record with only its bonus points; they are kept as they are.'));
      return wrap;
    }
    const pick = d.pick || (d.pick = {});
    const btn = (key, label, on, f) => h('button', { type: 'button', 'data-key': key, 'aria-pressed': String(!!on), onclick: f }, label);
    const say = (b) => {
      const p = sh.players[b.seat];
      switch (b.kind) {
        case 'fourteen': return [`${p} took the `, suitIcon(b.suit), ` ${b.suit} 14`];
        case 'pirate_took_mermaids': return `${p}'s Pirate took ${b.count === 1 ? 'a Mermaid' : '2 Mermaids'}`;
        case 'skull_king_took_pirates': return `${p}'s Skull King took ${plural(b.count, 'Pirate')}`;
        case 'mermaid_took_skull_king': return `${p}'s Mermaid took the Skull King`;
      }
      return b.kind;
    };
    const sayText = (b) => [say(b)].flat().map((x) => (typeof x === 'string' ? x : '')).join('').replace(/ {2}/g, ' ');
    wrap.append(h('p', { class: 'muted' }, 'What was captured, one event per capture. Nothing special? Go on.'),
      h('ul', { class: 'sk-events', id: 'events' }, d.bonuses.length ? d.bonuses.map((b, k) => h('li', {}, h('span', {}, say(b)),
        h('button', { type: 'button', 'aria-label': 'Remove: ' + sayText(b), onclick: () => { d.bonuses.splice(k, 1); save(); redraw(); } }, '✕')))
        : h('li', { class: 'muted' }, 'No captures yet.')));
    if (rules.bonuses === false) wrap.append(h('p', { class: 'muted' }, 'Bonuses are off in these rules.'));
    // Loot, wagers and cannon loads below are asked for even when no capture can be.
    if (rules.bonuses !== false && winners.length) addCapture(wrap, sh, d, pick, btn, winners, sayText, save, redraw);
    moduleEntries(wrap, sh, d, rules, btn, winners, save, redraw);
    return wrap;
  }

  // addCapture is the three taps of one capture: who, what, which or how many.
  function addCapture(wrap, sh, d, pick, btn, winners, sayText, save, redraw) {
    const add = (b) => { d.bonuses.push({ seat: pick.seat, ...b }); d.pick = {}; save(); redraw(); announce(sayText(d.bonuses[d.bonuses.length - 1])); };
    wrap.append(h('h3', {}, 'Add a capture'),
      h('div', { class: 'sk-pick', role: 'group', 'aria-label': 'Who won the trick' }, winners.map((i) =>
        btn('bw-' + i, sh.players[i], pick.seat === i, () => { pick.seat = i; pick.kind = null; save(); redraw(); }))));
    if (pick.seat !== undefined && pick.seat !== null) {
      wrap.append(h('div', { class: 'sk-pick', role: 'group', 'aria-label': 'What they took' },
        [['fourteen', 'took a 14'], ['pirate_took_mermaids', 'Pirate took Mermaids'], ['skull_king_took_pirates', 'Skull King took Pirates'], ['mermaid_took_skull_king', 'Mermaid took the Skull King']]
          .map(([k, l]) => btn('bk-' + k, l, pick.kind === k, () => { if (k === 'mermaid_took_skull_king') add({ kind: k }); else { pick.kind = k; save(); redraw(); } }))));
      if (pick.kind === 'fourteen') {
        wrap.append(h('div', { class: 'sk-pick', role: 'group', 'aria-label': 'Which 14' }, SUITS.map((su) =>
          btn('bs-' + su, [suitIcon(su), ` ${su} 14`], false, () => add({ kind: 'fourteen', suit: su })))));
      } else if (pick.kind === 'pirate_took_mermaids' || pick.kind === 'skull_king_took_pirates') {
        const max = pick.kind === 'pirate_took_mermaids' ? 2 : 6;
        wrap.append(h('div', { class: 'sk-pick', role: 'group', 'aria-label': 'How many' }, Array.from({ length: max }, (_, v) =>
          btn('bc-' + (v + 1), String(v + 1), false, () => add({ kind: pick.kind, count: v + 1 })))));
      }
    }
  }

  // moduleEntries asks for what the modules in play add to a round.
  function moduleEntries(wrap, sh, d, rules, btn, winners, save, redraw) {
    if (rules.loot) {
      wrap.append(h('h3', {}, 'Loot alliances'), h('p', { class: 'muted' }, 'Who played a Loot card, and who won that trick.'),
        h('ul', { class: 'sk-events', id: 'loot' }, d.loot.map(([a, b], k) => h('li', {}, `${sh.players[a]} looted with ${sh.players[b]}`,
          h('button', { type: 'button', 'aria-label': 'Remove the alliance', onclick: () => { d.loot.splice(k, 1); save(); redraw(); } }, '✕')))));
      if (d.loot.length < 2) {
        const a = h('select', { id: 'loot-looter', 'aria-label': 'Played the Loot' }, sh.players.map((p, i) => h('option', { value: i }, p)));
        const b = h('select', { id: 'loot-winner', 'aria-label': 'Won the trick' }, winners.map((i) => h('option', { value: i }, sh.players[i])));
        wrap.append(h('div', { class: 'row' }, a, ' with ', b, h('button', { type: 'button', id: 'loot-add', onclick: () => {
          if (a.value === b.value) { toast('A player cannot ally with themselves.', 'error'); return; }
          d.loot.push([Number(a.value), Number(b.value)]); save(); redraw();
        } }, 'Add alliance')));
      }
    }
    if (rules.pirate_abilities) {
      const w = d.wagers || sh.players.map(() => 0);
      const who = w.findIndex((x) => x > 0);
      const update = () => {
        const nw = sh.players.map(() => 0);
        if (sel.value !== '') nw[Number(sel.value)] = Number(amt.value);
        d.wagers = nw;
        save();
      };
      const sel = h('select', { 'aria-label': 'Who wagered with Rascal of Roatan', onchange: update },
        h('option', { value: '' }, 'nobody'), winners.map((i) => h('option', { value: i, selected: who === i }, sh.players[i])));
      const amt = h('select', { 'aria-label': 'Wager', onchange: update },
        [10, 20].map((v) => h('option', { value: v, selected: who >= 0 && w[who] === v }, String(v))));
      wrap.append(h('h3', {}, 'Rascal of Roatan\'s wager'), h('div', { class: 'row' }, sel, amt));
    }
    if (rules.scoring === 'rascal' && rules.cannon_load) {
      const c = d.cannon || sh.players.map(() => 'grapeshot');
      wrap.append(h('h3', {}, 'Cannon loads'), ...sh.players.map((p, i) => h('div', { class: 'sk-seat', role: 'group', 'aria-label': `${p}'s cannon load` },
        h('span', { class: 'who' }, p), h('div', { class: 'sk-pick' }, ['grapeshot', 'cannonball'].map((v) =>
          btn(`cannon-${i}-${v}`, v === 'grapeshot' ? 'Grapeshot' : 'Cannonball', c[i] === v, () => { c[i] = v; d.cannon = c; save(); redraw(); }))))));
    }
    return wrap;
  }

  function roundOf(d) {
    const r = { bids: d.bids, won: d.won };
    // The deal's size is sent only when it differed from the schedule, as
    // the record then says.
    if (d.cards && d.cards !== d.sched) r.cards = d.cards;
    if (d.bonus_points) r.bonus_points = d.bonus_points; else if (d.bonuses.length) r.bonuses = d.bonuses;
    if (d.loot && d.loot.length) r.loot = d.loot;
    if (d.wagers && d.wagers.some((x) => x)) r.wagers = d.wagers;
    if (d.cannon) r.cannon = d.cannon;
    return r;
  }

  function confirmStep(sh, d, n, bar, go) {
    const wrap = h('div', {});
    const out = h('div', { id: 'preview' }, h('p', { class: 'muted' }, 'Scoring…'));
    const round = roundOf(d);
    let ok = true;
    const saveBtn = () => h('div', { class: 'sk-bar' }, h('button', { type: 'button', id: 'back', onclick: () => go('bonus') }, 'Back'),
      h('button', { type: 'button', class: 'primary', id: 'save-round', disabled: !ok, onclick: () => {
        change((x) => {
          const r = roundOf(x.draft);
          if (x.draft.replace) x.sheet.rounds[x.draft.replace - 1] = r; else x.sheet.rounds.push(r);
          x.draft = null;
        }, `Round ${n} saved.`);
      } }, d.replace ? 'Save the correction' : 'Save round'));
    wrap.append(out, saveBtn());
    const tok = sh.id;
    if (!tok || getEntry(key).dirty) {
      out.replaceChildren(h('p', { class: 'sk-pending' }, 'The points will be worked out when the server is reached.'));
      return wrap;
    }
    api('POST', `/api/sheets/${tok}/preview`, { round, replace: d.replace || 0 }).then(async (r) => {
      if (r.status !== 200 || r.data.round.round !== n) {
        // Scored as another round, or refused: if another phone changed the
        // sheet, the preview says nothing about this phone's round. Saving
        // then meets the conflict, and the keeper chooses.
        const cur = await api('GET', '/api/sheets/' + tok).catch(() => null);
        if (cur && cur.status === 200 && cur.data.version !== sh.version) {
          out.replaceChildren(h('p', { class: 'sk-check bad', id: 'stale', role: 'alert' },
            'This sheet was changed on another phone meanwhile: saving will ask whose sheet to keep.'));
          return;
        }
      }
      if (r.status === 200) {
        const sr = r.data.round;
        out.replaceChildren(h('table', { class: 'sk-table' },
          h('thead', {}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Bid'), h('th', {}, 'Won'), h('th', {}, 'Points'), h('th', {}, 'Total'))),
          h('tbody', {}, sh.players.map((p, i) => h('tr', {}, h('td', {}, p), h('td', {}, d.bids[i]), h('td', {}, d.won[i]),
            h('td', {}, (sr.points[i] > 0 ? '+' : '') + sr.points[i], sr.exact[i] ? ' ✓' : ' ✗'), h('td', {}, sr.totals[i]))))));
      } else {
        ok = false;
        out.replaceChildren(h('p', { class: 'sk-check bad', role: 'alert' }, (r.data && r.data.error) || 'This round cannot be scored.'));
        wrap.lastChild.replaceWith(saveBtn());
      }
    }).catch(() => out.replaceChildren(h('p', { class: 'sk-pending' }, 'Offline: the points will be worked out when the server is reached.')));
    return wrap;
  }

  function finished(sh) {
    const sc = sh.score;
    const win = sc && sc.winners ? names(sc.winners.map((i) => sh.players[i])) : '';
    return h('section', { class: 'panel', id: 'game-over' }, h('h2', {}, 'Game over'),
      win ? h('p', { class: 'big' }, `${win} ${sc.winners.length > 1 ? 'share the victory' : 'wins'}!`) : null,
      totalsStrip(sh), h('p', { class: 'muted' }, 'Tap a round under Totals to correct it.'));
  }

  function moreScreen(e) {
    const sh = e.sheet;
    const box = h('div', {});
    const rules = rulesForm(info || { defaults: {}, schedules: {} }, currentRules(sh));
    const whole = h('input', { type: 'radio', name: 'apply', id: 'apply-whole', checked: true });
    const nextR = h('input', { type: 'radio', name: 'apply', id: 'apply-next' });
    box.append(h('section', { class: 'panel' }, h('h2', {}, 'House rules'),
      h('p', { class: 'muted' }, 'Changed your mind about a rule? Choose the rules, then whether they score the whole game or only the rounds to come.'),
      rules.el,
      h('fieldset', {}, h('legend', {}, 'Apply to'),
        h('label', { class: 'opt' }, whole, h('span', {}, 'The whole game (rescore every round)')),
        h('label', { class: 'opt' }, nextR, h('span', {}, 'The next round on (rounds entered keep their points)'))),
      h('button', { type: 'button', id: 'apply-rules', onclick: () => {
        const o = rules.read();
        change((x) => applyRules(x.sheet, o, nextR.checked && x.sheet.rounds.length > 0), 'Rules changed.');
      } }, 'Change the rules')));
    if (sh.follow) {
      const link = location.origin + '/sheet/' + sh.follow;
      box.append(h('section', { class: 'panel' }, h('h2', {}, 'Follow on other phones'),
        h('p', { class: 'muted' }, 'A read-only link that follows the score live. (The address of this page can edit: keep it to yourself.)'),
        h('div', { class: 'sk-link' }, h('code', { id: 'follow-link' }, link),
          h('button', { type: 'button', onclick: () => navigator.clipboard.writeText(link).then(() => toast('Link copied.'), () => toast('Copy the link by hand.')) }, 'Copy'))));
    }
    if (sh.id) {
      box.append(h('section', { class: 'panel' }, h('h2', {}, 'Export'),
        h('div', { class: 'row' },
          h('a', { class: 'button', href: `/api/sheets/${sh.id}/record`, download: 'skullking-record.json', id: 'export-json' }, 'Game record (JSON)'),
          h('a', { class: 'button', href: `/api/sheets/${sh.id}/csv`, download: 'skullking-score.csv', id: 'export-csv' }, 'Spreadsheet (CSV)'))));
    } else {
      box.append(h('p', { class: 'sk-pending' }, 'Export and the follow link come once the sheet reaches the server.'));
    }
    return box;
  }

  // A swipe sideways moves between the screens, as the tabs do: the totals
  // are one swipe from the round being entered.
  let touch = null;
  const order = ['round', 'totals', 'more'];
  const onStart = (ev) => { touch = ev.touches.length === 1 ? { x: ev.touches[0].clientX, y: ev.touches[0].clientY } : null; };
  const onEnd = (ev) => {
    if (!touch || order.indexOf(tab) < 0 || ev.target.closest('input, select, .sk-scroll, .chart-box')) return;
    const dx = ev.changedTouches[0].clientX - touch.x, dy = ev.changedTouches[0].clientY - touch.y;
    touch = null;
    if (Math.abs(dx) < 80 || Math.abs(dx) < 2 * Math.abs(dy)) return;
    const k = order.indexOf(tab) + (dx < 0 ? 1 : -1);
    if (k >= 0 && k < order.length) { tab = order[k]; redraw(); }
  };
  main.addEventListener('touchstart', onStart, { passive: true });
  main.addEventListener('touchend', onEnd);
  rulesInfo().then((x) => { info = x; });
  const retry = async () => { await syncAll(); if (main.isConnected) redraw(); };
  window.addEventListener('online', retry);
  const every = setInterval(() => { const e = getEntry(key); if (e && e.dirty && !e.conflict) retry(); }, 15000);
  leave = () => {
    alive = false;
    window.removeEventListener('online', retry);
    clearInterval(every);
    main.removeEventListener('touchstart', onStart);
    main.removeEventListener('touchend', onEnd);
  };
  draw();
  const first = main.querySelector('[data-first]');
  if (first) first.focus({ preventScroll: true });
  // Pick up changes made on another phone with the edit link, unless this
  // phone has its own waiting to be sent.
  const e = getEntry(key);
  if (e && e.dirty) retry();
  else if (e && e.sheet.id) {
    api('GET', '/api/sheets/' + e.sheet.id).then((r) => {
      const x = getEntry(key);
      if (r.status === 200 && x && !x.dirty && r.data.version !== x.sheet.version) { x.sheet = r.data; putEntry(x); redraw(); }
    }).catch(() => {});
  }
}

// currentRules are the rules in force for the next round.
function currentRules(sh) {
  if (sh.score && sh.score.next) return sh.score.next.rules || {};
  return ruleAt(sh, (sh.rounds || []).length + 1);
}

function ruleAt(sh, n) {
  let o = sh.options || {};
  for (const c of sh.rule_changes || []) if (c.from_round <= n) o = c.options;
  return o;
}

// renameProblem is what the server would refuse in a new title and names
// (docs/scorekeeper-api.md, Sheet): {text, seat}, seat undefined for the
// title; null when all is well. Checked here so that a refusal reads as a
// sentence at once, offline too, and leaves the sheet as it was.
function renameProblem(want, was) {
  const tooLong = (s, max) => [...s].length > max;
  const control = /\p{Cc}/u;
  if (tooLong(want.title, 100)) return { text: `The title has ${[...want.title].length} characters: at most 100.` };
  if (control.test(want.title)) return { text: 'The title holds a character that cannot be shown.' };
  const seen = new Map();
  for (const [i, p] of want.players.entries()) {
    if (!p) return { seat: i, text: `Seat ${i + 1} (${was[i]}) needs a name.` };
    if (tooLong(p, 40)) return { seat: i, text: `${p} has ${[...p].length} characters: a name has at most 40.` };
    if (control.test(p)) return { seat: i, text: `Seat ${i + 1}'s name holds a character that cannot be shown.` };
    const k = nameKey(p);
    if (seen.has(k)) {
      // Point at the seat that was just renamed, not at the one already so called.
      const j = seen.get(k);
      const at = want.players[j] !== was[j] ? j : i;
      return { seat: at, text: `${was[j]} and ${was[i]} would both be called ${want.players[at]}: give each player a different name.` };
    }
    seen.set(k, i);
  }
  return null;
}

// applyRules changes the rules as PUT …/rules would, on the local copy, so
// that it works offline too: the whole game, or from the next round on.
// Module entries the new rules do not use leave the rounds they cover.
function applyRules(sh, o, fromNext) {
  const strip = (r) => {
    if (!o.loot) delete r.loot;
    if (!o.pirate_abilities) delete r.wagers;
    if (!o.cannon_load) delete r.cannon;
  };
  if (!fromNext) {
    sh.options = o;
    sh.rule_changes = [];
    sh.rounds.forEach(strip);
    return;
  }
  const n = sh.rounds.length + 1;
  sh.rule_changes = (sh.rule_changes || []).filter((c) => c.from_round !== n);
  if (JSON.stringify(ruleAt(sh, n)) !== JSON.stringify(o)) sh.rule_changes.push({ from_round: n, options: o });
}

// ---- totals, the table of rounds and the chart --------------------------

function totalsStrip(sh) {
  const sc = sh.score;
  const stale = !sc || sc.rounds.length !== sh.rounds.length;
  return h('div', { class: 'sk-totals', id: 'totals', 'aria-label': 'Totals' }, sh.players.map((p, i) =>
    h('div', { 'data-seat': i }, h('span', {}, p), h('b', { class: 'total' }, sc ? String(sc.totals[i]) : '0'),
      stale ? h('span', { class: 'sk-pending' }, 'pending') : null)));
}

function totalsScreen(sh, onRound) {
  const sc = sh.score || { rounds: [] };
  const rows = sh.rounds.map((r, k) => {
    const sr = sc.rounds[k];
    return h('tr', { tabindex: onRound ? 0 : null, 'data-round': k + 1, 'aria-label': onRound ? `Round ${k + 1}: tap to correct it` : null,
      onclick: onRound ? () => onRound(k + 1) : null,
      onkeydown: onRound ? (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); onRound(k + 1); } } : null },
    h('th', { scope: 'row' }, `${k + 1}${sr && sr.tiebreak ? ' (tiebreak)' : ''}`),
    sh.players.map((_, i) => h('td', {}, `${r.bids[i]}/${r.won[i]} `, sr ? h('b', {}, String(sr.points[i])) : h('span', { class: 'sk-pending' }, '…'))));
  });
  const view = { seats: sh.players.map((name) => ({ name })), results: sc.rounds };
  return h('div', {},
    totalsStrip(sh),
    h('section', { class: 'panel' }, h('h2', {}, 'Rounds'),
      h('p', { class: 'muted' }, 'Bid/won and points. ', onRound ? 'Tap a round to correct it.' : ''),
      h('div', { class: 'sk-scroll' }, h('table', { class: 'sk-table', id: 'rounds-table' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Round'), sh.players.map((p) => h('th', { scope: 'col' }, p)))),
        h('tbody', {}, rows)))),
    h('section', { class: 'panel' }, h('h2', {}, 'Totals by round'), chart(view)));
}

// ---- following on another phone -----------------------------------------

function follow(token, first, firstTag) {
  let alive = true;
  let etag = firstTag;
  let ctrl = null;
  const draw = (sh) => {
    main.replaceChildren(h('h1', {}, sh.title || names(sh.players)),
      h('p', { class: 'muted', id: 'following' }, `Following live · ${plural(sh.rounds.length, 'round')} entered`,
        sh.score && sh.score.over ? ' · game over' : ''),
      totalsScreen(sh, null));
  };
  draw(first);
  (async () => {
    while (alive) {
      try {
        ctrl = new AbortController();
        const r = await fetch(`/api/sheets/${token}?wait=25`, { headers: etag ? { 'If-None-Match': etag } : {}, signal: ctrl.signal });
        if (r.status === 200) { etag = r.headers.get('ETag'); const sh = await r.json(); if (alive) { draw(sh); announce('The score changed.'); } }
        else if (r.status !== 304) await new Promise((ok) => setTimeout(ok, 5000));
      } catch {
        if (alive) await new Promise((ok) => setTimeout(ok, 5000));
      }
    }
  })();
  leave = () => { alive = false; if (ctrl) ctrl.abort(); };
}

installSprite();
window.addEventListener('online', () => { syncAll(); });
// Lets the page open again without the network (sw.js); a browser without
// service workers still keeps every sheet, only not the page itself.
if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sheet/sw.js', { scope: '/sheet' }).catch(() => {});
route();
