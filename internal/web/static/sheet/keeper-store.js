// The score keeper's store and its link to the server: the sheets kept in
// local storage (with the round being entered), the API (docs/
// scorekeeper-api.md) and its answers worded as sentences, the sync that
// sends a changed sheet, one at a time, and scores it on the phone while
// the server cannot be reached, and the engine's word on a round or a
// change of rules, asked of the server or, offline, of the engine.

import { capital } from '/assets/dom.js';
import { has, list, n, t } from '/assets/locale.js';
import { engine, engineNow } from '/sheet/assets/engine.js';

const KEY_BOOK = 'sk.score.book';
const KEY_SHEETS = 'sk.score.sheets';
export const KEY_RULES = 'sk.score.rules';
export const KEY_ROSTER = 'sk.score.roster';
// The server's limits on a player's name and a sheet's title, in characters
// (docs/scorekeeper-api.md, Sheet): checked here too, so that a refusal
// reads at once, offline too.
export const MAX_NAME = 40;
export const MAX_TITLE = 100;

// sentence makes a message of the server or of the engine on the phone (a
// refusal worded for the API: "round 3: …") a sentence for the table:
// capitalised and ended.
function sentence(text) {
  const s = capital(String(text).trim());
  return /[.!?…]$/.test(s) ? s : s + '.';
}

// said renders a refusal's catalogue sentence with its facts: Count
// chooses the plural form, a counted fact ({of, count}) is written with
// its noun (result.count.*), a fact that is a sentence ({id, args}) as
// that sentence, and a list of names ({names}) joined the language's way.
function said(id, args) {
  const facts = {};
  for (const [k, v] of Object.entries(args || {})) {
    if (!v || typeof v !== 'object') facts[k] = v;
    else if (v.id) facts[k] = said(v.id, v.args);
    else if (Array.isArray(v.names)) facts[k] = list(v.names);
    else facts[k] = n(`result.count.${v.of}`, v.count);
  }
  return typeof facts.Count === 'number' ? n(id, facts.Count, facts) : t(id, facts);
}

// worded gives an answer's error, if any, as a sentence in the reader's
// language: the catalogue's for its reason (docs/scorekeeper-api.md,
// Errors), in its round, else the answer's own English.
export function worded(data) {
  if (!data || typeof data.error !== 'string') return data;
  if (data.reason && has(data.reason)) {
    const why = said(data.reason, data.args);
    data.error = data.round ? t('result.in_round', { Round: data.round, Reason: why }) : sentence(why);
  } else data.error = sentence(data.error);
  return data;
}

// ---- local storage ----------------------------------------------------

export function readJSON(key, def) {
  try { const v = JSON.parse(localStorage.getItem(key)); return v === null ? def : v; } catch { return def; }
}
export function writeJSON(key, v) { localStorage.setItem(key, JSON.stringify(v)); }

export function hex(n) {
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
export function entries() { return readJSON(KEY_SHEETS, {}); }
export function getEntry(key) { return entries()[key] || null; }
export function putEntry(e) { const all = entries(); all[e.key] = e; writeJSON(KEY_SHEETS, all); }
export function dropEntry(key) { const all = entries(); delete all[key]; writeJSON(KEY_SHEETS, all); }

// ---- the API ----------------------------------------------------------

export class Offline extends Error {}

export async function api(method, path, body, extra = {}) {
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

// sheetBody is what a sheet sends back: the server ignores its own fields.
export function sheetBody(sh) {
  return { version: sh.version, title: sh.title || '', players: sh.players, options: sh.options || {},
    rule_changes: sh.rule_changes || [], rounds: sh.rounds || [] };
}

// synced is an entry for a sheet as the server sent it: nothing to send.
export function synced(key, sh) { return { key, sheet: sh, base: sh, dirty: false }; }

// checkRound is the engine's word on a round as far as it is entered, as
// round replace of sheet sh (0: the next round): {ok: true, round} with
// the round scored, {ok: false, error, round} with the engine's sentence
// and the round it is about, or null when nothing can answer (offline).
// One call from the sheet and the round to the sentence, holding no rule:
// the server answers it (POST /api/sheets/check), and offline the engine
// built into the page (engine.js) answers the same call.
export async function checkRound(sh, round, replace) {
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
export function sync(key) {
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
    e.error = (r.data && r.data.error) || t('keeper.server_answered', { Status: String(r.status) });
    e.errorRound = r.data && r.data.round;
  }
  putEntry(e);
  return e;
}

// scoreHere scores a sheet the server has not had yet with the engine on
// the phone, so that its totals and the next round's deal show offline as
// the server will score them. A sheet the engine refuses keeps its last
// score, shown pending, for the server to say why once it is reached.
export async function scoreHere(key) {
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

// scoreNow is the score of sheet sh as it is, by the engine on the phone
// when it runs already and takes the sheet; else null.
export function scoreNow(sh) {
  const eng = engineNow();
  if (!eng) return null;
  try { const a = eng(sheetBody(sh)); return a && !a.error ? a : null; } catch { return null; }
}

export async function syncAll() {
  for (const k of Object.keys(entries())) await sync(k);
}

// checkRules asks what changing sheet sh's rules to o would make of it, as
// PUT …/rules would change it (apply 'whole_game' or 'next_round'): {ok:
// true, answer} with the rules, rounds and score after the change and the
// entries it removes; {ok: false, error} with the sentence of a refusal;
// null when nothing can answer. What a change drops is the engine's to say,
// never this page's: the server answers (POST /api/sheets/check-rules), and
// offline the engine built into the page answers the same call.
export async function checkRules(sh, o, apply) {
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
