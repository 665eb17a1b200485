// The score keeper: one phone passed around a table playing with real
// cards. Each round is entered as what happened — bids, then tricks won,
// then the captures as events — and the server (docs/scorekeeper-api.md)
// computes every point; offline, the server's own scoring compiled to
// WebAssembly does (engine.js). This page never adds a point itself.
//
// It keeps no rule either: the rules form, the captures a round may list
// and the values shown as the rules in force all come from the engine's
// option table, as GET /api/sheets/rules serves it (kept for offline use).
// A sheet's rules hold only what differs from the standard rules; the
// standard value of everything else is the table's.
//
// The phone is the keeper of record while the game runs: every sheet lives
// in local storage (with the round being entered), so a closed tab or a
// lost network loses nothing. Changes are synced by sending the whole sheet
// with the version it was made on and that version as this phone last had
// it (its base): when another phone changed the sheet meanwhile, the server
// merges the two, part by part, and only a part both changed — the same
// round entered twice — comes back for the keeper to choose, side by side.

import { h, announce, toast, plural, names, router, capital } from '/assets/dom.js';
import { installSprite, suitIcon } from '/assets/cards.js';
import { chart } from '/assets/sheet.js';
import { nameKey, summary, newestFirst, playerStats, percent, mean } from '/sheet/assets/book.js';
import { engine } from '/sheet/assets/engine.js';

const KEY_BOOK = 'sk.score.book';
const KEY_SHEETS = 'sk.score.sheets';
const KEY_RULES = 'sk.score.rules';
const KEY_ROSTER = 'sk.score.roster';
// The server's limits on a player's name and a sheet's title, in characters
// (docs/scorekeeper-api.md, Sheet): checked here too, so that a refusal
// reads at once, offline too.
const MAX_NAME = 40;
const MAX_TITLE = 100;

// Headings for the option table's groups, and words for the captures, the
// cannon loads: how this page says the codes the server sends.
const GROUP_TITLES = { rules: 'The game', modules: 'Modules', house: 'House rules and point values' };
const CAPTURE_WORDS = { fourteen: 'took a 14', pirate_took_mermaids: 'Pirate took Mermaids',
  skull_king_took_pirates: 'Skull King took Pirates', mermaid_took_skull_king: 'Mermaid took the Skull King' };
const CANNON_WORDS = { grapeshot: 'Grapeshot', cannonball: 'Cannonball' };
const words = (table, code) => table[code] || String(code).replace(/_/g, ' ');

// The keeper's sentences that turn on a count or on the size of the table.
// Two players play with Graybeard, a third hand dealt face down (docs/rules.md
// §9): he never bids and never scores, and the tricks he wins count for
// nobody — so a two-player sheet names him wherever tricks are missing.
const SAY = {
  graybeard: 'Two players play with Graybeard, a third hand dealt face down: he never bids and never scores, and the tricks he wins count for nobody.',
  bids: (two) => (two ? 'Both players\' bids, as revealed. Graybeard never bids.' : 'Everyone\'s bid, as revealed.'),
  won: (two) => (two ? 'Tricks each player won. Graybeard\'s tricks are not entered: they count for nobody.' : 'Tricks each player won.'),
  // tricks says where the round's tricks went: lost of the cards dealt
  // went to no player; alsoNobody when the rules let a trick go to nobody
  // too (the Kraken, the White Whale).
  tricks(cards, lost, two, alsoNobody) {
    if (lost > 0) return `${plural(lost, 'trick')} went to ${two ? 'Graybeard' + (alsoNobody ? ' or to nobody' : '') : 'nobody'}.`;
    if (cards === 1) return two ? 'The one trick is counted: Graybeard did not win it.' : 'The one trick is counted.';
    return two ? `All ${cards} tricks are counted: Graybeard won none.` : `All ${cards} tricks are counted.`;
  },
  graybeardWon: (n, alsoNobody) => `${plural(n, 'trick')} went to Graybeard${alsoNobody ? ' or to nobody' : ''}; he never scores.`,
};

// sentence makes a message of the server or of the engine on the phone (a
// refusal worded for the API: "round 3: …") a sentence for the table:
// capitalised and ended.
function sentence(text) {
  const s = capital(String(text).trim());
  return /[.!?…]$/.test(s) ? s : s + '.';
}

// worded gives an answer's error, if any, as a sentence.
function worded(data) {
  if (data && typeof data.error === 'string') data.error = sentence(data.error);
  return data;
}

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
// {key, sheet, base, dirty, error, conflict, draft}. base is the sheet as the
// server last sent it, what the local changes were made on.
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
  return { status: r.status, data: worded(data) };
}

// ---- live: the sheet as the server has it, the moment it changes ----------

// How long the server holds a question about a sheet, in seconds (it holds
// one 30 s at most: docs/scorekeeper-api.md), and the longest pause, in
// ms, before a question that failed is asked again.
const LIVE_WAIT = 25;
const RETRY_MOST = 15000;

// live follows sheet token as the server has it, for every phone holding
// one of its links: the edit link as the follow link, so that a phone
// entering rounds is never left showing a sheet another phone has moved
// on. It is the API's long poll — GET …?wait= with the version the page
// holds as If-None-Match — which the server answers the moment any phone
// changes the sheet, on whichever server of a cluster (they pass the news
// to each other). on.sheet(sh) gets each sheet newer than version;
// on.state says whether the last question was answered ('live': the page
// holds what the server has) or not ('offline'). The first question after
// a start, a failure or a wake-up is answered at once rather than held,
// so that the page learns promptly whether its copy is current. A failed
// question is asked again after 1 s, then twice as long each time up to
// RETRY_MOST, and at once when the browser says it is back online or the
// page is shown again (a phone taken out of a pocket). Returns {now, stop}:
// now() asks again at once.
function live(token, version, on) {
  let alive = true;
  let tag = version ? `"${version}"` : null;
  let quick = true;
  let delay = 0;
  let ctrl = null;
  let rest = null; // ends the pause before a failed question is asked again
  const now = () => { quick = true; delay = 0; if (rest) rest(); if (ctrl) ctrl.abort(); };
  const gone = () => { on.state('offline'); now(); };
  const shown = () => { if (!document.hidden) now(); };
  window.addEventListener('online', now);
  window.addEventListener('offline', gone);
  document.addEventListener('visibilitychange', shown);
  (async () => {
    while (alive) {
      const asked = (ctrl = new AbortController());
      try {
        const r = await fetch(`/api/sheets/${token}${quick ? '' : `?wait=${LIVE_WAIT}`}`,
          { headers: tag ? { 'If-None-Match': tag } : {}, signal: asked.signal });
        if (r.status !== 200 && r.status !== 304) throw new Error(`the server answered ${r.status}`);
        const sh = r.status === 200 ? await r.json() : null;
        if (!alive) return;
        if (sh) { tag = r.headers.get('ETag'); on.sheet(sh); }
        on.state('live');
        quick = false;
        delay = 0;
      } catch {
        if (!alive) return;
        if (asked.signal.aborted && quick) continue; // now(): asked again, not a failure
        on.state('offline');
        quick = true;
        delay = Math.min(RETRY_MOST, delay ? delay * 2 : 1000);
        await new Promise((ok) => { const t = setTimeout(ok, delay); rest = () => { clearTimeout(t); ok(); }; });
        rest = null;
      }
    }
  })();
  const stop = () => {
    alive = false;
    window.removeEventListener('online', now);
    window.removeEventListener('offline', gone);
    document.removeEventListener('visibilitychange', shown);
    if (rest) rest();
    if (ctrl) ctrl.abort();
  };
  return { now, stop };
}

// ---- the rules, as the engine's option table says them -----------------

// info is GET /api/sheets/rules as last received: the option table and the
// words of a round's entries; null until the server has been reached once.
let info = cachedRules();

function cachedRules() {
  const x = readJSON(KEY_RULES, null);
  return x && Array.isArray(x.options) ? x : null; // an older page's copy is of no use
}

// rulesInfo asks the server for the option table, keeping it for offline use.
async function rulesInfo() {
  try {
    const r = await api('GET', '/api/sheets/rules');
    if (r.status === 200 && r.data && Array.isArray(r.data.options)) { writeJSON(KEY_RULES, r.data); info = r.data; }
  } catch { /* offline: the copy from last time */ }
  return info;
}

// optionOf is the option table's entry for key, null while the table is unknown.
function optionOf(key) { return (info && info.options.find((o) => o.key === key)) || null; }

// ruleValue is option key's value under rules, a Rules object holding only
// what differs from the standard rules: the standard value is the table's.
// Undefined while the table is unknown.
function ruleValue(rules, key) {
  if (rules && Object.prototype.hasOwnProperty.call(rules, key)) return rules[key];
  const o = optionOf(key);
  return o ? o.default : undefined;
}

// needsMet says whether option o matters under rules: the option it needs
// has the value it needs, and matters itself.
function needsMet(rules, o) {
  if (!o.needs) return true;
  const dep = optionOf(o.needs.key);
  return ruleValue(rules, o.needs.key) === o.needs.value && (!dep || needsMet(rules, dep));
}

// sameValue compares two option values (a schedule may be a list).
function sameValue(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

// canon writes a value so that two copies of it compare equal whichever
// side wrote them: object keys in order, and empty fields left out, as the
// server leaves them out of a round (a deal that kept the schedule, no
// captures).
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v && typeof v === 'object') {
    const empty = (x) => x === null || x === undefined || x === 0 || x === '' || (Array.isArray(x) && x.length === 0);
    return `{${Object.keys(v).sort().filter((k) => !empty(v[k])).map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v === undefined ? null : v);
}

// sameRules compares two Rules objects, whatever the order of their keys.
function sameRules(a, b) {
  const ka = Object.keys(a || {}), kb = Object.keys(b || {});
  return ka.length === kb.length && ka.every((k) => sameValue(a[k], (b || {})[k]));
}

// valueText writes an option's value as the table labels it.
function valueText(o, v) {
  if (o.type === 'bool') return v ? 'on' : 'off';
  if (Array.isArray(v)) return `${plural(v.length, 'round')}: ${v.join(', ')} cards`;
  const c = (o.choices || []).find((x) => x.value === v);
  return c ? c.label : String(v);
}

// tableSchedule is the cards each round deals under rules, as far as the
// option table says it offline: an explicit list, or a preset's cards when
// every option that tunes the preset (the rounds of the standard schedule)
// is standard. Null when it cannot say; the server's word is better.
function tableSchedule(rules) {
  const v = ruleValue(rules, 'schedule');
  if (Array.isArray(v)) return v;
  const spec = optionOf('schedule');
  const choice = spec && (spec.choices || []).find((c) => c.value === v);
  if (!choice || !choice.cards) return null;
  const tuned = info.options.some((o) => o.needs && o.needs.key === spec.key && o.needs.value === v && !sameValue(ruleValue(rules, o.key), o.default));
  return tuned ? null : choice.cards;
}

// mostCards is the most cards any schedule of the table deals: the bound of
// a deal offline, before the server has said what this table allows.
function mostCards() {
  const spec = optionOf('schedule');
  return Math.max(1, ...((spec && spec.choices) || []).flatMap((c) => c.cards || []));
}

// signed writes points with their sign: "+20", "−10", "0".
function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0'; }

// scoreParts words one seat's points part by part, as the server broke
// them down: "bid +40 · bonus +20", "bid −10 · 30 bonus lost".
function scoreParts(s) {
  if (!s) return '';
  const parts = [`bid ${signed(s.bid_points)}`];
  if (s.bonus > 0) {
    parts.push(s.bonus_points === s.bonus ? `bonus ${signed(s.bonus_points)}`
      : s.bonus_points > 0 ? `bonus ${signed(s.bonus_points)} of ${s.bonus}` : `${s.bonus} bonus lost`);
  }
  if (s.wager) parts.push(`wager ${signed(s.wager_points)}`);
  if (s.loot_points) parts.push(`Loot ${signed(s.loot_points)}`);
  return parts.join(' · ');
}

// sheetBody is what a sheet sends back: the server ignores its own fields.
function sheetBody(sh) {
  return { version: sh.version, title: sh.title || '', players: sh.players, options: sh.options || {},
    rule_changes: sh.rule_changes || [], rounds: sh.rounds || [] };
}

// synced is an entry for a sheet as the server sent it: nothing to send.
function synced(key, sh) { return { key, sheet: sh, base: sh, dirty: false }; }

// checkRound is the engine's word on a round as far as it is entered, as
// round replace of sheet sh (0: the next round): {ok: true, round} with
// the round scored, {ok: false, error, round} with the engine's sentence
// and the round it is about, or null when nothing can answer (offline).
// One call from the sheet and the round to the sentence, holding no rule:
// the server answers it (POST /api/sheets/check), and offline the engine
// built into the page (engine.js) answers the same call.
async function checkRound(sh, round, replace) {
  const sheet = { players: sh.players, options: sh.options || {}, rule_changes: sh.rule_changes || [], rounds: sh.rounds || [] };
  const req = { sheet, round, replace: replace || 0 };
  let r;
  try { r = await api('POST', '/api/sheets/check', req); } catch { r = null; }
  if (r && r.status === 200 && r.data) return { ok: true, round: r.data.round };
  if (r && r.status === 422 && r.data) return { ok: false, error: r.data.error, round: r.data.round };
  if (r) return null;
  // Offline: the engine on the phone answers the same call.
  let a;
  try { a = worded((await engine()).checkRound(req)); } catch { return null; }
  if (a.round && !a.error) return { ok: true, round: a.round };
  if (a.code === 'invalid') return { ok: false, error: a.error, round: a.round };
  return null;
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
  const sent = sheetBody(e.sheet);
  let r;
  try {
    r = e.sheet.id ? await api('PUT', '/api/sheets/' + e.sheet.id, { ...sent, base: e.base ? sheetBody(e.base) : undefined })
      : await api('POST', '/api/sheets', sent);
  } catch (err) {
    if (!(err instanceof Offline)) throw err;
    // A tap may have changed the entry while the request failed: keep it.
    e = getEntry(key) || e;
    e.offline = true;
    putEntry(e);
    return e;
  }
  e = getEntry(key) || e; // a tap may have changed it while the request ran
  e.offline = false;
  if (r.status === 200 || r.status === 201) {
    if ((e.rev || 0) === rev) {
      e.sheet = r.data;
      e.base = r.data;
      e.dirty = false;
    } else {
      // Changed again while the request ran: the local copy is what was
      // sent plus that change, and the server may have merged another
      // phone's changes into what was sent. So what was sent becomes the
      // base, at its old version: the next sync merges the new change in.
      Object.assign(e.sheet, { id: r.data.id, follow: r.data.follow, score: r.data.score });
      e.base = { ...sent, id: r.data.id, follow: r.data.follow };
      setTimeout(() => sync(r.data.id), 0);
    }
    e.error = null;
    if (e.key !== r.data.id) {
      dropEntry(e.key);
      e.was = e.key;
      e.key = r.data.id;
    }
  } else if (r.status === 409 && r.data && r.data.sheet) {
    // Parts both phones changed (or a merge that did not fit): the keeper
    // chooses. theirs is the sheet as the server has it.
    e.conflict = { theirs: r.data.sheet, merge: r.data.merge || null };
  } else {
    e.error = (r.data && r.data.error) || `The server answered ${r.status}.`;
    e.errorRound = r.data && r.data.round;
  }
  putEntry(e);
  return e;
}

// scoreHere scores a sheet the server has not had yet with the engine on
// the phone, so that its totals and the next round's deal show offline as
// the server will score them. A sheet the engine refuses keeps its last
// score, shown pending, for the server to say why once it is reached.
async function scoreHere(key) {
  const e = getEntry(key);
  if (!e) return e;
  let a;
  try { a = worded((await engine())(sheetBody(e.sheet))); } catch { return e; }
  const now = getEntry(key) || e;
  if ((now.rev || 0) !== (e.rev || 0) || !now.dirty || a.error) return now; // changed or synced meanwhile
  now.sheet.score = a;
  putEntry(now);
  return now;
}

async function syncAll() {
  for (const k of Object.keys(entries())) await sync(k);
}

// ---- routing ----------------------------------------------------------

function route() {
  if (leave) { leave(); leave = null; }
  main.replaceChildren();
  const m = location.pathname.match(/^\/sheet\/([a-z0-9-]+)\/?$/i);
  if (m && m[1] === 'new') newSheet();
  else if (m && m[1] === 'history') historyScreen();
  else if (m) openSheet(m[1].toLowerCase());
  else home();
}

const navigate = router(route);

// ---- home: the sheets on this phone, new, import ----------------------

function home() {
  const list = Object.values(entries()).sort((a, b) => String(b.sheet.updated || b.key).localeCompare(String(a.sheet.updated || a.key)));
  const file = h('input', { type: 'file', id: 'import-file', accept: 'application/json,.json', class: 'sr-only',
    onchange: () => { const f = file.files[0]; file.value = ''; importRecord(f); } });
  main.append(
    h('h1', {}, 'Keep score for a real game'),
    h('p', { class: 'muted' }, 'Pass one phone around the table: enter the bids, the tricks and what was captured; the points are worked out for you.'),
    h('div', { class: 'row' },
      h('a', { class: 'button primary big', href: '/sheet/new', 'data-nav': '', id: 'new-sheet' }, 'New score sheet'),
      h('a', { class: 'button', href: '/sheet/history', 'data-nav': '', id: 'open-history' }, 'History and statistics'),
      h('label', { class: 'button', for: 'import-file' }, 'Import a sheet or game record'), file),
    h('section', { class: 'panel', 'aria-labelledby': 'mine-h' },
      h('h2', { id: 'mine-h' }, 'Sheets on this phone'),
      list.length ? h('ul', { class: 'sk-list' }, list.map((e) => h('li', {},
        h('a', { href: '/sheet/' + e.key, 'data-nav': '' }, e.sheet.title || names(e.sheet.players)),
        h('span', { class: 'muted' }, plural((e.sheet.rounds || []).length, 'round'),
          e.sheet.score && e.sheet.score.over ? ' · finished' : '', e.dirty ? ' · not synced yet' : ''))))
        : h('p', { class: 'muted' }, 'None yet.')));
}

// importRecord imports a game record or an exported sheet. A game the book
// already holds is not imported again unasked: the keeper opens the sheet
// it has, or keeps both knowingly (the statistics count the game once).
async function importRecord(f, both = false) {
  if (!f) return;
  const text = typeof f === 'string' ? f : await f.text();
  try {
    const r = await api('POST', '/api/sheets/import' + (both ? '?keep=both' : ''), text);
    if (r.status === 409 && r.data && r.data.code === 'duplicate' && r.data.sheet) {
      const had = r.data.sheet;
      if (!getEntry(had.id)) putEntry(synced(had.id, had));
      const box = h('section', { class: 'panel sk-offline', id: 'import-duplicate', role: 'alert' },
        h('p', {}, `This game is already kept here: ${had.title || names(had.players)}, ${plural(had.rounds.length, 'round')}.`),
        h('div', { class: 'row' },
          h('a', { class: 'button primary', href: '/sheet/' + had.id, 'data-nav': '', id: 'import-open' }, 'Open it'),
          h('button', { type: 'button', id: 'import-both', onclick: () => importRecord(text, true) }, 'Keep both (counted once)')));
      const old = document.getElementById('import-duplicate');
      if (old) old.replaceWith(box); else main.prepend(box);
      box.querySelector('#import-open').focus();
      return;
    }
    if (r.status !== 201) { toast((r.data && r.data.error) || 'The record was not accepted.', 'error'); return; }
    putEntry(synced(r.data.id, r.data));
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
  fitScrollers(main);
}

// fitScrollers marks what scrolls sideways on a narrow screen, so that it
// shows it does (a shadow at the hidden edge, a line saying so), and brings
// each chosen count into view.
function fitScrollers(root) {
  for (const box of root.querySelectorAll('.sk-scroll')) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle('scrolls', scrolls);
    const hint = box.previousElementSibling && box.previousElementSibling.classList.contains('sk-scroll-hint') ? box.previousElementSibling : null;
    if (scrolls && !hint) box.before(h('p', { class: 'sk-scroll-hint muted', 'aria-hidden': 'true' }, 'Wider than the screen: swipe the table sideways →'));
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
    return { ...phoneFigures(), problem: (bad.data && bad.data.error) || `The server answered ${bad.status}.` };
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
  const why = fig.problem ? `The server could not give its figures. ${fig.problem} ` : 'Offline. ';
  return h('div', { class: 'panel sk-offline', id: 'history-source', role: 'status' },
    h('p', {}, why, 'These are the games kept on this phone, and statistics worked out from them. ',
      'The server\'s fuller figures, which count every phone sharing this book, show once it can be reached.'),
    h('button', { type: 'button', id: 'history-retry', onclick: again }, 'Try again'));
}

// statsPanel is the table of each player's figures over the finished games.
function statsPanel(fig) {
  const done = new Set(fig.games.filter((g) => g.over).map((g) => g.game || g.id)).size; // a game kept twice is one
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
  const copies = copiesOf(fig.games);
  return h('section', { class: 'panel', 'aria-labelledby': 'games-h' }, h('h2', { id: 'games-h' }, 'Games'),
    fig.games.length ? h('ul', { class: 'sk-games', id: 'games' }, fig.games.map((g) => gameItem(g, copies.has(g)))) : h('p', { class: 'muted' }, 'No games yet.'));
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
  const when = g.created ? dateText(g.created) : 'not on the server yet';
  return h('li', { 'data-id': g.id }, h('a', { class: 'sk-game', href: '/sheet/' + g.id, 'data-nav': '' },
    h('span', { class: 'sk-game-title' }, g.title || names(g.players)),
    h('span', { class: 'muted' }, `${when} · ${plural(g.rounds, 'round')} · ${gameState(g)}`),
    h('span', { class: 'sk-game-score', 'data-totals': '' }, g.players.map((p, i) => [i ? ' · ' : '',
      win.has(i) ? h('b', {}, `★ ${p} ${g.totals[i]}`) : g.totals ? `${p} ${g.totals[i]}` : p])),
    copy ? h('span', { class: 'sk-copy' }, 'Another copy of this game is kept: the statistics count it once.') : null));
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
  await rulesInfo();
  const title = h('input', { id: 'title', maxlength: MAX_TITLE, placeholder: 'e.g. Friday at Ann\'s' });
  const nameIn = h('input', { id: 'player-name', maxlength: MAX_NAME, autocomplete: 'off', placeholder: 'Name' });
  const chosen = h('ol', { class: 'sk-list', id: 'players' });
  const rosterBox = h('div', { class: 'sk-pick', id: 'roster' });
  const rules = rulesForm({});
  const err = h('p', { class: 'sk-check bad', role: 'alert' });
  const graybeard = h('p', { class: 'muted', id: 'graybeard-note', role: 'status' });

  const draw = () => {
    graybeard.textContent = picked.length === 2 ? SAY.graybeard : '';
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
    if (!options) return;
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
        chosen, graybeard,
        h('div', { class: 'row' }, nameIn, h('button', { type: 'button', id: 'add-player', onclick: () => { add(nameIn.value); nameIn.value = ''; nameIn.focus(); draw(); } }, 'Add')),
        h('p', { class: 'muted' }, roster.length ? 'Or tap players from earlier games:' : ''), rosterBox),
      h('section', { class: 'panel' }, h('label', { class: 'field', for: 'title' }, h('span', {}, 'Title (optional)'), title)),
      h('section', { class: 'panel' }, h('h2', {}, 'Rules'), rules.el),
      err,
      h('button', { type: 'submit', class: 'primary big', id: 'create' }, 'Start the game')));
  draw();
  nameIn.focus();
}

// rulesForm edits a Rules object: the standard rules, or every option of
// the engine's table, grouped and labelled as the table says, each shown
// only while what it needs holds. read() writes only what differs from the
// standard rules, as the API keeps them, or null after saying in the form
// what is wrong.
function rulesForm(current) {
  if (!info) {
    return { el: h('p', { class: 'sk-pending', id: 'rules-unknown' }, 'The options can be chosen once the server has been reached: until then the rules stay as they are.'),
      read: () => ({ ...current }) };
  }
  const custom = Object.keys(current).length > 0;
  const std = h('input', { type: 'radio', name: 'rules-kind', id: 'rules-std', checked: !custom });
  const cus = h('input', { type: 'radio', name: 'rules-kind', id: 'rules-custom', checked: custom });
  const err = h('p', { class: 'sk-check bad', id: 'rules-error', role: 'alert' });
  const fields = info.options.map((o) => optionField(o, ruleValue(current, o.key)));
  const groups = [];
  for (const f of fields) {
    let g = groups.find((x) => x.name === f.o.group);
    if (!g) groups.push(g = { name: f.o.group, fields: [] });
    g.fields.push(f);
  }
  const more = h('div', { id: 'rules-more' }, groups.map((g) => h('fieldset', { class: 'sk-rules', 'data-group': g.name },
    h('legend', {}, words(GROUP_TITLES, g.name)), g.fields.map((f) => f.el))));
  // values are the form's rules, every option written: what needs are read from.
  const values = () => Object.fromEntries(fields.map((f) => [f.o.key, f.value()]));
  const show = () => {
    more.hidden = std.checked;
    const v = values();
    for (const f of fields) f.el.hidden = !needsMet(v, f.o);
  };
  std.addEventListener('change', show); cus.addEventListener('change', show);
  more.addEventListener('change', show);
  more.addEventListener('input', show);
  show();
  const el = h('div', {},
    h('div', { class: 'row' }, h('label', { class: 'opt' }, std, h('span', {}, 'Standard rules')),
      h('label', { class: 'opt' }, cus, h('span', {}, 'Choose options and modules'))), more, err);
  const read = () => {
    err.textContent = '';
    if (std.checked) return {};
    const v = values();
    const o = {};
    for (const f of fields) {
      if (!needsMet(v, f.o)) continue; // not in force: left standard
      const bad = f.problem();
      if (bad) { err.textContent = bad; f.focus(); return null; }
      if (!sameValue(v[f.o.key], f.o.default)) o[f.o.key] = v[f.o.key];
    }
    return o;
  };
  return { el, read };
}

// optionField is one option's control, labelled by the table with its help
// beside it: {o, el, value(), problem(), focus()}.
function optionField(o, v) {
  const id = 'opt-' + o.key;
  const help = h('span', { class: 'sk-help muted', id: id + '-help' }, o.help);
  const field = (input, ...extra) => h('div', { class: 'sk-option', 'data-option': o.key },
    h('label', { class: o.type === 'bool' ? 'opt' : 'field', for: id },
      o.type === 'bool' ? [input, h('span', {}, o.label)] : [h('span', {}, o.label), input]), ...extra, help);
  if (o.type === 'bool') {
    const box = h('input', { type: 'checkbox', id, checked: !!v, 'aria-describedby': help.id });
    return { o, el: field(box), value: () => box.checked, problem: () => null, focus: () => box.focus() };
  }
  if (o.type === 'int') {
    const num = h('input', { type: 'number', id, inputmode: 'numeric', min: o.min, max: o.max, step: o.step, value: v, 'aria-describedby': help.id });
    const value = () => (num.value.trim() === '' ? NaN : Number(num.value));
    const problem = () => {
      const n = value();
      return Number.isInteger(n) && n >= o.min && n <= o.max ? null : `${o.label}: a whole number from ${o.min} to ${o.max}.`;
    };
    return { o, el: field(num), value, problem, focus: () => num.focus() };
  }
  const list = Array.isArray(v);
  const sel = h('select', { id, 'aria-describedby': help.id }, (o.choices || []).map((c) =>
    h('option', { value: c.value, selected: !list && c.value === v }, c.label)));
  if (o.type !== 'schedule') return { o, el: field(sel), value: () => sel.value, problem: () => null, focus: () => sel.focus() };
  // A schedule is a preset, or the cards of each round as the table dealt them.
  sel.append(h('option', { value: '', selected: list }, 'Cards of our own, round by round'));
  const cards = h('input', { id: id + '-cards', inputmode: 'numeric', autocomplete: 'off', placeholder: 'e.g. 2, 4, 6',
    value: list ? v.join(', ') : '', 'aria-label': 'Cards dealt in each round, separated by commas' });
  const own = h('label', { class: 'field', for: id + '-cards' }, h('span', {}, 'Cards each round'), cards);
  const parse = () => cards.value.split(',').map((x) => x.trim()).filter((x) => x !== '').map(Number);
  const sync = () => { own.hidden = sel.value !== ''; };
  sel.addEventListener('change', sync);
  sync();
  return { o, el: field(sel, own), value: () => (sel.value === '' ? parse() : sel.value),
    problem: () => (sel.value !== '' || (parse().length && parse().every(Number.isInteger)) ? null
      : `${o.label}: the cards of each round as whole numbers separated by commas, such as 2, 4, 6.`),
    focus: () => (sel.value === '' ? cards : sel).focus() };
}

// rulesInForce lists every option that matters under rules with its value,
// grouped as the table groups them; those that differ from the standard
// rules are marked. round, when given, is the round they score (entered,
// or the next).
function rulesInForce(rules, from, round, entered) {
  if (!info) return h('p', { class: 'sk-pending', id: 'rules-in-force' }, 'The rules in force show once the server has been reached.');
  const groups = [];
  for (const o of info.options) {
    if (!needsMet(rules, o)) continue;
    let g = groups.find((x) => x.name === o.group);
    if (!g) groups.push(g = { name: o.group, items: [] });
    const v = ruleValue(rules, o.key);
    const changed = !sameValue(v, o.default);
    g.items.push(h('dt', { 'data-option': o.key }, o.label), h('dd', { 'data-option': o.key },
      changed ? [h('b', {}, valueText(o, v)), h('span', { class: 'muted' }, ` (standard: ${valueText(o, o.default)})`)] : valueText(o, v)));
  }
  return h('div', { id: 'rules-in-force' },
    h('p', { class: 'muted', id: 'rules-of' }, round ? `Round ${round} ${entered ? 'was' : 'is'} scored with the rules ${from > 1 ? `from round ${from} on` : 'of round 1'}.`
      : from > 1 ? `The rules from round ${from} on.` : 'The rules of this game.', ' Changed from the standard rules: in bold.'),
    groups.map((g) => [h('h3', {}, words(GROUP_TITLES, g.name)), h('dl', { class: 'sk-values' }, g.items)]));
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
    if (r.data.read_only) { follow(token, r.data); return; }
    e = synced(r.data.id, r.data);
    putEntry(e);
  }
  keeper(e.key);
}

// keeper is the phone that enters the rounds.
function keeper(key) {
  let tab = 'round';
  let back = 'round'; // the screen the names screen goes back to
  let alive = true; // false once the keeper left for another screen
  let applyNext = false; // the rules form's "apply to", kept across redraws
  // The Rules tab's state across redraws: the round whose rules are shown
  // (null: the latest), the rules chosen in the form and not yet made,
  // a change being checked, one waiting for the keeper's yes ({answer,
  // asked}), and the word on the last one ({refused} or {undo, removed,
  // after}: the sheet as it was, for Undo).
  let rulesRound = null;
  let formRules = null;
  let rulesBusy = false;
  let rulesAsk = null;
  let rulesNote = null;
  // What the live questions last said ('checking' until the first answer,
  // 'live', 'offline'), and the version of the sheet the screen was drawn
  // from: the status line says "Saved." only when what is shown is what
  // the server has.
  let net = 'checking';
  let drawn = null;
  let watch = null; // the live questions, once the sheet is on the server
  const redraw = () => { if (alive) { main.replaceChildren(); draw(); } };
  const change = async (mutate, msg) => {
    const e = getEntry(key);
    mutate(e);
    e.dirty = true;
    e.rev = (e.rev || 0) + 1;
    putEntry(e);
    redraw();
    let after = await sync(key);
    if (after && after.dirty && after.offline) after = await scoreHere(after.key);
    // A send that failed says the server is out of reach before the live
    // question held open does; one that went through says it is back.
    if (after && after.offline) netState('offline');
    else if (after && net === 'offline' && watch) watch.now();
    if (after && after.key !== key) { key = after.key; if (alive) history.replaceState(null, '', '/sheet/' + key); }
    if (msg && after && !after.dirty) announce(msg);
    redraw();
    // A redraw drops the focused button: keyboard users go on from the
    // first choice of the screen rather than from the top of the page.
    const f = main.querySelector('[data-first]');
    if (f && (document.activeElement === document.body || !document.activeElement)) f.focus({ preventScroll: true });
  };

  function draw() {
    drawSheet();
    fitScrollers(main);
    startLive();
  }

  // startLive starts the live questions once the sheet is on the server
  // (a sheet started offline has no id until then).
  function startLive() {
    const e = getEntry(key);
    if (watch || !alive || !e || !e.sheet.id) return;
    watch = live(e.sheet.id, (e.base || e.sheet).version, { sheet: arrived, state: netState });
  }

  // arrived takes the sheet as the server has it after another phone
  // changed it. A phone with changes of its own not yet sent sends them:
  // the server merges both, part by part. Otherwise the sheet is shown as
  // it is now; a round being entered here stays as typed, and if the other
  // phone entered or changed that very round, the entry screen says so and
  // the keeper chooses (clashOf).
  function arrived(sh) {
    const x = getEntry(key);
    if (!alive || !x) return;
    if (sh.version <= (x.base || x.sheet).version) {
      // This phone's own change, or older news; another tab of this phone
      // may have stored it without this one drawing it yet.
      if (!x.dirty && x.sheet.version !== drawn) refresh();
      return;
    }
    if (x.dirty) {
      if (!x.conflict) retry();
      return;
    }
    x.sheet = sh;
    x.base = sh;
    putEntry(x);
    toast('This sheet was changed on another phone.');
    refresh();
  }

  // netState hears the live questions' state; back in reach, what this
  // phone kept while offline is sent.
  function netState(s) {
    if (s === net) return;
    const was = net;
    net = s;
    restatus();
    const e = getEntry(key);
    if (s === 'live' && was === 'offline' && e && e.dirty && !e.conflict) retry();
  }

  // refresh draws what came in the background — another phone's change, a
  // sync — without losing what the keeper is doing: focus and scroll stay,
  // and the names and rules forms keep what is typed in them (their status
  // line says the sheet moved on until they are left).
  function refresh() {
    if (!alive) return;
    if (tab === 'names' || tab === 'more') { restatus(); return; }
    const a = document.activeElement;
    const sel = a && main.contains(a) ? (a.id ? '#' + CSS.escape(a.id) : a.dataset.key ? `[data-key="${CSS.escape(a.dataset.key)}"]` : null) : null;
    const y = window.scrollY;
    redraw();
    window.scrollTo(0, y);
    const f = sel && main.querySelector(sel);
    if (f) f.focus({ preventScroll: true });
  }

  // restatus redraws the status line alone, which the live questions'
  // state changes without anything else on the screen changing.
  function restatus() {
    const old = main.querySelector('#sync-status');
    const e = getEntry(key);
    if (alive && old && e && !e.conflict && !e.error) old.replaceWith(status(e));
  }

  function drawSheet() {
    let e = getEntry(key);
    if (!e) {
      // Synced in the background under the id the server gave it.
      e = Object.values(entries()).find((x) => x.was === key);
      if (!e) { navigate('/sheet', true); return; }
      key = e.key;
      history.replaceState(null, '', '/sheet/' + key);
    }
    const sh = e.sheet;
    drawn = sh.version;
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
          if (confirm(`Delete round ${sh.rounds.length}? Its entries are lost.`)) change((x) => { x.sheet.rounds.pop(); ownRounds(x); }, 'Round deleted.');
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
    const title = h('input', { id: 'rename-title', maxlength: MAX_TITLE, autocomplete: 'off', value: sh.title || '', placeholder: names(sh.players) });
    const seats = sh.players.map((p, i) => h('input', { id: 'rename-player-' + i, maxlength: MAX_NAME, autocomplete: 'off', autocapitalize: 'words',
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
      // Only what was changed here: a name another phone fixed while this
      // form was open stays fixed.
      change((x) => {
        if (want.title !== (sh.title || '')) x.sheet.title = want.title;
        want.players.forEach((p, i) => { if (p !== sh.players[i]) x.sheet.players[i] = p; });
      }, 'Names saved.');
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
    if (e.conflict) return conflictPanel(e);
    if (e.error) {
      return h('div', { class: 'panel', role: 'alert' }, h('p', { class: 'sk-check bad' }, e.error),
        h('div', { class: 'row' },
          e.errorRound && e.errorRound <= e.sheet.rounds.length ? h('button', { type: 'button', id: 'fix-round', onclick: () => startEdit(e.errorRound) }, `Fix round ${e.errorRound}`) : null,
          e.sheet.id ? h('button', { type: 'button', id: 'drop-change', onclick: dropChange }, 'Undo: back to the saved sheet') : null));
    }
    const line = (cls, text) => h('p', { class: cls, id: 'sync-status' }, text);
    if (rulesBusy) return line('sk-pending', 'Checking what the new rules change…');
    if (e.dirty) return line('sk-pending', e.offline || net === 'offline' ? 'Saved on this device; will sync when online.' : 'Saving…');
    if (net === 'offline') return line('sk-pending', 'Offline: this is the sheet as this phone last had it. Changes from other phones show once it is back online.');
    if (e.sheet.version !== drawn) return line('sk-pending', 'The sheet changed meanwhile: it shows as it is now when you leave this screen.');
    if (net === 'checking') return line('muted', 'Checking for changes from other phones…');
    return line('muted', 'Saved.');
  }

  // conflictPanel settles what the server could not merge: each part both
  // phones changed, side by side, to keep one of; every other change of
  // both phones is already in the merged sheet. Without a merge (the
  // parts did not fit together) the keeper keeps one whole sheet.
  function conflictPanel(e) {
    const c = e.conflict.theirs ? e.conflict : { theirs: e.conflict, merge: null }; // an older page's entry
    const m = c.merge;
    const keepTheirs = () => { const x = getEntry(key); Object.assign(x, { sheet: c.theirs, base: c.theirs, conflict: null, dirty: false }); putEntry(x); redraw(); };
    const keepMine = () => change((x) => { x.sheet.version = c.theirs.version; x.base = c.theirs; x.conflict = null; });
    if (!m || !m.sheet || !m.conflicts.length) {
      return h('div', { class: 'panel', role: 'alert', id: 'conflict' }, h('p', {}, 'Someone else changed this sheet on another phone meanwhile.',
        m && m.problem ? ` The two could not be merged: ${m.problem}` : ''),
      h('div', { class: 'row' },
        h('button', { type: 'button', id: 'keep-theirs', onclick: keepTheirs }, 'Keep theirs'),
        h('button', { type: 'button', id: 'keep-mine', onclick: keepMine }, 'Keep mine')));
    }
    const chosen = m.conflicts.map(() => null);
    const saveBtn = h('button', { type: 'button', class: 'primary', id: 'save-merge', disabled: true, onclick: () => settle(chosen) }, 'Save the merged sheet');
    const settle = (picks) => change((x) => {
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

  // dropChange gives up the local changes the server refused, taking the
  // sheet as the server keeps it.
  async function dropChange() {
    const x = getEntry(key);
    try {
      const r = await api('GET', '/api/sheets/' + x.sheet.id);
      if (r.status !== 200) { toast('The saved sheet could not be read.', 'error'); return; }
      Object.assign(x, { sheet: r.data, base: r.data, dirty: false, error: null, errorRound: null, conflict: null });
      putEntry(x);
      redraw();
    } catch {
      toast('The server cannot be reached.', 'error');
    }
  }

  // next is the round to enter: the server's word when the score is up to
  // date. Offline, the server's schedule while the rules are those it last
  // scored, else what the option table says of them; cards null when
  // nothing says, for the keeper to tell. A trick may then go to nobody as
  // far as this phone knows: the server checks once it is reached.
  function nextRound(sh) {
    const sc = sh.score;
    const n = sh.rounds.length + 1;
    const opts = currentRules(sh);
    const last = sc && sc.next;
    const same = !!last && sameRules(last.rules, opts);
    if (sc && sc.rounds.length === sh.rounds.length && (!last || same)) return last;
    const list = same && sc.schedule ? sc.schedule : tableSchedule(opts);
    if (list && n > list.length) return null;
    const most = same ? last.max_cards : null;
    const cards = list ? (most ? Math.min(list[n - 1], most) : list[n - 1]) : null;
    return { round: n, cards, max_cards: most || Math.max(cards || 1, mostCards()),
      rules: opts, pending: true };
  }

  function startEdit(n) {
    const e = getEntry(key);
    const r = e.sheet.rounds[n - 1];
    const sr = e.sheet.score && e.sheet.score.rounds[n - 1];
    // round and from: which round this is and how it was, to see if
    // another phone changes it meanwhile (clashOf).
    e.draft = { replace: n, round: n, from: canon(r), step: 'bids', cards: r.cards || (sr && sr.cards) || null, sched: r.cards ? 0 : sr && sr.cards, bids: [...r.bids], won: [...r.won],
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
    const clash = clashOf(sh, d);
    if (clash) return h('div', { class: 'sk-wide' }, clashPanel(sh, d, clash), h('aside', {}, totalsStrip(sh)));
    if (!d) {
      if (!next) return finished(sh);
      d = { replace: 0, round: next.round, from: canon(null), step: 'bids', cards: next.cards, sched: next.pending ? 0 : next.cards,
        bids: sh.players.map(() => null), won: sh.players.map(() => null), bonuses: [], loot: [], wagers: null };
    }
    const save = () => { const x = getEntry(key); x.draft = d; putEntry(x); };
    const n = d.replace || next.round;
    const rules = (d.replace ? ruleAt(sh, d.replace) : next.rules) || {};
    const two = sh.players.length === 2; // Graybeard plays the third hand
    // A correction is bounded by what the server said of that round; a
    // round it has not scored yet, only by what this phone knows.
    const sr = d.replace && sh.score ? sh.score.rounds[d.replace - 1] : null;
    const bounds = d.replace ? sr : next;
    const maxCards = Math.max((bounds && bounds.max_cards) || (next && next.max_cards) || mostCards(), d.cards || 1);
    const box = h('section', { class: 'panel', 'aria-labelledby': 'round-h' });
    const steps = [['bids', 'Bids'], ['won', 'Tricks'], ['bonus', 'Captures'], ['confirm', 'Points']];
    box.append(h('h2', { id: 'round-h' }, `${d.replace ? 'Correct round' : 'Round'} ${n}`, next && next.tiebreak && !d.replace ? ' (tiebreak)' : '',
      d.cards ? ` · ${plural(d.cards, 'card')} each` : ''),
      h('div', { class: 'sk-steps', 'aria-label': 'Steps' }, steps.map(([k, l]) => h('span', { 'aria-current': d.step === k ? 'step' : null }, l))));
    const go = (step) => { d.step = step; save(); redraw(); const f = main.querySelector('[data-first]'); if (f) f.focus(); };
    const bar = (back, fwd, fwdLabel, ok) => h('div', { class: 'sk-bar' },
      back ? h('button', { type: 'button', id: 'back', onclick: () => go(back) }, 'Back')
        : d.replace ? h('button', { type: 'button', id: 'cancel', onclick: () => { const x = getEntry(key); x.draft = null; putEntry(x); redraw(); } }, 'Cancel') : h('span'),
      h('button', { type: 'button', class: 'primary', id: 'next', disabled: !ok, onclick: fwd }, fwdLabel));

    // One line a seat, however many players: the name (with the bid, on the
    // Tricks step) and the counts, which scroll sideways when they do not
    // fit, so that eight players' bids fit one phone screen.
    const numbers = (what, list) => sh.players.map((p, i) => h('div', { class: 'sk-seat', role: 'group', 'aria-label': `${p}: ${what}` },
      h('span', { class: 'who' }, h('span', { class: 'sk-name' }, p),
        what === 'won' && d.bids[i] !== null ? h('small', { class: 'sk-bid', 'data-bid': i }, `bid ${d.bids[i]}`) : null),
      h('div', { class: 'sk-nums' }, Array.from({ length: d.cards + 1 }, (_, v) => h('button', {
        type: 'button', 'data-key': `${what}-${i}-${v}`, 'aria-pressed': String(list[i] === v), 'data-first': i === 0 && v === 0 ? '' : null,
        'aria-label': `${p} ${what === 'bid' ? 'bids' : 'won'} ${plural(v, 'trick')}`,
        onclick: () => { list[i] = v; save(); redraw(); const b = main.querySelector(`[data-key="${what}-${i}-${v}"]`); if (b) b.focus(); },
      }, String(v))))));

    if (d.step === 'bids') {
      const dealt = h('select', { id: 'cards-dealt', 'aria-label': 'Cards dealt to each player', onchange: () => {
        d.cards = Number(dealt.value); d.bids = d.bids.map((b) => (b !== null && b > d.cards ? null : b)); d.won = d.won.map(() => null); save(); redraw();
      } }, d.cards ? null : h('option', { value: '', selected: true }, '—'),
      Array.from({ length: maxCards }, (_, i) => h('option', { value: i + 1, selected: i + 1 === d.cards }, String(i + 1))));
      if (!d.cards) {
        // Offline, with rules the server has not seen: the keeper says the deal.
        box.append(h('p', { class: 'sk-pending', id: 'cards-unknown' }, 'This phone cannot tell the deal of this round until the server is reached.'),
          h('p', { class: 'row' }, h('label', { for: 'cards-dealt' }, 'Cards dealt to each player: '), dealt), bar(null, () => {}, 'Tricks →', false));
        return h('div', { class: 'sk-wide' }, box, h('aside', {}, totalsStrip(sh)));
      }
      box.append(h('p', { class: 'muted', id: 'bids-note' }, SAY.bids(two)), ...numbers('bid', d.bids),
        h('p', { class: 'row' }, h('label', { for: 'cards-dealt' }, 'Cards dealt (if the deal differed): '), dealt),
        bar(null, () => go('won'), 'Tricks →', d.bids.every((b) => b !== null)));
    } else if (d.step === 'won') {
      const all = d.won.every((b) => b !== null);
      const verdict = h('p', { class: 'sk-check', id: 'tricks-check', role: 'status' }, all ? 'Checking the tricks…' : 'Tap how many tricks each player won.');
      let said = null;
      const fwd = bar('bids', () => said.then((v) => { if (!v || v.ok) go('bonus'); }), 'Captures →', all);
      box.append(h('p', { class: 'muted', id: 'won-note' }, SAY.won(two)), ...numbers('won', d.won), verdict, fwd);
      if (all) {
        // The tricks alone, as the engine sees them at this step.
        const lost = d.cards - d.won.reduce((a, b) => a + b, 0);
        const alone = roundOf({ ...d, bonuses: [], loot: [], wagers: null, cannon: undefined, bonus_points: undefined });
        const whole = roundOf(d);
        said = verdictOf(sh, alone, d.replace, verdict, fwd,
          SAY.tricks(d.cards, lost, two, toNobody(rules)), 'The server checks these tricks once it is reached.')
          .then((v) => (v && v.ok && !sameValue(alone, whole) ? laterEntries(sh, whole, d.replace, verdict, v) : v));
      }
    } else if (d.step === 'bonus') {
      const verdict = h('p', { class: 'sk-check', id: 'events-check', role: 'status' });
      let said = null;
      const fwd = bar('won', () => said.then((v) => { if (!v || v.ok) go('confirm'); }), 'Points →', true);
      box.append(bonusStep(sh, d, rules, save, redraw), verdict, fwd);
      said = verdictOf(sh, roundOf(d), d.replace, verdict, fwd, '', 'The server checks the captures once it is reached.');
    } else {
      box.append(confirmStep(sh, d, n, bar, go));
    }
    return h('div', { class: 'sk-wide' }, box, h('aside', {}, totalsStrip(sh)));
  }

  // ownRounds keeps the round being entered in step with a change this
  // phone made to the rounds itself, which is no other phone's: a new
  // round stays the next one, a correction of a deleted round goes, and a
  // correction of a changed round goes on from the round as it now is.
  function ownRounds(x) {
    const d = x.draft;
    if (!d || !d.round || d.from === undefined) return;
    const now = x.sheet.rounds[d.round - 1] || null;
    if (!d.replace) d.round = x.sheet.rounds.length + 1;
    else if (!now) x.draft = null;
    else d.from = canon(now);
  }

  // clashOf says whether the round being entered here was entered,
  // changed or deleted on another phone meanwhile: whether the draft's
  // round, as the sheet now has it, is still as it was when the draft
  // began (none yet, for a new round). Null when it is, or for a draft
  // from before drafts said their round.
  function clashOf(sh, d) {
    if (!d || !d.round || d.from === undefined) return null;
    const theirs = sh.rounds[d.round - 1] || null;
    if (canon(theirs) === d.from && (d.replace || sh.rounds.length === d.round - 1)) return null;
    return { n: d.round, theirs };
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
      const x = getEntry(key);
      x.draft = null;
      putEntry(x);
      redraw();
      announce('Kept the other phone\'s.');
    };
    // Mine corrects their round with this phone's entry, or enters it as
    // the next round when there is none; either way through the steps,
    // nothing saved until the keeper saves it.
    const mine = () => {
      const x = getEntry(key);
      const dd = x.draft;
      const now = x.sheet.rounds[dd.round - 1];
      if (now) Object.assign(dd, { replace: dd.round, from: canon(now) });
      else Object.assign(dd, { replace: 0, round: x.sheet.rounds.length + 1, from: canon(null), step: 'bids' });
      putEntry(x);
      redraw();
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

  // verdictOf shows the engine's word on the round so far in verdict, and
  // resolves to it: the step goes on (the #next button in fwd) unless the
  // engine refused the round, which marks the button aria-disabled — it
  // stays in the keyboard's reach, and a tap before the answer waits for
  // it. Offline, the engine on the phone gives the same word; only when it
  // cannot start either does the step go on, the server checking the round
  // when the sheet reaches it.
  function verdictOf(sh, round, replace, verdict, fwd, good, offline) {
    const btn = fwd.querySelector('#next');
    return checkRound(sh, round, replace).then((v) => {
      if (!verdict.isConnected) return v;
      verdict.classList.remove('good', 'bad');
      if (!v) { verdict.textContent = offline; return v; }
      verdict.classList.add(v.ok ? 'good' : 'bad');
      verdict.textContent = v.ok ? good : v.error;
      if (!v.ok) { verdict.setAttribute('role', 'alert'); btn.setAttribute('aria-disabled', 'true'); }
      return v;
    });
  }

  // laterEntries shows at the tricks step the engine's word on the whole
  // round when the tricks, fine alone, leave a capture, a wager or an
  // alliance entered at the next step impossible (a trick count changed
  // after them): the keeper sees it where the count changed. The step goes
  // on (tricks resolves to the tricks' own verdict), since the fix may be
  // the captures instead; the Captures step holds the round until it fits.
  function laterEntries(sh, whole, replace, verdict, tricks) {
    return checkRound(sh, whole, replace).then((v) => {
      if (!v || v.ok || !verdict.isConnected) return tricks;
      verdict.classList.replace('good', 'bad');
      verdict.setAttribute('role', 'alert');
      verdict.replaceChildren(v.error, h('small', { class: 'sk-parts' }, 'Change the tricks here, or what was captured on the next step.'));
      return tricks;
    });
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
        case 'fourteen': {
          const c = fourteen(b.suit);
          return c ? [`${p} took `, suitIcon(b.suit), ` ${c.phrase}`] : `${p} took a 14 (${b.suit})`;
        }
        case 'pirate_took_mermaids': return `${p}'s Pirate took ${b.count === 1 ? 'a Mermaid' : plural(b.count, 'Mermaid')}`;
        case 'skull_king_took_pirates': return `${p}'s Skull King took ${plural(b.count, 'Pirate')}`;
        case 'mermaid_took_skull_king': return `${p}'s Mermaid took the Skull King`;
      }
      return `${p}: ${words(CAPTURE_WORDS, b.kind)}`;
    };
    const sayText = (b) => [say(b)].flat().map((x) => (typeof x === 'string' ? x : '')).join('').replace(/ {2}/g, ' ');
    const off = ruleValue(rules, 'bonuses') === false;
    wrap.append(h('p', { class: 'muted' }, 'What was captured, one event per capture. Nothing special? Go on.'),
      h('ul', { class: 'sk-events', id: 'events' }, d.bonuses.length ? d.bonuses.map((b, k) => h('li', {}, h('span', {}, say(b)),
        h('button', { type: 'button', 'aria-label': 'Remove: ' + sayText(b), onclick: () => { d.bonuses.splice(k, 1); save(); redraw(); } }, '✕')))
        : h('li', { class: 'muted' }, 'No captures yet.')));
    if (off) wrap.append(h('p', { class: 'muted' }, 'Bonuses are off in these rules.'));
    else if (!info) wrap.append(h('p', { class: 'sk-pending' }, 'Captures can be added once the server has been reached: the round can be corrected then.'));
    // Loot, wagers and cannon loads below are asked for even when no capture can be.
    else if (winners.length) addCapture(wrap, sh, d, pick, btn, winners, sayText, save, redraw);
    moduleEntries(wrap, sh, d, rules, btn, winners, save, redraw);
    return wrap;
  }

  // fourteen is the 14 of a suit as the server names it, null if unknown.
  function fourteen(suit) {
    const k = info && info.bonus_kinds.find((x) => x.kind === 'fourteen');
    return (k && (k.cards || []).find((c) => c.suit === suit)) || null;
  }

  // addCapture is the three taps of one capture: who, what, which or how
  // many — the kinds, the 14s and the counts as the server lists them.
  function addCapture(wrap, sh, d, pick, btn, winners, sayText, save, redraw) {
    const add = (b) => { d.bonuses.push({ seat: pick.seat, ...b }); d.pick = {}; save(); redraw(); announce(sayText(d.bonuses[d.bonuses.length - 1])); };
    wrap.append(h('h3', {}, 'Add a capture'),
      h('div', { class: 'sk-pick', role: 'group', 'aria-label': 'Who won the trick' }, winners.map((i) =>
        btn('bw-' + i, sh.players[i], pick.seat === i, () => { pick.seat = i; pick.kind = null; save(); redraw(); }))));
    if (pick.seat === undefined || pick.seat === null) return;
    wrap.append(h('div', { class: 'sk-pick', role: 'group', 'aria-label': 'What they took' }, info.bonus_kinds.map((k) =>
      btn('bk-' + k.kind, words(CAPTURE_WORDS, k.kind), pick.kind === k.kind, () => {
        if (!k.cards && !k.max) add({ kind: k.kind }); else { pick.kind = k.kind; save(); redraw(); }
      }))));
    const kind = info.bonus_kinds.find((k) => k.kind === pick.kind);
    if (kind && kind.cards) {
      wrap.append(h('div', { class: 'sk-pick', role: 'group', 'aria-label': 'Which card' }, kind.cards.map((c) =>
        btn('bs-' + c.suit, [suitIcon(c.suit), ` ${c.phrase}`], false, () => add({ kind: kind.kind, suit: c.suit })))));
    } else if (kind && kind.max) {
      wrap.append(h('div', { class: 'sk-pick', role: 'group', 'aria-label': 'How many' }, Array.from({ length: kind.max }, (_, v) =>
        btn('bc-' + (v + 1), String(v + 1), false, () => add({ kind: kind.kind, count: v + 1 })))));
    }
  }

  // moduleEntries asks for what the modules in play add to a round.
  function moduleEntries(wrap, sh, d, rules, btn, winners, save, redraw) {
    if (ruleValue(rules, 'loot') === true) {
      wrap.append(h('h3', {}, 'Loot alliances'), h('p', { class: 'muted' }, 'Who played a Loot card, and who won that trick.'),
        h('ul', { class: 'sk-events', id: 'loot' }, d.loot.map(([a, b], k) => h('li', {}, `${sh.players[a]} looted with ${sh.players[b]}`,
          h('button', { type: 'button', 'aria-label': 'Remove the alliance', onclick: () => { d.loot.splice(k, 1); save(); redraw(); } }, '✕')))));
      if (!info || d.loot.length < info.max_loot) {
        const a = h('select', { id: 'loot-looter', 'aria-label': 'Played the Loot' }, sh.players.map((p, i) => h('option', { value: i }, p)));
        const b = h('select', { id: 'loot-winner', 'aria-label': 'Won the trick' }, winners.map((i) => h('option', { value: i }, sh.players[i])));
        // Whether the alliance can be is the engine's to say, below.
        wrap.append(h('div', { class: 'row' }, a, ' with ', b, h('button', { type: 'button', id: 'loot-add', onclick: () => {
          d.loot.push([Number(a.value), Number(b.value)]); save(); redraw();
        } }, 'Add alliance')));
      }
    }
    if (ruleValue(rules, 'pirate_abilities') === true && info) {
      const w = d.wagers || sh.players.map(() => 0);
      const who = w.findIndex((x) => x > 0);
      // A change redraws the step, so that the engine's word follows it.
      const update = (ev) => {
        const nw = sh.players.map(() => 0);
        if (sel.value !== '') nw[Number(sel.value)] = Number(amt.value);
        d.wagers = nw;
        save();
        redraw();
        const f = main.querySelector('#' + ev.target.id);
        if (f) f.focus();
      };
      // The seats that won a trick, and the one the round holds a wager of
      // even when its tricks changed since: the select shows what is sent.
      const seats = who >= 0 && !winners.includes(who) ? [...winners, who] : winners;
      const sel = h('select', { id: 'wager-who', 'aria-label': 'Who wagered with Rascal of Roatan', onchange: update },
        h('option', { value: '' }, 'nobody'), seats.map((i) => h('option', { value: i, selected: who === i }, sh.players[i])));
      const amt = h('select', { id: 'wager-amount', 'aria-label': 'Wager', onchange: update },
        info.wagers.filter((v) => v > 0).map((v) => h('option', { value: v, selected: who >= 0 && w[who] === v }, String(v))));
      wrap.append(h('h3', {}, 'Rascal of Roatan\'s wager'), h('div', { class: 'row' }, sel, amt));
    }
    // Cannon loads are of Rascal's scoring, which the engine holds them to.
    if (ruleValue(rules, 'cannon_load') === true && info) {
      const c = d.cannon || sh.players.map(() => info.cannon[0]);
      wrap.append(h('h3', {}, 'Cannon loads'), ...sh.players.map((p, i) => h('div', { class: 'sk-seat', role: 'group', 'aria-label': `${p}'s cannon load` },
        h('span', { class: 'who' }, p), h('div', { class: 'sk-pick' }, info.cannon.map((v) =>
          btn(`cannon-${i}-${v}`, words(CANNON_WORDS, v), c[i] === v, () => { c[i] = v; d.cannon = c; save(); redraw(); }))))));
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
        // Another phone's change may have come in since this screen was
        // drawn: a round it entered or changed is not entered over.
        const now = getEntry(key);
        if (clashOf(now.sheet, now.draft)) { redraw(); return; }
        change((x) => {
          const r = roundOf(x.draft);
          if (x.draft.replace) x.sheet.rounds[x.draft.replace - 1] = r; else x.sheet.rounds.push(r);
          x.draft = null;
        }, `Round ${n} saved.`);
      } }, d.replace ? 'Save the correction' : 'Save round'));
    wrap.append(out, saveBtn());
    const tok = sh.id;
    // Offline, or with changes the server has not had yet: the engine on
    // the phone scores the sheet as it will be sent, this round in it.
    const here = () => {
      const body = sheetBody(sh);
      body.rounds = [...body.rounds];
      if (d.replace) body.rounds[d.replace - 1] = round; else body.rounds.push(round);
      engine().then((score) => {
        const a = worded(score(body));
        if (a.error) refuse(a.error);
        else out.replaceChildren(pointsTable(a.rounds[n - 1]),
          h('p', { class: 'muted', id: 'scored-here' }, 'Worked out on this phone; the server keeps the same points once it is reached.'));
      }).catch(() => out.replaceChildren(h('p', { class: 'sk-pending' }, 'The points will be worked out when the server is reached.')));
    };
    const refuse = (msg) => {
      ok = false;
      out.replaceChildren(h('p', { class: 'sk-check bad', role: 'alert' }, msg));
      wrap.lastChild.replaceWith(saveBtn());
    };
    const pointsTable = (sr) => h('table', { class: 'sk-table' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Bid'), h('th', {}, 'Won'), h('th', {}, 'Points'), h('th', {}, 'Total'))),
      h('tbody', {}, sh.players.map((p, i) => h('tr', {}, h('td', {}, p), h('td', {}, d.bids[i]), h('td', {}, d.won[i]),
        h('td', { 'data-points': i }, signed(sr.points[i]), sr.scores[i].exact ? ' ✓' : ' ✗',
          h('small', { class: 'sk-parts' }, scoreParts(sr.scores[i]))), h('td', {}, sr.totals[i]))),
      graybeardRow(sh, sr, ruleAt(sh, n), 5)));
    if (!tok || getEntry(key).dirty) {
      here();
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
            'This sheet was changed on another phone meanwhile: saving merges the two, and asks only if both entered this round.'));
          return;
        }
      }
      if (r.status === 200) out.replaceChildren(pointsTable(r.data.round));
      else refuse((r.data && r.data.error) || 'This round cannot be scored.');
    }).catch(() => here()); // no answer from the server: the phone's points
    return wrap;
  }

  function finished(sh) {
    const sc = sh.score;
    const win = sc && sc.winners ? names(sc.winners.map((i) => sh.players[i])) : '';
    return h('section', { class: 'panel', id: 'game-over' }, h('h2', {}, 'Game over'),
      win ? h('p', { class: 'big' }, `${win} ${sc.winners.length > 1 ? 'share the victory' : 'wins'}!`) : null,
      totalsStrip(sh), h('p', { class: 'muted' }, 'Tap a round under Totals to correct it.'));
  }

  // changeRules asks the engine what changing the rules to o (apply as
  // PUT …/rules takes it) would make of the sheet, then makes the change
  // at once when it removes nothing, else asks the keeper first.
  async function changeRules(o, apply) {
    rulesBusy = true;
    rulesNote = null;
    rulesAsk = null;
    redraw(); // the status line says the change is being checked
    const asked = canon(rulesPart(getEntry(key).sheet));
    const a = await checkRules(getEntry(key).sheet, o, apply);
    rulesBusy = false;
    if (!alive) return;
    if (!a) rulesNote = { refused: 'Neither the server nor the engine on this phone can be reached to say what the change does. Try again once online.' };
    else if (!a.ok) rulesNote = { refused: a.error };
    else if (a.answer.removed.length) rulesAsk = { answer: a.answer, asked };
    else { makeRules(a.answer, asked); return; }
    redraw();
    // Focus goes where the answer is: the keeper's choice, or the refusal
    // (a paragraph, focusable for this alone).
    const f = main.querySelector(rulesAsk ? '#rules-remove' : '#rules-refused');
    if (f && !rulesAsk) f.setAttribute('tabindex', '-1');
    if (f) f.focus();
  }

  // makeRules puts the engine's answer into the sheet, keeping the sheet as
  // it was for Undo. The answer is of the sheet as it was asked about
  // (asked); if the sheet moved on meanwhile, nothing is changed.
  function makeRules(answer, asked) {
    const x = getEntry(key);
    rulesAsk = null;
    if (canon(rulesPart(x.sheet)) !== asked) {
      rulesNote = { refused: 'The sheet changed meanwhile. Choose "Change the rules" again.' };
      redraw();
      return;
    }
    formRules = null;
    rulesNote = { undo: JSON.parse(JSON.stringify({ ...rulesPart(x.sheet), score: x.sheet.score })), removed: answer.removed,
      after: canon(rulesPart(answer)) };
    change((y) => {
      Object.assign(y.sheet, { options: answer.options, rule_changes: answer.rule_changes, rounds: answer.rounds, score: answer.score });
      ownRounds(y);
    }, answer.removed.length ? 'Rules changed; the entries listed were removed.' : 'Rules changed.');
  }

  // confirmRemoval lists what the change waiting for the keeper's yes
  // would remove, round by round, and asks.
  function confirmRemoval(sh) {
    const { answer, asked } = rulesAsk;
    return h('div', { class: 'panel', id: 'rules-confirm', role: 'alert' },
      h('p', {}, `These rules have no use for ${answer.removed.length === 1 ? 'this entry' : 'these entries'}, so changing them removes:`),
      h('ul', { id: 'rules-removed' }, answer.removed.map((r) => h('li', { 'data-round': r.round, 'data-kind': r.kind }, removalText(sh, r)))),
      h('p', { class: 'muted' }, 'Undo puts them back.'),
      h('div', { class: 'sk-bar' },
        h('button', { type: 'button', id: 'rules-keep', onclick: () => { rulesAsk = null; redraw(); announce('The rules were not changed.'); } }, 'Keep the rules as they are'),
        h('button', { type: 'button', class: 'primary', id: 'rules-remove', onclick: () => makeRules(answer, asked) }, 'Change the rules and remove them')));
  }

  // undoPanel offers to take back the last change of rules, while the
  // sheet is still as that change left it: the rules and the entries it
  // removed come back as they were.
  function undoPanel(sh) {
    const note = rulesNote;
    if (!note || !note.undo || canon(rulesPart(sh)) !== note.after) return null;
    return h('div', { id: 'rules-undo', class: 'row' },
      h('p', {}, 'The rules were changed.', note.removed.length ? ` Removed: ${note.removed.map((r) => removalText(sh, r)).join('; ')}.` : ''),
      h('button', { type: 'button', id: 'undo-rules', onclick: () => {
        rulesNote = null;
        change((y) => { Object.assign(y.sheet, JSON.parse(JSON.stringify(note.undo))); ownRounds(y); }, 'The change of rules was undone.');
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
    const rules = rulesForm(formRules || currentRules(sh));
    const whole = h('input', { type: 'radio', name: 'apply', id: 'apply-whole', checked: !applyNext, onchange: () => { applyNext = false; } });
    const nextR = h('input', { type: 'radio', name: 'apply', id: 'apply-next', checked: applyNext, onchange: () => { applyNext = true; } });
    // A local change the server refused is not the sheet's: the rules shown
    // are those the server keeps.
    const real = e.error && e.base ? e.base : sh;
    const entered = (real.rounds || []).length;
    const last = real.score && real.score.over && entered ? entered : entered + 1;
    const at = rulesRound && rulesRound <= last ? rulesRound : last;
    const inForce = h('div', {}, rulesInForce(ruleAt(real, at), rulesFrom(real, at), at, at <= entered));
    const picker = h('select', { id: 'rules-round', 'aria-label': 'The rules of round', onchange: () => {
      // Only the list of rules is drawn again: the form below keeps what
      // is chosen in it.
      rulesRound = Number(picker.value);
      inForce.replaceChildren(rulesInForce(ruleAt(real, rulesRound), rulesFrom(real, rulesRound), rulesRound, rulesRound <= entered));
    } }, Array.from({ length: last }, (_, k) => h('option', { value: k + 1, selected: k + 1 === at }, `Round ${k + 1}${k + 1 > entered ? ' (next)' : ''}`)));
    const refusal = rulesNote && rulesNote.refused ? `The rules were not changed. ${rulesNote.refused}`
      : e.error && e.base ? `The server refused this phone's changes, so the rules are still those it keeps. ${e.error}` : null;
    box.append(h('section', { class: 'panel', 'aria-labelledby': 'in-force-h' }, h('h2', { id: 'in-force-h' }, 'Rules in force'),
      refusal ? h('p', { class: 'sk-check bad', id: 'rules-refused', role: 'alert' }, refusal) : null,
      undoPanel(sh),
      h('label', { class: 'row', for: 'rules-round' }, h('span', {}, 'Show the rules of '), picker),
      inForce));
    const ask = () => {
      const o = rules.read();
      if (!o) return;
      formRules = o;
      changeRules(o, nextR.checked && sh.rounds.length > 0 ? 'next_round' : 'whole_game');
    };
    box.append(h('section', { class: 'panel' }, h('h2', {}, 'House rules'),
      h('p', { class: 'muted' }, 'Changed your mind about a rule? Choose the rules, then whether they score the whole game or only the rounds to come.'),
      rules.el,
      h('fieldset', {}, h('legend', {}, 'Apply to'),
        h('label', { class: 'opt' }, whole, h('span', {}, 'The whole game (rescore every round)')),
        h('label', { class: 'opt' }, nextR, h('span', {}, 'The next round on (rounds entered keep their points)'))),
      h('button', { type: 'button', id: 'apply-rules', disabled: rulesBusy, onclick: ask }, 'Change the rules'),
      rulesAsk ? confirmRemoval(sh) : null));
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
  // The option table, fresh from the server; a page that had none draws
  // again with it.
  const had = info;
  rulesInfo().then((x) => { if (!had && x) redraw(); });
  const retry = async () => { await syncAll(); if (main.isConnected) refresh(); };
  window.addEventListener('online', retry);
  const every = setInterval(() => { const e = getEntry(key); if (e && e.dirty && !e.conflict) retry(); }, 15000);
  leave = () => {
    alive = false;
    if (watch) watch.stop();
    window.removeEventListener('online', retry);
    clearInterval(every);
    main.removeEventListener('touchstart', onStart);
    main.removeEventListener('touchend', onEnd);
  };
  // Drawing starts the live questions, whose first answer brings what
  // other phones changed since this one last had the sheet.
  draw();
  const first = main.querySelector('[data-first]');
  if (first) first.focus({ preventScroll: true });
  // This phone's own changes, waiting to be sent, go first.
  const e = getEntry(key);
  if (e && e.dirty) retry();
}

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

// currentRules are the rules in force for the next round, as this phone
// holds the sheet (changes made offline included).
function currentRules(sh) {
  return ruleAt(sh, (sh.rounds || []).length + 1);
}

function ruleAt(sh, n) {
  let o = sh.options || {};
  for (const c of sh.rule_changes || []) if (c.from_round <= n) o = c.options;
  return o;
}

// rulesFrom is the round from which the rules of round n apply.
function rulesFrom(sh, n) {
  let from = 1;
  for (const c of sh.rule_changes || []) if (c.from_round <= n) from = c.from_round;
  return from;
}

// renameProblem is what the server would refuse in a new title and names
// (docs/scorekeeper-api.md, Sheet): {text, seat}, seat undefined for the
// title; null when all is well. Checked here so that a refusal reads as a
// sentence at once, offline too, and leaves the sheet as it was.
function renameProblem(want, was) {
  const tooLong = (s, max) => [...s].length > max;
  const control = /\p{Cc}/u;
  if (tooLong(want.title, MAX_TITLE)) return { text: `The title has ${[...want.title].length} characters: at most ${MAX_TITLE}.` };
  if (control.test(want.title)) return { text: 'The title holds a character that cannot be shown.' };
  const seen = new Map();
  for (const [i, p] of want.players.entries()) {
    if (!p) return { seat: i, text: `Seat ${i + 1} (${was[i]}) needs a name.` };
    if (tooLong(p, MAX_NAME)) return { seat: i, text: `${p} has ${[...p].length} characters: a name has at most ${MAX_NAME}.` };
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

// checkRules asks what changing sheet sh's rules to o would make of it, as
// PUT …/rules would change it (apply 'whole_game' or 'next_round'): {ok:
// true, answer} with the rules, rounds and score after the change and the
// entries it removes; {ok: false, error} with the sentence of a refusal;
// null when nothing can answer. What a change drops is the engine's to say,
// never this page's: the server answers (POST /api/sheets/check-rules), and
// offline the engine built into the page answers the same call.
async function checkRules(sh, o, apply) {
  const sheet = { players: sh.players, options: sh.options || {}, rule_changes: sh.rule_changes || [], rounds: sh.rounds || [] };
  const req = { sheet, options: o, apply };
  let r;
  try { r = await api('POST', '/api/sheets/check-rules', req); } catch { r = null; }
  if (r && r.status === 200 && r.data) return { ok: true, answer: r.data };
  if (r && r.data && r.data.error) return { ok: false, error: r.data.error };
  if (r) return null;
  let a;
  try { const eng = await engine(); if (!eng.checkRules) return null; a = worded(eng.checkRules(req)); } catch { return null; }
  if (a.removed && !a.error) return { ok: true, answer: a };
  if (a.error) return { ok: false, error: a.error };
  return null;
}

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

// rulesPart is what a change of rules touches of a sheet: its rules and
// its rounds (entries dropped), all an undo puts back.
function rulesPart(sh) {
  return { options: sh.options || {}, rule_changes: sh.rule_changes || [], rounds: sh.rounds || [] };
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
  const two = sh.players.length === 2; // Graybeard's column: the tricks he won
  const rows = sh.rounds.map((r, k) => {
    const sr = sc.rounds[k];
    return h('tr', { tabindex: onRound ? 0 : null, 'data-round': k + 1, 'aria-label': onRound ? `Round ${k + 1}: tap to correct it` : null,
      onclick: onRound ? () => onRound(k + 1) : null,
      onkeydown: onRound ? (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); onRound(k + 1); } } : null },
    h('th', { scope: 'row' }, `${k + 1}${sr && sr.tiebreak ? ' (tiebreak)' : ''}`, roundRules(sh, k + 1)),
    sh.players.map((_, i) => h('td', { 'data-seat': i, title: sr && sr.scores ? scoreParts(sr.scores[i]) : null }, `${r.bids[i]}/${r.won[i]} `,
      sr ? h('b', { class: 'pts' }, String(sr.points[i])) : h('span', { class: 'sk-pending' }, '…'))),
    two ? h('td', { class: 'sk-graybeard', 'data-graybeard': k + 1 }, sr ? `won ${graybeardTricks(sr)}` : h('span', { class: 'sk-pending' }, '…')) : null);
  });
  const view = { seats: sh.players.map((name) => ({ name })), results: sc.rounds };
  return h('div', {},
    totalsStrip(sh),
    h('section', { class: 'panel' }, h('h2', {}, 'Rounds'),
      h('p', { class: 'muted' }, 'Bid/won and points. ', two ? SAY.graybeard + ' ' : '', onRound ? 'Tap a round to correct it.' : ''),
      h('div', { class: 'sk-scroll', tabindex: 0, 'aria-label': 'Rounds table, scrolls sideways when wide' }, h('table', { class: 'sk-table', id: 'rounds-table' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Round'), sh.players.map((p) => h('th', { scope: 'col' }, p)),
          two ? h('th', { scope: 'col', class: 'sk-graybeard' }, 'Graybeard') : null)),
        h('tbody', {}, rows)))),
    h('section', { class: 'panel' }, h('h2', {}, 'Totals by round'), chart(view)));
}

// toNobody says whether rules let a trick go to no hand at all: the Kraken
// destroys one, the White Whale may leave one without a number to win it.
function toNobody(rules) { return !!(ruleValue(rules || {}, 'kraken') || ruleValue(rules || {}, 'white_whale')); }

// graybeardTricks are the tricks of scored round sr that no player won: at
// two players, Graybeard's (or, with the Kraken or the White Whale, nobody's).
function graybeardTricks(sr) { return sr.cards - sr.won.reduce((a, b) => a + b, 0); }

// graybeardRow is Graybeard's line under a two-player round's points (cols
// columns), scored under rules: the tricks he won, and that he never
// scores. Null at more players.
function graybeardRow(sh, sr, rules, cols) {
  if (sh.players.length !== 2) return null;
  return h('tr', { class: 'sk-graybeard', id: 'graybeard-row' }, h('td', {}, 'Graybeard'), h('td', {}, '—'), h('td', {}, String(graybeardTricks(sr))),
    h('td', { colspan: cols - 3 }, SAY.graybeardWon(graybeardTricks(sr), toNobody(rules))));
}

// roundRules says, under round n's number, the rules it was scored under
// where they differ from the first round's; nothing when they do not.
function roundRules(sh, n) {
  const first = sh.options || {}, these = ruleAt(sh, n);
  if (n === 1 || sameRules(first, these)) return null;
  const said = info ? info.options.filter((o) => needsMet(these, o) && !sameValue(ruleValue(these, o.key), ruleValue(first, o.key)))
    .map((o) => `${o.label}: ${valueText(o, ruleValue(these, o.key))}`) : [];
  return h('small', { class: 'sk-round-rules', 'data-rules': n }, said.length ? said.join(' · ') : 'other rules');
}

// ---- following on another phone -----------------------------------------

// follow is a phone holding the follow link: the totals, read-only, kept
// live by the same questions as the keeper's (live).
function follow(token, first) {
  let sh = first;
  let net = 'live';
  // The line saying how current the score shown is: followed live, or
  // as last received while the server cannot be reached.
  const line = () => h('p', { class: net === 'offline' ? 'sk-pending' : 'muted', id: 'following' },
    net === 'offline' ? 'Offline: the score as last received; it follows again once back online' : 'Following live',
    ` · ${plural(sh.rounds.length, 'round')} entered`, sh.score && sh.score.over ? ' · game over' : '');
  const draw = () => {
    main.replaceChildren(h('h1', {}, sh.title || names(sh.players)), line(), totalsScreen(sh, null));
    fitScrollers(main);
  };
  draw();
  const watch = live(token, first.version, {
    sheet: (x) => { sh = x; draw(); announce('The score changed.'); },
    state: (s) => { if (s === net) return; net = s; const old = document.getElementById('following'); if (old) old.replaceWith(line()); },
  });
  leave = watch.stop;
}

installSprite();
rulesInfo(); // the option table, kept for the day this phone is offline
window.addEventListener('online', () => { syncAll(); rulesInfo(); });
// Lets the page open again without the network (sw.js); a browser without
// service workers still keeps every sheet, only not the page itself.
if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sheet/sw.js', { scope: '/sheet' }).catch(() => {});
route();
