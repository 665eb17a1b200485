// The browser client's entry point: it fetches the card catalogue and the
// option table once (every screen draws from them), then picks the screen
// from the location ("/" the lobby, "/t/{id}" a table or its seat picker,
// "/t/{id}/review" the review of a finished game)
// and keeps navigation inside the page, so moving between screens never
// reloads.

import { h, router } from './dom.js';
import { installSprite } from './cards.js';
import { loadCatalog } from './catalog.js';
import { showLobby } from './lobby.js';
import { openTable } from './table.js';
import { openReview } from './review.js';

let leave = null; // the current screen's clean-up

function route() {
  if (leave) { leave(); leave = null; }
  const main = document.getElementById('main');
  main.replaceChildren();
  const m = location.pathname.match(/^\/t\/([a-z0-9]+)\/?$/i);
  const r = location.pathname.match(/^\/t\/([a-z0-9]+)\/review\/?$/i);
  if (m) leave = openTable(main, m[1].toLowerCase(), navigate);
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
      h('p', {}, 'The server cannot be reached, so the table cannot be drawn. Check your connection.'),
      h('button', { type: 'button', class: 'primary', onclick: start }, 'Try again')));
    return;
  }
  route();
}

installSprite();
start();
