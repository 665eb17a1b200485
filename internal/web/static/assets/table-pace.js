// The pace of the table: a completed trick stays on the table, with its
// sentence, until the next trick starts; when the next trick would start
// at once (a bot leads), the states that follow are held for a short pause
// the player can skip or turn off (remembered in local storage). What the
// player did never waits behind that pause: the hand, the turn line and
// the decisions are drawn from the newest state that holds the player's
// own action (live, in table.js), while the trick on the table and the
// other seats show the held states in turn.

import { h } from './dom.js';
import { remember } from './api.js';
import { t } from './locale.js';

// The pauses a player may choose after a completed trick, each with its
// label's sentence: "until I continue" holds the next trick back until
// the player says so.
export const PAUSES = [['off', 'table.pause.off', 0], ['short', 'table.pause.short', 1500], ['long', 'table.pause.long', 3000], ['wait', 'table.pause.wait', Infinity]];
export function pauseMs() {
  const p = PAUSES.find((x) => x[0] === remember.pause());
  return p ? p[2] : PAUSES[1][2];
}
// A decision of the player's own waiting behind the pause shortens it to
// this: the player's turn is never held back for long.
export const DECISION_PAUSE = 1500;

// trickKey names a completed trick: its round and number.
export function trickKey(t) { return t ? `${t.round}.${t.number}` : ''; }

// pacing gives the table's context (table.js) its queue of states.
export function pacing(ctx) {
  const { st } = ctx;
  // holdLeft is how long the state v must wait so that the completed trick
  // on the table now stays in view for the chosen pause: 0 when v still
  // shows that trick or the pause is over (or skipped), Infinity until the
  // player continues. mine says a decision of the player's waits in the
  // queue, which cuts the pause short.
  function holdLeft(v, mine) {
    const on = st.view && st.view.last_trick && st.view.trick.length === 0 ? trickKey(st.view.last_trick) : '';
    if (!on || on !== st.shown.key || trickKey(v.last_trick) === on) return 0;
    const pause = mine ? Math.min(pauseMs(), DECISION_PAUSE) : pauseMs();
    return st.shown.at + pause - Date.now();
  }

  // pump draws the states that came in, in order, holding them while a
  // completed trick's pause runs. Nothing is dropped: the held states are
  // drawn in turn once the pause ends. The player's own action is drawn
  // at once all the same, from the held state that holds it (live), into
  // the hand, the turn line and the decisions.
  function pump() {
    clearTimeout(st.holdTimer);
    while (st.queue.length) {
      // A decision of the player's still to come shortens the pause; one
      // already in a state of their own is in their hands now.
      const mine = st.queue.slice(st.queue.indexOf(st.own) + 1).some((m) => m.view.legal.length > 0);
      const wait = holdLeft(st.queue[0].view, mine);
      if (wait > 0) {
        if (wait !== Infinity) st.holdTimer = setTimeout(pump, wait);
        if (!st.holding || st.holdMine !== mine || st.ownShown !== st.own) {
          // The reason given under the hand belonged to the turn just
          // taken.
          if (st.own && st.ownShown !== st.own) st.why = null;
          st.holding = true; st.holdMine = mine; st.ownShown = st.own;
          ctx.render();
        }
        return;
      }
      const was = ctx.live();
      const m = st.queue.shift();
      if (m === st.own) st.own = null;
      st.ownShown = st.own;
      ctx.onState(m, was);
    }
    if (st.holding) { st.holding = false; st.holdMine = false; ctx.render(); }
  }

  function skipPause() {
    st.shown.at = -Infinity;
    st.focusNext = st.focusNext || 'felt';
    pump();
  }

  // pauseSelect chooses the pause after each completed trick.
  function pauseSelect(elId) {
    const sel = h('select', { id: elId, 'aria-label': t('table.pause.label'), 'data-key': elId,
      onchange: () => { remember.setPause(sel.value); if (!pauseMs()) skipPause(); else pump(); } },
    PAUSES.map(([k, label]) => h('option', { value: k, selected: pauseKey() === k }, t(label))));
    return sel;
  }
  function pauseKey() { return PAUSES.some((p) => p[0] === remember.pause()) ? remember.pause() : PAUSES[1][0]; }

  return { holdLeft, pauseKey, pauseSelect, pump, skipPause };
}
