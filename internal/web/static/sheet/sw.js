// The score keeper's service worker: it keeps the page, its modules and the
// engine that scores offline, so that a phone that lost the network can
// still open the score keeper (a closed tab, a reload) and score a round.
// The sheets themselves live in local storage.
//
// Network first, the cache only when the network fails, so that a new
// release reaches the phone on its next load; the API is never cached.

const CACHE = 'sk-sheet-4';
// The engine (engine.js, its loader and module) is kept with the page: it
// scores the rounds entered offline.
const SHELL = ['/sheet', '/sheet/assets/keeper.js', '/sheet/assets/book.js', '/sheet/assets/keeper.css', '/assets/style.css',
  '/assets/dom.js', '/assets/cards.js', '/assets/sprite.js', '/assets/catalog.js', '/assets/sheet.js', '/assets/icon.svg',
  // keeper.js's modules, each with one job: the page needs every one offline.
  '/sheet/assets/keeper-captures.js', '/sheet/assets/keeper-conflict.js', '/sheet/assets/keeper-entry.js',
  '/sheet/assets/keeper-follow.js', '/sheet/assets/keeper-history.js', '/sheet/assets/keeper-home.js',
  '/sheet/assets/keeper-live.js', '/sheet/assets/keeper-more.js', '/sheet/assets/keeper-names.js',
  '/sheet/assets/keeper-rules.js', '/sheet/assets/keeper-say.js', '/sheet/assets/keeper-sheet.js',
  '/sheet/assets/keeper-store.js', '/sheet/assets/keeper-totals.js',
  '/sheet/assets/engine.js', '/sheet/assets/wasm_exec.js', '/sheet/assets/engine.wasm',
  // The header's language menu (langmenu.js) and the catalogue it reads:
  // its list of languages and English, which every other falls back on.
  '/assets/langmenu.js', '/assets/locale.js', '/locale/index.json', '/locale/en.json'];

// The catalogue's languages are kept too, every one the list names, so
// that the keeper offline speaks the reader's language, even one chosen
// after the install. No list of languages is written here: the
// catalogue's own says them. A language that fails to load leaves the
// page in English offline, never without its worker.
const LOCALE = '/locale/';

async function keep() {
  const c = await caches.open(CACHE);
  await c.addAll(SHELL);
  const index = await (await c.match(LOCALE + 'index.json')).json();
  await Promise.all(index.map((l) => c.add(`${LOCALE}${l.code}.json`).catch(() => {})));
}

self.addEventListener('install', (ev) => {
  ev.waitUntil(keep().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('sk-sheet-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  // Every sheet's address is the same page.
  const key = req.mode === 'navigate' ? '/sheet' : url.pathname;
  ev.respondWith(fetch(req).then((res) => {
    if (res.ok && (req.mode === 'navigate' || SHELL.includes(url.pathname) || url.pathname.startsWith(LOCALE))) {
      const copy = res.clone();
      caches.open(CACHE).then((c) => c.put(key, copy));
    }
    return res;
  }).catch(() => caches.match(key).then((hit) => hit || Response.error())));
});
