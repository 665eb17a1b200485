// The score keeper's former service worker (scope "/sheet"), replaced by
// the site's own (/sw.js, scope "/", which covers the keeper too). A phone
// that installed this one fetches this file on its next visit: it takes
// over at once, drops the former worker's cache and unregisters, so the
// site's worker, which the page registers, answers from then on.
self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('sk-sheet-')).map((k) => caches.delete(k))))
    .then(() => self.registration.unregister()));
});
