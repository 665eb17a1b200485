// The site's one service worker (/sw.js, scope "/"), registered by every
// page with a <script> of its own: it keeps the whole site for offline use
// and lets it install as an app. A new release installs in the background
// and waits; this module then shows a banner saying a new version is
// ready, and the player's Reload moves every open page to it together —
// never a page of one release with the modules of another.

import { h } from './dom.js';
import { loadLocale, t } from './locale.js';

// banner shows, once, the offer to move to the waiting version.
function banner(waiting) {
  if (document.getElementById('update-banner')) return;
  const reload = h('button', { id: 'update-reload', type: 'button', onclick: () => {
    reload.disabled = true;
    waiting.postMessage({ type: 'skip-waiting' });
  } }, t('site.update.reload'));
  const el = h('div', { id: 'update-banner', class: 'banner', role: 'status' }, t('site.update.ready'), reload);
  const header = document.querySelector('header.top');
  if (header) header.after(el); else document.body.prepend(el);
}

// offer shows the banner once the catalogue is read (or could not be: the
// ids show then, never a blank), for a worker that waits behind the one in
// charge of this page; the first install has no version before it and
// waits for nothing.
function offer(reg, worker) {
  if (!navigator.serviceWorker.controller || !reg.active || reg.waiting !== worker) return;
  loadLocale().catch(() => {}).then(() => banner(worker));
}

// watch follows a worker being installed until it waits.
function watch(reg, worker) {
  if (!worker) return;
  if (worker.state === 'installed') { offer(reg, worker); return; }
  worker.addEventListener('statechange', () => { if (worker.state === 'installed') offer(reg, worker); });
}

// retire unregisters the score keeper's former worker (scope "/sheet"),
// which a phone that used the keeper before this one came may still have:
// it would keep the keeper's pages from this one. Its cache goes with it,
// and a page it controls is opened again, once, under this one.
async function retire(sw) {
  const former = (await sw.getRegistrations()).filter((r) => new URL(r.scope).pathname === '/sheet');
  await Promise.all(former.map((r) => r.unregister()));
  const kept = await caches.keys();
  await Promise.all(kept.filter((k) => k.startsWith('sk-sheet-')).map((k) => caches.delete(k)));
  const ctl = sw.controller && new URL(sw.controller.scriptURL).pathname;
  if (ctl !== '/sheet/sw.js') return false;
  const KEY = 'sk.sw.retired';
  try {
    if (sessionStorage.getItem(KEY)) return false;
    sessionStorage.setItem(KEY, '1');
  } catch (e) {
    return false; // without a way to count, no reload: the next visit is the site's
  }
  location.reload();
  return true;
}

async function start() {
  const sw = navigator.serviceWorker;
  if (await retire(sw)) return;
  // A page opened under a version reloads when another takes over (this
  // page's Reload, or another tab's), so its files are all of one release;
  // the first install takes over a page that had none and needs no reload.
  let controlled = !!sw.controller;
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (!controlled) { controlled = true; return; }
    if (reloading) return;
    reloading = true;
    location.reload();
  });
  const reg = await sw.register('/sw.js', { scope: '/' });
  if (reg.waiting) offer(reg, reg.waiting);
  watch(reg, reg.installing);
  reg.addEventListener('updatefound', () => watch(reg, reg.installing));
  // An app left open for days looks for a release when it is shown again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') reg.update().catch(() => {});
  });
}

// A browser without service workers still runs the site online.
if ('serviceWorker' in navigator) start().catch(() => {});
