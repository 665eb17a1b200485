// The browser client's entry point: it picks the screen from the location
// ("/" the lobby, "/t/{id}" a table or its seat picker) and keeps
// navigation inside the page, so moving between screens never reloads.

import { installSprite } from './cards.js';
import { showLobby } from './lobby.js';
import { openTable } from './table.js';

let leave = null; // the current screen's clean-up

export function navigate(path, replace = false) {
  if (replace) history.replaceState(null, '', path); else history.pushState(null, '', path);
  route();
}

function route() {
  if (leave) { leave(); leave = null; }
  const main = document.getElementById('main');
  main.replaceChildren();
  const m = location.pathname.match(/^\/t\/([a-z0-9]+)\/?$/i);
  if (m) leave = openTable(main, m[1].toLowerCase(), navigate);
  else leave = showLobby(main, navigate);
}

document.addEventListener('click', (e) => {
  const a = e.target.closest && e.target.closest('a[data-nav]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', route);

installSprite();
route();
