// The table's keyboard: the shortcuts (the windows, a hint, the end of a
// pause), digits for a bid, and the arrows across the hand and the bids.

import { announce } from './dom.js';

// keys gives the table's context (table.js) its key handler.
export function keys(ctx) {
  const { st, root } = ctx;
  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || !st.info) return;
    const t = e.target;
    if (t && t.closest && t.closest(['input', 'textarea', 'select'].join())) return;
    const v = ctx.live();
    const key = e.key;
    if (key === '?') { e.preventDefault(); ctx.toggleHelp(); return; }
    if (key === 's' || key === 'S') { if (v) { e.preventDefault(); ctx.toggleSheet('sheet'); } return; }
    if (key === 'c' || key === 'C') { if (v) { e.preventDefault(); ctx.toggleSheet('chart'); } return; }
    if (key === 't' || key === 'T') { if (v) { e.preventDefault(); ctx.toggleSheet('tricks'); } return; }
    if (document.querySelector('dialog[open]')) return;
    if (key === 'h' || key === 'H') { e.preventDefault(); ctx.hint(); return; }
    if ((key === 'n' || key === 'N') && st.holding) { e.preventDefault(); ctx.skipPause(); return; }
    if (!v) return;
    if (key === 'Escape' && st.tigress) { st.tigress = null; st.focusNext = 'hand'; ctx.render(); return; }
    const bidding = v.legal.some((a) => a.kind === 'bid');
    if (bidding && /^[0-9]$/.test(key)) {
      e.preventDefault();
      const now = Date.now();
      const joined = now - st.digitAt < 900 ? st.digits + key : key;
      st.digitAt = now;
      const ok = (x) => v.legal.some((a) => a.kind === 'bid' && a.value === x);
      if (ok(Number(joined))) { st.digits = joined; st.bidPick = Number(joined); } else if (ok(Number(key))) { st.digits = key; st.bidPick = Number(key); } else {
        // A digit no bid starts with is refused as the engine would.
        const why = st.words.refusal({ code: 'bid_out_of_range', count: v.cards });
        ctx.showWhy(why);
        announce(why, true);
        return;
      }
      st.why = null;
      ctx.render();
      const c = document.getElementById('bid-confirm');
      if (c) c.focus();
      return;
    }
    const arrows = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -99, End: 99 };
    if (!(key in arrows)) return;
    const inBid = t && t.dataset && t.dataset.group === 'bid';
    const group = inBid ? 'bid' : 'hand';
    const all = [...root.querySelectorAll(`[data-group="${group}"]`)];
    if (!all.length) return;
    e.preventDefault();
    let k = all.indexOf(t);
    if (k < 0) k = Math.max(0, all.findIndex((el) => el.getAttribute('tabindex') === '0'));
    else k = Math.min(all.length - 1, Math.max(0, k + arrows[key]));
    if (group === 'bid') {
      st.bidPick = v.legal.filter((a) => a.kind === 'bid')[k].value;
      ctx.render();
      const el = root.querySelector(`[data-key="bid-${st.bidPick}"]`);
      if (el) el.focus();
    } else {
      all.forEach((el, j) => el.setAttribute('tabindex', j === k ? '0' : '-1'));
      st.handFocus = k;
      all[k].focus();
    }
  }

  return { onKey };
}
