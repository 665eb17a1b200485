// What a new state changes on the table screen, and the redraw: the
// sentences announced for it (a trick won, bids revealed, whose turn), the
// control the focus goes to when the player's turn comes, the screen built
// whole and put in place of the old one, and where the table is scrolled
// so that the trick in play stays in view.

import { h, announce, toast, keepFocus } from './dom.js';
import { t, n } from './locale.js';
import { Words } from './words.js';
import { trickKey } from './table-pace.js';

// stateView gives the table's context (table.js) its redraw.
export function stateView(ctx) {
  const { st, root, sheetDlg } = ctx;
  // ---- what changed: announcements and focus ---------------------------

  // onState draws the state m on the table; was is the view the player's
  // hand and decisions were drawn from until now (live), which is ahead of
  // the table's when the player acted during a pause.
  function onState(m, was) {
    const prev = st.view;
    const v = m.view;
    const words = Words.forView(v);
    const said = [];
    const sameRound = prev && prev.round === v.round;
    // A hand grows within a round only by Bendt the Bandit's draw: the
    // cards drawn are marked new while they stay in the hand.
    if (sameRound && st.seat >= 0) {
      const had = new Set(prev.hand.map((c) => c.card));
      for (const c of v.hand) if (!had.has(c.card)) st.fresh.add(c.card);
    }
    if (!sameRound) st.fresh.clear();
    for (const c of [...st.fresh]) if (!v.hand.some((x) => x.card === c)) st.fresh.delete(c);
    if (!sameRound) {
      st.bidPick = null; st.tigress = null; st.picked.clear();
      if (prev && v.results.length > prev.results.length) {
        const r = v.results[v.results.length - 1];
        const sc = r.scores && r.scores[st.seat];
        if (st.seat >= 0 && sc) said.push(t('table.round_over.you', { Round: r.round, Score: words.score(sc), Total: r.totals[st.seat] }));
        else said.push(t('table.round_over', { Round: r.round }));
      }
      if (prev && v.tiebreak && v.phase !== 'over') said.push(t('table.tiebreak_dealt'));
    }
    if (st.stoodIn.length && !st.stoodInSaid) { said.push(words.stoodIn(st.stoodIn)); st.stoodInSaid = true; }
    // Every completed trick is announced once, the last of a round too.
    const done = v.last_trick || (v.tricks.length ? v.tricks[v.tricks.length - 1] : null);
    if (prev && done && trickKey(done) !== st.said) said.unshift(words.trick(done));
    if (done) st.said = trickKey(done);
    if (v.last_trick && v.trick.length === 0 && trickKey(v.last_trick) !== st.shown.key) st.shown = { key: trickKey(v.last_trick), at: Date.now() };
    if (prev && sameRound && prev.phase === 'bidding' && v.phase !== 'bidding') {
      const bids = v.seats.filter((s) => !s.graybeard).map((s) => t('table.bids_revealed.item', { Name: s.name, Bid: s.bid }));
      said.push(t('table.bids_revealed', { Bids: bids.join(t('list.comma')) }));
    }
    if (m.event && m.event.seat === st.seat && (m.event.by === 'timer' || m.event.by === 'auto')) {
      toast(m.event.by === 'timer' ? t('table.toast.timer') : t('table.toast.auto'));
    }
    const kinds = new Set(v.legal.map((a) => a.kind));
    const wasMine = was ? was.legal.length > 0 : false;
    if (v.phase === 'over' && (!prev || prev.phase !== 'over')) {
      if (prev) said.push(winnerLine(v));
    } else if (kinds.size && !wasMine) {
      said.push(kinds.has('bid') ? t('table.said.bid', { Round: v.round, Cards: v.cards }) : kinds.has('play') ? t('table.said.turn') : t('table.said.decision'));
      st.focusNext = kinds.has('bid') ? 'bid' : kinds.has('play') ? 'hand' : 'decision';
    } else if (!kinds.size && v.turn >= 0 && (!prev || prev.turn !== v.turn) && v.turn !== st.seat) {
      said.push(t('table.said.turn_of', { Name: ctx.name(v.turn) }));
    }
    if (!kinds.has('play')) st.tigress = null;
    if (!kinds.has('discard')) st.picked.clear();
    st.view = v;
    st.words = words;
    st.deadline = m.deadline || 0;
    // A new decision (the next round's bid, say) is never blocked by the
    // wait for an earlier ack; moves by others leave the wait alone, so a
    // double click cannot send the same card twice.
    if (kinds.size && !wasMine) ctx.unbusy();
    // A reason given under the hand belongs to the turn it was given in.
    if ((kinds.size > 0) !== wasMine) st.why = null;
    render();
    if (said.length) announce(said.join(' '));
  }

  // winnerLine says who won; bare leaves out the "Game over" that a
  // panel headed so says already.
  function winnerLine(v, bare = false) {
    if (!v.winners.length) return t('table.over.said');
    const total = v.seats[v.winners[0]] ? v.seats[v.winners[0]].total : 0;
    const ws = v.winners.map(ctx.name);
    const id = ws.length > 1 ? 'table.over.shared' : 'table.over.won';
    return n(bare ? `${id}.bare` : id, total, { Name: ws[0], Names: st.words.list(ws) });
  }

  // ---- rendering -------------------------------------------------------

  function render() {
    if (st.gone || !st.info) return;
    keepFocus(() => {
      // The screen is built whole before it replaces the old one, so a
      // view that cannot be drawn leaves the last good picture up.
      const screen = st.info.status === 'lobby' || !st.view
        ? (st.info.status === 'lobby' ? ctx.lobbyScreen() : h('p', { class: 'muted' }, t('table.dealing')))
        : ctx.gameScreen();
      document.body.classList.toggle('at-table', Boolean(st.view) && st.info.status !== 'lobby');
      const before = root.querySelector('#stage');
      const scrolled = before ? before.scrollTop : 0;
      root.replaceChildren(screen);
      document.body.classList.toggle('in-game', Boolean(root.querySelector('.game.playing')));
      const stage = root.querySelector('#stage');
      if (stage) placeStage(stage, scrolled);
    }, () => root.querySelector('.hand .card[tabindex="0"]'));
    if (st.focusNext) {
      const a = document.activeElement;
      const free = !a || a === document.body || a === root || (root.contains(a) && !a.closest(['input', 'select', 'textarea', '.chat'].join()));
      if (free && !document.querySelector('dialog[open]')) {
        let el = null;
        if (st.focusNext === 'bid') el = root.querySelector('[data-group="bid"][aria-checked="true"]') || root.querySelector('[data-group="bid"]');
        else if (st.focusNext === 'hand') el = root.querySelector('.hand .card[aria-disabled="false"]');
        else if (st.focusNext === 'felt') el = root.querySelector('.hand .card[aria-disabled="false"]') || root.querySelector('#skip-pause');
        else el = root.querySelector(['.decision', 'button'].join(' '));
        if (el) el.focus({ preventScroll: false });
      }
      st.focusNext = '';
    }
    if (sheetDlg.open) ctx.drawSheet();
    ctx.tickClock();
  }

  // placeStage keeps the table where the player had scrolled it, across
  // redraws. A new round starts at the top, with the round just scored;
  // when the trick changes it is brought into view, whole, with the line
  // that says who won it.
  function placeStage(stage, scrolled) {
    const v = st.view;
    const trickAt = `${v.round}.${v.phase}.${v.trick_no}.${v.trick.length}`;
    if (st.stageRound !== v.round) {
      st.stageRound = v.round;
      st.stageTrick = trickAt;
      stage.scrollTop = 0;
      return;
    }
    stage.scrollTop = scrolled;
    if (st.stageTrick === trickAt) return;
    st.stageTrick = trickAt;
    // Through the bidding the round just scored comes first.
    if (stage.querySelector('.recap')) { stage.scrollTop = 0; return; }
    const f = stage.querySelector('.felt');
    if (!f) return;
    const box = stage.getBoundingClientRect();
    const r = f.getBoundingClientRect();
    // A felt taller than the stage shows from its cards down: the line
    // that names the trick is the one to go.
    const trick = f.querySelector('.trick');
    const top = r.height > box.height && trick ? trick.getBoundingClientRect().top : r.top;
    if (top < box.top) stage.scrollTop -= box.top - top;
    else if (r.bottom > box.bottom) stage.scrollTop += Math.min(r.bottom - box.bottom, top - box.top);
  }

  return { onState, placeStage, render, winnerLine };
}
