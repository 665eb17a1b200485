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
//
// This file is the page's entry point: it picks the screen from the
// location and keeps navigation inside the page. The page's context (page:
// the main element, route, navigate, and the current screen's clean-up)
// is handed to the screens, each in a module with one job:
//   keeper-store.js     local storage, the API, sync, the engine's word
//   keeper-live.js      the long poll that keeps a sheet live
//   keeper-rules.js     the option table: rules in force, the rules form
//   keeper-say.js       the words of codes and counts the page says
//   keeper-home.js      the sheets on this phone, import, a new sheet
//   keeper-history.js   history and statistics
//   keeper-sheet.js     a sheet on the keeper's phone: state, sync, tabs
//   keeper-entry.js     the steps of entering a round
//   keeper-captures.js  the Captures step
//   keeper-conflict.js  changes of two phones to choose between
//   keeper-names.js     the title and the players' names
//   keeper-more.js      the Rules & share screen: rules, follow link, export
//   keeper-totals.js    totals, the rounds table and the chart
//   keeper-follow.js    a sheet followed, read-only, on another phone

import { router } from '/assets/dom.js';
import { loadLocale } from '/assets/locale.js';
import { installSprite } from '/assets/cards.js';
import { syncAll } from './keeper-store.js';
import { rulesInfo } from './keeper-rules.js';
import { home, newSheet } from './keeper-home.js';
import { historyScreen } from './keeper-history.js';
import { openSheet } from './keeper-sheet.js';

const main = document.getElementById('main');
// page is what every screen is handed: leave is the current screen's
// clean-up (a follower's poll).
const page = { main, leave: null, route, navigate: null };

// ---- routing ----------------------------------------------------------

function route() {
  if (page.leave) { page.leave(); page.leave = null; }
  main.replaceChildren();
  const m = location.pathname.match(/^\/sheet\/([a-z0-9-]+)\/?$/i);
  if (m && m[1] === 'new') newSheet(page);
  else if (m && m[1] === 'history') historyScreen(page);
  else if (m) openSheet(page, m[1].toLowerCase());
  else home(page);
}

page.navigate = router(route);

installSprite();
rulesInfo(); // the option table, kept for the day this phone is offline
window.addEventListener('online', () => { syncAll(); rulesInfo(); });
// The page opens again without the network through the site's service
// worker, which assets/update.js (a <script> of the page) registers; a
// browser without service workers still keeps every sheet, only not the
// page itself.
// Every word comes from the catalogue: the first screen waits for it (a
// catalogue out of reach leaves each sentence's id showing, never a blank).
loadLocale().catch(() => {}).then(route);
