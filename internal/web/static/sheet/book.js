// The book's history and statistics as this phone can work them out alone,
// from the sheets it keeps. Online, the page shows the server's figures
// instead (GET /api/sheets/history and /stats, docs/scorekeeper-api.md),
// which also count the sheets of other phones sharing the book; these
// functions compute the same fields the same way, so that the two views
// agree on every game both know.
//
// No points are added here: totals and winners are the server's, as last
// received with each sheet. A sheet whose last rounds the server has not
// scored yet has no known totals and counts nowhere until it has.

import { lang } from '/assets/locale.js';

// nameKey is how the server compares names: a player is the same player
// whatever the case or the spaces around the name.
export function nameKey(name) { return String(name).trim().toLowerCase(); }

// scoreKnown says whether the sheet's score covers every round entered.
export function scoreKnown(sh) {
  return !!sh.score && Array.isArray(sh.score.rounds) && sh.score.rounds.length === (sh.rounds || []).length;
}

// finished is a game the server scored to its end.
function finished(sh) { return scoreKnown(sh) && sh.score.over; }

// summary is one line of history, shaped as the server's SheetSummary, for
// a sheet kept on this phone under key. Totals are null while unknown.
export function summary(key, sh) {
  const known = scoreKnown(sh);
  return {
    id: key, game: sh.game || null, title: sh.title || '', created: sh.created || null, updated: sh.updated || null,
    players: [...sh.players], rounds: (sh.rounds || []).length,
    totals: known ? sh.score.totals : null, over: known && !!sh.score.over, winners: known ? sh.score.winners || [] : [],
  };
}

// newestFirst orders games by when they were started, newest first: a
// rename or a late correction does not make an old game look new. A sheet
// that never reached the server is the newest of all.
export function newestFirst(games) {
  const at = (g) => (g.created ? Date.parse(g.created) : Infinity);
  return [...games].sort((a, b) => at(b) - at(a));
}

// byUpdate orders sheets as the server does for statistics, most recently
// updated first, so that a player's name is the one last written.
function byUpdate(sheets) {
  const at = (sh) => (sh.updated ? Date.parse(sh.updated) : Infinity);
  return [...sheets].sort((a, b) => at(b) - at(a));
}

// playerStats are the server's PlayerStats over the finished sheets given,
// most games first, then by name. A game kept twice (imported again, both
// kept) counts once, as its most recently updated copy: the sheets of one
// game share its game id.
export function playerStats(sheets) {
  const by = new Map();
  const counted = new Set();
  for (const sh of byUpdate(sheets).filter(finished)) {
    if (sh.game && counted.has(sh.game)) continue;
    if (sh.game) counted.add(sh.game);
    sh.players.forEach((name, seat) => addGame(by, name, seat, sh));
  }
  const out = [...by.values()].map(finish);
  out.sort((a, b) => b.games - a.games || (nameKey(a.name) < nameKey(b.name) ? -1 : nameKey(a.name) > nameKey(b.name) ? 1 : 0));
  return out;
}

// addGame counts one finished game for the player at seat.
function addGame(by, name, seat, sh) {
  const k = nameKey(name);
  const total = sh.score.totals[seat];
  let st = by.get(k);
  if (!st) {
    st = { name, games: 0, wins: 0, total_score: 0, best_score: total, rounds: 0, exact_bids: 0, zero_bids: 0, zero_made: 0 };
    by.set(k, st);
  }
  st.games++;
  if ((sh.score.winners || []).includes(seat)) st.wins++;
  st.total_score += total;
  st.best_score = Math.max(st.best_score, total);
  for (const r of sh.rounds) {
    st.rounds++;
    if (r.bids[seat] === r.won[seat]) st.exact_bids++;
    if (r.bids[seat] === 0) {
      st.zero_bids++;
      if (r.won[seat] === 0) st.zero_made++;
    }
  }
}

// finish adds the ratios, as the server writes them (zero_success is null
// without a zero bid).
function finish(st) {
  return {
    ...st,
    average_score: st.total_score / st.games,
    bid_accuracy: st.rounds ? st.exact_bids / st.rounds : 0,
    zero_success: st.zero_bids ? st.zero_made / st.zero_bids : null,
  };
}

// percent writes a ratio (0..1) as a whole percentage, the reader's
// language's way ("50%", "50 %").
export function percent(x) { return new Intl.NumberFormat(lang(), { style: 'percent', maximumFractionDigits: 0 }).format(x); }

// mean writes an average score: whole, or to one decimal ("12.5", "12,5").
export function mean(x) { return new Intl.NumberFormat(lang(), { maximumFractionDigits: 1, minimumFractionDigits: Number.isInteger(x) ? 0 : 1 }).format(x); }
