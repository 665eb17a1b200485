// The lobby HTTP API (docs/protocol.md §2) and what the browser remembers:
// the nickname, and one seat token per table so that a reload takes the
// seat back. Tokens stay in local storage; they never go into a URL.

import { limitChars } from './dom.js';
import { t, has } from './locale.js';
import { problemText } from './problem.js';

// api sends a lobby request: {ok, status, data}, data being the answer's
// body (an error's ErrorBody; status 0 when the server was not reached).
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    return { ok: false, status: 0, data: {} };
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok && !data) data = {};
  return { ok: res.ok, status: res.status, data };
}

// refusal is a failed request's answer in the reader's words: the
// server's problem, else what the page knows of the failure.
export function refusal(r) {
  if (r.status === 0) return t('site.unreachable');
  if (r.data && r.data.problem) return problemText(r.data.problem);
  return t('site.status', { Status: String(r.status) });
}

function get(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}
function set(key, value) {
  try {
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
  } catch (e) { /* private mode: the seat lasts as long as the tab */ }
}

export const remember = {
  nick() { return get('sk.nick') || ''; },
  setNick(n) { set('sk.nick', n); },
  seat(id) {
    try { return JSON.parse(get('sk.seat.' + id)); } catch (e) { return null; }
  },
  setSeat(id, seat, token) { set('sk.seat.' + id, JSON.stringify({ seat, token })); },
  dropSeat(id) { set('sk.seat.' + id, null); },
  // The pause after each completed trick: a key of table-pace.js's PAUSES.
  pause() { return get('sk.pause') || ''; },
  setPause(p) { set('sk.pause', p); },
  // Whether the player is told of their turn by a means of table-told.js's
  // TOLD: 'on', 'off', or '' for the means' default.
  told(kind) { return get('sk.told.' + kind) || ''; },
  setTold(kind, on) { set('sk.told.' + kind, on); },
};

// botName is a bot level's friendly name, the catalogue's bot.level.<level>;
// a level the server adds later shows under its own name.
export function botName(level) { return has(`bot.level.${level}`) ? t(`bot.level.${level}`) : level; }

let info = null;
// serverInfo is GET /api, fetched once: the bot levels this server has.
export async function serverInfo() {
  if (!info) {
    const r = await api('GET', '/api');
    info = r.ok ? r.data : { bots: ['random', 'heuristic'] };
  }
  return info;
}

// nickLimit holds a nickname field to the server's limit (max_name of
// GET /api), counted by character as the server counts it. The limit is
// the only rule the page applies: whatever else the server refuses, its
// own sentence says why.
export function nickLimit(input) {
  let max = 0;
  const cut = limitChars(input, () => max);
  serverInfo().then((i) => { max = i.max_name || 0; cut(); });
}

// tableLink is the invite link for a table.
export function tableLink(id) { return `${location.origin}/t/${id}`; }

// parseCode reads a table id from an invite link or a bare code.
export function parseCode(text) {
  let t = (text || '').trim();
  const m = t.match(/\/t\/([A-Za-z0-9]+)/);
  if (m) t = m[1];
  t = t.toLowerCase();
  return /^[a-z0-9]{1,32}$/.test(t) ? t : '';
}
