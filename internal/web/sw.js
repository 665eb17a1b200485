// The site's service worker, served at /sw.js for the scope "/": it keeps
// the app shell — every page, every file the server embeds, the catalogue
// in every language, the manifest — so that the lobby, a table, the rules
// and the score keeper open without the network once visited, and the site
// installs as an app.
//
// The server writes VERSION and SHELL below (webapp.go, worker) from the
// files it embeds: VERSION is a hash of all of them, so any release changes
// this file's bytes and the browser installs the new worker. Each version
// keeps its files in a cache of its own, served cache-first, so a page and
// its modules always come from one release; the new version waits until
// the player reloads (assets/update.js shows the banner), and the old
// caches go when it takes over.

const VERSION = '';
const SHELL = [];

const CACHE = 'sk-site-' + VERSION;
// The client cannot draw a card or a form without these (GET /api: the
// bot levels a game offline may seat too): the network's
// answer when there is one, the last one kept when there is none.
const API = ['/api', '/api/cards', '/api/options'];
const KEPT = new Set(SHELL);

// pageFor is the page a navigation opens, by its address: the same page
// serves every table, review and sheet, which read their id from the
// location. An address no page serves is left to the network.
function pageFor(path) {
  if (path === '/' || /^\/t\/[^/]+(\/review)?$/.test(path) || /^\/play\/[^/]+$/.test(path)) return '/';
  if (path === '/rules') return '/rules';
  if (path === '/sheet' || /^\/sheet\/[^/]+$/.test(path)) return '/sheet';
  return '';
}

// keep fetches the whole shell into this version's cache, past the HTTP
// cache, so that a file of an older release is never kept under this one.
async function keep() {
  const c = await caches.open(CACHE);
  await c.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })));
  // The API may not be mounted (a site without a server behind it): the
  // first answer online keeps it then.
  await Promise.all(API.map((url) => c.add(new Request(url, { cache: 'reload' })).catch(() => {})));
}

// No skipWaiting here: a page open on the previous version keeps its
// files until its player reloads (the message below). The first install
// has no previous version to wait for and activates at once.
self.addEventListener('install', (ev) => ev.waitUntil(keep()));

self.addEventListener('activate', (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('sk-site-') && k !== CACHE).map((k) => caches.delete(k))))
    // The first visit is offline-ready without a reload.
    .then(() => self.clients.claim()));
});

self.addEventListener('message', (ev) => {
  if (ev.data && ev.data.type === 'skip-waiting') self.skipWaiting();
});

async function fromShell(key, req) {
  const hit = await (await caches.open(CACHE)).match(key);
  return hit || fetch(req);
}

async function networkFirst(key, req) {
  const c = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok) await c.put(key, res.clone());
    return res;
  } catch (err) {
    const hit = await c.match(key);
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener('fetch', (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== location.origin) return;
  if (req.mode === 'navigate') {
    const page = pageFor(url.pathname);
    if (page) ev.respondWith(fromShell(page, req));
    return;
  }
  if (API.includes(url.pathname)) ev.respondWith(networkFirst(url.pathname, req));
  else if (KEPT.has(url.pathname)) ev.respondWith(fromShell(url.pathname, req));
  // Anything else, the rest of the API above all, goes to the network.
});

// A turn's notification shown through the worker (Chrome on Android, where
// a page may not show one itself): a tap brings back the table's tab, or
// opens the table when its tab is gone.
self.addEventListener('notificationclick', (ev) => {
  ev.notification.close();
  const url = (ev.notification.data && ev.notification.data.url) || '/';
  ev.waitUntil(self.clients.matchAll({ type: 'window' }).then((tabs) => {
    const tab = tabs.find((c) => new URL(c.url).pathname === url);
    return tab ? tab.focus() : self.clients.openWindow(url);
  }));
});
