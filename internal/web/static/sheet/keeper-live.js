// The sheet as the server has it, the moment it changes: the long poll
// that keeps both links of a sheet live (live), for the keeper's phone as
// for a follower's.

// How long the server holds a question about a sheet, in seconds (it holds
// one 30 s at most: docs/scorekeeper-api.md), and the longest pause, in
// ms, before a question that failed is asked again.
const LIVE_WAIT = 25;
const RETRY_MOST = 15000;

// live follows sheet token as the server has it, for every phone holding
// one of its links: the edit link as the follow link, so that a phone
// entering rounds is never left showing a sheet another phone has moved
// on. It is the API's long poll — GET …?wait= with the version the page
// holds as If-None-Match — which the server answers the moment any phone
// changes the sheet, on whichever server of a cluster (they pass the news
// to each other). on.sheet(sh) gets each sheet newer than version;
// on.state says whether the last question was answered ('live': the page
// holds what the server has) or not ('offline'). The first question after
// a start, a failure or a wake-up is answered at once rather than held,
// so that the page learns promptly whether its copy is current. A failed
// question is asked again after 1 s, then twice as long each time up to
// RETRY_MOST, and at once when the browser says it is back online or the
// page is shown again (a phone taken out of a pocket). Returns {now, stop}:
// now() asks again at once.
export function live(token, version, on) {
  let alive = true;
  let tag = version ? `"${version}"` : null;
  let quick = true;
  let delay = 0;
  let ctrl = null;
  let rest = null; // ends the pause before a failed question is asked again
  const now = () => { quick = true; delay = 0; if (rest) rest(); if (ctrl) ctrl.abort(); };
  const gone = () => { on.state('offline'); now(); };
  const shown = () => { if (!document.hidden) now(); };
  window.addEventListener('online', now);
  window.addEventListener('offline', gone);
  document.addEventListener('visibilitychange', shown);
  (async () => {
    while (alive) {
      const asked = (ctrl = new AbortController());
      try {
        const r = await fetch(`/api/sheets/${token}${quick ? '' : `?wait=${LIVE_WAIT}`}`,
          { headers: tag ? { 'If-None-Match': tag } : {}, signal: asked.signal });
        if (r.status !== 200 && r.status !== 304) throw new Error(String(r.status)); // asked again: no one reads it
        const sh = r.status === 200 ? await r.json() : null;
        if (!alive) return;
        if (sh) { tag = r.headers.get('ETag'); on.sheet(sh); }
        on.state('live');
        quick = false;
        delay = 0;
      } catch {
        if (!alive) return;
        if (asked.signal.aborted && quick) continue; // now(): asked again, not a failure
        on.state('offline');
        quick = true;
        delay = Math.min(RETRY_MOST, delay ? delay * 2 : 1000);
        await new Promise((ok) => { const t = setTimeout(ok, delay); rest = () => { clearTimeout(t); ok(); }; });
        rest = null;
      }
    }
  })();
  const stop = () => {
    alive = false;
    window.removeEventListener('online', now);
    window.removeEventListener('offline', gone);
    document.removeEventListener('visibilitychange', shown);
    if (rest) rest();
    if (ctrl) ctrl.abort();
  };
  return { now, stop };
}
