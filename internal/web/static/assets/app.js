// The browser client's entry point: it fetches the card catalogue and the
// option table once (every screen draws from them), then picks the screen
// from the location ("/" the lobby, "/t/{id}" a table or its seat picker,
// "/t/{id}/review" the review of a finished game, "/play/{id}" a game on
// this device, local.js)
// and keeps navigation inside the page, so moving between screens never
// reloads.

import { h, router } from './dom.js';
import { installSprite } from './cards.js';
import { loadCatalog } from './catalog.js';
import { showLobby } from './lobby.js';
import { openTable } from './table.js';
import { openReview } from './review.js';
import { t, has } from './locale.js';

let leave = null; // the current screen's clean-up

function route() {
  if (leave) { leave(); leave = null; }
  const main = document.getElementById('main');
  main.replaceChildren();
  const m = location.pathname.match(/^\/t\/([a-z0-9]+)\/?$/i);
  const r = location.pathname.match(/^\/t\/([a-z0-9]+)\/review\/?$/i);
  const here = location.pathname.match(/^\/play\/([a-z0-9]+)\/?$/i);
  if (m) leave = openTable(main, m[1].toLowerCase(), navigate);
  else if (here) leave = openTable(main, here[1].toLowerCase(), navigate, true);
  else if (r) leave = openReview(main, r[1].toLowerCase(), navigate);
  else leave = showLobby(main, navigate);
}

const navigate = router(route);

// start waits for the catalogue; without it no card could be named, so the
// page says so and offers to try again rather than drawing half a table.
async function start() {
  const main = document.getElementById('main');
  try {
    await loadCatalog();
  } catch (e) {
    main.replaceChildren(h('section', { class: 'panel', id: 'no-catalog' },
      h('p', {}, said('site.no_catalog', NO_CATALOG)),
      h('button', { type: 'button', class: 'primary', onclick: start }, said('site.retry', RETRY))));
    return;
  }
  route();
}

// The words of that failure are the one place a page speaks without the
// sentence catalogue: what failed to load may be the catalogue itself
// (locale/*.json comes with the cards and the options), and then only
// these English words are left to say so. This is why app.js is not among
// the scripts held to the catalogue (internal/web/prose_test.go).
const NO_CATALOG = 'The server cannot be reached, so the table cannot be drawn. Check your connection.';
const RETRY = 'Try again';

// said is sentence id of the catalogue, or fallback while it is not loaded.
function said(id, fallback) { return has(id) ? t(id) : fallback; }

installSprite();
start();
